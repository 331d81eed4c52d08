/**
 * The persisted record of every swap the widget tracks, so that no swap is forgotten
 * after money has moved: closed tabs, killed webviews and reloads resume it.
 *
 * Each record names the service it was quoted by (its `api-url`, absolute) and who the key was
 * (a hash, never the key): a store opened for one service lists, returns and dismisses only
 * that service's swaps, so two widgets of one page (or of one origin) pointed at different
 * services never resume or poll each other's swaps. A record written before records named
 * their service is assigned, once, to the first widget that finds it.
 *
 * Stored as one versioned JSON document. Older versions are migrated, never dropped; a
 * document of a newer version (written by a newer widget) is left untouched and read as
 * far as it can be; an unreadable one is kept aside under another key. When the storage
 * throws (private mode, quota, disabled), the store keeps working in memory and says so.
 * Plain TypeScript: the storage is injected.
 */
import type { Route } from '../../schemas/service.js';
import { isFinal, type SwapStatusDetail, type TrackStatus } from './status.js';

export const STORAGE_KEY = 'swap-widget:swaps';
export const STORE_VERSION = 2;

/** The subset of the Web Storage API the store uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The service a store is opened for: its absolute base URL, and the hash of its key (`''` without one). */
export interface StoreOwner {
  readonly service: string;
  readonly keyId: string;
}

/**
 * The absolute base URL of a service, as records name it: `api-url` resolved against the page
 * (empty: the page's origin), without a trailing slash, query or fragment; scheme and host in
 * lower case.
 */
export function serviceOf(apiUrl: string, pageUrl: string): string {
  try {
    const url = new URL(apiUrl || '/', pageUrl);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return apiUrl;
  }
}

export interface SwapRecord {
  /** `hash@chain`. */
  id: string;
  /** The service that quoted it (`serviceOf`); absent in records written before services were named. */
  service?: string;
  /** Who the key was (`SwapApiClient.keyId`): a hash, never the key. */
  keyId?: string;
  quoteId: string;
  routeIndex: number;
  /** The hand-out the transaction answers, when the widget handed it out. */
  handoutId?: string;
  /** The widget that handed it out or was given it by `track()` (its `id`, '' without one); absent in older records. */
  owner?: string;
  hash: string;
  /** Chain code of the source transaction. */
  chainId: string;
  /** The route it follows; absent in a record of the first storage version, which kept none. */
  route?: Route;
  /** Unix ms. */
  createdAt: number;
  updatedAt: number;
  /** The last status seen, or undefined before the first answer. */
  status?: TrackStatus;
  final: boolean;
  /** Final swaps the user dismissed are removed; this marks none yet. */
}

/** Version 1: an array of swaps keyed by `txHash` and `chain`, without the route. */
interface RecordV1 {
  txHash: string;
  chain: string;
  quoteId: string;
  routeIndex?: number;
  status?: string;
  startedAt?: number;
  route?: Route;
}

interface DocumentV2 {
  version: 2;
  swaps: SwapRecord[];
}

export function swapId(hash: string, chainId: string): string {
  return `${hash}@${chainId.toUpperCase()}`;
}

/** The record of a swap whose transaction was just sent: the route it follows and the quote it answers. */
export function newSwapRecord(p: {
  hash: string;
  chainId: string;
  quoteId: string;
  routeIndex: number;
  route: Route;
  now: number;
  handoutId?: string;
  owner?: string;
}): SwapRecord {
  return {
    id: swapId(p.hash, p.chainId),
    quoteId: p.quoteId,
    routeIndex: p.routeIndex,
    ...(p.handoutId !== undefined ? { handoutId: p.handoutId } : {}),
    ...(p.owner !== undefined ? { owner: p.owner } : {}),
    hash: p.hash,
    chainId: p.chainId.toUpperCase(),
    route: p.route,
    createdAt: p.now,
    updatedAt: p.now,
    final: false,
  };
}

/** Brings a stored document of any known version to the current one. */
export function migrate(doc: unknown): { swaps: SwapRecord[]; readOnly: boolean } {
  if (!doc || typeof doc !== 'object') return { swaps: [], readOnly: false };
  const d = doc as { version?: unknown; swaps?: unknown };
  const version = typeof d.version === 'number' ? d.version : 1;
  const list = Array.isArray(d.swaps) ? d.swaps : [];
  if (version === 1) {
    return {
      readOnly: false,
      swaps: (list as RecordV1[])
        .filter((r) => r && typeof r.txHash === 'string' && typeof r.chain === 'string')
        .map((r) => {
          const at = typeof r.startedAt === 'number' ? r.startedAt : Date.now();
          const status = typeof r.status === 'string' ? r.status.toLowerCase() : undefined;
          const final = status !== undefined && isFinal(status);
          return {
            id: swapId(r.txHash, r.chain),
            quoteId: String(r.quoteId ?? ''),
            routeIndex: typeof r.routeIndex === 'number' ? r.routeIndex : 0,
            hash: r.txHash,
            chainId: r.chain.toUpperCase(),
            ...(r.route ? { route: r.route } : {}),
            createdAt: at,
            updatedAt: at,
            final,
          };
        }),
    };
  }
  const swaps = (list as SwapRecord[]).filter((r) => r && typeof r.hash === 'string' && typeof r.chainId === 'string');
  // A newer widget wrote this: read what we understand, write nothing over it.
  return { swaps, readOnly: version > STORE_VERSION };
}

export type StoreMode = 'storage' | 'memory' | 'read-only';

/**
 * Why swaps are not written to storage: it is missing, it failed to read, it holds a record
 * that cannot be read or rewritten, it is full or failed to write, or a newer widget wrote it.
 */
export type StoreProblem = 'unavailable' | 'read-failed' | 'unreadable' | 'full' | 'write-failed' | 'newer-version';

