// What the execution view shows of the flow: its state, with the details the flow does not keep
// (the step the work is at, the last problem, whether the route can be paid by hand).
import type { FlowState } from '../domain/flow/flow.js';
import type { ExecutionState } from '../views/execution.js';
import type { SwapData } from './swap-effects.js';

export function executionState(f: FlowState, s: SwapData): ExecutionState {
  switch (f.phase) {
    case 'idle':
      return { phase: 'idle' };
    case 'preparing':
      return { phase: 'working', step: s.step ?? 'checking' };
    case 'price-moved':
      return { phase: 'confirm-worse', was: f.was, now: f.now };
    case 'reviewing':
      return { phase: 'reviewing', review: f.review, consent: f.consent };
    case 'handing-out': {
      const h = f.handout;
      // The page's wallet at work (connecting, approving, sending): its step; so is the route's check after a reload.
      if (!h || (s.step && (h.holder === 'wallet' || f.restored)))
        return { phase: 'working', step: s.step ?? 'checking' };
      return {
        phase: 'handed-out',
        kind: h.kind,
        to: h.holder,
        handoutId: h.id,
        expiresAt: h.expiresAt,
        restored: !!f.restored,
        ...(f.pay ? { pay: f.pay } : {}),
      };
    }
    case 'tracking':
    case 'final':
      return { phase: 'tracked' };
    case 'stopped':
      return {
        phase: 'failed',
        problem: s.problem ?? { code: 'internal', detail: f.stop },
        byHand: !!s.byMemo,
      };
  }
}
