/**
 * The safety checks run on a route before anything is handed out for signing or sending,
 * and again after every re-quote. The service's answer is checked against what the user
 * asked for; a route that fails is refused with the reason, never "fixed".
 *
 * Plain TypeScript; no DOM. The result is an execution plan built only from checked data.
 */
import { msg, str } from '@lit/localize';
import type { QuoteRequest, Route } from '../api/schemas.js';
import { normalizeAddressForCompare } from './address.js';
import { compareDecimal, fractionDigits, isDecimalString, toE8, toUnits } from './amount.js';
import { assetChain, isNativeAsset, parseAsset, sameAsset } from './asset.js';
import { chainInfo } from './chains.js';
import {
  TOKEN_MOVING_SELECTORS,
  dataCarriesMemo,
  isEvmAddress,
  needsApprovalReset,
  parseQuantity,
  selector,
} from './evm.js';
import { memoAssetMatches, memoBytes, parseSwapMemo } from './memo.js';
import { isDepositChannelProvider } from './providers.js';
import { parseExpiration } from './routes.js';

/** What the user asked for: the request the route answers, and the sell token's decimals. */
export interface CheckContext {
  request: QuoteRequest;
  sellDecimals: number;
  /** Unix milliseconds. */
  now: number;
}

export interface MemoPlan {
  kind: 'memo';
  chain: string;
  asset: string;
  amount: string;
  address: string;
  memo: string;
  /** Unix ms, when the route has an expiry. */
  expiresAt?: number;
}

export interface DepositChannelPlan {
  kind: 'deposit-channel';
  chain: string;
  asset: string;
  amount: string;
  buyAsset: string;
  destination: string;
}

export interface EvmPlan {
  kind: 'evm';
  chain: string;
  chainId: number;
  /** For a token sell: the approval the swap needs, exact. */
  approval?: { token: string; spender: string; amount: bigint; resetFirst: boolean };
  tx: { to: string; from: string; value: bigint; data: string; chainId: number };
  expiresAt?: number;
}

export type Plan = MemoPlan | DepositChannelPlan | EvmPlan;

export type CheckResult =
  | { ok: true; plan: Plan }
  | { ok: false; code: 'route-rejected' | 'route-expired'; reason: string };

type EvmTxLike = { to: string; from: string; value: string; data: string; chain_id?: number | undefined };

function isEvmTx(tx: unknown): tx is EvmTxLike {
  return typeof tx === 'object' && tx !== null && typeof (tx as EvmTxLike).to === 'string' && typeof (tx as EvmTxLike).data === 'string';
}

const reject = (reason: string): CheckResult => ({ ok: false, code: 'route-rejected', reason });

function sameAddress(chain: string, a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return normalizeAddressForCompare(chain, a) === normalizeAddressForCompare(chain, b);
}

/**
 * Checks a route against the request it answers. On success the plan says exactly what
 * is to be signed or sent, built from checked values only.
 */
