/**
 * Hand-outs: what the widget gave the host (or the user) to sign or send, from the moment
 * it is written to storage (before it is dispatched) until it ends: tracked (a hash came
 * back), rejected (the host's user declined), or revoked (it expired, or the request
 * changed). Written ahead, so that `track(hash)` after a reload (a webview killed while
 * the wallet's signing sheet was open) still finds the quote and the route it answers.
 *
 * Plain TypeScript; the storage is injected.
 */
import type { Route } from '../api/schemas.js';
import type { HandOutSummary, RevokeReason } from '../events.js';
import type { KeyValueStorage } from './swap-store.js';

export type { HandOutSummary, RevokeReason };

export const HANDOUT_KEY = 'swap-widget:hand-out';

export type HandOutKind = 'approve' | 'swap' | 'memo';

export interface HandOutRecord {
  quoteId: string;
  routeIndex: number;
  route: Route;
  /** Chain code the transaction is sent on. */
  chain: string;
  kind: HandOutKind;
  /** Unix ms. */
  handedOutAt: number;
  /** Unix ms after which it must not be signed (`handOutExpiry`; absent only in records written before it). */
  expiresAt?: number;
  /** Why it ended without a hash, once it did. */
  revoked?: RevokeReason;
}

/** The summary of a route being handed out. */
export function handOutSummary(p: {
  route: Route;
  sellAsset: string;
  sellAmount: string;
  buyAsset: string;
  expected: string;
  minimum: string;
  decimals: number;
  spender?: string;
}): HandOutSummary {
  return {
    provider: p.route.providers.join('->'),
    sellAsset: p.sellAsset,
    sellAmount: p.sellAmount,
    buyAsset: p.buyAsset,
    expectedBuyAmount: p.expected,
    minimumBuyAmount: p.minimum,
    decimals: p.decimals,
    ...(p.spender ? { spender: p.spender } : {}),
  };
}

/**
 * How long a route that says no expiry is handed out for, counted from its quote (ms). The real
 * service's routes may come without `expiration` (dKit's get-quote example has none), and its
 * older documentation asks clients to quote again at least every minute: such a route is quoted
 * again before a hand-out once its quote is a minute old (`MAX_QUOTE_AGE_MS`), and what is
 * handed out of it must not be signed after this.
 */
export const UNDATED_ROUTE_HANDOUT_MS = 10 * 60_000;

/** When a hand-out must no longer be signed: the earliest of its route's (or channel's) expiries, else `UNDATED_ROUTE_HANDOUT_MS` after the quote. */
export function handOutExpiry(quotedAt: number, ...times: (number | undefined)[]): number {
  return earliest(...times) ?? quotedAt + UNDATED_ROUTE_HANDOUT_MS;
}

/** The earliest of the expiries that apply, undefined when none does. */
export function earliest(...times: (number | undefined)[]): number | undefined {
  const known = times.filter((t): t is number => t !== undefined && Number.isFinite(t));
  return known.length ? Math.min(...known) : undefined;
}

function isRecord(v: unknown): v is HandOutRecord {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.quoteId === 'string' &&
    Number.isSafeInteger(r.routeIndex) &&
    typeof r.chain === 'string' &&
    /^[A-Z0-9]{2,12}$/.test(r.chain) &&
    (r.kind === 'approve' || r.kind === 'swap' || r.kind === 'memo') &&
    typeof r.handedOutAt === 'number' &&
    (r.expiresAt === undefined || typeof r.expiresAt === 'number') &&
    (r.revoked === undefined || r.revoked === 'expired' || r.revoked === 'request-changed' || r.revoked === 'rejected') &&
    !!r.route &&
    typeof r.route === 'object' &&
    Array.isArray((r.route as { providers?: unknown }).providers)
  );
}

/**
 * The last hand-out of each service (keyed by the service's identity), in storage when
 * there is one, else in memory. One per service: a new hand-out replaces the last.
 */
export class HandOutStore {
  private memory = new Map<string, HandOutRecord>();

  constructor(private readonly storage: KeyValueStorage | undefined) {}

  /** Writes the hand-out before it is dispatched; true when it reached storage. */
  write(service: string, record: HandOutRecord): boolean {
    this.memory.set(service, record);
    const all = this.readAll();
    all[service] = record;
    return this.save(all);
  }

  /** The last hand-out of this service, ended or not. */
  read(service: string): HandOutRecord | undefined {
    const stored = this.readAll()[service];
    const mine = this.memory.get(service);
    if (!stored || !mine) return stored ?? mine;
    // Another tab's later hand-out wins; so does storage's copy of this one (it may say revoked).
    return stored.handedOutAt >= mine.handedOutAt ? stored : mine;
  }

  /** Marks the last hand-out of this service as revoked (it stays, for a late `track()`). */
  revoke(service: string, reason: RevokeReason): void {
    const record = this.read(service);
    if (record && !record.revoked) this.write(service, { ...record, revoked: reason });
  }

  /** The hand-out was tracked: its swap record now holds it. */
  clear(service: string): void {
    this.memory.delete(service);
    const all = this.readAll();
    if (!(service in all)) return;
    delete all[service];
    this.save(all);
  }

  private readAll(): Record<string, HandOutRecord> {
    let raw: string | null = null;
    try {
      raw = this.storage?.getItem(HANDOUT_KEY) ?? null;
    } catch {
      return {};
    }
    if (!raw) return {};
    try {
      const doc = JSON.parse(raw) as { version?: unknown; handOuts?: unknown };
      if (doc?.version !== 1 || !doc.handOuts || typeof doc.handOuts !== 'object') return {};
      const out: Record<string, HandOutRecord> = {};
      for (const [k, v] of Object.entries(doc.handOuts as Record<string, unknown>)) if (isRecord(v)) out[k] = v;
      return out;
    } catch {
      return {};
    }
  }

  private save(all: Record<string, HandOutRecord>): boolean {
    if (!this.storage) return false;
    try {
      this.storage.setItem(HANDOUT_KEY, JSON.stringify({ version: 1, handOuts: all }));
      return true;
    } catch {
      return false;
    }
  }
}
