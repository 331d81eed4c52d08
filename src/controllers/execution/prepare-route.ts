// Preparing a pressed route for its review: quoted again when old, checked with what the checks
// need (the protocols' lists, the trusted decimals), its deposit channel opened, its review
// built. One plain async function the execution controller runs for the flow's `prepare`
// effect; what it found comes back as a value the controller turns into the flow's input.
import { compareDecimal } from '../../domain/amounts/amount.js';
import type { TrustedDecimals } from '../../domain/checks/decimals.js';
import type { FlowStop } from '../../domain/flow/flow.js';
import { handOutExpiry } from '../../domain/flow/handout.js';
import { buildReview } from '../../domain/flow/review-build.js';
import type { Review } from '../../domain/flow/review.js';
import { ApiError } from '../../api/errors.js';
import { WalletError } from '../../wallet/injected-wallet.js';
import { checkSelection } from './check-selection.js';
import { materialize, routeIdExpired } from './materialize.js';
import { openChannel, type HandoutPlan, type PlanDeps } from './execute-plans.js';
import {
  EXPIRY_MARGIN_MS,
  MAX_QUOTE_AGE_MS,
  type ExecutionOptions,
  type ExecutionProblem,
  type Selection,
  type WorkingStep,
} from './execution-types.js';

/** A route ready to review: the selection it answers (re-quoted, when it was), its plan, its review, until when it may be signed. */
export interface Prepared {
  readonly selection: Selection;
  readonly plan: HandoutPlan;
  readonly review: Review;
  readonly expiresAt: number;
}

export type PrepareResult =
  | { readonly kind: 'prepared'; readonly prepared: Prepared }
  /** Quoted again below the minimum the user accepted: they are asked. */
  | { readonly kind: 'price-moved'; readonly was: string; readonly now: string; readonly fresh: Selection }
  | { readonly kind: 'stopped'; readonly stop: FlowStop; readonly problem: ExecutionProblem }
  /** The run was stopped (the user cancelled, the request changed): nothing to do. */
  | { readonly kind: 'gone' };

export interface PrepareContext {
  readonly options: ExecutionOptions;
  readonly decimals: TrustedDecimals;
  readonly deps: PlanDeps;
  /** False once the run was stopped. */
  live(): boolean;
  step(step: WorkingStep): void;
  /** The quote was already tracked once: its route is quoted again before anything else. */
  spent: boolean;
  /** The user accepted a re-quoted price below their minimum: the route is not quoted again. */
  acceptWorse: boolean;
}

export async function prepareRoute(selection: Selection, c: PrepareContext): Promise<PrepareResult> {
  try {
    const now = Date.now();
    const expiresAt = selection.entry.expiresAt;
    const stale =
      c.spent ||
      routeIdExpired(selection, c.options.client(), now) ||
      (expiresAt !== undefined ? expiresAt - now < EXPIRY_MARGIN_MS : now - selection.receivedAt > MAX_QUOTE_AGE_MS);
    if (stale && !c.acceptWorse) {
      c.step('requoting');
      const fresh = await c.options.requote(selection);
      if (!c.live()) return { kind: 'gone' };
      if (!fresh) return { kind: 'stopped', stop: 'expired', problem: { code: 'route-expired', gone: true } };
      c.options.reselect(fresh);
      // Worse beyond the slippage the user accepted: ask again.
      if (compareDecimal(fresh.entry.expected, selection.entry.minimum) < 0)
        return { kind: 'price-moved', was: selection.entry.expected, now: fresh.entry.expected, fresh };
      selection = fresh;
    }
    c.step('checking');
    // SwapKit's second step: the route with what is signed or paid, held to the quoted one.
    const made = await materialize(selection, c.options.client());
    if (!c.live()) return { kind: 'gone' };
    if (made.kind === 'refused')
      return { kind: 'stopped', stop: 'refused', problem: { code: 'route-rejected', refusal: made.refusal } };
    if (made.kind === 'price-moved') return { kind: 'price-moved', was: made.was, now: made.now, fresh: made.fresh };
    selection = made.selection;
    const check = await checkSelection(selection, { ...c.options, decimals: c.decimals }, c.live);
    if (!check) return { kind: 'gone' };
    if (!check.ok) {
      return check.code === 'route-expired'
        ? { kind: 'stopped', stop: 'expired', problem: { code: 'route-expired', refusal: check.refusal } }
        : { kind: 'stopped', stop: 'refused', problem: { code: 'route-rejected', refusal: check.refusal } };
    }
    let plan = check.plan;
    if (plan.kind === 'deposit-channel') {
      c.step('opening-channel');
      const channel = await openChannel(plan, c.deps);
      if (!c.live()) return { kind: 'gone' };
      if (!channel.ok)
        return { kind: 'stopped', stop: 'refused', problem: { code: 'route-rejected', refusal: channel.refusal } };
      plan = channel.plan;
    }
    const until = handOutExpiry(selection.receivedAt, selection.entry.expiresAt, plan.expiresAt);
    return {
      kind: 'prepared',
      prepared: { selection, plan, review: reviewOf(plan, selection, until, c), expiresAt: until },
    };
  } catch (error) {
    if (!c.live() || isAbort(error)) return { kind: 'gone' };
    const [stop, problem] = problemOf(error);
    return { kind: 'stopped', stop, problem };
  }
}

/** The review of a plan, from its decoded parts and the configured affiliate. */
export function reviewOf(
  plan: HandoutPlan,
  selection: Selection,
  expiresAt: number,
  c: Pick<PrepareContext, 'options' | 'decimals'>,
): Review {
  const { code, bps, addresses } = c.options.affiliate();
  return buildReview({
    plan,
    route: selection.entry.route,
    request: selection.request,
    decimals: (asset) => c.decimals.known(asset),
    affiliate: { name: code, bps, ...(addresses ? { addresses } : {}) },
    expiresAt,
    fees: selection.entry.fees.map(({ type, asset, amount }) => ({ type, asset, amount })),
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** How a failure of the work reads: a wallet's, the service's, or something that should not have happened (the console gets the stack). */
export function problemOf(error: unknown): [FlowStop, ExecutionProblem] {
  if (error instanceof WalletError) return ['wallet', { code: 'wallet', wallet: error.problem }];
  if (error instanceof ApiError) return ['service', { code: 'service', error }];
  console.error('[swap-widget] unexpected failure', error);
  return ['internal', { code: 'internal', detail: error instanceof Error ? error.message : String(error) }];
}
