/**
 * The safety checks run on a route before anything is handed out for signing or sending,
 * and again after every re-quote. The service's answer is checked against what the user
 * asked for; a route that fails is refused with a code (`refusals.ts`), never "fixed".
 *
 * Every hand-out is built from parts that were decoded and checked one by one: the memo is
 * read in full, the router's and the aggregator's calldata are decoded with their public
 * ABIs and must be exactly what the checked parts encode to, amounts are counted at the
 * asset's own decimals (the chain's for a native asset), and the minimum output is held to
 * the slippage floor at that precision, whatever digits the service wrote.
 *
 * Plain TypeScript; no DOM, no words (a refusal is a code with parameters).
 */
import * as z from 'zod/mini';
import { MsgTx, type DepositChannel, type QuoteRequest, type Route } from '../api/schemas.js';
import { isValidAddress, normalizeAddressForCompare } from './address.js';
import { compareDecimal, fractionDigits, fromUnits, normalizeDecimal, slippageBps, slippageFloor, toE8, toUnits } from './amount.js';
import { assetChain, parseAsset, sameAsset } from './asset.js';
import { chainInfo } from './chains.js';
import { checkCosmosTx } from './cosmos.js';
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
import { MAX_STREAMING_BLOCKS, NO_SHORT_ASSETS, SHORT_ASSETS, memoAssetMatches, memoBytes, parseSwapMemo, streamingWithinLimits } from './memo.js';
import { isDepositChannelProvider, memoProtocol } from './providers.js';
import { refusal, type Refusal, type RefusalCode } from './refusals.js';
import { parseExpiration } from './routes.js';
import { checkSolanaTransaction, type SolanaExpectation } from './solana.js';
import { WRAPPED_SOL_MINT } from './solana-programs.js';

/** The affiliate the widget is configured with: its name (none: no affiliate) and fee in basis points. */
export interface AffiliateConfig {
  name?: string | undefined;
  bps: number;
}

/** What the user asked for, and what the widget knows to check it with. */
export interface CheckContext {
  request: QuoteRequest;
  /**
   * The token list's decimals of an asset, undefined when the list does not have it. Only
   * asked for tokens: a chain's native asset counts in the chain's own decimals.
   */
  listDecimals(asset: string): number | undefined;
  /** The configured affiliate and fee (the memo, the fee lines and `meta` must agree with it). */
  affiliate: AffiliateConfig;
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
  /**
   * For a token sell: the approval the swap needs, exact; `decimals` are the token list's,
   * which the amount was counted in (a wallet reads the token's own before approving).
   */
  approval?: { token: string; spender: string; amount: bigint; decimals: number; resetFirst: boolean };
  tx: { to: string; from: string; value: bigint; data: string; chainId: number };
  expiresAt?: number;
}

/** A serialized Solana transaction (base64), the route's own string, checked. */
export interface SolanaPlan {
  kind: 'solana';
  chain: string;
  tx: { from: string; serialized: string };
  expiresAt?: number;
}

/** Cosmos-SDK messages (amino JSON), the route's own, checked; signed on the sell chain. */
export interface CosmosPlan {
  kind: 'cosmos';
  chain: string;
  tx: { from: string; msgs: unknown[]; fee: unknown; memo: string };
  /**
   * The same swap as a transfer with a memo, when the route also names an inbound address:
   * offered when the page has no wallet of the family.
   */
  memo?: MemoPlan;
  expiresAt?: number;
}

export type Plan = MemoPlan | DepositChannelPlan | EvmPlan | SolanaPlan | CosmosPlan;

export type CheckResult =
  | { ok: true; plan: Plan }
  | { ok: false; code: 'route-rejected' | 'route-expired'; refusal: Refusal };

/** A router deposit may expire at most this long after it is checked (seconds). */
export const MAX_ROUTER_EXPIRY_SECONDS = 2 * 3600;
/**
 * How long the widget offers a deposit channel's address (seconds). Protocol B closes a channel
 * 24 hours after it opens, counted in blocks of the deposit's chain, and tells users to deposit
 * at once; its answer cannot say when that is without the deposit chain's current height (its
 * issue block is a block of the protocol's own chain). The widget opens a channel at each
 * press and offers it for an hour: the deposit then has the rest of the day to be mined.
 */
export const CHANNEL_HANDOUT_SECONDS = 3600;

