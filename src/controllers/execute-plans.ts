// Carrying out a checked plan up to its hand-out: for each kind of plan, what is offered to
// the host, and what the page's wallets do when the host does not take it. The execution
// controller owns the state and the life of the hand-out; it gives each run these steps.
import { chainInfo } from '../domain/chains.js';
import { handOutExpiry, type HandOutKind } from '../domain/handout.js';
import { PROTOCOL_NAMES, type UnverifiedAddress } from '../domain/inbound.js';
import { checkDepositChannel, type CosmosPlan, type DepositChannelPlan, type EvmPlan, type MemoPlan, type Plan, type SolanaPlan } from '../domain/route-checks.js';
import { sendWithWallet } from '../wallet/evm-wallet-send.js';
import type { ExecutionOptions, ExecutionProblem, HandOut, Selection, WorkingStep } from './execution-types.js';
import type { FamilyWallets } from '../wallet/family-wallets.js';
import { evmApproval, evmSwap, familySwap, memoHandOut } from './handout-details.js';
import { WalletError, type InjectedWallet } from '../wallet/injected-wallet.js';

/** One run of the execution controller, as a plan sees it. */
export interface PlanRun {
  readonly selection: Selection;
  /** False once the run was stopped (the request changed, the user cancelled): nothing more is done. */
  live(): boolean;
  /** Writes the hand-out, then offers it to the host: true when the host took it. */
  offer(handOut: HandOut, kind: HandOutKind, chain: string, expiresAt: number | undefined): boolean;
  /** Now waits until the hand-out is answered or revoked; `plan` when the user pays it by hand. */
  handedOut(kind: HandOutKind, to: 'host' | 'user', expiresAt: number | undefined, plan?: MemoPlan): void;
  /** Shows what the swap waits for. */
  step(step: WorkingStep): void;
  /** Resolves when the host says the approval it was handed is done (`approved()`). */
  approval(): Promise<void>;
  /** Resolves when the user accepts to pay addresses the widget could not verify (rejects if the run stops first). */
  confirmRisk(warnings: readonly UnverifiedAddress[]): Promise<void>;
  /** A transaction was sent on `chain`: its swap is tracked. */
  sent(hash: string, chain: string): void;
  fail(problem: ExecutionProblem, memo?: { plan: MemoPlan; selection: Selection }): void;
}

/**
 * What plans use besides the run: the page's wallets, the service and configuration the
 * controller was given, and the trusted decimals of an asset (for the summaries).
 */
export type PlanDeps = Pick<ExecutionOptions, 'client' | 'affiliate'> & { wallet: InjectedWallet; families: FamilyWallets; decimals(asset: string): number | undefined };

export function executePlan(plan: Plan, run: PlanRun, deps: PlanDeps): Promise<void> | void {
  switch (plan.kind) {
    case 'evm':
      return executeEvm(plan, run, deps);
    case 'memo':
      return handOutMemo(plan, run, deps);
    case 'deposit-channel':
      return openChannel(plan, run, deps);
    case 'solana':
    case 'cosmos':
      return executeFamily(plan, run, deps);
  }
}

/** Whether the run may go on to hand out: the user accepted the plan's unverified addresses, if it has any. */
async function accepted(warnings: readonly UnverifiedAddress[] | undefined, run: PlanRun): Promise<boolean> {
  if (warnings?.length) await run.confirmRisk(warnings);
  return run.live();
}

