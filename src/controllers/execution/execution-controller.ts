import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TrustedDecimals } from '../../domain/checks/decimals.js';
import {
  step,
  swapPressable,
  type FlowEffect,
  type FlowInput,
  type FlowState,
  type FlowStop,
  type HandoutKind,
  type OpenHandout,
  type RouteRef,
} from '../../domain/flow/flow.js';
import { handOutExpiry } from '../../domain/flow/handout.js';
import type { HandoutRecord } from '../../domain/flow/handout-records.js';
import type { Refusal } from '../../domain/checks/refusals.js';
import { refusalMayPass } from '../../domain/checks/inbound.js';
import type { Review } from '../../domain/flow/review.js';
import { swapId } from '../../domain/tracking/swap-store.js';
import { Deadline } from '../../util/deadline.js';
import { safeLocalStorage } from '../../util/storage.js';
import { NO_FAMILY_WALLETS, type FamilyWallets } from '../../wallet/family-wallets.js';
import { InjectedWallet } from '../../wallet/injected-wallet.js';
import { executionState, type Shown } from './execution-state.js';
import { WidgetHandouts } from './widget-handouts.js';
import { isAbort, prepareRoute, problemOf, reviewOf } from './prepare-route.js';
import { executePlan, type HandoutPlan, type PlanDeps, type PlanRun } from './execute-plans.js';
import {
  NO_HANDLER_MS,
  type ExecutionOptions,
  type ExecutionProblem,
  type ExecutionState,
  type HandOut,
  type HandOutDraft,
  type Selection,
  type WorkingStep,
} from './execution-types.js';

export { EXPIRY_MARGIN_MS, MAX_QUOTE_AGE_MS } from './execution-types.js';
export type {
  ExecutionOptions,
  ExecutionProblem,
  ExecutionState,
  HandOut,
  Selection,
  WorkingStep,
} from './execution-types.js';

/** What `answer()` found for a hash the host or the user gave. */
export type AnswerResult =
  | { ok: true; late: boolean }
  | { ok: false; problem: 'no-hand-out' | 'second-hash' | 'approval-open' | 'unknown-hand-out' };

/** The identity of a request, to tell a route of the current request from one of an earlier one. */
export const requestKey = (request: object | undefined): string => (request ? JSON.stringify(request) : '');

/** A selection as the flow knows it: its quote, its place, its request. */
const routeRef = (selection: Selection): RouteRef => ({
  quoteId: selection.quoteId,
  routeIndex: selection.entry.index,
  requestKey: requestKey(selection.request),
});

/**
 * Runs the life of a swap for the flow (`domain/flow/flow.ts`), which alone decides what happens:
 * the user's presses, the host's calls and what this controller's work reports are the flow's
 * inputs; its effects are run here (check and prepare a route, hand out, revoke, track, tell
 * the host). A hand-out is a record with an id of its own, written before it is offered
 * (`domain/flow/handout-records.ts`), so a reloaded page goes on with it.
 */
