// An error answer of the service read into a `ServiceError`: the spec's problem document,
// the real service's `{ error, message }`, or the status alone; `Retry-After` in ms.
import * as z from 'zod/mini';
import { ServiceError } from './errors.js';
import { MAX_BODY_CHARS, MAX_JSON_DEPTH, errorMessageOf, nestsDeeperThan } from '../schemas/normalize.js';
import { Problem } from '../schemas/service.js';

/** Milliseconds of a `Retry-After` header (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The error an answer with an error status is turned into, with the most specific words it carries. */
export function serviceErrorOf(path: string, response: Response, text: string): ServiceError {
  let problem: z.infer<typeof Problem> | undefined;
  let said: string | undefined;
  try {
    const json: unknown = text.length <= MAX_BODY_CHARS ? JSON.parse(text) : undefined;
    if (!nestsDeeperThan(json, MAX_JSON_DEPTH)) {
      const r = z.safeParse(Problem, json);
      if (r.success) problem = r.data;
      // The real service's errors: `{ error, message }`.
      else said = errorMessageOf(json);
    }
  } catch {
    // not JSON: the status speaks alone
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const detail =
    problem?.detail ||
    problem?.title ||
    said ||
    (response.status === 429
      ? 'Too many requests to the service'
      : `The service answered ${response.status} ${response.statusText}`.trim());
  return new ServiceError(path, {
    status: response.status,
    detail,
    errors: problem?.errors ?? [],
    ...(problem?.traceId ? { traceId: problem.traceId } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}
