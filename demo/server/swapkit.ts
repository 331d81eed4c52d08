/**
 * The reference service's SwapKit dialect: SwapKit's current API, mounted under `/swapkit/`
 * (a widget with `api-url="/swapkit"` and `api-dialect="swapkit"` talks to it), answered by the
 * same engine as `/v1/`, translated at the edge. What SwapKit does differently, as its SDK and its
 * recorded answers show it (docs/service.md, "SwapKit"):
 *
 * - two steps: `POST /swapkit/quote` answers routes with a `routeId` and nothing to sign (no
 *   `tx`, `memo`, `targetAddress`, `inboundAddress`); `POST /swapkit/swap {routeId, sourceAddress,
 *   destinationAddress}` answers that route with them, and a `swapId`; a Chainflip route gets its
 *   deposit channel opened there (`targetAddress` = `inboundAddress` = the deposit address);
 * - SwapKit's names: `THORCHAIN`, `CHAINFLIP`, `MAYACHAIN`, `ONEINCH`, `JUPITER`, `GARDEN`, one
 *   provider per leg; fee types in lower case; `meta.affiliateFee` a string; `meta.txType`;
 *   Polygon's chain code `POL` (the engine's `MATIC`); `expiration` Unix seconds in a string;
 * - `POST /swapkit/track {hash, chainId}` with SwapKit's chain id (`"1"`, `"bitcoin"`) answers a
 *   transaction record (`status`, `trackingStatus`, `fromAsset`, `toAsset`...). The service has no
 *   chain to find the swap of a hash in: it takes the last route `/swap` answered on that chain,
 *   for the scope (the caller's `x-api-key`);
 * - `GET /swapkit/tokens?provider=X` (`all`, or no provider: one list per provider) and
 *   `GET /swapkit/providers` in SwapKit's shapes; errors `{error, message}`.
 *
 * A route id is kept 5 minutes ("Quotes are cached for 5 minutes", docs.swapkit.dev/spotlights);
 * after that `/swap` answers 404.
 *
 * Its own code and tables: nothing here comes from the widget's.
 */
import { randomUUID } from 'node:crypto';
import { chainCodeOfId, neutralProvider, realProvider, realTrack, replyOut } from './dialect.js';
import * as api from './endpoints.js';
import { json, type Reply } from './respond.js';
import type { ScopeState } from './scope.js';

export const SWAPKIT_PREFIX = '/swapkit';
/** How long a route id is answered by `/swap` (ms). */
export const ROUTE_LIFE_MS = 5 * 60_000;
const MAX_ROUTES = 5000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, read and edited by path
type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface StoredRoute {
  readonly quoteId: string;
  readonly routeIndex: number;
  readonly route: Json;
  readonly createdMs: number;
}

/** What the dialect remembers, per service instance: the routes it quoted, and per scope the last swap of each chain. */
export interface SwapKitState {
  readonly routes: Map<string, StoredRoute>;
  readonly swapped: WeakMap<ScopeState, Map<string, { quoteId: string; routeIndex: number }>>;
}

export const swapKitState = (): SwapKitState => ({ routes: new Map(), swapped: new WeakMap() });

/** The engine's chain codes that SwapKit writes otherwise. */
const TO_SWAPKIT: Readonly<Record<string, string>> = { MATIC: 'POL' };
const FROM_SWAPKIT: Readonly<Record<string, string>> = { POL: 'MATIC' };
function rename(id: unknown, table: Readonly<Record<string, string>>): unknown {
  if (typeof id !== 'string') return id;
  const m = /^([A-Z][A-Z0-9]*)([./~].*)$/.exec(id);
  const to = m ? table[m[1]!] : undefined;
  return to ? to + m![2] : id;
}
const toSwapKit = (id: unknown) => rename(id, TO_SWAPKIT);
const fromSwapKit = (id: unknown) => rename(id, FROM_SWAPKIT);

const error = (status: number, code: string, message: string): Reply => json({ error: code, message }, status);

