/**
 * The life of one swap, as one state machine, and the one owner of it: from the form (the quote
 * and the choice of a route are the form's) through the checks, the review and the hand-outs to
 * tracking and its end, then a new swap. Its inputs are the user's actions (with what they
 * accepted in the review), the host's calls and what the adapters report (a plan checked, a
 * hand-out taken, a hash, an expiry, a status, the state written before a reload); its outputs
 * are its state, from which the element derives the screen, whether Swap can be pressed and
 * what Recent swaps shows, and effects, which the adapters run (check a route, hand out,
 * revoke, track, tell the host, move the focus).
 *
 * The table (`docs/flow.md`) is the only way a state changes: an input the table has no row for
 * in the current state changes nothing and has no effect. So there are never two open
 * hand-outs, a hand-out of an earlier request's route, a Swap press while a swap is open or
 * tracked, or a risk handed out that the user did not accept in the review.
 *
 * The state is plain JSON: the widget writes it (`persistable`) before the effects of each
 * transition run, so a reloaded page starts where the swap was (`restore`).
 *
 * Plain TypeScript; no DOM, no timers, no storage: the clock is an input's, the rest effects.
 */
import type { Review, ReviewWarning } from './review.js';
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

/**
 * What the user sends by hand when they hold the hand-out (the memo or deposit screen): plain
 * JSON, kept in the state so a reloaded page shows the same screen. `memo` is '' for a deposit
 * address.
 */
export interface UserPayment {
  readonly chain: string;
  readonly asset: string;
  /** Decimal string, in the asset's units. */
  readonly amount: string;
  readonly address: string;
  readonly memo: string;
  /** Who the address is: the protocol's vault, or the deposit address opened for this swap. */
  readonly to: { readonly address: string; readonly role: string; readonly name: string };
}

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

/** Why a swap stopped before its hand-out was answered: a code the element puts in words. */
export type FlowStop = 'refused' | 'expired' | 'wallet' | 'service' | 'no-handler' | 'internal';

/** Why a swap is tracked: a hand-out's hash, the host's hash for the selected route, a hash for a hand-out that had ended. */
export type TrackedBy = 'hand-out' | 'host' | 'late';

export type FlowState =
  /** The form: editing, quoting, choosing. Swap is pressable. */
  | { readonly phase: 'idle' }
  /** Swap pressed: the route is re-quoted when old, the protocols' lists and decimals read, the route checked. */
  | { readonly phase: 'preparing'; readonly route: RouteRef }
  /** A re-quote came back below the minimum the user accepted: they accept the new price or cancel. */
  | { readonly phase: 'price-moved'; readonly route: RouteRef; readonly was: string; readonly now: string }
  /**
   * The checked plan's review: nothing is handed out before Confirm. `consent`: the risks it
   * lists that the user must accept (tick) before Confirm does anything; no setting skips them.
   */
  | {
      readonly phase: 'reviewing';
      readonly route: RouteRef;
      readonly review: Review;
      readonly consent: readonly ReviewWarning[];
    }
  /**
   * A hand-out is open: written, dispatched, not yet answered (`handout` absent: being made).
   * `pay`: what the user sends by hand when they hold it. `restored`: the state was read back
   * after a reload, so no run of the widget is behind it (a page wallet's approval then goes on
   * only when the user says so).
   */
  | {
      readonly phase: 'handing-out';
      readonly route: RouteRef;
      readonly handout?: OpenHandout;
      readonly pay?: UserPayment;
      readonly restored?: true;
    }
  /** A hash came back: the swap is tracked, its progress shown. Swap is not pressable. */
  | { readonly phase: 'tracking'; readonly swapId: string; readonly handoutId?: string; readonly by?: TrackedBy }
  /** The swap shown ended (completed, refunded, failed): its outcome is shown until New swap. */
  | { readonly phase: 'final'; readonly swapId: string }
  /** Stopped before anything was signed (or the hand-out was revoked): why, and Swap is pressable again. */
  | { readonly phase: 'stopped'; readonly stop: FlowStop; readonly route?: RouteRef };

