/**
 * The EVM transaction of a route: the call (the protocol's router deposit or the aggregator's
 * swap, decoded and encoded again), its value, and the exact approval it needs.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../api/schemas.js';
import { toUnits } from './amount.js';
import { assetChain, parseAsset } from './asset.js';
import { chainInfo } from './chains.js';
import {
  FORBIDDEN_SELECTORS,
  NATIVE_TOKEN_PLACEHOLDER,
  ONEINCH_KNOWN_FLAGS,
  ONEINCH_SWAP_SELECTOR,
  ONEINCH_V6_ROUTER,
  PERMIT2_ADDRESS,
  ROUTER_DEPOSIT_SELECTOR,
  ZERO_ADDRESS,
  decodeOneInchSwap,
  decodeRouterDeposit,
  encodeOneInchSwap,
  encodeRouterDeposit,
  isEvmAddress,
  needsApprovalReset,
  parseQuantity,
  sameEvmAddress,
  selector,
} from './evm.js';
import { refusal, type Refusal } from './refusals.js';
import { checkInbound, checkMemo } from './route-checks-memo.js';
import { assetDecimals, isChainNative, reject, type EvmTxLike, type Facts } from './route-facts.js';
import type { CheckResult, EvmPlan } from './route-plans.js';

/** A router deposit may expire at most this long after it is checked (seconds). */
export const MAX_ROUTER_EXPIRY_SECONDS = 2 * 3600;

export function checkEvm(route: Route, tx: EvmTxLike, f: Facts): CheckResult {
  const { request, now } = f.ctx;
  const sellChain = f.sellChain;
  const info = chainInfo(sellChain);
  if (info?.kind !== 'evm' || info.evmChainId === undefined) return reject('tx-chain-not-evm', { chain: sellChain });
  const chainId = info.evmChainId;
  if (tx.chain_id !== undefined && tx.chain_id !== chainId) return reject('tx-chain-mismatch', { got: tx.chain_id, want: chainId });
  const legacyChain = route.transaction?.chain;
  if (!route.tx && legacyChain && chainInfo(legacyChain)?.code !== sellChain && legacyChain !== String(chainId)) {
    return reject('tx-chain-mismatch', { got: legacyChain, want: chainId });
  }
  if (!request.sourceAddress) return reject('source-address-missing');
  if (!isEvmAddress(tx.from) || !sameEvmAddress(tx.from, request.sourceAddress)) return reject('tx-from-mismatch', { got: tx.from });
  if (!isEvmAddress(tx.to) || sameEvmAddress(tx.to, ZERO_ADDRESS)) return reject('tx-to-invalid', { to: tx.to });
  if (!/^0x([0-9a-fA-F]{2})*$/.test(tx.data)) return reject('tx-data-invalid');
  const sel = selector(tx.data);
  if (!sel) return reject('tx-no-call');
  const forbidden = FORBIDDEN_SELECTORS[sel];
  if (forbidden) return reject('tx-selector-forbidden', { selector: sel, name: forbidden });

  const native = isChainNative(request.sellAsset);
  let token: string | undefined;
  if (!native) {
    token = parseAsset(request.sellAsset)?.contract;
    if (!token || !isEvmAddress(token)) return reject('sell-token-invalid', { contract: token });
    if (sameEvmAddress(tx.to, token)) return reject('tx-to-sell-token');
  }
  if (sameEvmAddress(tx.to, PERMIT2_ADDRESS)) return reject('tx-to-permit2');

  const value = parseQuantity(tx.value);
  if (value === undefined) return reject('tx-value-invalid', { value: tx.value });
  if (native && value !== f.sellUnits) return reject('tx-value-mismatch', { got: value, want: f.sellUnits });
  if (!native && value !== 0n) return reject('tx-value-with-token', { value });

  let data = tx.data;
  /** The contract the approval must go to, when the call decides it. */
  let requiredSpender: string | undefined;
  if (route.memo || sel === ROUTER_DEPOSIT_SELECTOR) {
    if (sel !== ROUTER_DEPOSIT_SELECTOR) return reject('memo-evm-needs-router', { chain: sellChain });
    const deposit = decodeRouterDeposit(tx.data);
    if (!deposit || encodeRouterDeposit(deposit).toLowerCase() !== tx.data.toLowerCase()) return reject('router-call-unreadable');
    if (route.memo !== undefined && deposit.memo !== route.memo) return reject('router-memo-mismatch');
    const memoProblem = checkMemo(deposit.memo, route, f);
    if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
    const inbound = checkInbound(route, sellChain);
    if (!inbound.ok) return { ok: false, code: 'route-rejected', refusal: inbound.refusal };
    if (!sameEvmAddress(deposit.vault, inbound.address)) return reject('router-vault-mismatch', { got: deposit.vault, want: inbound.address });
    const asset = native ? ZERO_ADDRESS : token!;
    if (!sameEvmAddress(deposit.asset, asset)) return reject('router-asset-mismatch', { got: deposit.asset, want: asset });
    if (deposit.amount !== f.sellUnits) return reject('router-amount-mismatch', { got: deposit.amount, want: f.sellUnits });
    const nowSeconds = BigInt(Math.floor(now / 1000));
    if (deposit.expiration <= nowSeconds || deposit.expiration > nowSeconds + BigInt(MAX_ROUTER_EXPIRY_SECONDS)) {
      return reject('router-expiry-invalid', { expiry: deposit.expiration });
    }
    data = encodeRouterDeposit(deposit);
    requiredSpender = tx.to;
  } else if (sel === ONEINCH_SWAP_SELECTOR) {
    const swap = decodeOneInchSwap(tx.data);
    if (!swap || encodeOneInchSwap(swap).toLowerCase() !== tx.data.toLowerCase()) return reject('aggregator-call-unreadable');
    const problem = checkOneInchSwap(route, swap, token, f);
    if (problem) return { ok: false, code: 'route-rejected', refusal: problem };
    data = encodeOneInchSwap(swap);
    if (sameEvmAddress(tx.to, ONEINCH_V6_ROUTER)) requiredSpender = tx.to;
  } else if (sameEvmAddress(tx.to, ONEINCH_V6_ROUTER)) {
    // 1inch's other entry points do not name the token bought: their minimum cannot be checked.
    return reject('aggregator-call-unverifiable', { selector: sel });
  }

  let approval: EvmPlan['approval'];
  if (!native) {
    const spender = route.meta.approvalAddress ?? tx.to;
    if (
      !isEvmAddress(spender) ||
      sameEvmAddress(spender, ZERO_ADDRESS) ||
      sameEvmAddress(spender, token) ||
      sameEvmAddress(spender, PERMIT2_ADDRESS) ||
      sameEvmAddress(spender, request.sourceAddress)
    ) {
      return reject('approval-spender-invalid', { spender });
    }
    if (requiredSpender && !sameEvmAddress(spender, requiredSpender)) return reject('approval-spender-mismatch', { spender, want: requiredSpender });
    approval = { token: token!, spender, amount: f.sellUnits, decimals: f.sellDecimals, resetFirst: needsApprovalReset(sellChain, token!) };
  }
  return {
    ok: true,
    plan: {
      kind: 'evm',
      chain: sellChain,
      chainId,
      ...(approval ? { approval } : {}),
      tx: { to: tx.to, from: tx.from, value, data, chainId },
      ...(f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {}),
    },
  };
}

