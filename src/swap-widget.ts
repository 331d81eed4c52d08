import { msg, str } from '@lit/localize';
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { TaskStatus } from '@lit/task';
import { SwapApiClient, type DeprecationInfo, type QuoteResult } from './api/client.js';
import { ApiError, ServiceError } from './api/errors.js';
import type { QuoteRequest, Token } from './api/schemas.js';
import { parseConfig, type ConfigIssue, type ConfigResult, type RawConfig } from './config.js';
import { validateAddress } from './domain/address.js';
import { compareDecimal, fractionDigits, isDecimalString, normalizeDecimal } from './domain/amount.js';
import { assetChain } from './domain/asset.js';
import { chainsConnected, isEvmChain } from './domain/chains.js';
import { priceBook, rankRoutes, usdValue, type RouteEntry } from './domain/routes.js';
import { define } from './define.js';
import { SwapErrorEvent, SwapQuoteEvent, SwapRouteEvent, type SwapErrorCode } from './events.js';
import { ClockController } from './controllers/clock-controller.js';
import { QuoteController } from './controllers/quote-controller.js';
import { ServiceDataController } from './controllers/service-data-controller.js';
import { providerErrorText } from './components/messages.js';
import type { FormField, FormInputEvent, PickEvent } from './components/quote-form.js';
import type { RouteSelectEvent } from './components/route-list.js';
import type { TokenSelectEvent } from './components/token-picker.js';
import './components/quote-form.js';
import './components/route-list.js';
import './components/token-picker.js';
import { sharedStyles } from './components/shared.styles.js';
import { routeListStyles } from './components/route-list.styles.js';
import { swapWidgetStyles } from './swap-widget.styles.js';

interface Draft {
  sellAsset: string;
  buyAsset: string;
  amount: string;
  slippage: string;
  sourceAddress: string;
  destinationAddress: string;
}

interface Quote {
  result: QuoteResult;
  request: QuoteRequest;
  entries: RouteEntry[];
}

/** A problem shown in the widget, with the `swap-error` code it was reported with. */
interface Problem {
  code: SwapErrorCode;
  message: string;
  details?: string[];
}

const CONFIG_PROPS = [
  'apiUrl', 'apiKey', 'affiliate', 'affiliateFee', 'sellAsset', 'buyAsset', 'sellAmount', 'slippage',
  'sourceAddress', 'destinationAddress', 'lockAddresses', 'providers', 'theme', 'locale', 'bridge',
] as const;

/**
 * A cross-chain swap widget: quote form, token picker, route list. Configured by
 * attributes, it talks to its host through `swap-*` DOM events.
 *
 * @summary Cross-chain swaps in one custom element.
 *
 * @fires {SwapQuoteEvent} swap-quote - routes arrived for the current request: `{ quoteId, routes }`
 * @fires {SwapRouteEvent} swap-route - the user picked a route: `{ quoteId, routeIndex, route }`
 * @fires {SwapErrorEvent} swap-error - something went wrong: `{ code, message, field? }`
 *
 * @csspart widget - the outer box
 * @csspart config-errors - the list of configuration problems
 * @csspart form - the quote form
 * @csspart amount - the amount input
 * @csspart asset-button - the buttons that open the token picker
 * @csspart flip-button - the button that swaps sell and buy
 * @csspart address - the address inputs
 * @csspart slippage - the slippage settings
 * @csspart quote-status - the line that tells whether routes are being fetched
 * @csspart error - the error box
 * @csspart routes - the route list
 * @csspart route - each route (a button)
 * @csspart route-fees - the fee breakdown of a route
 * @csspart swap-button - the button that starts the swap
 * @csspart picker - the token picker dialog
 * @csspart search - the token search field
 * @csspart option - each token of the picker
 */
export class SwapWidget extends LitElement {
  static override styles = [sharedStyles, swapWidgetStyles, routeListStyles];

