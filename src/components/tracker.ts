import { msg, str } from '@lit/localize';
import { html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { assetSymbol } from '../domain/chains/asset.js';
import { explorerTxUrl } from '../domain/chains/chains.js';
import { providerLabel } from '../domain/chains/providers.js';
import type { SwapRecord } from '../domain/tracking/swap-store.js';
import {
  stageStates,
  streamingPercent,
  timeLeft,
  txLinks,
  type StageState,
  type TxLink,
} from '../domain/tracking/stages.js';
import type { TrackStatus } from '../domain/tracking/status.js';
import { LocalizedElement } from './localized-element.js';
import { ltrAmount, ltrText } from './machine-text.js';
import { trackingProblemText, type TrackingProblem } from './messages.js';
import { adviceText, headlineText, reasonSentence, stageLabel, stageStateText } from './messages/tracking.js';
import { formatCountdown, formatDuration, formatPercent, readableAmount } from '../util/format.js';
import { panelStyles, sharedStyles } from './shared.styles.js';
import { trackerStyles } from './tracker.styles.js';

/** Internal event: the user asked for a new swap (the tracked one goes on in Recent swaps). */
export class NewSwapEvent extends Event {
  constructor() {
    super('new-swap', { bubbles: true, composed: false });
  }
}

/** The mark of each stage state (16 × 16, drawn with the text colour). */
const MARKS: Partial<Record<StageState, ReturnType<typeof svg>>> = {
  done: svg`<path d="M4 8.5l2.5 2.5L12 5.5"></path>`,
  failed: svg`<path d="M5 5l6 6M11 5l-6 6"></path>`,
  skipped: svg`<path d="M5 8h6"></path>`,
};

/**
 * The progress of one swap, property-driven: its stages (each with its `data-state`: where a
 * failed or refunded swap stopped is drawn as failed, and nothing after it as done), the time
 * left against the route's estimate, streaming progress, per-leg amounts, what was received
 * and what was refunded, explorer links (a refund on the chain it was paid on), the service's
 * reason and what to do, and a button for a new swap.
 *
 * @fires new-swap - internal: the user pressed New swap
 * @csspart tracker - the box
 * @csspart stages - the list of stages
 * @csspart explorer-link - links to block explorers
 * @csspart new-swap-button - the button that returns to the form for a new swap
 */
export class SwapTracker extends LocalizedElement {
  static override styles = [sharedStyles, panelStyles, trackerStyles];

  @property({ attribute: false }) record?: SwapRecord;
  /** A passing problem with tracking (it goes on). */
  @property({ attribute: false }) problem?: TrackingProblem;
  /** Unix ms, passed every second by the root: the time left counts down from it. */
  @property({ type: Number }) now = Date.now();

  /** Moves focus to the view's heading (the root calls it when the view appears). */
  async focusHeading(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
  }

  protected override render() {
    const r = this.record;
    if (!r) return nothing;
    const s = r.status;
    const final = r.final || !!s?.final;
    return html`<section part="tracker" class="panel tracker ${s?.outcome ?? 'pending'}" aria-labelledby="tracker-title">
      <h2 id="tracker-title" tabindex="-1" aria-describedby="tracker-status">${msg('Your swap')}</h2>
      <p id="tracker-status" class="headline" role="status" aria-live="polite">${headlineText(s)}</p>
      <ol part="stages" class="stages">
        ${stageStates(s).map(
          ({
            stage,
            state,
          }) => html`<li data-state=${state} aria-current=${state === 'current' || state === 'failed' ? 'step' : nothing}>
            <span class="mark" aria-hidden="true">${MARKS[state] ? html`<svg viewBox="0 0 16 16">${MARKS[state]}</svg>` : nothing}</span>
            <span class="label">${stageLabel(stage)}</span><span class="visually-hidden">: ${stageStateText(state)}</span>
          </li>`,
        )}
      </ol>
      ${s?.streaming ? this.renderStreaming(s.streaming) : nothing}
      ${s?.confirmations !== undefined && s.stage === 'sent' && !final ? html`<p class="confirmations muted">${msg(str`${s.confirmations} confirmations of your transaction`)}</p>` : nothing}
      ${this.renderTimeLeft(r)} ${this.renderAmounts(r, s)} ${this.renderLegs(s)}
      <p class="links">${txLinks(r).map((l) => this.renderLink(l))}</p>
      ${s?.error ? html`<p class="reason" dir="auto">${reasonSentence(ltrText(sentence(s.error)))}</p>` : nothing}
      ${s && adviceText(s.status) ? html`<p class="advice">${adviceText(s.status)}</p>` : nothing}
      ${this.problem ? html`<p class="problem warn" role="alert">${trackingProblemText(this.problem)}</p>` : nothing}
      <div class="actions">
        <button type="button" part="new-swap-button" class=${final ? 'new-swap primary' : 'new-swap'} @click=${this.newSwap}>${msg('New swap')}</button>
        ${final ? nothing : html`<span class="muted">${msg('This swap goes on under Recent swaps.')}</span>`}
      </div>
    </section>`;
  }

  private renderStreaming(p: NonNullable<TrackStatus['streaming']>) {
    const percent = streamingPercent(p);
    return html`<div class="streaming">
      ${
        percent !== undefined
          ? html`<label for="progress">${msg(str`Streaming: ${formatPercent(percent, this.locale)} swapped`)}</label>
            <progress id="progress" max="100" .value=${percent}></progress>`
          : html`<span>${msg('Streaming swap in progress')}</span>`
      }
      ${p.count !== undefined && p.quantity ? html`<span class="muted">${msg(str`${p.count} of ${p.quantity} sub-swaps`)}</span>` : nothing}
    </div>`;
  }

  /** Not a live region: the countdown changes every second and is never announced. */
  private renderTimeLeft(r: SwapRecord) {
    const t = timeLeft(r, this.now);
    if (!t) return nothing;
    return t.overdue
      ? html`<p class="time overdue warn">${msg(str`Taking longer than estimated (${formatDuration(t.totalSeconds, this.locale)}); still tracking.`)}</p>`
      : html`<p class="time">${msg(str`About ${formatCountdown(t.leftMs, this.locale)} left`)}</p>`;
  }

  private renderAmounts(r: SwapRecord, s: TrackStatus | undefined) {
    const buyAsset = s?.buyAsset ?? r.route?.buyAsset;
    const symbol = buyAsset ? assetSymbol(buyAsset) : '';
    const amount = (value: string, sym: string) => ltrAmount(readableAmount(value, this.locale), sym);
    const partial = s?.status === 'partially_refunded';
    // What was expected is beside the point once nothing is swapped (a failure, a full refund).
    // A record of the first storage version kept no route: nothing was expected until the service says.
    const expectedAmount = s?.expectedBuyAmount ?? r.route?.expectedBuyAmount;
    const expected =
      expectedAmount !== undefined && (!s || s.outcome === 'pending' || s.outcome === 'success' || partial);
    const received = s?.buyAmount && (s.outcome !== 'refund' || partial);
    if (!expected && !received && !s?.refund) return nothing;
    return html`<dl class="amounts">
      ${
        expected
          ? html`<dt>${msg('Expected')}</dt>
            <dd>${amount(expectedAmount, symbol)}</dd>`
          : nothing
      }
      ${
        received
          ? html`<dt>${msg('Received')}</dt>
            <dd class="received">${amount(s.buyAmount!, symbol)}</dd>`
          : nothing
      }
      ${
        s?.refund
          ? html`<dt>${msg('Refunded')}</dt>
            <dd class="refunded">${amount(s.refund.amount, assetSymbol(s.refund.asset))}</dd>`
          : nothing
      }
    </dl>`;
  }

  private renderLegs(s: TrackStatus | undefined) {
    if (!s || s.legs.length < 2) return nothing;
    return html`<ol class="legs">
      ${s.legs.map(
        (l) => html`<li>
          ${providerLabel(l.provider)}: ${ltrAmount(readableAmount(l.actualBuyAmount ?? l.buyAmount, this.locale), assetSymbol(l.buyAsset))}
          ${l.actualBuyAmount ? nothing : html`<span class="muted">(${msg('expected')})</span>`}
        </li>`,
      )}
    </ol>`;
  }

  private renderLink(link: TxLink) {
    const label =
      link.kind === 'sent'
        ? msg('Your transaction')
        : link.kind === 'payout'
          ? msg('Payout transaction')
          : msg('Refund transaction');
    const url = explorerTxUrl(link.chain, link.hash);
    return url
      ? html`<a part="explorer-link" data-kind=${link.kind} href=${url} target="_blank" rel="noopener noreferrer">${label} ↗</a>`
      : html`<span class="muted" data-kind=${link.kind}>${label}: <code dir="ltr">${link.hash}</code></span>`;
  }

  private newSwap() {
    this.dispatchEvent(new NewSwapEvent());
  }
}

/** The service's reason as a sentence of its own: a capital first, a full stop last. */
function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  const first = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-tracker': SwapTracker;
  }
}
