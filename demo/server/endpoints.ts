/** The `/v1` endpoints of the reference service. Each takes parsed input and returns a Reply. */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  ConnectedAssets,
  DepositChannel,
  DepositChannelRequest,
  NetworksGraph,
  PoolRates,
  QuoteEnvelope,
  QuoteRequest,
  TokenList,
  TrackRequest,
} from '../../src/schemas/service.js';
import { divDecimal } from './decimal.js';
import { addressFor } from './addresses.js';
import { readAsset } from './asset.js';
import { blockHeightAt } from './blocks.js';
import { CHAINS, TRACKING_CHAIN_CODES, chainInfo, channelLifetimeBlocks, reachableChains } from './chains.js';
import { hashSeed, normalizeHash } from './hashes.js';
import { planRoute } from './legs.js';
import { POOL_DEPTH_USD } from './pools.js';
import { CACAO_PRICE_USD } from './prices.js';
import { PROVIDER_IDS, isProviderId, providerList } from './providers.js';
import { buildQuote, type BuiltRoute, type QuoteRequestData } from './quote.js';
import { padRoutes, padTrackLegs } from './quote-padding.js';
import { fieldErrors, json, notFound, validationProblem, type FieldError, type Reply } from './respond.js';
import { trackHash, type ScopeState } from './scope.js';
import { tokenJson, type TokenCatalog } from './tokens.js';
import { trackAnswer, trackTxAnswer, type StoredRoute } from './tracking.js';

export interface StoredQuote {
  readonly quoteId: string;
  readonly request: QuoteRequestData;
  readonly routes: readonly StoredRoute[];
}

/** What the endpoints share within one service instance. */
export interface ServiceState {
  readonly quotes: Map<string, StoredQuote>;
  readonly nonce: string;
  depositCounter: number;
}

export interface Ctx {
  readonly path: string;
  readonly nowMs: number;
  readonly scope: ScopeState;
  readonly catalog: TokenCatalog;
  readonly timeScale: number;
  readonly service: ServiceState;
}

export const MAX_STORED_QUOTES = 5000;

type Parsed<T> = { ok: true; data: T } | { ok: false; reply: Reply };

function validate<S extends z.ZodMiniType>(schema: S, body: unknown, ctx: Ctx): Parsed<z.output<S>> {
  const r = z.safeParse(schema, body);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, reply: validationProblem(ctx.path, ctx.nowMs, fieldErrors(r.error.issues, body)) };
}

function assetErrors(fields: Record<string, string>): FieldError[] {
  return Object.entries(fields)
    .filter(([, v]) => !readAsset(v))
    .map(([field, v]) => ({
      field,
      message: `"${v}" is not an asset identifier (CHAIN.SYMBOL or CHAIN.SYMBOL-CONTRACT)`,
      code: 'invalid_asset',
    }));
}

// ---- quote ---------------------------------------------------------------------------------

export function quote(ctx: Ctx, body: unknown): Reply {
  const v = validate(QuoteRequest, body, ctx);
  if (!v.ok) return v.reply;
  const req = v.data;
  const errors = assetErrors({ sellAsset: req.sellAsset, buyAsset: req.buyAsset });
  if (!errors.length && req.sellAsset.toUpperCase() === req.buyAsset.toUpperCase()) {
    errors.push({ field: 'buyAsset', message: 'buyAsset must differ from sellAsset', code: 'same_asset' });
  }
  const unknown = (req.providers ?? []).filter((p) => !isProviderId(p));
  if (unknown.length) {
    errors.push({
      field: 'providers',
      message: `unknown provider ${unknown.map((p) => JSON.stringify(p)).join(', ')}; known: ${PROVIDER_IDS.join(', ')}`,
      code: 'invalid_enum_value',
    });
  }
  if (errors.length) return validationProblem(ctx.path, ctx.nowMs, errors);

  const built = buildQuote(req, {
    catalog: ctx.catalog,
    halted: ctx.scope.halted,
    nowMs: ctx.nowMs,
    ...(ctx.scope.routeTtl !== undefined ? { routeTtlSeconds: ctx.scope.routeTtl } : {}),
    ...(ctx.scope.vaultSwaps ? { vaultSwaps: true } : {}),
    ...(ctx.scope.unoswap ? { unoswap: true } : {}),
    ...(ctx.scope.solanaMintTable ? { solanaMintTable: true } : {}),
  });
  const result = { ...built, routes: padRoutes(built.routes, ctx.scope.quoteRoutes) };
  const quoteId = randomUUID();
  const quotes = ctx.service.quotes;
  quotes.set(quoteId, { quoteId, request: req, routes: result.routes.map(storedRoute) });
  while (quotes.size > MAX_STORED_QUOTES) quotes.delete(quotes.keys().next().value!);

  const answer: z.input<typeof QuoteEnvelope> = {
    quoteId,
    routes: result.routes.map((r) => r.json),
    providerErrors: [...result.providerErrors],
    ...(result.routes.length ? {} : { error: `No routes found for ${req.sellAsset} -> ${req.buyAsset}` }),
  };
  return json(answer);
}

