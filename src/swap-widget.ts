import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { TaskStatus } from '@lit/task';
import { SwapApiClient, type DeprecationInfo, type QuoteResult } from './api/client.js';
import { ApiError, ServiceError } from './api/errors.js';
import type { QuoteRequest, Token } from './api/schemas.js';
import { parseConfig, uncheckedConfig, type ConfigIssue, type ConfigResult, type RawConfig } from './config.js';
import { validateAddress } from './domain/address.js';
import { compareDecimal, fractionDigits, isDecimalString, normalizeDecimal } from './domain/amount.js';
import { assetChain, assetSymbol as assetSymbolOf, isNativeAsset, sameAsset } from './domain/asset.js';
import { chainInfo, chainsConnected, isEvmChain } from './domain/chains.js';
import { priceBook, rankRoutes, usdValue, type PriceBook, type RouteEntry } from './domain/routes.js';
import { sameRequest } from './domain/request.js';
import { afterPaint } from './after-paint.js';
import { yieldToPage } from './yield-to-page.js';
import { define } from './define.js';
import { postToBridge } from './bridge.js';
import { SwapErrorEvent, SwapQuoteEvent, SwapRouteEvent, SwapStatusEvent, type SwapErrorCode } from './events.js';
import { ClockController } from './controllers/clock-controller.js';
import { ExecutionController, type Selection } from './controllers/execution-controller.js';
import { TrackerController } from './controllers/tracker-controller.js';
import { swapId, type SwapRecord } from './domain/swap-store.js';
import { DEFAULT_POLICY } from './domain/tracking.js';
import { QuoteController } from './controllers/quote-controller.js';
import { ServiceDataController } from './controllers/service-data-controller.js';
import { providerErrorText } from './components/messages.js';
import type { FormField, FormInputEvent, PickEvent } from './components/quote-form.js';
import type { RouteSelectEvent } from './components/route-list.js';
import type { TokenSelectEvent } from './components/token-picker.js';
import type { HashSubmitEvent } from './components/memo-flow.js';
import './components/memo-flow.js';
import './components/quote-form.js';
import './components/tracker.js';
import './components/route-list.js';
import './components/token-picker.js';
import { sharedStyles } from './components/shared.styles.js';
import { LocalizedElement } from './components/localized-element.js';
import { ltr } from './components/machine-text.js';
import { isRtl } from './localize.js';
import { warmFormatters } from './format.js';
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
  /** Unix ms the answer arrived. */
  receivedAt: number;
}

