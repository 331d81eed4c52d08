/**
 * The memo of a route (sent as is, or inside a router call or Cosmos messages) and the inbound
 * address it is sent to.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { isValidAddress, sameAddress } from '../chains/address.js';
import { toUnits } from '../amounts/amount.js';
import { memoLimitFloor } from './floor.js';
import { chainInfo } from '../chains/chains.js';
import { locateVault, type MemoProtocol } from './inbound.js';
import { isChainNative } from './decimals.js';
import { ROUTER_DEPOSIT_SELECTOR, selector } from '../chains/evm.js';
import {
  MAX_STREAMING_BLOCKS,
  NO_SHORT_ASSETS,
  SHORT_ASSETS,
  matchMemoAsset,
  memoBytes,
  parseSwapMemo,
  streamingWithinLimits,
} from '../chains/memo.js';
import { memoProtocol } from '../chains/providers.js';
import { refusal, type Refusal } from './refusals.js';
import { configuredName } from './affiliate.js';
import type { Facts } from './facts.js';

/**
 * Undefined when the memo says exactly what was asked, else why not: it fits the sell
 * chain, reads in full, buys the asked asset for the asked destination, refunds (if it names
 * a refund address) to the source address, holds the minimum to the route's and to the
 * slippage floor (computed at the buy asset's trusted decimals, then in 1e8 units), streams
 * within the protocol's limits, and pays the configured affiliate its configured fee and
 * nobody else.
 */
export function checkMemo(memo: string, route: Route, f: Facts, protocol: MemoProtocol): Refusal | undefined {
  const { request } = f.ctx;
  const limit = chainInfo(f.sellChain)?.memoLimit;
  if (limit === undefined) return refusal('memo-chain-unsupported', { chain: f.sellChain });
  const bytes = memoBytes(memo);
  if (bytes > limit) return refusal('memo-too-long', { bytes, limit, chain: f.sellChain });

  // Short asset codes differ between protocol A and its fork: only A's memos may use them.
  const parsed = parseSwapMemo(memo, protocol === 'A' ? SHORT_ASSETS : NO_SHORT_ASSETS);
  if (!parsed.ok) return refusal('memo-unreadable', { problem: parsed.problem });
  const m = parsed.memo;
  // A contract abbreviation names the buy asset only when the widget's sourced table holds it
  // (by chain and contract) and no other token of that chain and ticker, in the table or in the
  // token list, could be the one the protocol picks: a look-alike the list leaves out is still
  // one of the table's rows. The full identifier names it whatever else exists.
  const named = matchMemoAsset(m.asset, request.buyAsset, f.ctx.knownAssets);
  if (!named.ok) {
    if (named.unsourced) return refusal('memo-asset-unsourced', { got: m.asset, want: request.buyAsset });
    return named.other !== undefined
      ? refusal('memo-asset-ambiguous', { got: m.asset, want: request.buyAsset, other: named.other })
      : refusal('memo-asset-mismatch', { got: m.asset, want: request.buyAsset });
  }
  if (!request.destinationAddress) return refusal('destination-missing');
  if (!sameAddress(f.buyChain, m.destination, request.destinationAddress))
    return refusal('memo-destination-mismatch', { got: m.destination });
  if (m.refundAddress !== undefined && !sameAddress(f.sellChain, m.refundAddress, request.sourceAddress)) {
    return refusal('memo-refund-mismatch', { got: m.refundAddress });
  }

  // The limit, in 1e8 units: not below the route's minimum (counted at the buy asset's own
  // precision, which no amount can go below), nor below the slippage floor computed at that
  // precision, less one unit of it (a 6-decimal token's minimum floored by the service is up
  // to 99 units of 1e8 below the floor computed in 1e8 units).
  const { floorE8, roomE8 } = memoLimitFloor(route.expectedBuyAmount, f.bps, f.buyDecimals);
  const precision = Math.min(f.buyDecimals, 8);
  const minimumE8 = toUnits(route.expectedBuyAmountMaxSlippage, precision) * 10n ** BigInt(8 - precision);
  const least = minimumE8 > floorE8 - roomE8 ? minimumE8 : floorE8 - roomE8;
  if (m.limit < least) return refusal('memo-limit-below-minimum', { limit: m.limit, minimum: least });
  if (m.interval !== undefined && !streamingWithinLimits(m.interval, m.quantity ?? 0)) {
    return refusal('memo-streaming-invalid', {
      interval: m.interval,
      quantity: m.quantity ?? 0,
      max: MAX_STREAMING_BLOCKS,
    });
  }

  const name = configuredName(f.ctx);
  const wantAffiliate = name ? [name.toLowerCase()] : [];
  const wantFee = name ? [f.ctx.affiliate.bps] : [];
  const gotAffiliate = m.affiliates.map((a) => a.toLowerCase());
  const gotFee = [...m.feesBps];
  // A fee of 0 may be left out after the affiliate's name.
  while (gotFee.length < gotAffiliate.length) gotFee.push(0);
  if (gotAffiliate.join('/') !== wantAffiliate.join('/')) {
    return gotAffiliate.length
      ? refusal('memo-affiliate-mismatch', { got: m.affiliates.join('/') })
      : refusal('memo-affiliate-missing');
  }
  if (gotFee.join('/') !== wantFee.join('/'))
    return refusal('memo-fee-mismatch', { got: gotFee.join('/'), want: wantFee.join('/') });
  return undefined;
}

