import { isTxHash } from '../domain/tracking/status.js';
import { msg, str } from '@lit/localize';
import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { encode } from 'uqr';
import { fractionDigits } from '../domain/amounts/amount.js';
import { assetSymbol } from '../domain/chains/asset.js';
import { chainInfo } from '../domain/chains/chains.js';
import { LocalizedElement } from './localized-element.js';
import { ltrText } from './machine-text.js';
import { formatAmount, formatCountdown } from '../util/format.js';
import { panelStyles, sharedStyles } from './shared.styles.js';
import { memoFlowStyles } from './memo-flow.styles.js';

/** Internal event: the user pasted the hash of the transaction they sent. */
export class HashSubmitEvent extends Event {
  constructor(readonly hash: string) {
    super('hash-submit', { bubbles: false, composed: false });
  }
}

/**
 * What to send, for a native transfer the widget cannot sign: the address, the memo (none
 * for a deposit channel) and the exact amount, each with a copy button; a QR code of the
 * address; the time left; and a field for the hash of the sent transaction.
 *
 * @fires hash-submit - internal: the user gave the transaction hash
 * @csspart memo-flow - the box
 * @csspart qr - the QR code of the address
 * @csspart copy-button - the copy buttons
 * @csspart hash-input - the field for the transaction hash
 */
export class SwapMemoFlow extends LocalizedElement {
  static override styles = [sharedStyles, panelStyles, memoFlowStyles];

  @property() chain = '';
  @property() asset = '';
  @property() amount = '';
  @property() address = '';
  /** Empty for a deposit channel. */
  @property() memo = '';
  /** Unix ms after which the address must not be used. */
  @property({ type: Number }) expiresAt?: number;
  @property({ type: Number }) now = Date.now();

  /** What the last copy did: its field's label, and whether the page let it copy (words at render, in this element's language). */
  @state() private copied?: { label: string; ok: boolean };
  @state() private badHash = false;
  private qr?: { size: number; path: string };

  /** Moves the focus to the screen's heading (when it appears after Confirm, or after a reload). */
  async focusHeading(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#memo-title')?.focus();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('address')) this.qr = this.address ? qrPath(this.address) : undefined;
  }

  protected override render() {
    const chainName = chainInfo(this.chain)?.name ?? this.chain;
    const left = this.expiresAt === undefined ? undefined : this.expiresAt - this.now;
    const expired = left !== undefined && left <= 0;
    return html`<section part="memo-flow" class="panel memo-flow" aria-labelledby="memo-title">
      <h2 id="memo-title" tabindex="-1">${msg(str`Send ${ltrText(assetSymbol(this.asset))} on ${chainName}`)}</h2>
      ${
        this.memo
          ? html`<p class="warning warn" role="note">
            ${msg('The memo is required: without it the funds cannot be swapped and may be lost. Many wallets and exchanges cannot add a memo; use one that can.')}
          </p>`
          : html`<p class="muted">${msg('Send exactly this amount to this one-time deposit address. Do not reuse it for another swap.')}</p>`
      }
      ${
        expired
          ? html`<p class="danger" role="alert">${msg('This address has expired. Do not send to it: quote again.')}</p>`
          : left !== undefined
            ? html`<p class="expiry">${msg(str`Send within ${formatCountdown(left, this.locale)}`)}</p>`
            : nothing
      }
      <dl>
        ${this.renderField('amount', msg('Amount'), this.amount, `${formatAmount(this.amount, this.locale, Math.min(100, fractionDigits(this.amount)))} ${assetSymbol(this.asset)}`)}
        ${this.renderField('address', msg('Address'), this.address)}
        ${this.memo ? this.renderField('memo', msg('Memo'), this.memo) : nothing}
      </dl>
      ${
        this.qr && !expired
          ? html`<figure>
            <svg part="qr" class="qr" viewBox="-2 -2 ${this.qr.size + 4} ${this.qr.size + 4}" role="img" aria-label=${msg('QR code of the address')} shape-rendering="crispEdges">
              <rect x="-2" y="-2" width=${this.qr.size + 4} height=${this.qr.size + 4} class="qr-bg"></rect>
              ${svg`<path d=${this.qr.path} class="qr-fg"></path>`}
            </svg>
            <figcaption class="muted">${this.memo ? msg('Scan the address; enter the amount and the memo by hand.') : msg('Scan the address; enter the amount by hand.')}</figcaption>
          </figure>`
          : nothing
      }
      <p class="copied" role="status">${this.copiedText()}</p>
      <form class="hash" @submit=${this.handleSubmit}>
        <label for="hash">${msg('Transaction hash, once sent')}</label>
        <div class="row">
          <input id="hash" part="hash-input" name="hash" type="text" dir="ltr" autocomplete="off" spellcheck="false" aria-describedby="hash-error" aria-invalid=${this.badHash ? 'true' : 'false'} />
          <button type="submit">${msg('Track')}</button>
        </div>
        <span id="hash-error" class="danger" role=${this.badHash ? 'alert' : nothing}>${this.badHash ? msg('This does not look like a transaction hash.') : ''}</span>
      </form>
    </section>`;
  }

  private renderField(name: string, label: string, value: string, shown = value) {
    return html`<div class="field">
      <dt>${label}</dt>
      <dd><code data-field=${name} dir="ltr">${shown}</code>
        <button type="button" part="copy-button" class="copy" data-copy=${name} @click=${() => this.copy(label, value)} aria-label=${msg(str`Copy ${label}`)}>${msg('Copy')}</button>
      </dd>
    </div>`;
  }

  private copiedText() {
    const c = this.copied;
    if (!c) return '';
    return c.ok
      ? msg(str`${c.label} copied.`)
      : msg(str`Copying is blocked here: select the ${c.label} and copy it by hand.`);
  }

  private async copy(label: string, value: string) {
    try {
      await navigator.clipboard.writeText(value);
      this.copied = { label, ok: true };
    } catch {
      this.copied = { label, ok: false };
    }
  }

  private handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('hash') as HTMLInputElement;
    const hash = input.value.trim();
    this.badHash = !isTxHash(hash);
    if (!this.badHash) this.dispatchEvent(new HashSubmitEvent(hash));
  }
}

/** The QR code of `text` as one SVG path of unit squares. */
function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (path += `M${x} ${y}h1v1h-1z`)));
  return { size, path };
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-memo-flow': SwapMemoFlow;
  }
}
