/**
 * Route planning and leg pricing: which providers can swap a pair (and through which
 * pools), and what each leg pays out, in base units.
 */
import { chainInfo } from './chains.js';
import { ATOMIC_DEPTH_USD, ATOMIC_MAX_USD, SETTLEMENT, atomicPair, poolDepthUsd, type PoolProtocol } from './pools.js';
import {
  hopInputs,
  pathOut,
  spotOut,
  streamedOut,
  streamingQuantity,
  unitsForUsd,
  usdE6,
  type PoolPath,
} from './pricing.js';
import {
  MULTI_LEG_EVM_CHAINS,
  MULTI_LEG_MID,
  PROTOCOL_CHAIN,
  PROVIDER_CHAINS,
  legProviders,
  pooled,
  type ProviderId,
} from './providers.js';
import type { TokenCatalog, TokenRecord } from './tokens.js';

export type Family = 'PROTOCOL_A' | 'PROTOCOL_B' | 'PROTOCOL_C' | 'AGGREGATOR_A' | 'AGGREGATOR_B' | 'PROTOCOL_D';

export interface LegPlan {
  /** Provider identifier of the leg (`PROTOCOL_A_STREAMING`, `AGGREGATOR_A`). */
  readonly provider: ProviderId;
  readonly family: Family;
  readonly sell: TokenRecord;
  readonly buy: TokenRecord;
  readonly path: PoolPath;
  readonly streaming: boolean;
}

export interface RoutePlan {
  readonly id: ProviderId;
  readonly legs: readonly LegPlan[];
}

export interface PlanError {
  readonly code: string;
  readonly message: string;
  /**
   * A provider that does not serve the pair at all is left out of `providerErrors`
   * unless the request named it; a provider that serves it but fails (amount, liquidity,
   * halt) is always reported.
   */
  readonly relevant: boolean;
}

export type PlanResult = { ok: true; plan: RoutePlan } | ({ ok: false } & PlanError);

const fail = (code: string, message: string, relevant = false): PlanResult => ({ ok: false, code, message, relevant });

/** Fee model per family: curve and proportional fee. */
const CURVES: Readonly<Record<Family, Pick<PoolPath, 'curve' | 'feePpm'>>> = {
  PROTOCOL_A: { curve: 'clp', feePpm: 0 },
  PROTOCOL_C: { curve: 'clp', feePpm: 0 },
  PROTOCOL_B: { curve: 'cp', feePpm: 500 },
  AGGREGATOR_A: { curve: 'cp', feePpm: 3000 },
  AGGREGATOR_B: { curve: 'cp', feePpm: 2500 },
  PROTOCOL_D: { curve: 'cp', feePpm: 5000 },
};

/** Smallest sell value each family quotes, in USD. */
export const MIN_SWAP_USD: Readonly<Record<Family, number>> = {
  PROTOCOL_A: 5,
  PROTOCOL_C: 5,
  PROTOCOL_B: 10,
  AGGREGATOR_A: 1,
  AGGREGATOR_B: 1,
  PROTOCOL_D: 20,
};
/** Streaming variants are offered from this sell value (USD): below it they do not help. */
export const STREAMING_MIN_USD = 10_000;
/** A single (non-streaming) swap may take at most this share of a pool's input side. */
export const MAX_POOL_SHARE_PERCENT = 20n;

function familyOf(provider: ProviderId): Family {
  return provider.replace('_STREAMING', '') as Family;
}

function poolSide(
  protocol: PoolProtocol,
  token: TokenRecord,
  catalog: TokenCatalog,
): { asset: bigint; settle: bigint } {
  const depth = poolDepthUsd(protocol, token.poolKey) ?? 0;
  const settle = catalog.byPoolKey(SETTLEMENT[protocol])!;
  return {
    asset: unitsForUsd(depth, token.decimals, token.priceUsd),
    settle: unitsForUsd(depth, settle.decimals, settle.priceUsd),
  };
}

