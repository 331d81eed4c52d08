import { msg, str } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SwapApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { QuoteRequest } from '../api/schemas.js';
import { validateAddress } from '../domain/address.js';
import { compareDecimal } from '../domain/amount.js';
import { chainInfo } from '../domain/chains.js';
import { approveData } from '../domain/evm.js';
import { checkRoute, type DepositChannelPlan, type EvmPlan, type MemoPlan, type Plan } from '../domain/route-checks.js';
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
  | { phase: 'refused'; reason: string }
  | { phase: 'confirm-worse'; was: string; now: string; selection: Selection }
  | { phase: 'awaiting-host'; kind: 'approve' | 'swap' | 'memo' }
  | { phase: 'memo'; plan: MemoPlan; quoteId: string; routeIndex: number }
  | { phase: 'failed'; code: SwapErrorCode; message: string };

export interface ExecutionOptions {
  client(): SwapApiClient;
  /** Quotes the same request again now; resolves with the fresh selection of the same route, if any. */
  requote(previous: Selection): Promise<Selection | undefined>;
  sellDecimals(asset: string): number | undefined;
  affiliate(): { code?: string; bps: number };
  /** The transaction with this hash was sent: track it. */
  track(hash: string, chainId: string, selection: Selection): void;
  /** Tell the host (`swap-error`) and show the problem. */
  error(code: SwapErrorCode, message: string): void;
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
  readonly wallet = new InjectedWallet();
  private approval?: { resolve: () => void; reject: (e: unknown) => void };
  private run = 0;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly options: ExecutionOptions,
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

      const decimals = this.options.sellDecimals(current.request.sellAsset);
      if (decimals === undefined) return this.fail('route-rejected', msg('The decimals of the sell asset are unknown, so the amount cannot be checked.'));
      const check = checkRoute(current.entry.route, { request: current.request, sellDecimals: decimals, now: Date.now() });
      if (!check.ok) {
        return this.fail(check.code, check.code === 'route-expired' ? msg('The route expired. Quote again and choose a route.') : msg(str`This route was refused: ${check.reason}.`));
      }
      await this.execute(check.plan, current, live);
    } catch (error) {
      if (!live() || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (error instanceof WalletError) return this.fail('wallet', error.message);
      if (error instanceof ApiError) return this.fail(error.code, error.message);
      this.fail('wallet', error instanceof Error ? error.message : String(error));
    }
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
      const { token, spender, amount } = plan.approval;
      this.set({ phase: 'working', step: 'allowance' });
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
    const valid = validateAddress(plan.chain, channel.depositAddress);
    if (!valid.ok) return this.fail('route-rejected', msg(str`The deposit channel's address is not a valid ${plan.chain} address. Nothing was sent.`));
    const info = chainInfo(plan.chain);
    const blocks =
      channel.sourceChainExpiryBlock !== undefined && channel.issuedBlock !== undefined ? channel.sourceChainExpiryBlock - channel.issuedBlock : undefined;
    const expiresAt = blocks !== undefined && info ? Date.now() + blocks * info.blockSeconds * 1000 : undefined;
    this.handOut({ kind: 'memo', chain: plan.chain, asset: plan.asset, amount: plan.amount, address: channel.depositAddress, memo: '', ...(expiresAt !== undefined ? { expiresAt } : {}) }, selection);
  }

  private fail(code: SwapErrorCode, message: string): void {
    this.set({ phase: code === 'route-rejected' ? 'refused' : 'failed', ...(code === 'route-rejected' ? { reason: message } : { code, message }) } as ExecutionState);
    this.options.error(code, message);
  }

  private set(state: ExecutionState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