/** An engine route as SwapKit writes it: with what is signed (`/swap`) or without (`/quote`). */
function swapKitRoute(route: Json, routeId: string, answered: boolean): Json {
  const out = structuredClone(route);
  out.routeId = routeId;
  out.providers = Array.isArray(route.providers)
    ? route.providers.flatMap((id: string) => id.split('->').map(realProvider))
    : route.providers;
  out.sellAsset = toSwapKit(out.sellAsset);
  out.buyAsset = toSwapKit(out.buyAsset);
  const fees = (list: unknown) =>
    Array.isArray(list)
      ? list.map((f: Json) => ({
          ...f,
          type: String(f.type).toLowerCase(),
          asset: toSwapKit(f.asset),
          ...(typeof f.protocol === 'string' ? { protocol: realProvider(f.protocol) } : {}),
        }))
      : list;
  out.fees = fees(out.fees);
  if (Array.isArray(out.legs))
    out.legs = out.legs.map((l: Json) => ({
      ...l,
      provider: realProvider(String(l.provider)),
      sellAsset: toSwapKit(l.sellAsset),
      buyAsset: toSwapKit(l.buyAsset),
      fees: fees(l.fees),
    }));
  if (isObject(out.meta)) {
    if (typeof out.meta.affiliateFee === 'number') out.meta.affiliateFee = String(out.meta.affiliateFee);
    if (Array.isArray(out.meta.assets))
      out.meta.assets = out.meta.assets.map((a: Json) => ({ ...a, asset: toSwapKit(a.asset) }));
  }
  if (out.expiration !== undefined) out.expiration = String(out.expiration);
  if (!answered) {
    for (const k of [
      'tx',
      'transaction',
      'memo',
      'targetAddress',
      'inboundAddress',
      'sourceAddress',
      'destinationAddress',
    ])
      delete out[k];
    return out;
  }
  const tx = out.tx;
  const txType =
    typeof tx === 'string'
      ? 'SOLANA'
      : isObject(tx) && Array.isArray(tx.msgs)
        ? 'COSMOS'
        : isObject(tx)
          ? 'EVM'
          : undefined;
  if (txType && isObject(out.meta)) out.meta.txType = txType;
  out.swapId = randomUUID();
  return out;
}

/** An error of the engine (problem+json) as SwapKit's `{error, message}`. */
const asSwapKitError = (reply: Reply): Reply => replyOut('/', reply, undefined, 0, new URLSearchParams());

function quote(ctx: api.Ctx, body: unknown, state: SwapKitState): Reply {
  if (!isObject(body)) return error(400, 'invalidRequest', 'a JSON object is required');
  const engineBody: Json = {
    ...body,
    sellAsset: fromSwapKit(body.sellAsset),
    buyAsset: fromSwapKit(body.buyAsset),
    // SwapKit keeps what is signed for `/swap`: the engine builds it now, the answer leaves it out.
    includeTx: true,
    ...(Array.isArray(body.providers)
      ? { providers: body.providers.map((p: unknown) => (typeof p === 'string' ? neutralProvider(p) : p)) }
      : {}),
  };
  const reply = api.quote(ctx, engineBody);
  if (reply.status >= 400 || !isObject(reply.body)) return asSwapKitError(reply);
  const answer = reply.body as Json;
  const routes = (answer.routes as Json[]).map((route, routeIndex) => {
    const routeId = randomUUID();
    state.routes.set(routeId, { quoteId: answer.quoteId, routeIndex, route, createdMs: ctx.nowMs });
    return swapKitRoute(route, routeId, false);
  });
  while (state.routes.size > MAX_ROUTES) state.routes.delete(state.routes.keys().next().value!);
  return json({
    quoteId: answer.quoteId,
    routes,
    providerErrors: (answer.providerErrors as Json[]).map((e) =>
      typeof e.provider === 'string' ? { ...e, provider: realProvider(e.provider) } : e,
    ),
    ...(typeof answer.error === 'string' ? { error: answer.error } : {}),
  });
}

