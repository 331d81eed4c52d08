import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';
import type { Token } from '../schemas/service.js';
import { chainInfo } from '../domain/chains/chains.js';
import { balancesByAsset, tokenChains, tokenRows, type TokenRow } from '../domain/tokens/token-rows.js';
import { TokenSearch, type TokenIndex } from '../domain/tokens/tokens.js';
import { readableAmount } from '../util/format.js';
import { LocalizedElement } from './localized-element.js';
import { ltr, ltrAmount } from './machine-text.js';
import { sharedStyles } from './shared.styles.js';
import { TokenLogos } from './token-logos.js';
import { tokenPickerStyles } from './token-picker.styles.js';

/**
 * The flow layout, rendering rows up to 240 px beyond the visible part of the list rather
 * than 1000 px: a keystroke re-renders about a dozen rows instead of thirty.
 */
class NearFlowLayout extends FlowLayout {
  constructor(...args: ConstructorParameters<typeof FlowLayout>) {
    super(...args);
    this._overhang = 240;
  }
}
const LAYOUT = { type: NearFlowLayout };
/** Options a PageUp or PageDown moves by. */
const PAGE = 8;

const chainName = (chain: string) => chainInfo(chain)?.name ?? chain;

/** Internal event: a token was chosen. */
export class TokenSelectEvent extends Event {
  constructor(readonly asset: string) {
    super('token-select', { bubbles: false, composed: false });
  }
}

/**
 * A searchable list of tokens grouped by chain (each chain's native asset and well-known
 * tokens first), narrowed to one chain on demand, virtualised for long lists. It covers its
 * containing box, the widget's (`position: absolute; inset: 0`), and keeps the focus inside
 * while it is open. Keyboard: Up, Down, PageUp, PageDown, Home and End move the active token
 * from the search field (Home and End once it is empty: before, they edit the query) and from
 * the list; Enter picks it; Escape closes.
 *
 * @fires token-select - internal: a token was chosen (`asset`)
 * @fires picker-close - internal: the picker was dismissed without a choice
 * @csspart picker - the picker's box
 * @csspart search - the search field
 * @csspart option - each token
 */
export class SwapTokenPicker extends LocalizedElement {
  static override styles = [sharedStyles, tokenPickerStyles];

  /** The indexed token list. */
  @property({ attribute: false }) index?: TokenIndex;
  /** When set, only these assets (upper case) are offered. */
  @property({ attribute: false }) allowed?: ReadonlySet<string>;
  /** The asset currently chosen on this side. */
  @property() selected?: string;
  /** Heading of the picker. */
  @property() heading = '';
  /** Balances the rows show, by asset identifier (`{ 'ETH.ETH': '1.5' }`); other values are ignored. */
  @property({ attribute: false }) balances?: Readonly<Record<string, unknown>>;

  @state() private query = '';
  @state() private active = 0;
  /** The chain the list is narrowed to; '' for every chain. */
  @state() private chain = '';

  @query('input') private input?: HTMLInputElement;
  @query('select') private select?: HTMLSelectElement;
  @query('.close') private closeButton?: HTMLButtonElement;
  @query('.list') private list?: VirtualizerHostElement;

  private rows: TokenRow[] = [];
  private options: Token[] = [];
  private chains: string[] = [];
  private balanceOf: ReadonlyMap<string, string> = new Map();
  private readonly search = new TokenSearch();
  private readonly logos = new TokenLogos(this);

  override focus(): void {
    this.input?.focus();
  }

  protected override willUpdate(changed: PropertyValues): void {
    const listChanged = changed.has('index') || changed.has('allowed');
    if (listChanged) {
      this.chains = tokenChains(this.index, this.allowed);
      if (!this.chains.includes(this.chain)) this.chain = '';
    }
    if (changed.has('balances')) this.balanceOf = balancesByAsset(this.balances);
    if (listChanged || changed.has('query') || changed.has('chain')) {
      const positions = this.index ? this.search.search(this.index, this.query, this.allowed) : [];
      ({ rows: this.rows, options: this.options } = tokenRows(this.index, positions, this.chain));
      this.active = Math.min(this.active, Math.max(0, this.options.length - 1));
    }
  }

  protected override firstUpdated(): void {
    this.input?.focus();
  }