export type InboundCheck = { ok: true; address: string; protocol: MemoProtocol } | { ok: false; refusal: Refusal };

/**
 * The inbound address of a memo route and the protocol it pays, read from where the funds go:
 * the route's `inboundAddress` (never a `targetAddress` in its place), valid for the sell chain,
 * must be the vault a memo protocol's read list holds for that chain (and `router`, when given,
 * its router there; `inbound.ts` says what is refused when none does). That list's protocol
 * reads the memo, whatever the route's providers say; providers that name exactly the other
 * protocol are refused, never believed. A sell of the chain's own coin below the list's dust
 * threshold is refused: the protocol ignores it.
 */
export function checkInbound(route: Route, f: Facts, router?: string): InboundCheck {
  const address = route.inboundAddress;
  if (!address) return { ok: false, refusal: refusal('inbound-address-missing') };
  if (!isValidAddress(f.sellChain, address))
    return { ok: false, refusal: refusal('inbound-address-invalid', { address, chain: f.sellChain }) };
  const located = locateVault(f.ctx.inbound, f.sellChain, address, router);
  if (!located.ok) return located;
  const { protocol, entry } = located;
  const named = memoProtocol(route.providers);
  if (named && named !== protocol)
    return {
      ok: false,
      refusal: refusal('memo-protocol-mismatch', { providers: route.providers.join(','), protocol }),
    };
  // The threshold counts the chain's own coin, in its base units: a token's amount is not comparable.
  const dust = entry.dustThreshold;
  if (dust !== undefined && isChainNative(f.ctx.request.sellAsset) && f.sellUnits < dust)
    return {
      ok: false,
      refusal: refusal('amount-below-dust', { amount: f.sellUnits, dust, chain: f.sellChain, protocol }),
    };
  return { ok: true, address, protocol };
}

/**
 * How long a memo hand-out may be sent after its check (seconds): as long as THORNode's own swap
 * quotes last (`quoteExpiration = 15 * time.Minute`, with "Do not cache this response. Do not send
 * funds after the expiry.": thornode `x/thorchain/querier_quotes.go`, LZeroAnalytics/thornode @
 * 0c1fc3c5a4ee895d2f3adc65605ad8d394313b52), whatever the route's own expiration says. Vaults churn.
 */
export const MEMO_HANDOUT_SECONDS = 15 * 60;

/** A memo hand-out's end (Unix ms): the route's, held to `MEMO_HANDOUT_SECONDS` from the check; none when the route has none. */
export function memoExpiry(f: Facts): { expiresAt?: number } {
  if (f.expiresAt === undefined) return {};
  return { expiresAt: Math.min(f.expiresAt, f.ctx.now + MEMO_HANDOUT_SECONDS * 1000) };
}

/** Whether checking the route needs the memo protocols' lists: it pays an inbound address, a router or a protocol's chain. */
export function paysMemoProtocol(route: Route): boolean {
  const tx = route.tx ?? route.transaction;
  const data = typeof tx === 'object' && tx !== null && 'data' in tx ? String(tx.data) : '';
  return (
    route.memo !== undefined ||
    route.inboundAddress !== undefined ||
    selector(data) === ROUTER_DEPOSIT_SELECTOR ||
    (typeof tx === 'object' && tx !== null && 'msgs' in tx)
  );
}
