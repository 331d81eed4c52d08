import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { PoolRates } from '../schemas/service.js';
import { assetChain, assetSymbol } from '../domain/chains/asset-id.js';
import { chainInfo } from '../domain/chains/chains.js';
import { EMPTY_DRAFT, type Draft, type DraftField } from '../domain/quotes/draft-shape.js';
import type { FieldProblems } from '../domain/quotes/draft.js';
import { decimalText, knownNumberMarks, readNumber } from '../domain/amounts/number-input.js';
import { readNumberMarksWhenIdle } from './number-marks.js';
import { priceBook, usdValue, type PriceBook } from '../domain/quotes/prices.js';
import type { TokenIndex } from '../domain/tokens/tokens.js';
import type { BalanceView } from '../views/wallets.js';
import { balanceLine } from './balance-line.js';
import type { WalletView } from '../views/wallets.js';
import { formatUsd, readableAmount } from '../util/format.js';
import { LocalizedElement } from './localized-element.js';
import { ltr, ltrAmount } from './machine-text.js';
import { fieldProblemText } from './messages/config.js';
import { walletProblemText } from './messages/wallets.js';
import type { TokenSelectEvent } from './token-picker.js';
import { sharedStyles } from './shared.styles.js';
import { quoteFormStyles } from './quote-form.styles.js';
import { settingsStyles } from './settings.styles.js';

type TextField = 'amount' | 'slippage' | 'sourceAddress' | 'destinationAddress';

/** Internal event: the user edited a field (the value is what the field holds now, as typed). */
export class FormInputEvent extends Event {
  constructor(
    readonly field: TextField,
    readonly value: string,
  ) {
    super('form-input', { bubbles: false, composed: false });
  }
}

/** Internal event: the user picked an asset for a side, or swapped the two sides. */
export class PickEvent extends Event {
  constructor(
    readonly side: 'sell' | 'buy' | 'flip',
    readonly asset = '',
  ) {
    super('pick', { bubbles: false, composed: false });
  }
}

/** Internal event: the user picked a wallet to connect (`id`), or disconnected the connected one. */
export class WalletEvent extends Event {
  constructor(
    readonly action: 'connect' | 'disconnect',
    readonly id = '',
  ) {
    super('wallet', { bubbles: false, composed: false });
  }
}

const SETTINGS_FIELDS: readonly DraftField[] = ['sourceAddress', 'destinationAddress'];

/**
 * The quote form: its header with the settings (the slippage, see settings.ts), sell and buy
 * assets (each opens the token picker), the amount with its USD value, what the selected route
 * pays out, and the addresses. Presentational: it
 * reports edits as typed (a bad value is marked with its reason, never rewritten) and the
 * root owns the state.
 *
 * @fires form-input - internal: a field changed
 * @fires pick - internal: an asset was picked, or the sides swapped
 * @fires wallet - internal: a wallet was picked to connect, or the connected one disconnected
 * @csspart form - the form
 * @csspart asset-button - the buttons that open the token picker
 * @csspart amount - the amount input
 * @csspart balance - the sell asset's balance
 * @csspart max-button - Max: puts the balance, less the gas reserve of a native asset, in the amount
 * @csspart flip-button - the button that swaps sell and buy
 * @csspart address - the address inputs
 * @csspart settings-button - the settings control, showing the slippage
 * @csspart slippage - the slippage group
 * @csspart wallet - the wallet button, its list of wallets and the connected account
 * @csspart wallet-button - the buttons that connect or disconnect a wallet
 * @csspart picker - the token picker, which covers the widget's box while it is open
 * @csspart search - the token search field
 * @csspart option - each token of the picker
 */
export class SwapQuoteForm extends LocalizedElement {
  static override styles = [sharedStyles, quoteFormStyles, settingsStyles];

