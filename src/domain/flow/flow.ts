/**
 * The life of one swap, as one state machine: from the form (the quote and the choice of a
 * route are the form's) through the checks, the review and the hand-outs to tracking and its
 * end, then a new swap. Its inputs are the user's actions, the host's calls and what the
 * adapters report (a plan checked, a hand-out taken, a hash, an expiry, a status); its outputs
 * are its state, which the element renders, and effects, which the adapters run (check a route,
 * hand out, revoke, track, tell the host, move the focus).
 *
 * The table (`docs/flow.md`) is the only way a state changes: an input the table has no row for
 * in the current state changes nothing and has no effect. So there are never two open
 * hand-outs, a hand-out of an earlier request's route, or a Swap press while one is open.
 *
 * Plain TypeScript; no DOM, no timers, no storage: the clock is an input's, the rest effects.
 */
import type { Review } from './review.js';
import { CONFIRMED_WARNINGS } from './review.js';

/** The route a press of Swap is about: its quote, its place in the answer, and the request it answers. */
export interface RouteRef {
  readonly quoteId: string;
  readonly routeIndex: number;
  /** The request's identity when the route was pressed: a route of an earlier request is never prepared. */
  readonly requestKey: string;
}

export type HandoutKind = 'approve' | 'swap' | 'memo';
/** Who holds a hand-out: the host (it took the event, or signs everything), the page's wallet, the user (the memo flow). */
export type HandoutHolder = 'host' | 'wallet' | 'user';

/** A hand-out as the flow knows it: the record's identity, what it is, until when, and who holds it. */
export interface OpenHandout {
  readonly id: string;
  readonly quoteId: string;
  readonly routeIndex: number;
  readonly kind: HandoutKind;
  readonly chain: string;
  /** Unix ms. */
  readonly expiresAt: number;
  readonly holder: HandoutHolder;
}

/** Why a swap stopped before its hand-out was answered: a code the element puts in words. */
/** What the widget is doing while the flow is working, step by step (the execution view names each). */
export type WorkingStep =
  | 'checking'
  | 'requoting'
  | 'opening-channel'
  | 'connecting'
  | 'switching'
  | 'allowance'
  | 'approving'
  | 'confirming'
  | 'sending';

export type FlowStop = 'refused' | 'expired' | 'wallet' | 'service' | 'no-handler' | 'internal';

export type FlowState =
  /**
   * The form: editing, quoting, choosing. `restored`: a hand-out written before a reload that
   * nothing answered yet: it stays open (a hash, `rejected()` or its expiry end it) until a new
   * press of Swap revokes it first.
   */
  | { readonly phase: 'idle'; readonly restored?: OpenHandout }
  /** Swap pressed: the route is re-quoted when old, the protocols' lists and decimals read, the route checked. */
  | { readonly phase: 'preparing'; readonly route: RouteRef }
  /** A re-quote came back below the minimum the user accepted: they accept the new price or cancel. */
  | { readonly phase: 'price-moved'; readonly route: RouteRef; readonly was: string; readonly now: string }
  /** The checked plan's review: nothing is handed out before Confirm. */
  | { readonly phase: 'reviewing'; readonly route: RouteRef; readonly review: Review; readonly needsConsent: boolean }
  /** A hand-out is open: written, dispatched, not yet answered. */
  | { readonly phase: 'handing-out'; readonly route: RouteRef; readonly handout?: OpenHandout }
  /** A hash came back: the swap is tracked, its progress shown. */
  | { readonly phase: 'tracking'; readonly swapId: string; readonly handoutId?: string }
  /** The tracked swap ended (completed, refunded, failed): its outcome is shown. */
  | { readonly phase: 'final'; readonly swapId: string }
  /** Stopped before anything was signed (or the hand-out was revoked): why, and Swap is pressable again. */
  | { readonly phase: 'stopped'; readonly stop: FlowStop; readonly route?: RouteRef };

