/**
 * `POST /v1/quote`: priced routes of every provider that can swap the pair, with provider
 * errors for the ones that cannot, sorted by expected output, tagged RECOMMENDED, FASTEST
 * and CHEAPEST.
 */
import type * as z from 'zod/mini';
import type { Fee, Leg, ProviderError, QuoteRequest, Route, Warning } from '../../src/schemas/service.js';
import { fractionDigits, fromUnits, toUnits } from './decimal.js';
import { addressFor, evmAddress } from './addresses.js';
import { chainInfo, chainsConnected } from './chains.js';
import { ONEINCH_V6_ROUTER, PROTOCOL_B_SOLANA_VAULT, PROTOCOL_B_VAULTS } from './contracts.js';
import {
  RETRY_DURATION_BLOCKS,
  VAULT_IDS,
  encodeCfParameters,
  minPriceX128,
  vaultAddressBytes,
  vaultSwapTx,
} from './chainflip.js';
import { unoswapTx } from './unoswap.js';
import { planRoute, priceRoute, STREAMING_INTERVAL, routeChains, type PricedLeg, type RoutePlan } from './legs.js';
import { protocolRouter, protocolVault, type NodeProtocol } from './nodes.js';
import { limitE8, memoAssetForms, memoByteLength, writeSwapMemo, type MemoProtocol } from './memo.js';
import { impactPercent, lessBps, usdE6 } from './pricing.js';
import { BASE_PROVIDERS, PROTOCOL_CHAIN, PROVIDER_IDS, type ProviderId } from './providers.js';
import { BASE_TOKENS, evmContract, type TokenCatalog, type TokenRecord } from './tokens.js';
import {
  aggregatorSwapTx,
  cosmosTx,
  isEvmAddress,
  isSolanaAddress,
  routerDepositTx,
  solanaSwapTx,
  type EvmTxJson,
} from './txbuild.js';
import { AFFILIATE_SOLANA_OWNERS, MAX_PLATFORM_FEE_BPS } from './affiliates.js';
import { associatedTokenAccount, mintLookupTable, WSOL } from './solana-tx.js';
import type { Address } from '@solana/kit';
import { keccak256, toBytes } from 'viem';

export type RouteJson = z.input<typeof Route>;
type FeeJson = z.input<typeof Fee>;
type LegJson = z.input<typeof Leg>;
type WarningJson = z.input<typeof Warning>;
export type ProviderErrorJson = z.input<typeof ProviderError>;
export type QuoteRequestData = z.output<typeof QuoteRequest>;

export interface QuoteEnv {
  readonly catalog: TokenCatalog;
  /** Chain codes with trading halted. */
  readonly halted: ReadonlySet<string>;
  readonly nowMs: number;
  /** How long routes are valid (seconds); default `ROUTE_TTL_SECONDS`. */
  readonly routeTtlSeconds?: number;
  /** Protocol B answers an EVM sell with a call of its Vault (`chainflip.ts`) rather than a deposit channel. */
  readonly vaultSwaps?: boolean;
  /** Aggregator A answers a one-pool, one-chain swap with 1inch's `unoswap` family (`unoswap.ts`). */
  readonly unoswap?: boolean;
  /** Solana transactions load their mints from the shared lookup table of mints (`mintTable` of solana-tx.ts). */
  readonly solanaMintTable?: boolean;
}

export interface BuiltRoute {
  readonly json: RouteJson;
  readonly providerId: ProviderId;
  readonly legs: readonly PricedLeg[];
  /** Sub-swaps of a streaming route. */
  readonly streamingQuantity?: number;
  readonly streamingInterval?: number;
  readonly feeUsdE6: bigint;
}

export interface QuoteResult {
  readonly routes: readonly BuiltRoute[];
  readonly providerErrors: readonly ProviderErrorJson[];
}

/** The service's broker account on protocol B's State Chain (32 bytes), which its vault swaps name. */
const BROKER_ACCOUNT = keccak256(toBytes('PROTOCOL_B:broker'));

