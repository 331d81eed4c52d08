/**
 * The real service's answers read into the spec's shapes, before the schemas see them
 * (docs/service.md lists each difference and where it was seen). Each function takes
 * parsed JSON of unknown shape and returns JSON; none throws, none recurses over fields it
 * does not know. What they cannot read they leave as it is, for the schemas to refuse.
 *
 * Also the limits every answer is held to: its size and its depth, checked without recursion,
 * so a hostile or broken answer ends in `bad-response`, never in a stack overflow.
 *
 * Plain TypeScript; no DOM.
 */

/** How deeply an answer may nest (objects and arrays). The deepest honest answer nests about 10. */
export const MAX_JSON_DEPTH = 64;
/** The longest answer read, in characters; token lists may be long. */
export const MAX_BODY_CHARS = 8_000_000;
export const MAX_TOKEN_LIST_CHARS = 64_000_000;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Whether `value` nests objects and arrays deeper than `max` levels (iterative: no recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (const c of children) if (typeof c === 'object' && c !== null) stack.push([c, depth + 1]);
  }
  return false;
}

/**
 * Drops the keys whose value is `undefined` (what the schemas make of the service's `null`s),
 * so parsed data is plain JSON that survives a round trip unchanged. Iterative: an answer of
 * any depth is copied without growing the call stack.
 */
export function compact<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const copy = (v: unknown, stack: [unknown, Json | unknown[]][]): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const out: Json | unknown[] = Array.isArray(v) ? [] : {};
    stack.push([v, out]);
    return out;
  };
  const stack: [unknown, Json | unknown[]][] = [];
  const root = copy(value, stack);
  while (stack.length) {
    const [src, dst] = stack.pop()!;
    if (Array.isArray(src)) {
      const out = dst as unknown[];
      for (let i = 0; i < src.length; i++) out[i] = copy(src[i], stack);
    } else {
      const out = dst as Json;
      for (const [k, v] of Object.entries(src as Json)) if (v !== undefined) out[k] = copy(v, stack);
    }
  }
  return root as T;
}

// ---- routes ------------------------------------------------------------------------------

/**
 * The provider names a route of unknown shape gives (`providers`, else its legs' `provider`),
 * at most 8 of at most 64 characters each: what the route list shows of a route it cannot read.
 */
export function routeProviders(raw: unknown): string[] {
  if (!isObject(raw)) return [];
  const fromProviders = Array.isArray(raw.providers) ? raw.providers : [];
  const fromLegs = Array.isArray(raw.legs) ? raw.legs.map((l) => (isObject(l) ? l.provider : undefined)) : [];
  const names = (fromProviders.length ? fromProviders : fromLegs).filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  return names.slice(0, 8).map((p) => (p.length > 64 ? `${p.slice(0, 63)}…` : p));
}

/** An EVM transaction's `gas` (the real service's JSON integer) read as the spec's `gas_limit`, when that is absent. */
export function evmGasOf<T extends { gas?: number | undefined; gas_limit?: string | undefined }>(tx: T): T {
  return tx.gas !== undefined && tx.gas_limit === undefined ? { ...tx, gas_limit: String(tx.gas) } : tx;
}

// ---- tokens ------------------------------------------------------------------------------

/**
 * A token list answer: the spec's `{tokens, total}`, the real service's `{provider, name, count,
 * timestamp, tokens}`, or an array of such lists (`?provider=all`). Every token is read into the
 * spec's shape (`tokenOf`); `total` is the spec's `total`, else the real `count`, else undefined.
 */
export function tokenListOf(raw: unknown): { tokens: unknown[]; total?: number } | undefined {
  const lists = Array.isArray(raw) ? raw : [raw];
  if (lists.length === 1) {
    const list: unknown = lists[0];
    if (!isObject(list) || !Array.isArray(list.tokens)) return undefined;
    const provider = text(list.provider);
    const tokens = list.tokens.map((t) => tokenOf(t, provider));
    const total = typeof list.total === 'number' ? list.total : typeof list.count === 'number' ? list.count : undefined;
    return total === undefined ? { tokens } : { tokens, total };
  }
  // Several lists: a token listed by several providers once, with all of them.
  const tokens: unknown[] = [];
  const seen = new Map<string, Json>();
  for (const list of lists) {
    if (!isObject(list) || !Array.isArray(list.tokens)) return undefined;
    const provider = text(list.provider);
    for (const raw of list.tokens) {
      const t = tokenOf(raw, provider);
      const key = isObject(t) && typeof t.asset === 'string' ? t.asset.toUpperCase() : undefined;
      const first = key === undefined ? undefined : seen.get(key);
      if (first && Array.isArray(first.providers) && isObject(t) && Array.isArray(t.providers)) {
        for (const p of t.providers) if (!first.providers.includes(p)) first.providers.push(p);
        continue;
      }
      if (key !== undefined && isObject(t)) seen.set(key, t);
      tokens.push(t);
    }
  }
  return { tokens, total: tokens.length };
}

/**
 * A token in the spec's shape (`asset`, `chain`, `symbol`, `name`, `decimals`, `providers`).
 * A token with `asset` is taken as it is; a real one (`identifier`, `ticker`, `chainId`,
 * `symbol` as `TICKER-ADDRESS`, maybe no `chain`) is read: the identifier is the asset, the
 * chain its prefix when not given, the ticker the symbol (else the `symbol` field before its
 * address, else the identifier's own symbol, else the start of its contract), the list's
 * provider its provider. Anything else is left for the schema to refuse.
 */