export function checkRoute(route: Route, ctx: CheckContext): CheckResult {
  const { request, now } = ctx;
  const sellChain = assetChain(request.sellAsset);
  const buyChain = assetChain(request.buyAsset);

  // ---- every route -------------------------------------------------------------------
  const expiresAt = parseExpiration(route.expiration);
  if (expiresAt !== undefined && Number.isNaN(expiresAt)) return reject(msg(str`its expiry "${route.expiration}" cannot be read`));
  if (expiresAt !== undefined && expiresAt <= now) return { ok: false, code: 'route-expired', reason: msg('the route has expired') };
  if (!sameAsset(route.sellAsset, request.sellAsset)) return reject(msg(str`it sells ${route.sellAsset}, not ${request.sellAsset}`));
  if (!sameAsset(route.buyAsset, request.buyAsset)) return reject(msg(str`it buys ${route.buyAsset}, not ${request.buyAsset}`));
  if (compareDecimal(route.sellAmount, request.sellAmount) !== 0) {
    return reject(msg(str`it sells ${route.sellAmount}, not the ${request.sellAmount} asked for`));
  }
  if (route.destinationAddress && request.destinationAddress && !sameAddress(buyChain, route.destinationAddress, request.destinationAddress)) {
    return reject(msg('it pays to another destination address'));
  }
  // The minimum must follow the slippage asked for: a route may not lower it on its own.
  if (!minimumFollowsSlippage(route.expectedBuyAmount, route.expectedBuyAmountMaxSlippage, request.slippage)) {
    return reject(msg(str`its minimum output ${route.expectedBuyAmountMaxSlippage} is below what a ${request.slippage}% slippage allows`));
  }

  const tx = route.tx ?? route.transaction;
  const evmTx = isEvmTx(tx) ? tx : undefined;

  // ---- EVM transaction routes --------------------------------------------------------
  if (evmTx) return checkEvm(route, evmTx, ctx, expiresAt);

  // ---- protocol-memo routes ----------------------------------------------------------
  if (route.memo) {
    const memoCheck = checkMemo(route, route.memo, request);
    if (memoCheck) return reject(memoCheck);
    const address = route.inboundAddress ?? route.targetAddress;
    if (!address) return reject(msg('it has a memo but no inbound address'));
    return {
      ok: true,
      plan: {
        kind: 'memo',
        chain: sellChain,
        asset: request.sellAsset,
        amount: request.sellAmount,
        address,
        memo: route.memo,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      },
    };
  }

  // ---- deposit-channel routes (protocol B) ------------------------------------------------
  if (route.providers.length === 1 && isDepositChannelProvider(route.providers[0]!)) {
    if (!request.destinationAddress) return reject(msg('a deposit channel needs a destination address'));
    return {
      ok: true,
      plan: {
        kind: 'deposit-channel',
        chain: sellChain,
        asset: request.sellAsset,
        amount: request.sellAmount,
        buyAsset: request.buyAsset,
        destination: request.destinationAddress,
      },
    };
  }

  if (tx !== undefined) return reject(msg('it needs a wallet of a kind the widget cannot drive (a non-EVM transaction)'));
  return reject(msg('it carries neither a transaction, a memo nor a deposit channel'));
}

/**
 * Whether `minimum` is at least `expected × (1 − slippage%)` (slippage counted in basis
 * points, as the service does), with one unit of room at the minimum's own precision for
 * the service cutting it to the asset's decimals.
 */
export function minimumFollowsSlippage(expected: string, minimum: string, slippagePercent: number): boolean {
  const bps = BigInt(Math.round(slippagePercent * 100));
  const d = Math.max(fractionDigits(expected), fractionDigits(minimum));
  const floor = (toUnits(expected, d) * (10_000n - bps)) / 10_000n;
  const room = 10n ** BigInt(d - fractionDigits(minimum));
  return toUnits(minimum, d) + room > floor;
}

/** Undefined when the memo says what was asked; else why not. */
export function checkMemo(route: Route, memo: string, request: QuoteRequest): string | undefined {
  const sellChain = assetChain(request.sellAsset);
  const buyChain = assetChain(request.buyAsset);
  const limit = chainInfo(sellChain)?.memoLimit;
  if (limit === undefined) return msg(str`${sellChain} transactions cannot carry a memo`);
  const bytes = memoBytes(memo);
  if (bytes > limit) return msg(str`its memo is ${bytes} bytes long, more than the ${limit} bytes a ${sellChain} transaction carries`);

  const parsed = parseSwapMemo(memo);
  if (!parsed.ok) return msg(str`its memo cannot be read (${parsed.reason})`);
  const m = parsed.memo;
  if (!memoAssetMatches(m.asset, request.buyAsset)) return msg(str`its memo buys ${m.asset}, not ${request.buyAsset}`);
  if (!request.destinationAddress) return msg('a memo route needs a destination address');
  if (!sameAddress(buyChain, m.destination, request.destinationAddress)) {
    return msg(str`its memo pays to ${m.destination}, not to your destination address`);
  }
  if (!isDecimalString(route.expectedBuyAmountMaxSlippage)) return msg('its minimum output is not a number');
  const minimum = toE8(route.expectedBuyAmountMaxSlippage);
  if (m.limit < minimum) return msg(str`its memo accepts as little as ${m.limit} (1e8 units), below the route's minimum ${minimum}`);

  const wantAffiliate = request.affiliate ? [request.affiliate.toLowerCase()] : [];
  const wantFee = request.affiliate ? [request.affiliateFee ?? 0] : [];
  const gotAffiliate = m.affiliates.map((a) => a.toLowerCase());
  const gotFee = [...m.feesBps];
  // A fee of 0 may be left out after the affiliate's name.
  while (gotFee.length < gotAffiliate.length) gotFee.push(0);
  if (gotAffiliate.join('/') !== wantAffiliate.join('/')) {
    return gotAffiliate.length ? msg(str`its memo pays affiliate "${m.affiliates.join('/')}", not the one configured`) : msg('its memo leaves out the configured affiliate');
  }
  if (gotFee.join('/') !== wantFee.join('/')) return msg(str`its memo's affiliate fee is ${gotFee.join('/')} bps, not ${wantFee.join('/')}`);
  return undefined;
}