function protocolPath(protocol: PoolProtocol, sell: TokenRecord, buy: TokenRecord, catalog: TokenCatalog): PoolPath {
  const settle = SETTLEMENT[protocol];
  const hops = [];
  if (sell.poolKey !== settle) {
    const s = poolSide(protocol, sell, catalog);
    hops.push({ reserveIn: s.asset, reserveOut: s.settle });
  }
  if (buy.poolKey !== settle) {
    const b = poolSide(protocol, buy, catalog);
    hops.push({ reserveIn: b.settle, reserveOut: b.asset });
  }
  return { hops, ...CURVES[protocol] };
}

function pairPath(family: Family, sell: TokenRecord, buy: TokenRecord, depthUsd: number): PoolPath {
  return {
    hops: [
      {
        reserveIn: unitsForUsd(depthUsd, sell.decimals, sell.priceUsd),
        reserveOut: unitsForUsd(depthUsd, buy.decimals, buy.priceUsd),
      },
    ],
    ...CURVES[family],
  };
}

function leg(provider: ProviderId, sell: TokenRecord, buy: TokenRecord, catalog: TokenCatalog): LegPlan {
  const family = familyOf(provider);
  const streaming = provider.endsWith('_STREAMING');
  let path: PoolPath;
  if (family === 'PROTOCOL_A' || family === 'PROTOCOL_B' || family === 'PROTOCOL_C')
    path = protocolPath(family, sell, buy, catalog);
  else if (family === 'PROTOCOL_D') path = pairPath(family, sell, buy, ATOMIC_DEPTH_USD);
  else path = pairPath(family, sell, buy, Math.min(sell.dexDepthUsd, buy.dexDepthUsd));
  return { provider, family, sell, buy, path, streaming };
}

const isB = (t: TokenRecord) => pooled('PROTOCOL_B', t.poolKey);

/** How `id` would swap sell -> buy (ignoring amounts and addresses), or why it cannot. */
export function planRoute(id: ProviderId, sell: TokenRecord, buy: TokenRecord, catalog: TokenCatalog): PlanResult {
  const sameChain = sell.chain === buy.chain;
  const legs = legProviders(id);
  if (legs.length === 2) return planMultiLeg(id, sell, buy, catalog);
  const family = familyOf(id);
  switch (family) {
    case 'PROTOCOL_A':
    case 'PROTOCOL_B':
    case 'PROTOCOL_C': {
      const chains = PROVIDER_CHAINS[family];
      if (!chains.includes(sell.chain) || !chains.includes(buy.chain)) {
        return fail(
          'unsupportedChainId',
          `${id} does not serve ${chains.includes(sell.chain) ? buy.chain : sell.chain}`,
        );
      }
      if (sameChain && sell.chain !== PROTOCOL_CHAIN[family])
        return fail('dexAggregationNotSupported', `${id} does not swap within ${sell.chain}`);
      for (const t of [sell, buy]) {
        if (!pooled(family, t.poolKey)) {
          const code =
            family === 'PROTOCOL_B'
              ? t === sell
                ? 'missingChainflipSellAsset'
                : 'missingChainflipBuyAsset'
              : 'tokenNotFound';
          return fail(code, `${t.asset} has no pool on ${family}`);
        }
      }
      return { ok: true, plan: { id, legs: [leg(id, sell, buy, catalog)] } };
    }
    case 'AGGREGATOR_A':
    case 'AGGREGATOR_B': {
      if (!sameChain) return fail('crossChainNotSupported', `${id} swaps within one chain only`);
      if (!PROVIDER_CHAINS[family].includes(sell.chain))
        return fail('unsupportedChainId', `${id} does not serve ${sell.chain}`);
      return { ok: true, plan: { id, legs: [leg(id, sell, buy, catalog)] } };
    }
    case 'PROTOCOL_D': {
      if (sameChain) return fail('dexAggregationNotSupported', `${id} swaps between chains only`);
      if (!atomicPair(sell.poolKey, buy.poolKey))
        return fail('unsupportedChainId', `${id} swaps BTC with LTC, DOGE or BCH only`);
      return { ok: true, plan: { id, legs: [leg(id, sell, buy, catalog)] } };
    }
  }
}

