import { msg, str } from '@lit/localize';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { assetSymbol } from '../domain/chains/asset.js';
import { providerLabel } from '../domain/chains/providers.js';
import {
  TAGS,
  type FeeLine,
  type ListedEntry,
  type RouteEntry,
  type UnreadableEntry,
} from '../domain/quotes/routes.js';
import type { Refusal } from '../domain/checks/refusals.js';
import { LocalizedElement } from './localized-element.js';
import { unreadableRouteText, unreadRoutesText } from './messages.js';
import { MAX_ROUTES } from '../api/read-routes.js';
import { ltr, ltrAmount, ltrText } from './machine-text.js';
import { refusalText } from './messages.js';
import {
  formatAmount,
  formatCountdown,
  formatDuration,
  formatPercent,
  formatUsd,
  readableAmount,
} from '../util/format.js';

/** Internal event: the user picked a route (`index` in the service's answer). */
export class RouteSelectEvent extends Event {
  constructor(readonly index: number) {
    super('route-select', { bubbles: false, composed: false });
  }
}

/** Arrow keys of a radio group: the step each takes, left to right (flipped in a right-to-left layout). */
const STEPS: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The routes of a quote as a radio group: the selected route (the best one until the user picks
 * another) as one compact card, and the others behind "N more routes" ("Fewer routes" once
 * open); then, with them, the routes the service offered that could not be read, each named by
 * its providers and never selectable.
 * Each route is a radio named by its providers and amount; its time, fee total, countdown and
 * warnings describe it, and its fees are broken down on demand. It renders into the root's shadow
 * tree (no shadow root of its own), so the contract's `route` part is styleable with
 * `swap-widget::part(route)` and reachable from `swapWidget.shadowRoot`; its styles are part of
 * the root's.
 *
 * @fires route-select - internal: a route was picked (by a click, or an arrow key in the group)
 * @csspart route - each route (a button with the role `radio`)
 * @csspart route-fees - the fee breakdown of a route (a disclosure)
 * @csspart more-routes - the button that shows or hides the other routes
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

  /** The other routes are shown. */
  @state() private open = false;

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const routes = this.entries.filter((e): e is RouteEntry => e.kind !== 'unreadable');
    const first = routes.find((e) => e.index === this.selected) ?? routes[0] ?? this.entries[0];
    const shown = this.open ? this.entries : first ? [first] : [];
    const more = this.entries.length - 1;
    // Roving tabindex: Tab enters the group on the checked route (the first shown, when none is).
    const tabbable = (
      shown.find((e) => e.index === this.selected && e.kind !== 'unreadable') ??
      shown.find((e) => e.kind !== 'unreadable')
    )?.index;
    return html`<div class="routes ${this.stale ? 'stale' : ''}" role="radiogroup" aria-label=${msg('Routes')} aria-busy=${this.stale ? 'true' : 'false'} @keydown=${this.handleKey}>
        ${shown.map((e) => (e.kind === 'unreadable' ? this.renderUnreadable(e) : this.renderRoute(e, e.index === tabbable)))}
      </div>
      ${
        more > 0
          ? html`<button type="button" part="more-routes" class="more-routes" aria-expanded=${this.open ? 'true' : 'false'} @click=${() => (this.open = !this.open)}>
            ${this.open ? msg('Fewer routes') : new Intl.PluralRules(this.locale).select(more) === 'one' ? msg(str`${more} more route`) : msg(str`${more} more routes`)}
          </button>`
          : nothing
      }
      ${
        this.open && this.unread > 0
          ? html`<p class="unread muted">${unreadRoutesText(formatAmount(String(this.unread), this.locale), MAX_ROUTES, new Intl.PluralRules(this.locale).select(this.unread))}</p>`
          : nothing
      }`;
  }

  private renderUnreadable(e: UnreadableEntry) {
    return html`<div class="route unreadable" data-index=${e.index} data-unreadable="true" data-unsupported=${e.unsupported?.code ?? nothing}>
      <span class="head">
        <span class="providers">${e.providers.length ? this.renderProviders(e.providers) : html`<span class="provider">?</span>`}</span>
      </span>
      <span class="refusal danger">${e.unsupported ? msg(str`Not supported: ${refusalText(e.unsupported as Refusal)}`) : unreadableRouteText()}</span>
    </div>`;
  }

  private renderProviders(steps: readonly string[]) {
    return steps.map(
      (p, i) =>
        html`${i ? html`<span aria-hidden="true">${' → '}</span>` : nothing}<span class="provider">${providerLabel(p)}</span>`,
    );
  }

  private renderRoute(e: RouteEntry, tabbable: boolean) {
    const symbol = assetSymbol(e.route.buyAsset);
    const expected = readableAmount(e.expected, this.locale);
    // The short name says the rounded amount; its title and the screen reader's text, every digit.
    const amount = `${expected.text} ${symbol}`;
    const left = e.expiresAt === undefined ? undefined : e.expiresAt - this.now;
    const refused = this.refused.get(e.index);
    const checked = this.selected === e.index;
    const id = `route-${e.index}`;
    const notes = this.notes(e, refused, checked);
    const described = [
      e.tags.length && `${id}-tags`,
      e.expectedUsd && `${id}-usd`,
      `${id}-facts`,
      e.fees.length && `${id}-fees`,
      notes.length && `${id}-notes`,
    ]
      .filter(Boolean)
      .join(' ');
    const who = e.steps.map(providerLabel).join(' → ');
    return html`<div class="route ${e.impact} ${refused ? 'refused' : ''} ${checked ? 'checked' : ''}" data-index=${e.index}>
      <button
        type="button"
        part="route"
        role="radio"
        class="pick"
        data-index=${e.index}
        aria-checked=${checked ? 'true' : 'false'}
        tabindex=${tabbable ? '0' : '-1'}
        aria-label=${msg(str`${who}: ${ltrText(amount)}`)}
        aria-describedby=${described}
        ?disabled=${this.stale}
        @click=${() => this.dispatchEvent(new RouteSelectEvent(e.index))}
      >
        <span class="head">
          <span class="providers">${this.renderProviders(e.steps)}</span>
          ${e.tags.length ? html`<span class="badges" id="${id}-tags">${e.tags.map((t) => html`<span class="badge tag">${this.tagLabel(t)}</span>`)}</span>` : nothing}
        </span>
        <span class="out">
          <span class="expected">${ltrAmount(expected, symbol)}</span>
          ${e.expectedUsd ? html`<span class="muted" id="${id}-usd">≈ ${formatUsd(e.expectedUsd, this.locale)}</span>` : nothing}
        </span>
        <span class="facts muted" id="${id}-facts">
          ${e.seconds !== undefined ? html`<span>${msg(str`About ${formatDuration(e.seconds, this.locale)}`)}</span>` : nothing}
          ${
            left !== undefined
              ? left > 0
                ? html`<span class="expiry">${msg(str`Valid for ${formatCountdown(left, this.locale)}`)}</span>`
                : html`<span class="expiry danger">${msg('Expired: it will be re-quoted')}</span>`
              : nothing
          }
          ${
            e.streaming
              ? html`<span class="streaming">${e.parts ? msg(str`Streams in ${e.parts} parts for a better price`) : msg('Streams in parts for a better price')}</span>`
              : nothing
          }
        </span>
      </button>
      ${e.fees.length ? this.renderFees(e, id) : nothing}
      ${notes.length ? html`<div class="notes" id="${id}-notes">${notes}</div>` : nothing}
    </div>`;
  }

  /** What a route warns of, each cause once, and why it is refused or blocked. */
  private notes(e: RouteEntry, refused: Refusal | undefined, checked: boolean) {
    return [
      e.impact === 'high'
        ? html`<span class="impact-warning danger">${msg('Very high price impact: you would lose more than 5% of the value. Try a smaller amount or a streaming route.')}</span>`
        : e.impact === 'warn'
          ? html`<span class="impact-warning warn">${msg('High price impact: more than 2% of the value is lost to the pool price.')}</span>`
          : undefined,
      e.unreadableFees
        ? html`<span class="fee-unreadable muted">${msg('A fee of this route could not be read, and is not shown.')}</span>`
        : undefined,
      ...e.warnings.map((w) => html`<span class="route-warning warn" title=${w.tooltip ?? nothing}>⚠ ${w.text}</span>`),
      refused ? html`<span class="refusal danger">${msg(str`Refused: ${refusalText(refused)}`)}</span>` : undefined,
      this.blocked && checked ? html`<span class="blocked warn">${this.blocked}</span>` : undefined,
    ].filter((n) => n !== undefined);
  }

  /** The fee total (per asset, and in USD when every fee has a price), with the breakdown, the minimum and the price impact on demand. */
  private renderFees(e: RouteEntry, id: string) {
    const total = e.feeTotals
      .map((t) => `${readableAmount(t.amount, this.locale).text} ${assetSymbol(t.asset)}`)
      .join(' + ');
    const minimum = readableAmount(e.minimum, this.locale);
    const symbol = assetSymbol(e.route.buyAsset);
    return html`<details part="route-fees" class="fees">
      <summary id="${id}-fees">${msg('Fees')} ${ltr(total)}${e.feesUsd ? html`${' '}<span class="muted">≈ ${formatUsd(e.feesUsd, this.locale)}</span>` : nothing}</summary>
      <div class="fee-lines">${e.fees.map((f) => this.renderFee(f))}</div>
      <div class="muted" title=${`${minimum.full} ${symbol}`}>${msg(str`At least ${ltrText(`${minimum.text} ${symbol}`)} at your slippage limit`)}</div>
      ${e.priceImpact !== undefined ? html`<div class="impact muted">${msg(str`Price impact ${formatPercent(e.priceImpact, this.locale)}`)}</div>` : nothing}
    </details>`;
  }

  private renderFee(f: FeeLine) {
    return html`<span class="fee" data-type=${f.type}>
      <span class="fee-type">${this.feeLabel(f.type)}</span>
      <span class="fee-amount">${ltrAmount(readableAmount(f.amount, this.locale), assetSymbol(f.asset))}${f.usd ? html`${' '}<span class="muted">(${formatUsd(f.usd, this.locale)})</span>` : nothing}</span>
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

  /** Arrow keys move the selection through the group's routes, as in any radio group; the focus follows. */
  private handleKey(ev: KeyboardEvent) {
    const step = (STEPS[ev.key] ?? 0) * (/Left|Right/.test(ev.key) && this.matches(':dir(rtl)') ? -1 : 1);
    const radios = [...this.querySelectorAll<HTMLButtonElement>('[role="radio"]:not([disabled])')];
    const at = radios.indexOf(ev.target as HTMLButtonElement);
    if (!step || at < 0) return;
    ev.preventDefault();
    const next = radios[(at + step + radios.length) % radios.length]!;
    next.focus();
    if (next !== radios[at]) next.click();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-route-list': SwapRouteList;
  }
}