  @property({ attribute: false }) draft: Draft = EMPTY_DRAFT;
  /** Problems to show next to the fields. */
  @property({ attribute: false }) problems: FieldProblems = {};
  @property({ attribute: false }) tokens?: TokenIndex;
  /** What a sell asset can be swapped to (upper-case identifiers), for the buy side's picker. */
  @property({ attribute: false }) reachableFrom?: (sellAsset: string) => ReadonlySet<string>;
  @property({ attribute: false }) prices?: PoolRates;
  /** What the selected route is expected to pay out, shown in "You buy". */
  @property() expected?: string;
  @property({ type: Boolean }) lockAddresses = false;
  /** The page's wallets for the sell chain's family; none when the widget drives no wallet there. */
  @property({ attribute: false }) wallet?: WalletView;
  /** The sell asset's balance and Max, when known. */
  @property({ attribute: false }) balance?: BalanceView;
  /** Every balance known (asset -> decimal string), shown on the picker's rows. */
  @property({ attribute: false }) balances?: Readonly<Record<string, unknown>>;

  /** The side whose token picker is open. */
  @state() private picking?: 'sell' | 'buy';
  /** The list of wallets is open. */
  @state() private choosing = false;

  private book?: { prices: PoolRates | undefined; book: PriceBook };

  /** Moves the focus to a side's asset button. */
  focusAsset(side: 'sell' | 'buy'): void {
    this.renderRoot.querySelector<HTMLButtonElement>(`.asset[data-side="${side}"]`)?.focus();
  }

  /** Opens the token picker of a side (the main button's "Select a token"). */
  openPicker(side: 'sell' | 'buy'): void {
    this.picking = side;
  }

  /** Moves the focus to a field, opening the section (or the settings) that holds it when it is closed. */
  async focusField(field: 'amount' | 'sourceAddress' | 'destinationAddress' | 'slippage'): Promise<void> {
    if (field === 'slippage') return this.renderRoot.querySelector('swap-settings')?.focusSlippage();
    if (field !== 'amount') {
      const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.settings');
      if (details) details.open = true;
    }
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>(`#${field}`)?.focus();
  }

  /** Moves the focus to the amount (the form is back). */
  focusAmount(): void {
    void this.focusField('amount');
  }

  /** Opens the list of the sell chain's wallets (the main button's "Connect a wallet"). */
  async openWallets(): Promise<void> {
    this.choosing = true;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('[part="wallet"] .wallets button')?.focus();
  }

  /**
   * The first render builds no `Intl.NumberFormat` (a page's first costs tens of milliseconds):
   * without the locale's marks the amount's placeholder has no decimal point; they are read once
   * the page is idle after the first paint, and the placeholder is written again.
   */
  protected override firstUpdated(): void {
    readNumberMarksWhenIdle(this.locale ?? navigator.language, () => this.requestUpdate());
  }

  /** A problem in a field of the closed "Addresses" section opens it, so the field and its message are on screen. */
  protected override updated(changed: PropertyValues<this>): void {
    const before: FieldProblems | undefined = changed.get('problems');
    if (!changed.has('problems')) return;
    const appeared = SETTINGS_FIELDS.some((f) => this.problems[f] && this.problems[f] !== before?.[f]);
    const details = this.renderRoot.querySelector<HTMLDetailsElement>('details.settings');
    if (appeared && details) details.open = true;
  }

