/**
 * The root's markup: what `<swap-widget>` shows, derived from the session (the flow's state
 * picks the screen), and the internal events of its parts handed back to the root. No state and
 * no public event here: the root composes, this renders (in the root's own update, so in its
 * locale), reading the session and changing nothing; the components it uses are given plain data.
 *
 * One screen at a time, at the top of the widget (`screenOf`): the form (editing, quoting,
 * choosing; a swap being checked, a new price or a stop said under it), the review, the
 * hand-out's screen (what the user sends by hand, what the host or the wallet is waiting for),
 * or the progress of the swap shown. Recent swaps stay below.
 */
import { html, nothing } from 'lit';
import type { ConfigIssue } from './config/config.js';
import { assetChain } from './domain/chains/asset.js';
import { screenOf, shownSwap } from './domain/flow/flow.js';
import { nextStep, payableFromAnyWallet, routeNeedsWallet, stepActs, type NextStep } from './domain/flow/next-step.js';
import { isRtl } from './locales/localize.js';
import type { SwapSession } from './session/swap-session.js';
import type { ExecutionActionEvent } from './components/execution-view.js';
import type { HashSubmitEvent } from './components/memo-flow.js';
import {
  blockedRouteText,
  configIssueUserText,
  nextStepText,
  serviceUnreachable,
  walletNeededText,
} from './components/messages.js';
import type { FormInputEvent, PickEvent, WalletEvent } from './components/quote-form.js';
import type { RecentSwapEvent } from './components/recent-swaps.js';
import type { RouteSelectEvent } from './components/route-list.js';

