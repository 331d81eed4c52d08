/**
 * Hand-outs as records: each `swap-tx` and `swap-memo` the widget gives out has an id of its own
 * (`handoutId`), is written to storage before it is dispatched, and keeps what a reloaded page
 * needs to go on with it: the quote and route it answers, until when it may be signed, who holds
 * it, and how it ended (a hash came back, or it was revoked and why). So after a reload
 * `rejected()` still revokes it, its expiry still revokes it, a new press revokes it first, and
 * `track(hash, { handoutId })` tracks the swap under the quote it answers; a second, different
 * hash for one hand-out is told apart from its first.
 *
 * Records are kept per service (the `api-url` and key's identity) and per widget (`owner`: the
 * element's `id`, '' without one): two widgets of a page never take each other's hand-outs.
 *
 * Plain TypeScript; the storage is injected.
 */
import type { Route } from '../../schemas/service.js';
import type { HandoutHolder, HandoutKind, OpenHandout } from './flow.js';
import type { RevokeWhy } from './flow.js';
import type { KeyValueStorage } from '../tracking/swap-store.js';

export const HANDOUT_RECORDS_KEY = 'swap-widget:hand-outs';
/** Where the first version kept one hand-out per service (read once, then left alone). */
const V1_KEY = 'swap-widget:hand-out';
/** How many records a service keeps, newest last. */
export const MAX_RECORDS = 20;
/** Records older than this are forgotten (a day: no hash comes back later than that). */
export const RECORD_LIFETIME_MS = 24 * 3600_000;
/** A first version's record had no expiry of its own: this long after it was handed out. */
const V1_EXPIRY_MS = 10 * 60_000;

export interface HandoutRecord extends OpenHandout {
  /** The widget it belongs to: its `id` attribute, '' without one. */
  readonly owner: string;
  readonly route: Route;
  /** Unix ms. */
  readonly handedOutAt: number;
  /** The hash that answered it, once one did. */
  readonly hash?: string;
  /** Why it ended without a hash, once it did. */
  readonly revoked?: RevokeWhy;
}

/** What a hash does to a record: answers it, answers it again (the same hash), or is a second, different one. */
export type Answer =
  | { status: 'answered' | 'again'; record: HandoutRecord }
  | { status: 'second-hash'; record: HandoutRecord }
  | { status: 'unknown' };

/** A hand-out id: 16 random bytes in hex (no `crypto.randomUUID` on plain-http pages). */
export function newHandoutId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const KINDS: readonly HandoutKind[] = ['approve', 'swap', 'memo'];
const HOLDERS: readonly HandoutHolder[] = ['host', 'wallet', 'user'];
const REASONS: readonly RevokeWhy[] = ['expired', 'request-changed', 'rejected'];

function isRecord(v: unknown): v is HandoutRecord {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    /^[\w:.-]{1,100}$/.test(r.id) &&
    typeof r.owner === 'string' &&
    typeof r.quoteId === 'string' &&
    Number.isSafeInteger(r.routeIndex) &&
    typeof r.chain === 'string' &&
    /^[A-Z0-9]{2,12}$/.test(r.chain) &&
    KINDS.includes(r.kind as HandoutKind) &&
    HOLDERS.includes(r.holder as HandoutHolder) &&
    typeof r.handedOutAt === 'number' &&
    typeof r.expiresAt === 'number' &&
    (r.hash === undefined || typeof r.hash === 'string') &&
    (r.revoked === undefined || REASONS.includes(r.revoked as RevokeWhy)) &&
    !!r.route &&
    typeof r.route === 'object' &&
    Array.isArray((r.route as { providers?: unknown }).providers)
  );
}

type Doc = Record<string, HandoutRecord[]>;

export class HandoutRecords {
  /** What could not reach storage (none, or full): the records of this page live here too. */
  private memory: Doc = {};

