/**
 * The reference service's second dialect: the real service's words and shapes. The engine
 * always speaks the spec (neutral provider names, the spec's token and tracking shapes); a
 * scope switched to `real` (`POST /__ref/control {"dialect": "real"}`) has its requests read
 * from, and its answers written in, the real dialect at the edge:
 *
 * - provider names: `THORCHAIN`, `CHAINFLIP`, `MAYACHAIN`, `ONEINCH`, `JUPITER`, `GARDEN` and
 *   their `_STREAMING` forms; a multi-leg route lists one provider per leg
 *   (`["ONEINCH", "CHAINFLIP"]`), as the real service does;
 * - routes: `meta.affiliateFee` as a string, `meta.assets[].name` for `asset`;
 * - token lists: `{provider, name, count, timestamp, tokens}` with real tokens (`identifier`,
 *   `ticker`, `symbol` as `TICKER-ADDRESS`, `chainId` as the real service's chain id, `address`);
 *   without `?provider`, one such list per provider (an array);
 * - providers: no `isDexAgg`, no `providers`; chain ids as the real service writes them;
 * - tracking: a flat transaction record (`hash`, `chainId`, `status` in the real words,
 *   `trackingStatus`, `fromAsset`, `fromAmount`, `toAsset`, `toAmount`, `meta.provider`);
 * - errors: `{error, message}`.
 *
 * Deposit channels answer as the real service's own schema declares them: `{channelId,
 * depositAddress, explorerUrl}`, without the spec's two block heights.
 *
 * Its own tables: nothing here comes from the widget's code.
 */
import type { Reply } from './respond.js';

export type Dialect = 'spec' | 'real';
export const DIALECTS: readonly Dialect[] = ['spec', 'real'];

/** Neutral base name -> real name. */
const REAL_NAME: Readonly<Record<string, string>> = {
  PROTOCOL_A: 'THORCHAIN',
  PROTOCOL_B: 'CHAINFLIP',
  PROTOCOL_C: 'MAYACHAIN',
  AGGREGATOR_A: 'ONEINCH',
  AGGREGATOR_B: 'JUPITER',
  PROTOCOL_D: 'GARDEN',
};
const NEUTRAL_NAME: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(REAL_NAME).map(([n, r]) => [r, n]),
);

const LABEL: Readonly<Record<string, string>> = {
  THORCHAIN: 'THORChain',
  CHAINFLIP: 'Chainflip',
  MAYACHAIN: 'Maya Protocol',
  ONEINCH: '1inch',
  JUPITER: 'Jupiter',
  GARDEN: 'Garden',
};

/** Chain code -> the real service's chain id (EIP-155 numbers as strings, names elsewhere). */
const CHAIN_ID: Readonly<Record<string, string>> = {
  ETH: '1',
  ARB: '42161',
  BASE: '8453',
  BSC: '56',
  AVAX: '43114',
  OP: '10',
  MATIC: '137',
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
  TRON: '728126428',
};

export const chainIdOf = (chain: string): string => CHAIN_ID[chain.toUpperCase()] ?? chain.toLowerCase();

/** The chain code of the real service's chain id (`"1"` -> `ETH`, `"bitcoin"` -> `BTC`); the id upper-cased when unknown. */
export const chainCodeOfId = (id: string): string =>
  Object.entries(CHAIN_ID).find(([, v]) => v === id.toLowerCase())?.[0] ?? id.toUpperCase();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, read and edited by path
type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One step's real name: `PROTOCOL_A_STREAMING` -> `THORCHAIN_STREAMING`; unknown names as they are. */
function realStep(step: string): string {
  const streaming = step.endsWith('_STREAMING');
  const base = streaming ? step.slice(0, -'_STREAMING'.length) : step;
  const real = REAL_NAME[base];
  return real ? `${real}${streaming ? '_STREAMING' : ''}` : step;
}

function neutralStep(step: string): string {
  const streaming = step.endsWith('_STREAMING');
  const base = streaming ? step.slice(0, -'_STREAMING'.length) : step;
  const neutral = NEUTRAL_NAME[base];
  return neutral ? `${neutral}${streaming ? '_STREAMING' : ''}` : step;
}

