/**
 * The review of a checked plan (`review.ts` says what it is): built from the parts the checks
 * decoded and the request the user made, never from the service's prose. What the user sees
 * before Confirm and what a host's sheet shows (`detail.review`) are this one object.
 *
 * Plain TypeScript; no DOM, no words.
 */
import type { QuoteRequest, Route } from '../../schemas/service.js';
import { fromUnits } from '../amounts/amount.js';
import { assetChain } from '../chains/asset.js';
import { decodeCfParameters, decodeVaultSwap } from '../chains/chainflip-vault.js';
import { decodeOneInchSwap, decodeRouterDeposit } from '../chains/evm.js';
import { decodeUnoswap } from '../chains/oneinch-unoswap.js';
import type { MemoProtocol } from '../checks/inbound.js';
import { NO_SHORT_ASSETS, SHORT_ASSETS, parseSwapMemo } from '../chains/memo.js';
import type { AffiliateConfig, CosmosPlan, EvmPlan, MemoPlan, SolanaPlan } from '../checks/plans.js';
import type { Review, ReviewWarning } from './review.js';
import { HIGH_SLIPPAGE, mustConfirmSlippage } from '../amounts/slippage.js';
import { JUPITER_V6_PROGRAM } from '../chains/solana-programs.js';

/** Price impact above which the review warns (percent). */
export const HIGH_PRICE_IMPACT = 3;
/**
 * Price impact from which the user must confirm it (percent): where Uniswap's interface makes its
 * user type "confirm" (`PRICE_IMPACT_WITHOUT_FEE_CONFIRM_MIN`, 10 %: Uniswap/interface @
 * 1621d0c8ebe2f43907f3fed8045a889586b46e5e, `src/constants/misc.ts`).
 */
export const CONFIRM_PRICE_IMPACT = 10;

export interface ReviewInput {
  /** The checked plan of what is handed out (a deposit channel's, once opened, is a memo plan). */
  readonly plan: MemoPlan | EvmPlan | SolanaPlan | CosmosPlan;
  readonly route: Route;
  readonly request: QuoteRequest;
  /** The decimals the checks counted in (trusted), by asset. */
  decimals(asset: string): number | undefined;
  readonly affiliate: AffiliateConfig;
  /** Unix ms after which nothing may be signed. */
  readonly expiresAt: number;
  /** The route's fees as they read plausibly (type, asset, decimal amount). */
  readonly fees: readonly { type: string; asset: string; amount: string }[];
}

export function buildReview(input: ReviewInput): Review {
  const { plan, route, request } = input;
  const memo = memoOf(input);
  const call = vaultCallOf(input);
  const warnings: ReviewWarning[] = [];
  if (plan.kind === 'memo' && plan.warnings?.length) warnings.push('deposit-address-unverified');
  if (mustConfirmSlippage(request.slippage)) warnings.push('slippage-extreme');
  else if (request.slippage > HIGH_SLIPPAGE) warnings.push('slippage-high');
  const impact = route.meta.priceImpact;
  if (typeof impact === 'number' && Math.abs(impact) >= CONFIRM_PRICE_IMPACT) warnings.push('price-impact-extreme');
  else if (typeof impact === 'number' && Math.abs(impact) > HIGH_PRICE_IMPACT) warnings.push('price-impact');
  const approval = plan.kind === 'evm' ? plan.approval : undefined;
  if (approval?.resetFirst) warnings.push('approval-reset');
  const name = input.affiliate.name?.trim();
  return {
    from: {
      ...(request.sourceAddress ? { address: request.sourceAddress } : {}),
      chain: assetChain(request.sellAsset),
      asset: request.sellAsset,
      amount: request.sellAmount,
    },
    to: plan.to,
    receive: {
      asset: request.buyAsset,
      expected: route.expectedBuyAmount,
      minimum: call?.minimum ?? minimumOf(input, memo?.limit),
      address: request.destinationAddress ?? request.sourceAddress ?? '',
    },
    ...(memo ? { memo } : {}),
    ...(call ? { call } : {}),
    ...(approval
      ? {
          approval: {
            spender: approval.spender,
            amount: fromUnits(approval.amount, approval.decimals),
            reset: approval.resetFirst,
          },
        }
      : {}),
    ...(plan.kind === 'solana' ? { instructions: [{ program: JUPITER_V6_PROGRAM, what: 'swap' }] } : {}),
    ...(plan.kind === 'cosmos' ? { instructions: cosmosInstructions(plan) } : {}),
    fees: [...input.fees],
    ...(name && input.affiliate.bps > 0 ? { affiliate: { name, bps: input.affiliate.bps } } : {}),
    expiresAt: new Date(input.expiresAt).toISOString(),
    warnings,
  };
}

