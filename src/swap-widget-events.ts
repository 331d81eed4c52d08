// The root's public events: each one the widget's behaviour asks for (`{ type, detail }`) made into
// its event class, for the element's one `emit()` to dispatch. Events are made here and dispatched
// in swap-widget.ts, nowhere else.
import {
  SwapErrorEvent,
  SwapInputEvent,
  SwapMemoEvent,
  SwapQuoteEvent,
  SwapRevokeEvent,
  SwapRouteEvent,
  SwapStatusEvent,
  SwapTxEvent,
  type PublicEvent,
  type SwapEvent,
} from './events.js';

/** The event class of a public event. */
export function publicEvent(e: PublicEvent): SwapEvent<unknown> {
  switch (e.type) {
    case 'swap-quote':
      return new SwapQuoteEvent(e.detail);
    case 'swap-route':
      return new SwapRouteEvent(e.detail);
    case 'swap-tx':
      return new SwapTxEvent(e.detail);
    case 'swap-memo':
      return new SwapMemoEvent(e.detail);
    case 'swap-status':
      return new SwapStatusEvent(e.detail);
    case 'swap-error':
      return new SwapErrorEvent(e.detail);
    case 'swap-input':
      return new SwapInputEvent(e.detail);
    case 'swap-revoke':
      return new SwapRevokeEvent(e.detail);
  }
}
