/**
 * `POST /v1/track` and `POST /v1/track-tx`: a swap's state over time, decided by its hash
 * (see hashes.ts) and the time since the service first saw the hash in the scope.
 */
import type * as z from 'zod/mini';
import type { TrackFlat, TrackWrapped, TxStatus } from '../../src/schemas/service.js';
import { fractionDigits, fromUnits, toUnits } from './decimal.js';
import { addressFor, txHashFor } from './addresses.js';
import { chainOfAsset as assetChain } from './asset.js';
import { blockHeightAt } from './blocks.js';
import { chainInfo } from './chains.js';
import {
  TIMELINES,
  derivedHex,
  hashOutcome,
  hashSeed,
  hashShape,
  normalizeHash,
  statusAt,
  swappingProgress,
  type HashOutcome,
  type TrackingStatus,
} from './hashes.js';
import { unitsForUsd } from './pricing.js';
import type { RouteJson } from './quote.js';
import type { TokenCatalog } from './tokens.js';

export type TrackFlatJson = z.input<typeof TrackFlat>;
export type TrackWrappedJson = z.input<typeof TrackWrapped>;
export type TxStatusJson = z.input<typeof TxStatus>;

/** A quote's route as the service keeps it for tracking. */
export interface StoredRoute {
  readonly json: RouteJson;
  readonly streamingQuantity?: number;
  readonly streamingInterval?: number;
}

export interface TrackInput {
  readonly hash: string;
  readonly chainId: string;
  /** Seconds since first seen, multiplied by the time scale. */
  readonly elapsed: number;
  readonly firstSeenMs: number;
  readonly quote?: { readonly quoteId: string; readonly routeIndex: number; readonly route: StoredRoute };
  readonly catalog: TokenCatalog;
}

/** Seconds between two confirmations in the simulated timeline. */
const CONFIRMATION_SECONDS = 3;

const STAGES: Readonly<Record<TrackingStatus, string>> = {
  not_started: 'pending',
  starting: 'pending',
  broadcasted: 'inbound_broadcast',
  mempool: 'inbound_mempool',
  inbound: 'inbound_confirmed',
  swapping: 'swap_in_progress',
  outbound: 'outbound_scheduled',
  completed: 'outbound_confirmed',
  refunding: 'refund_scheduled',
  refunded: 'refund_confirmed',
  partially_refunded: 'refund_confirmed',
  dropped: 'inbound_dropped',
  reverted: 'inbound_reverted',
  replaced: 'inbound_replaced',
  retries_exceeded: 'tracking_failed',
  parsing_error: 'tracking_failed',
};

function at(outcome: HashOutcome, status: TrackingStatus): number | undefined {
  return TIMELINES[outcome].find(([s]) => s === status)?.[1];
}

/** Ratio `permille / 1000` of a decimal string, keeping `digits` fraction digits. */
function scaleDecimal(value: string, permille: number, digits: number): string {
  return fromUnits((toUnits(value, digits) * BigInt(permille)) / 1000n, digits);
}

/** A plausible route for a hash tracked without a quote: the chain's native coin to BTC (or ETH), deterministic. */
function genericRoute(hash: string, chainId: string, catalog: TokenCatalog): StoredRoute {
  const seed = hashSeed(normalizeHash(hash));
  const sell = catalog.native(chainId) ?? catalog.get('ETH.ETH')!;
  const buy = catalog.get(sell.chain === 'BTC' ? 'ETH.ETH' : 'BTC.BTC')!;
  const usd = 100 + (seed % 4900);
  const sellUnits = unitsForUsd(usd, sell.decimals, sell.priceUsd);
  const expected = (unitsForUsd(usd, buy.decimals, buy.priceUsd) * 995n) / 1000n;
  const n = normalizeHash(hash);
  return {
    json: {
      providers: ['PROTOCOL_A'],
      sellAsset: sell.asset,
      buyAsset: buy.asset,
      sellAmount: fromUnits(sellUnits, sell.decimals),
      expectedBuyAmount: fromUnits(expected, buy.decimals),
      expectedBuyAmountMaxSlippage: fromUnits((expected * 99n) / 100n, buy.decimals),
      sourceAddress: addressFor(sell.chain, `sender:${n}`),
      destinationAddress: addressFor(buy.chain, `recipient:${n}`),
      estimatedTime: { inbound: 8, swap: 37, outbound: 15, total: 60 },
      fees: [],
      legs: [],
      meta: { tags: [], assets: [], txType: null },
    },
  };
}