  constructor(
    private readonly storage: KeyValueStorage | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes a hand-out before it is dispatched; true when it reached storage. */
  write(service: string, record: HandoutRecord): boolean {
    return this.update(service, (list) => [...list.filter((r) => r.id !== record.id), record]);
  }

  get(service: string, id: string): HandoutRecord | undefined {
    return this.list(service).find((r) => r.id === id);
  }

  /** The owner's last hand-out that nothing answered or revoked: what a reloaded widget goes on with. */
  open(service: string, owner: string): HandoutRecord | undefined {
    return this.list(service)
      .filter((r) => r.owner === owner && !r.hash && !r.revoked)
      .at(-1);
  }

  /** The owner's last hand-out, however it ended (a `track(hash)` without an id answers it). */
  last(service: string, owner: string): HandoutRecord | undefined {
    return this.list(service)
      .filter((r) => r.owner === owner)
      .at(-1);
  }

  /** Marks a hand-out revoked (it stays: a late hash for it is still tracked, and told). */
  revoke(service: string, id: string, reason: RevokeWhy): void {
    this.update(service, (list) =>
      list.map((r) => (r.id === id && !r.hash && !r.revoked ? { ...r, revoked: reason } : r)),
    );
  }

  /** A hash came back for the hand-out `id`. */
  answer(service: string, id: string, hash: string): Answer {
    const record = this.get(service, id);
    if (!record) return { status: 'unknown' };
    if (record.hash !== undefined)
      return record.hash.toLowerCase() === hash.toLowerCase()
        ? { status: 'again', record }
        : { status: 'second-hash', record };
    const answered: HandoutRecord = { ...record, hash };
    this.update(service, (list) => list.map((r) => (r.id === id ? answered : r)));
    return { status: 'answered', record: answered };
  }

  /** The service's records, fresh ones only, oldest first. */
  list(service: string): HandoutRecord[] {
    const stored = this.read()[service] ?? [];
    const mine = this.memory[service] ?? [];
    // Storage's copy wins (another tab may have answered or revoked it), unless it lags behind
    // this page's (a write that did not reach a full storage).
    const ended = (r: HandoutRecord) => r.hash !== undefined || r.revoked !== undefined;
    const byId = new Map<string, HandoutRecord>(mine.map((r) => [r.id, r]));
    for (const r of stored) {
      const own = byId.get(r.id);
      if (!own || ended(r) || !ended(own)) byId.set(r.id, r);
    }
    const oldest = this.now() - RECORD_LIFETIME_MS;
    return [...byId.values()].filter((r) => r.handedOutAt >= oldest).sort((a, b) => a.handedOutAt - b.handedOutAt);
  }

  private update(service: string, change: (list: HandoutRecord[]) => HandoutRecord[]): boolean {
    const list = change(this.list(service)).slice(-MAX_RECORDS);
    this.memory[service] = list;
    const doc = this.read();
    doc[service] = list;
    return this.save(doc);
  }

  private read(): Doc {
    const raw = this.getItem(HANDOUT_RECORDS_KEY);
    if (raw === undefined) return this.readV1();
    try {
      const doc = JSON.parse(raw) as { version?: unknown; records?: unknown };
      if (doc?.version !== 2 || !doc.records || typeof doc.records !== 'object') return {};
      const out: Doc = {};
      for (const [service, list] of Object.entries(doc.records as Record<string, unknown>)) {
        if (Array.isArray(list)) out[service] = list.filter(isRecord);
      }
      return out;
    } catch {
      return {};
    }
  }

  /** The first version's one hand-out per service, as records of the widget without an id. */
  private readV1(): Doc {
    const raw = this.getItem(V1_KEY);
    if (raw === undefined) return {};
    try {
      const doc = JSON.parse(raw) as { version?: unknown; handOuts?: Record<string, Record<string, unknown>> };
      if (doc?.version !== 1 || !doc.handOuts || typeof doc.handOuts !== 'object') return {};
      const out: Doc = {};
      for (const [service, v] of Object.entries(doc.handOuts)) {
        const at = typeof v?.handedOutAt === 'number' ? v.handedOutAt : NaN;
        const record = {
          ...v,
          id: `v1:${String(v?.quoteId)}:${String(v?.routeIndex)}:${at}`,
          owner: '',
          holder: 'host',
          expiresAt: typeof v?.expiresAt === 'number' ? v.expiresAt : at + V1_EXPIRY_MS,
        };
        if (isRecord(record)) out[service] = [record];
      }
      return out;
    } catch {
      return {};
    }
  }

  private getItem(key: string): string | undefined {
    try {
      return this.storage?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  }

  private save(doc: Doc): boolean {
    if (!this.storage) return false;
    try {
      this.storage.setItem(HANDOUT_RECORDS_KEY, JSON.stringify({ version: 2, records: doc }));
      return true;
    } catch {
      return false;
    }
  }
}
