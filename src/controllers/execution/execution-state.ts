// What the execution view shows of the flow: its state, with the details the flow does not keep
// (the step the work is at, the last problem, the memo flow's plan, a route to pay by hand).
import type { FlowState } from '../../domain/flow/flow.js';
import type { MemoPlan } from '../../domain/checks/route.js';
import type { ExecutionProblem, ExecutionState, Selection, WorkingStep } from './execution-types.js';

/** What the controller keeps beside the flow for the view. */
export interface Shown {
  step?: WorkingStep;
  problem?: ExecutionProblem;
  /** The memo plan the user pays by hand (the memo flow). */
  userPlan?: MemoPlan;
  /** A route no wallet of the page could sign that can be paid by hand: offered with the stop. */
  byMemo?: { plan: MemoPlan; selection: Selection };
}

export function executionState(f: FlowState, s: Shown): ExecutionState {
  switch (f.phase) {
    case 'idle':
      return { phase: 'idle' };
    case 'preparing':
      return { phase: 'working', step: s.step ?? 'checking' };
    case 'price-moved':
      return { phase: 'confirm-worse', was: f.was, now: f.now };
    case 'reviewing':
      return { phase: 'reviewing', review: f.review, needsConsent: f.needsConsent };
    case 'handing-out': {
      const h = f.handout;
      if (!h || (h.holder === 'wallet' && s.step)) return { phase: 'working', step: s.step ?? 'checking' };
      const plan = h.holder === 'user' ? s.userPlan : undefined;
      return {
        phase: 'handed-out',
        kind: h.kind,
        to: h.holder,
        handoutId: h.id,
        quoteId: h.quoteId,
        routeIndex: h.routeIndex,
        expiresAt: h.expiresAt,
        ...(plan ? { plan: { ...plan, expiresAt: h.expiresAt } } : {}),
      };
    }
    case 'tracking':
    case 'final':
      return { phase: 'tracked' };
    case 'stopped':
      return {
        phase: 'failed',
        problem: s.problem ?? { code: 'internal', detail: f.stop },
        ...(s.byMemo ? { memo: s.byMemo } : {}),
      };
  }
}
