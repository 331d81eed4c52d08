/**
 * Reaches inside `<swap-widget>` once, so tests read like a user's steps (as Material Web's
 * `harness.ts` does). Every part a test needs is found here, through the shadow roots with
 * `deepQuery` (./shadow.ts); no test walks shadow roots by hand.
 */
import type { SwapWidget } from '../../src/swap-widget.js';
import type { SwapQuoteForm } from '../../src/components/quote-form.js';
import type { SwapTokenPicker } from '../../src/components/token-picker.js';
import type { SwapTracker } from '../../src/components/tracker.js';
import type { SwapMemoFlow } from '../../src/components/memo-flow.js';
import { until } from './helpers.js';
import { deepQuery, deepQueryAll } from './shadow.js';

export class WidgetHarness {
  constructor(readonly el: SwapWidget) {}

  get root(): ShadowRoot {
    return this.el.shadowRoot!;
  }

  get form(): SwapQuoteForm {
    return this.root.querySelector('swap-quote-form')!;
  }

  /** An element of the quote form (`#amount`, `.asset[data-side="buy"]`, `details.settings`...). */
  inForm<E extends Element = HTMLElement>(selector: string): E | null {
    return deepQuery<E>(this.el, 'swap-quote-form', selector);
  }

  assetButton(side: 'sell' | 'buy'): HTMLButtonElement {
    return this.inForm<HTMLButtonElement>(`.asset[data-side="${side}"]`)!;
  }

  /** The open token picker, or null. */
  get picker(): SwapTokenPicker | null {
    return deepQuery<SwapTokenPicker>(this.el, 'swap-quote-form', 'swap-token-picker');
  }

  /** Opens the picker of a side and waits until it is drawn. */
  async openPicker(side: 'sell' | 'buy'): Promise<SwapTokenPicker> {
    this.assetButton(side).click();
    await this.el.updateComplete;
    await this.form.updateComplete;
    const picker = this.picker!;
    await picker.updateComplete;
    return picker;
  }

  options(picker = this.picker): HTMLElement[] {
    return picker ? deepQueryAll(picker, '[role="option"]') : [];
  }

  /** Picks an asset as a user would: opens the side's picker, searches its symbol, clicks the option on that chain (by name). */
  async pickAsset(side: 'sell' | 'buy', symbol: string, chainName: string): Promise<void> {
    (await this.findAsset(side, symbol, chainName))();
    await this.el.updateComplete;
  }

  /**
   * `pickAsset` up to the click, for a test that clicks at a moment of its own: opens the
   * side's picker, searches the symbol, waits for the option on that chain, and returns the
   * click. The click finds the option again: the virtual list reuses its rows for others.
   */
  async findAsset(side: 'sell' | 'buy', symbol: string, chainName: string): Promise<() => void> {
    const picker = await this.openPicker(side);
    const search = picker.shadowRoot!.querySelector('input')!;
    search.value = symbol;
    search.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    const text = (o: HTMLElement, selector: string) =>
      (o.querySelector(selector)?.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim();
    const option = () =>
      this.options(picker).find((o) => text(o, '.symbol') === symbol && text(o, '.chain-code') === chainName);
    const missing = `no ${symbol} on ${chainName} in the ${side} picker`;
    await until(option, missing);
    return () => {
      const found = option();
      if (!found) throw new Error(missing);
      found.click();
    };
  }

  /** Types into a field of the form as a user would (`input`, or `change` for the address fields). */
  type(id: 'amount' | 'slippage' | 'sourceAddress' | 'destinationAddress', value: string): void {
    const input = this.inForm<HTMLInputElement>(`#${id}`)!;
    input.value = value;
    input.dispatchEvent(new Event(id.endsWith('Address') ? 'change' : 'input', { bubbles: true, composed: true }));
  }

  get routes(): HTMLButtonElement[] {
    return [...this.root.querySelectorAll<HTMLButtonElement>('[part~="route"]')];
  }

  get swapButton(): HTMLButtonElement | null {
    return this.root.querySelector('[part="swap-button"]');
  }

  get statusLine(): string {
    return this.root.querySelector('[part="quote-status"]')?.textContent?.trim() ?? '';
  }

  get problem(): HTMLElement | null {
    return this.root.querySelector('[part="error"]');
  }

  get tracker(): SwapTracker | null {
    return this.root.querySelector('swap-tracker');
  }

  get memoFlow(): SwapMemoFlow | null {
    return this.root.querySelector('swap-memo-flow');
  }
}
