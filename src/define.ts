/**
 * Registers the elements that paint the widget's first frame: the root and its form. The rest
 * (routes, review, memo screen, progress, picker...) arrive with the widget's later file and are
 * registered there (`define-rest.ts`). An element whose name is taken already is not defined
 * again, so loading the bundle twice (two script tags, or the bundle beside the npm build) is
 * harmless. The element modules export their classes only: importing a class defines nothing.
 */
import { SwapWidget } from './swap-widget.js';
import { SwapQuoteForm } from './components/quote-form.js';
import { SwapSettings } from './components/settings.js';
import { defineAll } from './boot/define-guard.js';

export { define } from './boot/define-guard.js';

export const ELEMENTS: Readonly<Record<string, CustomElementConstructor>> = {
  'swap-widget': SwapWidget,
  'swap-quote-form': SwapQuoteForm,
  'swap-settings': SwapSettings,
};

defineAll(ELEMENTS);
