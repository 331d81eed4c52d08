/**
 * The effects of the flow (`domain/flow/flow.ts`), run for the session: prepare a route, hand
 * out its plan (its approval first), go on after an approval, revoke, arm an expiry, report.
 * What each run finds comes back to the session as the flow's next input; nothing here decides
 * what happens next. It keeps only the mechanics of a run (which run is live, the approval a run
 * waits for, its timers) and reads and writes the swap's data the session owns (`SwapData`).
 */
import { checkSelection } from '../controllers/execution/check-selection.js';
import {
  executePlan,
  type HandoutPlan,
  type PlanDeps,
  type PlanRun,
  type RunFrom,
} from '../controllers/execution/execute-plans.js';
import { isAbort, prepareRoute, problemOf, reviewOf } from '../controllers/execution/prepare-route.js';
import type { WidgetHandouts } from '../controllers/execution/widget-handouts.js';
import { NO_HANDLER_MS, type ExecutionOptions, type Selection } from '../controllers/execution/execution-types.js';
import type { TrustedDecimals } from '../domain/checks/decimals.js';
import type { MemoPlan } from '../domain/checks/route.js';
import type {
  FlowInput,
  FlowState,
  FlowStop,
  HandoutKind,
  OpenHandout,
  RevokeWhy,
  RouteRef,
  UserPayment,
  WorkingStep,
} from '../domain/flow/flow.js';
import { handOutExpiry } from '../domain/flow/handout.js';
import type { Review } from '../domain/flow/review.js';
import type { Refusal } from '../domain/checks/refusals.js';
import { refusalMayPass } from '../domain/checks/inbound.js';
import type { SwapRevokeDetail } from '../events.js';
import { Deadline } from '../util/deadline.js';
import type { ExecutionProblem, HandOut, HandOutDraft } from '../views/execution.js';

/** The identity of a request, to tell a route of the current request from one of an earlier one. */
export const requestKey = (request: object | undefined): string => (request ? JSON.stringify(request) : '');

/** A selection as the flow knows it: its quote, its place, its request. */
export const routeRef = (selection: Selection): RouteRef => ({
  quoteId: selection.quoteId,
  routeIndex: selection.entry.index,
  requestKey: requestKey(selection.request),
});

/**
 * The swap's data beside the flow's state, owned by the session: the route pressed (re-quoted,
 * when it was) and once checked its plan and review; what the view shows of the work (its step,
 * the last problem, a route to pay by hand); the routes the checks refused.
 */
export interface SwapData {
  selection?: Selection;
  plan?: HandoutPlan;
  review?: Review;
  expiresAt?: number;
  step?: WorkingStep;
  problem?: ExecutionProblem;
  /** A route no wallet of the page could sign that can be paid by hand: offered with the stop. */
  byMemo?: { plan: MemoPlan; selection: Selection };
  /** Routes of one quote refused by the checks, by service index. */
  refused: { quoteId?: string; routes: Map<number, Refusal> };
  /** Quotes whose route was tracked: pressing Swap on one quotes again first. */
  spent: Set<string>;
}

/** What the effects need of the session: its flow, its swap's data, what the checks read, and the host. */
export interface EffectsOwner {
  readonly flow: FlowState;
  readonly swap: SwapData;
  dispatch(input: FlowInput): void;
  update(): void;
  readonly services: ExecutionOptions;
  readonly decimals: TrustedDecimals;
  readonly deps: PlanDeps;
  readonly handouts: WidgetHandouts;
  /** Hands out to the host: true when it took it (cancelled the event, or signs everything). */
  offer(handOut: HandOut): { taken: boolean; unheard: boolean };
  revoked(detail: SwapRevokeDetail): void;
  reportProblem(problem: ExecutionProblem): void;
  /** The page's wallet sent a transaction: the hash the flow is told of. */
  sent(hash: string, chain: string): void;
}

export class SwapEffects {
  private run = 0;
  private approval?: { resolve: () => void; reject: (e: unknown) => void };
  private readonly expiry = new Deadline();
  private readonly unheard = new Deadline();

  constructor(private readonly owner: EffectsOwner) {}

