/**
 * The root's markup: what `<swap-widget>` shows, from the flow's state and the state its
 * controllers hold, and the internal events of its parts handed back to the root. No state and
 * no public event here: the root composes, this renders (in the root's own update, so in its
 * locale), reading the root's controllers and changing none.
 *
 * One view at a time, at the top of the widget: the form (editing, quoting, choosing, and a
 * stopped swap's reason), the swap under way (its review, then what the hand-out waits for), or
 * the progress of the tracked swap. Recent swaps stay below.
 */
import { html, nothing } from 'lit';
import type { ConfigIssue } from '../config/config.js';
import { assetChain } from '../domain/chains/asset.js';
import { nextStep, payableFromAnyWallet, routeNeedsWallet, type NextStep } from '../domain/flow/next-step.js';
import { isRtl } from '../locales/localize.js';
import type { BalanceController } from '../controllers/balance-controller.js';
import type { ExecutionController } from '../controllers/execution/execution-controller.js';
import type { QuoteController } from '../controllers/quotes/quote-controller.js';
import type { ServiceDataController } from '../controllers/quotes/service-data-controller.js';
import type { SessionController } from '../controllers/session-controller.js';
import type { TrackerController } from '../controllers/tracking/tracker-controller.js';
import type { WalletsController } from '../controllers/wallets-controller.js';
import type { ExecutionActionEvent } from './execution-view.js';
import type { HashSubmitEvent } from './memo-flow.js';
import { blockedRouteText, configIssueText, nextStepText, walletNeededText } from './messages.js';
import type { FormInputEvent, PickEvent, WalletEvent } from './quote-form.js';
import type { SwapQuoteStatus } from './quote-status.js';
import type { RecentSwapEvent } from './recent-swaps.js';
import type { RouteSelectEvent } from './route-list.js';

/** What the root holds: its controllers, read (never changed) while rendering. */
export interface WidgetParts {
  readonly uiLocale: string;
  /** The language tag the parts format numbers and dates in. */
  readonly locale: string;
  readonly session: SessionController;
  readonly data: ServiceDataController;
  readonly quoter: QuoteController;
  readonly wallets: WalletsController;
  readonly execution: ExecutionController;
  readonly tracker: TrackerController;
  /** The sell asset's balance. */
  readonly balance: BalanceController;
  /** Whether the sell asset's decimals are known to come from nowhere trusted. */
  readonly sellDecimals?: { readonly state: 'known' | 'reading' | 'unknown' };
  readonly now: number;
  /** What the problem box shows. */
  readonly problem: SwapQuoteStatus['problem'];
  /** The host signs every hand-out: nothing about the page's wallets is shown. */
  readonly hostSigns: boolean;
  /** The host shows its own review: the main button says Swap. */
  readonly skipReview: boolean;
}

export interface WidgetHandlers {
  formInput(e: FormInputEvent): void;
  pick(e: PickEvent): void;
  /** Connects or disconnects a wallet: a failure to connect is the wallets controller's problem, not a rejection. */
  wallet(e: WalletEvent): Promise<void> | void;
  retry(): void;
  routeSelect(e: RouteSelectEvent): void;
  /** The main button was pressed on this step. */
  main(step: NextStep): void;
  executionAction(e: ExecutionActionEvent): void;
  hashSubmit(e: HashSubmitEvent): void;
  recentSwap(e: RecentSwapEvent): void;
  newSwap(): void;
}

const issues = (list: readonly ConfigIssue[]) =>
  list.map((e) => html`<li data-field=${e.field}>${configIssueText(e)}</li>`);

/** What the main button would do now, and why the selected route cannot be carried out as things stand (if so). */
export function mainStep(p: WidgetParts): { step: NextStep; blocked?: string } {
  const { session, quoter, wallets } = p;
  const current = quoter.current(session.request);
  const selection = current ? quoter.selection(session.selected) : undefined;
  const sell = session.draft.sellAsset;
  const view = sell && !p.hostSigns ? wallets.view(sell) : undefined;
  const walletOfFamily = !!view && (view.wallets.length > 0 || !!view.connected);
  const step = nextStep({
    draft: session.draft,
    problems: session.problems,
    selected: !!selection,
    selectedPayableByHand: !!selection && payableFromAnyWallet(selection.entry.route),
    selectedRefused: !!selection && p.execution.refusals(selection.quoteId).has(selection.entry.index),
    quoting: quoter.pending,
    walletOfFamily,
    hostSigns: p.hostSigns,
    skipReview: p.skipReview,
    overBalance: p.balance.over(session.draft.amount, session.locale),
    sellDecimals: p.sellDecimals?.state ?? 'known',
    configHeld: session.hold?.code === 'config',
  });
  const noWallet =
    !!selection && !p.hostSigns && !walletOfFamily && routeNeedsWallet(selection.entry.route, assetChain(sell));
  const blocked = blockedRouteText(step) ?? (noWallet ? walletNeededText(assetChain(sell)) : undefined);
  return { step, ...(blocked ? { blocked } : {}) };
}

