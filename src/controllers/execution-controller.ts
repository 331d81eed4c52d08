import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SwapApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { QuoteRequest } from '../api/schemas.js';
import { compareDecimal } from '../domain/amount.js';
import { chainInfo } from '../domain/chains.js';
import { approveData } from '../domain/evm.js';
import { HandOutStore, earliest, handOutSummary, type HandOutKind, type HandOutRecord, type HandOutSummary, type RevokeReason } from '../domain/handout.js';
import { refusal as makeRefusal, type Refusal } from '../domain/refusals.js';
import {
  assetDecimals,
  checkDepositChannel,
  checkRoute,
  type CheckContext,
  type CosmosPlan,
  type DepositChannelPlan,
  type EvmPlan,
  type MemoPlan,
  type Plan,
  type SolanaPlan,
} from '../domain/route-checks.js';
import type { RouteEntry } from '../domain/routes.js';
import type { WalletProblem } from '../domain/wallet-problem.js';
import type { SwapMemoDetail, SwapRevokeDetail, SwapTxDetail } from '../events.js';
import type { FamilyWallets } from './family-wallets.js';
import { InjectedWallet, WalletError } from './injected-wallet.js';

/** A route is re-quoted before it is handed out when less than this is left of it. */
export const EXPIRY_MARGIN_MS = 30_000;
/** A route without an expiry is re-quoted when its quote is older than this. */
export const MAX_QUOTE_AGE_MS = 60_000;

export interface Selection {
  quoteId: string;
  entry: RouteEntry;
  request: QuoteRequest;
  /** Unix ms the quote arrived. */
  receivedAt: number;
}

/** Why a swap stopped before anything was handed out (or while it was): a code, put in words at render. */
export type ExecutionProblem =
  /** The route (or the channel opened for it) failed its safety checks. */
  | { code: 'route-rejected'; refusal: Refusal }
  /** The route expired (`refusal` says how, when the checks found it); `gone` when a re-quote no longer offers the same route. */
  | { code: 'route-expired'; refusal?: Refusal; gone?: boolean }
  | { code: 'wallet'; wallet: WalletProblem }
  /** The service failed while re-quoting or opening a channel. */
  | { code: 'service'; error: ApiError }
  /** The hand-out expired before a transaction came back. */
  | { code: 'revoked'; reason: 'expired' };

export type WorkingStep = 'checking' | 'requoting' | 'opening-channel' | 'connecting' | 'switching' | 'allowance' | 'approving' | 'confirming' | 'sending';

export type ExecutionState =
  | { phase: 'idle' }
  | { phase: 'working'; step: WorkingStep }
  | { phase: 'confirm-worse'; was: string; now: string; selection: Selection }
  /** Handed out and not yet answered: to the host (`to: 'host'`), or to the user as the memo flow. */
  | { phase: 'handed-out'; kind: HandOutKind; to: 'host' | 'user'; quoteId: string; routeIndex: number; expiresAt?: number; plan?: MemoPlan }
  /** A transaction came back for the hand-out of this quote's route: it is tracked. */
  | { phase: 'tracked'; quoteId: string; routeIndex: number }
  /**
   * Stopped by a problem. `memo`: the route can also be paid by hand (no wallet of its family
   * in the page, and it names an inbound address and a memo): the memo flow is offered.
   */
  | { phase: 'failed'; problem: ExecutionProblem; memo?: { plan: MemoPlan; selection: Selection } };

/** What the host is handed: `swap-tx` or `swap-memo`, dispatched by the root. */
export type HandOut = { type: 'swap-tx'; detail: SwapTxDetail } | { type: 'swap-memo'; detail: SwapMemoDetail };

