// Carrying out a checked and confirmed plan up to its hand-out: for each kind of plan, what is
// offered to the host, and what the page's wallets do when the host does not take it; and the
// deposit channel a broker route opens before its review. The flow (domain/flow/flow.ts) owns the
// life of the swap; the execution controller runs these steps for it.
import { chainInfo } from '../../domain/chains/chains.js';
import { approvalSteps } from '../../domain/chains/evm.js';
import type { HandoutKind } from '../../domain/flow/flow.js';
import { PROTOCOL_NAMES } from '../../domain/checks/inbound.js';
import type { UnverifiedDeposit } from '../../domain/checks/plans.js';
import type { Refusal } from '../../domain/checks/refusals.js';
import {
  checkDepositChannel,
  type CosmosPlan,
  type DepositChannelPlan,
  type EvmPlan,
  type MemoPlan,
  type Plan,
  type SolanaPlan,
} from '../../domain/checks/route.js';
import { sendWithWallet } from '../../wallet/evm-wallet-send.js';
import type { ExecutionOptions, ExecutionProblem, HandOutDraft, Selection, WorkingStep } from './execution-types.js';
import type { FamilyWallets } from '../../wallet/family-wallets.js';
import { evmApproval, evmSwap, familySwap, memoHandOut } from './handout-details.js';
import { WalletError, type InjectedWallet } from '../../wallet/injected-wallet.js';

/** One run of the execution controller, as a plan sees it. */
export interface PlanRun {
  readonly selection: Selection;
  /** False once the run was stopped (the request changed, the user cancelled): nothing more is done. */
  live(): boolean;
  /**
   * Writes the hand-out, then offers it to the host: true when the host took it. `otherwise`:
   * who holds it when the host does not (the page's wallet, or the user's memo flow).
   */
  offer(
    handOut: HandOutDraft,
    kind: HandoutKind,
    chain: string,
    otherwise: 'wallet' | 'user',
    /** The memo plan the user pays by hand when the host does not take it (the memo or deposit screen). */
    pay?: MemoPlan,
  ): boolean;
  /** Shows what the swap waits for. */
  step(step: WorkingStep): void;
  /** Resolves when the host says the approval it was handed is done (`approved()`). */
  approval(): Promise<void>;
  /** A transaction was sent on `chain`: its swap is tracked. */
  sent(hash: string, chain: string): void;
  fail(problem: ExecutionProblem, memo?: { plan: MemoPlan; selection: Selection }): void;
}

/**
 * What plans use besides the run: the page's wallets, the service and configuration the
 * controller was given, and the trusted decimals of an asset (for the summaries).
 */
export type PlanDeps = Pick<ExecutionOptions, 'client' | 'affiliate'> & {
  wallet: InjectedWallet;
  families: FamilyWallets;
  decimals(asset: string): number | undefined;
};

/** A plan ready to hand out: a deposit channel is opened before its review, and handed out as the memo plan of its address. */
export type HandoutPlan = Exclude<Plan, DepositChannelPlan>;

/** Where a plan's run starts: at its beginning, or after its approval went out (answered after a reload) by the host or by the page's wallet, which then reads the allowance again. */
export type RunFrom = 'start' | 'host-approval' | 'wallet-approval';

/** Carries out a plan up to its hand-out, from its beginning or after its approval (`from`). */
export function executePlan(
  plan: HandoutPlan,
  run: PlanRun,
  deps: PlanDeps,
  from: RunFrom = 'start',
): Promise<void> | void {
  switch (plan.kind) {
    case 'evm':
      return executeEvm(plan, run, deps, from);
    case 'memo':
      return handOutMemo(plan, run, deps);
    case 'solana':
    case 'cosmos':
      return executeFamily(plan, run, deps);
  }
}

