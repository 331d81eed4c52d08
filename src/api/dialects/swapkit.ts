/**
 * The SwapKit dialect of the client: SwapKit's current API (`https://api.swapkit.dev`), read into
 * the spec's shapes, so that everything past the client (the route list, the checks, the
 * tracking) reads one shape whichever service answered.
 *
 * What differs from the spec (docs/service.md, "SwapKit"), each from SwapKit's own SDK
 * (swapkit/SwapKit `packages/helpers/src/api/swapkitApi/endpoints.ts` @
 * d6b21ba91c5d1550303d9a8e4b11ade035610b53) or its recorded answers (test/fixtures/real/swapkit/):
 * - paths have no version: `POST /quote`, `POST /swap`, `POST /track`, `GET /tokens?provider=`,
 *   `GET /providers`, `POST /chainflip/broker/channel` (SwapKit's docs also name `/v3/quote` and
 *   `/v3/swap`; its SDK posts to `/quote` and `/swap`);
 * - two steps: `/quote` answers routes with a `routeId` and no transaction; `/swap` with
 *   `{routeId, sourceAddress, destinationAddress}` answers that route with what is signed or paid
 *   (`tx`, `memo`, `targetAddress`); a route id lives 60 s (`SWAPKIT_QUOTE_LIFE_MS`, `controllers/execution/materialize.ts`);
 * - providers and chains beyond the spec's: a route the widget cannot carry out is listed as not
 *   supported with the reason (`domain/checks/support.ts`), never an error of the answer;
 * - Polygon's chain code is `POL` (the widget's is `MATIC`);
 * - tracking sends `{hash, chainId}` with SwapKit's chain id (`"1"`, `"bitcoin"`), and answers a
 *   transaction record (read by `trackAnswerOf`, as the spec's real dialect);
 * - no `/poolrates`, no `/connected-assets`.
 *
 * Loaded only when the client speaks SwapKit (a dynamic import from `client.ts`): a page that
 * talks to the spec's service never loads it.
 */
import * as z from 'zod/mini';
import { BadResponseError } from '../errors.js';
import { describeIssues, parseAnswer, parseEach } from '../validate.js';
import { MAX_UNREADABLE, holdsMoreThan, MAX_ROUTE_VALUES, readRoutes, type UnreadableRoute } from '../read-routes.js';
import { MAX_TOKEN_LIST_CHARS, compact, routeProviders, tokenListOf, trackAnswerOf } from '../../schemas/normalize.js';
import {
  ProviderList,
  Route,
  Token,
  TokenList,
  TrackResult,
  type PoolRates,
  type QuoteRequest,
  type TrackRequest,
} from '../../schemas/service.js';
import {
  SkChannel,
  SkEvmTx,
  SkQuote,
  SkRoute,
  type SkChainflipParams,
  type SkSwapRequest,
} from '../../schemas/swapkit.js';
import { chainInfo } from '../../domain/chains/chains.js';
import { parseQuantity } from '../../domain/chains/evm.js';
import { providerCarry, routeSupport, type CarryKind } from '../../domain/checks/support.js';
import type { Refusal } from '../../domain/checks/refusals.js';

/** What the dialect needs of the client: one request, its status and JSON body (limits and errors as the client's). */
export interface Transport {
  fetchAnswer(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    options?: { signal?: AbortSignal },
    limits?: { maxChars: number; stream?: boolean },
  ): Promise<{ status: number; json: unknown }>;
}

export const SWAPKIT_PATHS = {
  quote: '/quote',
  swap: '/swap',
  track: '/track',
  tokens: '/tokens',
  providers: '/providers',
  channel: '/chainflip/broker/channel',
} as const;

/** SwapKit's chain codes that the widget writes otherwise (SwapKit's `Chain.Polygon` is `POL`). */
const FROM_SWAPKIT_CHAIN: Readonly<Record<string, string>> = { POL: 'MATIC' };
const TO_SWAPKIT_CHAIN: Readonly<Record<string, string>> = { MATIC: 'POL' };