  protected override render() {
    const count = this.options.length;
    const active = this.options[this.active] ? `opt-${this.active}` : nothing;
    return html`
      <div part="picker" class="picker" role="dialog" aria-modal="true" aria-labelledby="title" @keydown=${this.handleKeydown}>
        <header>
          <h2 id="title">${this.heading}</h2>
          <button type="button" class="close" @click=${this.handleClose} aria-label=${msg('Close')}>×</button>
        </header>
        <label class="visually-hidden" for="search">${msg('Search tokens')}</label>
        <input
          id="search"
          part="search"
          type="search"
          autocomplete="off"
          spellcheck="false"
          role="combobox"
          aria-expanded="true"
          aria-controls="options"
          aria-autocomplete="list"
          aria-activedescendant=${active}
          placeholder=${msg('Symbol, name, chain or address')}
          .value=${this.query}
          @input=${this.handleInput}
        />
        <div class="bar">
          <p class="count muted" role="status">${count ? msg(str`${count} tokens`) : msg('No token matches')}</p>
          <select aria-label=${msg('Chain')} @change=${this.handleChain}>
            <option value="" .selected=${!this.chain}>${msg('All chains')}</option>
            ${this.chains.map((c) => html`<option value=${c} .selected=${c === this.chain}>${chainName(c)}</option>`)}
          </select>
        </div>
        <div class="list" id="options" role="listbox" tabindex="0" aria-label=${this.heading} aria-activedescendant=${active}>
          ${virtualize({
            items: this.rows,
            scroller: true,
            layout: LAYOUT,
            // Rows are keyed by place, so a keystroke updates the rendered rows in place
            // rather than removing them and creating new ones.
            keyFunction: (_row: TokenRow, i: number) => i,
            renderItem: (row: TokenRow) =>
              row.kind === 'chain' ? this.renderChain(row.chain) : this.renderToken(row.token, row.option),
          })}
        </div>
      </div>
    `;
  }

  private renderChain(chain: string) {
    return html`<div class="chain" aria-hidden="true">${chainName(chain)}</div>`;
  }

  /** A token's row: its chain is named by the heading above it (and, for screen readers, in the row). */
  private renderToken(token: Token, option: number) {
    const image = this.logos.url(token);
    const contract = token.asset.includes('-') ? token.asset.slice(token.asset.indexOf('-') + 1) : '';
    const balance = this.balanceOf.get(token.asset.toUpperCase());
    return html`<div
      id="opt-${option}"
      part="option"
      class="option ${option === this.active ? 'active' : ''}"
      role="option"
      aria-selected=${token.asset === this.selected ? 'true' : 'false'}
      @click=${() => this.choose(token)}
      @pointermove=${() => (this.active = option)}
    >
      ${image ? html`<img src=${image} alt="" width="24" height="24" loading="lazy" @error=${this.logos.handleError} />` : html`<span class="monogram" aria-hidden="true">${token.symbol.slice(0, 1)}</span>`}
      <span class="names">
        <span class="line">
          <span class="symbol">${ltr(token.symbol)}</span>
          ${contract ? html`<span class="contract muted" dir="ltr">${contract.slice(0, 6)}…${contract.slice(-4)}</span>` : nothing}
        </span>
        <span class="name muted">${token.name ?? ''}</span>
      </span>
      <span class="chain-code visually-hidden">${chainName(token.chain)}</span>
      ${balance ? html`<span class="balance">${ltrAmount(readableAmount(balance, this.locale))}</span>` : nothing}
    </div>`;
  }

  private choose(token: Token) {
    this.dispatchEvent(new TokenSelectEvent(token.asset));
  }

  private moveTo(option: number) {
    if (!this.options.length) return;
    this.active = Math.max(0, Math.min(this.options.length - 1, option));
    const row = this.rows.findIndex((r) => r.kind === 'token' && r.option === this.active);
    // Bring the active option into view; the virtualizer renders it if it was not.
    this.list?.[virtualizerRef]?.element(row)?.scrollIntoView({ block: 'nearest' });
  }

  private handleInput(e: Event) {
    this.query = (e.target as HTMLInputElement).value;
    this.toTop();
  }

  private handleChain(e: Event) {
    this.chain = (e.target as HTMLSelectElement).value;
    this.toTop();
  }

  private toTop() {
    this.active = 0;
    this.list?.[virtualizerRef]?.element(0)?.scrollIntoView({ block: 'nearest' });
  }

  /**
   * The picker's keys, wherever the focus is in it, but for the keys the focused control
   * needs itself: the chain list's, Enter on Close, Home and End in a query being edited.
   * Tab goes round from the list back to Close, and Shift+Tab the other way.
   */
  private handleKeydown(e: KeyboardEvent) {
    const target = e.target;
    let to: number;
    if (e.isComposing) return;
    switch (e.key) {
      case 'Escape':
        this.handleClose();
        break;
      case 'Tab': {
        const [from, next] = e.shiftKey ? [this.closeButton, this.list] : [this.list, this.closeButton];
        if (target !== from) return;
        next?.focus();
        break;
      }
      case 'Enter':
        if (target !== this.input && target !== this.list) return;
        if (this.options[this.active]) this.choose(this.options[this.active]!);
        break;
      default:
        if (target === this.select) return;
        if (e.key === 'ArrowDown') to = this.active + 1;
        else if (e.key === 'ArrowUp') to = this.active - 1;
        else if (e.key === 'PageDown') to = this.active + PAGE;
        else if (e.key === 'PageUp') to = this.active - PAGE;
        else if ((e.key === 'Home' || e.key === 'End') && !(target === this.input && this.query))
          to = e.key === 'Home' ? 0 : this.options.length - 1;
        else return;
        this.moveTo(to);
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private handleClose() {
    this.dispatchEvent(new Event('picker-close', { bubbles: false, composed: false }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-token-picker': SwapTokenPicker;
  }
}
