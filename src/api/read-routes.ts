/**
 * Reading the routes of a quote answer without holding the page: each route is read alone
 * (one that does not read is listed as unreadable, never hides the others), the page gets a
 * turn whenever reading has taken a few milliseconds, and only the first `MAX_ROUTES` routes
 * that read are kept. The rest of the answer is counted, not read: an answer of thousands of
 * routes (a hostile or broken service, within the size limit of an answer) costs what its
 * first routes cost, and no user compares more than a few dozen.
 */
import * as z from 'zod/mini';
import { compact, routeProviders } from '../schemas/normalize.js';
import { describeIssues } from './validate.js';
import { Route } from '../schemas/service.js';
import { yieldToPage } from '../util/yield-to-page.js';
import type { Refusal } from '../domain/checks/refusals.js';

/** The most routes of one answer that are kept: the first that read, in the answer's order. */
export const MAX_ROUTES = 50;
/** The most unreadable routes listed beside them; later ones are counted with the unread. */
export const MAX_UNREADABLE = 50;
/**
 * The most values (objects, arrays, strings, numbers...) one route may hold: an honest route
 * holds a few hundred (legs, fees, a transaction). A larger one is unreadable, so reading
 * one route can never be a long task.
 */
export const MAX_ROUTE_VALUES = 5_000;
/** Reading goes on for this long (ms) before the page gets a turn. */
export const SLICE_MS = 8;

export interface UnreadableRoute {
  /** Index in the service's answer. */
  index: number;
  /** The provider names it gives (possibly none). */
  providers: string[];
  message: string;
  /** It read, but the widget cannot carry it out, and why (a provider or chain it does not support). */
  unsupported?: Refusal;
}

export interface ReadRoutes {
  routes: Route[];
  /** For each of `routes`, its index in the answer. */
  indexes: number[];
  /** Unreadable routes, in the answer's order (at most `MAX_UNREADABLE`). */
  dropped: UnreadableRoute[];
  /**
   * Routes of the answer neither kept nor listed: every route after the `MAX_ROUTES`-th that
   * read (not read at all), and unreadable ones beyond `MAX_UNREADABLE`.
   */
  unread: number;
}

/** Whether `value` holds more than `max` values (iterative; stops counting at `max`). */
export function holdsMoreThan(value: unknown, max: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++count > max) return true;
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) for (const c of v) stack.push(c);
    else for (const k in v) stack.push((v as Record<string, unknown>)[k]);
  }
  return false;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** Milliseconds of a monotonic clock (tests pass their own). */
  now?: () => number;
  /** Gives the page a turn (`yieldToPage`; tests count the turns). */
  turn?: (signal?: AbortSignal) => Promise<void>;
}

/** Reads the routes of an answer (the `routes` array, unread), giving the page a turn every `SLICE_MS`. */
export async function readRoutes(raw: readonly unknown[], options: ReadOptions = {}): Promise<ReadRoutes> {
  const now = options.now ?? (() => performance.now());
  const turn = options.turn ?? yieldToPage;
  const out: ReadRoutes = { routes: [], indexes: [], dropped: [], unread: 0 };
  // A long answer was parsed in the task that received it: the page gets a turn first.
  if (raw.length > MAX_ROUTES) await turn(options.signal);
  let sliceStart = now();
  for (let index = 0; index < raw.length; index++) {
    if (out.routes.length >= MAX_ROUTES) {
      out.unread += raw.length - index;
      break;
    }
    if (now() - sliceStart >= SLICE_MS) {
      await turn(options.signal);
      sliceStart = now();
    }
    const item = raw[index];
    const message = holdsMoreThan(item, MAX_ROUTE_VALUES)
      ? `(root): holds more than ${MAX_ROUTE_VALUES} values`
      : undefined;
    const parsed = message === undefined ? z.safeParse(Route, item) : undefined;
    if (parsed?.success) {
      out.routes.push(compact(parsed.data));
      out.indexes.push(index);
    } else if (out.dropped.length >= MAX_UNREADABLE) {
      out.unread += 1;
    } else {
      out.dropped.push({
        index,
        providers: routeProviders(item),
        message: message ?? describeIssues(parsed!.error).slice(0, 5).join('; '),
      });
    }
  }
  return out;
}