type EvmTxLike = { to: string; from: string; value: string; data: string; chain_id?: number | undefined };

function isEvmTx(tx: unknown): tx is EvmTxLike {
  const t = tx as EvmTxLike;
  return typeof tx === 'object' && tx !== null && typeof t.to === 'string' && typeof t.data === 'string' && typeof t.from === 'string' && typeof t.value === 'string';
}

/**
 * The form of a route's transaction, read from its shape alone: none, the EVM form, the
 * message form, a string (a serialised transaction), or anything else (`unknown`).
 */
export type TxForm = 'none' | 'evm' | 'messages' | 'serialized' | 'unknown';

export function txForm(tx: unknown): TxForm {
  if (tx === undefined || tx === null) return 'none';
  if (isEvmTx(tx)) return 'evm';
  if (typeof tx === 'string') return 'serialized';
  return z.safeParse(MsgTx, tx).success ? 'messages' : 'unknown';
}

type MsgTxLike = { msgs: unknown[]; fee: unknown; memo?: string | undefined };

function isMsgTx(tx: unknown): tx is MsgTxLike {
  return typeof tx === 'object' && tx !== null && Array.isArray((tx as MsgTxLike).msgs);
}

type Params = Readonly<Record<string, string | number | bigint | undefined>>;

const reject = (code: RefusalCode, params?: Params): CheckResult => ({ ok: false, code: 'route-rejected', refusal: refusal(code, params) });

function sameAddress(chain: string, a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return normalizeAddressForCompare(chain, a) === normalizeAddressForCompare(chain, b);
}

/**
 * Decimals of an asset: a chain's native asset (no contract, not synthetic, its chain's
 * native symbol) counts in the chain's own decimals, whatever a token list says; every
 * other asset in the token list's. Undefined when neither knows.
 */
export function assetDecimals(asset: string, listDecimals: (asset: string) => number | undefined): number | undefined {
  const parts = parseAsset(asset);
  if (!parts) return undefined;
  const info = chainInfo(parts.chain);
  if (info && !parts.contract && !parts.synthetic && parts.symbol.toUpperCase() === info.nativeSymbol.toUpperCase()) return info.nativeDecimals;
  const d = listDecimals(asset);
  return d !== undefined && Number.isInteger(d) && d >= 0 && d <= 77 ? d : undefined;
}

/** Whether the asset is counted as its chain's native coin (see `assetDecimals`). */
function isChainNative(asset: string): boolean {
  const parts = parseAsset(asset);
  const info = parts && chainInfo(parts.chain);
  return !!parts && !!info && !parts.contract && !parts.synthetic && parts.symbol.toUpperCase() === info.nativeSymbol.toUpperCase();
}

/**
 * Whether `minimum` is at least the slippage floor `expected × (1 − slippage)`, both counted
 * in units of the asset's decimals (digits beyond them cut off), less one unit of room for
 * the service rounding. Whatever digits the service writes, the room is never more than one
 * unit at the asset's own precision.
 */
export function minimumFollowsSlippage(expected: string, minimum: string, slippagePercent: number, decimals: number): boolean {
  const floor = slippageFloor(toUnits(expected, decimals), slippageBps(slippagePercent));
  return toUnits(minimum, decimals) + 1n >= floor;
}

/** What the checks of the parts share. */
interface Facts {
  ctx: CheckContext;
  sellChain: string;
  buyChain: string;
  sellDecimals: number;
  buyDecimals: number;
  sellUnits: bigint;
  expectedUnits: bigint;
  minimumUnits: bigint;
  bps: bigint;
  expiresAt: number | undefined;
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
  if (expiresAt !== undefined && Number.isNaN(expiresAt)) return reject('expiry-unreadable', { value: String(route.expiration) });
  if (expiresAt !== undefined && expiresAt <= now) return { ok: false, code: 'route-expired', refusal: refusal('route-expired') };
  if (!sameAsset(route.sellAsset, request.sellAsset)) return reject('sell-asset-mismatch', { got: route.sellAsset, want: request.sellAsset });
  if (!sameAsset(route.buyAsset, request.buyAsset)) return reject('buy-asset-mismatch', { got: route.buyAsset, want: request.buyAsset });
  if (compareDecimal(route.sellAmount, request.sellAmount) !== 0) return reject('sell-amount-mismatch', { got: route.sellAmount, want: request.sellAmount });