/** A state the widget writes before the effects of a transition, and reads back after a reload. */
export type PersistedFlow = Extract<FlowState, { phase: 'handing-out' | 'tracking' }>;

export type FlowInput =
  | { readonly type: 'press-swap'; readonly route: RouteRef; readonly requestKey: string }
  /** A re-quote came back below the minimum accepted; `route`: the fresh route the user is asked about. */
  | { readonly type: 'price-moved'; readonly was: string; readonly now: string; readonly route: RouteRef }
  | { readonly type: 'accept-price' }
  /** The route passed its checks; `route`: the one prepared (a re-quote's, when it was quoted again). */
  | { readonly type: 'prepared'; readonly review: Review; readonly skipReview: boolean; readonly route: RouteRef }
  | { readonly type: 'prepare-failed'; readonly stop: FlowStop }
  /** Confirm pressed; `accepted`: the risks the user ticked in the review. */
  | { readonly type: 'confirm'; readonly accepted: readonly ReviewWarning[] }
  | { readonly type: 'cancel' }
  | { readonly type: 'handed-out'; readonly handout: OpenHandout; readonly pay?: UserPayment }
  /** The host sent its approval (`approved()`), or, after a reload, the user says the page wallet's approval went out. */
  | { readonly type: 'approved' }
  | { readonly type: 'rejected' }
  | { readonly type: 'expired'; readonly handoutId: string; readonly now: number }
  | { readonly type: 'not-taken'; readonly handoutId: string }
  | { readonly type: 'failed'; readonly stop: FlowStop }
  | { readonly type: 'request-changed' }
  /** A hash for the open hand-out (or the one it names). */
  | { readonly type: 'hash'; readonly hash: string; readonly swapId: string; readonly handoutId?: string }
  /**
   * A swap no open hand-out answers is tracked: the host's hash for the selected route
   * (`host`), or a hash for a hand-out that had ended (`late`: money may have moved).
   */
  | { readonly type: 'track-swap'; readonly swapId: string; readonly by: 'host' | 'late'; readonly handoutId?: string }
  /** The user picked a swap in Recent swaps: its progress is shown (`final`: it has ended). */
  | { readonly type: 'show-swap'; readonly swapId: string; readonly final: boolean }
  | { readonly type: 'status'; readonly swapId: string; readonly final: boolean }
  | { readonly type: 'new-swap' }
  /** After a reload: the state written before it. */
  | { readonly type: 'restore'; readonly state: PersistedFlow; readonly now: number }
  /** The user chose to pay the stopped route by hand (no wallet of its family in the page): its memo plan's review. */
  | { readonly type: 'pay-by-memo'; readonly review: Review; readonly skipReview: boolean };

export type RevokeWhy = 'expired' | 'request-changed' | 'rejected';

/** The view that takes the focus: the review, the hand-out's screen (memo, deposit, waiting), the progress, the form. */
export type FocusView = 'review' | 'handout' | 'progress' | 'form';

export type FlowEffect =
  /** Re-quote when needed, read what the checks need, check the route, open a channel: then `prepared` or `prepare-failed`. */
  | { readonly type: 'prepare'; readonly route: RouteRef; readonly acceptWorse: boolean }
  /** Hand out the prepared plan (its approval first): each hand-out is reported with `handed-out`. */
  | { readonly type: 'hand-out' }
  /** The approval went out: hand out what comes next (after a reload, the route is checked again first). */
  | { readonly type: 'continue' }
  /** Stop the run under way (its awaits return without effect). */
  | { readonly type: 'stop' }
  /** The open hand-out must no longer be signed: mark its record and tell the host (`swap-revoke`). */
  | { readonly type: 'revoke'; readonly handout: OpenHandout; readonly reason: RevokeWhy }
  /** Revoke the hand-out at its expiry (`expired` then comes back as an input). */
  | { readonly type: 'arm-expiry'; readonly handoutId: string; readonly at: number }
  /** Track this swap (its record written, polled until final) under the hand-out it answers, if any. */
  | { readonly type: 'track'; readonly swapId: string; readonly handoutId?: string }
  /** Tell the host and the user (`swap-error`). */
  | { readonly type: 'report'; readonly stop: FlowStop }
  /** Move the focus to the view that just appeared, and announce it. */
  | { readonly type: 'focus'; readonly view: FocusView };

