/**
 * The flow's state as it is written to storage before the effects of each transition run, per
 * widget, so a reloaded page starts where its swap was (`flow.ts`, `persistable`): the open
 * hand-out and the screen it was on, or the swap it tracks; with the route it answers (the
 * selection), so an approval answered after the reload can go on to the swap once the route is
 * checked again.
 *
 * Widgets are kept apart by a key: their `id` when they have one, else their service and key.
 * What is read back is checked field by field; anything that does not read is ignored (and
 * cleared), never half-used. A storage that cannot be read or written is said (`problem`); the
 * swap in memory goes on.
 *
 * Plain TypeScript; the storage is injected.
 */
import type { Selection } from '../quotes/selection.js';
import type { KeyValueStorage } from '../tracking/swap-store.js';
import type { HandoutHolder, HandoutKind, OpenHandout, PersistedFlow, RouteRef, UserPayment } from './flow.js';

export const FLOW_STORE_KEY = 'swap-widget:flow';
/** Written states older than this are forgotten: no hand-out lives that long, and a tracked swap is in the swap store. */
export const FLOW_LIFETIME_MS = 24 * 3600_000;
/** How many widgets' states are kept at most (the oldest go first). */
export const MAX_WIDGETS = 20;

/** What is written for one widget. */
export interface SavedFlow {
  readonly state: PersistedFlow;
  /** The route the state's hand-out answers, as it was selected (absent for a tracked swap). */
  readonly selection?: Selection;
  /** Unix ms. */
  readonly savedAt: number;
}

/** Why the flow's state could not be kept: storage missing or refused, full, or what it held did not read. */
export type FlowStoreProblem = 'unavailable' | 'full' | 'write-failed';

/** The key a widget's state is kept under: its `id`, else its service and key. */
export function flowKey(owner: string, service: string, keyId: string): string {
  return owner ? `id:${owner}` : `${SERVICE_KEY_PREFIX}${service}|${keyId}`;
}

/** How the key of a widget without `id` begins (its state is kept per service and key). */
export const SERVICE_KEY_PREFIX = 'service:';

const KINDS: readonly HandoutKind[] = ['approve', 'swap', 'memo'];
const HOLDERS: readonly HandoutHolder[] = ['host', 'wallet', 'user'];
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isString = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length <= max;
const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function readRoute(v: unknown): RouteRef | undefined {
  if (!isObject(v) || !isString(v.quoteId) || !Number.isSafeInteger(v.routeIndex) || !isString(v.requestKey, 20_000))
    return undefined;
  return { quoteId: v.quoteId, routeIndex: v.routeIndex as number, requestKey: v.requestKey };
}

function readHandout(v: unknown): OpenHandout | undefined {
  if (!isObject(v)) return undefined;
  const { id, quoteId, routeIndex, kind, chain, expiresAt, holder } = v;
  if (!isString(id, 100) || !/^[\w:.-]+$/.test(id) || !isString(quoteId) || !Number.isSafeInteger(routeIndex))
    return undefined;
  if (!KINDS.includes(kind as HandoutKind) || !HOLDERS.includes(holder as HandoutHolder)) return undefined;
  if (!isString(chain, 12) || !/^[A-Z0-9]+$/.test(chain) || !isTime(expiresAt)) return undefined;
  return {
    id,
    quoteId,
    routeIndex: routeIndex as number,
    kind: kind as HandoutKind,
    chain,
    expiresAt,
    holder: holder as HandoutHolder,
  };
}

function readPayment(v: unknown): UserPayment | undefined {
  if (!isObject(v) || !isObject(v.to)) return undefined;
  const { chain, asset, amount, address, memo, to } = v;
  if (!isString(chain, 12) || !isString(asset) || !isString(amount, 80) || !/^\d+(\.\d+)?$/.test(amount))
    return undefined;
  if (!isString(address) || !isString(memo, 250) || !isString(to.address) || !isString(to.role) || !isString(to.name))
    return undefined;
  return { chain, asset, amount, address, memo, to: { address: to.address, role: to.role, name: to.name } };
}