  const sellDecimals = assetDecimals(request.sellAsset, ctx.listDecimals);
  if (sellDecimals === undefined) return reject('sell-decimals-unknown', { asset: request.sellAsset });
  const buyDecimals = assetDecimals(request.buyAsset, ctx.listDecimals);
  if (buyDecimals === undefined) return reject('buy-decimals-unknown', { asset: request.buyAsset });
  if (fractionDigits(normalizeDecimal(request.sellAmount)) > sellDecimals) {
    return reject('sell-amount-precision', { amount: request.sellAmount, decimals: sellDecimals });
  }
  if (route.destinationAddress && request.destinationAddress && !sameAddress(buyChain, route.destinationAddress, request.destinationAddress)) {
    return reject('destination-mismatch', { got: route.destinationAddress });
  }

  // The minimum must follow the slippage asked for, at the buy asset's own precision.
  const bps = slippageBps(request.slippage);
  const expectedUnits = toUnits(route.expectedBuyAmount, buyDecimals);
  const minimumUnits = toUnits(route.expectedBuyAmountMaxSlippage, buyDecimals);
  const floor = slippageFloor(expectedUnits, bps);
  if (minimumUnits + 1n < floor) {
    return reject('minimum-below-slippage', { minimum: route.expectedBuyAmountMaxSlippage, floor: fromUnits(floor, buyDecimals), slippage: request.slippage });
  }
  // Each leg's own minimum too, where its asset's decimals are known.
  for (const leg of route.legs) {
    if (leg.buyAmountMaxSlippage === undefined) continue;
    const d = assetDecimals(leg.buyAsset, ctx.listDecimals);
    if (d === undefined) continue;
    const legFloor = slippageFloor(toUnits(leg.buyAmount, d), bps);
    if (toUnits(leg.buyAmountMaxSlippage, d) + 1n < legFloor) {
      return reject('minimum-below-slippage', { minimum: leg.buyAmountMaxSlippage, floor: fromUnits(legFloor, d), slippage: request.slippage, leg: leg.provider });
    }
  }

  const sellUnits = toUnits(request.sellAmount, sellDecimals);
  const facts: Facts = { ctx, sellChain, buyChain, sellDecimals, buyDecimals, sellUnits, expectedUnits, minimumUnits, bps, expiresAt };

  const affiliateProblem = checkAffiliateLines(route, facts);
  if (affiliateProblem) return { ok: false, code: 'route-rejected', refusal: affiliateProblem };

  const tx = route.tx ?? route.transaction;
  const evmTx = isEvmTx(tx) ? tx : undefined;
  const form = txForm(tx);

  // ---- EVM transaction routes --------------------------------------------------------
  if (evmTx) return checkEvm(route, evmTx, facts);

  // ---- Solana and Cosmos transaction routes --------------------------------------------
  // A messages transaction from a Cosmos chain goes to its own checker even when it is not
  // the messages form (a number for an amount, a message that is not an object): that checker
  // reads every field against an allowlist and says which one is wrong (cosmos-shape).
  const kind = chainInfo(sellChain)?.kind;
  if (kind === 'solana' && typeof tx === 'string') return checkSolana(route, tx, facts);
  if (kind === 'cosmos' && isMsgTx(tx)) return checkCosmos(route, tx, facts);

  // A transaction in a form the widget does not know cannot be checked, whatever else the route says.
  if (form === 'unknown') return reject('tx-form-unknown', { form: Array.isArray(tx) ? 'array' : typeof tx });

  // ---- protocol-memo routes ----------------------------------------------------------
  if (route.memo) {
    // From an EVM chain a protocol deposit is a router call: a hand-sent transfer to a vault
    // loses tokens and needs the memo hex-encoded in the data field.
    if (chainInfo(sellChain)?.kind === 'evm') return reject('memo-evm-needs-router', { chain: sellChain });
    const memoProblem = checkMemo(route.memo, route, facts);
    if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
    const inbound = checkInbound(route, sellChain);
    if (!inbound.ok) return { ok: false, code: 'route-rejected', refusal: inbound.refusal };
    return {
      ok: true,
      plan: {
        kind: 'memo',
        chain: sellChain,
        asset: request.sellAsset,
        amount: request.sellAmount,
        address: inbound.address,
        memo: route.memo,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      },
    };
  }

