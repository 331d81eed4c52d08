import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { fractionDigits, isDecimalString, addDecimal, compareDecimal, subDecimal } from '../domain/amounts/amount.js';
import { assetChain, assetSymbol, parseAsset, sameAsset } from '../domain/chains/asset.js';
import { chainInfo } from '../domain/chains/chains.js';
import type { Review, ReviewWarning } from '../domain/flow/review.js';
import { formatAmount, formatCountdown, formatPercent, readableAmount } from '../util/format.js';
import { LocalizedElement } from './localized-element.js';
import { ltr, ltrAmount, ltrText } from './machine-text.js';
import {
  approvalText,
  instructionText,
  reviewFeeLabel,
  reviewRiskText,
  reviewRoleText,
  reviewWarningText,
  streamingText,
  type WarningFacts,
} from './messages.js';
import { sharedStyles } from './shared.styles.js';
import { reviewStyles } from './review.styles.js';

/** Internal event: the user confirmed the review; `accepted`: the risks they ticked (the flow checks them). */
export class ReviewConfirmEvent extends Event {
  constructor(readonly accepted: readonly ReviewWarning[]) {
    super('review-confirm', { bubbles: true, composed: false });
  }
}

/** Internal event: the user cancelled the review; nothing is handed out. */
export class ReviewCancelEvent extends Event {
  constructor() {
    super('review-cancel', { bubbles: true, composed: false });
  }
}

/**
 * What will be signed or sent, in plain words, before anything is handed out: what leaves
 * which address, to whom, what comes back at least and where, the memo part by part, the
 * approval, the Solana instructions or Cosmos messages, the fees, the affiliate's cut, the
 * time left and the warnings. Everything comes from a `Review` the widget built from the parts
 * it decoded and checked (`src/domain/flow/review.ts`), never from the service's prose. A warning
 * that must be confirmed (`CONFIRMED_WARNINGS`) keeps Confirm disabled until its box is
 * ticked; an expired review cannot be confirmed.
 *
 * @fires review-confirm - internal: the user confirmed (`ReviewConfirmEvent`, bubbles, not composed)
 * @fires review-cancel - internal: the user cancelled (`ReviewCancelEvent`, bubbles, not composed)
 * @csspart review - the box
 * @csspart confirm-risk - the box to tick that accepts the risks the review warns of
 * @csspart confirm-button - Confirm
 */
export class SwapReview extends LocalizedElement {
  static override styles = [sharedStyles, reviewStyles];

  /** What is reviewed (plain JSON); nothing is shown without it. */
  @property({ attribute: false }) review?: Review;
  /** Current time in ms, for the time left. */
  @property({ type: Number }) now = Date.now();
  /** The risks the user must accept before Confirm, as the flow lists them. */
  @property({ attribute: false }) consent: readonly ReviewWarning[] = [];
  /** The user ticked the box that accepts the risks listed. */
  @state() private riskAccepted = false;
  /** The details (memo, instructions, fees) start open on a wide screen, folded on a phone; the user opens or folds them. */
  private unfolded = true;

  /** Moves focus to the review's heading (the root calls it when the review opens). */
  async focusHeading(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#review-title')?.focus();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Each review starts unticked.
    if (changed.has('review') || changed.has('consent')) this.riskAccepted = false;
    // ... and with its details folded on a phone, so Confirm shows without scrolling.
    if (changed.has('review')) this.unfolded = typeof matchMedia !== 'function' || matchMedia(WIDE).matches;
  }

  protected override render() {
    const r = this.review;
    if (!r) return nothing;
    // An expiry that does not read is past: nothing may be confirmed after it. The time left
    // counts whole seconds up, so it never says 0:00 while Confirm is still live.
    const left = Date.parse(r.expiresAt) - this.now;
    const expired = !(left > 0);
    const risks = this.consent;
    const facts = this.facts(r);
    const blocked = expired || (risks.length > 0 && !this.riskAccepted);
    return html`<section part="review" class="review" aria-labelledby="review-title" @keydown=${this.handleKeydown}>
      <header>
        <h2 id="review-title" tabindex="-1">${msg('Review your swap')}</h2>
        <p class="expiry ${expired ? 'danger' : 'muted'}" data-line="expiry">
          ${expired ? msg('Expired') : msg(str`${ltrText(formatCountdown(left + 999, this.locale))} left`)}
        </p>
      </header>
      ${this.renderSummary(r)} ${this.renderDetails(r)}
      ${r.warnings.length ? html`<ul class="warnings" data-line="warnings">${r.warnings.map((w) => html`<li class="warning ${w}">${reviewWarningText(w, facts)}</li>`)}</ul>` : nothing}
      ${
        risks.length
          ? html`<label class="confirm-risk"
            ><input type="checkbox" part="confirm-risk" .checked=${this.riskAccepted} @change=${(e: Event) => (this.riskAccepted = (e.target as HTMLInputElement).checked)} />
            <span>${risks.map((w) => reviewRiskText(w, facts)).join(' ')}</span></label
          >`
          : nothing
      }
      <div class="actions">
        <button type="button" part="confirm-button" class="confirm" ?disabled=${blocked} @click=${() => !blocked && this.dispatchEvent(new ReviewConfirmEvent(this.riskAccepted ? risks : []))}>
          ${msg('Confirm')}
        </button>
        <button type="button" class="cancel" @click=${() => this.dispatchEvent(new ReviewCancelEvent())}>${msg('Cancel')}</button>
      </div>
    </section>`;
  }

