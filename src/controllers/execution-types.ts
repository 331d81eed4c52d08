// The execution controller's shapes: what it is given (a selection, its options), what it
// hands out, and the states it goes through. Components render the state; the root wires
// the options.
import type { SwapApiClient } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { HandOutKind } from '../domain/handout.js';
import type { InboundView, MemoProtocol, UnverifiedAddress } from '../domain/inbound.js';
import type { TrustedDecimals } from '../domain/decimals.js';
import type { Refusal } from '../domain/refusals.js';
import type { MemoPlan } from '../domain/route-checks.js';
import type { RouteEntry } from '../domain/routes.js';
import type { WalletProblem } from '../domain/wallet-problem.js';
import type { SwapMemoDetail, SwapRevokeDetail, SwapTxDetail } from '../events.js';
import type { Selection } from './quote-types.js';

export type { Selection };

/** A route is re-quoted before it is handed out when less than this is left of it. */
export const EXPIRY_MARGIN_MS = 30_000;
/** A route without an expiry is re-quoted when its quote is older than this. */
export const MAX_QUOTE_AGE_MS = 60_000;

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
  | { code: 'revoked'; reason: 'expired' };

export type WorkingStep = 'checking' | 'requoting' | 'opening-channel' | 'connecting' | 'switching' | 'allowance' | 'approving' | 'confirming' | 'sending';

export type ExecutionState =
  | { phase: 'idle' }
  | { phase: 'working'; step: WorkingStep }
  | { phase: 'confirm-worse'; was: string; now: string; selection: Selection }
  /** The plan pays addresses the widget could not verify with their protocol: the user accepts that risk, or cancels. */
  | { phase: 'confirm-risk'; warnings: readonly UnverifiedAddress[] }
  /** Handed out and not yet answered: to the host (`to: 'host'`), or to the user as the memo flow. */
  | { phase: 'handed-out'; kind: HandOutKind; to: 'host' | 'user'; quoteId: string; routeIndex: number; expiresAt?: number; plan?: MemoPlan }
  /** A transaction came back for the hand-out of this quote's route: it is tracked. */
  | { phase: 'tracked'; quoteId: string; routeIndex: number }
  /**
   * Stopped by a problem. `memo`: the route can also be paid by hand (no wallet of its family
   * in the page, and it names an inbound address and a memo): the memo flow is offered.
   */
  | { phase: 'failed'; problem: ExecutionProblem; memo?: { plan: MemoPlan; selection: Selection } };

/** What the host is handed: `swap-tx` or `swap-memo`, dispatched by the root. */
export type HandOut = { type: 'swap-tx'; detail: SwapTxDetail } | { type: 'swap-memo'; detail: SwapMemoDetail };

export interface ExecutionOptions {
  client(): SwapApiClient;
  /** The service's identity: hand-outs are written per service. */
  service(): string;
  /** Quotes the same request again now; resolves with the fresh selection of the same route, if any. */
  requote(previous: Selection): Promise<Selection | undefined>;
  /** A memo protocol's published inbound addresses, read from its node now (or why they could not be). */
  inbound(protocol: MemoProtocol): Promise<InboundView>;
  /**
   * The token list's decimals of an asset (sell, buy or a leg's), undefined when it does not
   * list it. Never counted in: only compared with the trusted ones (a list that disagrees lies).
   */
  tokenDecimals(asset: string): number | undefined;
  /**
   * The decimals the widget trusts (its table, the host's `decimals`, reads on chain through
   * `rpc-urls` or the page's wallet); default: the table alone.
   */
  decimals?: TrustedDecimals;
  /** The configured affiliate and fee: the route's memo, fee lines and meta are held to them. */
  affiliate(): { code?: string; bps: number; addresses?: Readonly<Record<string, string>> };
  /** The asset identifiers of the token list the widget loaded, as written (none: undefined). */
  knownAssets?(): readonly string[] | undefined;
  /**
   * Hands out to the host (dispatches `swap-tx` or `swap-memo`): true when the host takes
   * it (it cancelled the event, or it signs everything: `host-signs`).
   */
  offer(handOut: HandOut): boolean;
  /** A hand-out must no longer be signed (`swap-revoke`). */
  revoke(detail: SwapRevokeDetail): void;
  /** The transaction with this hash was sent: track it. */
  track(hash: string, chainId: string, handOut: { quoteId: string; routeIndex: number; route: RouteEntry['route'] }): void;
  /** Tell the host (`swap-error`); the state shows the problem too. */
  error(problem: ExecutionProblem): void;
  /** The route passed its checks again after a re-quote: show the new one as selected. */
  reselect(selection: Selection): void;
}
