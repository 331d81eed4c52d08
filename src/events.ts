/**
 * The public events of `<swap-widget>`: one class per event, each a `CustomEvent` that
 * bubbles and crosses shadow roots, with plain JSON-serialisable `detail`.
 */
import type { Route } from './schemas/service.js';
import type { Review } from './domain/flow/review.js';
import type { HandOutSummary, RevokeReason } from './domain/flow/handout.js';
import type { SwapStatus, SwapStatusDetail } from './domain/tracking/status.js';

export type { Review, HandOutSummary, RevokeReason, SwapStatus, SwapStatusDetail };

/** Codes of `swap-error`, as the public interface lists them. */
export type SwapErrorCode =
  | 'invalid-config'
  | 'network'
  | 'service'
  | 'bad-response'
  | 'no-routes'
  | 'route-rejected'
  | 'route-expired'
  | 'wallet'
  | 'tracking'
  /** A hand-out nothing took (no listener cancelled it with `host-signs`, no bridge receiver). */
  | 'no-handler'
  /** Something the integrator should know that holds nothing up (an affiliate name over 3 characters): `field` names the attribute. */
  | 'config-warning'
  /** The service said this version of its API is deprecated (and when it goes, if it said). */
  | 'deprecated'
  /** An unexpected failure inside the widget (the console has the stack). */
  | 'internal';

export interface SwapQuoteDetail {
  quoteId: string;
  /** The routes as the service returned them, after validation. */
  routes: Route[];
}

export interface SwapRouteDetail {
  quoteId: string;
  /** Index of the route in the service's answer (what tracking expects). */
  routeIndex: number;
  route: Route;
}

/** An EVM transaction: `chainId` is the EIP-155 number (1), not the chain code. */
export interface EvmTxRequest {
  to: string;
  from: string;
  /** Wei, as a decimal string. */
  value: string;
  data: string;
  /** EIP-155 number (1). */
  chainId: number;
}

/** A serialized Solana transaction (base64), as the route gave it. */
export interface SolanaTxRequest {
  from: string;
  serialized: string;
}

/** Cosmos-SDK messages, fee and memo, as the route gave them. */
export interface CosmosTxRequest {
  from: string;
  msgs: unknown[];
  fee: unknown;
  memo: string;
}

interface SwapTxBase {
  quoteId: string;
  routeIndex: number;
  /** This hand-out's own id: the same in its `swap-revoke` and `swap-status`, and for `track(hash, { handoutId })`. */
  handoutId: string;
  kind: 'approve' | 'swap';
  /** Chain code (`ETH`, `SOL`, `THOR`). */
  chain: string;
  /** ISO 8601 date-time after which it must not be signed. */
  expiresAt: string;
  /** What the host's confirmation screen shows. */
  summary: HandOutSummary;
  /** What will be signed, in decoded parts: what the widget's own review shows. */
  review: Review;
}

export type SwapTxDetail =
  | (SwapTxBase & { family: 'evm'; tx: EvmTxRequest })
  | (SwapTxBase & { family: 'solana'; kind: 'swap'; tx: SolanaTxRequest })
  | (SwapTxBase & { family: 'cosmos'; kind: 'swap'; tx: CosmosTxRequest });

export interface SwapMemoDetail {
  quoteId: string;
  routeIndex: number;
  /** This hand-out's own id (see `SwapTxDetail.handoutId`). */
  handoutId: string;
  /** Chain code of the chain to send on. */
  chain: string;
  /** Asset identifier to send. */
  asset: string;
  /** Exact decimal amount to send. */
  amount: string;
  /** Inbound address, or a deposit channel's address. */
  address: string;
  /** The memo to attach; `""` for a deposit channel. */
  memo: string;
  /** ISO date-time after which the address or route must not be used (always given; `null` only in older releases). */
  expiresAt: string | null;
  /** What the host's confirmation screen shows. */
  summary: HandOutSummary;
  /** What will be sent, in decoded parts: what the widget's own review shows. */
  review: Review;
}

/** A hand-out (`swap-tx` or `swap-memo`) must no longer be signed: the host closes its signing sheet. */
export interface SwapRevokeDetail {
  quoteId: string;
  routeIndex: number;
  /** The hand-out revoked. */
  handoutId: string;
  reason: RevokeReason;
}

/** The request as the form now stands, after the user changed an input. */
export interface SwapInputDetail {
  sellAsset: string;
  buyAsset: string;
  /** As typed (it may be incomplete or invalid while the user types). */
  sellAmount: string;
  sourceAddress: string;
  destinationAddress: string;
  /** Percent, as typed. */
  slippage: string;
}