function storedRoute(r: BuiltRoute): StoredRoute {
  return {
    json: r.json,
    ...(r.streamingQuantity
      ? { streamingQuantity: r.streamingQuantity, streamingInterval: r.streamingInterval ?? 1 }
      : {}),
  };
}

// ---- tracking ------------------------------------------------------------------------------

const HASH_PATTERN = /^[\x21-\x7e]{8,256}$/;

/**
 * The chain of a tracking body, named `chainId` or `chain` (the real service's page shows
 * both): `chainId` when given, else `chain`.
 */
function withChainId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return b.chainId === undefined && b.chain !== undefined ? { ...b, chainId: b.chain } : b;
}

function validateTrack(ctx: Ctx, body: unknown): Parsed<z.output<typeof TrackRequest>> {
  const v = validate(TrackRequest, withChainId(body), ctx);
  if (!v.ok) return v;
  const errors: FieldError[] = [];
  if (!HASH_PATTERN.test(v.data.hash))
    errors.push({
      field: 'hash',
      message: 'hash must be 8 to 256 printable characters without spaces',
      code: 'invalid_string',
    });
  if (!TRACKING_CHAIN_CODES.includes(v.data.chainId)) {
    errors.push({
      field: 'chainId',
      message: `chainId must be one of ${TRACKING_CHAIN_CODES.join(', ')}`,
      code: 'invalid_enum_value',
    });
  }
  return errors.length ? { ok: false, reply: validationProblem(ctx.path, ctx.nowMs, errors) } : v;
}

function elapsedSeconds(ctx: Ctx, firstSeenMs: number): number {
  return (Math.max(0, ctx.nowMs - firstSeenMs) / 1000) * ctx.timeScale;
}

export function track(ctx: Ctx, body: unknown): Reply {
  const v = validateTrack(ctx, body);
  if (!v.ok) return v.reply;
  const req = v.data;
  let quoteRef: { quoteId: string; routeIndex: number; route: StoredRoute } | undefined;
  if (req.quoteId !== undefined) {
    const q = ctx.service.quotes.get(req.quoteId);
    if (!q) return notFound(ctx.path, ctx.nowMs, `Quote ${req.quoteId} not found`);
    const routeIndex = req.routeIndex ?? 0;
    const route = q.routes[routeIndex];
    if (!route)
      return notFound(
        ctx.path,
        ctx.nowMs,
        `Quote ${req.quoteId} has no route ${routeIndex} (it has ${q.routes.length})`,
      );
    quoteRef = { quoteId: q.quoteId, routeIndex, route };
  }
  const seen = trackHash(ctx.scope, normalizeHash(req.hash), ctx.nowMs);
  if (quoteRef) {
    seen.quoteId = quoteRef.quoteId;
    seen.routeIndex = quoteRef.routeIndex;
  }
  return json(
    padTrackLegs(
      trackAnswer({
        hash: req.hash,
        chainId: req.chainId,
        elapsed: elapsedSeconds(ctx, seen.firstSeenMs),
        firstSeenMs: seen.firstSeenMs,
        catalog: ctx.catalog,
        ...(quoteRef ? { quote: quoteRef } : {}),
      }),
      ctx.scope.trackLegs,
    ),
  );
}

export function trackTx(ctx: Ctx, body: unknown): Reply {
  const v = validateTrack(ctx, body);
  if (!v.ok) return v.reply;
  const seen = trackHash(ctx.scope, normalizeHash(v.data.hash), ctx.nowMs);
  const q = seen.quoteId ? ctx.service.quotes.get(seen.quoteId) : undefined;
  const route = q?.routes[seen.routeIndex ?? 0]?.json;
  return json(
    trackTxAnswer({
      hash: v.data.hash,
      chainId: v.data.chainId,
      elapsed: elapsedSeconds(ctx, seen.firstSeenMs),
      firstSeenMs: seen.firstSeenMs,
      catalog: ctx.catalog,
      ...(route ? { route } : {}),
    }),
  );
}

// ---- deposit channel -----------------------------------------------------------------------

