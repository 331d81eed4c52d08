import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../api/errors.js';
import { compareDecimal } from '../domain/amount.js';
import { TrustedDecimals } from '../domain/decimals.js';
import { HandOutStore, type HandOutKind, type HandOutRecord, type RevokeReason } from '../domain/handout.js';
import type { Refusal } from '../domain/refusals.js';
import type { MemoPlan } from '../domain/route-checks.js';
import { Deadline } from '../util/deadline.js';
import { safeLocalStorage } from '../util/storage.js';
import { NO_FAMILY_WALLETS, type FamilyWallets } from '../wallet/family-wallets.js';
import { InjectedWallet, WalletError } from '../wallet/injected-wallet.js';
import { checkSelection } from './check-selection.js';
import { executePlan, handOutMemo, type PlanDeps, type PlanRun } from './execute-plans.js';
import { EXPIRY_MARGIN_MS, MAX_QUOTE_AGE_MS, type ExecutionOptions, type ExecutionProblem, type ExecutionState, type HandOut, type Selection } from './execution-types.js';

export { EXPIRY_MARGIN_MS, MAX_QUOTE_AGE_MS } from './execution-types.js';
export type { ExecutionOptions, ExecutionProblem, ExecutionState, HandOut, Selection, WorkingStep } from './execution-types.js';

/**
 * Carries out a selected route and owns the life of what it hands out. It checks the route,
 * re-quotes it when it is too old, then hands it out (`swap-tx`, an approval first where
 * needed, or `swap-memo`) through `offer`: it dispatches nothing itself.
 *
 * A hand-out is written to storage before it is offered, and ends once: tracked (a hash
 * came back), rejected (`rejected()`), or revoked at the route's expiry or when the
 * request changes. Between the press of Swap and that end, a second press does nothing.
 */