  // ---- deposit-channel routes (protocol B) ------------------------------------------------
  // Known by their shape: one step of the broker protocol (either of its names, streaming or
  // not), and nothing else to carry it out: no transaction, no memo.
  if (form === 'none' && route.providers.length === 1 && route.legs.length <= 1 && isDepositChannelProvider(route.providers[0]!)) {
    if (!request.destinationAddress) return reject('destination-missing');
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

  if (tx !== undefined) return reject('route-kind-unsupported');
  return reject('route-kind-unknown');
}

// ---- memos ------------------------------------------------------------------------------

/**
 * Undefined when the memo says exactly what was asked, else why not: it fits the sell
 * chain, reads in full, buys the asked asset for the asked destination, refunds (if it names
 * a refund address) to the source address, holds the minimum to the route's and to the
 * slippage floor in 1e8 units, streams within the protocol's limits, and pays the configured
 * affiliate its configured fee and nobody else.
 */
function checkMemo(memo: string, route: Route, f: Facts): Refusal | undefined {
  const { request } = f.ctx;
  const limit = chainInfo(f.sellChain)?.memoLimit;
  if (limit === undefined) return refusal('memo-chain-unsupported', { chain: f.sellChain });
  const bytes = memoBytes(memo);
  if (bytes > limit) return refusal('memo-too-long', { bytes, limit, chain: f.sellChain });

  // Short asset codes differ between protocol A and its fork: only A's memos may use them.
  const parsed = parseSwapMemo(memo, memoProtocol(route.providers) === 'A' ? SHORT_ASSETS : NO_SHORT_ASSETS);
  if (!parsed.ok) return refusal('memo-unreadable', { problem: parsed.problem });
  const m = parsed.memo;
  if (!memoAssetMatches(m.asset, request.buyAsset)) return refusal('memo-asset-mismatch', { got: m.asset, want: request.buyAsset });
  if (!request.destinationAddress) return refusal('destination-missing');
  if (!sameAddress(f.buyChain, m.destination, request.destinationAddress)) return refusal('memo-destination-mismatch', { got: m.destination });
  if (m.refundAddress !== undefined && !sameAddress(f.sellChain, m.refundAddress, request.sourceAddress)) {
    return refusal('memo-refund-mismatch', { got: m.refundAddress });
  }

  // The limit, in 1e8 units: not below the route's minimum, nor below the slippage floor.
  const minimumE8 = toE8(route.expectedBuyAmountMaxSlippage);
  const floorE8 = slippageFloor(toE8(route.expectedBuyAmount), f.bps);
  if (m.limit < minimumE8 || m.limit + 1n < floorE8) {
    return refusal('memo-limit-below-minimum', { limit: m.limit, minimum: minimumE8 > floorE8 - 1n ? minimumE8 : floorE8 - 1n });
  }
  if (m.interval !== undefined && !streamingWithinLimits(m.interval, m.quantity ?? 0)) {
    return refusal('memo-streaming-invalid', { interval: m.interval, quantity: m.quantity ?? 0, max: MAX_STREAMING_BLOCKS });
  }

  const name = configuredName(f.ctx);
  const wantAffiliate = name ? [name.toLowerCase()] : [];
  const wantFee = name ? [f.ctx.affiliate.bps] : [];
  const gotAffiliate = m.affiliates.map((a) => a.toLowerCase());
  const gotFee = [...m.feesBps];
  // A fee of 0 may be left out after the affiliate's name.
  while (gotFee.length < gotAffiliate.length) gotFee.push(0);
  if (gotAffiliate.join('/') !== wantAffiliate.join('/')) {
    return gotAffiliate.length ? refusal('memo-affiliate-mismatch', { got: m.affiliates.join('/') }) : refusal('memo-affiliate-missing');
  }
  if (gotFee.join('/') !== wantFee.join('/')) return refusal('memo-fee-mismatch', { got: gotFee.join('/'), want: wantFee.join('/') });
  return undefined;
}

/** The inbound address of a memo route, valid for the sell chain. */
function checkInbound(route: Route, sellChain: string): { ok: true; address: string } | { ok: false; refusal: Refusal } {
  const address = route.inboundAddress ?? route.targetAddress;
  if (!address) return { ok: false, refusal: refusal('inbound-address-missing') };
  if (!isValidAddress(sellChain, address)) return { ok: false, refusal: refusal('inbound-address-invalid', { address, chain: sellChain }) };
  return { ok: true, address };
}

// ---- affiliate -------------------------------------------------------------------------

function configuredName(ctx: CheckContext): string | undefined {
  const name = ctx.affiliate.name?.trim();
  return name ? name : undefined;
}

/**
 * AFFILIATE fee lines (any case of the type) and `meta.affiliate` / `meta.affiliateFee`
 * must agree with the configuration: no affiliate fee at all without an affiliate and a
 * fee; otherwise, for each fee asset, at most the configured share of what the swap pays
 * out (in the buy asset: of the output before the affiliate's cut, the route's outbound fee
 * counted at most once more than the output) or of the sell amount (in the sell asset),
 * with one unit of that asset's precision for rounding. A fee in any other asset cannot be
 * checked and is refused.
 */
function checkAffiliateLines(route: Route, f: Facts): Refusal | undefined {
  const { request } = f.ctx;
  const name = configuredName(f.ctx);
  const configured = f.ctx.affiliate.bps;
  const effective = name ? BigInt(configured) : 0n;

  const metaName = route.meta.affiliate?.trim();
  if (metaName && (!name || metaName.toLowerCase() !== name.toLowerCase())) return refusal('meta-affiliate-mismatch', { got: metaName });
  const metaFee = route.meta.affiliateFee;
  if (metaFee !== undefined && metaFee !== configured && metaFee !== Number(effective)) {
    return refusal('meta-affiliate-fee-mismatch', { got: metaFee, want: configured });
  }

  const lists = [route.fees, ...route.legs.map((l) => l.fees)];
  for (const fees of lists) {
    const totals = new Map<string, { asset: string; units: bigint; decimals: number }>();
    let outbound = 0n;
    for (const fee of fees) {
      const type = fee.type.toLowerCase();
      if (type === 'outbound' && sameAsset(fee.asset, request.buyAsset)) outbound += toUnits(fee.amount, f.buyDecimals);
      if (type !== 'affiliate') continue;
      if (compareDecimal(fee.amount, '0') === 0) continue;
      if (effective === 0n) return refusal('affiliate-fee-unconfigured', { amount: fee.amount, asset: fee.asset });
      const inBuy = sameAsset(fee.asset, request.buyAsset);
      if (!inBuy && !sameAsset(fee.asset, request.sellAsset)) return refusal('affiliate-fee-asset', { asset: fee.asset });
      const decimals = inBuy ? f.buyDecimals : f.sellDecimals;
      const key = fee.asset.toUpperCase();
      const t = totals.get(key) ?? { asset: fee.asset, units: 0n, decimals };
      t.units += toUnits(fee.amount, decimals);
      totals.set(key, t);
    }
    for (const t of totals.values()) {
      const inBuy = sameAsset(t.asset, request.buyAsset);
      // fee ≤ bps × base / 10 000 (+1 unit). In the buy asset the fee is cut from the output
      // before it is paid: base = expected + outbound + fee, so fee × (10 000 − bps) ≤ bps × (expected + outbound).
      const ok = inBuy
        ? t.units * (10_000n - effective) <= effective * (f.expectedUnits + (outbound < f.expectedUnits ? outbound : f.expectedUnits)) + (10_000n - effective)
        : t.units * 10_000n <= effective * f.sellUnits + 10_000n;
      if (!ok) {
        const max = inBuy
          ? (effective * (f.expectedUnits + (outbound < f.expectedUnits ? outbound : f.expectedUnits))) / (10_000n - effective) + 1n
          : (effective * f.sellUnits) / 10_000n + 1n;
        return refusal('affiliate-fee-too-high', { amount: fromUnits(t.units, t.decimals), asset: t.asset, max: fromUnits(max, t.decimals), bps: configured });
      }
    }
  }
  return undefined;
}

// ---- EVM ----------------------------------------------------------------------------------

function checkEvm(route: Route, tx: EvmTxLike, f: Facts): CheckResult {
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

  let minimum = f.minimumUnits;
  if (leg) {
    const d = assetDecimals(leg.buyAsset, f.ctx.listDecimals);
    if (d === undefined) return refusal('buy-decimals-unknown', { asset: leg.buyAsset });
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

// ---- Solana --------------------------------------------------------------------------------

/**
 * A serialized Solana transaction (`solana.ts` reads it): signed by the source address alone,
 * spending exactly the sell amount, with a floor not below the route's minimum (the first
 * leg's on a multi-leg route), paying out to the destination's (else the source's) account of
 * the bought mint. A multi-leg route's first leg pays a protocol's deposit address the widget
 * cannot know: only the mint it buys (the leg's) is checked, not who receives it, as for EVM.
 */
function checkSolana(route: Route, serialized: string, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  const multi = route.providers.length > 1 || route.legs.length > 1;
  let minimumOut = f.minimumUnits;
  let recipient: SolanaExpectation['recipient'];
  if (multi) {
    const leg = route.legs[0];
    const d = leg && assetDecimals(leg.buyAsset, f.ctx.listDecimals);
    if (!leg || d === undefined || leg.buyAmountMaxSlippage === undefined || assetChain(leg.buyAsset) !== f.sellChain) {
      return reject('solana-minimum-out', { expected: '?', actual: '?' });
    }
    minimumOut = toUnits(leg.buyAmountMaxSlippage, d);
    recipient = { mint: parseAsset(leg.buyAsset)?.contract ?? WRAPPED_SOL_MINT };
  } else {
    const buy = parseAsset(request.buyAsset);
    if (!buy || f.buyChain !== f.sellChain) return reject('solana-destination', { reason: 'chain' });
    recipient = { owner: request.destinationAddress ?? source, mint: buy.contract ?? WRAPPED_SOL_MINT };
  }
  const result = checkSolanaTransaction(serialized, {
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    minimumOut,
    ...(recipient ? { recipient } : {}),
  });
  if (!result.ok) return reject(result.refusal.code, result.refusal.params);
  return {
    ok: true,
    plan: { kind: 'solana', chain: f.sellChain, tx: { from: source, serialized }, ...(f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {}) },
  };
}

// ---- Cosmos --------------------------------------------------------------------------------

/**
 * Cosmos-SDK messages (`cosmos.ts` reads them): the memo (the route's, else the
 * transaction's) passes every memo rule, and the one message deposits or sends exactly the
 * sell coin and amount from the source address, to the route's inbound address when it has
 * one, with that memo and the chain's fee rule.
 */
function checkCosmos(route: Route, tx: MsgTxLike, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  const memo = route.memo ?? tx.memo ?? '';
  const memoProblem = checkMemo(memo, route, f);
  if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
  let inbound: string | undefined;
  if (route.inboundAddress ?? route.targetAddress) {
    const checked = checkInbound(route, f.sellChain);
    if (!checked.ok) return { ok: false, code: 'route-rejected', refusal: checked.refusal };
    inbound = checked.address;
  }
  const result = checkCosmosTx(tx, {
    sellChain: f.sellChain,
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    checkedMemo: memo,
    ...(inbound !== undefined ? { inboundAddress: inbound } : {}),
  });
  if (!result.ok) return reject(result.refusal.code, result.refusal.params);
  const expiry = f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {};
  return {
    ok: true,
    plan: {
      kind: 'cosmos',
      chain: f.sellChain,
      tx: { from: source, msgs: tx.msgs, fee: tx.fee, memo },
      ...(inbound !== undefined ? { memo: { kind: 'memo', chain: f.sellChain, asset: request.sellAsset, amount: request.sellAmount, address: inbound, memo, ...expiry } } : {}),
      ...expiry,
    },
  };
}

// ---- deposit channels ------------------------------------------------------------------

/**
 * A deposit channel the service opened: its address is an address of the sell chain, and not
 * the EVM zero address (funds sent there are burnt). Its block heights are not read: the issue
 * block counts the protocol's chain and the expiry block the deposit's chain, so neither says
 * how long the channel stays open, and the real service leaves both out. On success, when the
 * widget stops offering the address (Unix ms, `CHANNEL_HANDOUT_SECONDS` from now).
 */
export function checkDepositChannel(channel: DepositChannel, chain: string, now: number): { ok: true; expiresAt: number } | { ok: false; refusal: Refusal } {
  const address = channel.depositAddress;
  if (!isValidAddress(chain, address) || /^0x0{40}$/i.test(address)) return { ok: false, refusal: refusal('channel-address-invalid', { address, chain }) };
  return { ok: true, expiresAt: now + CHANNEL_HANDOUT_SECONDS * 1000 };
}
