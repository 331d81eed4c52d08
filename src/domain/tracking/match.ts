/**
 * Whether a tracking answer is about the swap being tracked. The service is not trusted: an
 * answer is applied only when what it says about itself matches the swap the widget keeps
 * (its hash, chain, quote id and route index, the assets and the recipient of its route when
 * it names them), when the money it reports is the user's (a payout in the bought asset; a
 * refund in the sold asset, or on a partial refund in an asset of the route), and when the
 * amounts it reports are ones the route could have paid (`implausibleAmount`). What it does
 * not say is not held against it; what it says that contradicts the swap is a mismatch.
 * Plain TypeScript.
 */
import type { TrackFlat, TrackResult, TxStatus } from '../../schemas/service.js';
import { fractionDigits, isDecimalString } from '../amounts/amount.js';
import { sameAddress } from '../chains/address.js';
import { assetChain, isAssetId, sameAsset } from '../chains/asset.js';
import { chainCodeOfServiceName } from '../chains/chains.js';
import type { SwapRecord } from './swap-store.js';
import { isWrapped, type TrackStatus } from './status.js';

/** What of an answer contradicts the swap. */
export type MismatchField =
  | 'hash'
  | 'chain'
  | 'quote'
  | 'route-index'
  | 'sell-asset'
  | 'buy-asset'
  | 'payout-asset'
  | 'refund-asset'
  /** The swap's recipient (`quoteInfo.recipientAddress`, the route's `destinationAddress`) is another address. */
  | 'recipient'
  /** An amount received (the payout, a leg's, the route's expected) more than the route could pay. */
  | 'buy-amount'
  /** A refund of more than the route could give back. */
  | 'refund-amount';

export interface TrackMismatch {
  readonly field: MismatchField;
}

/** What an answer says about the swap it describes, in either shape (`undefined`: it does not say). */
export interface TrackClaims {
  hash?: string;
  /** Every chain it names (`trackParams.chain`, `trackParams.chainId`). */
  chains: string[];
  quoteId?: string;
  routeIndex?: number;
  sellAsset?: string;
  buyAsset?: string;
  /** The asset of its payout (`data.outbound` when the swap is not refunded). */
  payoutAsset?: string;
  /** Every address it names as the swap's recipient (`quoteInfo.recipientAddress`, the route's `destinationAddress`). */
  recipients: string[];
}

/**
 * Two transaction hashes are the same: equal, or both hex and equal ignoring case and a `0x`
 * (what a service may add or drop); any other form (base58) is compared exactly.
 */
export function sameHash(a: string, b: string): boolean {
  if (a === b) return true;
  const x = a.replace(/^0x/i, '');
  const y = b.replace(/^0x/i, '');
  const hex = /^[0-9a-f]+$/i;
  return hex.test(x) && hex.test(y) && x.toLowerCase() === y.toLowerCase();
}

/** A chain named by the service is this chain code (a name the widget cannot read is not). */
export function sameChain(named: string, code: string): boolean {
  return chainCodeOfServiceName(named) === code.toUpperCase();
}

export function trackClaims(result: TrackResult, status: TrackStatus): TrackClaims {
  const wrapped = isWrapped(result) ? result : undefined;
  const info = wrapped ? wrapped.data.quoteInfo : (result as TrackFlat).quoteInfo;
  const route = wrapped ? wrapped.data.route : (result as TrackFlat).route;
  const params = info?.trackParams;
  const defined = (c: string | undefined): c is string => c !== undefined;
  const claims: TrackClaims = {
    chains: [params?.chain, params?.chainId].filter(defined),
    recipients: [info?.recipientAddress, route?.destinationAddress].filter(defined),
  };
  if (params?.hash !== undefined) claims.hash = params.hash;
  if (info?.quoteId !== undefined) claims.quoteId = info.quoteId;
  if (info?.routeIndex !== undefined) claims.routeIndex = info.routeIndex;
  if (route?.sellAsset !== undefined) claims.sellAsset = route.sellAsset;
  if (route?.buyAsset !== undefined) claims.buyAsset = route.buyAsset;
  const payout = wrapped?.data.outbound?.asset;
  if (payout !== undefined && status.outcome !== 'refund') claims.payoutAsset = payout;
  return claims;
}

/** An asset the service names is the swap's (an asset the swap does not know matches nothing). */
const isAsset = (named: string, ours: string | undefined): boolean =>
  ours !== undefined && isAssetId(ours) && sameAsset(named, ours);

/**
 * The assets a refund of this swap may come back in: the sold asset; on a partial refund,
 * any asset its route names (sold, bought, and its legs'). None when the record kept no route.
 */
export function refundAssets(record: SwapRecord, status: string): string[] {
  const r = record.route;
  if (!r) return [];
  if (status !== 'partially_refunded') return [r.sellAsset];
  return [r.sellAsset, r.buyAsset, ...(r.legs ?? []).flatMap((l) => [l.sellAsset, l.buyAsset])];
}

/**
 * The first thing an answer says that contradicts the swap, or undefined when it may be
 * applied. `status` is the answer read (`normalizeTrack`); its refund must be in an asset
 * of `refundAssets`.
 */