  protected override render() {
    const d = this.draft;
    const p = this.problems;
    const locale = this.locale ?? navigator.language;
    // Read as the widget reads it; a refused amount has no USD value.
    const amount = readNumber(d.amount, locale);
    const usd =
      d.sellAsset && amount.ok && !p.amount ? usdValue(this.priceBook(), d.sellAsset, amount.value) : undefined;
    const expectedUsd = d.buyAsset && this.expected ? usdValue(this.priceBook(), d.buyAsset, this.expected) : undefined;
    const buy = d.buyAsset
      ? (this.tokens?.byAsset.get(d.buyAsset.toUpperCase())?.symbol ?? assetSymbol(d.buyAsset))
      : '';
    return html`
      <swap-settings ?inert=${!!this.picking} .slippage=${d.slippage} .problem=${p.slippage} .expected=${this.expected} .symbol=${buy} .locale=${this.locale}
        @form-input=${(e: FormInputEvent) => this.emit(e.field, e.value)}></swap-settings>
      <form part="form" @submit=${(e: Event) => e.preventDefault()} novalidate ?inert=${!!this.picking}>
        <fieldset class="side">
          <legend>${msg('You sell')}</legend>
          ${this.renderAssetButton('sell', d.sellAsset)}
          <label class="visually-hidden" for="amount">${msg('Amount to sell')}</label>
          <input id="amount" part="amount" class="amount" type="text" inputmode="decimal" dir="ltr" autocomplete="off" placeholder=${knownNumberMarks(locale) ? decimalText('0.0', locale) : '0'}
            .value=${d.amount} aria-invalid=${p.amount ? 'true' : 'false'} aria-describedby="amount-usd amount-error"
            @input=${(e: Event) => this.emit('amount', (e.target as HTMLInputElement).value)} />
          <span id="amount-usd" class="usd muted">${usd ? `≈ ${formatUsd(usd, this.locale)}` : nothing}</span>
          ${this.renderError('amount-error', p.amount ?? p.sellAsset)}
          ${this.balance ? balanceLine(this.balance, this.tokens?.byAsset.get(d.sellAsset.toUpperCase())?.symbol ?? assetSymbol(d.sellAsset), this.locale, (max) => this.emit('amount', decimalText(max, locale))) : nothing}
          ${this.wallet ? this.renderWallet(this.wallet) : nothing}
        </fieldset>

        <button type="button" part="flip-button" class="flip" @click=${() => this.dispatchEvent(new PickEvent('flip'))} aria-label=${msg('Swap sell and buy assets')}>⇅</button>

        <fieldset class="side">
          <legend>${msg('You buy')}</legend>
          ${this.renderAssetButton('buy', d.buyAsset)}
          <span class="amount expected">${this.expected ? ltrAmount(readableAmount(this.expected, this.locale)) : nothing}</span>
          <span class="usd muted">${expectedUsd ? `≈ ${formatUsd(expectedUsd, this.locale)}` : nothing}</span>
          ${this.renderError('buy-error', p.buyAsset)}
        </fieldset>

        <details class="settings">
          <summary>${msg('Addresses')}</summary>
          ${this.renderAddress('sourceAddress', msg('From address'), d.sourceAddress, d.sellAsset)}
          ${this.renderAddress('destinationAddress', msg('To address'), d.destinationAddress, d.buyAsset)}
        </details>
      </form>
      ${this.picking ? this.renderPicker(this.picking) : nothing}
    `;
  }

  private renderAssetButton(side: 'sell' | 'buy', asset: string) {
    const token = asset ? this.tokens?.byAsset.get(asset.toUpperCase()) : undefined;
    const chain = asset ? chainInfo(assetChain(asset))?.name : undefined;
    const label = side === 'sell' ? msg('Choose the asset to sell') : msg('Choose the asset to buy');
    return html`<button type="button" part="asset-button" class="asset" data-side=${side} @click=${() => (this.picking = side)}>
      <span class="visually-hidden">${label}:</span>
      <span class="symbol">${asset ? ltr(token?.symbol ?? assetSymbol(asset)) : msg('Select')}</span>
      ${chain ? html`<span class="chain muted">${chain}</span>` : nothing}
      <span aria-hidden="true">▾</span>
    </button>`;
  }

