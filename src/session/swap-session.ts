/**
 * The widget's behaviour, one plain object the element holds (as GitHub's
 * `auto-complete-element` hands its behaviour to `Autocomplete`): the configuration, the form's
 * draft and its request, the service's lists, the quotes, the wallets and the balance, and the
 * swap's life, owned by the flow (`swap-flow.ts`). Each part is a controller or a plain class it
 * holds; what one part tells another goes through here, and only here. The element gives it a
 * port (its properties, the one `emit()`, the focus, words in its language) and renders from it.
 *
 * No DOM: Node tests give it a fake host and port.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbort } from '../api/errors.js';
import { keyIdOf } from '../api/client.js';
import { affiliateOf } from '../config/config.js';
import { ConfigNotices } from '../config/notices.js';
import { CONFIG_PROPS, ConfigController, type ConfigProp } from '../controllers/config-controller.js';
import { BalanceController } from '../controllers/balance-controller.js';
import { ClockController } from '../controllers/clock-controller.js';
import { QuoteController, type Quote, type Selection } from '../controllers/quotes/quote-controller.js';
import { ServiceDataController } from '../controllers/quotes/service-data-controller.js';
import { TrackerController } from '../controllers/tracking/tracker-controller.js';
import { SellDecimalsController } from '../controllers/sell-decimals-controller.js';
import { WalletsController } from '../controllers/wallets-controller.js';
import type { ConfigIssue, RawConfig } from '../config/config.js';
import { assetChain } from '../domain/chains/asset.js';
import type { DraftField } from '../domain/quotes/draft.js';
import type { FocusView } from '../domain/flow/flow.js';
import type { ReviewWarning } from '../domain/flow/review.js';
import { DEFAULT_POLICY, isTxHash } from '../domain/tracking/status.js';
import { serviceOf, statusDetail, type SwapRecord } from '../domain/tracking/swap-store.js';
import type { PublicEvent, SwapErrorCode } from '../events.js';
import {
  configIssueText,
  configNoticeText,
  executionProblemCode,
  executionProblemHostNote,
  executionProblemText,
  problemCode,
  problemMessage,
  trackCallText,
  trackingProblemText,
  type ShownProblem,
} from '../components/messages.js';
import { warmFormattersWhenIdle } from '../util/format.js';
import { safeLocalStorage } from '../util/storage.js';
import { DEFAULT_COSMOS_REST } from '../wallet/cosmos-wallet.js';
import { balanceReader } from '../wallet/balance-reads.js';
import { widgetDecimals } from '../wallet/decimals-reads.js';
import { lookupTableReader } from '../wallet/lookup-table-reads.js';
import { poolReader } from '../wallet/pool-reads.js';
import type { HandOut } from '../views/execution.js';
import type { TrackingProblem } from '../views/tracking.js';
import { requestKey, SwapFlow } from './swap-flow.js';

/** What the element gives its behaviour. */
export interface SessionPort {
  /** The element's configuration properties as they are now. */
  raw(): RawConfig;
  /** The element's `id` ('' without one): its swaps and hand-outs are its own. */
  owner(): string;
  hostSigns(): boolean;
  skipReview(): boolean;
  /** The host's `balances` property. */
  balances(): unknown;
  pollInterval(): unknown;
  /** Dispatches a public event (and posts it to the bridge): whether a listener cancelled it, and whether a bridge took it. */
  emit(event: PublicEvent): { dispatched: boolean; bridged: boolean };
  /** The user changed these fields: the element's properties follow. */
  write(props: Partial<Record<ConfigProp, string>>): void;
  /** Moves the focus into the view that just appeared. */
  focus(view: FocusView): void;
  /** Runs `words` in the element's language (messages made outside a render). */
  say<T>(words: () => T): T;
  storage?(): Storage | undefined;
  /** Warnings for attributes a framework wrote from property names (`affiliatefee`), which are not read. */
  strayAttributes?(): readonly ConfigIssue[];
}

type TrackCallProblem = Parameters<typeof trackCallText>[0];

/** What the user does on the swap's screens: Confirm (with the risks ticked), Cancel, a new price, paying by hand, Continue after a reload. */
export type SwapAction = 'retry' | 'accept-price' | 'cancel' | 'pay-by-memo' | 'confirm' | 'continue';

