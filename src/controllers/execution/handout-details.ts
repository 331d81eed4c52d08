// What the execution controller hands out, built from a checked plan and the selection it
// answers: the `swap-tx` and `swap-memo` details with their summaries (the controller adds
// each one's id, expiry and review as it offers it). Plain functions: the controller decides
// when each is offered, and the root dispatches it.
import { fromUnits } from '../../domain/amounts/amount.js';
import { chainInfo } from '../../domain/chains/chains.js';
import { approveData } from '../../domain/chains/evm.js';
import { handOutSummary, type HandOutSummary } from '../../domain/flow/handout.js';
import type { CosmosPlan, EvmPlan, MemoPlan, SolanaPlan } from '../../domain/checks/route.js';
import type { HandOutDraft, Selection } from './execution-types.js';

/** The summary of the selected route for the host's confirmation screen, amounts in `decimals`. */
export function summaryOf(
  selection: Selection,
  decimals: number,
  approval?: { spender: string; amount: string },
): HandOutSummary {
  const { request, entry } = selection;
  return handOutSummary({
    route: entry.route,
    sellAsset: request.sellAsset,
    sellAmount: request.sellAmount,
    buyAsset: request.buyAsset,
    expected: entry.expected,
    minimum: entry.minimum,
    decimals,
    ...(approval ? { spender: approval.spender, approveAmount: approval.amount } : {}),
  });
}

/** The `swap-tx` of kind `approve` that sets the plan's allowance to `value` (0 first for a USDT-style reset). */
export function evmApproval(
  plan: EvmPlan,
  approval: NonNullable<EvmPlan['approval']>,
  selection: Selection,
  value: bigint,
): HandOutDraft {
  const { token, spender, decimals } = approval;
  const detail: Extract<HandOutDraft, { type: 'swap-tx' }>['detail'] = {
    quoteId: selection.quoteId,
    routeIndex: selection.entry.index,
    kind: 'approve',
    chain: plan.chain,
    family: 'evm',
    tx: { to: token, from: plan.tx.from, value: '0', data: approveData(spender, value), chainId: plan.chainId },
    summary: summaryOf(selection, decimals, { spender, amount: fromUnits(value, decimals) }),
  };
  return { type: 'swap-tx', detail };
}

/** The `swap-tx` of kind `swap` of an EVM plan: the checked transaction, the value in wei as a decimal string. */
export function evmSwap(plan: EvmPlan, selection: Selection): HandOutDraft {
  const sellDecimals = plan.approval?.decimals ?? chainInfo(plan.chain)?.nativeDecimals ?? 18;
  return {
    type: 'swap-tx',
    detail: {
      quoteId: selection.quoteId,
      routeIndex: selection.entry.index,
      kind: 'swap',
      chain: plan.chain,
      family: 'evm',
      tx: {
        to: plan.tx.to,
        from: plan.tx.from,
        value: plan.tx.value.toString(),
        data: plan.tx.data,
        chainId: plan.chainId,
      },
      summary: summaryOf(selection, sellDecimals),
    },
  };
}

/** The `swap-tx` of a Solana transaction or Cosmos messages, as the route gave them (checked). */
export function familySwap(plan: SolanaPlan | CosmosPlan, selection: Selection, sellDecimals: number): HandOutDraft {
  const base = {
    quoteId: selection.quoteId,
    routeIndex: selection.entry.index,
    kind: 'swap' as const,
    chain: plan.chain,
    summary: summaryOf(selection, sellDecimals),
  };
  const detail: Extract<HandOutDraft, { type: 'swap-tx' }>['detail'] =
    plan.kind === 'solana'
      ? { ...base, family: 'solana', tx: { from: plan.tx.from, serialized: plan.tx.serialized } }
      : {
          ...base,
          family: 'cosmos',
          tx: { from: plan.tx.from, msgs: plan.tx.msgs, fee: plan.tx.fee, memo: plan.tx.memo },
        };
  return { type: 'swap-tx', detail };
}

/** The `swap-memo` of a memo plan (a deposit channel's address comes with an empty memo). */
export function memoHandOut(plan: MemoPlan, selection: Selection, decimals: number): HandOutDraft {
  return {
    type: 'swap-memo',
    detail: {
      quoteId: selection.quoteId,
      routeIndex: selection.entry.index,
      chain: plan.chain,
      asset: plan.asset,
      amount: plan.amount,
      address: plan.address,
      memo: plan.memo,
      summary: summaryOf(selection, decimals),
    },
  };
}
