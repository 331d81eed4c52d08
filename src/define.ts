/**
 * Registers every element of the widget. An element whose name is taken already is not
 * defined again, so loading the bundle twice (two script tags, or the bundle beside the npm
 * build) is harmless. The element modules export their classes only: importing a class
 * defines nothing.
 */
import { SwapWidget } from './swap-widget.js';
import { SwapExecutionView } from './components/execution-view.js';
import { SwapMemoFlow } from './components/memo-flow.js';
import { SwapQuoteForm } from './components/quote-form.js';
import { SwapQuoteStatus } from './components/quote-status.js';
import { SwapRecentSwaps } from './components/recent-swaps.js';
import { SwapReview } from './components/review.js';
import { SwapRouteList } from './components/route-list.js';
import { SwapSettings } from './components/settings.js';
import { SwapTokenPicker } from './components/token-picker.js';
import { SwapTracker } from './components/tracker.js';

/** Defines `tag` unless that name is taken already. */
export function define(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}

export const ELEMENTS: Readonly<Record<string, CustomElementConstructor>> = {
  'swap-widget': SwapWidget,
  'swap-quote-form': SwapQuoteForm,
  'swap-settings': SwapSettings,
  'swap-token-picker': SwapTokenPicker,
  'swap-quote-status': SwapQuoteStatus,
  'swap-route-list': SwapRouteList,
  'swap-execution-view': SwapExecutionView,
  'swap-memo-flow': SwapMemoFlow,
  'swap-review': SwapReview,
  'swap-tracker': SwapTracker,
  'swap-recent-swaps': SwapRecentSwaps,
};

for (const [tag, ctor] of Object.entries(ELEMENTS)) define(tag, ctor);

declare global {
  interface HTMLElementTagNameMap {
    'swap-quote-status': SwapQuoteStatus;
    'swap-execution-view': SwapExecutionView;
    'swap-recent-swaps': SwapRecentSwaps;
  }
}