/** A provider identifier in the real dialect, as one string (`A->B` kept as a joined form). */
export function realProvider(id: string): string {
  return id.split('->').map(realStep).join('->');
}

/** A provider identifier the client wrote in the real dialect, in the spec's. */
export function neutralProvider(id: string): string {
  return id.split('->').map(neutralStep).join('->');
}

/** A `providers` array: one entry per leg. */
const realProviders = (ids: unknown): unknown =>
  Array.isArray(ids) ? ids.flatMap((id) => (typeof id === 'string' ? id.split('->').map(realStep) : [id])) : ids;

function realFees(fees: unknown): void {
  if (!Array.isArray(fees)) return;
  for (const f of fees) if (isObject(f) && typeof f.protocol === 'string') f.protocol = realProvider(f.protocol);
}

/** A route (of a quote, or inside a tracking answer) in the real dialect, in place. */
function realRoute(route: unknown): void {
  if (!isObject(route)) return;
  route.providers = realProviders(route.providers);
  realFees(route.fees);
  if (Array.isArray(route.legs)) {
    for (const leg of route.legs) {
      if (!isObject(leg)) continue;
      if (typeof leg.provider === 'string') leg.provider = realProvider(leg.provider);
      realFees(leg.fees);
    }
  }
  const meta = route.meta;
  if (isObject(meta)) {
    if (typeof meta.affiliateFee === 'number') meta.affiliateFee = String(meta.affiliateFee);
    if (Array.isArray(meta.assets)) {
      meta.assets = meta.assets.map((a: unknown) => {
        if (!isObject(a) || typeof a.asset !== 'string') return a;
        const { asset, ...rest } = a;
        return { name: asset.toUpperCase(), ...rest };
      });
    }
  }
}

/** A token of the spec's list as the real service writes it. */
function realToken(t: Json): Json {
  const asset = String(t.asset);
  const dot = asset.indexOf('.');
  const rest = asset.slice(dot + 1);
  const dash = rest.indexOf('-');
  const contract = dash >= 0 ? rest.slice(dash + 1) : '';
  const ticker = String(t.symbol);
  return {
    address: contract,
    chain: t.chain,
    chainId: chainIdOf(String(t.chain)),
    decimals: t.decimals,
    identifier: asset,
    logoURI: t.logoURI,
    name: t.name,
    symbol: contract ? `${ticker}-${contract}` : ticker,
    ticker,
  };
}

function realTokenList(provider: string, tokens: Json[], nowMs: number): Json {
  return {
    provider,
    name: LABEL[provider] ?? provider,
    count: tokens.length,
    timestamp: new Date(nowMs).toISOString(),
    tokens: tokens.map(realToken),
  };
}

const REAL_TRACK_STATUS: Readonly<Record<string, string>> = {
  not_started: 'not_started',
  starting: 'pending',
  broadcasted: 'pending',
  mempool: 'pending',
  inbound: 'pending',
  swapping: 'swapping',
  outbound: 'swapping',
  refunding: 'swapping',
  completed: 'completed',
  refunded: 'refunded',
  partially_refunded: 'refunded',
};

/** A tracking answer of either spec shape as the real service's transaction record. */
export function realTrack(body: Json, request: unknown): Json {
  const data = isObject(body.data) ? body.data : body;
  const route: Json = isObject(data.route) ? data.route : {};
  const info: Json = isObject(data.quoteInfo) ? data.quoteInfo : {};
  const req: Json = isObject(request) ? request : {};
  const status = String(body.trackingStatus ?? 'not_started');
  const provider =
    Array.isArray(route.providers) && typeof route.providers[0] === 'string'
      ? realProvider(route.providers[0])
      : undefined;
  const chain = typeof req.chainId === 'string' ? req.chainId : '';
  return {
    chainId: chainIdOf(chain),
    hash: typeof req.hash === 'string' ? req.hash : '',
    block: 0,
    type: 'swap',
    status: REAL_TRACK_STATUS[status] ?? 'failed',
    trackingStatus: status,
    fromAsset: route.sellAsset,
    fromAmount: route.sellAmount,
    fromAddress: route.sourceAddress ?? info.senderAddress,
    toAsset: route.buyAsset,
    toAmount: route.actualBuyAmount ?? route.expectedBuyAmount,
    toAddress: route.destinationAddress ?? info.recipientAddress,
    meta: { provider, quoteId: info.quoteId },
    legs: [],
  };
}