const renameChain = (id: string, table: Readonly<Record<string, string>>): string => {
  const m = /^([A-Z][A-Z0-9]*)([./~].*)$/.exec(id);
  const to = m ? table[m[1]!] : undefined;
  return to ? to + m![2] : id;
};
/** An asset identifier of SwapKit's in the widget's chain codes (`POL.USDC-0x…` -> `MATIC.USDC-0x…`). */
export const fromSwapKitAsset = (id: string): string => renameChain(id, FROM_SWAPKIT_CHAIN);
/** An asset identifier of the widget's in SwapKit's chain codes. */
export const toSwapKitAsset = (id: string): string => renameChain(id, TO_SWAPKIT_CHAIN);

/**
 * SwapKit's chain id of a chain code, what `/track` takes (`ChainId` in swapkit/SwapKit
 * `packages/types/src/chains/_enums.ts` @ d6b21ba9): EVM chains by their EIP-155 number, the
 * others by name.
 */
const SWAPKIT_CHAIN_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  BCH: 'bitcoincash',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  DASH: 'dash',
  ZEC: 'zcash',
  GAIA: 'cosmoshub-4',
  THOR: 'thorchain-1',
  MAYA: 'mayachain-mainnet-v1',
  KUJI: 'kaiyo-1',
  SOL: 'solana',
  DOT: 'polkadot',
  FLIP: 'chainflip',
  XRD: 'radix-mainnet',
  XRP: 'ripple',
};

export function swapKitChainId(code: string): string {
  const info = chainInfo(code);
  if (info?.evmChainId !== undefined) return String(info.evmChainId);
  return SWAPKIT_CHAIN_IDS[code.toUpperCase()] ?? code;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A SwapKit route with every asset identifier in the widget's chain codes. */
function renamed(route: SkRoute): SkRoute {
  const fee = (f: SkRoute['fees'][number]) => ({ ...f, asset: fromSwapKitAsset(f.asset) });
  return {
    ...route,
    sellAsset: fromSwapKitAsset(route.sellAsset),
    buyAsset: fromSwapKitAsset(route.buyAsset),
    fees: route.fees.map(fee),
    legs: route.legs.map((l) => ({
      ...l,
      sellAsset: fromSwapKitAsset(l.sellAsset),
      buyAsset: fromSwapKitAsset(l.buyAsset),
      fees: l.fees.map(fee),
    })),
    meta: { ...route.meta, assets: route.meta.assets.map((a) => ({ ...a, asset: fromSwapKitAsset(a.asset) })) },
  };
}

/**
 * A transaction in the spec's form: an EVM one as `{to, from, value, data}` with its value in
 * decimal wei (SwapKit writes `"0x0"` as often as `"0"`; gas is not handed out: the wallet
 * estimates it); anything else as it came (a string, TON's array, TRON's object), for the
 * checks to read or refuse.
 */
function specTxOf(tx: unknown): unknown {
  const evm = z.safeParse(SkEvmTx, tx);
  if (!evm.success) return tx;
  const { to, from, value, data } = evm.data;
  return { to, from, value: String(parseQuantity(value)), data };
}

/**
 * A SwapKit route in the spec's shape: its fields as they are (`routeId`, `swapId`, `meta`, the
 * fee types and provider names kept), its transaction in the spec's form, and for a route paid
 * to a deposit address (`kind` `deposit`, no memo) that address as `depositAddress`, which the
 * checks read (`domain/checks/deposit-address.ts`).
 */
export function specRouteOf(route: SkRoute, kind: CarryKind | undefined): Json {
  const { tx, ...rest } = route;
  const out: Json = { ...rest };
  if (tx !== undefined) out.tx = specTxOf(tx);
  const address = route.targetAddress ?? route.inboundAddress;
  if (kind === 'deposit' && route.memo === undefined && address) out.depositAddress = address;
  return out;
}

/** What the dialect reads of one route: the spec's shape and whether it can be carried out, or why it does not read. */
export type ReadSwapKitRoute =
  | { ok: true; route: Json; kind: CarryKind }
  | { ok: false; unsupported: Refusal; providers: string[] }
  | { ok: false; unsupported?: undefined; message: string; providers: string[] };

export function readSwapKitRoute(raw: unknown): ReadSwapKitRoute {
  const providers = routeProviders(raw);
  if (holdsMoreThan(raw, MAX_ROUTE_VALUES))
    return { ok: false, message: `(root): holds more than ${MAX_ROUTE_VALUES} values`, providers };
  const parsed = z.safeParse(SkRoute, raw);
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error).slice(0, 5).join('; '), providers };
  const route = renamed(parsed.data);
  const support = routeSupport(route);
  if (!support.ok) return { ok: false, unsupported: support.refusal, providers: route.providers };
  return { ok: true, route: specRouteOf(route, support.kind), kind: support.kind };
}