async function executeEvm(plan: EvmPlan, run: PlanRun, deps: PlanDeps, from: RunFrom): Promise<void> {
  const { selection } = run;
  let walletApproval = from === 'wallet-approval';

  if (plan.approval && from === 'start') {
    // The widget cannot read allowances for a host that signs: it asks for an exact
    // approval (after a reset to zero for USDT-style tokens) every time.
    for (const value of approvalSteps(plan.approval)) {
      if (!run.offer(evmApproval(plan, plan.approval, selection, value), 'approve', plan.chain, 'wallet')) {
        walletApproval = true;
        break;
      }
      await run.approval();
      if (!run.live()) return;
    }
  }

  const swap = evmSwap(plan, selection);
  if (!walletApproval && run.offer(swap, 'swap', plan.chain, 'wallet')) return;

  // The injected wallet signs.
  const sent = await sendWithWallet(deps.wallet, plan, chainInfo(plan.chain)?.name ?? plan.chain, walletApproval, {
    step: run.step,
    live: run.live,
    // Handed out the moment the host takes it, as on every other path: a `rejected()` the
    // host calls right after its listener finds the hand-out.
    offerSwap: () => run.offer(swap, 'swap', plan.chain, 'wallet'),
  });
  // Sent is sent: the swap is tracked even if the request changed while the wallet was open.
  if (sent.kind === 'sent') run.sent(sent.hash, plan.chain);
}

/**
 * A Solana transaction or Cosmos messages: handed to the host as they are (`swap-tx` of
 * family `solana` or `cosmos`); not taken, the page's wallet of the family signs and sends
 * them. With no such wallet, a route that can also be paid by hand offers the memo flow.
 */
async function executeFamily(plan: SolanaPlan | CosmosPlan, run: PlanRun, deps: PlanDeps): Promise<void> {
  const { selection } = run;
  const handOut = familySwap(plan, selection, deps.decimals(selection.request.sellAsset) ?? 0);
  if (run.offer(handOut, 'swap', plan.chain, 'wallet')) return;
  run.step('sending');
  let hash: string;
  try {
    hash =
      plan.kind === 'solana'
        ? await deps.families.solana.signAndSend(plan)
        : await deps.families.cosmos.signAndSend(plan);
  } catch (error) {
    if (!run.live()) return;
    if (error instanceof WalletError && error.problem.code === 'no-wallet' && plan.kind === 'cosmos' && plan.memo) {
      return run.fail({ code: 'wallet', wallet: error.problem }, { plan: plan.memo, selection });
    }
    throw error;
  }
  // Sent is sent: tracked even if the request changed while the wallet was open.
  run.sent(hash, plan.chain);
}

/** Hands out a memo route: to the host (`swap-memo` taken), else to the user as the memo flow. */
export function handOutMemo(plan: MemoPlan, run: PlanRun, deps: Pick<PlanDeps, 'decimals'>): void {
  const handOut = memoHandOut(
    plan,
    run.selection,
    deps.decimals(plan.asset) ?? chainInfo(plan.chain)?.nativeDecimals ?? 8,
  );
  run.offer(handOut, 'memo', plan.chain, 'user', plan);
}

/**
 * Opens a new deposit channel (never reusing an old one) for a broker route: the memo plan of
 * its address, with an empty memo, or why the channel is refused. No list publishes a broker's
 * channels: the address carries the warning the user confirms in the review, whatever the host's settings.
 */
export async function openChannel(
  plan: DepositChannelPlan,
  deps: Pick<PlanDeps, 'client' | 'affiliate'>,
): Promise<{ ok: true; plan: MemoPlan } | { ok: false; refusal: Refusal }> {
  const { code, bps } = deps.affiliate();
  const channel = await deps.client().depositChannel({
    sellAsset: plan.asset,
    buyAsset: plan.buyAsset,
    destinationAddress: plan.destination,
    ...(code ? { affiliateCode: code, affiliateBps: bps } : {}),
    maxBoostFeeBps: 0,
  });
  const checked = checkDepositChannel(channel, plan.chain, Date.now());
  if (!checked.ok) return checked;
  const address = channel.depositAddress;
  const warning: UnverifiedDeposit = { code: 'deposit-address-unverified', address, protocol: 'B' };
  const to = { address, role: 'deposit-address', name: PROTOCOL_NAMES.B } as const;
  return {
    ok: true,
    plan: {
      kind: 'memo',
      chain: plan.chain,
      asset: plan.asset,
      amount: plan.amount,
      address,
      memo: '',
      to,
      expiresAt: checked.expiresAt,
      warnings: [warning],
    },
  };
}
