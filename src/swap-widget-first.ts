/**
 * The widget's first frame, painted from its properties as the host set them before the later
 * file (checks, quotes, the other screens) has arrived: the form, which takes input at once
 * (what the user types is kept and given to the session when it comes), or, when the later file
 * could not be loaded, why the widget cannot start. Nothing here checks or requests anything.
 */
import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import { decimalText } from './domain/amounts/number-input.js';
import { EMPTY_DRAFT, type Draft, type DraftField } from './domain/quotes/draft-shape.js';
import { isRtl } from './locales/localize.js';
import type { FormInputEvent } from './components/quote-form.js';

/** The properties the first frame reads. */
export interface FirstFrameProps {
  sellAsset?: string | undefined;
  buyAsset?: string | undefined;
  sellAmount?: string | number | undefined;
  slippage?: string | number | undefined;
  sourceAddress?: string | undefined;
  destinationAddress?: string | undefined;
  lockAddresses: boolean;
  locale?: string | undefined;
}

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The draft of the first frame: the host's values (numbers as the locale writes them), then what the user typed. */
export function firstDraft(p: FirstFrameProps, typed: readonly [DraftField, string][], locale: string): Draft {
  const draft: Draft = {
    ...EMPTY_DRAFT,
    sellAsset: text(p.sellAsset),
    buyAsset: text(p.buyAsset),
    amount: decimalText(text(p.sellAmount), locale),
    slippage: decimalText(text(p.slippage) || EMPTY_DRAFT.slippage, locale),
    sourceAddress: text(p.sourceAddress),
    destinationAddress: text(p.destinationAddress),
  };
  for (const [field, value] of typed) draft[field] = value;
  return draft;
}

/** Why the widget cannot start, for the user: one of its files did not load or did not match its hash. */
export function cannotStartText(): string {
  return msg('The swap widget cannot start: one of its files did not load. Reload the page to try again.');
}

export function renderFirstFrame(
  p: FirstFrameProps,
  typed: readonly [DraftField, string][],
  broken: boolean,
  uiLocale: string,
  onInput: (e: FormInputEvent) => void,
  resuming = false,
) {
  const locale = p.locale || navigator.language;
  const dir = isRtl(uiLocale) ? 'rtl' : 'ltr';
  // A swap was under way when the page was left: no fresh form until the later file shows it.
  if (resuming && !broken)
    return html`<div part="widget" class="widget" lang=${uiLocale} dir=${dir} data-view="resuming" data-screen="resuming">
      <p class="resuming" role="status" dir="auto">${msg('Resuming your swap…')}</p>
    </div>`;
  return html`<div part="widget" class="widget" lang=${uiLocale} dir=${isRtl(uiLocale) ? 'rtl' : 'ltr'} data-view="idle" data-screen="form">
    <swap-quote-form
      exportparts="form, settings-button, amount, balance, max-button, asset-button, flip-button, address, slippage, wallet, wallet-button, picker, search, option"
      .draft=${firstDraft(p, typed, locale)}
      .lockAddresses=${p.lockAddresses}
      .locale=${locale}
      @form-input=${onInput}
    ></swap-quote-form>
    ${broken ? html`<p part="error" class="error" role="alert">${cannotStartText()}</p>` : nothing}
  </div>`;
}