  /** Re-quotes the pressed route when old, reads what the checks need, checks it, opens its channel, builds its review. */
  async prepare(acceptWorse: boolean): Promise<void> {
    const { owner } = this;
    const run = ++this.run;
    const live = () => run === this.run;
    const selection = owner.swap.selection;
    if (!selection) return this.fail('prepare-failed', 'internal', { code: 'internal', detail: 'nothing pressed' });
    const result = await prepareRoute(selection, {
      options: owner.services,
      decimals: owner.decimals,
      deps: owner.deps,
      live,
      step: (s: WorkingStep) => this.step(s),
      spent: owner.swap.spent.has(selection.quoteId),
      acceptWorse,
    });
    if (!live() || result.kind === 'gone') return;
    if (result.kind === 'stopped') return this.fail('prepare-failed', result.stop, result.problem);
    if (result.kind === 'price-moved') {
      owner.swap.selection = result.fresh;
      return owner.dispatch({ type: 'price-moved', was: result.was, now: result.now, route: routeRef(result.fresh) });
    }
    const { prepared } = result;
    Object.assign(owner.swap, {
      selection: prepared.selection,
      plan: prepared.plan,
      review: prepared.review,
      expiresAt: prepared.expiresAt,
    });
    owner.dispatch({
      type: 'prepared',
      review: prepared.review,
      skipReview: owner.services.skipReview?.() ?? false,
      route: routeRef(prepared.selection),
    });
  }

  /** Hands out the confirmed plan (its approval first); its wallet steps when the host does not take it. */
  async handOut(from: RunFrom = 'start'): Promise<void> {
    const run = ++this.run;
    const live = () => run === this.run;
    const { selection, plan } = this.owner.swap;
    if (!selection || !plan)
      return this.fail('failed', 'internal', { code: 'internal', detail: 'no prepared plan to hand out' });
    try {
      await executePlan(plan, this.runOf(selection, live), this.owner.deps, from);
    } catch (error) {
      if (!live() || isAbort(error)) return;
      const [stop, problem] = problemOf(error);
      this.fail('failed', stop, problem);
    }
  }

  /**
   * The approval went out: the run waiting for it goes on. After a reload no run waits: the
   * route written with the state is checked again (fresh lists and decimals), then its swap is
   * handed out.
   */
  async continue(): Promise<void> {
    if (this.approval) {
      this.approval.resolve();
      this.approval = undefined;
      return;
    }
    const run = ++this.run;
    const live = () => run === this.run;
    const { owner } = this;
    const selection = owner.swap.selection;
    if (!selection) return this.fail('failed', 'expired', { code: 'route-expired', gone: true });
    // The page's wallet reads the allowance again (its approval may still be on its way); the host said it is done.
    const from: RunFrom =
      owner.flow.phase === 'handing-out' && owner.flow.handout?.holder === 'wallet'
        ? 'wallet-approval'
        : 'host-approval';
    this.step('checking');
    try {
      const check = await checkSelection(selection, { ...owner.services, decimals: owner.decimals }, live);
      if (!live() || !check) return;
      if (!check.ok)
        return check.code === 'route-expired'
          ? this.fail('failed', 'expired', { code: 'route-expired', refusal: check.refusal })
          : this.fail('failed', 'refused', { code: 'route-rejected', refusal: check.refusal });
      if (check.plan.kind === 'deposit-channel')
        return this.fail('failed', 'internal', { code: 'internal', detail: 'a channel has no approval' });
      const open = owner.flow.phase === 'handing-out' ? owner.flow.handout : undefined;
      const expiresAt = open?.expiresAt ?? handOutExpiry(selection.receivedAt, selection.entry.expiresAt);
      Object.assign(owner.swap, {
        plan: check.plan,
        review: reviewOf(check.plan, selection, expiresAt, { options: owner.services, decimals: owner.decimals }),
        expiresAt,
      });
    } catch (error) {
      if (!live() || isAbort(error)) return;
      const [stop, problem] = problemOf(error);
      return this.fail('failed', stop, problem);
    }
    if (live()) await this.handOut(from);
  }

