/**
 * Registers the elements of the widget's later file: everything the first frame does not need
 * (the routes, the review, the memo screen, the progress, the token picker, Recent swaps).
 */
import { SwapExecutionView } from './components/execution-view.js';
import { SwapMemoFlow } from './components/memo-flow.js';
import { SwapQuoteStatus } from './components/quote-status.js';
import { SwapRecentSwaps } from './components/recent-swaps.js';
import { SwapReview } from './components/review.js';
import { SwapRouteList } from './components/route-list.js';
import { SwapTokenPicker } from './components/token-picker.js';
import { SwapTracker } from './components/tracker.js';
import { defineAll } from './boot/define-guard.js';

export const REST_ELEMENTS: Readonly<Record<string, CustomElementConstructor>> = {
  'swap-token-picker': SwapTokenPicker,
  'swap-quote-status': SwapQuoteStatus,
  'swap-route-list': SwapRouteList,
  'swap-execution-view': SwapExecutionView,
  'swap-memo-flow': SwapMemoFlow,
  'swap-review': SwapReview,
  'swap-tracker': SwapTracker,
  'swap-recent-swaps': SwapRecentSwaps,
};

defineAll(REST_ELEMENTS);

declare global {
  interface HTMLElementTagNameMap {
    'swap-quote-status': SwapQuoteStatus;
    'swap-execution-view': SwapExecutionView;
    'swap-recent-swaps': SwapRecentSwaps;
  }
}