async function executeEvm(plan: EvmPlan, run: PlanRun, deps: PlanDeps): Promise<void> {
  const { selection } = run;
  if (!(await accepted(plan.warnings, run))) return;
  const expiresAt = handOutExpiry(selection.receivedAt, selection.entry.expiresAt, plan.expiresAt);
  let walletApproval = false;

  if (plan.approval) {
    // The widget cannot read allowances for a host that signs: it asks for an exact
    // approval (after a reset to zero for USDT-style tokens) every time.
    for (const value of plan.approval.resetFirst ? [0n, plan.approval.amount] : [plan.approval.amount]) {
      if (!run.offer(evmApproval(plan, plan.approval, selection, value), 'approve', plan.chain, expiresAt)) {
        walletApproval = true;
        break;
      }
      run.handedOut('approve', 'host', expiresAt);
      await run.approval();
      if (!run.live()) return;
    }
  }

  const swap = evmSwap(plan, selection);
  if (!walletApproval && run.offer(swap, 'swap', plan.chain, expiresAt)) return run.handedOut('swap', 'host', expiresAt);

  // The injected wallet signs.
  const sent = await sendWithWallet(deps.wallet, plan, chainInfo(plan.chain)?.name ?? plan.chain, walletApproval, {
    step: run.step,
    live: run.live,
    // Handed out the moment the host takes it, as on every other path: a `rejected()` the
    // host calls right after its listener finds the hand-out.
    offerSwap: () => {
      const taken = run.offer(swap, 'swap', plan.chain, expiresAt);
      if (taken) run.handedOut('swap', 'host', expiresAt);
      return taken;
    },
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
  if (!(await accepted(plan.warnings, run))) return;
  const expiresAt = handOutExpiry(selection.receivedAt, selection.entry.expiresAt, plan.expiresAt);
  const handOut = familySwap(plan, selection, deps.decimals(selection.request.sellAsset) ?? 0);
  if (run.offer(handOut, 'swap', plan.chain, expiresAt)) return run.handedOut('swap', 'host', expiresAt);
  run.step('sending');
  let hash: string;
  try {
    hash = plan.kind === 'solana' ? await deps.families.solana.signAndSend(plan) : await deps.families.cosmos.signAndSend(plan);
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

/**
 * Hands out a memo route: to the host (`swap-memo` taken), else to the user as the memo flow.
 * At once when every address of the plan is verified; after the user accepts the others.
 */
export function handOutMemo(plan: MemoPlan, run: PlanRun, deps: Pick<PlanDeps, 'decimals'>): Promise<void> | void {
  if (plan.warnings?.length) {
    return run.confirmRisk(plan.warnings).then(() => {
      if (run.live()) offerMemo(plan, run, deps);
    });
  }
  offerMemo(plan, run, deps);
}

function offerMemo(plan: MemoPlan, run: PlanRun, deps: Pick<PlanDeps, 'decimals'>): void {
  const expiresAt = handOutExpiry(run.selection.receivedAt, run.selection.entry.expiresAt, plan.expiresAt);
  const handOut = memoHandOut(plan, run.selection, expiresAt, deps.decimals(plan.asset) ?? chainInfo(plan.chain)?.nativeDecimals ?? 8);
  const taken = run.offer(handOut, 'memo', plan.chain, expiresAt);
  run.handedOut('memo', taken ? 'host' : 'user', expiresAt, taken ? undefined : { ...plan, ...(expiresAt !== undefined ? { expiresAt } : {}) });
}

/** Opens a new deposit channel (never reusing an old one) and hands its address out like a memo route. */
async function openChannel(plan: DepositChannelPlan, run: PlanRun, deps: PlanDeps): Promise<void> {
  run.step('opening-channel');
  const { code, bps } = deps.affiliate();
  const channel = await deps.client().depositChannel({
    sellAsset: plan.asset,
    buyAsset: plan.buyAsset,
    destinationAddress: plan.destination,
    ...(code ? { affiliateCode: code, affiliateBps: bps } : {}),
    maxBoostFeeBps: 0,
  });
  if (!run.live()) return;
  const checked = checkDepositChannel(channel, plan.chain, Date.now());
  if (!checked.ok) return run.fail({ code: 'route-rejected', refusal: checked.refusal });
  // No list publishes a broker's channels: the address is the service's word, which the user accepts or not.
  const warning: UnverifiedAddress = { code: 'inbound-unverified', role: 'deposit-address', address: channel.depositAddress, protocol: 'B', reason: 'broker' };
  const to = { address: channel.depositAddress, role: 'deposit-address', name: PROTOCOL_NAMES.B } as const;
  await handOutMemo({ kind: 'memo', chain: plan.chain, asset: plan.asset, amount: plan.amount, address: channel.depositAddress, memo: '', to, expiresAt: checked.expiresAt, warnings: [warning] }, run, deps);
}
