/** Answers of the reference service: JSON and problem+json bodies, headers, writing. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod/mini';
import type { Problem } from '../../src/schemas/service.js';

export type ProblemJson = z.input<typeof Problem>;

export interface Reply {
  readonly status: number;
  /** A value sent as JSON, or a string sent as is. */
  readonly body?: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FieldError {
  readonly field: string;
  readonly message: string;
  readonly code: string;
}

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-api-key, api-key, x-ref-fault',
  'access-control-expose-headers':
    'x-api-version, x-api-versions, x-api-deprecated, x-api-sunset-date, warning, retry-after, content-type',
  'access-control-max-age': '600',
};

const PROBLEMS: Readonly<Record<number, { type: string; title: string }>> = {
  400: { type: '/errors/validation-error', title: 'Validation Error' },
  404: { type: '/errors/not-found', title: 'Resource Not Found' },
  405: { type: '/errors/method-not-allowed', title: 'Method Not Allowed' },
  410: { type: '/errors/gone', title: 'Gone' },
  413: { type: '/errors/payload-too-large', title: 'Payload Too Large' },
  429: { type: '/errors/rate-limited', title: 'Too Many Requests' },
  500: { type: '/errors/internal-server-error', title: 'Internal Server Error' },
};

export function traceId(): string {
  return randomBytes(16).toString('hex');
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { status, body, ...(headers ? { headers } : {}) };
}

/** A problem+json answer of the spec's Errors table. */
export function problem(
  status: number,
  instance: string,
  nowMs: number,
  detail?: string,
  extra: { errors?: readonly FieldError[]; headers?: Record<string, string> } = {},
): Reply {
  const p = PROBLEMS[status] ?? { type: '/errors/error', title: 'Error' };
  const body: ProblemJson = {
    type: p.type,
    title: p.title,
    status,
    detail: detail ?? (status === 500 ? 'An unexpected error occurred. Please try again later.' : p.title),
    instance,
    timestamp: new Date(nowMs).toISOString(),
    traceId: traceId(),
    ...(extra.errors ? { errors: extra.errors.map((e) => ({ ...e })) } : {}),
  };
  return {
    status,
    body,
    contentType: 'application/problem+json',
    ...(extra.headers ? { headers: extra.headers } : {}),
  };
}

export function validationProblem(
  instance: string,
  nowMs: number,
  errors: readonly FieldError[],
  detail?: string,
): Reply {
  const text = detail ?? `Request validation failed: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
  return problem(400, instance, nowMs, text, { errors });
}

export function notFound(instance: string, nowMs: number, detail: string): Reply {
  return problem(404, instance, nowMs, detail);
}

type Issue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string; readonly code: string };

/** A readable message for a zod issue (zod/mini ships without locale messages: "Invalid input"). */
function issueMessage(issue: Issue, value: unknown): string {
  const i = issue as Issue & Record<string, unknown>;
  if (i.message && i.message !== 'Invalid input') return i.message;
  switch (i.code) {
    case 'too_big':
      return `must be ${i.inclusive === false ? '<' : '<='} ${String(i.maximum)}`;
    case 'too_small':
      return `must be ${i.inclusive === false ? '>' : '>='} ${String(i.minimum)}`;
    case 'invalid_type':
      return value === undefined ? 'is required' : `must be ${String(i.expected)}`;
    case 'invalid_value':
      return `must be one of ${(i.values as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ') ?? 'the allowed values'}`;
    case 'unrecognized_keys':
      return `unknown field ${(i.keys as string[] | undefined)?.join(', ') ?? ''}`.trim();
    default:
      return i.message || 'is invalid';
  }
}

/** Zod issues as the problem's `errors` list. */
export function fieldErrors(issues: ReadonlyArray<Issue>, input?: unknown): FieldError[] {
  const at = (path: ReadonlyArray<PropertyKey>) =>
    path.reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
      input,
    );
  return issues.map((i) => ({
    field: i.path.map(String).join('.') || 'body',
    message: issueMessage(i, at(i.path)),
    code: i.code,
  }));
}

/** Writes a reply unless the client went away. */
export function send(res: ServerResponse, reply: Reply, base: Readonly<Record<string, string>>): void {
  if (res.destroyed || res.writableEnded) return;
  const isText = typeof reply.body === 'string';
  const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
  const headers: Record<string, string> = { ...base, 'cache-control': 'no-store', ...reply.headers };
  if (reply.body !== undefined) headers['content-type'] = reply.contentType ?? 'application/json; charset=utf-8';
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export class BodyTooLarge extends Error {}

/** The request body as text, at most `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > limit) throw new BodyTooLarge(`body larger than ${limit} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Resolves after `ms` (false), or as soon as the client closes the connection (true).
 * Without `ms` it waits only for the close, at most `maxMs`, then ends the socket.
 */
export function waitOrClose(res: ServerResponse, ms?: number, maxMs = 300_000): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed || res.closed) return resolve(true);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      if (ms === undefined) res.destroy();
      resolve(ms === undefined);
    }, ms ?? maxMs);
    timer.unref?.();
    res.once('close', onClose);
  });
}
