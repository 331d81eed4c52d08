import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { HoldReason } from '../domain/quotes/draft.js';
import { LocalizedElement } from './localized-element.js';
import type { QuoteNotice } from '../views/quotes.js';
import {
  holdReasonText,
  problemCode,
  problemDetails,
  problemText,
  quoteNoticeText,
  retryHelps,
  type ShownProblem,
} from './messages.js';

/** Internal event: the user asked to quote again. */
export class RetryEvent extends Event {
  constructor() {
    super('retry', { bubbles: false, composed: false });
  }
}

/**
 * The line above the routes (quoting, how many routes, or why nothing is quoted) and the
 * problem box. It renders into the root's shadow tree, so its parts are the root's.
 *
 * @fires retry - internal: quote again
 * @csspart quote-status - the line that tells whether routes are being fetched
 * @csspart error - the error box
 */
export class SwapQuoteStatus extends LocalizedElement {
  @property({ type: Boolean }) pending = false;
  /** How many routes answer the current request (0 while none do). */
  @property({ type: Number }) count = 0;
  /** Why nothing is quoted, when the form says so. */
  @property({ attribute: false }) hold?: HoldReason;
  @property({ attribute: false }) problem?: ShownProblem;
  /** Why quoting waits on its own (the service is busy, or could not be reached), when it does. */
  @property({ attribute: false }) notice?: QuoteNotice;

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const hold = this.hold ? holdReasonText(this.hold) : '';
    const text =
      hold ||
      (this.notice && (this.pending || this.notice.code === 'reconnecting')
        ? quoteNoticeText(this.notice)
        : this.pending
          ? msg('Finding the best routes…')
          : this.count
            ? this.countText(this.count)
            : '');
    // data-wait: the wait the notice began with, in seconds (for tests; not said).
    return html`<p part="quote-status" class="quote-status ${hold ? 'hold' : 'muted'}" role="status" aria-live="polite" data-wait=${this.notice?.seconds ?? nothing}>${text}</p>
      ${this.problem && !this.pending ? this.renderProblem(this.problem) : nothing}`;
  }

  /** The service's own words (its `detail`, its errors) are in its language: each line takes the direction of its text. */
  private renderProblem(p: ShownProblem) {
    const details = problemDetails(p);
    return html`<div part="error" class="problem" role="alert" data-code=${problemCode(p)}>
      <p dir="auto">${this.notice?.code === 'reconnecting' && problemCode(p) === 'network' ? msg('Check your connection, or try again now.') : problemText(p)}</p>
      ${details.length ? html`<ul>${details.map((d) => html`<li dir="auto">${d}</li>`)}</ul>` : nothing}
      ${retryHelps(p) ? html`<button type="button" class="retry" @click=${() => this.dispatchEvent(new RetryEvent())}>${msg('Try again')}</button>` : nothing}
    </div>`;
  }

  /** "1 route found", "3 routes found", by the language's plural rules. */
  private countText(n: number): string {
    return new Intl.PluralRules(this.locale).select(n) === 'one'
      ? msg(str`${n} route found`)
      : msg(str`${n} routes found`);
  }
}
