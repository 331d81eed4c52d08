/**
 * The one owner of a swap's life: the flow's state (`domain/flow/flow.ts`, which alone decides
 * what happens) and the swap's data beside it (the route pressed, its plan and review, what the
 * work shows). The user's presses, the host's calls and what the effects report are the flow's
 * inputs; each transition is written to storage (`domain/flow/flow-store.ts`) before its effects
 * run (`swap-effects.ts`), so a reloaded page starts where the swap was. A hand-out is a record
 * with an id of its own, written before it is offered (`domain/flow/handout-records.ts`).
 *
 * A plain class: the element's session gives it a port (`ExecutionOptions`: the service and the
 * checks' sources, the host's events, the focus) and a host to re-render; Node tests give it fakes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { TrustedDecimals } from '../domain/checks/decimals.js';
import {
  openHandout,
  persistable,
  step,
  swapPressable,
  type FlowEffect,
  type FlowInput,
  type FlowState,
  type OpenHandout,
} from '../domain/flow/flow.js';
import { FlowStore, flowKey, type SavedFlow } from '../domain/flow/flow-store.js';
import { handOutExpiry } from '../domain/flow/handout.js';
import type { Refusal } from '../domain/checks/refusals.js';
import { swapId } from '../domain/tracking/swap-store.js';
import { safeLocalStorage } from '../util/storage.js';
import { NO_FAMILY_WALLETS, type FamilyWallets } from '../wallet/family-wallets.js';
import { InjectedWallet } from '../wallet/injected-wallet.js';
import { reviewOf } from '../controllers/execution/prepare-route.js';
import { WidgetHandouts } from '../controllers/execution/widget-handouts.js';
import type { PlanDeps } from '../controllers/execution/execute-plans.js';
import type { ExecutionOptions, ExecutionState, Selection } from '../controllers/execution/execution-types.js';
import type { ReviewWarning } from '../domain/flow/review.js';
import { executionState } from './execution-state.js';
import { SwapEffects, routeRef, type EffectsOwner, type SwapData } from './swap-effects.js';

export { requestKey } from './swap-effects.js';
export { EXPIRY_MARGIN_MS, MAX_QUOTE_AGE_MS } from '../controllers/execution/execution-types.js';
export type {
  ExecutionOptions,
  ExecutionProblem,
  ExecutionState,
  HandOut,
  Selection,
  WorkingStep,
} from '../controllers/execution/execution-types.js';

/** What `answer()` found for a hash the host or the user gave. */
export type AnswerResult =
  | { ok: true; late: boolean }
  | { ok: false; problem: 'no-hand-out' | 'second-hash' | 'approval-open' | 'unknown-hand-out' };