export interface Transition {
  readonly state: FlowState;
  readonly effects: readonly FlowEffect[];
}

const same = (state: FlowState): Transition => ({ state, effects: [] });
const to = (state: FlowState, ...effects: FlowEffect[]): Transition => ({ state, effects });

/** The risks a review lists that the user must accept before Confirm (part `confirm-risk`). */
export function consentFor(review: Review): ReviewWarning[] {
  return review.warnings.filter((w) => CONFIRMED_WARNINGS.includes(w));
}

/** Phases where nothing has been handed out yet and Swap is not pressable. */
const PREPARING: ReadonlySet<FlowState['phase']> = new Set(['preparing', 'price-moved', 'reviewing']);
/** Phases with no hand-out open, from which a swap can be tracked or shown. */
const NO_HANDOUT: ReadonlySet<FlowState['phase']> = new Set([
  'idle',
  'stopped',
  'preparing',
  'price-moved',
  'reviewing',
  'tracking',
  'final',
]);

/**
 * The review of a prepared plan, or its hand-out at once when the host shows its own review
 * (`skip-review`) and the review lists no risk to accept: no setting skips a consent.
 */
function reviewOrHandOut(route: RouteRef, review: Review, skipReview: boolean): Transition {
  const consent = consentFor(review);
  if (skipReview && !consent.length) return to({ phase: 'handing-out', route }, { type: 'hand-out' });
  return to({ phase: 'reviewing', route, review, consent }, { type: 'focus', view: 'review' });
}

/**
 * The transition for `input` in `state`. An input the table has no row for returns the state as
 * it is, with no effect.
 */
