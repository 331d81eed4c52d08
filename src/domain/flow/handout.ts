/**
 * What a hand-out says besides what is signed: its summary for the host's confirmation sheet,
 * and until when it may be signed. (Hand-outs as records, written before they are dispatched,
 * are `handout-records.ts`'s.)
 *
 * Plain TypeScript.
 */
import type { Route } from '../../schemas/service.js';

/** Why a hand-out must no longer be signed (`swap-revoke`'s `reason`). */
export type RevokeReason = 'expired' | 'request-changed' | 'rejected';

/** What a host's confirmation screen shows of a hand-out (`summary` of `swap-tx` and `swap-memo`). */
export interface HandOutSummary {
  /** The route's providers as the service names them, `A->B` for several. */
  provider: string;
  sellAsset: string;
  /** Decimal string, as the user asked. */
  sellAmount: string;
  buyAsset: string;
  expectedBuyAmount: string;
  /** The least the route may pay out, checked against the slippage the user accepted. */
  minimumBuyAmount: string;
  /** Decimals the sell amount is counted in (the token's own on an approval). */
  decimals: number;
  /** On an approval: the contract allowed to spend the token. */
  spender?: string;
  /** On an approval: the allowance it sets, a decimal string in the token's units (`0` for a USDT-style reset before the real one). */
  approveAmount?: string;
}

/** The summary of a route being handed out. */
export function handOutSummary(p: {
  route: Route;
  sellAsset: string;
  sellAmount: string;
  buyAsset: string;
  expected: string;
  minimum: string;
  decimals: number;
  spender?: string;
  approveAmount?: string;
}): HandOutSummary {
  return {
    provider: p.route.providers.join('->'),
    sellAsset: p.sellAsset,
    sellAmount: p.sellAmount,
    buyAsset: p.buyAsset,
    expectedBuyAmount: p.expected,
    minimumBuyAmount: p.minimum,
    decimals: p.decimals,
    ...(p.spender ? { spender: p.spender } : {}),
    ...(p.approveAmount !== undefined ? { approveAmount: p.approveAmount } : {}),
  };
}

/**
 * How long a route that says no expiry is handed out for, counted from its quote (ms). The real
 * service's routes may come without `expiration` (dKit's get-quote example has none), and its
 * older documentation asks clients to quote again at least every minute: such a route is quoted
 * again before a hand-out once its quote is a minute old (`MAX_QUOTE_AGE_MS`), and what is
 * handed out of it must not be signed after this.
 */
export const UNDATED_ROUTE_HANDOUT_MS = 10 * 60_000;

/** When a hand-out must no longer be signed: the earliest of its route's (or channel's) expiries, else `UNDATED_ROUTE_HANDOUT_MS` after the quote. */
export function handOutExpiry(quotedAt: number, ...times: (number | undefined)[]): number {
  return earliest(...times) ?? quotedAt + UNDATED_ROUTE_HANDOUT_MS;
}

/** The earliest of the expiries that apply, undefined when none does. */
export function earliest(...times: (number | undefined)[]): number | undefined {
  const known = times.filter((t): t is number => t !== undefined && Number.isFinite(t));
  return known.length ? Math.min(...known) : undefined;
}
