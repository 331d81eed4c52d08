import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { assetChain, assetSymbol } from '../domain/asset.js';
import { explorerTxUrl } from '../domain/chains.js';
import { providerLabel } from '../domain/providers.js';
import type { SwapRecord } from '../domain/swap-store.js';
import { STAGES, type Stage, type TrackStatus } from '../domain/tracking.js';
import { LocalizedElement } from './localized-element.js';
import { ltr } from './machine-text.js';
import { trackingProblemText, type TrackingProblem } from './messages.js';
import { formatAmount, formatPercent } from '../util/format.js';
import { panelStyles, sharedStyles } from './shared.styles.js';
import { trackerStyles } from './tracker.styles.js';

/**
 * The progress of one swap: its stages, streaming progress, per-leg amounts, what was
 * received against what was expected, explorer links, and what to do when it failed.
 *
 * @csspart tracker - the box
 * @csspart stages - the list of stages
 * @csspart explorer-link - links to block explorers
 */
export class SwapTracker extends LocalizedElement {
  static override styles = [sharedStyles, panelStyles, trackerStyles];

  @property({ attribute: false }) record?: SwapRecord;
  /** A passing problem with tracking (it goes on). */
  @property({ attribute: false }) problem?: TrackingProblem;

  protected override render() {
    const r = this.record;
    if (!r) return nothing;
    const s = r.status;
    const stage: Stage = s?.stage ?? 'sent';
    const current = STAGES.indexOf(stage);
    const buyAsset = s?.buyAsset ?? r.route.buyAsset;
    const symbol = buyAsset ? assetSymbol(buyAsset) : '';
    return html`<section part="tracker" class="panel tracker ${s?.outcome ?? 'pending'}" aria-labelledby="tracker-title">
      <h2 id="tracker-title">${msg('Your swap')}</h2>
      <p class="headline" role="status" aria-live="polite">${this.headline(s)}</p>
      <ol part="stages" class="stages">
        ${STAGES.map(
          (name, i) => html`<li
            class=${i < current || (i === current && s?.final) ? 'done' : i === current ? 'current' : 'todo'}
            aria-current=${i === current ? 'step' : nothing}
          >
            ${this.stageLabel(name)}
          </li>`,
        )}
      </ol>
      ${s?.streaming ? this.renderStreaming(s) : nothing}
      ${s?.confirmations !== undefined && stage === 'sent' ? html`<p class="muted">${msg(str`${s.confirmations} confirmations of your transaction`)}</p>` : nothing}
      <dl class="amounts">
        <dt>${msg('Expected')}</dt>
        <dd>${ltr(`${formatAmount(s?.expectedBuyAmount ?? r.route.expectedBuyAmount, this.locale)} ${symbol}`)}</dd>
        ${s?.buyAmount && (s.outcome !== 'refund' || s.status === 'partially_refunded')
          ? html`<dt>${msg('Received')}</dt>
              <dd class="received">${ltr(`${formatAmount(s.buyAmount, this.locale)} ${symbol}`)}</dd>`
          : nothing}
        ${s?.refund
          ? html`<dt>${msg('Refunded')}</dt>
              <dd class="refunded">${ltr(`${formatAmount(s.refund.amount, this.locale)} ${assetSymbol(s.refund.asset)}`)}</dd>`
          : nothing}
      </dl>
      ${s && s.legs.length > 1
        ? html`<ol class="legs">
            ${s.legs.map(
              (l) => html`<li>
                ${providerLabel(l.provider)}: ${ltr(`${formatAmount(l.actualBuyAmount ?? l.buyAmount, this.locale)} ${assetSymbol(l.buyAsset)}`)}
                ${l.actualBuyAmount ? nothing : html`<span class="muted">(${msg('expected')})</span>`}
              </li>`,
            )}
          </ol>`
        : nothing}
      <p class="links">
        ${this.renderLink(r.chainId, r.hash, msg('Your transaction'))}
        ${s?.outboundHash ? this.renderLink(assetChain(buyAsset), s.outboundHash, msg('Payout transaction')) : nothing}
      </p>
      ${s ? this.renderAdvice(s) : nothing}
      ${this.problem ? html`<p class="problem warn" role="alert">${trackingProblemText(this.problem)}</p>` : nothing}
    </section>`;
  }

  private renderStreaming(s: TrackStatus) {
    const p = s.streaming!;
    return html`<div class="streaming">
      ${p.percentage !== undefined
        ? html`<label for="progress">${msg(str`Streaming: ${formatPercent(p.percentage, this.locale)} swapped`)}</label>
            <progress id="progress" max="100" .value=${p.percentage}></progress>`
        : html`<span>${msg('Streaming swap in progress')}</span>`}
      ${p.count !== undefined && p.quantity ? html`<span class="muted">${msg(str`${p.count} of ${p.quantity} sub-swaps`)}</span>` : nothing}
    </div>`;
  }

  private renderLink(chain: string, hash: string, label: string) {
    const url = explorerTxUrl(chain, hash);
    return url
      ? html`<a part="explorer-link" href=${url} target="_blank" rel="noopener noreferrer">${label} ↗</a>`
      : html`<span class="muted">${label}: <code dir="ltr">${hash}</code></span>`;
  }

  private headline(s?: TrackStatus): string {
    if (!s) return msg('Waiting for the swap service to see your transaction…');
    switch (s.status) {
      case 'completed':
        return msg('Swap complete.');
      case 'refunded':
        return msg('The swap could not be completed and your funds were refunded.');
      case 'partially_refunded':
        return msg('Part of the swap went through; the rest was refunded.');
      case 'refunding':
        return msg('The swap could not be completed; a refund is on its way.');
      case 'dropped':
        return msg('Your transaction was dropped by the network: nothing was sent.');
      case 'reverted':
        return msg('Your transaction was reverted on chain: nothing was swapped.');
      case 'replaced':
        return msg('Your transaction was replaced by another one in your wallet.');
      case 'retries_exceeded':
        return msg('The swap service stopped following this swap.');
      case 'parsing_error':
        return msg('The swap service could not read this transaction.');
      default:
        return msg(str`In progress: ${this.stageLabel(s.stage)}.`);
    }
  }

  private renderAdvice(s: TrackStatus) {
    let advice: string | undefined;
    switch (s.status) {
      case 'refunded':
      case 'partially_refunded':
        advice = msg('Check the refund in your wallet. You can quote again; prices may have moved.');
        break;
      case 'dropped':
      case 'reverted':
        advice = msg('Your funds did not leave your wallet (only network fees may be spent). You can try the swap again.');
        break;
      case 'replaced':
        advice = msg('Look up the replacing transaction in your wallet; track it by pasting its hash if it is a swap.');
        break;
      case 'retries_exceeded':
      case 'parsing_error':
        advice = msg('Keep your transaction hash and contact the support of the swap service with it.');
        break;
    }
    return advice || s.error ? html`<p class="advice">${s.error ? html`<span class="danger">${s.error}</span> ` : nothing}${advice ?? nothing}</p>` : nothing;
  }

  private stageLabel(stage: Stage): string {
    switch (stage) {
      case 'sent':
        return msg('Sent');
      case 'inbound':
        return msg('Inbound confirmed');
      case 'swapping':
        return msg('Swapping');
      case 'outbound':
        return msg('Paying out');
      case 'done':
        return msg('Done');
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-tracker': SwapTracker;
  }
}