/** The token address an aggregator call names for an asset of the sell chain: its contract, or the native placeholder. */
function aggregatorToken(asset: string, sellChain: string): string | undefined {
  if (assetChain(asset) !== sellChain) return undefined;
  if (isChainNative(asset)) return NATIVE_TOKEN_PLACEHOLDER;
  const contract = parseAsset(asset)?.contract;
  return contract && isEvmAddress(contract) ? contract : undefined;
}

/**
 * A 1inch v6 `swap`: it sells exactly the sell amount of the sell token, buys the route's
 * buy asset (or, on a multi-leg route, the first leg's) for the destination address (the
 * source when none is set) with a minimum not below the route's (or the leg's) minimum,
 * and sets no flag v6 does not define. A multi-leg route's first leg pays a protocol's
 * deposit address the widget cannot know: only its validity is checked.
 */
function checkOneInchSwap(route: Route, swap: NonNullable<ReturnType<typeof decodeOneInchSwap>>, token: string | undefined, f: Facts): Refusal | undefined {
  const { request } = f.ctx;
  const multi = route.legs.length > 1;
  const leg = multi ? route.legs[0]! : undefined;
  const srcToken = token ?? NATIVE_TOKEN_PLACEHOLDER;
  if (!sameEvmAddress(swap.srcToken, srcToken)) return refusal('aggregator-src-token-mismatch', { got: swap.srcToken, want: srcToken });
  const dstAsset = leg ? leg.buyAsset : request.buyAsset;
  const dstToken = aggregatorToken(dstAsset, f.sellChain);
  if (!dstToken || !sameEvmAddress(swap.dstToken, dstToken)) return refusal('aggregator-dst-token-mismatch', { got: swap.dstToken, want: dstToken ?? dstAsset });
  if (swap.amount !== f.sellUnits) return refusal('aggregator-amount-mismatch', { got: swap.amount, want: f.sellUnits });
  if ((swap.flags & ~ONEINCH_KNOWN_FLAGS) !== 0n) return refusal('aggregator-flags-unknown', { flags: swap.flags });

  // The minimum is signed in the bought token's base units: only its trusted decimals count it.
  if (!leg && !f.buyDecimalsTrusted) return refusal('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
  let minimum = f.minimumUnits;
  if (leg) {
    const d = assetDecimals(leg.buyAsset, f.ctx.decimals);
    if (d === undefined) return refusal('token-decimals-untrusted', { asset: leg.buyAsset, chain: assetChain(leg.buyAsset) });
    if (leg.buyAmountMaxSlippage === undefined) return refusal('aggregator-minimum-too-low', { got: swap.minReturnAmount, want: '?' });
    minimum = toUnits(leg.buyAmountMaxSlippage, d);
  }
  if (swap.minReturnAmount < minimum || swap.minReturnAmount === 0n) return refusal('aggregator-minimum-too-low', { got: swap.minReturnAmount, want: minimum });

  if (leg) {
    if (!isEvmAddress(swap.dstReceiver) || sameEvmAddress(swap.dstReceiver, ZERO_ADDRESS)) return refusal('aggregator-receiver-mismatch', { got: swap.dstReceiver, want: '?' });
  } else {
    const receiver = request.destinationAddress ?? request.sourceAddress!;
    const toSender = sameEvmAddress(swap.dstReceiver, ZERO_ADDRESS) && sameEvmAddress(receiver, request.sourceAddress);
    if (!toSender && !sameEvmAddress(swap.dstReceiver, receiver)) return refusal('aggregator-receiver-mismatch', { got: swap.dstReceiver, want: receiver });
  }
  return undefined;
}
