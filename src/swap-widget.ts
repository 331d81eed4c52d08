import { type PropertyValues } from 'lit';
import { postToBridge } from './util/bridge.js';
import type { PublicEvent } from './events.js';
import { publicEvent } from './swap-widget-events.js';
import { CONFIG_PROPS, type ConfigProp } from './config/props.js';
import type { FocusView } from './domain/flow/flow.js';
import type { DraftField } from './domain/quotes/draft-shape.js';
import type { SwapSession } from './session/swap-session.js';
import { loadRest, type RestModule } from './boot/load-rest.js';
import { swapUnderWay } from './boot/resuming.js';

import { sharedStyles } from './components/shared.styles.js';
import { routeListStyles } from './components/route-list.styles.js';
import { swapWidgetStyles } from './swap-widget.styles.js';
import { SwapWidgetAttributes } from './swap-widget-attributes.js';
import { cannotStartText, renderFirstFrame } from './swap-widget-first.js';
import type { WidgetHandlers } from './swap-widget-view.js';
import { focusStep, focusView, pressesSwap } from './swap-widget-focus.js';

/** The later file, once it has arrived: widgets connected after that start at once. */
let loaded: RestModule | undefined;

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
 * @fires {SwapErrorEvent} swap-error - something went wrong (a refused route's refusal code in `reason`): `{ code, message, field?, reason? }`
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

  /** The widget's behaviour, once its later file arrived: configuration, quotes, wallets, the swap's life. */
  private session?: SwapSession;
  private rest?: RestModule;
  /** The later file arrived (or could not: `broken`). */
  private arrival?: Promise<void>;
  private broken = false;
  /** A swap of this widget was under way when the page was left (read before the later file arrives). */
  private resuming = false;
  /** What the user typed before the later file arrived, in order: given to the session when it comes. */
  private typed: [DraftField, string][] = [];

  /** Asks for a new quote now. */
  async refresh(): Promise<void> {
    await this.arrival;
    return this.session?.refresh();
  }

  /**
   * The host sent (or, knowing the allowance suffices, skipped) the approval asked for by a
   * `swap-tx` of kind `approve` it took (cancelled, or with `host-signs`): the widget goes on
   * with the `swap` transaction at once, after a reload too. The hash is not checked: call it
   * once the approval is mined. Nothing happens when no approval is pending.
   */
  approved(_hash?: string): void {
    void this.arrival?.then(() => this.session?.approved());
  }

  /** The host's user declined to sign the open hand-out (after a reload too): `swap-revoke` (`rejected`), and Swap is pressable again. */
  rejected(_reason?: string): void {
    void this.arrival?.then(() => this.session?.rejected());
  }

  /**
   * Starts tracking the swap of a hand-out with the hash of the transaction the host sent:
   * the hand-out named by `handoutId` (this widget's own: another widget's is refused), else the
   * open one (after a reload too), else the last one, else (nothing handed out) the selected
   * route. It may be called before the widget has started: it tracks once it has. `chainId` is
   * a chain code and defaults to the hand-out's chain; `track(hash, chainId)` still works. A
   * second, different hash for one hand-out is refused (`swap-error` `tracking`).
   */
  track(hash: string, options?: string | { chainId?: string; handoutId?: string }): void {
    if (this.session) return this.session.track(hash, options);
    void this.arrival?.then(() => this.session?.track(hash, options));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.arrival) return;
    // Already on the page (another widget, or this one moved): the session starts now, and the
    // first frame is the widget's own screen.
    if (loaded) {
      this.arrival = Promise.resolve();
      try {
        this.arrive(loaded);
      } catch (error) {
        this.cannotStart(error);
      }
      return;
    }
    this.resuming = swapUnderWay(this.id, Date.now());
    // The later file starts loading at once, without waiting for input. A session that cannot
    // be made from it is said as a file that did not load.
    this.arrival = loadRest()
      .then((rest) => ((loaded = rest), this.arrive(rest)))
      .catch((error: unknown) => this.cannotStart(error));
  }

  /** The later file arrived: the session starts from the properties, with what the user typed meanwhile. */
  private arrive(rest: RestModule): void {
    this.rest = rest;
    const session = new rest.SwapSession(this, {
      raw: () => Object.fromEntries(CONFIG_PROPS.map((p) => [p, this[p]])),
      owner: () => this.id,
      hostSigns: () => this.hostSigns,
      skipReview: () => this.skipReview,
      balances: () => this.balances,
      pollInterval: () => this.pollInterval,
      emit: (event) => this.emit(event),
      write: (props) => Object.assign(this, props),
      focus: (view) => void this.focusView(view),
      say: (words) => this.say(words),
      strayAttributes: () => this.strayAttributes(),
    });
    this.session = session;
    session.sync({ has: (key) => CONFIG_PROPS.includes(key as ConfigProp) });
    for (const [field, value] of this.typed) session.edit(field, value);
    this.typed = [];
    if (this.hasUpdated) session.start();
    this.requestUpdate();
  }

  /** The later file did not load, or did not match its hash: nothing of it ran, and the widget says it cannot start. */
  private cannotStart(error: unknown): void {
    this.broken = true;
    console.error('[swap-widget] cannot start:', error);
    const message = this.say(() => cannotStartText());
    this.emit({ type: 'swap-error', detail: { code: 'internal', message } });
    this.requestUpdate();
  }

  /** Every public event leaves from here, and also goes to the native webview bridge (with this widget's `id`) when `bridge` is set. */
  private emit(e: PublicEvent): { dispatched: boolean; bridged: boolean } {
    const event = publicEvent(e);
    const dispatched = this.dispatchEvent(event);
    return { dispatched, bridged: this.bridge && postToBridge(window, event.type, event.detail, this.id) };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.session?.sync(changed);
  }

  protected override firstUpdated(): void {
    this.session?.start();
  }

  /** Resolves once the widget has started too: its later file arrived, its configuration checked, its requests sent. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.arrival;
    const ready = this.session?.ready;
    if (!ready) return done;
    await ready;
    return super.getUpdateComplete();
  }

  protected override render() {
    const flags = { uiLocale: this.uiLocale, hostSigns: this.hostSigns, skipReview: this.skipReview };
    if (this.session && this.rest) return this.rest.renderWidget(this.session, flags, this.handlers);
    return renderFirstFrame(
      this,
      this.typed,
      this.broken,
      flags.uiLocale,
      (e) => this.type(e.field, e.value),
      this.resuming,
    );
  }

  /** The user typed before the later file arrived: kept, shown, and given to the session when it comes. */
  private type(field: DraftField, value: string): void {
    this.typed = [...this.typed.filter(([f]) => f !== field), [field, value]];
    this.requestUpdate();
  }

  /** The parts' internal events, each a call of the session (or, for the main button's hints, a move of the focus). */
  private readonly handlers: WidgetHandlers = {
    formInput: (e) => this.session?.edit(e.field, e.value),
    pick: (e) => this.session?.pick(e.side, e.asset),
    wallet: (e) => this.session?.wallet(e.action, e.id),
    retry: () => void this.session?.refresh(),
    routeSelect: (e) => this.session?.selectRoute(e.index),
    // The main button: the swap, or a move to what its step names.
    main: (step) => (pressesSwap(step) ? this.session?.pressSwap() : focusStep(this.renderRoot, step)),
    executionAction: (e) => this.session?.act(e.action, e.accepted),
    hashSubmit: (e) => this.session?.track(e.hash),
    recentSwap: (e) => this.session?.recentSwap(e.action, e.id),
    newSwap: () => this.session?.newSwap(),
  };

  /** The view that just appeared takes the focus, once it is rendered. */
  private async focusView(view: FocusView): Promise<void> {
    await this.updateComplete;
    await focusView(this.renderRoot, view);
  }
}

export type { ConfigProp };

declare global {
  interface HTMLElementTagNameMap {
    'swap-widget': SwapWidget;
  }
}
