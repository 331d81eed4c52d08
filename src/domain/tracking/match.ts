/**
 * Whether a tracking answer is about the swap being tracked. The service is not trusted: an
 * answer is applied only when what it says about itself matches the swap the widget keeps
 * (its hash, chain, quote id and route index, the assets of its route when it names them),
 * and when the money it reports is the user's (a payout in the bought asset; a refund in the
 * sold asset, or on a partial refund in an asset of the route). What it does not say is not
 * held against it; what it says that contradicts the swap is a mismatch. Plain TypeScript.
 */
import type { TrackFlat, TrackResult, TxStatus } from '../../schemas/service.js';
import { isAssetId, sameAsset } from '../chains/asset.js';
import { chainCodeOfServiceName } from '../chains/chains.js';
import type { SwapRecord } from './swap-store.js';
import { isWrapped, type TrackStatus } from './status.js';

/** What of an answer contradicts the swap. */
export type MismatchField =
  'hash' | 'chain' | 'quote' | 'route-index' | 'sell-asset' | 'buy-asset' | 'payout-asset' | 'refund-asset';

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
  const claims: TrackClaims = { chains: [params?.chain, params?.chainId].filter((c): c is string => c !== undefined) };
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
  return undefined;
}

/** Whether a `track-tx` record is about the swap's own transaction (its hash, and its chain when it names one). */
export function txMatches(record: SwapRecord, tx: TxStatus): boolean {
  return sameHash(tx.hash, record.hash) && (tx.chain === undefined || sameChain(tx.chain, record.chainId));
}