export function step(state: FlowState, input: FlowInput): Transition {
  switch (input.type) {
    case 'press-swap':
      // Only from the form (or after a stop), and only a route of the request as it stands.
      if (!swapPressable(state) || input.route.requestKey !== input.requestKey) return same(state);
      return to(
        { phase: 'preparing', route: input.route },
        { type: 'prepare', route: input.route, acceptWorse: false },
      );
    case 'price-moved':
      if (state.phase !== 'preparing' || !sameRequest(state.route, input.route)) return same(state);
      return same({ phase: 'price-moved', route: input.route, was: input.was, now: input.now });
    case 'accept-price':
      if (state.phase !== 'price-moved') return same(state);
      return to({ phase: 'preparing', route: state.route }, { type: 'prepare', route: state.route, acceptWorse: true });
    case 'prepared':
      // A re-quote may have given the route a new quote; it answers the same request, or it is not this swap's.
      if (state.phase !== 'preparing' || !sameRequest(state.route, input.route)) return same(state);
      return reviewOrHandOut(input.route, input.review, input.skipReview);
    case 'prepare-failed':
      if (state.phase !== 'preparing') return same(state);
      return to({ phase: 'stopped', stop: input.stop, route: state.route }, { type: 'report', stop: input.stop });
    case 'confirm':
      if (state.phase !== 'reviewing' || !state.consent.every((w) => input.accepted.includes(w))) return same(state);
      return to({ phase: 'handing-out', route: state.route }, { type: 'hand-out' }, { type: 'focus', view: 'handout' });
    case 'cancel':
      if (PREPARING.has(state.phase) || state.phase === 'stopped')
        return to({ phase: 'idle' }, { type: 'stop' }, { type: 'focus', view: 'form' });
      if (state.phase === 'handing-out') return revoked(state, 'rejected', { phase: 'idle' }, focusForm);
      return same(state);
    case 'handed-out': {
      // One open hand-out at a time: a second one replaces the first only as the next step of the same route (the swap after its approval).
      if (state.phase !== 'handing-out') return same(state);
      const h = input.handout;
      if (h.quoteId !== state.route.quoteId || h.routeIndex !== state.route.routeIndex || h.id === state.handout?.id)
        return same(state);
      // A swap restored after a reload stays restored: the form's request does not end it.
      const { pay: _, ...rest } = state;
      return to(
        { ...rest, handout: h, ...(input.pay ? { pay: input.pay } : {}) },
        { type: 'arm-expiry', handoutId: h.id, at: h.expiresAt },
        { type: 'focus', view: 'handout' },
      );
    }
    case 'approved': {
      // The host's approval; or, after a reload (no run behind it), the page wallet's, as the user says.
      if (state.phase !== 'handing-out' || state.handout?.kind !== 'approve') return same(state);
      if (state.handout.holder !== 'host' && !(state.restored && state.handout.holder === 'wallet')) return same(state);
      return to(state, { type: 'continue' });
    }
    case 'rejected':
      if (state.phase !== 'handing-out' || !state.handout) return same(state);
      return revoked(state, 'rejected', { phase: 'idle' }, focusForm);
    case 'expired':
      if (state.phase !== 'handing-out' || state.handout?.id !== input.handoutId || input.now < state.handout.expiresAt)
        return same(state);
      return revoked(state, 'expired', { phase: 'stopped', stop: 'expired', route: state.route }, [
        { type: 'report', stop: 'expired' },
      ]);
    case 'not-taken':
      if (state.phase !== 'handing-out' || state.handout?.id !== input.handoutId) return same(state);
      return to(
        { phase: 'stopped', stop: 'no-handler', route: state.route },
        { type: 'stop' },
        { type: 'report', stop: 'no-handler' },
      );
    case 'failed':
      if (state.phase !== 'handing-out') return same(state);
      return to(
        { phase: 'stopped', stop: input.stop, route: state.route },
        { type: 'stop' },
        { type: 'report', stop: input.stop },
      );
    case 'request-changed':
      // A hand-out restored after a reload is not the form's: only the host or the user ends it.
      if (PREPARING.has(state.phase)) return to({ phase: 'idle' }, { type: 'stop' });
      if (state.phase === 'handing-out' && !state.restored) return revoked(state, 'request-changed', { phase: 'idle' });
      if (state.phase === 'stopped') return same({ phase: 'idle' });
      return same(state);
    case 'hash': {
      // The hash answers the open hand-out (or the one it names); anything else is `track-swap`'s.
      if (state.phase !== 'handing-out' || !state.handout) return same(state);
      if (input.handoutId !== undefined && input.handoutId !== state.handout.id) return same(state);
      // A host's hash while its approval is open is the approval's, not the swap's (it answers with `approved()`);
      // the page's wallet, which sends both, reports the swap's.
      if (state.handout.kind === 'approve' && state.handout.holder === 'host') return same(state);
      const handoutId = state.handout.id;
      return to(
        { phase: 'tracking', swapId: input.swapId, handoutId, by: 'hand-out' },
        { type: 'stop' },
        { type: 'track', swapId: input.swapId, handoutId },
        { type: 'focus', view: 'progress' },
      );
    }
    case 'track-swap': {
      // A late hash while another hand-out is open: money may have moved, so it is tracked, in Recent swaps.
      if (state.phase === 'handing-out' && input.by === 'late')
        return to(state, { type: 'track', swapId: input.swapId, ...handoutOf(input) });
      if (!NO_HANDOUT.has(state.phase)) return same(state);
      const stop: FlowEffect[] = PREPARING.has(state.phase) ? [{ type: 'stop' }] : [];
      const handoutId = input.handoutId;
      return to(
        { phase: 'tracking', swapId: input.swapId, by: input.by, ...(handoutId ? { handoutId } : {}) },
        ...stop,
        { type: 'track', swapId: input.swapId, ...(handoutId ? { handoutId } : {}) },
        { type: 'focus', view: 'progress' },
      );
    }
    case 'show-swap':
      if (!(
        state.phase === 'idle' ||
        state.phase === 'stopped' ||
        state.phase === 'tracking' ||
        state.phase === 'final'
      ))
        return same(state);
      return to(input.final ? { phase: 'final', swapId: input.swapId } : { phase: 'tracking', swapId: input.swapId }, {
        type: 'focus',
        view: 'progress',
      });
    case 'status':
      if (state.phase !== 'tracking' || state.swapId !== input.swapId || !input.final) return same(state);
      return same({ phase: 'final', swapId: state.swapId });
    case 'new-swap':
      if (state.phase !== 'tracking' && state.phase !== 'final') return same(state);
      return to({ phase: 'idle' }, { type: 'focus', view: 'form' });
    case 'pay-by-memo':
      if (state.phase !== 'stopped' || !state.route) return same(state);
      return reviewOrHandOut(state.route, input.review, input.skipReview);
    case 'restore':
      return restore(state, input.state, input.now);
  }
}