/** Routes are valid this long (seconds). */
export const ROUTE_TTL_SECONDS = 600;
/** Price impact (percent) above which a route carries a `highPriceImpact` warning. */
export const HIGH_IMPACT_PERCENT = 2;
/** RECOMMENDED weighs output against time: 3 millionths of output per second. */
export const TIME_PENALTY_PPM_PER_SECOND = 3n;

const MEMO_FAMILIES = new Set(['PROTOCOL_A', 'PROTOCOL_C']);

export function buildQuote(req: QuoteRequestData, env: QuoteEnv): QuoteResult {
  const explicit = req.providers ? ([...new Set(req.providers)] as ProviderId[]) : undefined;
  const everyone = (code: string, message: string): QuoteResult => ({
    routes: [],
    providerErrors: (explicit ?? BASE_PROVIDERS).map((provider) => ({ provider, errorCode: code, message })),
  });

  const sell = env.catalog.get(req.sellAsset);
  const buy = env.catalog.get(req.buyAsset);
  if (!sell || !buy)
    return everyone('tokenNotFound', `${!sell ? req.sellAsset : req.buyAsset} is not in the token list`);
  if (fractionDigits(req.sellAmount) > sell.decimals) {
    return everyone('invalidSellAmount', `sellAmount has more than ${sell.decimals} decimal places for ${sell.asset}`);
  }
  const sellUnits = toUnits(req.sellAmount, sell.decimals);
  if (sellUnits === 0n) return everyone('invalidSellAmount', 'sellAmount must be greater than 0');
  if (!chainsConnected(sell.chain, buy.chain)) {
    return everyone('crossChainNotSupported', `no path from ${sell.chain} to ${buy.chain}`);
  }

  const affiliateBps = req.affiliate && req.affiliateFee ? req.affiliateFee : 0;
  const routes: BuiltRoute[] = [];
  const providerErrors: ProviderErrorJson[] = [];
  for (const id of explicit ?? PROVIDER_IDS) {
    const planned = planRoute(id, sell, buy, env.catalog);
    if (!planned.ok) {
      if (explicit || planned.relevant)
        providerErrors.push({ provider: id, errorCode: planned.code, message: planned.message });
      continue;
    }
    const halted = routeChains(planned.plan).filter((c) => env.halted.has(c));
    if (halted.length) {
      providerErrors.push({
        provider: id,
        errorCode: 'tradingHalted',
        message: `trading is halted on ${halted.join(', ')}`,
      });
      continue;
    }
    if (MEMO_FAMILIES.has(planned.plan.legs[0]!.family) && !req.destinationAddress) {
      providerErrors.push({
        provider: id,
        errorCode: 'unknownError',
        message: 'destinationAddress is required for memo routes',
      });
      continue;
    }
    const priced = priceRoute(planned.plan, sellUnits, { affiliateBps, catalog: env.catalog });
    if (!priced.ok) {
      if (priced.quiet && !explicit) continue;
      providerErrors.push({ provider: id, errorCode: priced.code, message: priced.message });
      continue;
    }
    const built = assembleRoute(planned.plan, priced.legs, req, env, sell, buy);
    if ('error' in built) providerErrors.push(built.error);
    else routes.push(built);
  }

  routes.sort((a, b) => {
    const x = a.legs[a.legs.length - 1]!.buyUnits;
    const y = b.legs[b.legs.length - 1]!.buyUnits;
    return x > y ? -1 : x < y ? 1 : 0;
  });
  tagRoutes(routes);
  return { routes, providerErrors };
}

// ---- one route ---------------------------------------------------------------------------