export class SwapStore {
  private memory = new Map<string, SwapRecord>();
  /** Ids seen in storage: a final one that disappears was dismissed in another tab. */
  private stored = new Set<string>();
  private _mode: StoreMode = 'storage';
  private _owner?: StoreOwner;
  /** Why the store is not writing to storage, for a notice. */
  problem?: StoreProblem;

  /**
   * `owner`: the service this store is opened for. Without one, every swap is listed and
   * nothing is assigned (tools, tests).
   */
  constructor(
    private readonly storage: KeyValueStorage | undefined,
    owner?: StoreOwner,
  ) {
    if (owner) this._owner = owner;
    if (!storage) this.fallBack('unavailable');
    this.load();
  }

  get mode(): StoreMode {
    return this._mode;
  }

  get owner(): StoreOwner | undefined {
    return this._owner;
  }

  /** Opens the store for another service (the widget's `api-url` or key changed): its swaps are the ones seen from now on. */
  setOwner(owner: StoreOwner): void {
    if (this._owner && this._owner.service === owner.service && this._owner.keyId === owner.keyId) return;
    this._owner = owner;
    this.load();
  }

  /** Whether a record is this store's owner's (every record is, without an owner). */
  owns(record: SwapRecord): boolean {
    const owner = this._owner;
    if (!owner) return true;
    // Not yet assigned (a read-only store cannot assign it): seen by whoever finds it.
    if (record.service === undefined) return true;
    return record.service === owner.service && (record.keyId ?? '') === owner.keyId;
  }

  /** This service's swaps, newest first, as last loaded (call `load()` to see other tabs' writes). */
  list(): SwapRecord[] {
    return [...this.memory.values()].filter((r) => this.owns(r)).sort((a, b) => b.createdAt - a.createdAt);
  }

  /** A swap of this service. */
  get(id: string): SwapRecord | undefined {
    const r = this.memory.get(id);
    return r && this.owns(r) ? r : undefined;
  }

  /** Adds or replaces a swap, named as this service's; written through before the call returns. */
  put(record: SwapRecord): void {
    this.load();
    const owner = this._owner;
    this.memory.set(record.id, owner ? { ...record, service: owner.service, keyId: owner.keyId } : record);
    this.save();
  }

  /** Removes a swap the user dismissed. Only final swaps of this service can be dismissed. */
  dismiss(id: string): boolean {
    this.load();
    const r = this.get(id);
    if (!r || !r.final) return false;
    this.memory.delete(id);
    this.save();
    return true;
  }

  /**
   * Re-reads storage (another tab may have written); memory wins for swaps storage lost.
   * Writes load first, so they never overwrite what another tab wrote.
   */
  load(): void {
    if (this._mode !== 'storage' && this._mode !== 'read-only') return;
    let raw: string | null;
    try {
      raw = this.storage!.getItem(STORAGE_KEY);
    } catch {
      this.fallBack('read-failed');
      return;
    }
    if (raw === null) return;
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch {
      // Keep the unreadable document aside rather than overwrite it.
      try {
        this.storage!.setItem(`${STORAGE_KEY}:unreadable:${Date.now()}`, raw);
        this.storage!.removeItem(STORAGE_KEY);
      } catch {
        this.fallBack('unreadable');
      }
      return;
    }
    const { swaps, readOnly } = migrate(doc);
    if (readOnly) {
      this._mode = 'read-only';
      this.problem = 'newer-version';
    }
    const ids = new Set(swaps.map((s) => s.id));
    for (const [id, r] of this.memory) {
      if (r.final && this.stored.has(id) && !ids.has(id)) this.memory.delete(id);
    }
    for (const s of swaps) {
      const mine = this.memory.get(s.id);
      if (!mine || s.updatedAt >= mine.updatedAt) this.memory.set(s.id, s);
    }
    this.stored = ids;
    // Swaps written before records named their service become this service's, once.
    let claimed = false;
    const owner = this._owner;
    if (owner && !readOnly) {
      for (const [id, r] of this.memory) {
        if (r.service !== undefined) continue;
        this.memory.set(id, { ...r, service: owner.service, keyId: owner.keyId });
        claimed = true;
      }
    }
    const version = (doc as { version?: unknown })?.version;
    if (!readOnly && (claimed || version !== STORE_VERSION)) this.save();
  }

  private save(): void {
    if (this._mode !== 'storage') return;
    const doc: DocumentV2 = { version: STORE_VERSION, swaps: [...this.memory.values()] };
    try {
      this.storage!.setItem(STORAGE_KEY, JSON.stringify(doc));
      this.stored = new Set(this.memory.keys());
    } catch (error) {
      this.fallBack((error as Error).name === 'QuotaExceededError' ? 'full' : 'write-failed');
    }
  }

  private fallBack(reason: StoreProblem) {
    this._mode = 'memory';
    this.problem = reason;
  }
}

/** What `swap-status` tells the host of a swap (plain JSON). */
export function statusDetail(record: SwapRecord): SwapStatusDetail {
  const s = record.status;
  return {
    quoteId: record.quoteId,
    routeIndex: record.routeIndex,
    ...(record.handoutId !== undefined ? { handoutId: record.handoutId } : {}),
    hash: record.hash,
    chainId: record.chainId,
    status: s?.status ?? 'not_started',
    final: record.final,
    ...(s?.buyAmount ? { buyAmount: s.buyAmount } : {}),
    ...(s?.inboundHash ? { inboundHash: s.inboundHash } : {}),
    ...(s?.outboundHash ? { outboundHash: s.outboundHash } : {}),
    ...(s?.refund ? { refund: { ...s.refund } } : {}),
    ...(s?.error ? { error: s.error } : {}),
  };
}