/** A written state read back, field by field; undefined when anything does not read. */
export function readPersisted(v: unknown): PersistedFlow | undefined {
  if (!isObject(v)) return undefined;
  if (v.phase === 'tracking') {
    if (!isString(v.swapId, 300) || !['hand-out', 'host', 'late'].includes(v.by as string)) return undefined;
    if (v.handoutId !== undefined && !isString(v.handoutId, 100)) return undefined;
    return {
      phase: 'tracking',
      swapId: v.swapId,
      by: v.by as 'hand-out' | 'host' | 'late',
      ...(typeof v.handoutId === 'string' ? { handoutId: v.handoutId } : {}),
    };
  }
  if (v.phase !== 'handing-out') return undefined;
  const route = readRoute(v.route);
  if (!route) return undefined;
  const handout = v.handout === undefined ? undefined : readHandout(v.handout);
  if (v.handout !== undefined && !handout) return undefined;
  const pay = v.pay === undefined ? undefined : readPayment(v.pay);
  if (v.pay !== undefined && !pay) return undefined;
  return { phase: 'handing-out', route, ...(handout ? { handout } : {}), ...(pay ? { pay } : {}) };
}

/** A written selection: its quote, place, request and route, as the checks need them again. */
function readSelection(v: unknown): Selection | undefined {
  if (!isObject(v) || !isString(v.quoteId) || !isTime(v.receivedAt) || !isObject(v.request) || !isObject(v.entry))
    return undefined;
  const entry = v.entry;
  if (!Number.isSafeInteger(entry.index) || !isObject(entry.route) || !isString(entry.expected, 80)) return undefined;
  if (!isString(entry.minimum, 80) || !Array.isArray(entry.fees) || !Array.isArray(entry.steps)) return undefined;
  return v as unknown as Selection;
}

function readSaved(v: unknown, now: number): SavedFlow | undefined {
  if (!isObject(v) || !isTime(v.savedAt) || now - v.savedAt > FLOW_LIFETIME_MS) return undefined;
  const state = readPersisted(v.state);
  if (!state) return undefined;
  const selection = v.selection === undefined ? undefined : readSelection(v.selection);
  return { state, savedAt: v.savedAt, ...(selection ? { selection } : {}) };
}

/** Every widget's written state, by key; written whole on each change. */
export class FlowStore {
  problem?: FlowStoreProblem;

  constructor(private readonly storage: KeyValueStorage | undefined) {
    if (!storage) this.problem = 'unavailable';
  }

  /** The state written for `key`, if one reads and is not too old. */
  read(key: string, now: number): SavedFlow | undefined {
    return readSaved(this.doc()[key], now);
  }

  /** Writes (or, with undefined, clears) the state of `key`; false when storage refused it (`problem` says why). */
  write(key: string, saved: SavedFlow | undefined, now: number): boolean {
    if (!this.storage) return false;
    const doc = this.doc();
    if (saved) doc[key] = saved;
    else if (key in doc) delete doc[key];
    else return true;
    // Forget what is too old, and keep the newest widgets only.
    const kept = Object.entries(doc)
      .filter(([, v]) => isObject(v) && isTime(v.savedAt) && now - v.savedAt <= FLOW_LIFETIME_MS)
      .sort(([, a], [, b]) => (b as SavedFlow).savedAt - (a as SavedFlow).savedAt)
      .slice(0, MAX_WIDGETS);
    try {
      if (kept.length) this.storage.setItem(FLOW_STORE_KEY, JSON.stringify(Object.fromEntries(kept)));
      else this.storage.removeItem(FLOW_STORE_KEY);
      this.problem = undefined;
      return true;
    } catch (error) {
      this.problem = error instanceof DOMException && error.name === 'QuotaExceededError' ? 'full' : 'write-failed';
      return false;
    }
  }

  private doc(): Record<string, unknown> {
    try {
      const text = this.storage?.getItem(FLOW_STORE_KEY);
      const doc: unknown = text ? JSON.parse(text) : {};
      return isObject(doc) ? doc : {};
    } catch {
      return {};
    }
  }
}