  private renderWallet(w: WalletView) {
    const act = (action: WalletEvent['action'], id?: string) => {
      this.choosing = false;
      this.dispatchEvent(new WalletEvent(action, id));
    };
    return html`<div part="wallet" class="wallet">
      ${
        w.connected
          ? html`<span class="connected">${msg(str`Connected: ${w.connected.name}`)} <code dir="ltr" title=${w.connected.account}>${shortAddress(w.connected.account)}</code></span>
            <button type="button" part="wallet-button" @click=${() => act('disconnect')}>${msg('Disconnect')}</button>`
          : w.wallets.length
            ? html`<button type="button" part="wallet-button" aria-expanded=${this.choosing ? 'true' : 'false'} ?disabled=${w.pending} @click=${() => (this.choosing = !this.choosing)}>
                ${w.pending ? msg('Connecting…') : msg(str`Connect a ${w.chain} wallet`)}
              </button>
              ${
                this.choosing
                  ? html`<ul class="wallets">
                    ${w.wallets.map(
                      (
                        c,
                      ) => html`<li><button type="button" part="wallet-button" data-wallet=${c.id} @click=${() => act('connect', c.id)}>
                        ${c.icon ? html`<img src=${c.icon} alt="" width="20" height="20" />` : nothing}${c.name}
                      </button></li>`,
                    )}
                  </ul>`
                  : nothing
              }`
            : html`<span class="muted">${msg(str`No ${w.chain} wallet was found in this page.`)}</span>`
      }
      ${w.problem ? html`<span class="danger" role="alert">${walletProblemText(w.problem)}</span>` : nothing}
    </div>`;
  }

  private renderAddress(field: 'sourceAddress' | 'destinationAddress', label: string, value: string, asset: string) {
    const chain = asset ? chainInfo(assetChain(asset))?.name : undefined;
    const problem = this.problems[field];
    return html`<div class="address">
      <label for=${field}>${label}${chain ? html`${' '}<span class="muted">(${chain})</span>` : nothing}</label>
      <input id=${field} part="address" type="text" dir="ltr" autocomplete="off" spellcheck="false" .value=${value} ?readonly=${this.lockAddresses}
        aria-invalid=${problem ? 'true' : 'false'} aria-describedby="${field}-error"
        @change=${(e: Event) => this.emit(field, (e.target as HTMLInputElement).value.trim())} />
      ${this.renderError(`${field}-error`, problem)}
    </div>`;
  }

  private renderError(id: string, problem: FieldProblems[DraftField]) {
    return html`<span id=${id} class="field-error danger" role=${problem ? 'alert' : nothing}>${problem ? fieldProblemText(problem) : nothing}</span>`;
  }

  private renderPicker(side: 'sell' | 'buy') {
    const d = this.draft;
    const allowed = side === 'buy' && d.sellAsset ? this.reachableFrom?.(d.sellAsset) : undefined;
    return html`<swap-token-picker
      exportparts="picker, search, option"
      .index=${this.tokens}
      .locale=${this.locale}
      .allowed=${allowed}
      .balances=${this.balances}
      .selected=${side === 'sell' ? d.sellAsset : d.buyAsset}
      .heading=${side === 'sell' ? msg('Choose the asset to sell') : msg('Choose the asset to buy')}
      @token-select=${(e: TokenSelectEvent) => this.closePicker(side, e.asset)}
      @picker-close=${() => this.closePicker(side)}
    ></swap-token-picker>`;
  }

  private async closePicker(side: 'sell' | 'buy', asset?: string) {
    this.picking = undefined;
    if (asset) this.dispatchEvent(new PickEvent(side, asset));
    await this.updateComplete;
    this.focusAsset(side);
  }

  private priceBook(): PriceBook {
    if (this.book?.prices !== this.prices || !this.book)
      this.book = { prices: this.prices, book: priceBook(this.prices) };
    return this.book.book;
  }

  private emit(field: TextField, value: string) {
    this.dispatchEvent(new FormInputEvent(field, value));
  }
}

/** `abcd…wxyz`: enough to recognise an account. */
function shortAddress(a: string): string {
  return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-quote-form': SwapQuoteForm;
  }
}