function planMultiLeg(id: ProviderId, sell: TokenRecord, buy: TokenRecord, catalog: TokenCatalog): PlanResult {
  const evmChains = MULTI_LEG_EVM_CHAINS as readonly string[];
  if (sell.chain === buy.chain) return fail('crossChainNotSupported', `${id} is a cross-chain route`);
  const mid = (chain: string) => catalog.byPoolKey(MULTI_LEG_MID[chain]!)!;
  switch (id) {
    case 'AGGREGATOR_A->PROTOCOL_B': {
      if (!evmChains.includes(sell.chain) || sell.native || isB(sell))
        return fail('unsupportedChainId', `${id} sells ERC-20 tokens on ETH or ARB that protocol B does not list`);
      if (!isB(buy)) return fail('missingChainflipBuyAsset', `${buy.asset} is not listed by PROTOCOL_B`);
      const m = mid(sell.chain);
      return {
        ok: true,
        plan: { id, legs: [leg('AGGREGATOR_A', sell, m, catalog), leg('PROTOCOL_B', m, buy, catalog)] },
      };
    }
    case 'PROTOCOL_B->AGGREGATOR_A': {
      if (!evmChains.includes(buy.chain) || buy.native || isB(buy))
        return fail('unsupportedChainId', `${id} buys ERC-20 tokens on ETH or ARB that protocol B does not list`);
      if (!isB(sell)) return fail('missingChainflipSellAsset', `${sell.asset} is not listed by PROTOCOL_B`);
      const m = mid(buy.chain);
      return {
        ok: true,
        plan: { id, legs: [leg('PROTOCOL_B', sell, m, catalog), leg('AGGREGATOR_A', m, buy, catalog)] },
      };
    }
    case 'AGGREGATOR_B->PROTOCOL_B': {
      if (sell.chain !== 'SOL' || sell.native || isB(sell))
        return fail('unsupportedChainId', `${id} sells Solana tokens that protocol B does not list`);
      if (!isB(buy)) return fail('missingChainflipBuyAsset', `${buy.asset} is not listed by PROTOCOL_B`);
      const m = mid('SOL');
      return {
        ok: true,
        plan: { id, legs: [leg('AGGREGATOR_B', sell, m, catalog), leg('PROTOCOL_B', m, buy, catalog)] },
      };
    }
    default:
      return fail('unknownError', `${id} is not a multi-leg route`);
  }
}

/** Chains whose halt stops a route: every leg's chains and each protocol's own chain. */
export function routeChains(plan: RoutePlan): string[] {
  const out = new Set<string>();
  for (const l of plan.legs) {
    out.add(l.sell.chain);
    out.add(l.buy.chain);
    if (l.family === 'PROTOCOL_A' || l.family === 'PROTOCOL_B' || l.family === 'PROTOCOL_C')
      out.add(PROTOCOL_CHAIN[l.family]);
  }
  return [...out];
}

// ---- times and chain fees --------------------------------------------------------------

/** Inbound confirmations counted before a swap starts. */
const CONFIRMATIONS: Readonly<Record<string, number>> = {
  BTC: 1,
  LTC: 2,
  BCH: 1,
  DOGE: 3,
  DASH: 2,
  ZEC: 2,
  ETH: 2,
  ARB: 20,
  BASE: 3,
  BSC: 3,
  AVAX: 2,
  OP: 3,
  MATIC: 10,
  HYPE: 3,
  SOL: 32,
  XRP: 1,
  XRD: 2,
  DOT: 2,
  FLIP: 1,
  GAIA: 1,
  THOR: 1,
  MAYA: 1,
  KUJI: 1,
};

/** Gas of an inbound transfer and of an outbound payment per chain, in USD. */
const CHAIN_FEES_USD: Readonly<Record<string, { network: number; outbound: number }>> = {
  BTC: { network: 1.5, outbound: 2.5 },
  ETH: { network: 2, outbound: 1.8 },
  ARB: { network: 0.05, outbound: 0.1 },
  BASE: { network: 0.02, outbound: 0.05 },
  BSC: { network: 0.08, outbound: 0.1 },
  AVAX: { network: 0.05, outbound: 0.1 },
  OP: { network: 0.02, outbound: 0.05 },
  MATIC: { network: 0.01, outbound: 0.05 },
  HYPE: { network: 0.02, outbound: 0.05 },
  SOL: { network: 0.001, outbound: 0.01 },
  XRP: { network: 0.0001, outbound: 0.02 },
  LTC: { network: 0.01, outbound: 0.05 },
  BCH: { network: 0.005, outbound: 0.05 },
  DOGE: { network: 0.05, outbound: 0.2 },
  GAIA: { network: 0.02, outbound: 0.05 },
  DASH: { network: 0.01, outbound: 0.05 },
  THOR: { network: 0.1, outbound: 0.1 },
  MAYA: { network: 0.5, outbound: 0.5 },
  KUJI: { network: 0.01, outbound: 0.02 },
  DOT: { network: 0.02, outbound: 0.1 },
  XRD: { network: 0.05, outbound: 0.1 },
  FLIP: { network: 0.01, outbound: 0.05 },
  ZEC: { network: 0.005, outbound: 0.05 },
};

