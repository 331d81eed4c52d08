import { msg, str } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SwapApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { QuoteRequest } from '../api/schemas.js';
import { refusalText } from '../components/messages.js';
import { compareDecimal } from '../domain/amount.js';
import { chainInfo } from '../domain/chains.js';
import { approveData } from '../domain/evm.js';
import { refusal as makeRefusal, type Refusal } from '../domain/refusals.js';
import { checkDepositChannel, checkRoute, type CheckContext, type DepositChannelPlan, type EvmPlan, type MemoPlan, type Plan } from '../domain/route-checks.js';
import type { RouteEntry } from '../domain/routes.js';
import { SwapMemoEvent, SwapTxEvent, type SwapErrorCode } from '../events.js';
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

export type ExecutionState =
  | { phase: 'idle' }
  | { phase: 'working'; step: 'requoting' | 'opening-channel' | 'connecting' | 'switching' | 'allowance' | 'approving' | 'confirming' | 'sending' }
  /** `reason` is `refusalText(refusal)` as it was when refused; render `refusalText(refusal)` to follow the locale. */
  | { phase: 'refused'; reason: string; refusal: Refusal }
  | { phase: 'confirm-worse'; was: string; now: string; selection: Selection }
  | { phase: 'awaiting-host'; kind: 'approve' | 'swap' | 'memo' }
  | { phase: 'memo'; plan: MemoPlan; quoteId: string; routeIndex: number }
  | { phase: 'failed'; code: SwapErrorCode; message: string; refusal?: Refusal };

export interface ExecutionOptions {
  client(): SwapApiClient;
  /** Quotes the same request again now; resolves with the fresh selection of the same route, if any. */
  requote(previous: Selection): Promise<Selection | undefined>;
  /**
   * Decimals of an asset as the token list gives them (undefined when it does not list it).
   * Only asked for tokens: a native asset counts in its chain's own decimals, whatever the
   * list says. Deprecated in favour of `tokenDecimals`, which it stands in for when absent.
   */
  sellDecimals(asset: string): number | undefined;
  /** The token list's decimals of an asset (sell, buy or a leg's), undefined when it does not list it. */
  tokenDecimals?(asset: string): number | undefined;
  /** The configured affiliate and fee: the route's memo, fee lines and meta are held to them. */
  affiliate(): { code?: string; bps: number };
  /** The transaction with this hash was sent: track it. */
  track(hash: string, chainId: string, selection: Selection): void;
  /**
   * Tell the host (`swap-error`) and show the problem. For `route-rejected` and
   * `route-expired` from the checks, `refusal` says why in a code (`message` already names it).
   */
  error(code: SwapErrorCode, message: string, refusal?: Refusal): void;
  /** The route passed its checks again after a re-quote: show the new one as selected. */
  reselect(selection: Selection): void;
}

/**
 * Carries out a selected route: checks it, re-quotes it when it is too old, then hands it
 * out: `swap-tx` (approve, then swap) or `swap-memo`, cancelable. A host that cancels signs
 * by itself and answers with `approved()` / `track()`; otherwise the widget signs through
 * the injected wallet, or shows the memo flow.
 */
