import { msg } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Token } from '../api/schemas.js';
import { fractionDigits, isPartialDecimal } from '../domain/amount.js';
import { assetSymbol } from '../domain/asset.js';
import { chainInfo } from '../domain/chains.js';
import { define } from '../define.js';
import { LocalizedElement } from './localized-element.js';
import { ltr } from './machine-text.js';
import { formatUsd } from '../format.js';
import { sharedStyles } from './shared.styles.js';
import { quoteFormStyles } from './quote-form.styles.js';

export type FormField = 'amount' | 'slippage' | 'sourceAddress' | 'destinationAddress';

/** Internal event: the user edited a field (the value is what the field holds now). */
export class FormInputEvent extends Event {
  constructor(
    readonly field: FormField,
    readonly value: string,
  ) {
    super('form-input', { bubbles: false, composed: false });
  }
}

/** Internal event: the user asked to choose the sell or buy asset. */
export class PickEvent extends Event {
  constructor(readonly side: 'sell' | 'buy') {
    super('pick', { bubbles: false, composed: false });
  }
}

const SLIPPAGE_PRESETS = ['0.5', '1', '3'];

/**
 * The quote form: sell and buy assets, amount with its USD value, slippage and addresses.
 * Presentational: it validates keystrokes (decimal only, never more decimals than the
 * token has) and reports edits; the root element owns the state.
 *
 * @fires form-input - internal: a field changed
 * @fires pick - internal: open the token picker for a side
 * @fires flip - internal: swap the sell and buy assets
 * @csspart form - the form
 * @csspart asset-button - the buttons that open the token picker
 * @csspart amount - the amount input
 * @csspart flip-button - the button that swaps sell and buy
 * @csspart address - the address inputs
 * @csspart slippage - the slippage group
 */
export class SwapQuoteForm extends LocalizedElement {
  static override styles = [sharedStyles, quoteFormStyles];

  @property() sellAsset = '';
  @property() buyAsset = '';
  @property({ attribute: false }) sellToken?: Token;
  @property({ attribute: false }) buyToken?: Token;
  @property() amount = '';
  /** USD value of the amount, when a price is known. */
  @property() amountUsd?: string;
  @property() slippage = '1';
  @property() sourceAddress = '';
  @property() destinationAddress = '';
  @property({ type: Boolean }) lockAddresses = false;
  /** Problems to show next to fields, by field. */
  @property({ attribute: false }) fieldErrors: Partial<Record<FormField | 'sellAsset' | 'buyAsset', string>> = {};

