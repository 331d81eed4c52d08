import { type PropertyValues } from 'lit';
import { isAbort } from './api/errors.js';
import { affiliateOf } from './config/config.js';
import { ConfigNotices } from './config/notices.js';
import { assetChain } from './domain/chains/asset.js';
import { DEFAULT_POLICY, isTxHash } from './domain/tracking/status.js';
import { statusDetail } from './domain/tracking/swap-store.js';
import { postToBridge } from './util/bridge.js';
import { warmFormattersWhenIdle } from './util/format.js';
import {
  SwapErrorEvent,
  SwapInputEvent,
  SwapMemoEvent,
  SwapQuoteEvent,
  SwapRevokeEvent,
  SwapRouteEvent,
  SwapStatusEvent,
  SwapTxEvent,
  type SwapEvent,
} from './events.js';
import { ClockController } from './controllers/clock-controller.js';
import { DEFAULT_COSMOS_REST } from './wallet/cosmos-wallet.js';
import { widgetDecimals } from './wallet/decimals-reads.js';
import { balanceReader } from './wallet/balance-reads.js';
import { BalanceController } from './controllers/balance-controller.js';
import { ExecutionController, requestKey, type HandOut } from './controllers/execution/execution-controller.js';
import { QuoteController, type Quote, type Selection } from './controllers/quotes/quote-controller.js';
import { ServiceDataController } from './controllers/quotes/service-data-controller.js';
import { CONFIG_PROPS, SessionController, type ConfigProp } from './controllers/session-controller.js';
import { TrackerController } from './controllers/tracking/tracker-controller.js';
import { WalletsController } from './controllers/wallets-controller.js';
import {
  configIssueText,
  configNoticeText,
  executionProblemCode,
  executionProblemText,
  problemCode,
  problemMessage,
  trackCallText,
  trackingProblemText,
  type ShownProblem,
} from './components/messages.js';
import type { RouteSelectEvent } from './components/route-list.js';
import { sharedStyles } from './components/shared.styles.js';
import { routeListStyles } from './components/route-list.styles.js';
import { renderWidget, type WidgetHandlers } from './components/widget-view.js';
import type { NextStep } from './domain/flow/next-step.js';
import { swapWidgetStyles } from './swap-widget.styles.js';
import { SwapWidgetAttributes } from './swap-widget-attributes.js';