  /** Base URL of the service (`{api-url}/v1/...`); default the page's origin. */
  @property({ attribute: 'api-url', reflect: true }) apiUrl?: string;
  /** Sent as `x-api-key` on every request. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** Affiliate name passed to the quote. */
  @property({ reflect: true }) affiliate?: string;
  /** Affiliate fee in basis points, 0 to 1000. */
  @property({ attribute: 'affiliate-fee', reflect: true }) affiliateFee?: string | number;
  /** Asset identifier of the asset to sell (`BTC.BTC`). */
  @property({ attribute: 'sell-asset', reflect: true }) sellAsset?: string;
  /** Asset identifier of the asset to buy. */
  @property({ attribute: 'buy-asset', reflect: true }) buyAsset?: string;
  /** Decimal amount to sell (`0.25`). */
  @property({ attribute: 'sell-amount', reflect: true }) sellAmount?: string | number;
  /** Slippage tolerance in percent, 0 to 100 (default 1). */
  @property({ reflect: true }) slippage?: string | number;
  /** Address the sold asset is sent from. */
  @property({ attribute: 'source-address', reflect: true }) sourceAddress?: string;
  /** Address the bought asset is sent to. */
  @property({ attribute: 'destination-address', reflect: true }) destinationAddress?: string;
  /** The user cannot edit the addresses. */
  @property({ attribute: 'lock-addresses', type: Boolean, reflect: true }) lockAddresses = false;
  /** Comma-separated provider identifiers the quote is restricted to. */
  @property({ reflect: true }) providers?: string;
  /** `light`, `dark` or `auto` (follows `prefers-color-scheme`). */
  @property({ reflect: true }) theme?: string;
  /** BCP 47 language tag; default the browser's. */
  @property({ reflect: true }) locale?: string;
  /** Also post every event to a native webview bridge. */
  @property({ type: Boolean, reflect: true }) bridge = false;

  @state() private draft: Draft = { sellAsset: '', buyAsset: '', amount: '', slippage: '1', sourceAddress: '', destinationAddress: '' };
  @state() private picking?: 'sell' | 'buy';
  @state() private selected?: number;
  @state() private quote?: Quote;
  @state() private problem?: Problem;
  @state() private deprecation?: DeprecationInfo;

  private configResult: ConfigResult = parseConfig({}, { pageUrl: location.href });
  private fieldErrors: Partial<Record<FormField | 'sellAsset' | 'buyAsset', string>> = {};
  private request?: QuoteRequest;
  private client = new SwapApiClient();
  private clientKey = '';
  /** Configuration problems already reported by `swap-error`, so each is told once while it stands. */
  private reportedConfig = new Set<string>();

  private readonly data = new ServiceDataController(this, {
    client: () => this.client,
    providers: () => this.configResult.config.providers,
    sellAsset: () => this.draft.sellAsset || undefined,
    onError: (error, what) => {
      // Prices and the reach list only refine the form; tokens are needed to pick.
      if (what === 'tokens') this.fail(error);
    },
  });

  private readonly quoter = new QuoteController(this, {
    request: () => this.request,
    client: () => this.client,
    onResult: (result, request) => this.handleQuote(result, request),
    onError: (error) => {
      this.quote = undefined;
      this.fail(error);
    },
  });

  private readonly clock = new ClockController(this, () => !!this.quote?.entries.some((e) => e.expiresAt !== undefined));

  /** Asks for a new quote now. */
  refresh(): Promise<void> {
    return this.quoter.refresh();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const configChanged = CONFIG_PROPS.some((p) => changed.has(p));
    if (configChanged || this.data.providerList.status === TaskStatus.COMPLETE) this.readConfig(changed);
    this.checkDraft();
    this.request = this.buildRequest();
  }

  protected override updated(): void {
    this.reportConfig();
  }