  private renderSummary(r: Review) {
    const sellChain = chainName(r.from.chain);
    const buyChain = chainName(assetChain(r.receive.asset));
    return html`<dl class="summary">
      <div class="line" data-line="send">
        <dt>${msg('You send')}</dt>
        <dd class="amount">${this.readable(r.from.amount, r.from.asset)} <span class="chain muted">${msg(str`on ${sellChain}`)}</span></dd>
        ${this.token(r.from.asset)}
        ${r.from.address ? this.address(msg('From'), r.from.address) : html`<dd class="muted">${msg('From any wallet')}</dd>`}
      </div>
      <div class="line" data-line="to">
        <dt>${msg('To')}</dt>
        <dd class="who"><strong>${r.to.name}</strong> · ${reviewRoleText(r.to.role)}</dd>
        <dd class="address">${ltr(r.to.address)}</dd>
      </div>
      <div class="line" data-line="receive">
        <dt>${msg('You receive at least')}</dt>
        <dd class="amount">${this.readable(r.receive.minimum, r.receive.asset)} <span class="chain muted">${msg(str`on ${buyChain}`)}</span></dd>
        <dd class="muted">${msg(str`Expected ${ltrText(this.readableText(r.receive.expected, r.receive.asset))}`)}</dd>
        ${this.token(r.receive.asset)} ${this.address(msg('Recipient'), r.receive.address)}
      </div>
    </dl>`;
  }

  /**
   * The approval (what it lets be spent, exactly; the contract called is named, its address is
   * the "To" line's), then the memo part by part (or the call a Vault swap makes), the instructions
   * or messages, and the fees, folded under a line that names them (`<details>`): open on a
   * wide screen, folded on a phone.
   */
  private renderDetails(r: Review) {
    const a = r.approval;
    const cosmos = chainInfo(r.from.chain)?.kind === 'cosmos';
    const parts = [
      r.memo && msg('Memo'),
      r.call && ltrText(r.call.function),
      r.instructions?.length && (cosmos ? msg('Messages') : msg('Instructions')),
      (r.fees.length || r.affiliate) && msg('Fees'),
    ].filter((p): p is string => !!p);
    return html`${
      a
        ? html`<section class="part" data-line="approval">
            <h3>${a.reset ? msg('Approvals, signed first') : msg('Approval, signed first')}</h3>
            <p>${approvalText(sameHex(a.spender, r.to.address) ? r.to.name : a.spender, this.amount(a.amount, r.from.asset))}</p>
            ${a.reset && !r.warnings.includes('approval-reset') ? html`<p class="muted">${msg('First set to zero, then to the amount (two approvals).')}</p>` : nothing}
          </section>`
        : nothing
    }
      ${
        parts.length
          ? html`<details class="details" ?open=${this.unfolded}>
            <summary>${parts.join(' · ')}</summary>
            ${this.renderParts(r, cosmos)}
          </details>`
          : nothing
      }`;
  }

  private renderParts(r: Review, cosmos: boolean) {
    const m = r.memo;
    const c = r.call;
    const symbol = assetSymbol(r.receive.asset);
    return html`${
      m
        ? html`<section class="part" data-line="memo">
            <h3>${msg('Memo')}</h3>
            <code class="memo" dir="ltr">${m.text}</code>
            <dl class="rows">
              ${row(msg('Asset'), ltr(m.asset))} ${row(msg('Destination'), ltr(m.destination), 'address')}
              ${row(msg('Limit'), ltr(`${this.exact(m.limit)} ${symbol}`))}
              ${m.affiliate ? row(msg('Affiliate'), ltr(m.affiliate)) : nothing}
              ${m.fee !== undefined ? row(msg('Affiliate fee'), formatPercent(m.fee / 100, this.locale)) : nothing}
              ${m.refund ? row(msg('Refund address'), ltr(m.refund), 'address') : nothing}
              ${m.streaming ? row(msg('Streaming'), streamingText(m.streaming)) : nothing}
            </dl>
          </section>`
        : nothing
    }
      ${
        c
          ? html`<section class="part" data-line="call">
            <h3>${msg(str`${ltrText(c.function)}, the call that carries the swap on`)}</h3>
            <dl class="rows">
              ${row(msg('Destination'), ltr(c.destination), 'address')} ${row(msg('Asset'), ltr(c.asset))}
              ${row(msg('Its least price pays'), ltr(`${this.exact(c.minimum)} ${symbol}`))}
              ${row(msg('Refund address'), ltr(c.refund), 'address')}
            </dl>
          </section>`
          : nothing
      }
      ${
        r.instructions?.length
          ? html`<section class="part" data-line="instructions">
            <h3>${cosmos ? msg('Messages') : msg('Instructions')}</h3>
            <ol class="instructions">
              ${r.instructions.map((i) => html`<li><span class="program">${ltr(i.program)}</span> ${instructionText(i.what) ?? ltr(i.what)}</li>`)}
            </ol>
          </section>`
          : nothing
      }
      ${this.renderFees(r)}`;
  }

