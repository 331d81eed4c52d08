import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { assetSymbol } from '../domain/asset.js';
import { providerLabel } from '../domain/providers.js';
import { TAGS, type FeeLine, type ListedEntry, type RouteEntry, type UnreadableEntry } from '../domain/routes.js';
import type { Refusal } from '../domain/refusals.js';
import { LocalizedElement } from './localized-element.js';
import { unreadableRouteText, unreadRoutesText } from './messages.js';
import { MAX_ROUTES } from '../api/read-routes.js';
import { ltrAmount, ltrText } from './machine-text.js';
import { refusalText } from './messages.js';
import { formatAmount, formatCountdown, formatDuration, formatPercent, formatUsd, readableAmount } from '../util/format.js';

/** Internal event: the user picked a route (`index` in the service's answer). */
export class RouteSelectEvent extends Event {
  constructor(readonly index: number) {
    super('route-select', { bubbles: false, composed: false });
  }
}

/**
 * The routes of a quote, best first, each a button; then the routes the service offered that
 * could not be read, each named by its providers and never pressable. It renders into the root's shadow
 * tree (no shadow root of its own), so the contract's `route` part is styleable with
 * `swap-widget::part(route)` and reachable from `swapWidget.shadowRoot`; its styles are
 * part of the root's.
 *
 * @fires route-select - internal: a route was picked
 * @csspart route - each route (a button)
 * @csspart route-fees - the fee breakdown of a route
 */