  protected override render() {
    const { errors, warnings, config } = this.configResult;
    const tokens = this.data.tokens.value;
    const sellToken = tokens?.byAsset.get(this.draft.sellAsset.toUpperCase());
    const buyToken = tokens?.byAsset.get(this.draft.buyAsset.toUpperCase());
    const prices = priceBook(this.data.prices.value);
    const amountUsd =
      this.draft.sellAsset && isDecimalString(this.draft.amount) ? usdValue(prices, this.draft.sellAsset, this.draft.amount) : undefined;
    return html`
      <div part="widget" class="widget" lang=${config.locale ?? nothing}>
        ${errors.length
          ? html`<ul part="config-errors" class="config-errors" role="alert">
              ${errors.map((e) => html`<li data-field=${e.field}>${e.message}</li>`)}
            </ul>`
          : nothing}
        ${warnings.length ? html`<ul class="config-warnings warn">${warnings.map((w) => html`<li data-field=${w.field}>${w.message}</li>`)}</ul>` : nothing}
        <swap-quote-form
          exportparts="form, amount, asset-button, flip-button, address, slippage"
          .sellAsset=${this.draft.sellAsset}
          .buyAsset=${this.draft.buyAsset}
          .sellToken=${sellToken}
          .buyToken=${buyToken}
          .amount=${this.draft.amount}
          .amountUsd=${amountUsd}
          .slippage=${this.draft.slippage}
          .sourceAddress=${this.draft.sourceAddress}
          .destinationAddress=${this.draft.destinationAddress}
          .lockAddresses=${config.lockAddresses}
          .fieldErrors=${this.fieldErrors}
          .locale=${config.locale}
          @form-input=${this.handleFormInput}
          @pick=${this.handlePick}
          @flip=${this.handleFlip}
        ></swap-quote-form>
        ${this.renderStatus()} ${this.renderProblem()} ${this.renderRoutes()}
        ${this.deprecation
          ? html`<p class="deprecation muted">
              ${this.deprecation.sunsetDate
                ? msg(str`This version of the swap service is deprecated and will be removed on ${this.deprecation.sunsetDate}.`)
                : msg('This version of the swap service is deprecated.')}
            </p>`
          : nothing}
        ${this.picking ? this.renderPicker() : nothing}
      </div>
    `;
  }

  private renderStatus() {
    let text = '';
    if (this.quoter.pending) text = msg('Finding the best routes…');
    else if (this.quote?.entries.length) text = msg(str`${this.quote.entries.length} routes found`);
    return html`<p part="quote-status" class="quote-status muted" role="status" aria-live="polite">${text}</p>`;
  }

  private renderProblem() {
    const p = this.problem;
    if (!p) return nothing;
    return html`<div part="error" class="problem" role="alert" data-code=${p.code}>
      <p>${p.message}</p>
      ${p.details?.length ? html`<ul>${p.details.map((d) => html`<li>${d}</li>`)}</ul>` : nothing}
      <button type="button" class="retry" @click=${() => this.refresh()}>${msg('Try again')}</button>
    </div>`;
  }

  private renderRoutes() {
    const quote = this.quote;
    if (!quote?.entries.length) return nothing;
    return html`
      <swap-route-list
        part="routes"
        .entries=${quote.entries}
        .selected=${this.selected}
        .affiliate=${this.configResult.config.affiliate}
        .now=${this.clock.now}
        .locale=${this.configResult.config.locale}
        @route-select=${this.handleRouteSelect}
      ></swap-route-list>
      ${this.selected !== undefined
        ? html`<button type="button" part="swap-button" class="swap-button">${msg('Swap')}</button>`
        : nothing}
    `;
  }

  private renderPicker() {
    const side = this.picking!;
    let allowed: ReadonlySet<string> | undefined;
    if (side === 'buy' && this.draft.sellAsset) allowed = this.reachableFrom(this.draft.sellAsset);
    return html`<div class="overlay" @click=${(e: Event) => e.target === e.currentTarget && this.closePicker()}>
      <swap-token-picker
        exportparts="picker, search, option"
        .index=${this.data.tokens.value}
        .allowed=${allowed}
        .selected=${side === 'sell' ? this.draft.sellAsset : this.draft.buyAsset}
        .heading=${side === 'sell' ? msg('Choose the asset to sell') : msg('Choose the asset to buy')}
        @token-select=${this.handleTokenSelect}
        @picker-close=${this.closePicker}
      ></swap-token-picker>
    </div>`;
  }

  /**
   * What the sell asset can be swapped to: the service's connected assets when it answered,
   * else every listed token on a chain the path table connects.
   */
  private reachableFrom(sellAsset: string): ReadonlySet<string> {
    const fromService = this.data.reachable.status === TaskStatus.COMPLETE ? this.data.reachable.value : undefined;
    const sell = sellAsset.toUpperCase();
    const chain = assetChain(sellAsset);
    const out = new Set<string>();
    for (const t of this.data.tokens.value?.tokens ?? []) {
      const id = t.asset.toUpperCase();
      if (id === sell) continue;
      if (fromService ? fromService.has(id) : chainsConnected(chain, t.chain)) out.add(id);
    }
    return out;
  }

  // ---- state derivation ---------------------------------------------------------------