export function depositChannel(ctx: Ctx, body: unknown): Reply {
  const v = validate(DepositChannelRequest, body, ctx);
  if (!v.ok) return v.reply;
  const req = v.data;
  const errors = assetErrors({ sellAsset: req.sellAsset, buyAsset: req.buyAsset });
  if (errors.length) return validationProblem(ctx.path, ctx.nowMs, errors);
  const sell = ctx.catalog.get(req.sellAsset);
  const buy = ctx.catalog.get(req.buyAsset);
  if (!sell || !buy) {
    const field = !sell ? 'sellAsset' : 'buyAsset';
    return validationProblem(ctx.path, ctx.nowMs, [
      { field, message: `${!sell ? req.sellAsset : req.buyAsset} is not in the token list`, code: 'unknown_asset' },
    ]);
  }
  const served = (['PROTOCOL_B', 'PROTOCOL_B->AGGREGATOR_A'] as const).some(
    (id) => planRoute(id, sell, buy, ctx.catalog).ok,
  );
  if (!served) {
    return validationProblem(ctx.path, ctx.nowMs, [
      {
        field: 'buyAsset',
        message: `PROTOCOL_B does not swap ${req.sellAsset} to ${req.buyAsset}`,
        code: 'unsupported_pair',
      },
    ]);
  }
  const n = ++ctx.service.depositCounter;
  const chain = chainInfo(sell.chain)!;
  const nowSec = Math.floor(ctx.nowMs / 1000);
  // As the protocol writes them: the channel is issued in a block of the protocol's own chain
  // (FLIP), and it expires at a height of the chain the deposit is made on. The two heights
  // count different chains' blocks: neither can be compared with the other.
  const issuedBlock = blockHeightAt('FLIP', nowSec);
  const answer: z.input<typeof DepositChannel> = {
    depositAddress: addressFor(sell.chain, `PROTOCOL_B:deposit:${ctx.service.nonce}:${n}`),
    channelId: `${issuedBlock}-${chain.name}-${n}`,
    issuedBlock,
    sourceChainExpiryBlock: blockHeightAt(sell.chain, nowSec) + channelLifetimeBlocks(sell.chain),
  };
  return json(answer);
}

// ---- lists ---------------------------------------------------------------------------------

export function tokens(ctx: Ctx, query: URLSearchParams): Reply {
  const provider = query.get('provider');
  if (provider !== null && !isProviderId(provider)) {
    return validationProblem(ctx.path, ctx.nowMs, [
      { field: 'provider', message: `unknown provider "${provider}"`, code: 'invalid_enum_value' },
    ]);
  }
  const list = provider ? ctx.catalog.tokens.filter((t) => t.providers.includes(provider)) : ctx.catalog.tokens;
  const answer: z.input<typeof TokenList> = { tokens: list.map(tokenJson), total: list.length };
  return json(answer);
}

export function providers(ctx: Ctx): Reply {
  const counts = new Map<string, number>();
  for (const t of ctx.catalog.tokens) for (const p of t.providers) counts.set(p, (counts.get(p) ?? 0) + 1);
  return json(providerList((id) => counts.get(id) ?? 0));
}

export function poolRates(ctx: Ctx): Reply {
  const rates = ctx.catalog.tokens
    .filter((t) => !t.poolKey.includes('-'))
    .map((t) => {
      const depth =
        Math.max(
          POOL_DEPTH_USD.PROTOCOL_C[t.poolKey] ?? 0,
          POOL_DEPTH_USD.PROTOCOL_A[t.poolKey] ?? 0,
          POOL_DEPTH_USD.PROTOCOL_B[t.poolKey] ?? 0,
        ) || t.dexDepthUsd;
      const volume = Math.round(depth * (0.05 + (hashSeed(t.asset) % 35) / 100));
      return {
        asset: t.asset,
        priceInCacao: divDecimal(t.priceUsd, CACAO_PRICE_USD, 10)!,
        priceInUsd: t.priceUsd,
        poolDepth: String(depth),
        volume24h: String(volume),
      };
    });
  const answer: z.input<typeof PoolRates> = {
    rates,
    cacaoPriceUsd: CACAO_PRICE_USD,
    timestamp: Math.floor(ctx.nowMs / 1000),
  };
  return json(answer);
}

export function connectedAssets(ctx: Ctx, query: URLSearchParams): Reply {
  const sellAsset = query.get('sellAsset');
  if (!sellAsset || !readAsset(sellAsset)) {
    return validationProblem(ctx.path, ctx.nowMs, [
      {
        field: 'sellAsset',
        message: sellAsset ? `"${sellAsset}" is not an asset identifier` : 'sellAsset is required',
        code: sellAsset ? 'invalid_asset' : 'required',
      },
    ]);
  }
  const sell = ctx.catalog.get(sellAsset);
  if (!sell) return notFound(ctx.path, ctx.nowMs, `${sellAsset} is not in the token list`);
  const assets = ctx.catalog.tokens
    .filter((t) => t !== sell && PROVIDER_IDS.some((id) => planRoute(id, sell, t, ctx.catalog).ok))
    .map((t) => t.asset);
  const answer: z.input<typeof ConnectedAssets> = { sellAsset: sell.asset, assets };
  return json(answer);
}

export function networksGraph(): Reply {
  const answer: z.input<typeof NetworksGraph> = {
    networks: CHAINS.map((c) => ({
      chain: c.code,
      name: c.name,
      label: c.label,
      kind: c.kind,
      nativeAsset: `${c.code}.${c.nativeSymbol}`,
      ...(c.evmChainId ? { evmChainId: c.evmChainId } : {}),
    })),
    edges: CHAINS.map((c) => ({ from: c.code, to: [...reachableChains(c.code)] })),
  };
  return json(answer);
}