function swap(ctx: api.Ctx, body: unknown, state: SwapKitState): Reply {
  if (!isObject(body) || typeof body.routeId !== 'string')
    return error(400, 'invalidRequest', 'routeId, sourceAddress and destinationAddress are required');
  const stored = state.routes.get(body.routeId);
  if (!stored || ctx.nowMs - stored.createdMs > ROUTE_LIFE_MS)
    return error(404, 'routeNotFound', `Route ${body.routeId} not found or expired; quote again`);
  const { route } = stored;
  for (const field of ['sourceAddress', 'destinationAddress'] as const) {
    if (typeof body[field] !== 'string' || (route[field] !== undefined && body[field] !== route[field]))
      return error(400, 'invalidRequest', `${field} is not the one the route was quoted for`);
  }
  const out = swapKitRoute(route, body.routeId, true);
  out.sourceAddress = body.sourceAddress;
  out.destinationAddress = body.destinationAddress;
  // Chainflip's routes: the channel is opened now, and its address is what the user pays.
  const steps: string[] = Array.isArray(route.providers) ? route.providers : [];
  if (steps.length === 1 && /^PROTOCOL_B(_STREAMING)?$/.test(steps[0]!) && !route.tx && !route.memo) {
    const channel = api.depositChannel(ctx, {
      sellAsset: route.sellAsset,
      buyAsset: route.buyAsset,
      destinationAddress: body.destinationAddress,
      maxBoostFeeBps: 0,
    });
    if (channel.status >= 400 || !isObject(channel.body)) return asSwapKitError(channel);
    out.targetAddress = out.inboundAddress = (channel.body as Json).depositAddress;
  }
  const chain = String(route.sellAsset).split(/[./~]/)[0]!;
  let swapped = state.swapped.get(ctx.scope);
  if (!swapped) state.swapped.set(ctx.scope, (swapped = new Map()));
  swapped.set(chain, { quoteId: stored.quoteId, routeIndex: stored.routeIndex });
  return json(out);
}

function track(ctx: api.Ctx, body: unknown, state: SwapKitState): Reply {
  if (!isObject(body) || typeof body.hash !== 'string' || typeof body.chainId !== 'string')
    return error(400, 'invalidRequest', 'hash and chainId are required');
  const chain = chainCodeOfId(body.chainId);
  const ref = state.swapped.get(ctx.scope)?.get(chain);
  const engineBody = { hash: body.hash, chainId: chain, ...(ref ?? {}) };
  const reply = api.track(ctx, engineBody);
  if (reply.status >= 400 || !isObject(reply.body)) return asSwapKitError(reply);
  const record = realTrack(reply.body as Json, engineBody);
  return json({ ...record, fromAsset: toSwapKit(record.fromAsset), toAsset: toSwapKit(record.toAsset) });
}

/** A token list (or lists) of the real dialect with SwapKit's chain codes. */
function renamedLists(body: unknown): unknown {
  const one = (list: Json) => ({
    ...list,
    tokens: (list.tokens as Json[]).map((t) =>
      t.chain in TO_SWAPKIT ? { ...t, identifier: toSwapKit(t.identifier), chain: TO_SWAPKIT[t.chain as string] } : t,
    ),
  });
  return Array.isArray(body) ? body.map(one) : isObject(body) ? one(body) : body;
}

function tokens(ctx: api.Ctx, query: URLSearchParams): Reply {
  const asked = query.get('provider');
  const engineQuery = new URLSearchParams();
  if (asked && asked.toLowerCase() !== 'all') engineQuery.set('provider', neutralProvider(asked));
  const reply = replyOut('/v1/tokens', api.tokens(ctx, engineQuery), undefined, ctx.nowMs, engineQuery);
  return reply.status >= 400 ? reply : { ...reply, body: renamedLists(reply.body) };
}

/** Answers a request under `/swapkit/`: its path, method, body and query. */
export function swapKitAnswer(
  ctx: api.Ctx,
  method: string,
  body: unknown,
  query: URLSearchParams,
  state: SwapKitState,
): Reply {
  const path = ctx.path.slice(SWAPKIT_PREFIX.length);
  const methods: Record<string, string> = {
    '/quote': 'POST',
    '/swap': 'POST',
    '/track': 'POST',
    '/tokens': 'GET',
    '/providers': 'GET',
  };
  const wanted = methods[path];
  if (!wanted) return error(404, 'notFound', `No endpoint ${method} ${ctx.path}`);
  if (wanted !== method)
    return {
      ...error(405, 'methodNotAllowed', `${ctx.path} answers ${wanted} only`),
      headers: { allow: `${wanted}, OPTIONS` },
    };
  switch (path) {
    case '/quote':
      return quote(ctx, body, state);
    case '/swap':
      return swap(ctx, body, state);
    case '/track':
      return track(ctx, body, state);
    case '/tokens':
      return tokens(ctx, query);
    default:
      return replyOut('/v1/providers', api.providers(ctx), undefined, ctx.nowMs, query);
  }
}

/** A problem+json of the service's own (a fault, a body that is not JSON) as SwapKit's error. */
export const swapKitError = asSwapKitError;