export function tokenOf(raw: unknown, listProvider?: string): unknown {
  if (!isObject(raw) || raw.asset !== undefined || typeof raw.identifier !== 'string') return raw;
  const asset = raw.identifier;
  const dot = asset.search(/[./~]/);
  const chain = text(raw.chain) || (dot > 0 ? asset.slice(0, dot) : '');
  const rest = dot > 0 ? asset.slice(dot + 1) : asset;
  const dash = rest.indexOf('-');
  const ownSymbol = dash >= 0 ? rest.slice(0, dash) : rest;
  const contract = dash >= 0 ? rest.slice(dash + 1) : '';
  const symbolField = text(raw.symbol);
  const symbol =
    text(raw.ticker)?.trim() ||
    (symbolField &&
      (symbolField.includes('-') ? symbolField.slice(0, symbolField.indexOf('-')) : symbolField).trim()) ||
    ownSymbol.trim() ||
    (contract ? `${contract.slice(0, 6)}…` : asset);
  // Digits only: a string such as "6.0" is no plain whole number, and stays for the schema to refuse.
  const decimals =
    typeof raw.decimals === 'string' && /^\d{1,3}$/.test(raw.decimals) ? Number(raw.decimals) : raw.decimals;
  const providers = Array.isArray(raw.providers) ? raw.providers : listProvider ? [listProvider] : [];
  const { identifier: _identifier, ticker: _ticker, symbol: _symbol, ...others } = raw;
  return { ...others, asset, chain, symbol, decimals, providers };
}

// ---- tracking ----------------------------------------------------------------------------

/**
 * The real service's `status` of a tracked transaction, in the spec's `trackingStatus`:
 * - `unknown` (not indexed yet) and `not_started` -> `not_started`;
 * - `pending` (sent, not yet swapping) -> `broadcasted`;
 * - `swapping`, `completed`, `refunded` -> themselves;
 * - `failed` -> `reverted`: it ended without swapping (the spec has no `failed`; the widget's
 *   final states are the spec's).
 */
export const REAL_TRACK_STATUS: Readonly<Record<string, string>> = {
  unknown: 'not_started',
  not_started: 'not_started',
  pending: 'broadcasted',
  swapping: 'swapping',
  completed: 'completed',
  refunded: 'refunded',
  failed: 'reverted',
};

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A track answer. The spec's two shapes are taken as they are; a real transaction record
 * (`{hash, chainId, status, fromAsset, fromAmount, toAsset, toAmount, meta, …}`,
 * `trackingStatus` optional) is read as shape 1: its `trackingStatus`, else its `status` in
 * the spec's words, a route of what it says was sold and bought (`toAmount` as the amount
 * received once completed), and a `quoteInfo` of its `hash`, `chainId` and `meta.quoteId`
 * (what it says of the swap it describes). An answer of `202 Accepted` without a status (the
 * service is still indexing the transaction) is `not_started`.
 */
export function trackAnswerOf(raw: unknown, httpStatus = 200): unknown {
  if (!isObject(raw)) return raw;
  if (typeof raw.trackingStatus === 'string' && (typeof raw.success === 'boolean' || raw.status === undefined))
    return raw;
  const status = text(raw.status);
  const mapped = status !== undefined ? REAL_TRACK_STATUS[status.toLowerCase()] : undefined;
  const trackingStatus = text(raw.trackingStatus) ?? mapped;
  if (trackingStatus === undefined || typeof raw.hash !== 'string') {
    if (httpStatus === 202 && raw.trackingStatus === undefined && raw.status === undefined)
      return { ...raw, trackingStatus: 'not_started' };
    return raw;
  }
  const done = trackingStatus.toLowerCase() === 'completed';
  const route: Json = {};
  const provider = isObject(raw.meta) ? text(raw.meta.provider) : undefined;
  if (provider) route.providers = [provider];
  if (text(raw.fromAsset)) route.sellAsset = raw.fromAsset;
  if (text(raw.fromAmount) && DECIMAL.test(raw.fromAmount as string)) route.sellAmount = raw.fromAmount;
  if (text(raw.toAsset)) route.buyAsset = raw.toAsset;
  if (done && text(raw.toAmount) && DECIMAL.test(raw.toAmount as string)) route.actualBuyAmount = raw.toAmount;
  // What it says of the swap it describes, where the spec's shapes say it.
  const quoteId = isObject(raw.meta) ? text(raw.meta.quoteId) : undefined;
  const quoteInfo = isObject(raw.quoteInfo)
    ? raw.quoteInfo
    : {
        ...(quoteId ? { quoteId } : {}),
        trackParams: { hash: raw.hash, ...(text(raw.chainId) ? { chainId: raw.chainId } : {}) },
      };
  return { ...raw, trackingStatus, route, quoteInfo };
}

// ---- errors ------------------------------------------------------------------------------

/** What an error body says, when it is not the spec's problem: the real `{error, message}`. */
export function errorMessageOf(raw: unknown): string | undefined {
  if (!isObject(raw)) return undefined;
  const message = text(raw.message)?.trim();
  const error = text(raw.error)?.trim();
  const said = message || error;
  return said ? said.slice(0, 500) : undefined;
}