export class ExecutionController implements ReactiveController {
  state: ExecutionState = { phase: 'idle' };
  private approval?: { resolve: () => void; reject: (e: unknown) => void };
  private run = 0;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly options: ExecutionOptions,
    readonly wallet: InjectedWallet = new InjectedWallet(),
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.wallet.listen();
  }

  hostDisconnected(): void {
    this.cancel();
    this.wallet.dispose();
  }

  get busy(): boolean {
    return this.state.phase === 'working';
  }

  /** Stops what is under way (a new quote or selection replaces it). */
  cancel(): void {
    this.run += 1;
    this.approval?.reject(new DOMException('Aborted', 'AbortError'));
    this.approval = undefined;
    this.set({ phase: 'idle' });
  }

  /** The host sent (or skipped) the approval asked for by a cancelled `swap-tx` of kind `approve`. */
  approved(): void {
    this.approval?.resolve();
    this.approval = undefined;
  }

  /** Starts the swap of the selected route. */
  async start(selection: Selection, confirmedWorse = false): Promise<void> {
    const run = ++this.run;
    const live = () => run === this.run;
    try {
      let current = selection;
      const now = Date.now();
      const expiresAt = current.entry.expiresAt;
      const stale = expiresAt !== undefined ? expiresAt - now < EXPIRY_MARGIN_MS : now - current.receivedAt > MAX_QUOTE_AGE_MS;
      if (stale && !confirmedWorse) {
        this.set({ phase: 'working', step: 'requoting' });
        const fresh = await this.options.requote(current);
        if (!live()) return;
        if (!fresh) return this.fail('route-expired', msg('The route expired and the same route is not offered any more. Choose another route.'));
        this.options.reselect(fresh);
        // Worse beyond the slippage the user accepted: ask again.
        if (compareDecimal(fresh.entry.expected, current.entry.minimum) < 0) {
          this.set({ phase: 'confirm-worse', was: current.entry.expected, now: fresh.entry.expected, selection: fresh });
          return;
        }
        current = fresh;
      }

      const check = checkRoute(current.entry.route, this.checkContext(current.request));
      if (!check.ok) return this.refuse(check.code, check.refusal);
      await this.execute(check.plan, current, live);
    } catch (error) {
      if (!live() || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (error instanceof WalletError) return this.fail('wallet', error.message);
      if (error instanceof ApiError) return this.fail(error.code, error.message);
      this.fail('wallet', error instanceof Error ? error.message : String(error));
    }
  }

  /** What the checks need besides the route: the request, the token list's decimals, the affiliate configuration. */
  private checkContext(request: QuoteRequest): CheckContext {
    const { code, bps } = this.options.affiliate();
    const list = this.options.tokenDecimals ?? this.options.sellDecimals;
    return { request, listDecimals: (asset) => list.call(this.options, asset), affiliate: { name: code, bps }, now: Date.now() };
  }

  private async execute(plan: Plan, selection: Selection, live: () => boolean): Promise<void> {
    switch (plan.kind) {
      case 'evm':
        return this.executeEvm(plan, selection, live);
      case 'memo':
        return this.handOut(plan, selection);
      case 'deposit-channel':
        return this.openChannel(plan, selection, live);
    }
  }

  private async executeEvm(plan: EvmPlan, selection: Selection, live: () => boolean): Promise<void> {
    const { quoteId, entry } = selection;
    const routeIndex = entry.index;
    const chainName = chainInfo(plan.chain)?.name ?? plan.chain;
    let walletApproval = false;

    if (plan.approval) {
      const { token, spender, amount, resetFirst } = plan.approval;
      // The widget cannot read allowances for a host that signs: it asks for an exact
      // approval (after a reset to zero for USDT-style tokens) every time.
      for (const value of resetFirst ? [0n, amount] : [amount]) {
        const event = new SwapTxEvent({
          quoteId,
          routeIndex,
          kind: 'approve',
          chain: plan.chain,
          tx: { to: token, from: plan.tx.from, value: '0', data: approveData(spender, value), chainId: plan.chainId },
        });
        this.host.dispatchEvent(event);
        if (!event.defaultPrevented) {
          walletApproval = true;
          break;
        }
        this.set({ phase: 'awaiting-host', kind: 'approve' });
        await new Promise<void>((resolve, reject) => (this.approval = { resolve, reject }));
        if (!live()) return;
      }
    }

    const swapEvent = new SwapTxEvent({
      quoteId,
      routeIndex,
      kind: 'swap',
      chain: plan.chain,
      tx: { to: plan.tx.to, from: plan.tx.from, value: plan.tx.value.toString(), data: plan.tx.data, chainId: plan.chainId },
    });
    if (!walletApproval) {
      this.host.dispatchEvent(swapEvent);
      if (swapEvent.defaultPrevented) return this.set({ phase: 'awaiting-host', kind: 'swap' });
    }

    // The injected wallet signs.
    this.set({ phase: 'working', step: 'connecting' });
    const provider = await this.wallet.connect(plan.tx.from);
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
      if (onChain === undefined) return this.refuse('route-rejected', makeRefusal('token-decimals-unreadable', { asset: selection.request.sellAsset }));
      if (onChain !== decimals) {
        return this.refuse('route-rejected', makeRefusal('token-decimals-mismatch', { asset: selection.request.sellAsset, list: decimals, chain: onChain }));
      }
      const allowance = await this.wallet.allowance(provider, token, plan.tx.from, spender);
      if (!live()) return;
      if (allowance < amount) {
        // A leftover allowance is reset to zero first: USDT-style tokens refuse to change one
        // non-zero allowance to another, and the widget cannot know every such token.
        for (const value of allowance > 0n ? [0n, amount] : [amount]) {
          this.set({ phase: 'working', step: 'approving' });
          const hash = await this.wallet.send(provider, { to: token, from: plan.tx.from, value: 0n, data: approveData(spender, value) }, msg('the approval'));
          if (!live()) return;
          this.set({ phase: 'working', step: 'confirming' });
          await this.wallet.waitForReceipt(provider, hash);
          if (!live()) return;
        }
      }
      // Now the swap itself, told to the host like any other.
      this.host.dispatchEvent(swapEvent);
      if (swapEvent.defaultPrevented) return this.set({ phase: 'awaiting-host', kind: 'swap' });
    }
    this.set({ phase: 'working', step: 'sending' });
    const hash = await this.wallet.send(provider, plan.tx, msg('the swap'));
    if (!live()) return;
    this.set({ phase: 'idle' });
    this.options.track(hash, plan.chain, selection);
  }

  private handOut(plan: MemoPlan, selection: Selection): void {
    const event = new SwapMemoEvent({
      quoteId: selection.quoteId,
      routeIndex: selection.entry.index,
      chain: plan.chain,
      asset: plan.asset,
      amount: plan.amount,
      address: plan.address,
      memo: plan.memo,
      expiresAt: plan.expiresAt !== undefined ? new Date(plan.expiresAt).toISOString() : null,
    });
    this.host.dispatchEvent(event);
    if (event.defaultPrevented) this.set({ phase: 'awaiting-host', kind: 'memo' });
    else this.set({ phase: 'memo', plan, quoteId: selection.quoteId, routeIndex: selection.entry.index });
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
    if (!checked.ok) return this.refuse('route-rejected', checked.refusal);
    const expiresAt = checked.expiresAt;
    this.handOut({ kind: 'memo', chain: plan.chain, asset: plan.asset, amount: plan.amount, address: channel.depositAddress, memo: '', expiresAt }, selection);
  }

  /** A route (or the channel opened for it) failed its checks: nothing is handed out. */
  private refuse(code: 'route-rejected' | 'route-expired', refusal: Refusal): void {
    if (code === 'route-expired') {
      const message = msg('The route expired. Quote again and choose a route.');
      this.set({ phase: 'failed', code, message, refusal });
      this.options.error(code, message, refusal);
      return;
    }
    const reason = refusalText(refusal);
    const message = msg(str`This route was refused: ${reason}.`);
    this.set({ phase: 'refused', reason: message, refusal });
    this.options.error(code, message, refusal);
  }

  private fail(code: SwapErrorCode, message: string): void {
    this.set({ phase: 'failed', code, message });
    this.options.error(code, message);
  }

  private set(state: ExecutionState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