export class SwapFlow implements ReactiveController {
  /** The flow's state: what the element renders. */
  flow: FlowState = { phase: 'idle' };
  /** The swap's data beside the state. */
  readonly swap: SwapData = { refused: { routes: new Map() }, spent: new Set() };
  /** The decimals the checks count in: never the token list's. */
  readonly decimals: TrustedDecimals;
  /** This widget's hand-outs, written before they are offered. */
  readonly handouts: WidgetHandouts;
  private readonly store: FlowStore;
  private readonly effects: SwapEffects;
  private readonly deps: PlanDeps;
  /** The swap a hash starts, until the flow's `track` effect writes and polls it. */
  private toTrack?: {
    hash: string;
    chain: string;
    quoteId: string;
    routeIndex: number;
    route: Selection['entry']['route'];
    handoutId?: string;
  };
  /** The state was read back (once, when the element first connected). */
  private restored = false;

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
    this.store = new FlowStore(storage());
    this.deps = {
      wallet,
      families,
      client: () => options.client(),
      affiliate: () => options.affiliate(),
      decimals: (asset) => this.decimals.known(asset),
    };
    this.effects = new SwapEffects(this.owner);
    host.addController(this);
  }

  hostConnected(): void {
    this.wallet.listen();
    if (!this.restored) return this.restore(false);
    // Moved in the page (disconnected, then connected again): the open hand-out's expiry stands.
    const open = this.openHandout;
    if (open) this.effects.arm(open.id, open.expiresAt);
  }

  hostDisconnected(): void {
    this.effects.pause();
    this.wallet.dispose();
  }

  /** From the press of Swap until the hand-out ends, and while a swap is shown: Swap is not pressable. */
  get busy(): boolean {
    return !swapPressable(this.flow);
  }

  /** The hand-out open now. */
  get openHandout(): OpenHandout | undefined {
    return openHandout(this.flow);
  }

  /** The flow's state as the execution view shows it. */
  get state(): ExecutionState {
    return executionState(this.flow, this.swap);
  }

  /** Why the flow's state could not be kept in storage, if it could not. */
  get storeProblem() {
    return this.store.problem;
  }

  /** Routes of this quote refused by the checks, with why. */
  refusals(quoteId: string | undefined): ReadonlyMap<number, Refusal> {
    const r = this.swap.refused;
    return quoteId !== undefined && r.quoteId === quoteId ? r.routes : new Map();
  }

  // ---- inputs: the user, the host, the rest of the widget ---------------------------------

  /** Swap pressed on the selected route of the request as it stands (`current`: that request's key). */
  press(selection: Selection, current: string): void {
    if (swapPressable(this.flow)) this.swap.selection = selection;
    this.dispatch({ type: 'press-swap', route: routeRef(selection), requestKey: current });
  }

  /** Confirm pressed in the review, with the risks the user ticked. */
  confirm(accepted: readonly ReviewWarning[]): void {
    this.dispatch({ type: 'confirm', accepted });
  }

  /** The user cancelled: the review, a price they did not accept, the memo flow, the waiting panel, a stopped swap. */
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

  /**
   * The host sent (or skipped) the approval it holds; or, after a reload, the user says the page
   * wallet's approval went out ("Continue"). False when no such approval is open.
   */
  approved(): boolean {
    this.dispatch({ type: 'approved' });
    const went = this.lastEffects.includes('continue');
    if (went) this.effects.heard();
    return went;
  }

  /** The request changed (pair, amount, addresses, slippage, affiliate, providers). */
  requestChanged(): void {
    this.dispatch({ type: 'request-changed' });
  }

  /** "New swap": back to the form; the tracked swap goes on in Recent swaps. */
  newSwap(): void {
    this.dispatch({ type: 'new-swap' });
  }

  /** A swap picked in Recent swaps: its progress is shown. */
  show(id: string, final: boolean): void {
    this.dispatch({ type: 'show-swap', swapId: id, final });
  }

  /** A tracked swap's status changed. */
  status(id: string, final: boolean): void {
    this.dispatch({ type: 'status', swapId: id, final });
  }

  /**
   * A hash came back from the host (`track()`) or the user (the hash field): the hand-out it
   * answers (`handoutId`, else the open one, else this widget's last) is tracked under its quote.
   * `late` when that hand-out had ended without a hash (revoked): it is tracked all the same,
   * money may have moved. A `handoutId` of another widget is not this widget's to answer.
   */
  answer(hash: string, chain: string | undefined, handoutId?: string): AnswerResult {
    const open = this.openHandout;
    const found = this.handouts.answer(hash, handoutId, open);
    if (!found.ok) return found;
    if (!found.first) return { ok: true, late: false };
    const record = found.record;
    const at = (chain ?? record.chain).toUpperCase();
    const id = swapId(hash, at);
    this.toTrack = {
      hash,
      chain: at,
      quoteId: record.quoteId,
      routeIndex: record.routeIndex,
      route: record.route,
      handoutId: record.id,
    };
    if (open?.id === record.id) {
      this.effects.heard();
      this.dispatch({ type: 'hash', hash, swapId: id, handoutId: record.id });
      return { ok: true, late: false };
    }
    // Not open (revoked, or answered after its end): tracked all the same, and told.
    this.dispatch({ type: 'track-swap', swapId: id, by: 'late', handoutId: record.id });
    return { ok: true, late: record.revoked !== undefined };
  }

  /** The host tracks a hash with nothing handed out: the selected route, sent by its own means. */
  trackSelected(hash: string, chain: string, selection: Selection): void {
    const { quoteId, entry } = selection;
    this.toTrack = { hash, chain, quoteId, routeIndex: entry.index, route: entry.route };
    this.dispatch({ type: 'track-swap', swapId: swapId(hash, chain), by: 'host' });
  }

  /**
   * The user chose to pay a route by hand that no wallet in the page could sign (the stopped
   * state's `byMemo`): it is handed out as a memo route. False when none is offered.
   */
  payByMemo(): boolean {
    const byMemo = this.swap.byMemo;
    if (this.flow.phase !== 'stopped' || !byMemo) return false;
    const { plan, selection } = byMemo;
    const expiresAt =
      this.swap.expiresAt ?? handOutExpiry(selection.receivedAt, selection.entry.expiresAt, plan.expiresAt);
    const review = reviewOf(plan, selection, expiresAt, { options: this.options, decimals: this.decimals });
    Object.assign(this.swap, { selection, plan, review, expiresAt, byMemo: undefined, problem: undefined });
    this.dispatch({ type: 'pay-by-memo', review, skipReview: this.options.skipReview?.() ?? false });
    return true;
  }

  // ---- the flow, its storage and its effects ------------------------------------------------

  /** The effects of the last transition, by type (what `approved()` reports on). */
  private lastEffects: FlowEffect['type'][] = [];

  private dispatch(input: FlowInput): void {
    const t = step(this.flow, input);
    this.lastEffects = t.effects.map((e) => e.type);
    if (t.state === this.flow && !t.effects.length) return;
    const changed = t.state !== this.flow;
    this.flow = t.state;
    // Written before anything moves: a reload from here on starts where the swap is.
    if (changed) this.save();
    for (const effect of t.effects) this.apply(effect);
    this.host.requestUpdate();
  }

  private save(): void {
    const saved = persistable(this.flow);
    const selection = saved?.phase === 'handing-out' ? this.swap.selection : undefined;
    const now = Date.now();
    this.store.write(this.key, saved && { state: saved, savedAt: now, ...(selection ? { selection } : {}) }, now);
  }

  private get key(): string {
    return flowKey(this.options.owner(), this.options.service(), '');
  }

  /**
   * After a reload: the state written before it, read back before the first frame (for a page
   * written by an earlier version, with hand-out records only: the open hand-out of this widget).
   * A hand-out whose expiry passed meanwhile is revoked only `late`, once the widget has started,
   * so the host's listeners, added after the element, hear its `swap-revoke`.
   */
  restore(late: boolean): void {
    if (this.restored) return;
    const now = Date.now();
    const saved = this.store.read(this.key, now) ?? this.fromRecords();
    const h = saved?.state.phase === 'handing-out' ? saved.state.handout : undefined;
    if (!late && h && now >= h.expiresAt) return;
    this.restored = true;
    if (!saved) return;
    if (saved.selection) this.swap.selection = saved.selection;
    this.dispatch({ type: 'restore', state: saved.state, now });
  }

  /** The open hand-out of this widget's records, as a written state (records of an earlier version). */
  private fromRecords(): SavedFlow | undefined {
    const open = this.handouts.open();
    if (!open) return undefined;
    const { id, quoteId, routeIndex, kind, chain, expiresAt, holder } = open;
    const handout = { id, quoteId, routeIndex, kind, chain, expiresAt, holder };
    return {
      state: { phase: 'handing-out', route: { quoteId, routeIndex, requestKey: '' }, handout },
      savedAt: open.handedOutAt,
    };
  }

  private apply(effect: FlowEffect): void {
    const { effects } = this;
    switch (effect.type) {
      case 'prepare':
        Object.assign(this.swap, { problem: undefined, step: undefined, byMemo: undefined });
        return void effects.prepare(effect.acceptWorse);
      case 'hand-out':
        return void effects.handOut();
      case 'continue':
        return void effects.continue();
      case 'stop':
        return effects.stop();
      case 'revoke':
        return effects.revoke(effect.handout, effect.reason);
      case 'arm-expiry':
        return effects.arm(effect.handoutId, effect.at);
      case 'track':
        return this.track(effect.swapId);
      case 'report':
        return effects.report(effect.stop);
      case 'focus':
        return this.options.focus?.(effect.view);
    }
  }

  /** Tracks the swap a hash started (after a reload, the tracker resumes it from its store). */
  private track(id: string): void {
    const t = this.toTrack;
    this.toTrack = undefined;
    if (!t || swapId(t.hash, t.chain) !== id) return;
    this.swap.spent.add(t.quoteId);
    this.options.track(t.hash, t.chain, t);
  }

  /** What the effects need of this owner. */
  private get owner(): EffectsOwner {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the effects read the owner's live state through it
    const self = this;
    return {
      get flow() {
        return self.flow;
      },
      swap: this.swap,
      dispatch: (input) => this.dispatch(input),
      update: () => this.host.requestUpdate(),
      services: this.options,
      decimals: this.decimals,
      deps: this.deps,
      handouts: this.handouts,
      offer: (h) => this.options.offer(h),
      revoked: (detail) => this.options.revoke(detail),
      reportProblem: (problem) => this.options.error(problem),
      sent: (hash, chain) => void this.answer(hash, chain, this.openHandout?.id),
    };
  }
}