export function trackMismatch(record: SwapRecord, result: TrackResult, status: TrackStatus): TrackMismatch | undefined {
  const c = trackClaims(result, status);
  const r = record.route;
  if (c.hash !== undefined && !sameHash(c.hash, record.hash)) return { field: 'hash' };
  if (c.chains.some((chain) => !sameChain(chain, record.chainId))) return { field: 'chain' };
  // A record migrated from the first storage version may not know its quote.
  if (record.quoteId && c.quoteId !== undefined && c.quoteId !== record.quoteId) return { field: 'quote' };
  if (record.quoteId && c.routeIndex !== undefined && c.routeIndex !== record.routeIndex)
    return { field: 'route-index' };
  // A record of the first storage version kept no route: its assets are not known.
  if (c.sellAsset !== undefined && r && isAssetId(r.sellAsset) && !sameAsset(c.sellAsset, r.sellAsset))
    return { field: 'sell-asset' };
  if (c.buyAsset !== undefined && r && isAssetId(r.buyAsset) && !sameAsset(c.buyAsset, r.buyAsset))
    return { field: 'buy-asset' };
  if (c.payoutAsset !== undefined && r && isAssetId(r.buyAsset) && !sameAsset(c.payoutAsset, r.buyAsset))
    return { field: 'payout-asset' };
  const refund = status.refund;
  if (refund && !refundAssets(record, status.status).some((a) => isAsset(refund.asset, a)))
    return { field: 'refund-asset' };
  // The recipient the route was quoted for (a record without one, or without a route, is not held to one).
  const recipient = r?.destinationAddress;
  if (r && recipient && c.recipients.some((a) => !sameAddress(assetChain(r.buyAsset), a, recipient)))
    return { field: 'recipient' };
  return implausibleAmount(record, status);
}

/**
 * How many times the route's own amount a swap may deliver: three. No protocol bounds what it
 * pays above its quote; what it can pay above it comes from the fees the quote deducted and a
 * price that moved for the user. A THORChain rapid swap's quoted fees have reached 57 % of its
 * gross output on a shallow pool (vultisig/vultisig-ios issue #4205, 2026-04: 1 BTC -> TRX),
 * which a streaming execution can win back: up to 1 / (1 - 0.57) = 2.33 times the expected
 * amount, at an unchanged price. Three times leaves a 29 % better price on top of that, and
 * still refuses the red team's 1e30.
 */
export const MAX_DELIVERY_FACTOR = 3n;

/** The most fraction digits an amount is read with: more than any asset has (`MAX_TOKEN_DECIMALS` 36). */
const MAX_AMOUNT_DIGITS = 36;

/**
 * Whether `amount` is more than `factor` times `bound` (exact decimal arithmetic; an amount
 * written with more fraction digits than any asset has, or that is no decimal, is more).
 */
export function exceeds(amount: string, bound: string, factor: bigint): boolean {
  if (!isDecimalString(amount) || !isDecimalString(bound)) return true;
  const d = Math.max(fractionDigits(amount), fractionDigits(bound));
  if (d > MAX_AMOUNT_DIGITS) return true;
  const units = (s: string) => {
    const [w, f = ''] = s.split('.') as [string, string?];
    return BigInt(w + f.padEnd(d, '0'));
  };
  return units(amount) > units(bound) * factor;
}

/**
 * The first amount of an answer the swap's route cannot have paid, or undefined: what was
 * received (the payout, the route's `actualBuyAmount`, its `expectedBuyAmount`) or a leg's
 * more than `MAX_DELIVERY_FACTOR` times what the route expected of it; a refund of the sold
 * asset more than was sold (a refund gives back the deposit, less fees); a partial refund in
 * another asset of the route more than `MAX_DELIVERY_FACTOR` times what the route expected of
 * it. Amounts are compared with the route the widget keeps, never with the answer's own copy.
 * A record that kept no route is not held to amounts.
 */
export function implausibleAmount(record: SwapRecord, status: TrackStatus): TrackMismatch | undefined {
  const r = record.route;
  if (!r) return undefined;
  for (const amount of [status.buyAmount, status.expectedBuyAmount])
    if (amount !== undefined && exceeds(amount, r.expectedBuyAmount, MAX_DELIVERY_FACTOR))
      return { field: 'buy-amount' };
  const legs = r.legs ?? [];
  for (const [i, leg] of status.legs.entries()) {
    const ours = legs[i];
    if (leg.actualBuyAmount === undefined || !ours) continue;
    if (exceeds(leg.actualBuyAmount, ours.buyAmount, MAX_DELIVERY_FACTOR)) return { field: 'buy-amount' };
  }
  const refund = status.refund;
  if (refund) {
    // What the route holds of the refund's asset: all that was sold, or what it expected of it.
    const bounds: [string, bigint][] = [];
    const add = (asset: string, amount: string, factor: bigint) => {
      if (isAsset(refund.asset, asset)) bounds.push([amount, factor]);
    };
    add(r.sellAsset, r.sellAmount, 1n);
    if (status.status === 'partially_refunded') {
      add(r.buyAsset, r.expectedBuyAmount, MAX_DELIVERY_FACTOR);
      // Each leg's bought asset (the next leg's sold one): what the route expected of it.
      for (const leg of legs) add(leg.buyAsset, leg.buyAmount, MAX_DELIVERY_FACTOR);
    }
    if (!bounds.some(([bound, factor]) => !exceeds(refund.amount, bound, factor))) return { field: 'refund-amount' };
  }
  return undefined;
}

/** Whether a `track-tx` record is about the swap's own transaction (its hash, and its chain when it names one). */
export function txMatches(record: SwapRecord, tx: TxStatus): boolean {
  return sameHash(tx.hash, record.hash) && (tx.chain === undefined || sameChain(tx.chain, record.chainId));
}