interface Progress {
  readonly outcome: HashOutcome;
  readonly status: TrackingStatus;
  readonly final: boolean;
  readonly isStreaming: boolean;
  readonly streamingProgress?: { percentage: number; count: number; quantity: number; interval: number };
  readonly actualBuyAmount?: string;
  readonly refundAmount?: string;
  readonly outboundHash?: string;
  readonly refundHash?: string;
  readonly error?: string;
}

function progressOf(input: TrackInput, route: StoredRoute): Progress {
  const n = normalizeHash(input.hash);
  const seed = hashSeed(n);
  const outcome = hashOutcome(n);
  const t = input.elapsed;
  const point = statusAt(outcome, t);
  const status = point.status;
  const r = route.json;
  const sellChain = assetChain(r.sellAsset);
  const buyChain = assetChain(r.buyAsset);

  const partialPermille = 300 + (seed % 500); // share swapped before a partial refund
  const isStreaming =
    outcome === 'streaming' || outcome === 'partially_refunded' || route.streamingQuantity !== undefined;
  let streamingProgress: Progress['streamingProgress'];
  if (isStreaming) {
    const quantity = route.streamingQuantity ?? 5 + (seed % 26);
    let share = swappingProgress(outcome, t) ?? 0;
    if (outcome === 'partially_refunded') share *= partialPermille / 1000;
    const count = Math.floor(share * quantity + 1e-9);
    streamingProgress = {
      percentage: Math.round((count / quantity) * 1000) / 10,
      count,
      quantity,
      interval: route.streamingInterval ?? 1,
    };
  }

  const expected = r.expectedBuyAmount;
  const minimum = r.expectedBuyAmountMaxSlippage;
  const buyDigits = Math.max(
    fractionDigits(expected),
    fractionDigits(minimum),
    input.catalog.get(r.buyAsset)?.decimals ?? 0,
  );
  const sellDigits = input.catalog.get(r.sellAsset)?.decimals ?? Math.max(8, fractionDigits(r.sellAmount));
  // Filled between expected and the slippage limit, deterministically from the hash.
  const shortfall = ((toUnits(expected, buyDigits) - toUnits(minimum, buyDigits)) * BigInt((seed >>> 8) % 800)) / 1000n;
  const filled = fromUnits(toUnits(expected, buyDigits) - shortfall, buyDigits);

  const tOutbound = at(outcome, 'outbound') ?? at(outcome, 'refunding');
  const outboundHash =
    tOutbound !== undefined && t >= tOutbound && outcome !== 'refunded' ? txHashFor(buyChain, `out:${n}`) : undefined;
  const refunding = at(outcome, 'refunding');
  const refundHash = refunding !== undefined && t >= refunding ? txHashFor(sellChain, `refund:${n}`) : undefined;

  let actualBuyAmount: string | undefined;
  let refundAmount: string | undefined;
  let error: string | undefined;
  switch (outcome) {
    case 'completed':
    case 'streaming':
      if (status === 'outbound' || status === 'completed') actualBuyAmount = filled;
      break;
    case 'partially_refunded':
      if (refundHash) {
        actualBuyAmount = scaleDecimal(filled, partialPermille, buyDigits);
        refundAmount = scaleDecimal(r.sellAmount, Math.floor(((1000 - partialPermille) * 995) / 1000), sellDigits);
        error = `swap partially filled: ${(partialPermille / 10).toFixed(1)}% swapped before the price passed the limit, the rest refunded`;
      }
      break;
    case 'refunded':
      if (refundHash) {
        refundAmount = scaleDecimal(r.sellAmount, 995, sellDigits);
        error = `swap refunded: output would be below the limit of ${minimum} ${r.buyAsset}`;
      }
      break;
    case 'dropped':
      if (point.final) error = 'inbound transaction dropped from the mempool';
      break;
    case 'reverted':
      if (point.final) error = 'inbound transaction reverted: execution reverted';
      break;
    case 'replaced':
      if (point.final) error = 'inbound transaction replaced by another with the same nonce';
      break;
    case 'retries_exceeded':
      if (point.final) error = 'tracking retries exceeded: the inbound transaction was not observed';
      break;
    case 'parsing_error':
      if (point.final) error = 'could not parse the memo of the inbound transaction';
      break;
  }
  return {
    outcome,
    status,
    final: point.final,
    isStreaming,
    ...(streamingProgress ? { streamingProgress } : {}),
    ...(actualBuyAmount ? { actualBuyAmount } : {}),
    ...(refundAmount ? { refundAmount } : {}),
    ...(outboundHash ? { outboundHash } : {}),
    ...(refundHash ? { refundHash } : {}),
    ...(error ? { error } : {}),
  };
}