const blockSeconds = (chain: string) => chainInfo(chain)?.blockSeconds ?? 6;
const PROTOCOL_DELAY: Readonly<Record<Family, { inbound: number; outbound: number }>> = {
  PROTOCOL_A: { inbound: 6, outbound: 12 },
  PROTOCOL_C: { inbound: 6, outbound: 18 },
  PROTOCOL_B: { inbound: 6, outbound: 24 },
  AGGREGATOR_A: { inbound: 0, outbound: 0 },
  AGGREGATOR_B: { inbound: 0, outbound: 0 },
  PROTOCOL_D: { inbound: 0, outbound: 0 },
};
/** Blocks between two sub-swaps of a streaming swap. */
export const STREAMING_INTERVAL: Readonly<Partial<Record<Family, number>>> = {
  PROTOCOL_A: 1,
  PROTOCOL_C: 1,
  PROTOCOL_B: 2,
};

export interface LegTimes {
  readonly inbound: number;
  readonly swap: number;
  readonly outbound: number;
}

function legTimes(l: LegPlan, quantity: number | undefined): LegTimes {
  const confirm = Math.ceil((CONFIRMATIONS[l.sell.chain] ?? 1) * blockSeconds(l.sell.chain));
  const delay = PROTOCOL_DELAY[l.family];
  switch (l.family) {
    case 'AGGREGATOR_A':
    case 'AGGREGATOR_B':
      return { inbound: confirm, swap: 1, outbound: 0 };
    case 'PROTOCOL_D':
      return { inbound: 2 * confirm, swap: 60, outbound: Math.ceil(2 * blockSeconds(l.buy.chain)) };
    default: {
      const swapBlock = blockSeconds(PROTOCOL_CHAIN[l.family]);
      const base = l.family === 'PROTOCOL_B' ? 2 * swapBlock : swapBlock;
      const swap = quantity ? quantity * (STREAMING_INTERVAL[l.family] ?? 1) * swapBlock : base;
      return {
        inbound: confirm + delay.inbound,
        swap: Math.ceil(swap),
        outbound: Math.ceil(blockSeconds(l.buy.chain)) + delay.outbound,
      };
    }
  }
}

// ---- pricing ---------------------------------------------------------------------------

export interface PricedLeg {
  readonly plan: LegPlan;
  readonly sellUnits: bigint;
  /** Output at spot prices, before any fee. */
  readonly grossUnits: bigint;
  /** Output of the pools (gross - liquidity). */
  readonly outUnits: bigint;
  readonly liquidityUnits: bigint;
  readonly outboundUnits: bigint;
  readonly affiliateUnits: bigint;
  /** What the leg pays out: out - outbound - affiliate. */
  readonly buyUnits: bigint;
  /** Inbound gas in the sell chain's native asset (first leg only). */
  readonly network?: { readonly token: TokenRecord; readonly units: bigint };
  /** Sub-swaps of a streaming leg. */
  readonly quantity?: number;
  readonly times: LegTimes;
}

export interface PriceOptions {
  readonly affiliateBps: number;
  readonly catalog: TokenCatalog;
}

export type PriceResult =
  | { ok: true; legs: PricedLeg[] }
  /** `quiet`: the provider is not meant for this amount (a streaming variant of a small swap). */
  | { ok: false; code: string; message: string; quiet?: boolean };