export type FlowInput =
  | { readonly type: 'press-swap'; readonly route: RouteRef; readonly requestKey: string; readonly skipReview: boolean }
  /** A re-quote came back below the minimum accepted; `route`: the fresh route the user is asked about. */
  | { readonly type: 'price-moved'; readonly was: string; readonly now: string; readonly route: RouteRef }
  | { readonly type: 'accept-price' }
  /** The route passed its checks; `route`: the one prepared (a re-quote's, when it was quoted again). */
  | { readonly type: 'prepared'; readonly review: Review; readonly skipReview: boolean; readonly route: RouteRef }
  | { readonly type: 'prepare-failed'; readonly stop: FlowStop }
  | { readonly type: 'confirm'; readonly riskAccepted: boolean }
  | { readonly type: 'cancel' }
  | { readonly type: 'handed-out'; readonly handout: OpenHandout }
  | { readonly type: 'approved' }
  | { readonly type: 'rejected' }
  | { readonly type: 'expired'; readonly handoutId: string; readonly now: number }
  | { readonly type: 'not-taken'; readonly handoutId: string }
  | { readonly type: 'failed'; readonly stop: FlowStop }
  | { readonly type: 'request-changed' }
  | { readonly type: 'hash'; readonly hash: string; readonly swapId: string; readonly handoutId?: string }
  | { readonly type: 'status'; readonly swapId: string; readonly final: boolean }
  | { readonly type: 'new-swap' }
  | { readonly type: 'restore'; readonly handout: OpenHandout; readonly now: number }
  /** The user chose to pay the stopped route by hand (no wallet of its family in the page): its memo plan's review. */
  | { readonly type: 'pay-by-memo'; readonly review: Review; readonly skipReview: boolean };

export type RevokeWhy = 'expired' | 'request-changed' | 'rejected';

export type FlowEffect =
  /** Re-quote when needed, read what the checks need, check the route, open a channel: then `prepared` or `prepare-failed`. */
  | { readonly type: 'prepare'; readonly route: RouteRef; readonly acceptWorse: boolean }
  /** Hand out the prepared plan (its approval first): each hand-out is reported with `handed-out`. */
  | { readonly type: 'hand-out' }
  /** The host sent the approval: hand out what comes next. */
  | { readonly type: 'continue' }
  /** Stop the run under way (its awaits return without effect). */
  | { readonly type: 'stop' }
  /** The open hand-out must no longer be signed: mark its record and tell the host (`swap-revoke`). */
  | { readonly type: 'revoke'; readonly handout: OpenHandout; readonly reason: RevokeWhy }
  /** Revoke the hand-out at its expiry (`expired` then comes back as an input). */
  | { readonly type: 'arm-expiry'; readonly handoutId: string; readonly at: number }
  /** Track this hash under the hand-out it answers. */
  | { readonly type: 'track'; readonly swapId: string; readonly handoutId?: string }
  /** Tell the host and the user (`swap-error`). */
  | { readonly type: 'report'; readonly stop: FlowStop }
  /** Move the focus to the view that just appeared, and announce it. */
  | { readonly type: 'focus'; readonly view: 'review' | 'progress' | 'form' };

export interface Transition {
  readonly state: FlowState;
  readonly effects: readonly FlowEffect[];
}

const same = (state: FlowState): Transition => ({ state, effects: [] });

/** Whether a review asks the user to tick its box before Confirm. */
export function needsConsent(review: Review): boolean {
  return review.warnings.some((w) => CONFIRMED_WARNINGS.includes(w));
}

/** Phases where nothing has been handed out yet and Swap is not pressable. */
const PREPARING: ReadonlySet<FlowState['phase']> = new Set(['preparing', 'price-moved', 'reviewing']);

/**
 * The transition for `input` in `state`. An input the table has no row for returns the state as
 * it is, with no effect.
 */