export class ExecutionController implements ReactiveController {
  state: ExecutionState = { phase: 'idle' };
  private approval?: { resolve: () => void; reject: (e: unknown) => void };
  /** The user's answer to the unverified addresses of the plan under way. */
  private risk?: { resolve: () => void; reject: (e: unknown) => void };
  private run = 0;
  private readonly expiry = new Deadline();
  /** What the plans' runs use: the wallets, the service, the configuration. */
  private readonly deps: PlanDeps;
  /** The decimals the checks count in: never the token list's. */
  private readonly decimals: TrustedDecimals;
  /** Quotes whose route was tracked: pressing Swap on one quotes again first. */
  private spent = new Set<string>();
  private _handOuts?: HandOutStore;
  /** The selection being carried out. */
  private current?: Selection;
  /** Routes of one quote refused by the checks, by service index. */
  private refusedIn: { quoteId?: string; routes: Map<number, Refusal> } = { routes: new Map() };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ExecutionOptions,
    readonly wallet: InjectedWallet = new InjectedWallet(),
    private readonly storage: () => Storage | undefined = safeLocalStorage,
    /** The page's Solana and Cosmos wallets. */
    families: FamilyWallets = NO_FAMILY_WALLETS,
  ) {
    this.decimals = options.decimals ?? new TrustedDecimals();
    this.deps = { wallet, families, client: () => options.client(), affiliate: () => options.affiliate(), decimals: (asset) => this.decimals.known(asset) };
    host.addController(this);
  }

  /** Hand-outs written ahead, read when first needed. */
  get handOuts(): HandOutStore {
    return (this._handOuts ??= new HandOutStore(this.storage()));
  }

  hostConnected(): void {
    this.wallet.listen();
    // Moved in the page (disconnected, then connected again): the hand-out still stands.
    if (this.state.phase === 'handed-out') this.armExpiry(this.state.expiresAt);
  }

  hostDisconnected(): void {
    this.expiry.clear();
    this.wallet.dispose();
  }

  /** From the press of Swap until the hand-out ends: Swap does nothing. */
  get busy(): boolean {
    const phase = this.state.phase;
    return phase === 'working' || phase === 'handed-out' || phase === 'confirm-worse' || phase === 'confirm-risk';
  }

  /** Routes of this quote refused by the checks, with why. */
  refusals(quoteId: string | undefined): ReadonlyMap<number, Refusal> {
    return quoteId !== undefined && this.refusedIn.quoteId === quoteId ? this.refusedIn.routes : new Map();
  }

  /** Whether Swap on this selection would hand out again what was already tracked. */
  isSpent(quoteId: string): boolean {
    return this.spent.has(quoteId);
  }

  /**
   * Ends what is under way: a hand-out not yet answered is revoked (`swap-revoke`), work
   * in progress stops. For a change of the request (or of the selected route).
   */
  revoke(reason: RevokeReason): void {
    const state = this.state;
    this.stop();
    if (state.phase === 'handed-out') {
      this.handOuts.revoke(this.options.service(), reason);
      this.options.revoke({ quoteId: state.quoteId, routeIndex: state.routeIndex, reason });
    }
    if (reason === 'expired') this.fail({ code: 'revoked', reason: 'expired' });
    else this.set({ phase: 'idle' });
  }

  /** The user cancelled (a price they did not accept, the memo flow closed): a hand-out is revoked as rejected. */
  cancel(): void {
    if (this.state.phase === 'handed-out') return this.revoke('rejected');
    this.stop();
    this.set({ phase: 'idle' });
  }

  /** The host's user declined the current hand-out: back to the selected route. False when nothing was handed out. */
  rejected(): boolean {
    if (this.state.phase !== 'handed-out') return false;
    this.revoke('rejected');
    return true;
  }

  /**
   * The user chose to pay a route by hand that no wallet in the page could sign (the failed
   * state's `memo`): it is handed out as a memo route. False when none is offered.
   */
  payByMemo(): boolean {
    const state = this.state;
    if (state.phase !== 'failed' || !state.memo) return false;
    this.stop();
    this.current = state.memo.selection;
    const run = ++this.run;
    // A user who cancels the question of an unverified address ends the run: nothing to report.
    void Promise.resolve(handOutMemo(state.memo.plan, this.runOf(state.memo.selection, () => run === this.run), this.deps)).catch(() => undefined);
    return true;
  }

  /** The user accepted to pay the addresses the widget could not verify: the run goes on. False when nothing asked. */
  acceptRisk(): boolean {
    if (!this.risk || this.state.phase !== 'confirm-risk') return false;
    this.risk.resolve();
    this.risk = undefined;
    this.set({ phase: 'working', step: 'checking' });
    return true;
  }

  /** The host sent (or skipped) the approval asked for by a cancelled `swap-tx` of kind `approve`. False when none is pending. */
  approved(): boolean {
    if (!this.approval) return false;
    this.approval.resolve();
    this.approval = undefined;
    return true;
  }

  /**
   * A transaction came back from the host (`track()`, or the hash the user pasted): the
   * hand-out it answers, if any; its swap is tracked. `late` when that hand-out had been
   * revoked: it is still tracked (money may have moved), and the caller warns.
   */
  answer(): { record: HandOutRecord; late: boolean } | undefined {
    const state = this.state;
    const record = this.handOuts.read(this.options.service());
    if (!record) return undefined;
    const late = !!record.revoked || !(state.phase === 'handed-out' && state.quoteId === record.quoteId && state.routeIndex === record.routeIndex);
    this.ended(record.quoteId, record.routeIndex);
    return { record, late: late && !!record.revoked };
  }

  /** Starts the swap of the selected route; a press while one is under way does nothing. */
  async start(selection: Selection, confirmedWorse = false): Promise<void> {
    if (this.busy && !(confirmedWorse && this.state.phase === 'confirm-worse')) return;
    const run = ++this.run;
    const live = () => run === this.run;
    this.current = selection;
    this.set({ phase: 'working', step: 'checking' });
    try {
      let current = selection;
      const now = Date.now();
      const expiresAt = current.entry.expiresAt;
      const stale = this.spent.has(current.quoteId) || (expiresAt !== undefined ? expiresAt - now < EXPIRY_MARGIN_MS : now - current.receivedAt > MAX_QUOTE_AGE_MS);
      if (stale && !confirmedWorse) {
        this.set({ phase: 'working', step: 'requoting' });
        const fresh = await this.options.requote(current);
        if (!live()) return;
        if (!fresh) return this.fail({ code: 'route-expired', gone: true });
        this.options.reselect(fresh);
        this.current = fresh;
        // Worse beyond the slippage the user accepted: ask again.
        if (compareDecimal(fresh.entry.expected, current.entry.minimum) < 0) {
          this.set({ phase: 'confirm-worse', was: current.entry.expected, now: fresh.entry.expected, selection: fresh });
          return;
        }
        current = fresh;
      }

      const check = await checkSelection(current, { ...this.options, decimals: this.decimals }, live);
      if (!check) return;
      if (!check.ok) return this.fail({ code: check.code, refusal: check.refusal });
      await executePlan(check.plan, this.runOf(current, live), this.deps);
    } catch (error) {
      if (!live() || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (error instanceof WalletError) return this.fail({ code: 'wallet', wallet: error.problem });
      if (error instanceof ApiError) return this.fail({ code: 'service', error });
      this.fail({ code: 'wallet', wallet: { code: 'failed', action: 'swap', detail: error instanceof Error ? error.message : String(error) } });
    }
  }

  /**
   * Writes the hand-out, then offers it: true when the host took it (it now waits in
   * `handed-out` until answered or revoked).
   */
  private offer(handOut: HandOut, selection: Selection, kind: HandOutKind, chain: string, expiresAt: number | undefined): boolean {
    const { quoteId, entry } = selection;
    this.handOuts.write(this.options.service(), { quoteId, routeIndex: entry.index, route: entry.route, chain, kind, handedOutAt: Date.now(), ...(expiresAt !== undefined ? { expiresAt } : {}) });
    const taken = this.options.offer(handOut);
    this.armExpiry(expiresAt);
    return taken;
  }

  /** The steps a plan's run takes, bound to this controller and to `selection`. */
  private runOf(selection: Selection, live: () => boolean): PlanRun {
    const { quoteId, entry } = selection;
    const routeIndex = entry.index;
    return {
      selection,
      live,
      offer: (handOut, kind, chain, expiresAt) => this.offer(handOut, selection, kind, chain, expiresAt),
      handedOut: (kind, to, expiresAt, plan) =>
        this.set({ phase: 'handed-out', kind, to, quoteId, routeIndex, ...(expiresAt !== undefined ? { expiresAt } : {}), ...(plan ? { plan } : {}) }),
      step: (step) => this.set({ phase: 'working', step }),
      approval: () => new Promise<void>((resolve, reject) => (this.approval = { resolve, reject })),
      confirmRisk: (warnings) =>
        new Promise<void>((resolve, reject) => {
          this.risk = { resolve, reject };
          this.set({ phase: 'confirm-risk', warnings });
        }),
      sent: (hash, chain) => {
        this.ended(quoteId, routeIndex);
        this.options.track(hash, chain, { quoteId, routeIndex, route: entry.route });
      },
      fail: (problem, memo) => this.fail(problem, memo),
    };
  }

  /** Revokes the hand-out at its expiry (not a margin before: the route is valid until then). */
  private armExpiry(expiresAt: number | undefined): void {
    const run = this.run;
    this.expiry.set(expiresAt, () => run === this.run && this.state.phase === 'handed-out' && this.revoke('expired'));
  }

  /** The hand-out of this route was answered with a transaction. */
  private ended(quoteId: string, routeIndex: number): void {
    this.stop();
    this.spent.add(quoteId);
    this.handOuts.clear(this.options.service());
    this.set({ phase: 'tracked', quoteId, routeIndex });
  }

  /** Stops the run under way (its awaits return without effect) and its timers. */
  private stop(): void {
    this.run += 1;
    this.expiry.clear();
    this.approval?.reject(new DOMException('Aborted', 'AbortError'));
    this.approval = undefined;
    this.risk?.reject(new DOMException('Aborted', 'AbortError'));
    this.risk = undefined;
  }

  private fail(problem: ExecutionProblem, memo?: { plan: MemoPlan; selection: Selection }): void {
    // A hand-out the injected wallet failed to sign is over: a late hash for it is warned about.
    this.handOuts.revoke(this.options.service(), problem.code === 'revoked' ? 'expired' : 'rejected');
    const at = this.current;
    if (problem.code === 'route-rejected' && at) {
      if (this.refusedIn.quoteId !== at.quoteId) this.refusedIn = { quoteId: at.quoteId, routes: new Map() };
      this.refusedIn.routes.set(at.entry.index, problem.refusal);
    }
    this.set({ phase: 'failed', problem, ...(memo ? { memo } : {}) });
    this.options.error(problem);
  }

  private set(state: ExecutionState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
