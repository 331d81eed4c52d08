// The execution controller's shapes: what it is given (a selection, its options), what it
// hands out, and what it shows. The life of a swap is the flow's (domain/flow/flow.ts); the
// controller runs the flow's effects and reports back. Components render its view; the root
// wires the options.
import type { LookupTableReads } from '../../domain/checks/solana-tx.js';
import type { SwapApiClient } from '../../api/client.js';
import type { TrustedDecimals } from '../../domain/checks/decimals.js';
import type { PoolRef } from '../../domain/checks/oneinch-unoswap.js';
import type { PoolFacts } from '../../domain/checks/plans.js';
import type { InboundView, MemoProtocol } from '../../domain/checks/inbound.js';
import type { RouteEntry } from '../../domain/quotes/routes.js';
import type { SwapRevokeDetail } from '../../events.js';
import type { Selection } from '../../views/quotes.js';
import type { ExecutionProblem, HandOut } from '../../views/execution.js';

export type { ExecutionProblem, ExecutionState, HandOut, HandOutDraft, OfferResult } from '../../views/execution.js';

export type { Selection };

/** A route is re-quoted before it is handed out when less than this is left of it. */
export const EXPIRY_MARGIN_MS = 30_000;
/** A route without an expiry is re-quoted when its quote is older than this. */
export const MAX_QUOTE_AGE_MS = 60_000;
/** How long a hand-out may wait for a sign that someone took it, in `host-signs` mode, before `no-handler`. */
export const NO_HANDLER_MS = 5_000;

export type { WorkingStep } from '../../domain/flow/flow.js';

export interface ExecutionOptions {
  client(): SwapApiClient;
  /** The service's identity: hand-outs are written per service. */
  service(): string;
  /** The widget's own name among the page's widgets (its `id`, '' without one): hand-outs are written per widget too. */
  owner(): string;
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
  /**
   * Reads a pool on chain (`rpc-urls` or the page's wallet) for the check of a 1inch `unoswap`
   * call, whose last pool decides what it buys; none: such a route is refused as unread.
   */
  readPool?(ref: PoolRef): Promise<PoolFacts | undefined>;
  /**
   * Reads the address lookup tables a Solana transaction loads accounts from (through the SOL
   * endpoint of `rpc-urls`), or says there is no endpoint (`no-rpc`); absent: none can be read.
   */
  lookupTables?(tables: readonly string[]): Promise<LookupTableReads>;
  /** The configured affiliate and fee: the route's memo, fee lines and meta are held to them. */
  affiliate(): { code?: string; bps: number; addresses?: Readonly<Record<string, string>> };
  /** The asset identifiers of the token list the widget loaded, as written (none: undefined). */
  knownAssets?(): readonly string[] | undefined;
  /** Whether the host shows its own review (`skip-review`): Swap hands out at once. */
  skipReview?(): boolean;
  /** Hands out to the host (dispatches `swap-tx` or `swap-memo`). */
  offer(handOut: HandOut): import('../../views/execution.js').OfferResult;
  /** A hand-out must no longer be signed (`swap-revoke`). */
  revoke(detail: SwapRevokeDetail): void;
  /** The transaction with this hash was sent: track it. */
  track(
    hash: string,
    chainId: string,
    handOut: { quoteId: string; routeIndex: number; route: RouteEntry['route']; handoutId?: string | undefined },
  ): void;
  /** Tell the host (`swap-error`); the view shows the problem too. */
  error(problem: ExecutionProblem): void;
  /** The route passed its checks again after a re-quote: show the new one as selected. */
  reselect(selection: Selection): void;
  /** A view appeared that takes the focus (the review, the progress, the form again). */
  focus?(view: import('../../domain/flow/flow.js').FocusView): void;
}