export function step(state: FlowState, input: FlowInput): Transition {
  switch (input.type) {
    case 'press-swap': {
      // Only from the form (or after a stop), and only a route of the request as it stands.
      if (!swapPressable(state)) return same(state);
      if (input.route.requestKey !== input.requestKey) return same(state);
      const prepare: FlowEffect = { type: 'prepare', route: input.route, acceptWorse: false };
      const restored = state.phase === 'idle' ? state.restored : undefined;
      return {
        state: { phase: 'preparing', route: input.route },
        effects: restored ? [{ type: 'revoke', handout: restored, reason: 'request-changed' }, prepare] : [prepare],
      };
    }
    case 'price-moved':
      if (state.phase !== 'preparing' || !sameRequest(state.route, input.route)) return same(state);
      return same({ phase: 'price-moved', route: input.route, was: input.was, now: input.now });
    case 'accept-price':
      if (state.phase !== 'price-moved') return same(state);
      return {
        state: { phase: 'preparing', route: state.route },
        effects: [{ type: 'prepare', route: state.route, acceptWorse: true }],
      };
    case 'prepared':
      // A re-quote may have given the route a new quote; it answers the same request, or it is not this swap's.
      if (state.phase !== 'preparing' || !sameRequest(state.route, input.route)) return same(state);
      // No host setting skips a confirmation: a review that asks for one is shown all the same.
      if (input.skipReview && !needsConsent(input.review))
        return { state: { phase: 'handing-out', route: input.route }, effects: [{ type: 'hand-out' }] };
      return {
        state: {
          phase: 'reviewing',
          route: input.route,
          review: input.review,
          needsConsent: needsConsent(input.review),
        },
        effects: [{ type: 'focus', view: 'review' }],
      };
    case 'prepare-failed':
      if (state.phase !== 'preparing') return same(state);
      return {
        state: { phase: 'stopped', stop: input.stop, route: state.route },
        effects: [{ type: 'report', stop: input.stop }],
      };
    case 'confirm':
      if (state.phase !== 'reviewing' || (state.needsConsent && !input.riskAccepted)) return same(state);
      return { state: { phase: 'handing-out', route: state.route }, effects: [{ type: 'hand-out' }] };
    case 'cancel':
      if (PREPARING.has(state.phase) || state.phase === 'stopped')
        return { state: { phase: 'idle' }, effects: [{ type: 'stop' }, { type: 'focus', view: 'form' }] };
      if (state.phase === 'handing-out')
        return revoked(state, 'rejected', { phase: 'idle' }, [{ type: 'focus', view: 'form' }]);
      return same(state);
    case 'handed-out': {
      // One open hand-out at a time: a second one replaces the first only as the next step of the same route (the swap after its approval).
      if (state.phase !== 'handing-out') return same(state);
      const h = input.handout;
      if (h.quoteId !== state.route.quoteId || h.routeIndex !== state.route.routeIndex || h.id === state.handout?.id)
        return same(state);
      return { state: { ...state, handout: h }, effects: [{ type: 'arm-expiry', handoutId: h.id, at: h.expiresAt }] };
    }
    case 'approved':
      if (state.phase !== 'handing-out' || state.handout?.kind !== 'approve' || state.handout.holder !== 'host')
        return same(state);
      return same2(state, [{ type: 'continue' }]);
    case 'rejected':
      if (state.phase === 'idle' && state.restored)
        return { state: { phase: 'idle' }, effects: [{ type: 'revoke', handout: state.restored, reason: 'rejected' }] };
      if (state.phase !== 'handing-out' || !state.handout) return same(state);
      return revoked(state, 'rejected', { phase: 'idle' }, [{ type: 'focus', view: 'form' }]);
    case 'expired':
      if (state.phase === 'idle' && state.restored?.id === input.handoutId && input.now >= state.restored.expiresAt) {
        return {
          state: { phase: 'idle' },
          effects: [
            { type: 'revoke', handout: state.restored, reason: 'expired' },
            { type: 'report', stop: 'expired' },
          ],
        };
      }
      if (state.phase !== 'handing-out' || state.handout?.id !== input.handoutId || input.now < state.handout.expiresAt)
        return same(state);
      return revoked(state, 'expired', { phase: 'stopped', stop: 'expired', route: state.route }, [
        { type: 'report', stop: 'expired' },
      ]);
    case 'not-taken':
      if (state.phase !== 'handing-out' || state.handout?.id !== input.handoutId) return same(state);
      return {
        state: { phase: 'stopped', stop: 'no-handler', route: state.route },
        effects: [{ type: 'stop' }, { type: 'report', stop: 'no-handler' }],
      };
    case 'failed':
      if (state.phase !== 'handing-out') return same(state);
      return {
        state: { phase: 'stopped', stop: input.stop, route: state.route },
        effects: [{ type: 'stop' }, { type: 'report', stop: input.stop }],
      };
    case 'request-changed':
      if (PREPARING.has(state.phase)) return { state: { phase: 'idle' }, effects: [{ type: 'stop' }] };
      if (state.phase === 'handing-out') return revoked(state, 'request-changed', { phase: 'idle' });
      if (state.phase === 'stopped') return same({ phase: 'idle' });
      return same(state);
    case 'hash': {
      // The hash answers the open hand-out (or the one it names); anything else is the tracker's to refuse.
      if (
        state.phase === 'idle' &&
        state.restored &&
        (input.handoutId === undefined || input.handoutId === state.restored.id)
      ) {
        return {
          state: { phase: 'tracking', swapId: input.swapId, handoutId: state.restored.id },
          effects: [
            { type: 'track', swapId: input.swapId, handoutId: state.restored.id },
            { type: 'focus', view: 'progress' },
          ],
        };
      }
      if (state.phase !== 'handing-out' || !state.handout) return same(state);
      if (input.handoutId !== undefined && input.handoutId !== state.handout.id) return same(state);
      // A host's hash while its approval is open is the approval's, not the swap's (it answers with `approved()`);
      // the page's wallet, which sends both, reports the swap's.
      if (state.handout.kind === 'approve' && state.handout.holder !== 'wallet') return same(state);
      return {
        state: { phase: 'tracking', swapId: input.swapId, handoutId: state.handout.id },
        effects: [
          { type: 'stop' },
          { type: 'track', swapId: input.swapId, handoutId: state.handout.id },
          { type: 'focus', view: 'progress' },
        ],
      };
    }
    case 'status':
      if (state.phase !== 'tracking' || state.swapId !== input.swapId || !input.final) return same(state);
      return same({ phase: 'final', swapId: state.swapId });
    case 'new-swap':
      if (state.phase !== 'tracking' && state.phase !== 'final') return same(state);
      return { state: { phase: 'idle' }, effects: [{ type: 'focus', view: 'form' }] };
    case 'pay-by-memo':
      if (state.phase !== 'stopped' || !state.route) return same(state);
      if (input.skipReview && !needsConsent(input.review))
        return { state: { phase: 'handing-out', route: state.route }, effects: [{ type: 'hand-out' }] };
      return {
        state: {
          phase: 'reviewing',
          route: state.route,
          review: input.review,
          needsConsent: needsConsent(input.review),
        },
        effects: [{ type: 'focus', view: 'review' }],
      };
    case 'restore': {
      // After a reload, the hand-out written before it: open again until its expiry, at the form.
      if (state.phase !== 'idle' || state.restored) return same(state);
      if (input.now >= input.handout.expiresAt)
        return { state, effects: [{ type: 'revoke', handout: input.handout, reason: 'expired' }] };
      return {
        state: { phase: 'idle', restored: input.handout },
        effects: [{ type: 'arm-expiry', handoutId: input.handout.id, at: input.handout.expiresAt }],
      };
    }
  }
}

function same2(state: FlowState, effects: readonly FlowEffect[]): Transition {
  return { state, effects };
}

/** Ends the open hand-out without a hash: the run stops, the record is revoked, the host told. */
function revoked(
  state: FlowState & { phase: 'handing-out' },
  reason: RevokeWhy,
  next: FlowState,
  more: readonly FlowEffect[] = [],
): Transition {
  const effects: FlowEffect[] = [{ type: 'stop' }];
  if (state.handout) effects.push({ type: 'revoke', handout: state.handout, reason });
  return { state: next, effects: [...effects, ...more] };
}

const sameRequest = (a: RouteRef, b: RouteRef) => a.requestKey === b.requestKey;

/** Whether Swap is pressable: only from the form, or after a stop. */
export function swapPressable(state: FlowState): boolean {
  return state.phase === 'idle' || state.phase === 'stopped';
}
