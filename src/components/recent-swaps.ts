import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { assetSymbol } from '../domain/chains/asset.js';
import type { StoreProblem, SwapRecord } from '../domain/tracking/swap-store.js';
import { LocalizedElement } from './localized-element.js';
import { ltr, ltrAmount } from './machine-text.js';
import { readableAmount } from '../util/format.js';
import { storeProblemText, trackingStatusText } from './messages.js';

/** Internal event: show a swap's progress, or dismiss a finished one. */
export class RecentSwapEvent extends Event {
  constructor(
    readonly action: 'show' | 'dismiss',
    readonly id: string,
  ) {
    super('recent-swap', { bubbles: false, composed: false });
  }
}

/**
 * The swaps this widget knows, newest first: each shows its progress when pressed, and a
 * finished one can be dismissed. It renders into the root's shadow tree.
 *
 * @fires recent-swap - internal: show or dismiss a swap
 * @csspart recent-swaps - the list of recent swaps
 */
export class SwapRecentSwaps extends LocalizedElement {
  @property({ attribute: false }) swaps: SwapRecord[] = [];
  /** The id of the swap whose progress is shown. */
  @property() shown?: string;
  /** Why swaps are not saved, when they are not. */
  @property() storeProblem?: StoreProblem;

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const notice = this.storeProblem
      ? html`<p class="storage-notice warn" role="status">${storeProblemText(this.storeProblem)}</p>`
      : nothing;
    // Its one swap, in progress on screen above, is not listed twice.
    const shown = this.swaps.find((r) => r.id === this.shown);
    if (!this.swaps.length || (this.swaps.length === 1 && shown && !shown.final)) return notice;
    return html`${notice}
      <section part="recent-swaps" class="recent" aria-labelledby="recent-title">
        <h2 id="recent-title">${msg('Recent swaps')}</h2>
        <ul>
          ${this.swaps.map(
            (r) => html`<li>
              <button type="button" class="link" aria-pressed=${r.id === this.shown ? 'true' : 'false'} @click=${() => this.emit('show', r.id)}>
                ${r.route ? ltrAmount(readableAmount(r.route.sellAmount, this.locale), `${assetSymbol(r.route.sellAsset)} → ${assetSymbol(r.route.buyAsset)}`) : ltr(`${r.chainId} ${r.hash.slice(0, 10)}…`)}: ${trackingStatusText(r.status?.status)}
              </button>
              ${
                r.final
                  ? html`<button type="button" class="dismiss" aria-label=${msg('Dismiss this swap')} @click=${() => this.emit('dismiss', r.id)}>×</button>`
                  : nothing
              }
            </li>`,
          )}
        </ul>
      </section>`;
  }

  private emit(action: RecentSwapEvent['action'], id: string) {
    this.dispatchEvent(new RecentSwapEvent(action, id));
  }
}