function confirmationsSince(start: number | undefined, t: number): number {
  return start === undefined || t < start ? 0 : 1 + Math.floor((t - start) / CONFIRMATION_SECONDS);
}

export function trackAnswer(input: TrackInput): TrackFlatJson | TrackWrappedJson {
  const route = input.quote?.route ?? genericRoute(input.hash, input.chainId, input.catalog);
  const r = route.json;
  const p = progressOf(input, route);
  const n = normalizeHash(input.hash);
  const sellChain = assetChain(r.sellAsset);
  const buyChain = assetChain(r.buyAsset);
  const provider = r.providers.join('->');
  const sender = r.sourceAddress ?? addressFor(sellChain, `sender:${n}`);
  const recipient = r.destinationAddress ?? addressFor(buyChain, `recipient:${n}`);
  const streaming = p.isStreaming
    ? { isStreaming: true, ...(p.streamingProgress ? { streamingProgress: p.streamingProgress } : {}) }
    : {};
  const quoteInfo = {
    quoteId: input.quote?.quoteId ?? null,
    routeIndex: input.quote?.routeIndex ?? null,
    senderAddress: sender,
    recipientAddress: recipient,
    provider,
  };

  if (hashShape(n) === 'flat') {
    return {
      trackingStatus: p.status,
      quoteInfo: { ...quoteInfo, trackParams: { hash: input.hash, chain: input.chainId } },
      route: {
        providers: r.providers,
        sellAsset: r.sellAsset,
        sellAmount: r.sellAmount,
        buyAsset: r.buyAsset,
        expectedBuyAmount: r.expectedBuyAmount,
        expectedBuyAmountMaxSlippage: r.expectedBuyAmountMaxSlippage,
        ...(p.actualBuyAmount ? { actualBuyAmount: p.actualBuyAmount } : {}),
        sourceAddress: sender,
        destinationAddress: recipient,
        estimatedTime: r.estimatedTime ?? null,
      },
      ...streaming,
      trackMeta:
        p.outboundHash || p.refundHash
          ? {
              outputTxHash: p.outboundHash ?? p.refundHash,
              ...(p.refundAmount
                ? { refundTxHash: p.refundHash, refundAmount: p.refundAmount, refundAsset: r.sellAsset }
                : {}),
            }
          : null,
      ...(p.error ? { error: p.error } : {}),
    };
  }

  const t = input.elapsed;
  const firstSeenSec = Math.floor(input.firstSeenMs / 1000);
  const tInbound = at(p.outcome, 'inbound') ?? at(p.outcome, 'reverted');
  const seen = p.status !== 'starting' && p.status !== 'not_started';
  const inboundConfirmations = confirmationsSince(tInbound, t);
  const inbound = seen
    ? {
        hash: input.hash,
        amount: r.sellAmount,
        asset: r.sellAsset,
        confirmations: inboundConfirmations,
        blockNumber: inboundConfirmations ? blockHeightAt(sellChain, firstSeenSec) : null,
      }
    : null;

  const swapStart = at(p.outcome, 'swapping');
  const swapEnd = at(p.outcome, 'outbound') ?? at(p.outcome, 'refunding');
  const swapStatus = ((): string => {
    switch (p.status) {
      case 'swapping':
        return 'in_progress';
      case 'outbound':
      case 'completed':
        return 'completed';
      case 'refunding':
      case 'refunded':
        return 'refunded';
      case 'partially_refunded':
        return 'partially_refunded';
      case 'dropped':
      case 'reverted':
      case 'replaced':
      case 'retries_exceeded':
      case 'parsing_error':
        return 'failed';
      default:
        return 'pending';
    }
  })();
  const swapTime = swapStart !== undefined && t >= swapStart ? Math.round(Math.min(t, swapEnd ?? t) - swapStart) : null;

  const tFinal = at(p.outcome, p.outcome === 'streaming' ? 'completed' : p.outcome);
  const outConfirmations = p.final ? confirmationsSince(tFinal, t) : 0;
  const outbound =
    p.outboundHash && p.actualBuyAmount
      ? {
          hash: p.outboundHash,
          amount: p.actualBuyAmount,
          asset: r.buyAsset,
          confirmations: outConfirmations,
          blockNumber: outConfirmations ? blockHeightAt(buyChain, firstSeenSec + Math.round(tFinal ?? 0)) : null,
        }
      : p.refundHash && p.refundAmount && p.outcome === 'refunded'
        ? {
            hash: p.refundHash,
            amount: p.refundAmount,
            asset: r.sellAsset,
            confirmations: outConfirmations,
            blockNumber: outConfirmations ? blockHeightAt(sellChain, firstSeenSec + Math.round(tFinal ?? 0)) : null,
          }
        : null;
  const refund =
    p.outcome === 'partially_refunded' && p.refundHash && p.refundAmount
      ? { hash: p.refundHash, amount: p.refundAmount, asset: r.sellAsset, confirmations: outConfirmations }
      : undefined;

  const completedLegs = p.actualBuyAmount
    ? (r.legs ?? []).map((l, i, all) => ({
        ...l,
        actualBuyAmount: i === all.length - 1 ? p.actualBuyAmount : l.buyAmount,
      }))
    : r.legs;

  return {
    success: true,
    trackingStatus: p.status,
    stage: STAGES[p.status],
    data: {
      quoteInfo: { ...quoteInfo, trackParams: { hash: input.hash, chainId: input.chainId } },
      inbound,
      swap: { swapId: derivedHex(`swap:${n}`, 16), status: swapStatus, swapTime },
      outbound,
      ...(refund ? { refund } : {}),
      route: {
        ...r,
        ...(p.actualBuyAmount ? { actualBuyAmount: p.actualBuyAmount } : {}),
        legs: completedLegs ?? [],
      },
    },
    error: p.error ?? null,
    ...streaming,
  };
}