/**
 * After a reload, the state written before it, from the form only. A hand-out is open again
 * until its expiry (past it: revoked, and said); one not yet handed out is not (nothing went
 * out); a tracked swap is shown with its last known status. Nothing takes the focus: the page
 * just loaded.
 */
function restore(state: FlowState, saved: PersistedFlow, now: number): Transition {
  if (state.phase !== 'idle') return same(state);
  if (saved.phase === 'tracking') return to(saved, { type: 'track', swapId: saved.swapId, ...handoutOf(saved) });
  const h = saved.handout;
  if (!h) return same(state);
  if (now >= h.expiresAt)
    return to(
      { phase: 'stopped', stop: 'expired', route: saved.route },
      { type: 'revoke', handout: h, reason: 'expired' },
      { type: 'report', stop: 'expired' },
    );
  return to({ ...saved, restored: true }, { type: 'arm-expiry', handoutId: h.id, at: h.expiresAt });
}

const handoutOf = (s: { handoutId?: string }) => (s.handoutId ? { handoutId: s.handoutId } : {});
const focusForm: readonly FlowEffect[] = [{ type: 'focus', view: 'form' }];

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

/** Whether Swap is pressable: only from the form, or after a stop. Never while a swap of this widget is open or tracked. */
export function swapPressable(state: FlowState): boolean {
  return state.phase === 'idle' || state.phase === 'stopped';
}

/** The hand-out open in this state, if any. */
export function openHandout(state: FlowState): OpenHandout | undefined {
  return state.phase === 'handing-out' ? state.handout : undefined;
}

/**
 * What the state writes before its effects run: a hand-out open or being made, or a swap tracked
 * by this widget (a swap picked in Recent swaps is not this widget's to restore). Anything else
 * clears what was written.
 */
export function persistable(state: FlowState): PersistedFlow | undefined {
  if (state.phase === 'handing-out') {
    const { restored: _, ...saved } = state;
    return saved;
  }
  if (state.phase === 'tracking' && state.by !== undefined) return state;
  return undefined;
}

/**
 * The screen a state shows: the form (editing, preparing, a new price to accept and a stop
 * are said under it), the review, the hand-out's screen (what the user sends by hand, what the
 * host or the wallet is waiting for), or the progress of the swap shown.
 */
export type Screen = 'form' | 'review' | 'pay' | 'waiting' | 'progress';

export function screenOf(state: FlowState): Screen {
  switch (state.phase) {
    case 'reviewing':
      return 'review';
    case 'handing-out':
      return state.pay && state.handout?.holder === 'user' ? 'pay' : 'waiting';
    case 'tracking':
    case 'final':
      return 'progress';
    default:
      return 'form';
  }
}

/** The swap whose progress the state shows, if any. */
export function shownSwap(state: FlowState): string | undefined {
  return state.phase === 'tracking' || state.phase === 'final' ? state.swapId : undefined;
}