const usdText = (e6: bigint) => `$${(Number(e6) / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** Prices every leg of a plan for `sellUnits`, or says why the provider refuses the amount. */
export function priceRoute(plan: RoutePlan, sellUnits: bigint, opts: PriceOptions): PriceResult {
  const first = plan.legs[0]!;
  const value = usdE6(sellUnits, first.sell.decimals, first.sell.priceUsd);
  const minUsd = Math.max(...plan.legs.map((l) => MIN_SWAP_USD[l.family]));
  if (value < BigInt(minUsd * 1e6)) {
    return {
      ok: false,
      code: 'swapAmountTooSmall',
      message: `${plan.id} needs at least $${minUsd} (this swap is worth ${usdText(value)})`,
    };
  }
  if (plan.legs.some((l) => l.streaming) && value < BigInt(STREAMING_MIN_USD * 1e6)) {
    return {
      ok: false,
      code: 'swapAmountTooSmall',
      message: `${plan.id} streams swaps from $${STREAMING_MIN_USD.toLocaleString('en-US')}`,
      quiet: true,
    };
  }
  if (plan.legs.some((l) => l.family === 'PROTOCOL_D') && value > BigInt(ATOMIC_MAX_USD * 1e6)) {
    return {
      ok: false,
      code: 'insufficientLiquidity',
      message: `${plan.id} settles swaps up to $${ATOMIC_MAX_USD.toLocaleString('en-US')}`,
    };
  }

  const legs: PricedLeg[] = [];
  let dx = sellUnits;
  for (const [i, l] of plan.legs.entries()) {
    const isLast = i === plan.legs.length - 1;
    const quantity = l.streaming ? streamingQuantity(usdE6(dx, l.sell.decimals, l.sell.priceUsd)) : undefined;
    // A single swap may take MAX_POOL_SHARE_PERCENT of a pool; a streaming one, per sub-swap,
    // and never more than the whole pool in total.
    const piece = quantity ? dx / BigInt(quantity) + (dx % BigInt(quantity)) : dx;
    const pieceInputs = hopInputs(piece, l.path);
    const totalInputs = hopInputs(dx, l.path);
    const tooDeep = l.path.hops.some(
      (h, k) => pieceInputs[k]! * 100n > h.reserveIn * MAX_POOL_SHARE_PERCENT || totalInputs[k]! > h.reserveIn,
    );
    if (tooDeep) {
      return {
        ok: false,
        code: 'insufficientLiquidity',
        message: `${plan.id} pools are too shallow for ${usdText(value)} (${l.sell.symbol} -> ${l.buy.symbol})`,
      };
    }
    const grossUnits = spotOut(dx, l.path);
    const outUnits = quantity ? streamedOut(dx, quantity, l.path) : pathOut(dx, l.path);
    const chargesOutbound = l.family !== 'AGGREGATOR_A' && l.family !== 'AGGREGATOR_B';
    const outboundUnits = chargesOutbound
      ? unitsForUsd(CHAIN_FEES_USD[l.buy.chain]?.outbound ?? 0.05, l.buy.decimals, l.buy.priceUsd)
      : 0n;
    const affiliateUnits = isLast ? (outUnits * BigInt(opts.affiliateBps)) / 10_000n : 0n;
    const buyUnits = outUnits - outboundUnits - affiliateUnits;
    if (buyUnits <= 0n) {
      return {
        ok: false,
        code: 'swapAmountTooSmall',
        message: `${plan.id} fees exceed the output of ${usdText(value)}`,
      };
    }
    const native = i === 0 ? opts.catalog.native(l.sell.chain) : undefined;
    const networkUsd = (CHAIN_FEES_USD[l.sell.chain]?.network ?? 0.01) * (l.sell.native ? 1 : 1.6);
    legs.push({
      plan: l,
      sellUnits: dx,
      grossUnits,
      outUnits,
      liquidityUnits: grossUnits - outUnits,
      outboundUnits,
      affiliateUnits,
      buyUnits,
      ...(native
        ? { network: { token: native, units: unitsForUsd(networkUsd.toFixed(6), native.decimals, native.priceUsd) } }
        : {}),
      ...(quantity ? { quantity } : {}),
      times: legTimes(l, quantity),
    });
    dx = buyUnits;
  }
  return { ok: true, legs };
}
