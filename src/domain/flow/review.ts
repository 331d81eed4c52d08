/**
 * The review of a hand-out: what will be signed or sent, in parts the widget decoded and
 * checked, never the service's prose. The same plain JSON is shown to the user before anything
 * is handed out (the `swap-review` element) and reaches hosts as `detail.review` of `swap-tx`
 * and `swap-memo`, so a wallet's own signing sheet can show it.
 *
 * Plain TypeScript; no DOM, no words (warnings are codes).
 */

export type { ReviewRole } from '../checks/plans.js';
import type { ReviewRole } from '../checks/plans.js';

/**
 * Why the user should look twice:
 * - `deposit-address-unverified`: a deposit channel's address, opened by the service for this
 *   swap, that no protocol list publishes: confirm;
 * - `slippage-high`: a slippage above 5 %: less may arrive, the review says how much;
 * - `slippage-extreme`: a slippage of 20 % or more: confirm;
 * - `price-impact`: the route moves the price by more than 3 %;
 * - `price-impact-extreme`: by 10 % or more: confirm;
 * - `approval-reset`: the token's allowance is reset to zero first (two approvals).
 *
 * An address a memo protocol publishes is never a warning: it is verified with the protocol's
 * own list, or the route is refused.
 */
export type ReviewWarning =
  | 'deposit-address-unverified'
  | 'slippage-high'
  | 'slippage-extreme'
  | 'price-impact'
  | 'price-impact-extreme'
  | 'approval-reset';

/**
 * The warnings that must be confirmed by ticking the review's box (part `confirm-risk`) before
 * Confirm. No host setting skips them: with `skip-review`, a review that holds one is shown all the same.
 */
export const CONFIRMED_WARNINGS: readonly ReviewWarning[] = [
  'deposit-address-unverified',
  'slippage-extreme',
  'price-impact-extreme',
];

export interface Review {
  /** What leaves which address. `address` is absent when the user sends from any wallet (a memo route with no source address). */
  from: { address?: string; chain: string; asset: string; amount: string };
  /** Whom it goes to: the contract called, the vault or deposit address paid, the program or module. */
  to: { address: string; role: ReviewRole; name: string };
  /** What comes back at least, to which address. */
  receive: { asset: string; expected: string; minimum: string; address: string };
  /** The memo, each part named (memo routes, router deposits, Cosmos messages). */
  memo?: {
    text: string;
    asset: string;
    destination: string;
    /** The least the protocol pays out, in the buy asset's units (decimal string). */
    limit: string;
    affiliate?: string;
    /** Affiliate fee, basis points. */
    fee?: number;
    refund?: string;
    /** Streaming: blocks between sub-swaps and their number (0: the protocol chooses). */
    streaming?: { interval: number; quantity: number };
  };
  /**
   * A contract call that carries the swap on to another chain (a protocol's Vault): what it
   * binds in what is signed, each part decoded from the call. `minimum` is what its least price
   * pays for the sell amount, in the buy asset's units, before the protocol's own fees.
   */
  call?: { function: string; destination: string; asset: string; minimum: string; refund: string };
  /** The approval a token sell needs: its spender and exact amount; `reset` when it is set to zero first. */
  approval?: { spender: string; amount: string; reset: boolean };
  /** A Solana transaction or Cosmos messages, summarised. */
  instructions?: { program: string; what: string }[];
  /** Each fee the route states, in its asset; only fees whose size reads plausibly. */
  fees: { type: string; asset: string; amount: string }[];
  /** The configured affiliate and its cut. */
  affiliate?: { name: string; bps: number };
  /** ISO 8601 date-time after which nothing may be signed. */
  expiresAt: string;
  warnings: ReviewWarning[];
}