export interface ExecutionOptions {
  client(): SwapApiClient;
  /** The service's identity: hand-outs are written per service. */
  service(): string;
  /** Quotes the same request again now; resolves with the fresh selection of the same route, if any. */
  requote(previous: Selection): Promise<Selection | undefined>;
  /** The token list's decimals of an asset (sell, buy or a leg's), undefined when it does not list it. */
  tokenDecimals(asset: string): number | undefined;
  /** The configured affiliate and fee: the route's memo, fee lines and meta are held to them. */
  affiliate(): { code?: string; bps: number };
  /**
   * Hands out to the host (dispatches `swap-tx` or `swap-memo`): true when the host takes
   * it (it cancelled the event, or it signs everything: `host-signs`).
   */
  offer(handOut: HandOut): boolean;
  /** A hand-out must no longer be signed (`swap-revoke`). */
  revoke(detail: SwapRevokeDetail): void;
  /** The transaction with this hash was sent: track it. */
  track(hash: string, chainId: string, handOut: { quoteId: string; routeIndex: number; route: RouteEntry['route'] }): void;
  /** Tell the host (`swap-error`); the state shows the problem too. */
  error(problem: ExecutionProblem): void;
  /** The route passed its checks again after a re-quote: show the new one as selected. */
  reselect(selection: Selection): void;
}

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
  private run = 0;
  private expiryTimer?: ReturnType<typeof setTimeout>;
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
    private readonly families: FamilyWallets = NO_FAMILY_WALLETS,
  ) {
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
    clearTimeout(this.expiryTimer);
    this.wallet.dispose();
  }

  /** From the press of Swap until the hand-out ends: Swap does nothing. */
  get busy(): boolean {
    const phase = this.state.phase;
    return phase === 'working' || phase === 'handed-out' || phase === 'confirm-worse';
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
    this.handOutMemo(state.memo.plan, state.memo.selection);
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

      const check = checkRoute(current.entry.route, this.checkContext(current.request));
      if (!check.ok) return this.fail({ code: check.code, refusal: check.refusal });
      await this.execute(check.plan, current, live);
    } catch (error) {
      if (!live() || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (error instanceof WalletError) return this.fail({ code: 'wallet', wallet: error.problem });
      if (error instanceof ApiError) return this.fail({ code: 'service', error });
      this.fail({ code: 'wallet', wallet: { code: 'failed', action: 'swap', detail: error instanceof Error ? error.message : String(error) } });
    }
  }

  /** What the checks need besides the route: the request, the token list's decimals, the affiliate configuration. */
  private checkContext(request: QuoteRequest): CheckContext {
    const { code, bps } = this.options.affiliate();
    return { request, listDecimals: (asset) => this.options.tokenDecimals(asset), affiliate: { name: code, bps }, now: Date.now() };
  }

  private async execute(plan: Plan, selection: Selection, live: () => boolean): Promise<void> {
    switch (plan.kind) {
      case 'evm':
        return this.executeEvm(plan, selection, live);
      case 'memo':
        return this.handOutMemo(plan, selection);
      case 'deposit-channel':
        return this.openChannel(plan, selection, live);
      case 'solana':
      case 'cosmos':
        return this.executeFamily(plan, selection, live);
    }
  }

  private summary(selection: Selection, decimals: number, spender?: string): HandOutSummary {
    const { request, entry } = selection;
    return handOutSummary({
      route: entry.route,
      sellAsset: request.sellAsset,
      sellAmount: request.sellAmount,
      buyAsset: request.buyAsset,
      expected: entry.expected,
      minimum: entry.minimum,
      decimals,
      ...(spender ? { spender } : {}),
    });
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

  private async executeEvm(plan: EvmPlan, selection: Selection, live: () => boolean): Promise<void> {
    const { quoteId, entry } = selection;
    const routeIndex = entry.index;
    const chainName = chainInfo(plan.chain)?.name ?? plan.chain;
    const expiresAt = earliest(entry.expiresAt, plan.expiresAt);
    const sellDecimals = plan.approval?.decimals ?? chainInfo(plan.chain)?.nativeDecimals ?? 18;
    let walletApproval = false;

    if (plan.approval) {
      const { token, spender, amount, resetFirst } = plan.approval;
      // The widget cannot read allowances for a host that signs: it asks for an exact
      // approval (after a reset to zero for USDT-style tokens) every time.
      for (const value of resetFirst ? [0n, amount] : [amount]) {
        const detail: SwapTxDetail = {
          quoteId,
          routeIndex,
          kind: 'approve',
          chain: plan.chain,
          family: 'evm',
          tx: { to: token, from: plan.tx.from, value: '0', data: approveData(spender, value), chainId: plan.chainId },
          summary: this.summary(selection, plan.approval.decimals, spender),
        };
        if (!this.offer({ type: 'swap-tx', detail }, selection, 'approve', plan.chain, expiresAt)) {
          walletApproval = true;
          break;
        }
        this.set({ phase: 'handed-out', kind: 'approve', to: 'host', quoteId, routeIndex, ...(expiresAt !== undefined ? { expiresAt } : {}) });
        await new Promise<void>((resolve, reject) => (this.approval = { resolve, reject }));
        if (!live()) return;
      }
    }

    const swap: HandOut = {
      type: 'swap-tx',
      detail: {
        quoteId,
        routeIndex,
        kind: 'swap',
        chain: plan.chain,
        family: 'evm',
        tx: { to: plan.tx.to, from: plan.tx.from, value: plan.tx.value.toString(), data: plan.tx.data, chainId: plan.chainId },
        summary: this.summary(selection, sellDecimals),
      },
    };
    const handedToHost = () => this.set({ phase: 'handed-out', kind: 'swap', to: 'host', quoteId, routeIndex, ...(expiresAt !== undefined ? { expiresAt } : {}) });
    if (!walletApproval && this.offer(swap, selection, 'swap', plan.chain, expiresAt)) return handedToHost();

    // The injected wallet signs.
    this.set({ phase: 'working', step: 'connecting' });
    const provider = await this.wallet.connect(plan.tx.from, chainName);
    if (!live()) return;
    this.set({ phase: 'working', step: 'switching' });
    await this.wallet.ensureChain(provider, plan.chainId, chainName);
    if (!live()) return;
    if (plan.approval && walletApproval) {
      const { token, spender, amount, decimals } = plan.approval;
      this.set({ phase: 'working', step: 'allowance' });
      // The amount was counted in the token list's decimals: the token's own must agree
      // before anything is approved (a list saying 12 for a 6-decimal token asks a million times too much).
      const onChain = await this.wallet.decimals(provider, token);
      if (!live()) return;
      if (onChain === undefined) return this.fail({ code: 'route-rejected', refusal: makeRefusal('token-decimals-unreadable', { asset: selection.request.sellAsset }) });
      if (onChain !== decimals) {
        return this.fail({ code: 'route-rejected', refusal: makeRefusal('token-decimals-mismatch', { asset: selection.request.sellAsset, list: decimals, chain: onChain }) });
      }
      const allowance = await this.wallet.allowance(provider, token, plan.tx.from, spender);
      if (!live()) return;
      if (allowance < amount) {
        // A leftover allowance is reset to zero first: USDT-style tokens refuse to change one
        // non-zero allowance to another, and the widget cannot know every such token.
        for (const value of allowance > 0n ? [0n, amount] : [amount]) {
          this.set({ phase: 'working', step: 'approving' });
          const hash = await this.wallet.send(provider, { to: token, from: plan.tx.from, value: 0n, data: approveData(spender, value) }, 'approval');
          if (!live()) return;
          this.set({ phase: 'working', step: 'confirming' });
          await this.wallet.waitForReceipt(provider, hash);
          if (!live()) return;
        }
      }
      // Now the swap itself, told to the host like any other.
      if (this.offer(swap, selection, 'swap', plan.chain, expiresAt)) return handedToHost();
    }
    this.set({ phase: 'working', step: 'sending' });
    const hash = await this.wallet.send(provider, plan.tx, 'swap');
    // Sent is sent: the swap is tracked even if the request changed while the wallet was open.
    this.ended(quoteId, routeIndex);
    this.options.track(hash, plan.chain, { quoteId, routeIndex, route: entry.route });
  }

  /**
   * A Solana transaction or Cosmos messages: handed to the host as they are (`swap-tx` of
   * family `solana` or `cosmos`); not taken, the page's wallet of the family signs and sends
   * them. With no such wallet, a route that can also be paid by hand offers the memo flow.
   */
  private async executeFamily(plan: SolanaPlan | CosmosPlan, selection: Selection, live: () => boolean): Promise<void> {
    const { quoteId, entry } = selection;
    const routeIndex = entry.index;
    const expiresAt = earliest(entry.expiresAt, plan.expiresAt);
    const base = { quoteId, routeIndex, kind: 'swap' as const, chain: plan.chain, summary: this.summary(selection, assetDecimals(selection.request.sellAsset, (a) => this.options.tokenDecimals(a)) ?? 0) };
    const detail: SwapTxDetail =
      plan.kind === 'solana'
        ? { ...base, family: 'solana', tx: { from: plan.tx.from, serialized: plan.tx.serialized } }
        : { ...base, family: 'cosmos', tx: { from: plan.tx.from, msgs: plan.tx.msgs, fee: plan.tx.fee, memo: plan.tx.memo } };
    if (this.offer({ type: 'swap-tx', detail }, selection, 'swap', plan.chain, expiresAt)) {
      return this.set({ phase: 'handed-out', kind: 'swap', to: 'host', quoteId, routeIndex, ...(expiresAt !== undefined ? { expiresAt } : {}) });
    }
    this.set({ phase: 'working', step: 'sending' });
    let hash: string;
    try {
      hash = plan.kind === 'solana' ? await this.families.solana.signAndSend(plan) : await this.families.cosmos.signAndSend(plan);
    } catch (error) {
      if (!live()) return;
      if (error instanceof WalletError && error.problem.code === 'no-wallet' && plan.kind === 'cosmos' && plan.memo) {
        return this.fail({ code: 'wallet', wallet: error.problem }, { plan: plan.memo, selection });
      }
      throw error;
    }
    // Sent is sent: tracked even if the request changed while the wallet was open.
    this.ended(quoteId, routeIndex);
    this.options.track(hash, plan.chain, { quoteId, routeIndex, route: entry.route });
  }

  private handOutMemo(plan: MemoPlan, selection: Selection): void {
    const { quoteId, entry } = selection;
    const routeIndex = entry.index;
    const expiresAt = earliest(entry.expiresAt, plan.expiresAt);
    const detail: SwapMemoDetail = {
      quoteId,
      routeIndex,
      chain: plan.chain,
      asset: plan.asset,
      amount: plan.amount,
      address: plan.address,
      memo: plan.memo,
      expiresAt: expiresAt !== undefined ? new Date(expiresAt).toISOString() : null,
      summary: this.summary(selection, chainInfo(plan.chain)?.nativeDecimals ?? this.options.tokenDecimals(plan.asset) ?? 8),
    };
    const taken = this.offer({ type: 'swap-memo', detail }, selection, 'memo', plan.chain, expiresAt);
    this.set({ phase: 'handed-out', kind: 'memo', to: taken ? 'host' : 'user', quoteId, routeIndex, ...(expiresAt !== undefined ? { expiresAt } : {}), ...(taken ? {} : { plan: { ...plan, ...(expiresAt !== undefined ? { expiresAt } : {}) } }) });
  }

  /** Opens a new deposit channel (never reusing an old one) and hands its address out like a memo route. */
  private async openChannel(plan: DepositChannelPlan, selection: Selection, live: () => boolean): Promise<void> {
    this.set({ phase: 'working', step: 'opening-channel' });
    const { code, bps } = this.options.affiliate();
    const channel = await this.options.client().depositChannel({
      sellAsset: plan.asset,
      buyAsset: plan.buyAsset,
      destinationAddress: plan.destination,
      ...(code ? { affiliateCode: code, affiliateBps: bps } : {}),
      maxBoostFeeBps: 0,
    });
    if (!live()) return;
    const checked = checkDepositChannel(channel, plan.chain, Date.now());
    if (!checked.ok) return this.fail({ code: 'route-rejected', refusal: checked.refusal });
    this.handOutMemo({ kind: 'memo', chain: plan.chain, asset: plan.asset, amount: plan.amount, address: channel.depositAddress, memo: '', expiresAt: checked.expiresAt }, selection);
  }

  /** Revokes the hand-out at its expiry (not a margin before: the route is valid until then). */
  private armExpiry(expiresAt: number | undefined): void {
    clearTimeout(this.expiryTimer);
    if (expiresAt === undefined) return;
    const run = this.run;
    const fire = () => {
      if (run !== this.run) return;
      const left = expiresAt - Date.now();
      // Timers are capped near 24.8 days, and may fire early: wait again for what is left.
      if (left > 0) this.expiryTimer = setTimeout(fire, Math.min(left, 2 ** 31 - 1));
      else if (this.state.phase === 'handed-out') this.revoke('expired');
    };
    this.expiryTimer = setTimeout(fire, Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
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
    clearTimeout(this.expiryTimer);
    this.approval?.reject(new DOMException('Aborted', 'AbortError'));
    this.approval = undefined;
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

/** No wallet of either family: what a controller without the page's wallets answers. */
const NO_FAMILY_WALLETS: FamilyWallets = {
  solana: { signAndSend: (plan) => Promise.reject(new WalletError({ code: 'no-wallet', family: 'solana', chain: chainInfo(plan.chain)?.name ?? plan.chain }, 'no-wallet')) },
  cosmos: { signAndSend: (plan) => Promise.reject(new WalletError({ code: 'no-wallet', family: 'cosmos', chain: chainInfo(plan.chain)?.name ?? plan.chain }, 'no-wallet')) },
};

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