  /** The steps a plan's run takes, bound to this run and to `selection`. */
  private runOf(selection: Selection, live: () => boolean): PlanRun {
    const { owner } = this;
    return {
      selection,
      live,
      offer: (draft, kind, chain, otherwise, pay) => this.offer(draft, selection, kind, chain, otherwise, pay),
      step: (s) => this.step(s),
      approval: () => new Promise<void>((resolve, reject) => (this.approval = { resolve, reject })),
      sent: (hash, chain) => owner.sent(hash, chain),
      fail: (problem, byMemo) => {
        owner.swap.byMemo = byMemo;
        this.fail('failed', problem.code === 'wallet' ? 'wallet' : 'service', problem);
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
    pay?: MemoPlan,
  ): boolean {
    const { owner } = this;
    const swap = owner.swap;
    const expiresAt = swap.expiresAt ?? handOutExpiry(selection.receivedAt, selection.entry.expiresAt);
    const record = owner.handouts.write(selection, kind, chain, expiresAt);
    const review =
      swap.review ?? reviewOf(swap.plan!, selection, expiresAt, { options: owner.services, decimals: owner.decimals });
    const extra = { handoutId: record.id, expiresAt: new Date(expiresAt).toISOString(), review };
    const handOut = (
      draft.type === 'swap-tx'
        ? { type: 'swap-tx', detail: { ...draft.detail, ...extra } }
        : { type: 'swap-memo', detail: { ...draft.detail, ...extra } }
    ) as HandOut;
    const { taken, unheard } = owner.offer(handOut);
    const holder = taken ? 'host' : otherwise;
    owner.handouts.hold(record, holder);
    const { id, quoteId, routeIndex } = record;
    const payment = holder === 'user' && pay ? userPayment(pay) : undefined;
    owner.dispatch({
      type: 'handed-out',
      handout: { id, quoteId, routeIndex, kind, chain, expiresAt, holder },
      ...(payment ? { pay: payment } : {}),
    });
    if (unheard)
      this.unheard.set(Date.now() + NO_HANDLER_MS, () => owner.dispatch({ type: 'not-taken', handoutId: id }));
    return taken;
  }

  /** Revokes the hand-out at its expiry (not a margin before: the route is valid until then). */
  arm(handoutId: string, at: number): void {
    this.expiry.set(at, () => this.owner.dispatch({ type: 'expired', handoutId, now: Date.now() }));
  }

  /** The host answered before the `no-handler` deadline. */
  heard(): void {
    this.unheard.clear();
  }

  revoke(handout: OpenHandout, reason: RevokeWhy): void {
    this.owner.handouts.revoke(handout.id, reason);
    this.owner.revoked({ quoteId: handout.quoteId, routeIndex: handout.routeIndex, handoutId: handout.id, reason });
  }

  /** Tells the host (and the user) why the swap stopped. */
  report(stop: FlowStop): void {
    const swap = this.owner.swap;
    const problem: ExecutionProblem =
      swap.problem ??
      (stop === 'expired'
        ? { code: 'revoked', reason: 'expired' }
        : stop === 'no-handler'
          ? { code: 'no-handler' }
          : { code: 'internal', detail: stop });
    swap.problem = problem;
    const at = swap.selection;
    // A refusal that may pass at the next press (a node that did not answer) does not mark the route.
    if (problem.code === 'route-rejected' && at && !refusalMayPass(problem.refusal)) {
      if (swap.refused.quoteId !== at.quoteId) swap.refused = { quoteId: at.quoteId, routes: new Map() };
      swap.refused.routes.set(at.entry.index, problem.refusal);
    }
    this.owner.reportProblem(problem);
  }

  /** Stops the run under way (its awaits return without effect) and its timers. */
  stop(): void {
    this.run += 1;
    this.expiry.clear();
    this.unheard.clear();
    this.owner.swap.step = undefined;
    this.approval?.reject(new DOMException('Aborted', 'AbortError'));
    this.approval = undefined;
  }

  /** The element left the page: its timers stop (an expiry is armed again when it comes back). */
  pause(): void {
    this.expiry.clear();
    this.unheard.clear();
  }

  private step(s: WorkingStep): void {
    this.owner.swap.step = s;
    this.owner.update();
  }

  private fail(input: 'prepare-failed' | 'failed', stop: FlowStop, problem: ExecutionProblem): void {
    this.owner.swap.problem = problem;
    this.owner.dispatch({ type: input, stop });
  }
}

/** What the memo or deposit screen shows of a memo plan: plain JSON the flow keeps. */
function userPayment(plan: MemoPlan): UserPayment {
  const { chain, asset, amount, address, memo, to } = plan;
  return { chain, asset, amount, address, memo, to: { address: to.address, role: to.role, name: to.name } };
}