function assembleRoute(
  plan: RoutePlan,
  legs: readonly PricedLeg[],
  req: QuoteRequestData,
  env: QuoteEnv,
  sell: TokenRecord,
  buy: TokenRecord,
): BuiltRoute | { error: ProviderErrorJson } {
  const slippageBps = Math.round(req.slippage * 100);
  const affiliateBps = req.affiliate && req.affiliateFee ? req.affiliateFee : 0;
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  const family = first.plan.family;
  const nowSec = Math.floor(env.nowMs / 1000);
  const expiration = nowSec + (env.routeTtlSeconds ?? ROUTE_TTL_SECONDS);
  // The route speaks of the assets as the request wrote them.
  const idOf = (t: TokenRecord) => (t === sell ? req.sellAsset : t === buy ? req.buyAsset : t.asset);
  const amount = (units: bigint, t: TokenRecord) => fromUnits(units, t.decimals);

  const expectedUnits = last.buyUnits;
  const maxSlippageUnits = lessBps(expectedUnits, slippageBps);
  const expectedBuyAmount = amount(expectedUnits, buy);
  const expectedBuyAmountMaxSlippage = amount(maxSlippageUnits, buy);

  let feeUsdE6 = 0n;
  const legJson: LegJson[] = legs.map((l) => {
    const lower = l.plan.family === 'PROTOCOL_B';
    const type = (upper: string, lowerName = upper.toLowerCase()) => (lower ? lowerName : upper);
    const base = { protocol: l.plan.provider };
    const fees: FeeJson[] = [];
    const fee = (t: string, token: TokenRecord, units: bigint) => {
      feeUsdE6 += usdE6(units, token.decimals, token.priceUsd);
      fees.push({ type: t, asset: idOf(token), amount: amount(units, token), chain: token.chain, ...base });
    };
    if (l.network) fee(type('NETWORK', 'inbound'), l.network.token, l.network.units);
    fee(type('LIQUIDITY'), l.plan.buy, l.liquidityUnits);
    if (l.outboundUnits > 0n) fee(type('OUTBOUND'), l.plan.buy, l.outboundUnits);
    if (l.affiliateUnits > 0n) fee(type('AFFILIATE'), l.plan.buy, l.affiliateUnits);
    return {
      provider: l.plan.provider,
      sellAsset: idOf(l.plan.sell),
      buyAsset: idOf(l.plan.buy),
      sellAmount: amount(l.sellUnits, l.plan.sell),
      buyAmount: amount(l.buyUnits, l.plan.buy),
      buyAmountMaxSlippage: amount(lessBps(l.buyUnits, slippageBps), l.plan.buy),
      fees,
    };
  });

  // Times: the first leg's inbound, the last leg's outbound, everything between is swap time.
  const inbound = first.times.inbound;
  const outbound = last.times.outbound;
  const swap = legs.reduce(
    (n, l, i) => n + l.times.swap + (i > 0 ? l.times.inbound : 0) + (i < legs.length - 1 ? l.times.outbound : 0),
    0,
  );

  let kept = 1;
  for (const l of legs) kept *= Number((l.outUnits * 100_000_000n) / (l.grossUnits || 1n)) / 1e8;
  const priceImpact =
    legs.length === 1 ? impactPercent(first.grossUnits, first.outUnits) : Math.round((1 - kept) * 1e6) / 1e4;

  const streamingLeg = legs.find((l) => l.quantity);
  const warnings: WarningJson[] = [];
  if (priceImpact > HIGH_IMPACT_PERCENT) {
    warnings.push({
      code: 'highPriceImpact',
      display: `High price impact: ${priceImpact.toFixed(2)}%`,
      tooltip:
        'The swap is large for the pools it goes through; a streaming route or a smaller amount gets a better price.',
    });
  }
  if (streamingLeg) {
    warnings.push({
      code: 'streamingSwap',
      display: `Streaming swap in ${streamingLeg.quantity} sub-swaps`,
      tooltip: 'The swap is split into smaller swaps a few blocks apart: a better price, a longer wait.',
    });
  }

  const route: RouteJson = {
    providers: legs.map((l) => l.plan.provider),
    sellAsset: req.sellAsset,
    buyAsset: req.buyAsset,
    sellAmount: amount(first.sellUnits, sell),
    expectedBuyAmount,
    expectedBuyAmountMaxSlippage,
    ...(req.sourceAddress ? { sourceAddress: req.sourceAddress } : {}),
    ...(req.destinationAddress ? { destinationAddress: req.destinationAddress } : {}),
    fees: legJson.flatMap((l) => l.fees ?? []),
    estimatedTime: { inbound, swap, outbound, total: inbound + swap + outbound },
    totalSlippageBps: Math.round(priceImpact * 100),
    legs: legJson,
    meta: {
      priceImpact,
      slippagePercent: req.slippage,
      assets: [
        { asset: req.sellAsset, price: Number(sell.priceUsd), image: sell.logoURI },
        { asset: req.buyAsset, price: Number(buy.priceUsd), image: buy.logoURI },
      ],
      ...(req.affiliate ? { affiliate: req.affiliate } : {}),
      ...(req.affiliateFee !== undefined ? { affiliateFee: req.affiliateFee } : {}),
      tags: [],
      txType: txTypeOf(family, sell.chain),
    },
    warnings,
  };
  const meta = route.meta!;

  const sellChain = chainInfo(sell.chain)!;
  const evmSell = sellChain.kind === 'evm';
  const source = req.sourceAddress;
  const wantTx = req.includeTx === true;
  const noTxWarning = () =>
    warnings.push({
      code: 'sourceAddressRequired',
      display: 'No transaction: sourceAddress is missing or invalid',
      tooltip: 'includeTx needs a valid sourceAddress on the sell chain.',
    });

  if (MEMO_FAMILIES.has(family)) {
    const memo = swapMemo(plan, req, limitE8(expectedBuyAmountMaxSlippage), first.quantity, sellChain.memoLimit);
    if (!memo)
      return {
        error: {
          provider: plan.id,
          errorCode: 'unknownError',
          message: `the memo does not fit the ${sell.chain} memo limit`,
        },
      };
    const protocol = family;
    const vault = protocolVault(protocol as NodeProtocol, sell.chain);
    // Selling the protocol chain's own coin (RUNE to protocol A, CACAO to protocol C) is a
    // deposit message on that chain: there is no inbound address to send to.
    const deposit = sell.chain === PROTOCOL_CHAIN[protocol as 'PROTOCOL_A' | 'PROTOCOL_C'];
    route.memo = memo;
    if (!deposit) route.inboundAddress = vault;
    route.expiration = String(expiration);
    if (evmSell) {
      const router = protocolRouter(protocol as NodeProtocol, sell.chain);
      route.targetAddress = router;
      if (!sell.native) meta.approvalAddress = router;
      if (wantTx) {
        if (isEvmAddress(source)) {
          const token = evmContract(sell);
          route.tx = routerDepositTx({
            chain: sell.chain,
            router,
            vault: vault as `0x${string}`,
            from: source,
            amount: first.sellUnits,
            memo,
            expiration,
            ...(token ? { token } : {}),
          });
        } else noTxWarning();
      }
    } else if (wantTx && sellChain.kind === 'cosmos') {
      const tx = source
        ? cosmosTx({ chain: sell.chain, from: source, ...(deposit ? {} : { vault }), amount: first.sellUnits, memo })
        : undefined;
      if (tx) route.tx = tx;
      else noTxWarning();
    }
  } else if (family === 'AGGREGATOR_A') {
    // Aggregator A is 1inch's Aggregation Router v6: its router is the contract called and the spender approved.
    const router = ONEINCH_V6_ROUTER;
    route.targetAddress = router;
    route.expiration = String(expiration);
    if (!sell.native) meta.approvalAddress = router;
    if (wantTx) {
      if (isEvmAddress(source)) {
        const toB = legs.length > 1;
        const dest = req.destinationAddress;
        // Before protocol B: into protocol B's Vault on the sell chain (a transfer the widget
        // refuses: nothing in it carries the swap on, see its first-leg-unbound).
        const recipient = toB ? PROTOCOL_B_VAULTS[sell.chain]! : isEvmAddress(dest) ? dest : source;
        route.tx =
          env.unoswap && !toB
            ? unoswapTx({
                chain: sell.chain,
                chainId: sellChain.evmChainId!,
                router,
                from: source,
                recipient,
                ...(evmContract(first.plan.sell) ? { tokenIn: evmContract(first.plan.sell)! } : {}),
                ...(evmContract(first.plan.buy) ? { tokenOut: evmContract(first.plan.buy)! } : {}),
                amountIn: first.sellUnits,
                minReturn: lessBps(first.buyUnits, slippageBps),
              })
            : aggregatorTx(router, source, first, recipient, slippageBps, expiration);
      } else noTxWarning();
    }
  } else if (family === 'AGGREGATOR_B') {
    route.expiration = String(expiration);
    if (wantTx) {
      if (isSolanaAddress(source)) {
        // One leg: the output goes to the destination (a Solana address) or back to the user;
        // before protocol B: to protocol B's deposit address, which swaps it on.
        const toB = legs.length > 1;
        const dest = req.destinationAddress;
        const recipient = toB ? PROTOCOL_B_SOLANA_VAULT : isSolanaAddress(dest) ? dest : source;
        // The affiliate's fee, on a one-leg route, as a platform fee into its owner's account of
        // the output mint, when the service knows that owner (affiliates.ts).
        const owner = !toB && req.affiliate && req.affiliateFee ? AFFILIATE_SOLANA_OWNERS[req.affiliate] : undefined;
        const feeBps = owner && req.affiliateFee! <= MAX_PLATFORM_FEE_BPS ? req.affiliateFee! : 0;
        const platformFee = feeBps
          ? {
              bps: feeBps,
              account: associatedTokenAccount(owner as Address, (first.plan.buy.contract ?? WSOL) as Address),
            }
          : undefined;
        route.tx = solanaSwapTx({
          from: source,
          ...(first.plan.sell.contract ? { mintIn: first.plan.sell.contract } : {}),
          ...(first.plan.buy.contract ? { mintOut: first.plan.buy.contract } : {}),
          amountIn: first.sellUnits,
          quotedOut: platformFee
            ? quotedBeforeFee(first.outUnits, maxSlippageUnits, slippageBps, feeBps)
            : first.buyUnits,
          ...(platformFee ? { platformFee } : {}),
          ...(env.solanaMintTable ? { mintTable: mintLookupTable(BASE_TOKENS) } : {}),
          slippageBps,
          recipient,
          createRecipientAccount: !toB,
          seed: `${source}:${nowSec}:${req.sellAmount}:${plan.id}`,
        });
      } else noTxWarning();
    }
  } else if (family === 'PROTOCOL_B' && env.vaultSwaps && evmSell && legs.length === 1 && wantTx) {
    // A vault swap: a call of protocol B's Vault on the sell chain that carries the destination,
    // the asset bought and the least price (`chainflip.ts`), in place of a deposit channel.
    const vault = PROTOCOL_B_VAULTS[sell.chain];
    const src = VAULT_IDS[sell.poolKey];
    const dst = VAULT_IDS[buy.poolKey];
    const dstAddress = req.destinationAddress ? vaultAddressBytes(buy.chain, req.destinationAddress) : undefined;
    if (vault && src && dst && dstAddress && isEvmAddress(source)) {
      const token = evmContract(sell);
      route.tx = vaultSwapTx({
        chainId: sellChain.evmChainId!,
        vault,
        from: source,
        ...(token ? { token } : {}),
        amount: first.sellUnits,
        dstChain: dst[0],
        dstToken: dst[1],
        dstAddress,
        cfParameters: encodeCfParameters({
          retryDurationBlocks: RETRY_DURATION_BLOCKS,
          refundAddress: source.toLowerCase() as `0x${string}`,
          minPriceX128: minPriceX128(first.sellUnits, maxSlippageUnits),
          brokerAccount: BROKER_ACCOUNT,
          brokerBps: affiliateBps,
        }),
      });
      route.targetAddress = vault;
      if (!sell.native) meta.approvalAddress = vault;
      route.expiration = String(expiration);
      meta.txType = 'EVM';
    } else noTxWarning();
  } else if (family === 'PROTOCOL_D') {
    route.targetAddress = addressFor(sell.chain, `PROTOCOL_D:htlc:${req.destinationAddress ?? ''}:${first.sellUnits}`);
    route.expiration = String(expiration);
  }
  // Protocol B's other routes (deposit channels) carry no memo, no inbound address and no expiration.

  return {
    json: route,
    providerId: plan.id,
    legs,
    ...(streamingLeg
      ? {
          streamingQuantity: streamingLeg.quantity!,
          streamingInterval: STREAMING_INTERVAL[streamingLeg.plan.family] ?? 1,
        }
      : {}),
    feeUsdE6,
  };
}