export class SwapRouteList extends LocalizedElement {
  @property({ attribute: false }) entries: ListedEntry[] = [];
  /** Service index of the selected route. */
  @property({ type: Number }) selected?: number;
  /** The partner's name, shown on the affiliate fee line. */
  @property() affiliate?: string;
  /** Service indexes of routes refused by the safety checks, with why. */
  @property({ attribute: false }) refused: ReadonlyMap<number, Refusal> = new Map();
  /** Why the selected route cannot be carried out as things stand (no destination, no wallet of its family): said on it. */
  @property({ attribute: false }) blocked?: string;
  /**
   * The routes answer an earlier request (an input changed since): shown dimmed, and none
   * can be pressed until the answer to the current request replaces them.
   */
  @property({ type: Boolean }) stale = false;
  /** Current time in ms, for the time left before each route expires. */
  @property({ type: Number }) now = Date.now();
  /** Routes of the answer that were not read (past the first `MAX_ROUTES` that read): said below the list. */
  @property({ type: Number }) unread = 0;

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    return html`<div class="routes ${this.stale ? 'stale' : ''}" role="group" aria-label=${msg('Routes')} aria-busy=${this.stale ? 'true' : 'false'}>
      ${this.entries.map((e) => (e.kind === 'unreadable' ? this.renderUnreadable(e) : this.renderRoute(e)))}
      ${this.unread > 0
        ? html`<p class="unread muted">${unreadRoutesText(formatAmount(String(this.unread), this.locale), MAX_ROUTES, new Intl.PluralRules(this.locale).select(this.unread))}</p>`
        : nothing}
    </div>`;
  }

  private renderUnreadable(e: UnreadableEntry) {
    return html`<div class="route unreadable" data-index=${e.index} data-unreadable="true">
      <span class="head">
        <span class="providers">${e.providers.length ? this.renderProviders(e.providers) : html`<span class="provider">?</span>`}</span>
      </span>
      <span class="refusal danger">${unreadableRouteText()}</span>
    </div>`;
  }

  private renderProviders(steps: readonly string[]) {
    return steps.map((p, i) => html`${i ? html`<span aria-hidden="true"> → </span>` : nothing}<span class="provider">${providerLabel(p)}</span>`);
  }

  private renderRoute(e: RouteEntry) {
    const symbol = assetSymbol(e.route.buyAsset);
    const left = e.expiresAt === undefined ? undefined : e.expiresAt - this.now;
    const refused = this.refused.get(e.index);
    const minimum = readableAmount(e.minimum, this.locale);
    return html`<button
      type="button"
      part="route"
      class="route ${e.impact} ${refused ? 'refused' : ''}"
      data-index=${e.index}
      aria-pressed=${this.selected === e.index ? 'true' : 'false'}
      ?disabled=${this.stale}
      @click=${() => this.dispatchEvent(new RouteSelectEvent(e.index))}
    >
      <span class="head">
        <span class="providers">${this.renderProviders(e.steps)}</span>
        <span class="badges">
          ${e.tags.map((t) => html`<span class="badge tag">${this.tagLabel(t)}</span>`)}
          ${e.streaming ? html`<span class="badge streaming">${msg('Streaming')}</span>` : nothing}
        </span>
      </span>
      <span class="out">
        <span class="expected">${ltrAmount(readableAmount(e.expected, this.locale), symbol)}</span>
        ${e.expectedUsd ? html`<span class="muted">≈ ${formatUsd(e.expectedUsd, this.locale)}</span>` : nothing}
      </span>
      <span class="facts muted">
        <span class="minimum" title=${`${minimum.full} ${symbol}`}>${msg(str`At least ${ltrText(`${minimum.text} ${symbol}`)} at your slippage limit`)}</span>
        ${e.seconds !== undefined ? html`<span>${msg(str`About ${formatDuration(e.seconds, this.locale)}`)}</span>` : nothing}
        ${e.priceImpact !== undefined ? html`<span class="impact">${msg(str`Price impact ${formatPercent(e.priceImpact, this.locale)}`)}</span>` : nothing}
        ${left !== undefined
          ? left > 0
            ? html`<span class="expiry">${msg(str`Valid for ${formatCountdown(left, this.locale)}`)}</span>`
            : html`<span class="expiry danger">${msg('Expired: it will be re-quoted')}</span>`
          : nothing}
      </span>
      ${e.impact === 'high'
        ? html`<span class="impact-warning danger">${msg('Very high price impact: you would lose more than 5% of the value. Try a smaller amount or a streaming route.')}</span>`
        : e.impact === 'warn'
          ? html`<span class="impact-warning warn">${msg('High price impact: more than 2% of the value is lost to the pool price.')}</span>`
          : nothing}
      ${e.fees.length ? this.renderFees(e.fees) : nothing}
      ${e.unreadableFees ? html`<span class="fee-unreadable muted">${msg('A fee of this route could not be read, and is not shown.')}</span>` : nothing}
      ${e.warnings.map((w) => html`<span class="route-warning warn" title=${w.tooltip ?? nothing}>⚠ ${w.text}</span>`)}
      ${refused ? html`<span class="refusal danger">${msg(str`Refused: ${refusalText(refused)}`)}</span>` : nothing}
      ${this.blocked && this.selected === e.index ? html`<span class="blocked warn">${this.blocked}</span>` : nothing}
    </button>`;
  }

  private renderFees(fees: FeeLine[]) {
    return html`<span part="route-fees" class="fees">
      ${fees.map(
        (f) => html`<span class="fee" data-type=${f.type}>
          <span class="fee-type">${this.feeLabel(f.type)}</span>
          <span class="fee-amount">${ltrAmount(readableAmount(f.amount, this.locale), assetSymbol(f.asset))}${f.usd ? html` <span class="muted">(${formatUsd(f.usd, this.locale)})</span>` : nothing}</span>
        </span>`,
      )}
    </span>`;
  }

  private feeLabel(type: string): string {
    switch (type) {
      case 'network':
        return msg('Network fee');
      case 'inbound':
        return msg('Inbound fee');
      case 'liquidity':
        return msg('Liquidity fee');
      case 'outbound':
        return msg('Outbound fee');
      case 'affiliate':
        return this.affiliate ? msg(str`Affiliate fee (${this.affiliate})`) : msg('Affiliate fee');
      default:
        return msg(str`Fee (${type})`);
    }
  }

  private tagLabel(tag: string): string {
    switch (tag) {
      case TAGS.recommended:
        return msg('Recommended');
      case TAGS.fastest:
        return msg('Fastest');
      case TAGS.cheapest:
        return msg('Cheapest');
      default:
        return tag.toLowerCase();
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-route-list': SwapRouteList;
  }
}
