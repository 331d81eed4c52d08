/**
 * Per-scope state of one service instance. The scope of a request is its `x-api-key`
 * header (or `api-key`; empty when absent): armed faults, halted chains, time scale,
 * generated tokens, deprecation, the request log and the tracking clock of each hash.
 * Everything is bounded.
 */
import type { Dialect } from './dialect.js';
import type { Fault, FaultKind } from './faults.js';
import type { TokenCatalog, TokenRecord } from './tokens.js';

export interface ArmedFault {
  readonly fault: Fault;
  readonly kind: FaultKind;
  /** Path prefix the fault applies to (`/v1/track` matches `/v1/track` and `/v1/track-tx`). */
  readonly path: string;
  remaining: number;
}

export interface RequestLogEntry {
  readonly seq: number;
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  body?: Record<string, unknown>;
  fault?: string;
  status?: number;
}

export interface TrackedHash {
  readonly firstSeenMs: number;
  quoteId?: string;
  routeIndex?: number;
}

export interface ScopeState {
  readonly name: string;
  faults: ArmedFault[];
  halted: Set<string>;
  timeScale?: number;
  /** Seconds the scope's routes are valid (`expiration`), when set; else the service's 600. */
  routeTtl?: number;
  extraTokens: number;
  /** Routes a quote answer is padded to (copies of its own routes, made compact), when set: long answers for the bench. */
  quoteRoutes?: number;
  /** Legs a track answer's route is padded to (copies of its own legs), when set: long answers for the bench. */
  trackLegs?: number;
  /** Solana transactions load their mints from the shared lookup table of mints (served by `rpc.ts`). */
  solanaMintTable?: boolean;
  /** Tokens registered through the control endpoint. */
  customTokens: TokenRecord[];
  deprecated: boolean;
  sunsetDate?: string;
  /** The words and shapes the scope is answered in: the spec's, or the real service's (`dialect.ts`). */
  dialect: Dialect;
  /** Protocol B answers an EVM sell with a call of its Vault (`chainflip.ts`), not a deposit channel. */
  vaultSwaps?: boolean;
  /** Aggregator A answers a one-pool swap with 1inch's `unoswap` family (`unoswap.ts`), not its `swap`. */
  unoswap?: boolean;
  readonly requests: RequestLogEntry[];
  seq: number;
  readonly tracked: Map<string, TrackedHash>;
  catalog?: TokenCatalog;
}

export const MAX_SCOPES = 500;
export const MAX_LOG_ENTRIES = 2000;
export const MAX_TRACKED_HASHES = 5000;
export const MAX_ARMED_FAULTS = 100;

function freshScope(name: string): ScopeState {
  return {
    name,
    faults: [],
    halted: new Set(),
    extraTokens: 0,
    customTokens: [],
    deprecated: false,
    dialect: 'spec',
    requests: [],
    seq: 0,
    tracked: new Map(),
  };
}

export class ScopeStore {
  private readonly scopes = new Map<string, ScopeState>();

  /** The scope's state, created on first use; the least recently used scope goes when full. */
  get(name: string): ScopeState {
    let s = this.scopes.get(name);
    if (s) {
      this.scopes.delete(name);
    } else {
      s = freshScope(name);
      if (this.scopes.size >= MAX_SCOPES) this.scopes.delete(this.scopes.keys().next().value!);
    }
    this.scopes.set(name, s);
    return s;
  }

  reset(name: string): ScopeState {
    this.scopes.delete(name);
    return this.get(name);
  }

  clear(): void {
    this.scopes.clear();
  }
}

export function logRequest(scope: ScopeState, entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
  const e: RequestLogEntry = { seq: ++scope.seq, ...entry };
  scope.requests.push(e);
  if (scope.requests.length > MAX_LOG_ENTRIES) scope.requests.splice(0, scope.requests.length - MAX_LOG_ENTRIES);
  return e;
}

/** Takes the first armed fault for `path` (counting it down), if any. */
export function takeArmedFault(scope: ScopeState, path: string): ArmedFault | undefined {
  const i = scope.faults.findIndex((f) => path.startsWith(f.path));
  if (i < 0) return undefined;
  const f = scope.faults[i]!;
  f.remaining -= 1;
  if (f.remaining <= 0) scope.faults.splice(i, 1);
  return f;
}

/** When the scope first saw `hash` (now, if never). */
export function trackHash(scope: ScopeState, hash: string, nowMs: number): TrackedHash {
  let h = scope.tracked.get(hash);
  if (!h) {
    h = { firstSeenMs: nowMs };
    scope.tracked.set(hash, h);
    if (scope.tracked.size > MAX_TRACKED_HASHES) scope.tracked.delete(scope.tracked.keys().next().value!);
  }
  return h;
}