function aggregatorTx(
  router: `0x${string}`,
  from: `0x${string}`,
  l: PricedLeg,
  recipient: `0x${string}`,
  slippageBps: number,
  deadline: number,
): EvmTxJson {
  const tokenIn = evmContract(l.plan.sell);
  const tokenOut = evmContract(l.plan.buy);
  return aggregatorSwapTx({
    chain: l.plan.sell.chain,
    router,
    executor: evmAddress(`AGGREGATOR_A:executor:${l.plan.sell.chain}`),
    from,
    ...(tokenIn ? { tokenIn } : {}),
    ...(tokenOut ? { tokenOut } : {}),
    amountIn: l.sellUnits,
    minAmountOut: lessBps(l.buyUnits, slippageBps),
    recipient,
    deadline,
  });
}

/**
 * The quoted output a Jupiter swap with a platform fee of `feeBps` in the output mint is
 * written with: the pools' output before the fee, raised until the swap's floor, net of the
 * fee, is at least the route's minimum (the program's source is closed: whether it takes the
 * fee before or after checking its floor is not published, so the floor holds either way).
 */
function quotedBeforeFee(outUnits: bigint, minimumUnits: bigint, slippageBps: number, feeBps: number): bigint {
  let quoted = outUnits;
  while (lessBps(lessBps(quoted, slippageBps), feeBps) < minimumUnits) quoted += 1n;
  return quoted;
}