export class SwapSession implements ReactiveController {
  readonly config: ConfigController;
  readonly data: ServiceDataController;
  readonly quoter: QuoteController;
  readonly wallets: WalletsController;
  readonly balance: BalanceController;
  /** Whether the sell asset's decimals come from somewhere trusted (the main button says so before it is pressed). */
  readonly sellDecimals: SellDecimalsController;
  readonly swap: SwapFlow;
  readonly tracker: TrackerController;
  readonly clock: ClockController;
  private readonly trusted: ReturnType<typeof widgetDecimals>;
  /** Warnings meant for the integrator already told (each value once). */
  private readonly notices = new ConfigNotices();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly port: SessionPort,
  ) {
    const storage = port.storage ?? safeLocalStorage;
    this.config = new ConfigController(host, {
      raw: () => port.raw(),
      tokens: () => this.data.tokens.value,
      extraProviders: () => this.data.providerList.value?.map((p) => p.provider),
      onRequestChange: () => this.swap.requestChanged(),
      startSteps: [
        () => (this.data.start(), this.quoter.start()),
        () => (this.tracker.resume(), this.swap.restore(true), warmFormattersWhenIdle(() => this.localeTag)),
      ],
    });
    this.data = new ServiceDataController(host, {
      client: () => this.config.client,
      providers: () => this.config.result.config.providers,
      sellAsset: () => this.config.draft.sellAsset || undefined,
      // Prices and the reach list only refine the form; tokens are needed to pick.
      onError: (error, what) => what === 'tokens' && this.report({ kind: 'error', error }),
    });
    this.quoter = new QuoteController(host, {
      request: () => this.config.request,
      client: () => this.config.client,
      prices: () => this.data.prices.value,
      selected: () => this.config.selected,
      tokenDecimals: (asset) => this.tokenDecimals(asset),
      onQuote: (quote, select) => this.quoteArrived(quote, select),
      onError: (error) => this.report({ kind: 'error', error }),
    });
    this.wallets = new WalletsController(host, {
      rest: (chain) => this.config.result.config.cosmosRest?.[chain] ?? DEFAULT_COSMOS_REST[chain],
    });
    this.trusted = widgetDecimals(
      () => this.config.result.config,
      () => (port.hostSigns() ? undefined : this.wallets.evm),
    );
    this.sellDecimals = new SellDecimalsController(host, {
      asset: () => (this.config.started ? this.config.draft.sellAsset : ''),
      // A read goes through the chain's endpoint, else the connected page wallet (never with `host-signs`).
      sources: (asset) =>
        `${this.config.result.config.rpcUrls?.[assetChain(asset)] ?? ''}|${port.hostSigns() ? '' : (this.wallets.view(asset)?.connected?.account ?? '')}`,
      trusted: this.trusted,
    });
    this.balance = new BalanceController(host, {
      asset: () => this.config.draft.sellAsset,
      account: () => this.balanceAccount(),
      host: () => port.balances(),
      read: balanceReader({
        rpcUrl: (chain) => this.config.result.config.rpcUrls?.[chain],
        wallet: () => this.wallets.evm,
        rest: (chain) => this.wallets.cosmos.rest(chain),
        decimals: async (asset) => (await this.trusted.resolve([asset]), this.trusted.known(asset)),
      }),
      decimals: (asset) => this.trusted.known(asset),
    });
    this.swap = new SwapFlow(
      host,
      {
        client: () => this.config.client,
        // Hand-outs and the flow's state are kept per service and key, as swaps are, and per widget (its id).
        service: () => this.serviceKey,
        owner: () => port.owner(),
        requote: (previous) => this.quoter.requote(previous),
        reselect: (selection) => this.config.select(selection.entry.index),
        inbound: (protocol) => this.config.inbound.view(protocol),
        tokenDecimals: (asset) => this.tokenDecimals(asset),
        knownAssets: () => this.data.tokens.value?.tokens.map((t) => t.asset),
        decimals: this.trusted,
        readPool: poolReader({
          rpcUrl: (chain) => this.config.result.config.rpcUrls?.[chain],
          wallet: () => (port.hostSigns() ? undefined : this.wallets.evm),
        }),
        lookupTables: lookupTableReader({ rpcUrl: (chain) => this.config.result.config.rpcUrls?.[chain] }),
        affiliate: () => affiliateOf(this.config.result.config),
        skipReview: () => port.skipReview(),
        offer: (h) => this.offer(h),
        revoke: (detail) => port.emit({ type: 'swap-revoke', detail }),
        track: (hash, chainId, handOut) => this.tracker.begin({ hash, chainId, ...handOut }),
        error: (problem) => {
          // What only the app can do about it goes to the host, in English, never to the user.
          const note = executionProblemHostNote(problem);
          if (note) console.warn(`swap-widget: ${note}`);
          this.error(
            executionProblemCode(problem),
            port.say(() => executionProblemText(problem)) + (note ? ` ${note}` : ''),
            undefined,
            'refusal' in problem && problem.refusal ? problem.refusal.code : undefined,
          );
        },
        focus: (view) => port.focus(view),
      },
      this.wallets.evm,
      storage,
      { solana: this.wallets.solana, cosmos: this.wallets.cosmos },
    );
    this.tracker = new TrackerController(
      host,
      {
        client: () => this.config.client,
        owner: () => port.owner(),
        service: () => this.storeOwner,
        policy: () => ({
          ...DEFAULT_POLICY,
          firstMs: Math.max(1000, Number(port.pollInterval()) || DEFAULT_POLICY.firstMs),
        }),
        onStatus: (record) => this.statusChanged(record),
        onProblem: (_record, problem) => this.trackingProblem(problem),
      },
      storage,
    );
    this.clock = new ClockController(
      host,
      () => this.quoter.entries.some((e) => e.expiresAt !== undefined) || this.swap.flow.phase !== 'idle',
    );
    host.addController(this);
  }

  // ---- the element's lifecycle ----------------------------------------------------------------

  /** The element's properties changed (`changed`: their names): the configuration, draft and request follow. */
  sync(changed: { has(key: PropertyKey): boolean }): void {
    this.config.sync(changed);
  }

  /** After the first render: the full check of the configuration, then quoting and tracking, each in a task of its own. */
  start(): void {
    this.config.start();
  }

  /** Resolves once the widget has started (its configuration checked, its requests sent); undefined before `start()`. */
  get ready(): Promise<void> | undefined {
    return this.config.ready;
  }

  /** After each render: the configuration's problems and the integrator's warnings, each told to the host once. */
  hostUpdated(): void {
    for (const issue of this.config.newIssues()) this.error('invalid-config', configIssueText(issue), issue.field);
    const warnings = [
      ...this.config.result.warnings,
      ...(this.port.strayAttributes?.() ?? []),
      ...this.sellDecimals.notices(),
    ];
    for (const n of this.notices.fresh(warnings, this.config.deprecation)) {
      const message = configNoticeText(n);
      console.warn(`swap-widget: ${message}`);
      this.error(n.code, message, n.code === 'config-warning' ? n.field : undefined);
    }
  }

  // ---- what the element renders from ---------------------------------------------------------

  /** The widget's language tag: the configured one (`auto` resolved), else the browser's. */
  get localeTag(): string {
    return this.config.locale;
  }

  /** The selected route of the answer to the current request. */
  get selection(): Selection | undefined {
    const request = this.config.request;
    return this.quoter.current(request) ? this.quoter.selection(this.config.selected) : undefined;
  }

  /**
   * What the problem box shows, one problem at a time: quoting failed or found no route, else
   * the token list failed, unless routes of the current request are on screen (the service
   * answers; the picker still says the list is missing).
   */
  get problem(): ShownProblem | undefined {
    const quoting = this.quoter.problem(this.config.request);
    if (quoting) return quoting;
    const tokens = this.data.tokens.error;
    if (!tokens || isAbort(tokens) || this.quoter.current(this.config.request)?.result.routes.length) return undefined;
    return { kind: 'error', error: tokens };
  }

  /** The swaps of Recent swaps, newest first. */
  get swaps(): SwapRecord[] {
    return this.tracker.swaps;
  }

  // ---- inputs: the user ---------------------------------------------------------------------

  /** The user edited a field of the form. */
  edit(field: DraftField, value: string): void {
    this.follow(this.config.edit(field, value));
  }

  /** The user picked an asset, or swapped the sell and buy assets. */
  pick(side: 'sell' | 'buy' | 'flip', asset: string): void {
    this.follow(side === 'flip' ? this.config.flip() : this.config.pick(side, asset));
  }

  /** Connects or disconnects a wallet; one connected in the form fills the source address (with `lock-addresses`, it must hold it). */
  async wallet(action: 'connect' | 'disconnect', id: string): Promise<void> {
    const { draft, result } = this.config;
    const account =
      action === 'disconnect'
        ? this.wallets.disconnect()
        : await this.wallets.connect(
            draft.sellAsset,
            id,
            result.config.lockAddresses ? draft.sourceAddress : undefined,
          );
    if (account && !result.config.lockAddresses && account !== this.config.draft.sourceAddress)
      this.edit('sourceAddress', account);
  }

  /** The user picked a route of the list. Routes of an earlier request are inert, and so is the list while a swap is under way. */
  selectRoute(index: number): void {
    const selection = this.quoter.current(this.config.request) && this.quoter.selection(index);
    if (!selection || this.swap.busy) return;
    if (selection.entry.expiresAt !== undefined && !(selection.entry.expiresAt > Date.now()))
      return void this.refresh();
    this.config.select(index);
    this.port.emit({
      type: 'swap-route',
      detail: { quoteId: selection.quoteId, routeIndex: index, route: selection.entry.route },
    });
  }

  /** Asks for a new quote now (and for the token list again, when it failed). */
  refresh(): Promise<void> {
    if (this.data.tokens.error && !isAbort(this.data.tokens.error)) void this.data.tokens.run();
    return this.quoter.refresh();
  }

  /** Swap (or Review swap) pressed on the selected route. */
  pressSwap(): void {
    const selection = this.selection;
    if (selection) this.swap.press(selection, requestKey(this.config.request));
  }

  /** An action of the swap's screens: the review, the price question, the waiting panel, a stop. */
  act(action: SwapAction, accepted: readonly ReviewWarning[] = []): void {
    if (action === 'retry') this.pressSwap();
    else if (action === 'accept-price') this.swap.acceptPrice();
    else if (action === 'pay-by-memo') this.swap.payByMemo();
    else if (action === 'confirm') this.swap.confirm(accepted);
    // "Continue" after a reload: the page wallet's approval went out.
    else if (action === 'continue') this.swap.approved();
    else this.swap.cancel();
  }

  /** A swap of Recent swaps: shown, or dismissed. */
  recentSwap(action: 'show' | 'dismiss', id: string): void {
    if (action === 'dismiss') return void this.tracker.dismiss(id);
    const record = this.tracker.store.get(id);
    if (record) this.swap.show(id, record.final);
  }

  /** "New swap": the form again; the swap goes on in Recent swaps. */
  newSwap(): void {
    this.swap.newSwap();
  }

  // ---- inputs: the host -------------------------------------------------------------------

  /** The host sent (or skipped) the approval it holds. Nothing happens when no approval is open. */
  approved(): void {
    this.swap.approved();
  }

  /** The host's user declined the open hand-out. */
  rejected(): void {
    this.swap.rejected();
  }

  /**
   * The hash of a transaction the host (or the user, in the hash field) sent: the hand-out named
   * by `handoutId`, else the open one, else this widget's last, else (nothing handed out) the
   * selected route. Called before the widget started, it is answered once it has.
   */
  track(hash: unknown, options?: string | { chainId?: string; handoutId?: string }): void {
    const h = typeof hash === 'string' ? hash.trim() : '';
    if (!isTxHash(h)) return this.trackProblem('bad-hash');
    const o = typeof options === 'string' ? { chainId: options } : (options ?? {});
    // Called before the widget started (a native side answering as soon as the page is back
    // after a reload): the service, whose hand-outs to look in, is known once it has.
    if (!this.config.started)
      return void this.host.updateComplete.then(() => this.ready).then(() => this.trackStarted(h, o));
    this.trackStarted(h, o);
  }

  private trackStarted(h: string, o: { chainId?: string; handoutId?: string }): void {
    const answer = this.swap.answer(h, o.chainId, o.handoutId);
    if (answer.ok) return answer.late ? this.trackProblem('late') : undefined;
    if (answer.problem !== 'no-hand-out') return this.trackProblem(answer.problem);
    const selection = this.selection;
    if (!selection) return this.trackProblem('no-hand-out');
    this.swap.trackSelected(h, (o.chainId ?? assetChain(selection.request.sellAsset)).toUpperCase(), selection);
  }

  // ---- what the parts report ----------------------------------------------------------------

  /** A new answer: what was handed out for the last one is revoked (not by the swap's own re-quote), and the selection follows the same route (else the best). */
  private quoteArrived(quote: Quote, select: number | undefined): void {
    if (this.swap.flow.phase !== 'preparing') this.swap.requestChanged();
    this.config.select(select);
    this.port.emit({ type: 'swap-quote', detail: { quoteId: quote.result.quoteId, routes: quote.result.routes } });
    const problem = this.quoter.problem(quote.request);
    if (problem) this.report(problem);
  }

  private statusChanged(record: SwapRecord): void {
    this.port.emit({ type: 'swap-status', detail: statusDetail(record) });
    this.swap.status(record.id, !!record.status?.final);
  }

  /** A hand-out offered to the host: taken when cancelled or with `host-signs`; unheard when, with `host-signs`, neither a listener nor a bridge showed it was there. */
  private offer(h: HandOut) {
    const hostSigns = this.port.hostSigns();
    const { dispatched, bridged } = this.port.emit(h);
    return { taken: !dispatched || hostSigns, unheard: hostSigns && dispatched && !bridged };
  }

  /** The user's changes: the attributes follow, and the host is told with `swap-input`. */
  private follow(props: Partial<Record<ConfigProp, string>>): void {
    if (!Object.keys(props).length) return;
    this.port.write(props);
    this.port.emit({ type: 'swap-input', detail: this.config.input });
  }

  /** The account whose balance is shown: the connected wallet's, when it is the source address (with `host-signs` none is ever connected). */
  private balanceAccount(): string | undefined {
    const { draft, problems } = this.config;
    const account = problems.sourceAddress ? undefined : this.wallets.view(draft.sellAsset)?.connected?.account;
    return account && account.toLowerCase() === draft.sourceAddress.toLowerCase() ? account : undefined;
  }

  private tokenDecimals(asset: string): number | undefined {
    return this.data.tokens.value?.byAsset.get(asset.toUpperCase())?.decimals;
  }

  /**
   * The service and key the widget's hand-outs and flow are kept under, from the properties as
   * the host set them: the same before the widget starts (a reload reads them back before the
   * first frame) and after.
   */
  private get serviceKey(): string {
    const { service, keyId } = this.storeOwner;
    return `${service}|${keyId}`;
  }

  /** The same, as the swap store names its owner. */
  private get storeOwner(): { service: string; keyId: string } {
    const raw = this.port.raw();
    const apiUrl = typeof raw.apiUrl === 'string' ? raw.apiUrl.trim() : '';
    const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
    return {
      service: serviceOf(apiUrl, page),
      keyId: keyIdOf(typeof raw.apiKey === 'string' ? raw.apiKey : undefined),
    };
  }

  // ---- telling the host -------------------------------------------------------------------

  /** `reason`: a refused route's refusal code. */
  private error(code: SwapErrorCode, message: string, field?: string, reason?: string): void {
    this.port.emit({
      type: 'swap-error',
      detail: {
        code,
        message,
        ...(field !== undefined ? { field } : {}),
        ...(reason !== undefined ? { reason } : {}),
      },
    });
  }

  /** Tells the host of a problem with `swap-error`, in the widget's language. */
  private report(problem: ShownProblem): void {
    this.error(
      problemCode(problem),
      this.port.say(() => problemMessage(problem)),
    );
  }

  private trackProblem(p: TrackCallProblem): void {
    this.error(
      'tracking',
      this.port.say(() => trackCallText(p)),
    );
  }

  private trackingProblem(problem: TrackingProblem): void {
    this.error(
      'tracking',
      this.port.say(() => trackingProblemText(problem)),
    );
  }
}

export { CONFIG_PROPS, type ConfigProp };