  private renderFees(r: Review) {
    if (!r.fees.length && !r.affiliate) return nothing;
    const affiliate = r.affiliate?.name;
    return html`<section class="part" data-line="fees">
      <h3>${msg('Fees')}</h3>
      <dl class="rows fees">
        ${r.fees.map((f) => row(reviewFeeLabel(f.type, affiliate), this.readable(f.amount, f.asset)))}
        ${feeTotals(r.fees).map((t) => row(msg(str`Total in ${ltrText(assetSymbol(t.asset))}`), this.readable(t.amount, t.asset), 'total'))}
        ${r.affiliate ? row(msg('Affiliate'), html`${ltr(r.affiliate.name)} · ${formatPercent(r.affiliate.bps / 100, this.locale)}`) : nothing}
      </dl>
    </section>`;
  }

  /** A labelled address, in full. */
  private address(label: string, address: string) {
    return html`<dd class="address"><span class="muted">${label}</span> ${ltr(address)}</dd>`;
  }

  /** A token's contract, in full, so a look-alike symbol cannot pass for it. */
  private token(asset: string) {
    const contract = parseAsset(asset)?.contract;
    return contract ? this.address(msg('Token contract'), contract) : nothing;
  }

  /** An amount exactly as given (every digit, grouped for the locale) with its asset's symbol: an approval's, which is signed. */
  private amount(value: string, asset: string): string {
    return `${this.exact(value)} ${assetSymbol(asset)}`;
  }

  /**
   * An amount to read (`readableAmount`: about six significant digits) with its asset's symbol,
   * every digit in its title and for screen readers; as given when it does not read as a decimal.
   */
  private readable(value: string, asset: string) {
    return isDecimalString(value)
      ? ltrAmount(readableAmount(value, this.locale), assetSymbol(asset))
      : ltr(this.amount(value, asset));
  }

  /** The same inside a sentence: the rounded text. */
  private readableText(value: string, asset: string): string {
    return isDecimalString(value)
      ? `${readableAmount(value, this.locale).text} ${assetSymbol(asset)}`
      : this.amount(value, asset);
  }

  private exact(value: string): string {
    return isDecimalString(value) ? formatAmount(value, this.locale, Math.min(100, fractionDigits(value))) : value;
  }

  private facts(r: Review): WarningFacts {
    const { expected, minimum, asset } = r.receive;
    const readable = isDecimalString(expected) && isDecimalString(minimum);
    const less = readable ? (compareDecimal(expected, minimum) > 0 ? subDecimal(expected, minimum) : '0') : '?';
    return {
      address: r.to.address,
      role: r.to.role,
      name: r.to.name,
      shortfall: readable ? this.readableText(less, asset) : `? ${assetSymbol(asset)}`,
    };
  }

  /** Escape closes the review, as Cancel does. */
  private handleKeydown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    this.dispatchEvent(new ReviewCancelEvent());
  };
}

/** A screen wide enough to show the review's details open. */
const WIDE = '(min-width: 600px)';

const row = (label: string, value: unknown, cls = '') =>
  html`<div class=${cls}><dt>${label}</dt><dd>${value}</dd></div>`;

const chainName = (code: string) => chainInfo(code)?.name ?? code;

/** Two addresses alike; hex (EVM) ones in any case. */
const sameHex = (a: string, b: string) => a === b || (/^0x[0-9a-f]+$/i.test(a) && a.toLowerCase() === b.toLowerCase());

/** The total of each asset that has more than one fee line. */
export function feeTotals(fees: readonly { asset: string; amount: string }[]): { asset: string; amount: string }[] {
  const totals: { asset: string; amount: string; lines: number }[] = [];
  for (const f of fees) {
    if (!isDecimalString(f.amount)) continue;
    const t = totals.find((x) => sameAsset(x.asset, f.asset));
    if (t) {
      t.amount = addDecimal(t.amount, f.amount);
      t.lines += 1;
    } else totals.push({ asset: f.asset, amount: f.amount, lines: 1 });
  }
  return totals.filter((t) => t.lines > 1).map(({ asset, amount }) => ({ asset, amount }));
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-review': SwapReview;
  }
}
