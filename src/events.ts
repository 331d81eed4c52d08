/**
 * The public events of `<swap-widget>`: one class per event, each a `CustomEvent` that
 * bubbles and crosses shadow roots, with plain JSON-serialisable `detail`.
 */
import type { Route } from './api/schemas.js';

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
  | 'tracking';

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

export interface SwapTxDetail {
  quoteId: string;
  routeIndex: number;
  kind: 'approve' | 'swap';
  /** Chain code (`ETH`). */
  chain: string;
  tx: {
    to: string;
    from: string;
    /** Wei, as a decimal string. */
    value: string;
    data: string;
    /** EIP-155 number (1). */
    chainId: number;
  };
}

export interface SwapMemoDetail {
  quoteId: string;
  routeIndex: number;
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
  /** ISO date-time after which the address or route must not be used, or null when unknown. */
  expiresAt: string | null;
}

export interface SwapStatusDetail {
  quoteId: string;
  routeIndex: number;
  hash: string;
  /** Chain code, as in the spec's tracking body. */
  chainId: string;
  /** A `trackingStatus` value of the spec. */
  status: string;
  final: boolean;
  buyAmount?: string;
  error?: string;
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
  /** For `invalid-config`: the attribute name. */
  field?: string;
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

/** An EVM transaction must be signed. Cancel it to sign in the host, then call `approved()` or `track()`. */
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
}

declare global {
  // So that `addEventListener('swap-tx', e => e.detail.tx)` is typed on any element.
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface GlobalEventHandlersEventMap extends SwapWidgetEventMap {}
}