/** The request of `/quote`: the spec's fields SwapKit reads, its assets in SwapKit's chain codes (no `includeTx`: `/swap` gives the transaction). */
export function swapKitQuoteBody(request: QuoteRequest): Json {
  const { includeTx: _includeTx, ...rest } = request;
  return { ...rest, sellAsset: toSwapKitAsset(request.sellAsset), buyAsset: toSwapKitAsset(request.buyAsset) };
}

/** `POST /quote`, read as the client's `quote` reads the spec's answer (`QuoteResult`). */
export async function swapKitQuote(t: Transport, request: QuoteRequest, options: { signal?: AbortSignal } = {}) {
  const { json } = await t.fetchAnswer(
    SWAPKIT_PATHS.quote,
    { method: 'POST', body: swapKitQuoteBody(request) },
    options,
  );
  const body = parseAnswer(SWAPKIT_PATHS.quote, json, SkQuote);
  const spec: Json[] = [];
  const origin: number[] = [];
  const dropped: UnreadableRoute[] = [];
  let unread = 0;
  body.routes.forEach((raw, index) => {
    const read = readSwapKitRoute(raw);
    if (read.ok) {
      spec.push(read.route);
      origin.push(index);
    } else if (dropped.length >= MAX_UNREADABLE) unread += 1;
    else if (read.unsupported)
      dropped.push({
        index,
        providers: read.providers,
        message: `not supported: ${read.unsupported.code}`,
        unsupported: read.unsupported,
      });
    else dropped.push({ index, providers: read.providers, message: read.message });
  });
  const read = await readRoutes(spec, options.signal ? { signal: options.signal } : {});
  for (const d of read.dropped) {
    if (dropped.length >= MAX_UNREADABLE) unread += 1;
    else dropped.push({ ...d, index: origin[d.index] ?? d.index });
  }
  dropped.sort((a, b) => a.index - b.index);
  return {
    quoteId: body.quoteId,
    routes: read.routes,
    routeIndexes: read.indexes.map((i) => origin[i] ?? i),
    providerErrors: body.providerErrors,
    ...(body.error ? { error: body.error } : {}),
    dropped,
    unread: unread + read.unread,
  };
}

/**
 * `POST /swap`: the quoted route with what is signed or paid, in the spec's shape, or why the
 * widget cannot carry it out (its provider, its chains, the contract it calls). An answer that
 * does not read is a `bad-response`.
 */
export async function swapKitSwap(
  t: Transport,
  request: SkSwapRequest,
  options: { signal?: AbortSignal } = {},
): Promise<{ ok: true; route: Route } | { ok: false; refusal: Refusal }> {
  const { json } = await t.fetchAnswer(SWAPKIT_PATHS.swap, { method: 'POST', body: request }, options);
  const read = readSwapKitRoute(json);
  if (!read.ok) {
    if (read.unsupported) return { ok: false, refusal: read.unsupported };
    throw new BadResponseError(SWAPKIT_PATHS.swap, [read.message]);
  }
  const parsed = z.safeParse(Route, read.route);
  if (!parsed.success) throw new BadResponseError(SWAPKIT_PATHS.swap, describeIssues(parsed.error));
  return { ok: true, route: compact(parsed.data) };
}

