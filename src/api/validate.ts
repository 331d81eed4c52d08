// Reading an answer with its zod schema: a failure says where, and a list is read element
// by element so one bad element never hides the rest.
import * as z from 'zod/mini';
import { BadResponseError } from './errors.js';

/** `path: message` lines of a zod error. */
export function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
}

/** Parses each element alone, keeping the valid ones: one bad element never hides the rest. */
export function parseEach<T extends z.ZodMiniType>(schema: T, items: unknown[]) {
  const ok: z.infer<T>[] = [];
  const indexes: number[] = [];
  const dropped: { index: number; message: string; raw: unknown }[] = [];
  items.forEach((item, index) => {
    const r = z.safeParse(schema, item);
    if (r.success) {
      ok.push(r.data);
      indexes.push(index);
    } else dropped.push({ index, message: describeIssues(r.error).slice(0, 5).join('; '), raw: item });
  });
  return { ok, indexes, dropped };
}

/** Validates an answer of `path` with its schema; a failure is a `bad-response` saying where. */
export function parseAnswer<T extends z.ZodMiniType>(path: string, json: unknown, schema: T): z.infer<T> {
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) throw new BadResponseError(path, describeIssues(parsed.error));
  return parsed.data;
}