/** What the root itself says about how it is set up. */
export interface RootFlags {
  readonly uiLocale: string;
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

/** The configuration's problems in the user's words (the attribute and its rules go to the host), each sentence once. */
const issues = (list: readonly ConfigIssue[]) => {
  const lines = new Map<string, string>();
  for (const e of list) {
    const text = configIssueUserText(e);
    if (![...lines.values()].includes(text)) lines.set(e.field, text);
  }
  return [...lines].map(([field, text]) => html`<li data-field=${field}>${text}</li>`);
};

/** What the main button would do now, and why the selected route cannot be carried out as things stand (if so). */
export function mainStep(s: SwapSession, f: RootFlags): { step: NextStep; blocked?: string } {
  const { config, quoter, wallets } = s;
  const selection = s.selection;
  const sell = config.draft.sellAsset;
  const view = sell && !f.hostSigns ? wallets.view(sell) : undefined;
  const walletOfFamily = !!view && (view.wallets.length > 0 || !!view.connected);
  const needsWallet = !!selection && routeNeedsWallet(selection.entry.route, assetChain(sell));
  const problem = quoter.problem(config.request);
  const step = nextStep({
    draft: config.draft,
    problems: config.problems,
    selected: !!selection,
    selectedPayableByHand: !!selection && payableFromAnyWallet(selection.entry.route),
    selectedRefused: !!selection && s.swap.refusals(selection.quoteId).has(selection.entry.index),
    selectedNeedsWallet: needsWallet,
    quoting: quoter.pending,
    walletOfFamily,
    hostSigns: f.hostSigns,
    skipReview: f.skipReview,
    overBalance: s.balance.over(config.draft.amount, config.locale),
    sellDecimals: s.sellDecimals.state,
    configHeld: config.hold?.code === 'config',
    serviceDown: quoter.notice?.code === 'reconnecting' || (problem?.kind === 'error' && serviceUnreachable(problem)),
    locale: config.locale,
  });
  const noWallet = needsWallet && !f.hostSigns && !walletOfFamily;
  const blocked = blockedRouteText(step) ?? (noWallet ? walletNeededText(assetChain(sell)) : undefined);
  return { step, ...(blocked ? { blocked } : {}) };
}

/** The root's markup from the session's state: one screen at the top, recent swaps below. */
export function renderWidget(s: SwapSession, f: RootFlags, on: WidgetHandlers) {
  const flow = s.swap.flow;
  // Warnings meant for the integrator go to the console and `swap-error`, never into the widget.
  const { errors } = s.config.result;
  const screen = screenOf(flow);
  const shown = shownSwap(flow);
  const record = shown === undefined ? undefined : s.tracker.get(shown);
  const view =
    screen === 'review' || screen === 'pay' || screen === 'waiting'
      ? renderExecution(s, on)
      : screen === 'progress' && record
        ? renderProgress(s, record, on)
        : renderForm(s, f, on);
  return html`<div part="widget" class="widget" lang=${f.uiLocale} dir=${isRtl(f.uiLocale) ? 'rtl' : 'ltr'} data-view=${flow.phase} data-screen=${screen}>
    ${errors.length ? html`<div part="config-errors" class="config-errors" role="alert"><ul>${issues(errors)}</ul></div>` : nothing}
    ${view}
    ${
      s.config.started || s.swaps.length
        ? html`<swap-recent-swaps .swaps=${s.swaps} .shown=${shown} .storeProblem=${s.tracker.store.problem ?? s.swap.storeProblem} .locale=${s.localeTag} @recent-swap=${on.recentSwap}></swap-recent-swaps>`
        : nothing
    }
  </div>`;
}

function renderExecution(s: SwapSession, on: WidgetHandlers) {
  return html`<swap-execution-view .state=${s.swap.state} .now=${s.clock.now} .locale=${s.localeTag} @execution-action=${on.executionAction} @hash-submit=${on.hashSubmit}></swap-execution-view>`;
}

function renderProgress(
  s: SwapSession,
  record: NonNullable<ReturnType<SwapSession['tracker']['get']>>,
  on: WidgetHandlers,
) {
  return html`<swap-tracker exportparts="tracker, stages, explorer-link, new-swap-button" .record=${record} .problem=${s.tracker.problems.get(record.id)} .now=${s.clock.now} .locale=${s.localeTag} @new-swap=${on.newSwap}></swap-tracker>`;
}

function renderForm(s: SwapSession, f: RootFlags, on: WidgetHandlers) {
  const { config, quoter, data, swap } = s;
  const locale = s.localeTag;
  const current = quoter.current(config.request);
  const selected = current ? config.selected : undefined;
  const { step, blocked } = mainStep(s, f);
  const busy = swap.busy;
  // The swap being checked, a new price to accept, or why it stopped: said under the button.
  const under = swap.flow.phase !== 'idle';
  return html`<swap-quote-form
      exportparts="form, settings-button, amount, balance, max-button, asset-button, flip-button, address, slippage, wallet, wallet-button, picker, search, option"
      .draft=${config.draft}
      .tokens=${data.tokens.value}
      .reachableFrom=${data.reachableFn}
      .prices=${data.prices.value}
      .expected=${selected === undefined ? undefined : quoter.selection(selected)?.entry.expected}
      .lockAddresses=${config.result.config.lockAddresses}
      .wallet=${f.hostSigns ? undefined : s.wallets.view(config.draft.sellAsset)}
      .balance=${s.balance.view}
      .balances=${s.balance.known}
      .problems=${config.problems}
      .locale=${locale}
      @form-input=${on.formInput}
      @pick=${on.pick}
      @wallet=${on.wallet}
    ></swap-quote-form>
    <swap-quote-status .pending=${quoter.pending} .count=${current ? quoter.routes.length : 0} .notice=${quoter.notice} .hold=${config.hold} .problem=${s.problem} .locale=${locale} @retry=${on.retry}></swap-quote-status>
    ${
      quoter.entries.length && config.request
        ? html`<swap-route-list part="routes" .entries=${quoter.entries} .selected=${selected} .blocked=${blocked} .affiliate=${config.result.config.affiliate} .now=${s.clock.now} .unread=${quoter.quote?.result.unread ?? 0} .refused=${swap.refusals(quoter.quote?.result.quoteId)} .stale=${!current} .locale=${locale} @route-select=${on.routeSelect}></swap-route-list>`
        : nothing
    }
    ${
      config.started
        ? html`<button type="button" part="swap-button" class="swap-button" data-step=${step.code} ?disabled=${busy || !stepActs(step)} @click=${() => on.main(step)}>${nextStepText(step)}</button>`
        : nothing
    }
    ${under ? renderExecution(s, on) : nothing}`;
}