export class ExecutionController implements ReactiveController {
  /** The flow's state: what the element renders. */
  flow: FlowState = { phase: 'idle' };
  private run = 0;
  private approval?: { resolve: () => void; reject: (e: unknown) => void };
  private readonly expiry = new Deadline();
  private readonly unheard = new Deadline();
  private readonly deps: PlanDeps;
  /** The decimals the checks count in: never the token list's. */
  private readonly decimals: TrustedDecimals;
  /** This widget's hand-outs, written before they are offered. */
  private readonly handouts: WidgetHandouts;
  /** The route pressed (re-quoted, when it was), and once checked its plan and review. */
  private current?: { selection: Selection; plan?: HandoutPlan; review?: Review; expiresAt?: number };
  /** What the flow does not keep: the step the work is at, the last problem, the memo flow's plan, a route to pay by hand. */
  private shown: Shown = {};
  /** The hash the flow is told of, until its `track` effect runs. */
  private answered?: { hash: string; chain: string; record: HandoutRecord };
  /** Quotes whose route was tracked: pressing Swap on one quotes again first. */
  private spent = new Set<string>();
  /** Routes of one quote refused by the checks, by service index. */
  private refusedIn: { quoteId?: string; routes: Map<number, Refusal> } = { routes: new Map() };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ExecutionOptions,
    readonly wallet: InjectedWallet = new InjectedWallet(),
    storage: () => Storage | undefined = safeLocalStorage,
    /** The page's Solana and Cosmos wallets. */
    families: FamilyWallets = NO_FAMILY_WALLETS,
  ) {
    this.decimals = options.decimals ?? new TrustedDecimals();
    this.handouts = new WidgetHandouts(storage, options.service, options.owner);
    this.deps = {
      wallet,
      families,
      client: () => options.client(),
      affiliate: () => options.affiliate(),
      decimals: (asset) => this.decimals.known(asset),
    };
    host.addController(this);
  }

  hostConnected(): void {
    this.wallet.listen();
    // Moved in the page (disconnected, then connected again): the open hand-out's expiry stands.
    const open = this.openHandout;
    if (open) this.arm(open.id, open.expiresAt);
  }

  hostDisconnected(): void {
    this.expiry.clear();
    this.unheard.clear();
    this.wallet.dispose();
  }

  /** From the press of Swap until the hand-out ends, and while its swap is shown: Swap is not pressable. */
  get busy(): boolean {
    return !swapPressable(this.flow);
  }

  /** The hand-out open now: the one handed out, or the one a reload restored. */
  get openHandout(): OpenHandout | undefined {
    const f = this.flow;
    return f.phase === 'handing-out' ? f.handout : f.phase === 'idle' ? f.restored : undefined;
  }

  /** The flow's state as the execution view shows it. */
  get state(): ExecutionState {
    return executionState(this.flow, this.shown);
  }

  /** Routes of this quote refused by the checks, with why. */
  refusals(quoteId: string | undefined): ReadonlyMap<number, Refusal> {
    return quoteId !== undefined && this.refusedIn.quoteId === quoteId ? this.refusedIn.routes : new Map();
  }

  // ---- inputs: the user, the host, the rest of the widget ---------------------------------

  /** Swap pressed on the selected route of the request as it stands (`current`: that request's key). */
  press(selection: Selection, current: string): void {
    const route = routeRef(selection);
    if (this.flow.phase === 'idle' || this.flow.phase === 'stopped') this.current = { selection };
    this.dispatch({ type: 'press-swap', route, requestKey: current, skipReview: this.skipReview });
  }

  /** Confirm pressed in the review (`riskAccepted`: its box ticked). */
  confirm(riskAccepted: boolean): void {
    this.dispatch({ type: 'confirm', riskAccepted });
  }

  /** The user cancelled: the review, a price they did not accept, the memo flow, a stopped swap. */
  cancel(): void {
    this.dispatch({ type: 'cancel' });
  }

  /** The user accepts the re-quoted price below their minimum. */
  acceptPrice(): void {
    this.dispatch({ type: 'accept-price' });
  }

  /** The host's user declined the open hand-out. False when none is open. */
  rejected(): boolean {
    if (!this.openHandout) return false;
    this.dispatch({ type: 'rejected' });
    return true;
  }

  /** The host sent (or skipped) the approval it holds. False when it holds none. */
  approved(): boolean {
    const open = this.openHandout;
    if (this.flow.phase !== 'handing-out' || open?.kind !== 'approve' || open.holder !== 'host') return false;
    this.unheard.clear();
    this.dispatch({ type: 'approved' });
    return true;
  }

  /** The request changed (pair, amount, addresses, slippage, affiliate, providers). */
  requestChanged(): void {
    this.dispatch({ type: 'request-changed' });
  }

  /** "New swap": back to the form; the tracked swap goes on in Recent swaps. */
  newSwap(): void {
    this.dispatch({ type: 'new-swap' });
  }

  /** A tracked swap's status changed. */
  status(id: string, final: boolean): void {
    this.dispatch({ type: 'status', swapId: id, final });
  }

  /** After a reload: the hand-out written before it that nothing answered is open again. */
  restore(): void {
    const open = this.handouts.open();
    if (open) this.dispatch({ type: 'restore', handout: open, now: Date.now() });
  }

  /**
   * A hash came back from the host (`track()`) or the user (the memo flow): the hand-out it
   * answers (`handoutId`, else the open one, else this widget's last) is tracked under its quote.
   * `late` when that hand-out had ended without a hash (revoked): it is tracked all the same,
   * money may have moved.
   */
  answer(hash: string, chain: string | undefined, handoutId?: string): AnswerResult {
    const open = this.openHandout;
    const found = this.handouts.answer(hash, handoutId, open);
    if (!found.ok) return found;
    if (!found.first) return { ok: true, late: false };
    const record = found.record;
    const at = (chain ?? record.chain).toUpperCase();
    this.answered = { hash, chain: at, record };
    if (open?.id === record.id) {
      this.unheard.clear();
      this.dispatch({ type: 'hash', hash, swapId: swapId(hash, at), handoutId: record.id });
      return { ok: true, late: false };
    }
    // Not open (revoked, or another tab's): tracked all the same, and told.
    this.track();
    return { ok: true, late: record.revoked !== undefined };
  }

  /**
   * The user chose to pay a route by hand that no wallet in the page could sign (the stopped
   * state's `memo`): it is handed out as a memo route. False when none is offered.
   */
  payByMemo(): boolean {
    const byMemo = this.shown.byMemo;
    if (this.flow.phase !== 'stopped' || !byMemo) return false;
    const { plan, selection } = byMemo;
    const expiresAt =
      this.current?.expiresAt ?? handOutExpiry(selection.receivedAt, selection.entry.expiresAt, plan.expiresAt);
    const review = reviewOf(plan, selection, expiresAt, this.context);
    this.current = { selection, plan, review, expiresAt };
    this.shown = {};
    this.dispatch({ type: 'pay-by-memo', review, skipReview: this.skipReview });
    return true;
  }

  // ---- the flow and its effects --------------------------------------------------------------

  private dispatch(input: FlowInput): void {
    const t = step(this.flow, input);
    if (t.state === this.flow && !t.effects.length) return;
    this.flow = t.state;
    for (const effect of t.effects) this.apply(effect);
    this.host.requestUpdate();
  }

  private apply(effect: FlowEffect): void {
    switch (effect.type) {
      case 'prepare':
        this.shown = {};
        void this.prepare(effect.acceptWorse);
        return;
      case 'hand-out':
        void this.handOut();
        return;
      case 'continue':
        this.approval?.resolve();
        this.approval = undefined;
        return;
      case 'stop':
        return this.stop();
      case 'revoke':
        return this.revoke(effect.handout, effect.reason);
      case 'arm-expiry':
        return this.arm(effect.handoutId, effect.at);
      case 'track':
        return this.track();
      case 'report':
        this.report(effect.stop);
        return;
      case 'focus':
        this.options.focus?.(effect.view);
        return;
    }
  }

  private get context() {
    return { options: this.options, decimals: this.decimals };
  }

  private get skipReview(): boolean {
    return this.options.skipReview?.() ?? false;
  }

  /** Re-quotes the pressed route when old, reads what the checks need, checks it, opens its channel, builds its review. */
  private async prepare(acceptWorse: boolean): Promise<void> {
    const run = ++this.run;
    const live = () => run === this.run;
    const selection = this.current!.selection;
    const result = await prepareRoute(selection, {
      options: this.options,
      decimals: this.decimals,
      deps: this.deps,
      live,
      step: (s: WorkingStep) => this.setStep(s),
      spent: this.spent.has(selection.quoteId),
      acceptWorse,
    });
    if (!live() || result.kind === 'gone') return;
    if (result.kind === 'stopped') return this.stopWith(result.stop, result.problem);
    if (result.kind === 'price-moved') {
      this.current = { selection: result.fresh };
      return this.dispatch({ type: 'price-moved', was: result.was, now: result.now, route: routeRef(result.fresh) });
    }
    this.current = result.prepared;
    this.dispatch({
      type: 'prepared',
      review: result.prepared.review,
      skipReview: this.skipReview,
      route: routeRef(result.prepared.selection),
    });
  }

  /** Hands out the confirmed plan (its approval first); its wallet steps when the host does not take it. */
  private async handOut(): Promise<void> {
    const run = ++this.run;
    const live = () => run === this.run;
    const { selection, plan } = this.current ?? {};
    if (!selection || !plan) {
      this.shown.problem = { code: 'internal', detail: 'no prepared plan to hand out' };
      return this.dispatch({ type: 'failed', stop: 'internal' });
    }
    try {
      await executePlan(plan, this.runOf(selection, live), this.deps);
    } catch (error) {
      if (!live() || isAbort(error)) return;
      const [stop, problem] = problemOf(error);
      this.shown.problem = problem;
      this.dispatch({ type: 'failed', stop });
    }
  }

  /** The steps a plan's run takes, bound to this controller and to `selection`. */
  private runOf(selection: Selection, live: () => boolean): PlanRun {
    return {
      selection,
      live,
      offer: (draft, kind, chain, otherwise) => this.offer(draft, selection, kind, chain, otherwise),
      userPays: (plan) => {
        this.shown.userPlan = plan;
        this.host.requestUpdate();
      },
      step: (s) => this.setStep(s),
      approval: () => new Promise<void>((resolve, reject) => (this.approval = { resolve, reject })),
      sent: (hash, chain) => void this.answer(hash, chain, this.openHandout?.id),
      fail: (problem, byMemo) => {
        this.shown = { problem, ...(byMemo ? { byMemo } : {}) };
        this.dispatch({ type: 'failed', stop: problem.code === 'wallet' ? 'wallet' : 'service' });
      },
    };
  }

  /**
   * Writes the hand-out (with its id, expiry and review), then offers it: true when the host
   * took it. With `host-signs`, a hand-out nobody showed they received is `no-handler` after
   * a few seconds, unless the host answers it first.
   */
  private offer(
    draft: HandOutDraft,
    selection: Selection,
    kind: HandoutKind,
    chain: string,
    otherwise: 'wallet' | 'user',
  ): boolean {
    const expiresAt = this.current?.expiresAt ?? handOutExpiry(selection.receivedAt, selection.entry.expiresAt);
    const record = this.handouts.write(selection, kind, chain, expiresAt);
    const review = this.current?.review ?? reviewOf(this.current!.plan!, selection, expiresAt, this.context);
    const extra = { handoutId: record.id, expiresAt: new Date(expiresAt).toISOString(), review };
    const handOut = (
      draft.type === 'swap-tx'
        ? { type: 'swap-tx', detail: { ...draft.detail, ...extra } }
        : { type: 'swap-memo', detail: { ...draft.detail, ...extra } }
    ) as HandOut;
    const { taken, unheard } = this.options.offer(handOut);
    const holder = taken ? 'host' : otherwise;
    this.handouts.hold(record, holder);
    const { id, quoteId, routeIndex } = record;
    this.dispatch({ type: 'handed-out', handout: { id, quoteId, routeIndex, kind, chain, expiresAt, holder } });
    if (unheard)
      this.unheard.set(Date.now() + NO_HANDLER_MS, () => this.dispatch({ type: 'not-taken', handoutId: id }));
    return taken;
  }

  /** Revokes the hand-out at its expiry (not a margin before: the route is valid until then). */
  private arm(handoutId: string, at: number): void {
    this.expiry.set(at, () => this.dispatch({ type: 'expired', handoutId, now: Date.now() }));
  }

  private revoke(handout: OpenHandout, reason: 'expired' | 'request-changed' | 'rejected'): void {
    this.handouts.revoke(handout.id, reason);
    this.options.revoke({ quoteId: handout.quoteId, routeIndex: handout.routeIndex, handoutId: handout.id, reason });
  }

  /** Tracks the hash the flow was told of, under the quote its hand-out answers. */
  private track(): void {
    const a = this.answered;
    if (!a) return;
    this.answered = undefined;
    this.spent.add(a.record.quoteId);
    this.options.track(a.hash, a.chain, {
      quoteId: a.record.quoteId,
      routeIndex: a.record.routeIndex,
      route: a.record.route,
      handoutId: a.record.id,
    });
  }

  /** Tells the host (and the user) why the swap stopped. */
  private report(stop: FlowStop): void {
    const problem: ExecutionProblem =
      this.shown.problem ??
      (stop === 'expired'
        ? { code: 'revoked', reason: 'expired' }
        : stop === 'no-handler'
          ? { code: 'no-handler' }
          : { code: 'internal', detail: stop });
    this.shown.problem = problem;
    const at = this.current?.selection;
    // A refusal that may pass at the next press (a node that did not answer) does not mark the route.
    if (problem.code === 'route-rejected' && at && !refusalMayPass(problem.refusal)) {
      if (this.refusedIn.quoteId !== at.quoteId) this.refusedIn = { quoteId: at.quoteId, routes: new Map() };
      this.refusedIn.routes.set(at.entry.index, problem.refusal);
    }
    this.options.error(problem);
  }

  private stopWith(stop: FlowStop, problem: ExecutionProblem): void {
    this.shown = { ...this.shown, problem };
    this.dispatch({ type: 'prepare-failed', stop });
  }

  private setStep(s: WorkingStep): void {
    this.shown.step = s;
    this.host.requestUpdate();
  }

  /** Stops the run under way (its awaits return without effect) and its timers. */
  private stop(): void {
    this.run += 1;
    this.expiry.clear();
    this.unheard.clear();
    this.shown.step = undefined;
    this.approval?.reject(new DOMException('Aborted', 'AbortError'));
    this.approval = undefined;
  }
}