function txTypeOf(family: string, chain: string): string | null {
  if (family === 'PROTOCOL_B') return null; // the deposit channel decides how to pay
  switch (chainInfo(chain)?.kind) {
    case 'evm':
      return 'EVM';
    case 'utxo':
      return 'PSBT';
    case 'cosmos':
      return 'COSMOS';
    case 'solana':
      return 'SOLANA';
    case 'xrp':
      return 'XRP';
    case 'radix':
      return 'RADIX';
    default:
      return null;
  }
}

/**
 * The memo of a protocol-memo route. When the long form does not fit the sell chain's
 * memo limit, the asset is written in the short forms the route's protocol reads (the
 * contract cut to its last 5 characters, then the protocol's own short code).
 */
function swapMemo(
  plan: RoutePlan,
  req: QuoteRequestData,
  limit: bigint,
  quantity: number | undefined,
  memoLimit: number,
): string | undefined {
  const protocol = plan.legs[0]!.family as MemoProtocol;
  for (const asset of memoAssetForms(protocol, req.buyAsset)) {
    const memo = writeSwapMemo({
      asset,
      destination: req.destinationAddress!,
      limitE8: limit,
      ...(quantity ? { streaming: { interval: STREAMING_INTERVAL[plan.legs[0]!.family] ?? 1, quantity } } : {}),
      ...(req.affiliate ? { affiliate: { name: req.affiliate, bps: req.affiliateFee ?? 0 } } : {}),
    });
    if (memoByteLength(memo) <= memoLimit) return memo;
  }
  return undefined;
}

// ---- tags --------------------------------------------------------------------------------

function tagRoutes(routes: BuiltRoute[]): void {
  if (!routes.length) return;
  const total = (r: BuiltRoute) => {
    const t = r.json.estimatedTime;
    return typeof t === 'number' ? t : (t?.total ?? 0);
  };
  const score = (r: BuiltRoute) =>
    r.legs[r.legs.length - 1]!.buyUnits *
    (1_000_000n - TIME_PENALTY_PPM_PER_SECOND * BigInt(Math.min(total(r), 100_000)));
  const best = <T extends number | bigint>(key: (r: BuiltRoute) => T, better: (a: T, b: T) => boolean) =>
    routes.reduce((a, b) => (better(key(b), key(a)) ? b : a));
  const tag = (r: BuiltRoute, t: string) => (r.json.meta!.tags as string[]).push(t);
  tag(
    best(score, (a, b) => a > b),
    'RECOMMENDED',
  );
  tag(
    best(total, (a, b) => a < b),
    'FASTEST',
  );
  tag(
    best(
      (r) => r.feeUsdE6,
      (a, b) => a < b,
    ),
    'CHEAPEST',
  );
}