function checkEvm(
  route: Route,
  tx: EvmTxLike,
  ctx: CheckContext,
  expiresAt: number | undefined,
): CheckResult {
  const { request } = ctx;
  const sellChain = assetChain(request.sellAsset);
  const info = chainInfo(sellChain);
  if (info?.kind !== 'evm' || info.evmChainId === undefined) return reject(msg(str`it asks for an EVM transaction, but ${sellChain} is not an EVM chain`));
  const chainId = info.evmChainId;
  if (tx.chain_id !== undefined && tx.chain_id !== chainId) return reject(msg(str`its transaction is for chain ${tx.chain_id}, not ${info.name} (${chainId})`));
  const legacyChain = route.transaction?.chain;
  if (!route.tx && legacyChain && chainInfo(legacyChain)?.code !== sellChain && legacyChain !== String(chainId)) {
    return reject(msg(str`its transaction is for ${legacyChain}, not ${info.name}`));
  }
  if (!request.sourceAddress) return reject(msg('an EVM transaction needs your source address'));
  if (!isEvmAddress(tx.from) || !sameAddress(sellChain, tx.from, request.sourceAddress)) {
    return reject(msg('its transaction is sent from another address than yours'));
  }
  if (!isEvmAddress(tx.to)) return reject(msg('its transaction goes to an invalid address'));
  if (!/^0x([0-9a-fA-F]{2})*$/.test(tx.data)) return reject(msg('its transaction data is not hex'));
  const moving = TOKEN_MOVING_SELECTORS[selector(tx.data)];
  if (moving) return reject(msg(str`its transaction is a token ${moving} call, not a swap`));
  if (route.memo) {
    const memoCheck = checkMemo(route, route.memo, request);
    if (memoCheck) return reject(memoCheck);
    if (!dataCarriesMemo(tx.data, route.memo)) return reject(msg('its transaction does not carry the memo it shows'));
  }

  const value = parseQuantity(tx.value);
  if (value === undefined) return reject(msg(str`its transaction value "${tx.value}" is not a number`));
  const amount = toUnits(request.sellAmount, ctx.sellDecimals);
  const native = isNativeAsset(request.sellAsset);
  if (native && value !== amount) return reject(msg(str`its transaction sends ${value} wei, not the ${amount} wei of your sell amount`));
  if (!native && value !== 0n) return reject(msg(str`its transaction also sends ${value} wei of ${info.nativeSymbol} with a token sell`));

  let approval: EvmPlan['approval'];
  if (!native) {
    const token = parseAsset(request.sellAsset)?.contract;
    if (!token || !isEvmAddress(token)) return reject(msg(str`the sell token's contract "${token}" is not an EVM address`));
    const spender = route.meta.approvalAddress ?? tx.to;
    if (!isEvmAddress(spender)) return reject(msg('its approval address is not an EVM address'));
    approval = { token, spender, amount, resetFirst: needsApprovalReset(sellChain, token) };
  }
  return {
    ok: true,
    plan: {
      kind: 'evm',
      chain: sellChain,
      chainId,
      ...(approval ? { approval } : {}),
      tx: { to: tx.to, from: tx.from, value, data: tx.data, chainId },
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    },
  };
}
