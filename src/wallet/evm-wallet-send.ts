// The injected EVM wallet's part of a swap: connect, switch chain, then (for a token sell
// the host did not approve) read the allowance, approve exactly, and send the swap. The
// execution controller calls it and turns its result into a state. (The amounts were counted
// in the token's trusted decimals before the route was checked: domain/checks/decimals.ts.)
import { approvalSteps, approveData } from '../domain/chains/evm.js';
import type { EvmPlan } from '../domain/checks/route.js';
import type { WorkingStep } from '../domain/flow/flow.js';
import type { InjectedWallet } from './injected-wallet.js';

export type WalletSendResult =
  /** The swap was sent: track this hash. */
  | { kind: 'sent'; hash: string }
  /** After the wallet's approval, the host took the swap (it cancelled its `swap-tx`): handed out by `offerSwap`. */
  | { kind: 'taken' }
  /** The run was stopped (the request changed, the user cancelled) while the wallet worked. */
  | { kind: 'stopped' };

export interface WalletSendSteps {
  /** Shows what the swap waits for. */
  step(step: WorkingStep): void;
  /** False once the run was stopped: nothing more is asked of the wallet. */
  live(): boolean;
  /** Offers the swap to the host once the wallet approved: true when the host took it (and it is now handed out). */
  offerSwap(): boolean;
}

/**
 * Carries out an EVM plan with the page's injected wallet; `approve` when the wallet (not
 * the host) must see to the plan's approval. Wallet failures are thrown (`WalletError`).
 */
export async function sendWithWallet(
  wallet: InjectedWallet,
  plan: EvmPlan,
  chainName: string,
  approve: boolean,
  steps: WalletSendSteps,
): Promise<WalletSendResult> {
  const { step, live } = steps;
  step('connecting');
  const provider = await wallet.connect(plan.tx.from, chainName);
  if (!live()) return { kind: 'stopped' };
  step('switching');
  await wallet.ensureChain(provider, plan.chainId, chainName);
  if (!live()) return { kind: 'stopped' };
  if (plan.approval && approve) {
    const { token, spender } = plan.approval;
    step('allowance');
    const allowance = await wallet.allowance(provider, token, plan.tx.from, spender);
    if (!live()) return { kind: 'stopped' };
    // A leftover allowance is reset to zero first: USDT-style tokens refuse to change one
    // non-zero allowance to another (`approvalSteps`).
    for (const value of approvalSteps(plan.approval, allowance)) {
      step('approving');
      const hash = await wallet.send(
        provider,
        { to: token, from: plan.tx.from, value: 0n, data: approveData(spender, value) },
        'approval',
      );
      if (!live()) return { kind: 'stopped' };
      step('confirming');
      await wallet.waitForReceipt(provider, hash);
      if (!live()) return { kind: 'stopped' };
    }
    // Now the swap itself, told to the host like any other.
    if (steps.offerSwap()) return { kind: 'taken' };
  }
  step('sending');
  // Sent is sent: the hash is returned even if the run was stopped while the wallet was open.
  return { kind: 'sent', hash: await wallet.send(provider, plan.tx, 'swap') };
}