  private readConfig(changed: PropertyValues<this>) {
    const raw: RawConfig = {
      apiUrl: this.apiUrl, apiKey: this.apiKey, affiliate: this.affiliate, affiliateFee: this.affiliateFee,
      sellAsset: this.sellAsset, buyAsset: this.buyAsset, sellAmount: this.sellAmount, slippage: this.slippage,
      sourceAddress: this.sourceAddress, destinationAddress: this.destinationAddress, lockAddresses: this.lockAddresses,
      providers: this.providers, theme: this.theme, locale: this.locale, bridge: this.bridge,
    };
    const extraProviders = this.data.providerList.value?.map((p) => p.provider);
    this.configResult = parseConfig(raw, { pageUrl: location.href, ...(extraProviders ? { extraProviders } : {}) });
    const { config } = this.configResult;

    const key = `${config.apiUrl}|${config.apiKey ?? ''}`;
    if (key !== this.clientKey) {
      this.clientKey = key;
      this.client = new SwapApiClient({
        baseUrl: config.apiUrl,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        onDeprecation: (info) => {
          this.deprecation = info;
          console.warn('[swap-widget] the service version is deprecated', info);
        },
      });
    }

    // An attribute the host changes wins over what the user typed in that field.
    const draft = { ...this.draft };
    if (changed.has('sellAsset')) draft.sellAsset = config.sellAsset ?? '';
    if (changed.has('buyAsset')) draft.buyAsset = config.buyAsset ?? '';
    if (changed.has('sellAmount')) draft.amount = config.sellAmount ?? '';
    if (changed.has('slippage')) draft.slippage = String(config.slippage);
    if (changed.has('sourceAddress')) draft.sourceAddress = config.sourceAddress ?? '';
    if (changed.has('destinationAddress')) draft.destinationAddress = config.destinationAddress ?? '';
    if (config.lockAddresses) {
      draft.sourceAddress = config.sourceAddress ?? '';
      draft.destinationAddress = config.destinationAddress ?? '';
    }
    if (Object.entries(draft).some(([k, v]) => this.draft[k as keyof Draft] !== v)) this.draft = draft;
  }

  /** Problems of what the user typed, shown next to the fields (not `swap-error`: the user sees them at once). */
  private checkDraft() {
    const d = this.draft;
    const errors: typeof this.fieldErrors = {};
    const token = this.data.tokens.value?.byAsset.get(d.sellAsset.toUpperCase());
    if (d.amount && !isDecimalString(d.amount)) errors.amount = msg('Enter an amount such as 0.25.');
    else if (token && fractionDigits(d.amount) > token.decimals) {
      errors.amount = msg(str`${token.symbol} has at most ${token.decimals} decimals.`);
    }
    const slippage = Number(d.slippage);
    if (!/^\d+(\.\d+)?$/.test(d.slippage) || slippage > 100) errors.slippage = msg('Slippage must be between 0 and 100%.');
    if (d.sellAsset && d.sellAsset === d.buyAsset) errors.buyAsset = msg('Choose two different assets.');
    else if (d.sellAsset && d.buyAsset && !chainsConnected(assetChain(d.sellAsset), assetChain(d.buyAsset))) {
      errors.buyAsset = msg('No route connects these two chains.');
    }
    for (const [field, asset] of [['sourceAddress', d.sellAsset], ['destinationAddress', d.buyAsset]] as const) {
      const address = d[field];
      if (!address || !asset) continue;
      const check = validateAddress(assetChain(asset), address);
      if (!check.ok) errors[field] = check.reason;
    }
    this.fieldErrors = errors;
  }

  /** The quote request the current input asks for, or undefined when it is incomplete or wrong. */
  private buildRequest(): QuoteRequest | undefined {
    const { config, errors } = this.configResult;
    const d = this.draft;
    if (errors.length || Object.keys(this.fieldErrors).length) return undefined;
    if (!d.sellAsset || !d.buyAsset || !isDecimalString(d.amount) || compareDecimal(d.amount, '0') <= 0) return undefined;
    const evmSource = isEvmChain(assetChain(d.sellAsset)) && !!d.sourceAddress;
    return {
      sellAsset: d.sellAsset,
      buyAsset: d.buyAsset,
      sellAmount: normalizeDecimal(d.amount),
      slippage: Number(d.slippage),
      ...(config.providers ? { providers: config.providers } : {}),
      ...(d.sourceAddress ? { sourceAddress: d.sourceAddress } : {}),
      ...(d.destinationAddress ? { destinationAddress: d.destinationAddress } : {}),
      ...(config.affiliate ? { affiliate: config.affiliate } : {}),
      ...(config.affiliate || config.affiliateFee ? { affiliateFee: config.affiliateFee } : {}),
      ...(evmSource ? { includeTx: true } : {}),
    };
  }