/** The memo the plan sends, each part as the protocol that reads it reads it. */
function memoOf(input: ReviewInput): Review['memo'] {
  const { plan } = input;
  const text =
    plan.kind === 'memo'
      ? plan.memo
      : plan.kind === 'cosmos'
        ? plan.tx.memo
        : plan.kind === 'evm'
          ? decodeRouterDeposit(plan.tx.data)?.memo
          : undefined;
  if (!text) return undefined;
  const protocol: MemoProtocol | undefined = 'protocol' in plan ? plan.protocol : undefined;
  const parsed = parseSwapMemo(text, protocol === 'A' ? SHORT_ASSETS : NO_SHORT_ASSETS);
  if (!parsed.ok) return undefined;
  const m = parsed.memo;
  return {
    text,
    asset: m.asset,
    destination: m.destination,
    limit: fromUnits(m.limit, 8),
    ...(m.affiliates.length ? { affiliate: m.affiliates.join('/') } : {}),
    ...(m.affiliates.length ? { fee: m.feesBps[0] ?? 0 } : {}),
    ...(m.refundAddress ? { refund: m.refundAddress } : {}),
    ...(m.interval !== undefined ? { streaming: { interval: m.interval, quantity: m.quantity ?? 0 } } : {}),
  };
}

/**
 * The least that comes back, as the signed part holds it: a memo's limit (1e8 units), the
 * aggregator's `minReturnAmount` (`minReturn` of an unoswap) at the bought token's trusted
 * decimals, a Vault call's least price for the amount sent (`vaultCallOf`), else the route's
 * minimum (a Solana swap's floor is held to it; a deposit channel's is the broker's).
 */
function minimumOf(input: ReviewInput, memoLimit: string | undefined): string {
  if (memoLimit !== undefined) return memoLimit;
  const { plan, request, route } = input;
  if (plan.kind === 'evm') {
    const d = input.decimals(request.buyAsset);
    const signed = decodeOneInchSwap(plan.tx.data)?.minReturnAmount ?? decodeUnoswap(plan.tx.data)?.minReturn;
    if (signed !== undefined && d !== undefined && assetChain(request.buyAsset) === plan.chain)
      return fromUnits(signed, d);
  }
  return route.expectedBuyAmountMaxSlippage;
}

/**
 * A Vault call's bindings (`checks/chainflip-vault.ts` held each to the request): the call,
 * the destination its `dstAddress` writes, the asset, the least its price pays for the amount
 * sent, the refund address.
 */
function vaultCallOf(input: ReviewInput): Review['call'] {
  const { plan, request } = input;
  if (plan.kind !== 'evm') return undefined;
  const swap = decodeVaultSwap(plan.tx.data);
  const p = swap && decodeCfParameters(swap.cfParameters);
  const d = input.decimals(request.buyAsset);
  if (!swap || !p || d === undefined) return undefined;
  const sold = swap.amount ?? plan.tx.value;
  return {
    function: swap.srcToken === undefined ? 'xSwapNative' : 'xSwapToken',
    // The check held `dstAddress` to be exactly these bytes of the destination.
    destination: request.destinationAddress ?? swap.dstAddress,
    asset: request.buyAsset,
    minimum: fromUnits((p.minPrice * sold) >> 128n, d),
    refund: p.refundAddress,
  };
}

function cosmosInstructions(plan: CosmosPlan): { program: string; what: string }[] {
  return plan.tx.msgs.map((m) => {
    const type =
      typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string'
        ? (m as { type: string }).type
        : '?';
    return { program: type, what: /MsgDeposit$/.test(type) ? 'deposit' : /MsgSend$/.test(type) ? 'send' : type };
  });
}
