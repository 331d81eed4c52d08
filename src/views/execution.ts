// What the swap's screens are given: why a swap stopped, what the execution view shows of the
// flow's state, and what the host is handed. Plain shapes, rendered by components and built by the
// session from the flow's state.
import type { ApiError } from '../api/errors.js';
import type { Refusal } from '../domain/checks/refusals.js';
import type { HandoutHolder, HandoutKind, UserPayment, WorkingStep } from '../domain/flow/flow.js';
import type { Review, ReviewWarning } from '../domain/flow/review.js';
import type { WalletProblem } from '../domain/flow/wallet-problem.js';
import type { SwapMemoDetail, SwapTxDetail } from '../events.js';

/** Why a swap stopped before anything was handed out (or while it was): a code, put in words at render. */
export type ExecutionProblem =
  /** The route (or the channel opened for it) failed its safety checks. */
  | { code: 'route-rejected'; refusal: Refusal }
  /** The route expired (`refusal` says how, when the checks found it); `gone` when a re-quote no longer offers the same route. */
  | { code: 'route-expired'; refusal?: Refusal; gone?: boolean }
  | { code: 'wallet'; wallet: WalletProblem }
  /** The service failed while re-quoting or opening a channel. */
  | { code: 'service'; error: ApiError }
  /** The hand-out expired before a transaction came back. */
  | { code: 'revoked'; reason: 'expired' }
  /** Nothing took the hand-out: no listener cancelled it (with `host-signs`), no bridge received it. */
  | { code: 'no-handler' }
  /** Something failed inside the widget that should not have (the console has the stack). */
  | { code: 'internal'; detail: string };

/** What the execution view shows of the flow: a rendering of its state with the details the flow does not keep. */
export type ExecutionState =
  | { phase: 'idle' }
  | { phase: 'working'; step: WorkingStep }
  | { phase: 'confirm-worse'; was: string; now: string }
  /** The review of what will be signed: Confirm or Cancel; `consent`: the risks to accept first. */
  | { phase: 'reviewing'; review: Review; consent: readonly ReviewWarning[] }
  /**
   * Handed out and not yet answered: to the host or the page's wallet (the waiting panel), or to
   * the user (`pay`: the memo or deposit screen). `restored`: read back after a reload, with no
   * run behind it: a wallet's hand-out then asks for its hash (and an approval, to go on).
   */
  | {
      phase: 'handed-out';
      kind: HandoutKind;
      to: HandoutHolder;
      handoutId: string;
      expiresAt: number;
      pay?: UserPayment;
      restored: boolean;
    }
  /** A transaction came back for the hand-out: it is tracked. */
  | { phase: 'tracked' }
  /** Stopped by a problem. `byHand`: the route can also be paid by hand with its memo (no wallet of its family in the page). */
  | { phase: 'failed'; problem: ExecutionProblem; byHand: boolean };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the host is handed: `swap-tx` or `swap-memo`, dispatched by the root. */
export type HandOut = { type: 'swap-tx'; detail: SwapTxDetail } | { type: 'swap-memo'; detail: SwapMemoDetail };

/** A hand-out as the plan builds it, before the controller gives it its id, expiry and review. */
export type HandOutDraft =
  | { type: 'swap-tx'; detail: DistributiveOmit<SwapTxDetail, 'handoutId' | 'expiresAt' | 'review'> }
  | { type: 'swap-memo'; detail: Omit<SwapMemoDetail, 'handoutId' | 'expiresAt' | 'review'> };

/** What became of a hand-out the root dispatched. */
export interface OfferResult {
  /** The host took it: it cancelled the event, or it signs everything (`host-signs`). */
  readonly taken: boolean;
  /** With `host-signs`, nobody showed it was there: no listener cancelled it and no bridge received it. */
  readonly unheard: boolean;
}