/** `POST /chainflip/broker/channel` with a Chainflip route's own channel request (`meta.chainflip`). */
export async function swapKitChannel(
  t: Transport,
  params: SkChainflipParams,
  options: { signal?: AbortSignal } = {},
): Promise<z.infer<typeof SkChannel>> {
  const { json } = await t.fetchAnswer(SWAPKIT_PATHS.channel, { method: 'POST', body: params }, options);
  return parseAnswer(SWAPKIT_PATHS.channel, json, SkChannel);
}

/**
 * `POST /track {hash, chainId}` (SwapKit's chain id); its transaction record is read as the
 * spec's flat answer (`trackAnswerOf`), its assets in the widget's chain codes. Bounded as the
 * spec's track answer is (`limits`, the client's): longer, or holding more values, is a `bad-response`.
 */
export async function swapKitTrack(
  t: Transport,
  request: TrackRequest,
  options: { signal?: AbortSignal } | undefined,
  limits: { maxChars: number; stream?: boolean; maxValues: number },
) {
  const body = { hash: request.hash, chainId: swapKitChainId(request.chainId) };
  const { maxValues, ...read } = limits;
  const { json, status } = await t.fetchAnswer(SWAPKIT_PATHS.track, { method: 'POST', body }, options, read);
  if (holdsMoreThan(json, maxValues))
    throw new BadResponseError(SWAPKIT_PATHS.track, [`(root): holds more than ${maxValues} values`]);
  const record = isObject(json)
    ? {
        ...json,
        ...(typeof json.fromAsset === 'string' ? { fromAsset: fromSwapKitAsset(json.fromAsset) } : {}),
        ...(typeof json.toAsset === 'string' ? { toAsset: fromSwapKitAsset(json.toAsset) } : {}),
      }
    : json;
  return compact(parseAnswer(SWAPKIT_PATHS.track, trackAnswerOf(record, status), TrackResult));
}

/**
 * `GET /tokens?provider=X` (SwapKit asks for a provider; `all` gives one list per provider),
 * each token in the spec's shape and the widget's chain codes; tokens that do not read are left out.
 */
export async function swapKitTokens(
  t: Transport,
  query: { provider?: string },
  options: { signal?: AbortSignal } = {},
): Promise<{ tokens: z.infer<typeof Token>[]; total: number }> {
  const path = `${SWAPKIT_PATHS.tokens}?provider=${encodeURIComponent(query.provider || 'all')}`;
  const { json } = await t.fetchAnswer(path, { method: 'GET' }, options, { maxChars: MAX_TOKEN_LIST_CHARS });
  const body = parseAnswer(path, tokenListOf(json) ?? json, TokenList);
  const tokens = parseEach(Token, body.tokens).ok.map((token) => {
    const asset = fromSwapKitAsset(token.asset);
    return asset === token.asset ? token : { ...token, asset, chain: FROM_SWAPKIT_CHAIN[token.chain] ?? token.chain };
  });
  return { tokens, total: body.total ?? tokens.length };
}

/** `GET /providers` (SwapKit's list reads as the spec's). */
export async function swapKitProviders(t: Transport, options: { signal?: AbortSignal } = {}) {
  const { json } = await t.fetchAnswer(SWAPKIT_PATHS.providers, { method: 'GET' }, options);
  return parseAnswer(SWAPKIT_PATHS.providers, json, ProviderList);
}

/** SwapKit has no price list: the route list shows amounts without USD values. */
export const SWAPKIT_NO_PRICES: PoolRates = { rates: [] };

/** Whether a provider's routes are paid to a deposit address (so `/swap` must give one, or a Chainflip channel is opened). */
export const paysDepositAddress = (provider: string): boolean => providerCarry(provider) === 'deposit';