  /**
   * A problem in a field of the closed "Addresses and slippage" section opens it, so the
   * field and its message are on screen (the user may close it again).
   */
  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('fieldErrors') as this['fieldErrors'] | undefined;
    if (!changed.has('fieldErrors')) return;
    const inSettings = (['sourceAddress', 'destinationAddress', 'slippage'] as const).some((f) => this.fieldErrors[f] && this.fieldErrors[f] !== before?.[f]);
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.settings');
    if (inSettings && details) details.open = true;
  }

  protected override render() {
    const errors = this.fieldErrors;
    return html`
      <form part="form" @submit=${(e: Event) => e.preventDefault()} novalidate>
        <fieldset class="side">
          <legend>${msg('You sell')}</legend>
          ${this.renderAssetButton('sell', this.sellAsset, this.sellToken)}
          <label class="visually-hidden" for="amount">${msg('Amount to sell')}</label>
          <input
            id="amount"
            part="amount"
            class="amount"
            type="text"
            inputmode="decimal"
            dir="ltr"
            autocomplete="off"
            placeholder="0.0"
            .value=${this.amount}
            aria-invalid=${errors.amount ? 'true' : 'false'}
            aria-describedby="amount-usd amount-error"
            @input=${this.handleAmount}
          />
          <span id="amount-usd" class="usd muted">${this.amountUsd ? `≈ ${formatUsd(this.amountUsd, this.locale)}` : nothing}</span>
          ${this.renderError('amount-error', errors.amount ?? errors.sellAsset)}
        </fieldset>

        <button type="button" part="flip-button" class="flip" @click=${this.handleFlip} aria-label=${msg('Swap sell and buy assets')}>⇅</button>

        <fieldset class="side">
          <legend>${msg('You buy')}</legend>
          ${this.renderAssetButton('buy', this.buyAsset, this.buyToken)}
          ${this.renderError('buy-error', errors.buyAsset)}
        </fieldset>

        <details class="settings">
          <summary>${msg('Addresses and slippage')}</summary>
          ${this.renderAddress('sourceAddress', msg('From address'), this.sourceAddress, this.sellAsset, errors.sourceAddress)}
          ${this.renderAddress('destinationAddress', msg('To address'), this.destinationAddress, this.buyAsset, errors.destinationAddress)}
          <fieldset part="slippage" class="slippage">
            <legend>${msg('Slippage tolerance (%)')}</legend>
            ${SLIPPAGE_PRESETS.map(
              (p) => html`<button
                type="button"
                class="preset"
                aria-pressed=${this.slippage === p ? 'true' : 'false'}
                @click=${() => this.emit('slippage', p)}
              >
                ${p}%
              </button>`,
            )}
            <label class="visually-hidden" for="slippage">${msg('Custom slippage in percent')}</label>
            <input
              id="slippage"
              type="text"
              inputmode="decimal"
              dir="ltr"
              .value=${this.slippage}
              aria-invalid=${errors.slippage ? 'true' : 'false'}
              aria-describedby="slippage-error"
              @input=${(e: Event) => this.emit('slippage', (e.target as HTMLInputElement).value.replace(',', '.').trim())}
            />
            ${this.renderError('slippage-error', errors.slippage)}
          </fieldset>
        </details>
      </form>
    `;
  }

  private renderAssetButton(side: 'sell' | 'buy', asset: string, token?: Token) {
    const chain = token ? (chainInfo(token.chain)?.name ?? token.chain) : asset ? chainInfo(asset.split('.')[0] ?? '')?.name : undefined;
    const label = side === 'sell' ? msg('Choose the asset to sell') : msg('Choose the asset to buy');
    return html`<button type="button" part="asset-button" class="asset" data-side=${side} @click=${() => this.dispatchEvent(new PickEvent(side))}>
      <span class="visually-hidden">${label}:</span>
      <span class="symbol">${asset ? ltr(token?.symbol ?? assetSymbol(asset)) : msg('Select')}</span>
      ${chain ? html`<span class="chain muted">${chain}</span>` : nothing}
      <span aria-hidden="true">▾</span>
    </button>`;
  }

  private renderAddress(field: FormField, label: string, value: string, asset: string, error?: string) {
    const chain = asset ? chainInfo(asset.split('.')[0] ?? '')?.name : undefined;
    return html`<div class="address">
      <label for=${field}>${label}${chain ? html` <span class="muted">(${chain})</span>` : nothing}</label>
      <input
        id=${field}
        part="address"
        type="text"
        dir="ltr"
        autocomplete="off"
        spellcheck="false"
        .value=${value}
        ?readonly=${this.lockAddresses}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="${field}-error"
        @change=${(e: Event) => this.emit(field, (e.target as HTMLInputElement).value.trim())}
      />
      ${this.renderError(`${field}-error`, error)}
    </div>`;
  }

  private renderError(id: string, text?: string) {
    return html`<span id=${id} class="field-error danger" role=${text ? 'alert' : nothing}>${text ?? nothing}</span>`;
  }

  private emit(field: FormField, value: string) {
    this.dispatchEvent(new FormInputEvent(field, value));
  }

  /**
   * Keeps the field a decimal number (a comma typed as the point) with no more fraction
   * digits than the token has; anything else is undone at once.
   */
  private handleAmount(e: InputEvent) {
    const input = e.target as HTMLInputElement;
    const value = input.value.replace(',', '.').replace(/\s+/g, '');
    const decimals = this.sellToken?.decimals ?? chainInfo(this.sellAsset.split('.')[0] ?? '')?.nativeDecimals ?? 18;
    if (!isPartialDecimal(value) || fractionDigits(value) > decimals) {
      const caret = Math.max(0, (input.selectionStart ?? 1) - 1);
      input.value = this.amount;
      input.setSelectionRange(caret, caret);
      return;
    }
    if (value !== input.value) input.value = value;
    this.emit('amount', value);
  }

  private handleFlip() {
    this.dispatchEvent(new Event('flip', { bubbles: false, composed: false }));
  }
}

define('swap-quote-form', SwapQuoteForm);

declare global {
  interface HTMLElementTagNameMap {
    'swap-quote-form': SwapQuoteForm;
  }
}