  /** Dispatches `invalid-config` once for each configuration problem while it stands. */
  private reportConfig() {
    const now = new Set(this.configResult.errors.map((e: ConfigIssue) => `${e.field}|${e.message}`));
    for (const e of this.configResult.errors) {
      const key = `${e.field}|${e.message}`;
      if (this.reportedConfig.has(key)) continue;
      const event = new SwapErrorEvent({ code: 'invalid-config', message: e.message, field: e.field });
      this.dispatchEvent(event);
    }
    this.reportedConfig = now;
  }

  // ---- outcomes -----------------------------------------------------------------------

  private handleQuote(result: QuoteResult, request: QuoteRequest) {
    const entries = rankRoutes(result.routes, result.routeIndexes, priceBook(this.data.prices.value));
    this.quote = { result, request, entries };
    if (this.selected !== undefined && !entries.some((e) => e.index === this.selected)) this.selected = undefined;
    if (!entries.length) {
      const details = result.providerErrors.map(providerErrorText);
      this.setProblem({ code: 'no-routes', message: result.error || msg('No route for this swap.'), details });
    } else {
      this.problem = undefined;
    }
    const event = new SwapQuoteEvent({ quoteId: result.quoteId, routes: result.routes });
    this.dispatchEvent(event);
  }

  private fail(error: unknown) {
    if (error instanceof ApiError) {
      const message =
        error instanceof ServiceError
          ? error.status === 429
            ? msg('The swap service is busy; wait a moment and try again.')
            : error.detail
          : error.code === 'network'
            ? msg('The swap service cannot be reached. Check your connection and try again.')
            : msg('The swap service sent an answer the widget cannot read.');
      const details = error instanceof ServiceError ? error.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)) : [];
      this.setProblem({ code: error.code, message, details });
    } else {
      this.setProblem({ code: 'network', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Shows a problem and tells the host with `swap-error`. */
  private setProblem(problem: Problem) {
    this.problem = problem;
    const event = new SwapErrorEvent({ code: problem.code, message: problem.message });
    this.dispatchEvent(event);
  }

  // ---- handlers -----------------------------------------------------------------------

  private handleFormInput(e: FormInputEvent) {
    const key = e.field === 'amount' ? 'amount' : e.field;
    this.draft = { ...this.draft, [key]: e.value };
  }

  private handlePick(e: PickEvent) {
    this.picking = e.side;
  }

  private handleFlip() {
    const d = this.draft;
    this.draft = { ...d, sellAsset: d.buyAsset, buyAsset: d.sellAsset };
  }

  private handleTokenSelect(e: TokenSelectEvent) {
    const side = this.picking;
    const d = { ...this.draft };
    if (side === 'sell') {
      d.sellAsset = e.asset;
      // A buy asset the new sell asset cannot reach is cleared rather than left impossible.
      if (d.buyAsset && !chainsConnected(assetChain(e.asset), assetChain(d.buyAsset))) d.buyAsset = '';
    } else if (side === 'buy') d.buyAsset = e.asset;
    this.draft = d;
    this.closePicker();
  }

  private async closePicker() {
    const side = this.picking;
    this.picking = undefined;
    await this.updateComplete;
    const form = this.renderRoot.querySelector('swap-quote-form');
    form?.renderRoot.querySelector<HTMLButtonElement>(`.asset[data-side="${side}"]`)?.focus();
  }

  private handleRouteSelect(e: RouteSelectEvent) {
    const quote = this.quote;
    const entry = quote?.entries.find((x) => x.index === e.index);
    if (!quote || !entry) return;
    if (entry.expiresAt !== undefined && !(entry.expiresAt > Date.now())) {
      void this.refresh();
      return;
    }
    this.selected = e.index;
    const event = new SwapRouteEvent({ quoteId: quote.result.quoteId, routeIndex: e.index, route: entry.route });
    this.dispatchEvent(event);
  }
}

define('swap-widget', SwapWidget);

declare global {
  interface HTMLElementTagNameMap {
    'swap-widget': SwapWidget;
  }
}