/**
 * A cross-chain swap widget: quote form, token picker, route list, tracker. Configured by
 * attributes, it talks to its host through `swap-*` DOM events.
 *
 * @summary Cross-chain swaps in one custom element.
 *
 * @fires {SwapQuoteEvent} swap-quote - routes arrived for the current request: `{ quoteId, routes }`
 * @fires {SwapRouteEvent} swap-route - the user picked a route: `{ quoteId, routeIndex, route }`
 * @fires {SwapTxEvent} swap-tx - a transaction must be signed (cancelable): `{ quoteId, routeIndex, handoutId, kind, chain, family, tx, expiresAt, summary, review }`
 * @fires {SwapMemoEvent} swap-memo - a native transfer must be sent (cancelable): `{ quoteId, routeIndex, handoutId, chain, asset, amount, address, memo, expiresAt, summary, review }`
 * @fires {SwapRevokeEvent} swap-revoke - a hand-out must no longer be signed: `{ quoteId, routeIndex, handoutId, reason }`
 * @fires {SwapStatusEvent} swap-status - the tracked swap's status changed: `{ quoteId, routeIndex, handoutId?, hash, chainId, status, final, buyAmount?, inboundHash?, outboundHash?, refund?, error? }`
 * @fires {SwapErrorEvent} swap-error - something went wrong: `{ code, message, field? }`
 * @fires {SwapInputEvent} swap-input - the user changed an input: `{ sellAsset, buyAsset, sellAmount, sourceAddress, destinationAddress, slippage }`
 *
 * @csspart widget - the outer box
 * @csspart config-errors - the list of configuration problems
 * @csspart form - the quote form
 * @csspart settings-button - the settings control, showing the slippage: opens the settings in place
 * @csspart amount - the amount input
 * @csspart balance - the sell asset's balance (a connected wallet's, or the host's `balances`)
 * @csspart max-button - Max: the balance, less the chain's gas reserve on a native asset, as the amount
 * @csspart asset-button - the buttons that open the token picker
 * @csspart flip-button - the button that swaps sell and buy
 * @csspart address - the address inputs
 * @csspart slippage - the slippage settings: presets, a custom value and what it means
 * @csspart wallet - the wallet button of the sell chain: the wallets found, the connected account
 * @csspart wallet-button - the buttons that connect or disconnect a wallet
 * @csspart quote-status - the line that tells whether routes are being fetched
 * @csspart error - the error box
 * @csspart routes - the route list
 * @csspart route - each route (a button with the role `radio`, in a `radiogroup`), named by its providers and amount
 * @csspart route-fees - the fee breakdown of a route (a disclosure under its total)
 * @csspart more-routes - the button that shows or hides the routes other than the selected one
 * @csspart swap-button - the main button: what comes next (select a token, enter an amount, connect a wallet...), then Review swap
 * @csspart execution - what the swap waits for (wallet, host, confirmation)
 * @csspart review - the review of what will be signed, before anything is handed out
 * @csspart confirm-risk - the box the user ticks to accept the risks the review lists
 * @csspart confirm-button - Confirm, in the review
 * @csspart memo-flow - the address, memo and amount to send by hand
 * @csspart qr - the QR code of the address
 * @csspart copy-button - the copy buttons of the memo flow
 * @csspart hash-input - the field for a sent transaction's hash
 * @csspart tracker - the progress of the tracked swap
 * @csspart stages - the stages of the tracked swap
 * @csspart explorer-link - links to block explorers
 * @csspart new-swap-button - New swap, in the progress view: back to the form
 * @csspart recent-swaps - the list of recent swaps
 * @csspart picker - the token picker, which covers the widget's box while it is open
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
 * @cssprop [--swap-warn=#8a4b00] - warnings: a slippage that may fail or let much less arrive, "memo required", refunds
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
export class SwapWidget extends SwapWidgetAttributes {
  static override styles = [sharedStyles, swapWidgetStyles, routeListStyles];

  private readonly session: SessionController = new SessionController(this, {
    raw: () => Object.fromEntries(CONFIG_PROPS.map((p) => [p, this[p]])),
    tokens: () => this.data.tokens.value,
    extraProviders: () => this.data.providerList.value?.map((p) => p.provider),
    onRequestChange: () => this.execution.requestChanged(),
    startSteps: [
      () => (this.data.start(), this.quoter.start()),
      () => (this.tracker.resume(), this.execution.restore(), warmFormattersWhenIdle(() => this.localeTag)),
    ],
  });
  private readonly data = new ServiceDataController(this, {
    client: () => this.session.client,
    providers: () => this.session.result.config.providers,
    sellAsset: () => this.session.draft.sellAsset || undefined,
    // Prices and the reach list only refine the form; tokens are needed to pick.
    onError: (error, what) => what === 'tokens' && this.report({ kind: 'error', error }),
  });
  private readonly quoter = new QuoteController(this, {
    request: () => this.session.request,
    client: () => this.session.client,
    prices: () => this.data.prices.value,
    selected: () => this.session.selected,
    tokenDecimals: (asset) => this.data.tokens.value?.byAsset.get(asset.toUpperCase())?.decimals,
    onQuote: (quote, select) => this.handleQuote(quote, select),
    onError: (error) => this.report({ kind: 'error', error }),
  });
  private readonly wallets = new WalletsController(this, {
    rest: (chain) => this.session.result.config.cosmosRest?.[chain] ?? DEFAULT_COSMOS_REST[chain],
  });
  private readonly trusted = widgetDecimals(
    () => this.session.result.config,
    () => (this.hostSigns ? undefined : this.wallets.evm),
  );
  private readonly balance = new BalanceController(this, {
    asset: () => this.session.draft.sellAsset,
    // The connected wallet's account, when it is the source address the swap is sent from (with
    // `host-signs` the form offers no wallet: none is ever connected).
    account: () => {
      const { draft, problems } = this.session;
      const account = problems.sourceAddress ? undefined : this.wallets.view(draft.sellAsset)?.connected?.account;
      return account && account.toLowerCase() === draft.sourceAddress.toLowerCase() ? account : undefined;
    },
    host: () => this.balances,
    read: balanceReader({
      rpcUrl: (chain) => this.session.result.config.rpcUrls?.[chain],
      wallet: () => this.wallets.evm,
      rest: (chain) => this.wallets.cosmos.rest(chain),
      decimals: async (asset) => (await this.trusted.resolve([asset]), this.trusted.known(asset)),
    }),
    decimals: (asset) => this.trusted.known(asset),
  });
  private readonly execution = new ExecutionController(
    this,
    {
      client: () => this.session.client,
      // Hand-outs are kept per service and key, as swaps are, and per widget (its id).
      service: () => `${this.session.service}|${this.session.client.keyId}`,
      owner: () => this.id,
      requote: (previous) => this.quoter.requote(previous),
      inbound: (protocol) => this.session.inbound.view(protocol),
      tokenDecimals: (asset) => this.data.tokens.value?.byAsset.get(asset.toUpperCase())?.decimals,
      knownAssets: () => this.data.tokens.value?.tokens.map((t) => t.asset),
      decimals: this.trusted,
      affiliate: () => affiliateOf(this.session.result.config),
      skipReview: () => this.skipReview,
      offer: (h) => this.offer(h),
      revoke: (detail) => this.emit(new SwapRevokeEvent(detail)),
      track: (hash, chainId, handOut) => (
        this.tracker.begin({ hash, chainId, ...handOut }),
        void this.focusView('progress')
      ),
      error: (problem) =>
        this.emit(
          new SwapErrorEvent({
            code: executionProblemCode(problem),
            message: this.say(() => executionProblemText(problem)),
          }),
        ),
      reselect: (selection) => this.session.select(selection.entry.index),
      focus: (view) => void this.focusView(view),
    },
    this.wallets.evm,
    undefined,
    { solana: this.wallets.solana, cosmos: this.wallets.cosmos },
  );
  private readonly tracker = new TrackerController(this, {
    client: () => this.session.client,
    owner: () => this.id,
    policy: () => ({ ...DEFAULT_POLICY, firstMs: Math.max(1000, Number(this.pollInterval) || DEFAULT_POLICY.firstMs) }),
    onStatus: (record) => (
      this.emit(new SwapStatusEvent(statusDetail(record))),
      this.execution.status(record.id, !!record.status?.final)
    ),
    onProblem: (_record, problem) =>
      this.emit(new SwapErrorEvent({ code: 'tracking', message: this.say(() => trackingProblemText(problem)) })),
  });
  /** Warnings meant for the integrator already told (each value once). */
  private readonly notices = new ConfigNotices();
  private readonly clock = new ClockController(
    this,
    () => this.quoter.entries.some((e) => e.expiresAt !== undefined) || this.execution.flow.phase !== 'idle',
  );

  /** Asks for a new quote now. */
  refresh(): Promise<void> {
    return this.quoter.refresh();
  }

  /**
   * The host sent (or, knowing the allowance suffices, skipped) the approval asked for by a
   * `swap-tx` of kind `approve` it took (cancelled, or with `host-signs`): the widget goes on
   * with the `swap` transaction at once. The hash is not checked: call it once the approval
   * is mined, so the swap's gas is estimated against the new allowance. Nothing happens when
   * no approval is pending.
   */
  approved(_hash?: string): void {
    this.execution.approved();
  }

  /** The host's user declined to sign the open hand-out (after a reload too): `swap-revoke` (`rejected`), and Swap is pressable again. */
  rejected(_reason?: string): void {
    this.execution.rejected();
  }

  /**
   * Starts tracking the swap of a hand-out with the hash of the transaction the host sent:
   * the hand-out named by `handoutId`, else the open one (after a reload too), else the last
   * one, else (nothing handed out) the selected route. It may be called before the widget has
   * started: it tracks once it has. `chainId` is a chain code and defaults to the hand-out's
   * chain; `track(hash, chainId)` still works. A second, different hash for one hand-out is
   * refused (`swap-error` `tracking`).
   */
  track(hash: string, options?: string | { chainId?: string; handoutId?: string }): void {
    const h = typeof hash === 'string' ? hash.trim() : '';
    if (!isTxHash(h)) return this.trackProblem('bad-hash');
    const o = typeof options === 'string' ? { chainId: options } : (options ?? {});
    // Called before the widget started (a native side answering as soon as the page is
    // back after a reload): the service, whose hand-outs to look in, is known once it has.
    if (!this.session.started) return void this.updateComplete.then(() => this.trackStarted(h, o));
    this.trackStarted(h, o);
  }

  private trackStarted(h: string, o: { chainId?: string; handoutId?: string }): void {
    const answer = this.execution.answer(h, o.chainId, o.handoutId);
    if (answer.ok) return answer.late ? this.trackProblem('late') : undefined;
    if (answer.problem !== 'no-hand-out') return this.trackProblem(answer.problem);
    // Nothing handed out yet: the selected route (a host that sent it by its own means).
    const selection = this.selection;
    if (!selection) return this.trackProblem('no-hand-out');
    this.tracker.begin({
      hash: h,
      chainId: (o.chainId ?? assetChain(selection.request.sellAsset)).toUpperCase(),
      quoteId: selection.quoteId,
      routeIndex: selection.entry.index,
      route: selection.entry.route,
    });
    void this.focusView('progress');
  }

  /** Every public event leaves from here, and also goes to the native webview bridge when `bridge` is set. */
  private emit(event: SwapEvent<unknown>): { dispatched: boolean; bridged: boolean } {
    const dispatched = this.dispatchEvent(event);
    return { dispatched, bridged: this.bridge && postToBridge(window, event.type, event.detail) };
  }

  /** A hand-out offered to the host: taken when cancelled or with `host-signs`; unheard when, with `host-signs`, neither a listener nor a bridge showed it was there. */
  private offer(h: HandOut) {
    const { dispatched, bridged } = this.emit(
      h.type === 'swap-tx' ? new SwapTxEvent(h.detail) : new SwapMemoEvent(h.detail),
    );
    return { taken: !dispatched || this.hostSigns, unheard: this.hostSigns && dispatched && !bridged };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.session.sync(changed);
  }

  protected override firstUpdated(): void {
    this.session.start();
  }

  /** Resolves once the widget has started too: its configuration checked, its requests sent. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.session.ready) return done;
    await this.session.ready;
    return super.getUpdateComplete();
  }

  protected override updated(): void {
    for (const issue of this.session.newIssues())
      this.emit(new SwapErrorEvent({ code: 'invalid-config', message: configIssueText(issue), field: issue.field }));
    // The integrator's warnings: the console and `swap-error`, never the user's view; quoting goes on.
    for (const n of this.notices.fresh(this.session.result.warnings, this.session.deprecation)) {
      const message = configNoticeText(n);
      console.warn(`swap-widget: ${message}`);
      this.emit(
        new SwapErrorEvent({ code: n.code, message, ...(n.code === 'config-warning' ? { field: n.field } : {}) }),
      );
    }
  }

  protected override render() {
    const { session, data, quoter, wallets, execution, tracker, balance } = this;
    return renderWidget(
      {
        uiLocale: this.uiLocale,
        locale: this.localeTag,
        session,
        data,
        quoter,
        wallets,
        execution,
        tracker,
        balance,
        now: this.clock.now,
        problem: this.problem,
        hostSigns: this.hostSigns,
        skipReview: this.skipReview,
      },
      this.handlers,
    );
  }

  /** The parts' internal events, each turned into a controller's call (and a public event, here). */
  private readonly handlers: WidgetHandlers = {
    formInput: (e) => this.follow(this.session.edit(e.field, e.value)),
    pick: (e) => this.follow(e.side === 'flip' ? this.session.flip() : this.session.pick(e.side, e.asset)),
    // A wallet connected in the form fills the source address (with `lock-addresses`, it must hold it).
    wallet: async (e) => {
      const { draft, result } = this.session;
      const account =
        e.action === 'disconnect'
          ? this.wallets.disconnect()
          : await this.wallets.connect(
              draft.sellAsset,
              e.id,
              result.config.lockAddresses ? draft.sourceAddress : undefined,
            );
      if (account && !result.config.lockAddresses && account !== this.session.draft.sourceAddress)
        this.follow(this.session.edit('sourceAddress', account));
    },
    retry: () => void this.refresh(),
    routeSelect: (e) => this.handleRouteSelect(e),
    main: (step) => this.main(step),
    executionAction: (e) => {
      if (e.action === 'retry') this.main({ code: 'review' });
      else if (e.action === 'accept-price') this.execution.acceptPrice();
      else if (e.action === 'pay-by-memo') this.execution.payByMemo();
      else if (e.action === 'confirm') this.execution.confirm(true);
      else this.execution.cancel();
    },
    hashSubmit: (e) => this.track(e.hash),
    recentSwap: (e) =>
      e.action === 'show' ? (this.tracker.show(e.id), void this.focusView('progress')) : this.tracker.dismiss(e.id),
    newSwap: () => (this.tracker.back(), this.execution.newSwap(), void this.focusView('form')),
  };

  /** The main button: the step it names (a token to pick, a field to fill, a wallet to connect), or the swap. */
  private main(step: NextStep): void {
    const form = this.renderRoot.querySelector('swap-quote-form');
    if (step.code === 'review' || step.code === 'swap')
      return void (this.selection && this.execution.press(this.selection, requestKey(this.session.request)));
    if (step.code === 'select-token') form?.openPicker(step.side);
    else if (step.code === 'connect-wallet') void form?.openWallets();
    else if (step.code === 'enter-destination') void form?.focusField('destinationAddress');
    else if (step.code === 'enter-source') void form?.focusField('sourceAddress');
    else if (step.code === 'enter-amount') void form?.focusField('amount');
    else if (step.code === 'fix-field' && step.field !== 'sellAsset' && step.field !== 'buyAsset')
      void form?.focusField(step.field);
  }

  /** The view that just appeared takes the focus (and its heading is announced). */
  private async focusView(view: 'review' | 'progress' | 'form'): Promise<void> {
    await this.updateComplete;
    const root = this.renderRoot;
    if (view === 'review') await root.querySelector('swap-review')?.focusHeading();
    else if (view === 'progress') await root.querySelector('swap-tracker')?.focusHeading();
    else root.querySelector('swap-quote-form')?.focusAmount();
  }

  /** The selected route of the answer to the current request. */
  private get selection(): Selection | undefined {
    return this.quoter.current(this.session.request) ? this.quoter.selection(this.session.selected) : undefined;
  }

  /** What the problem box shows: quoting failed or found no route, or the token list failed. */
  private get problem(): ShownProblem | undefined {
    const tokens = this.data.tokens.error;
    return (
      this.quoter.problem(this.session.request) ??
      (tokens && !isAbort(tokens) ? { kind: 'error', error: tokens } : undefined)
    );
  }

  private get localeTag(): string {
    return this.session.locale;
  }

  /** Tells the host of a problem with `swap-error`, in the widget's language. */
  private report(problem: ShownProblem) {
    this.emit(new SwapErrorEvent({ code: problemCode(problem), message: this.say(() => problemMessage(problem)) }));
  }

  private trackProblem(p: Parameters<typeof trackCallText>[0]) {
    this.emit(new SwapErrorEvent({ code: 'tracking', message: this.say(() => trackCallText(p)) }));
  }

  /** A new answer: what was handed out for the last one is revoked (not by the swap's own re-quote), and the selection follows the same route (else the best). */
  private handleQuote(quote: Quote, select: number | undefined) {
    if (this.execution.flow.phase !== 'preparing') this.execution.requestChanged();
    this.session.select(select);
    this.emit(new SwapQuoteEvent({ quoteId: quote.result.quoteId, routes: quote.result.routes }));
    const problem = this.quoter.problem(quote.request);
    if (problem) this.report(problem);
  }

  /** The attributes follow what the user changed, and the host is told with `swap-input`. */
  private follow(props: Partial<Record<ConfigProp, string>>) {
    if (!Object.keys(props).length) return;
    Object.assign(this, props);
    this.emit(new SwapInputEvent(this.session.input));
  }

  private handleRouteSelect(e: RouteSelectEvent) {
    const selection = this.quoter.current(this.session.request) && this.quoter.selection(e.index);
    // Routes of an earlier request are inert, and so is the list while a swap is under way.
    if (!selection || this.execution.busy) return;
    if (selection.entry.expiresAt !== undefined && !(selection.entry.expiresAt > Date.now()))
      return void this.refresh();
    this.session.select(e.index);
    this.emit(new SwapRouteEvent({ quoteId: selection.quoteId, routeIndex: e.index, route: selection.entry.route }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-widget': SwapWidget;
  }
}
