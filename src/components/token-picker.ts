import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import { FlowLayout } from '@lit-labs/virtualizer/layouts/flow.js';
import type { Token } from '../api/schemas.js';
import { chainInfo } from '../domain/chains.js';
import { TokenSearch, safeImageUrl, type TokenIndex } from '../domain/tokens.js';
import { afterPaint } from '../util/after-paint.js';
import { LocalizedElement } from './localized-element.js';
import { ltr } from './machine-text.js';
import { sharedStyles } from './shared.styles.js';
import { tokenPickerStyles } from './token-picker.styles.js';

type Row = { kind: 'chain'; chain: string } | { kind: 'token'; token: Token; option: number };

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

/** Internal event: a token was chosen. */
export class TokenSelectEvent extends Event {
  constructor(readonly asset: string) {
    super('token-select', { bubbles: false, composed: false });
  }
}

/**
 * A searchable list of tokens grouped by chain, virtualised for long lists, in a modal
 * dialog: while it is open the rest of the page is inert and the focus stays inside.
 * Keyboard: in the search field, arrows move, Enter picks; Escape closes.
 *
 * @fires token-select - internal: a token was chosen (`asset`)
 * @fires picker-close - internal: the picker was dismissed without a choice
 * @csspart picker - the dialog
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
  /** Heading of the dialog. */
  @property() heading = '';

  @state() private query = '';
  @state() private active = 0;
  /**
   * The page's Content-Security-Policy refuses the logos (no `img-src` for `https:`/`data:`):
   * show monograms instead of broken images, and stop asking for more.
   */
  @state() private imagesBlocked = false;

  @query('input') private input?: HTMLInputElement;
  @query('dialog') private dialog?: HTMLDialogElement;
  @query('.list') private list?: VirtualizerHostElement;

  private rows: Row[] = [];
  private options: Token[] = [];
  private readonly search = new TokenSearch();
  /**
   * Logos already shown once (the browser keeps them decoded). A row whose logo is new shows
   * its monogram first and the logo a frame later: an SVG logo is parsed on the main thread
   * when its <img> gets it, which must not hold up the keystroke or scroll that showed the row.
   */
  private readonly shownLogos = new Set<string>();
  private readonly newLogos = new Set<string>();
  /** Logos that failed to load (a dead link, a broken file): their tokens keep the monogram. */
  private readonly failedLogos = new Set<string>();
  private logosScheduled = false;

  override focus(): void {
    this.input?.focus();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('index') || changed.has('allowed') || changed.has('query')) {
      const index = this.index;
      const positions = index ? this.search.search(index, this.query, this.allowed) : [];
      const options: Token[] = (this.options = new Array(positions.length));
      const rows: Row[] = (this.rows = []);
      let chain = '';
      for (let option = 0; option < positions.length; option++) {
        const token = (options[option] = index!.tokens[positions[option]!]!);
        if (token.chain !== chain) {
          chain = token.chain;
          rows.push({ kind: 'chain', chain });
        }
        rows.push({ kind: 'token', token, option });
      }
      this.active = Math.min(this.active, Math.max(0, this.options.length - 1));
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('securitypolicyviolation', this.handleViolation);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('securitypolicyviolation', this.handleViolation);
  }

  protected override firstUpdated(): void {
    if (this.isConnected && !this.dialog?.open) this.dialog?.showModal();
    this.input?.focus();
  }

  protected override render() {
    const count = this.options.length;
    const activeToken = this.options[this.active];
    return html`
      <dialog part="picker" class="picker" aria-labelledby="title" @keydown=${this.handleKeydown} @cancel=${this.handleCancel}>
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
          aria-activedescendant=${activeToken ? `opt-${this.active}` : nothing}
          placeholder=${msg('Symbol, name, chain or address')}
          .value=${this.query}
          @input=${this.handleInput}
        />
        <p class="count muted" role="status">${count ? msg(str`${count} tokens`) : msg('No token matches')}</p>
        <div class="list" id="options" role="listbox" aria-label=${this.heading}>
          ${virtualize({
            items: this.rows,
            scroller: true,
            layout: LAYOUT,
            // Rows are keyed by place, so a keystroke updates the rendered rows in place
            // rather than removing them and creating new ones.
            keyFunction: (_row: Row, i: number) => i,
            renderItem: (row: Row) => (row.kind === 'chain' ? this.renderChain(row.chain) : this.renderToken(row.token, row.option)),
          })}
        </div>
      </dialog>
    `;
  }

  private renderChain(chain: string) {
    return html`<div class="chain" aria-hidden="true">${chainInfo(chain)?.name ?? chain}</div>`;
  }

  private renderToken(token: Token, option: number) {
    let image = this.imagesBlocked ? undefined : safeImageUrl(token.logoURI ?? token.image);
    if (image && this.failedLogos.has(image)) image = undefined;
    if (image && !this.shownLogos.has(image)) {
      this.newLogos.add(image);
      this.scheduleLogos();
      image = undefined;
    }
    const contract = token.asset.includes('-') ? token.asset.slice(token.asset.indexOf('-') + 1) : '';
    return html`<div
      id="opt-${option}"
      part="option"
      class="option ${option === this.active ? 'active' : ''}"
      role="option"
      aria-selected=${token.asset === this.selected ? 'true' : 'false'}
      @click=${() => this.choose(token)}
      @pointermove=${() => (this.active = option)}
    >
      ${image ? html`<img src=${image} alt="" width="24" height="24" loading="lazy" @error=${this.handleLogoError} />` : html`<span class="monogram" aria-hidden="true">${token.symbol.slice(0, 1)}</span>`}
      <span class="names">
        <span class="symbol">${ltr(token.symbol)}</span>
        <span class="name muted">${token.name ?? ''}${contract ? html`${' · '}<span class="contract" dir="ltr">${contract.slice(0, 6)}…${contract.slice(-4)}</span>` : nothing}</span>
      </span>
      <span class="chain-code muted">${chainInfo(token.chain)?.name ?? token.chain}</span>
    </div>`;
  }

  /** After the frame that shows the rows, their new logos, in a task of their own. */
  private scheduleLogos() {
    if (this.logosScheduled) return;
    this.logosScheduled = true;
    afterPaint(() => {
      this.logosScheduled = false;
      for (const url of this.newLogos) this.shownLogos.add(url);
      this.newLogos.clear();
      this.requestUpdate();
    });
  }

  private handleLogoError(e: Event) {
    const url = (e.target as HTMLImageElement).getAttribute('src');
    if (!url || this.failedLogos.has(url)) return;
    this.failedLogos.add(url);
    this.requestUpdate();
  }

  private handleViolation = (e: SecurityPolicyViolationEvent) => {
    if (/^img-src/.test(e.effectiveDirective || e.violatedDirective)) this.imagesBlocked = true;
  };

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
    this.active = 0;
    this.list?.[virtualizerRef]?.element(0)?.scrollIntoView({ block: 'nearest' });
  }

  /** List keys act from the search field only: Enter on the Close button closes, it does not pick. */
  private handleKeydown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      return this.handleClose();
    }
    if (e.target !== this.input) return;
    const page = 8;
    switch (e.key) {
      case 'ArrowDown':
        this.moveTo(this.active + 1);
        break;
      case 'ArrowUp':
        this.moveTo(this.active - 1);
        break;
      case 'PageDown':
        this.moveTo(this.active + page);
        break;
      case 'PageUp':
        this.moveTo(this.active - page);
        break;
      case 'Enter': {
        const token = this.options[this.active];
        if (token) this.choose(token);
        break;
      }
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** Escape on the dialog: the form closes it (it owns whether the picker is shown). */
  private handleCancel(e: Event) {
    e.preventDefault();
    this.handleClose();
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