/** The request of a scope in the real dialect, read in the spec's: provider names. */
export function requestIn(
  path: string,
  body: unknown,
  query: URLSearchParams,
): { body: unknown; query: URLSearchParams } {
  let q = query;
  if (path === '/v1/tokens' && query.get('provider')) {
    q = new URLSearchParams(query);
    q.set('provider', neutralProvider(query.get('provider')!));
  }
  if (path === '/v1/quote' && isObject(body) && Array.isArray(body.providers)) {
    return {
      body: {
        ...body,
        providers: body.providers.map((p: unknown) => (typeof p === 'string' ? neutralProvider(p) : p)),
      },
      query: q,
    };
  }
  return { body, query: q };
}

/** An answer of the engine (the spec's dialect), written in the real one. */
export function replyOut(path: string, reply: Reply, request: unknown, nowMs: number, query: URLSearchParams): Reply {
  const body = reply.body;
  if (typeof body !== 'object' || body === null) return reply;
  const out = structuredClone(body) as Json;
  if (reply.status >= 400) {
    const message = typeof out.detail === 'string' ? out.detail : typeof out.title === 'string' ? out.title : 'error';
    const error = typeof out.type === 'string' ? out.type.replace(/^\/errors\//, '') : 'error';
    return { ...reply, body: { error, message }, contentType: 'application/json' };
  }
  switch (path) {
    case '/v1/quote':
      if (Array.isArray(out.routes)) out.routes.forEach(realRoute);
      if (Array.isArray(out.providerErrors)) {
        for (const e of out.providerErrors)
          if (isObject(e) && typeof e.provider === 'string') e.provider = realProvider(e.provider);
      }
      return { ...reply, body: out };
    case '/v1/track':
      return { ...reply, body: realTrack(out, request) };
    case '/v1/tokens': {
      const tokens: Json[] = Array.isArray(out.tokens) ? out.tokens : [];
      const asked = query.get('provider');
      if (asked) return { ...reply, body: realTokenList(realProvider(asked), tokens, nowMs) };
      const lists = Object.entries(REAL_NAME).map(([neutral, real]) =>
        realTokenList(
          real,
          tokens.filter(
            (t) =>
              Array.isArray(t.providers) &&
              t.providers.some((p: string) => p === neutral || p === `${neutral}_STREAMING`),
          ),
          nowMs,
        ),
      );
      return { ...reply, body: lists.filter((l) => l.tokens.length) };
    }
    case '/v1/providers':
      return {
        ...reply,
        body: (Array.isArray(out) ? out : [])
          .filter((p: Json) => typeof p.provider === 'string' && !p.provider.includes('->'))
          .map(({ isDexAgg: _dex, providers: _legs, ...p }: Json) => ({
            ...p,
            provider: realProvider(p.provider),
            name: realProvider(p.provider),
            displayName: LABEL[realProvider(p.provider).replace(/_STREAMING$/, '')] ?? p.name,
            supportedChainIds: Array.isArray(p.supportedChainIds)
              ? p.supportedChainIds.map((c: string) => chainIdOf(c))
              : [],
            enabledChainIds: Array.isArray(p.supportedChainIds)
              ? p.supportedChainIds.map((c: string) => chainIdOf(c))
              : [],
          })),
      };
    case '/v1/protocol-b-deposit-channel':
      if (typeof out.channelId === 'string') out.explorerUrl = `https://scan.chainflip.io/channels/${out.channelId}`;
      delete out.issuedBlock;
      delete out.sourceChainExpiryBlock;
      return { ...reply, body: out };
    default:
      return reply;
  }
}