export interface SwapErrorDetail {
  code: SwapErrorCode;
  message: string;
  /** For `invalid-config` and `config-warning`: the attribute name. */
  field?: string;
  /**
   * For `route-rejected` (and `route-expired`): the refusal's code, why the route was refused
   * (`protocol-unverified`: a protocol's list of vaults could not be read; `protocol-halted`;
   * `memo-destination-mismatch`, ...). The words are in `message`.
   */
  reason?: string;
}

/** The public events' base: a `CustomEvent` that bubbles and crosses shadow roots. */
export abstract class SwapEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { detail, bubbles: true, composed: true, cancelable });
  }
}

/** Routes arrived for the current request. */
export class SwapQuoteEvent extends SwapEvent<SwapQuoteDetail> {
  static readonly type = 'swap-quote';
  constructor(detail: SwapQuoteDetail) {
    super(SwapQuoteEvent.type, detail);
  }
}

/** The user picked a route. */
export class SwapRouteEvent extends SwapEvent<SwapRouteDetail> {
  static readonly type = 'swap-route';
  constructor(detail: SwapRouteDetail) {
    super(SwapRouteEvent.type, detail);
  }
}

/**
 * A transaction must be signed: an EVM approval or swap (`kind`), a Solana transaction or
 * Cosmos messages (`family`, `tx`, on `chain`), of the route `routeIndex` of quote `quoteId`;
 * a hand-out with an id of its own (`handoutId`), stored before it is dispatched, valid until
 * `expiresAt` or its `swap-revoke`, with `summary` and `review` (what the widget's review showed)
 * for the host's confirmation screen. Not cancelled, the page's wallet signs it. Cancelled (or
 * with `host-signs`), the host signs, then calls `approved()` once an approval is mined,
 * `track(hash, { handoutId })` once the swap is sent, or `rejected()` if the user declines.
 */
export class SwapTxEvent extends SwapEvent<SwapTxDetail> {
  static readonly type = 'swap-tx';
  constructor(detail: SwapTxDetail) {
    super(SwapTxEvent.type, detail, true);
  }
}

/** A native transfer (with memo, or to a deposit channel) must be sent. Cancel it to send in the host, then call `track()`. */
export class SwapMemoEvent extends SwapEvent<SwapMemoDetail> {
  static readonly type = 'swap-memo';
  constructor(detail: SwapMemoDetail) {
    super(SwapMemoEvent.type, detail, true);
  }
}

/** The tracked swap's status changed (and once when tracking starts). */
export class SwapStatusEvent extends SwapEvent<SwapStatusDetail> {
  static readonly type = 'swap-status';
  constructor(detail: SwapStatusDetail) {
    super(SwapStatusEvent.type, detail);
  }
}

/** A hand-out must no longer be signed: it expired, the request changed, or the host called `rejected()`. */
export class SwapRevokeEvent extends SwapEvent<SwapRevokeDetail> {
  static readonly type = 'swap-revoke';
  constructor(detail: SwapRevokeDetail) {
    super(SwapRevokeEvent.type, detail);
  }
}

/** Something the user or host must know went wrong. */
export class SwapErrorEvent extends SwapEvent<SwapErrorDetail> {
  static readonly type = 'swap-error';
  constructor(detail: SwapErrorDetail) {
    super(SwapErrorEvent.type, detail);
  }
}

/** The user changed an input (pair, amount, addresses, slippage); the matching attributes follow. */
export class SwapInputEvent extends SwapEvent<SwapInputDetail> {
  static readonly type = 'swap-input';
  constructor(detail: SwapInputDetail) {
    super(SwapInputEvent.type, detail);
  }
}

/** The public events, by name. */
export interface SwapWidgetEventMap {
  'swap-quote': SwapQuoteEvent;
  'swap-route': SwapRouteEvent;
  'swap-tx': SwapTxEvent;
  'swap-memo': SwapMemoEvent;
  'swap-status': SwapStatusEvent;
  'swap-error': SwapErrorEvent;
  'swap-input': SwapInputEvent;
  'swap-revoke': SwapRevokeEvent;
}

declare global {
  // So that `addEventListener('swap-tx', e => e.detail.tx)` is typed on any element.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging into the DOM's map takes an interface
  interface GlobalEventHandlersEventMap extends SwapWidgetEventMap {}
}

/**
 * A public event as the widget's behaviour asks for it (`{ type, detail }`): the element turns it
 * into its event class and dispatches it, from one place.
 */
export type PublicEvent = {
  [K in keyof SwapWidgetEventMap]: { readonly type: K; readonly detail: SwapWidgetEventMap[K]['detail'] };
}[keyof SwapWidgetEventMap];