/** A problem shown in the widget, with the `swap-error` code it was reported with. */
interface Problem {
  code: SwapErrorCode;
  message: string;
  details?: string[];
  /** A problem of quoting answers one request: it goes when the request changes. */
  ofQuote?: boolean;
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
 * @fires {SwapTxEvent} swap-tx - an EVM transaction must be signed (cancelable): `{ quoteId, routeIndex, kind, chain, tx }`
 * @fires {SwapMemoEvent} swap-memo - a native transfer must be sent (cancelable): `{ quoteId, routeIndex, chain, asset, amount, address, memo, expiresAt }`
 * @fires {SwapStatusEvent} swap-status - the tracked swap's status changed: `{ quoteId, routeIndex, hash, chainId, status, final, buyAmount?, error? }`
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
 * @csspart execution - what the swap waits for (wallet, host, confirmation)
 * @csspart memo-flow - the address, memo and amount to send by hand
 * @csspart qr - the QR code of the address
 * @csspart copy-button - the copy buttons of the memo flow
 * @csspart hash-input - the field for a sent transaction's hash
 * @csspart tracker - the progress of the tracked swap
 * @csspart stages - the stages of the tracked swap
 * @csspart explorer-link - links to block explorers
 * @csspart recent-swaps - the list of recent swaps
 * @csspart picker - the token picker dialog
 * @csspart search - the token search field
 * @csspart option - each token of the picker
 *
 * @cssprop [--swap-bg=#ffffff] - background of the widget and the token picker
 * @cssprop [--swap-fg=#1b1f27] - text colour
 * @cssprop [--swap-muted=#596170] - secondary text: labels, hints, fiat values, pending stages
 * @cssprop [--swap-surface=#f2f4f7] - background of the inputs, routes, token rows and memo fields
 * @cssprop [--swap-border=#cfd5de] - borders and separators
 * @cssprop [--swap-accent=#2f4fd1] - buttons, the selected route, the progress bar
 * @cssprop [--swap-accent-fg=#ffffff] - text on accent-coloured buttons
 * @cssprop [--swap-danger=#b3261e] - errors, invalid fields, refused routes, failed swaps
 * @cssprop [--swap-warn=#8a4b00] - warnings: configuration warnings, "memo required", refunds
 * @cssprop [--swap-ok=#1e7b34] - success: completed stages and swaps, the selected token's tick
 * @cssprop [--swap-focus-ring=#1a64d6] - the keyboard focus outline
 * @cssprop [--swap-radius=16px] - corner radius of the widget and the picker
 * @cssprop [--swap-radius-small=10px] - corner radius of inputs, buttons, routes and boxes
 * @cssprop [--swap-font=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - font family
 * @cssprop [--swap-font-mono=ui-monospace, 'SFMono-Regular', Menlo, monospace] - font of addresses, memos and hashes
 * @cssprop [--swap-space=8px] - spacing unit: paddings and gaps are multiples of it
 * @cssprop [--swap-shadow=0 2px 10px rgba(15, 20, 30, 0.12)] - shadow of the widget and the picker
 * @cssprop [--swap-width=26rem] - maximum width of the widget
 */
export class SwapWidget extends LocalizedElement {
  static override styles = [sharedStyles, swapWidgetStyles, routeListStyles];

  /** Base URL of the service (`{api-url}/v1/...`); default the page's origin. */
  @property({ attribute: 'api-url', reflect: true }) apiUrl?: string;
  /** Sent as `x-api-key` on every request. */
  @property({ attribute: 'api-key' }) apiKey?: string;
  /** Affiliate name passed to the quote. */
  @property({ reflect: true }) affiliate?: string;
  /**
   * Affiliate fee in basis points, 0 to 1000.
   * @default 0
   */
  @property({ attribute: 'affiliate-fee', reflect: true }) affiliateFee?: string | number;
  /** Asset identifier of the asset to sell (`BTC.BTC`). */
  @property({ attribute: 'sell-asset', reflect: true }) sellAsset?: string;
  /** Asset identifier of the asset to buy. */
  @property({ attribute: 'buy-asset', reflect: true }) buyAsset?: string;
  /** Decimal amount to sell (`0.25`). */
  @property({ attribute: 'sell-amount', reflect: true }) sellAmount?: string | number;
  /**
   * Slippage tolerance in percent, 0 to 100 (default 1).
   * @default 1
   */
  @property({ reflect: true }) slippage?: string | number;
  /** Address the sold asset is sent from. */
  @property({ attribute: 'source-address', reflect: true }) sourceAddress?: string;
  /** Address the bought asset is sent to. */
  @property({ attribute: 'destination-address', reflect: true }) destinationAddress?: string;
  /** The user cannot edit the addresses. */
  @property({ attribute: 'lock-addresses', type: Boolean, reflect: true }) lockAddresses = false;
  /** Comma-separated provider identifiers the quote is restricted to. */
  @property({ reflect: true }) providers?: string;
  /**
   * `light`, `dark` or `auto` (follows `prefers-color-scheme`).
   * @default 'auto'
   */
  @property({ reflect: true }) theme?: string;
  /** BCP 47 language tag; default the browser's. */
  @property({ reflect: true }) override locale?: string;
  /** Also post every event to a native webview bridge. */
  @property({ type: Boolean, reflect: true }) bridge = false;
  /**
   * First tracking poll interval in ms (default 10 000, at least 1 000). The real service
   * allows about 10 requests a minute per key, shared with quoting: lower it only for
   * services that allow more.
   * @default 10000
   */
  @property({ attribute: 'poll-interval', type: Number }) pollInterval = DEFAULT_POLICY.firstMs;

  @state() private draft: Draft = { sellAsset: '', buyAsset: '', amount: '', slippage: '1', sourceAddress: '', destinationAddress: '' };
  @state() private picking?: 'sell' | 'buy';
  @state() private selected?: number;
  @state() private quote?: Quote;
  @state() private problem?: Problem;
  @state() private deprecation?: DeprecationInfo;
  /** The swap whose progress is shown. */
  @state() private shownSwap?: string;
  @state() private trackingProblems = new Map<string, string>();
  /** Routes refused by the safety checks in this quote, with why. */
  @state() private refused = new Map<number, string>();

  /**
   * False until the frame that first shows the form is painted. Until then the widget only
   * renders what the host set: it checks no address, sends no request and resumes no
   * tracked swap, so the form is on screen as early as it can be (see `firstUpdated`).
   */
  private started = false;
  /** Resolves once the widget has started (see `getUpdateComplete`). */
  private startup?: Promise<void>;
  private configResult: ConfigResult = { config: uncheckedConfig({}), errors: [], warnings: [] };
  private fieldErrors: Partial<Record<FormField | 'sellAsset' | 'buyAsset', string>> = {};
  private request?: QuoteRequest;
  private client = new SwapApiClient();
  private clientKey = '';
  /** What willUpdate last derived from (see there). */
  private seen: { providers?: unknown; draft?: Draft; tokens?: unknown; locale?: string; started?: boolean } = {};
  private book?: { rates: unknown; book: PriceBook };
  private reachMemo?: { sellAsset: string; index: unknown; fromService: unknown; set: ReadonlySet<string> };
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
      this.fail(error, true);
    },
  });

  private readonly execution = new ExecutionController(this, {
    client: () => this.client,
    requote: (previous) => this.requote(previous),
    // The token list's decimals; a native asset's are known without it.
    sellDecimals: (asset) =>
      this.data.tokens.value?.byAsset.get(asset.toUpperCase())?.decimals ??
      (isNativeAsset(asset) ? chainInfo(assetChain(asset))?.nativeDecimals : undefined),
    affiliate: () => ({ ...(this.configResult.config.affiliate ? { code: this.configResult.config.affiliate } : {}), bps: this.configResult.config.affiliateFee }),
    track: (hash, chainId, selection) => this.startTracking(hash, chainId, selection),
    error: (code, message) => {
      if (code === 'route-rejected' && this.selected !== undefined) this.refused = new Map(this.refused).set(this.selected, message);
      this.dispatchEvent(new SwapErrorEvent({ code, message }));
    },
    reselect: (selection) => {
      this.selected = selection.entry.index;
    },
  });

  private readonly tracker = new TrackerController(this, {
    client: () => this.client,
    policy: () => ({ ...DEFAULT_POLICY, firstMs: Math.max(1000, Number(this.pollInterval) || DEFAULT_POLICY.firstMs) }),
    onStatus: (record, started) => this.handleStatus(record, started),
    onProblem: (record, problem, error) => {
      const next = new Map(this.trackingProblems);
      if (problem) next.set(record.id, problem);
      else next.delete(record.id);
      this.trackingProblems = next;
      if (problem && error) this.dispatchEvent(new SwapErrorEvent({ code: 'tracking', message: problem }));
    },
  });

  private readonly clock = new ClockController(
    this,
    () => !!this.quote?.entries.some((e) => e.expiresAt !== undefined) || this.execution.state.phase === 'memo',
  );

  /** Every public event also goes to the native webview bridge when `bridge` is set. */
  override dispatchEvent(event: Event): boolean {
    const result = super.dispatchEvent(event);
    if (this.bridge && event.type.startsWith('swap-') && event instanceof CustomEvent) postToBridge(window, event.type, event.detail);
    return result;
  }

  /** Asks for a new quote now. */
  refresh(): Promise<void> {
    return this.quoter.refresh();
  }

  /**
   * The host sent (or, knowing the allowance suffices, skipped) the approval asked for by a
   * cancelled `swap-tx` of kind `approve`: the widget goes on with the `swap` transaction.
   */
  approved(_hash?: string): void {
    this.execution.approved();
  }

  /**
   * Starts tracking the selected route with the hash of the transaction the host sent.
   * `chainId` is a chain code and defaults to the sell asset's chain.
   */
  track(hash: string, chainId?: string): void {
    const selection = this.selection();
    if (!selection) {
      this.setProblem({ code: 'tracking', message: msg('Select a route before tracking a transaction.') });
      return;
    }
    const chain = (chainId ?? assetChain(selection.request.sellAsset)).toUpperCase();
    if (typeof hash !== 'string' || !hash.trim()) {
      this.setProblem({ code: 'tracking', message: msg('track() needs the hash of the sent transaction.') });
      return;
    }
    this.startTracking(hash.trim(), chain, selection);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Each step runs only when what it reads changed: the countdown re-renders every second.
    const providers = this.data.providerList.value;
    const starting = this.started !== this.seen.started;
    if (CONFIG_PROPS.some((p) => changed.has(p)) || providers !== this.seen.providers || starting) {
      Object.assign(this.seen, { providers, started: this.started });
      // Starting, the configuration is checked in full (the addresses too); the form keeps
      // what it shows, with the address checks of checkDraft next to the fields.
      this.readConfig((p) => changed.has(p));
    }
    const tokens = this.data.tokens.value;
    if (this.draft !== this.seen.draft || tokens !== this.seen.tokens || this.uiLocale !== this.seen.locale || starting) {
      Object.assign(this.seen, { draft: this.draft, tokens, locale: this.uiLocale });
      this.checkDraft();
    }
    const request = this.started ? this.buildRequest() : undefined;
    if (!sameRequest(request, this.request)) this.changeRequest(request);
  }

  /**
   * The one current request changed (form or attribute): from now on nothing answered for
   * the earlier one can be pressed, swapped or handed out. Routes stay on screen, inert and
   * dimmed, while the new request is quoted (the list keeps its place); with no request at
   * all (an empty or invalid input) they are cleared, with the reason on screen.
   */
  private changeRequest(request: QuoteRequest | undefined) {
    this.request = request;
    this.selected = undefined;
    this.execution.cancel();
    if (this.problem?.ofQuote) this.problem = undefined;
    if (!request) this.quote = undefined;
  }

  /** Whether the routes on screen answer the current request. */
  private get quoteIsCurrent(): boolean {
    return !!this.quote && sameRequest(this.quote.request, this.request);
  }

  protected override firstUpdated(): void {
    this.startup = new Promise((resolve) => {
      const start = async () => {
        clearTimeout(fallback);
        if (this.started) return;
        // In steps, each in a task of its own, so none holds the page for long: the full
        // configuration check and its render, then the requests, then the stored swaps.
        this.started = true;
        this.requestUpdate();
        await yieldToPage();
        this.data.start();
        this.quoter.start();
        this.requestUpdate();
        await yieldToPage();
        this.tracker.resume();
        resolve();
        // The page's first number format is slow to create: make it while the page is idle.
        const warm = () => warmFormatters(this.localeTag);
        if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 1000 });
        else setTimeout(warm, 50);
      };
      // After the frame that paints the form; the timer is for pages that paint no frame
      // (a hidden tab).
      const fallback = setTimeout(() => void start(), 250);
      afterPaint(() => void start());
    });
  }

  /** Resolves once the widget has started too: its configuration checked, its requests sent. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.startup) return done;
    // Until its last step: `started` is set at the first of them, the requests go at the second.
    await this.startup;
    return super.getUpdateComplete();
  }

  protected override updated(): void {
    if (this.started) this.reportConfig();
  }

  protected override render() {
    const { errors, warnings, config } = this.configResult;
    const tokens = this.data.tokens.value;
    const sellToken = tokens?.byAsset.get(this.draft.sellAsset.toUpperCase());
    const buyToken = tokens?.byAsset.get(this.draft.buyAsset.toUpperCase());
    const prices = this.priceBook();
    const amountUsd =
      this.draft.sellAsset && isDecimalString(this.draft.amount) ? usdValue(prices, this.draft.sellAsset, this.draft.amount) : undefined;
    return html`
      <div part="widget" class="widget" lang=${this.uiLocale} dir=${isRtl(this.uiLocale) ? 'rtl' : 'ltr'}>
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
          .locale=${this.localeTag}
          @form-input=${this.handleFormInput}
          @pick=${this.handlePick}
          @flip=${this.handleFlip}
        ></swap-quote-form>
        ${this.renderStatus()} ${this.renderProblem()} ${this.renderRoutes()} ${this.renderExecution()} ${this.renderTracking()}
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
    const hold = this.started && !this.request ? this.holdReason() : undefined;
    if (hold) text = hold;
    else if (this.quoter.pending) text = msg('Finding the best routes…');
    else if (this.quoteIsCurrent && this.quote?.entries.length) text = msg(str`${this.quote.entries.length} routes found`);
    return html`<p part="quote-status" class="quote-status ${hold ? 'hold' : 'muted'}" role="status" aria-live="polite">${text}</p>`;
  }

  /**
   * Why no quote is asked for, in the line the user sees above the routes (a field's own
   * message may sit in the closed "Addresses and slippage" section): the field and its
   * problem. Nothing when the input is simply not complete yet.
   */
  private holdReason(): string | undefined {
    if (this.configResult.errors.length) return msg('Routes wait until the settings listed above are fixed.');
    const e = this.fieldErrors;
    const labels: [keyof typeof e, () => string][] = [
      ['amount', () => msg('Amount')],
      ['sellAsset', () => msg('You sell')],
      ['buyAsset', () => msg('You buy')],
      ['sourceAddress', () => msg('From address')],
      ['destinationAddress', () => msg('To address')],
      ['slippage', () => msg('Slippage tolerance (%)')],
    ];
    for (const [field, label] of labels) {
      const problem = e[field];
      if (problem) return msg(str`No routes until this is fixed: ${label()}: ${problem}`);
    }
    const d = this.draft;
    if (d.sellAsset && d.buyAsset && isDecimalString(d.amount) && compareDecimal(d.amount, '0') === 0) return msg('Enter an amount above 0 to see routes.');
    return undefined;
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
        .refused=${this.refused}
        .stale=${!this.quoteIsCurrent}
        .locale=${this.localeTag}
        @route-select=${this.handleRouteSelect}
      ></swap-route-list>
      ${this.quoteIsCurrent && this.selected !== undefined
        ? html`<button type="button" part="swap-button" class="swap-button" ?disabled=${this.execution.busy} @click=${this.handleSwap}>
            ${msg('Swap')}
          </button>`
        : nothing}
    `;
  }

  private renderExecution() {
    const state = this.execution.state;
    switch (state.phase) {
      case 'idle':
        return nothing;
      case 'working':
        return html`<p part="execution" class="execution" role="status">${this.stepText(state.step)}</p>`;
      case 'awaiting-host':
        return html`<p part="execution" class="execution" role="status">
          ${state.kind === 'approve' ? msg('Waiting for the approval to be signed…') : state.kind === 'swap' ? msg('Waiting for the swap transaction to be signed…') : msg('Waiting for the transfer to be sent…')}
        </p>`;
      case 'refused':
        return html`<p part="execution" class="execution danger" role="alert">${state.reason}</p>`;
      case 'failed':
        return html`<div part="execution" class="execution danger" role="alert">
          <p>${state.message}</p>
          <button type="button" class="retry" @click=${this.handleSwap}>${msg('Try again')}</button>
        </div>`;
      case 'confirm-worse':
        return html`<div part="execution" class="execution warn" role="alert">
          <p>${msg(str`The price moved: you would now receive ${state.now} instead of ${state.was}, below your slippage limit.`)}</p>
          <button type="button" class="retry" @click=${() => this.execution.start(state.selection, true)}>${msg('Swap at the new price')}</button>
          <button type="button" class="secondary" @click=${() => this.execution.cancel()}>${msg('Cancel')}</button>
        </div>`;
      case 'memo': {
        const p = state.plan;
        return html`<swap-memo-flow
          exportparts="memo-flow, qr, copy-button, hash-input"
          .chain=${p.chain}
          .asset=${p.asset}
          .amount=${p.amount}
          .address=${p.address}
          .memo=${p.memo}
          .expiresAt=${p.expiresAt}
          .now=${this.clock.now}
          .locale=${this.localeTag}
          @hash-submit=${this.handleHashSubmit}
        ></swap-memo-flow>`;
      }
    }
  }

  private stepText(step: string): string {
    switch (step) {
      case 'requoting':
        return msg('The route is about to expire: quoting again…');
      case 'opening-channel':
        return msg('Opening a deposit channel…');
      case 'connecting':
        return msg('Connect your wallet…');
      case 'switching':
        return msg('Switching your wallet to the right network…');
      case 'allowance':
        return msg('Checking the token allowance…');
      case 'approving':
        return msg('Approve the exact amount in your wallet…');
      case 'confirming':
        return msg('Waiting for the approval to be confirmed…');
      default:
        return msg('Confirm the swap in your wallet…');
    }
  }

  private renderTracking() {
    if (!this.started) return nothing;
    const swaps = this.tracker.swaps;
    if (!swaps.length) return nothing;
    const shown = swaps.find((r) => r.id === this.shownSwap) ?? swaps.find((r) => !r.final) ?? swaps[0]!;
    const store = this.tracker.store;
    return html`
      ${store.problem ? html`<p class="storage-notice warn" role="status">${msg(str`Your swaps cannot be saved in this browser (${store.problem}): keep this page open until they finish.`)}</p>` : nothing}
      <swap-tracker
        exportparts="tracker, stages, explorer-link"
        .record=${shown}
        .problem=${this.trackingProblems.get(shown.id)}
        .locale=${this.localeTag}
      ></swap-tracker>
      ${swaps.length > 1 || shown.final
        ? html`<section part="recent-swaps" class="recent" aria-labelledby="recent-title">
            <h2 id="recent-title">${msg('Recent swaps')}</h2>
            <ul>
              ${swaps.map(
                (r) => html`<li>
                  <button type="button" class="link" aria-pressed=${r.id === shown.id ? 'true' : 'false'} @click=${() => (this.shownSwap = r.id)}>
                    ${ltr(`${r.route.sellAmount} ${assetSymbolOf(r.route.sellAsset)} → ${assetSymbolOf(r.route.buyAsset)}`)}: ${r.status?.status ?? msg('waiting')}
                  </button>
                  ${r.final
                    ? html`<button type="button" class="dismiss" aria-label=${msg('Dismiss this swap')} @click=${() => this.tracker.dismiss(r.id)}>×</button>`
                    : nothing}
                </li>`,
              )}
            </ul>
          </section>`
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
        .locale=${this.localeTag}
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
   * else every listed token on a chain the path table connects. Kept until its inputs
   * change, so re-renders (the countdown ticks every second) do not redo it.
   */
  private reachableFrom(sellAsset: string): ReadonlySet<string> {
    const fromService = this.data.reachable.status === TaskStatus.COMPLETE ? this.data.reachable.value : undefined;
    const index = this.data.tokens.value;
    const memo = this.reachMemo;
    if (memo && memo.sellAsset === sellAsset && memo.index === index && memo.fromService === fromService) return memo.set;
    const sell = sellAsset.toUpperCase();
    const chain = assetChain(sellAsset);
    const set = new Set<string>();
    for (const t of index?.tokens ?? []) {
      const id = t.asset.toUpperCase();
      if (id === sell) continue;
      if (fromService ? fromService.has(id) : chainsConnected(chain, t.chain)) set.add(id);
    }
    this.reachMemo = { sellAsset, index, fromService, set };
    return set;
  }

  // ---- state derivation ---------------------------------------------------------------

  /** `changed` tells which properties the host set since the last read (their draft fields follow them). */
  private readConfig(changed: (property: (typeof CONFIG_PROPS)[number]) => boolean) {
    const raw: RawConfig = {
      apiUrl: this.apiUrl, apiKey: this.apiKey, affiliate: this.affiliate, affiliateFee: this.affiliateFee,
      sellAsset: this.sellAsset, buyAsset: this.buyAsset, sellAmount: this.sellAmount, slippage: this.slippage,
      sourceAddress: this.sourceAddress, destinationAddress: this.destinationAddress, lockAddresses: this.lockAddresses,
      providers: this.providers, theme: this.theme, locale: this.locale, bridge: this.bridge,
    };
    if (this.started) {
      const extraProviders = this.data.providerList.value?.map((p) => p.provider);
      this.configResult = parseConfig(raw, { pageUrl: location.href, ...(extraProviders ? { extraProviders } : {}) });
      this.updateClient();
    } else {
      // The first render shows the host's values at once; they are checked at the start.
      this.configResult = { config: uncheckedConfig(raw), errors: [], warnings: [] };
    }
    const { config } = this.configResult;

    // An attribute the host changes wins over what the user typed in that field.
    const draft = { ...this.draft };
    if (changed('sellAsset')) draft.sellAsset = config.sellAsset ?? '';
    if (changed('buyAsset')) draft.buyAsset = config.buyAsset ?? '';
    if (changed('sellAmount')) draft.amount = config.sellAmount ?? '';
    if (changed('slippage')) draft.slippage = String(config.slippage);
    if (changed('sourceAddress')) draft.sourceAddress = config.sourceAddress ?? '';
    if (changed('destinationAddress')) draft.destinationAddress = config.destinationAddress ?? '';
    if (config.lockAddresses) {
      draft.sourceAddress = config.sourceAddress ?? '';
      draft.destinationAddress = config.destinationAddress ?? '';
    }
    if (Object.entries(draft).some(([k, v]) => this.draft[k as keyof Draft] !== v)) this.draft = draft;
  }

  /** A client for the configured service; kept while the service and key stay the same. */
  private updateClient() {
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
  }

  /** Problems of what the user typed, shown next to the fields (not `swap-error`: the user sees them at once). */
  private checkDraft() {
    const d = this.draft;
    const errors: typeof this.fieldErrors = {};
    // Checked from the start on (see `started`).
    if (!this.started) return void (this.fieldErrors = errors);
    const token = this.data.tokens.value?.byAsset.get(d.sellAsset.toUpperCase());
    if (d.amount && !isDecimalString(d.amount)) errors.amount = msg('Enter an amount such as 0.25.');
    else if (token && fractionDigits(d.amount) > token.decimals) {
      errors.amount = msg(str`${token.symbol} has at most ${token.decimals} decimals.`);
    }
    const slippage = Number(d.slippage);
    if (!/^\d+(\.\d+)?$/.test(d.slippage) || slippage > 100) errors.slippage = msg('Slippage must be between 0 and 100%.');
    if (d.sellAsset && d.buyAsset && sameAsset(d.sellAsset, d.buyAsset)) errors.buyAsset = msg('Choose two different assets.');
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
    // Only an answer to the current request is shown (the task drops superseded runs; this
    // holds even if the request changed without a new run).
    if (!sameRequest(request, this.request)) return;
    const entries = rankRoutes(result.routes, result.routeIndexes, this.priceBook());
    const previous = this.selection();
    this.quote = { result, request, entries, receivedAt: Date.now() };
    this.refused = new Map();
    // A new answer makes what was being handed out stale; the execution's own re-quote does not.
    const exec = this.execution.state;
    if (!(exec.phase === 'working' && exec.step === 'requoting')) this.execution.cancel();
    // An index names a route of one answer only: the selection follows the same providers.
    const key = previous?.entry.route.providers.join('|');
    this.selected = key === undefined ? undefined : entries.find((e) => e.route.providers.join('|') === key)?.index;
    if (!entries.length) {
      const details = result.providerErrors.map(providerErrorText);
      this.setProblem({ code: 'no-routes', message: result.error || msg('No route for this swap.'), details, ofQuote: true });
    } else {
      this.problem = undefined;
    }
    const event = new SwapQuoteEvent({ quoteId: result.quoteId, routes: result.routes });
    this.dispatchEvent(event);
  }

  private fail(error: unknown, ofQuote = false) {
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
      this.setProblem({ code: error.code, message, details, ofQuote });
    } else {
      this.setProblem({ code: 'network', message: error instanceof Error ? error.message : String(error), ofQuote });
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

  /** USD prices by asset, rebuilt only when the service's rates change. */
  private priceBook(): PriceBook {
    const rates = this.data.prices.value;
    if (!this.book || this.book.rates !== rates) this.book = { rates, book: priceBook(rates) };
    return this.book.book;
  }

  /** The language tag the parts format numbers and words in. */
  private get localeTag(): string {
    return this.configResult.config.locale ?? navigator.language;
  }

  /** The selected route with the quote it belongs to; none while the quote answers an earlier request. */
  private selection(): Selection | undefined {
    if (!this.quoteIsCurrent) return undefined;
    const quote = this.quote;
    const entry = quote?.entries.find((x) => x.index === this.selected);
    if (!quote || !entry) return undefined;
    return { quoteId: quote.result.quoteId, entry, request: quote.request, receivedAt: quote.receivedAt };
  }

  /** Quotes the same request again now and finds the same route (same providers) in the answer. */
  private async requote(previous: Selection): Promise<Selection | undefined> {
    await this.quoter.refresh();
    const quote = this.quote;
    // The input may have changed meanwhile: only the same request's answer stands for the route.
    if (!quote || JSON.stringify(quote.request) !== JSON.stringify(previous.request)) return undefined;
    const key = previous.entry.route.providers.join('|');
    const entry = quote.entries.find((e) => e.route.providers.join('|') === key);
    return entry ? { quoteId: quote.result.quoteId, entry, request: quote.request, receivedAt: quote.receivedAt } : undefined;
  }

  private startTracking(hash: string, chainId: string, selection: Selection) {
    const now = Date.now();
    const record: SwapRecord = {
      id: swapId(hash, chainId),
      quoteId: selection.quoteId,
      routeIndex: selection.entry.index,
      hash,
      chainId,
      route: selection.entry.route,
      createdAt: now,
      updatedAt: now,
      final: false,
    };
    this.execution.cancel();
    this.shownSwap = record.id;
    this.tracker.track(record);
  }

  private handleStatus(record: SwapRecord, _started: boolean) {
    const s = record.status;
    const event = new SwapStatusEvent({
      quoteId: record.quoteId,
      routeIndex: record.routeIndex,
      hash: record.hash,
      chainId: record.chainId,
      status: s?.status ?? 'not_started',
      final: record.final,
      ...(s?.buyAmount ? { buyAmount: s.buyAmount } : {}),
      ...(s?.error ? { error: s.error } : {}),
    });
    this.dispatchEvent(event);
    this.requestUpdate();
  }

  private handleSwap() {
    const selection = this.selection();
    if (selection) void this.execution.start(selection);
  }

  private handleHashSubmit(e: HashSubmitEvent) {
    const state = this.execution.state;
    const selection = this.selection();
    if (state.phase !== 'memo' || !selection) return;
    this.startTracking(e.hash, state.plan.chain, selection);
  }

  private handleRouteSelect(e: RouteSelectEvent) {
    const quote = this.quote;
    const entry = quote?.entries.find((x) => x.index === e.index);
    // Routes of an earlier request are inert: pressing one does nothing.
    if (!quote || !entry || !this.quoteIsCurrent) return;
    if (entry.expiresAt !== undefined && !(entry.expiresAt > Date.now())) {
      void this.refresh();
      return;
    }
    this.selected = e.index;
    this.execution.cancel();
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