/** The root's markup from its parts' state: one view at the top (form, swap under way, progress), recent swaps below. */
export function renderWidget(p: WidgetParts, on: WidgetHandlers) {
  const { session, execution, tracker } = p;
  // Warnings meant for the integrator go to the console and `swap-error`, never into the widget.
  const { errors } = session.result;
  const phase = execution.flow.phase;
  const shown = session.started ? tracker.shown : undefined;
  // A swap begun outside the flow (a host's track() of the selected route, a withdrawn hand-out's late hash) or picked in Recent swaps is shown in the form's place too, until New swap.
  const progress =
    phase === 'tracking' || phase === 'final' || ((phase === 'idle' || phase === 'stopped') && tracker.picked);
  const view =
    phase === 'reviewing' || phase === 'handing-out'
      ? renderExecution(p, on)
      : progress && shown
        ? renderProgress(p, on)
        : renderForm(p, on);
  return html`<div part="widget" class="widget" lang=${p.uiLocale} dir=${isRtl(p.uiLocale) ? 'rtl' : 'ltr'} data-view=${phase}>
    ${errors.length ? html`<div part="config-errors" class="config-errors" role="alert"><ul>${issues(errors)}</ul></div>` : nothing}
    ${view}
    ${
      session.started
        ? html`<swap-recent-swaps .swaps=${tracker.swaps} .shown=${shown?.id} .storeProblem=${tracker.store.problem} .locale=${p.locale} @recent-swap=${on.recentSwap}></swap-recent-swaps>`
        : nothing
    }
  </div>`;
}

function renderExecution(p: WidgetParts, on: WidgetHandlers) {
  return html`<swap-execution-view .state=${p.execution.state} .now=${p.now} .locale=${p.locale} @execution-action=${on.executionAction} @hash-submit=${on.hashSubmit}></swap-execution-view>`;
}

function renderProgress(p: WidgetParts, on: WidgetHandlers) {
  const shown = p.tracker.shown!;
  return html`<swap-tracker exportparts="tracker, stages, explorer-link, new-swap-button" .record=${shown} .problem=${p.tracker.problems.get(shown.id)} .now=${p.now} .locale=${p.locale} @new-swap=${on.newSwap}></swap-tracker>`;
}

function renderForm(p: WidgetParts, on: WidgetHandlers) {
  const { session, quoter, data, execution, locale } = p;
  const { config } = session.result;
  const current = quoter.current(session.request);
  const selected = current ? session.selected : undefined;
  const { step, blocked } = mainStep(p);
  const busy = execution.busy;
  // The swap under way that stopped, or is being checked: said under the button.
  const under = execution.flow.phase !== 'idle';
  return html`<swap-quote-form
      exportparts="form, settings-button, amount, balance, max-button, asset-button, flip-button, address, slippage, wallet, wallet-button, picker, search, option"
      .draft=${session.draft}
      .tokens=${data.tokens.value}
      .reachableFrom=${data.reachableFn}
      .prices=${data.prices.value}
      .expected=${selected === undefined ? undefined : quoter.selection(selected)?.entry.expected}
      .lockAddresses=${config.lockAddresses}
      .wallet=${p.hostSigns ? undefined : p.wallets.view(session.draft.sellAsset)}
      .balance=${p.balance.view}
      .balances=${p.balance.known}
      .problems=${session.problems}
      .locale=${locale}
      @form-input=${on.formInput}
      @pick=${on.pick}
      @wallet=${on.wallet}
    ></swap-quote-form>
    <swap-quote-status .pending=${quoter.pending} .count=${current ? quoter.routes.length : 0} .notice=${quoter.notice} .hold=${session.hold} .problem=${p.problem} .locale=${locale} @retry=${on.retry}></swap-quote-status>
    ${
      quoter.entries.length && session.request
        ? html`<swap-route-list part="routes" .entries=${quoter.entries} .selected=${selected} .blocked=${blocked} .affiliate=${config.affiliate} .now=${p.now} .unread=${quoter.quote?.result.unread ?? 0} .refused=${execution.refusals(quoter.quote?.result.quoteId)} .stale=${!current} .locale=${locale} @route-select=${on.routeSelect}></swap-route-list>`
        : nothing
    }
    ${
      session.started
        ? html`<button type="button" part="swap-button" class="swap-button" data-step=${step.code} ?disabled=${busy || !actionable(step)} @click=${() => on.main(step)}>${nextStepText(step)}</button>`
        : nothing
    }
    ${under ? renderExecution(p, on) : nothing}`;
}

/** Steps the button acts on: the others say what is missing and wait. */
const actionable = (s: NextStep) =>
  s.code !== 'wait' &&
  s.code !== 'no-route' &&
  s.code !== 'route-refused' &&
  s.code !== 'insufficient-balance' &&
  s.code !== 'decimals-unknown' &&
  s.code !== 'fix-config';