// ---- track-tx ----------------------------------------------------------------------------

export interface TrackTxInput {
  readonly hash: string;
  readonly chainId: string;
  readonly elapsed: number;
  readonly firstSeenMs: number;
  /** The route tracked with this hash, when the hash was tracked with a quote. */
  readonly route?: RouteJson;
  readonly catalog: TokenCatalog;
}

/**
 * The inbound transaction's record: not found for a moment, pending, then confirmed with
 * confirmations growing; a dropped or reverted one ends `failed`, a replaced one `replaced`.
 */
export function trackTxAnswer(input: TrackTxInput): TxStatusJson {
  const n = normalizeHash(input.hash);
  const seed = hashSeed(n);
  const outcome = hashOutcome(n);
  const t = input.elapsed;
  const chain = chainInfo(input.chainId);
  const evm = chain?.kind === 'evm';
  const firstSeenSec = Math.floor(input.firstSeenMs / 1000);

  let status: 'not_found' | 'pending' | 'confirmed' | 'failed' | 'replaced';
  let minedAt: number | undefined;
  const tConfirm = at(outcome, 'inbound') ?? 8;
  if (t < 1) status = 'not_found';
  else if (outcome === 'dropped') status = t >= at(outcome, 'dropped')! ? 'failed' : 'pending';
  else if (outcome === 'replaced') status = t >= at(outcome, 'replaced')! ? 'replaced' : 'pending';
  else if (outcome === 'reverted') {
    minedAt = at(outcome, 'reverted')!;
    status = t >= minedAt ? 'failed' : 'pending';
  } else {
    minedAt = tConfirm;
    status = t >= tConfirm ? 'confirmed' : 'pending';
  }
  const mined = minedAt !== undefined && t >= minedAt;

  const r = input.route;
  const sellToken = r ? input.catalog.get(r.sellAsset) : undefined;
  const onSellChain = !!r && assetChain(r.sellAsset) === chain?.code;
  const value =
    onSellChain && sellToken && sellToken.native ? toUnits(r.sellAmount, sellToken.decimals).toString() : '0';
  const to = (onSellChain ? (r.inboundAddress ?? r.targetAddress) : undefined) ?? addressFor(input.chainId, `to:${n}`);
  const from = (onSellChain ? r.sourceAddress : undefined) ?? addressFor(input.chainId, `sender:${n}`);

  return {
    hash: input.hash,
    chain: input.chainId,
    status,
    confirmations: mined ? confirmationsSince(minedAt, t) : 0,
    blockHeight: mined ? blockHeightAt(input.chainId, firstSeenSec) : null,
    timestamp: firstSeenSec,
    from,
    to,
    value,
    gasUsed: evm ? (mined ? String(21_000 + (seed % 180_000)) : null) : null,
    gasPrice: evm ? String(1_000_000_000n + BigInt(seed % 40) * 1_000_000_000n) : null,
  };
}
