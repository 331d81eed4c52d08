/**
 * The root's markup: what `<swap-widget>` shows, from state its controllers hold, and the
 * internal events of its parts handed back to the root. No state and no public event here:
 * the root composes, this renders (in the root's own update, so in its locale), reading the
 * root's controllers and changing none.
 */
import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import type { ConfigIssue } from '../config.js';
import { isRtl } from '../locales/localize.js';
import type { ExecutionController } from '../controllers/execution-controller.js';
import type { QuoteController } from '../controllers/quote-controller.js';
import type { ServiceDataController } from '../controllers/service-data-controller.js';
import type { SessionController } from '../controllers/session-controller.js';
import type { TrackerController } from '../controllers/tracker-controller.js';
import type { WalletsController } from '../controllers/wallets-controller.js';
import type { ExecutionActionEvent } from './execution-view.js';
import type { HashSubmitEvent } from './memo-flow.js';
import { configIssueText } from './messages.js';
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
  readonly now: number;
  /** What the problem box shows. */
  readonly problem: SwapQuoteStatus['problem'];
}

export interface WidgetHandlers {
  formInput(e: FormInputEvent): void;
  pick(e: PickEvent): void;
  wallet(e: WalletEvent): void;
  retry(): void;
  routeSelect(e: RouteSelectEvent): void;
  swap(): void;
  executionAction(e: ExecutionActionEvent): void;
  hashSubmit(e: HashSubmitEvent): void;
  recentSwap(e: RecentSwapEvent): void;
}

const issues = (list: readonly ConfigIssue[]) => list.map((e) => html`<li data-field=${e.field}>${configIssueText(e)}</li>`);

/** The root's markup from its parts' state: the form, the status line, the routes, Swap, the execution and the tracking. */
export function renderWidget(p: WidgetParts, on: WidgetHandlers) {
  const { session, quoter, data, execution, tracker, locale } = p;
  const { errors, warnings, config } = session.result;
  const current = quoter.current(session.request);
  const selected = current ? session.selected : undefined;
  const shown = session.started ? tracker.shown : undefined;
  return html`<div part="widget" class="widget" lang=${p.uiLocale} dir=${isRtl(p.uiLocale) ? 'rtl' : 'ltr'}>
    ${errors.length ? html`<div part="config-errors" class="config-errors" role="alert"><ul>${issues(errors)}</ul></div>` : nothing}
    ${warnings.length ? html`<ul class="config-warnings warn">${issues(warnings)}</ul>` : nothing}
    <swap-quote-form
      exportparts="form, amount, asset-button, flip-button, address, slippage, wallet, wallet-button, picker, search, option"
      .draft=${session.draft}
      .tokens=${data.tokens.value}
      .reachableFrom=${data.reachableFn}
      .prices=${data.prices.value}
      .expected=${selected === undefined ? undefined : quoter.selection(selected)?.entry.expected}
      .lockAddresses=${config.lockAddresses}
      .wallet=${p.wallets.view(session.draft.sellAsset)}
      .problems=${session.problems}
      .locale=${locale}
      @form-input=${on.formInput}
      @pick=${on.pick}
      @wallet=${on.wallet}
    ></swap-quote-form>
    <swap-quote-status .pending=${quoter.pending} .count=${current ? quoter.routes.length : 0} .notice=${quoter.notice} .hold=${session.hold} .problem=${p.problem} .deprecation=${session.deprecation} .locale=${locale} @retry=${on.retry}></swap-quote-status>
    ${quoter.entries.length && session.request
      ? html`<swap-route-list part="routes" .entries=${quoter.entries} .selected=${selected} .affiliate=${config.affiliate} .now=${p.now} .unread=${quoter.quote?.result.unread ?? 0} .refused=${execution.refusals(quoter.quote?.result.quoteId)} .stale=${!current} .locale=${locale} @route-select=${on.routeSelect}></swap-route-list>`
      : nothing}
    ${selected !== undefined ? html`<button type="button" part="swap-button" class="swap-button" ?disabled=${execution.busy} @click=${on.swap}>${msg('Swap')}</button>` : nothing}
    <swap-execution-view .state=${execution.state} .now=${p.now} .locale=${locale} @execution-action=${on.executionAction} @hash-submit=${on.hashSubmit}></swap-execution-view>
    ${session.started
      ? html`${shown ? html`<swap-tracker exportparts="tracker, stages, explorer-link" .record=${shown} .problem=${tracker.problems.get(shown.id)} .locale=${locale}></swap-tracker>` : nothing}
          <swap-recent-swaps .swaps=${tracker.swaps} .shown=${shown?.id} .storeProblem=${tracker.store.problem} .locale=${locale} @recent-swap=${on.recentSwap}></swap-recent-swaps>`
      : nothing}
  </div>`;
}
