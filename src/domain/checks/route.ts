/**
 * The safety checks run on a route before anything is handed out for signing or sending,
 * and again after every re-quote. The service's answer is checked against what the user
 * asked for; a route that fails is refused with a code (`refusals.ts`), never "fixed".
 *
 * Every hand-out is built from parts that were decoded and checked one by one: the memo is
 * read in full, the router's and the aggregator's calldata are decoded with their public
 * ABIs and must be exactly what the checked parts encode to, amounts are counted at the
 * asset's own decimals (the chain's for a native asset, trusted ones for a token: never the
 * token list's, see `decimals.ts`), and the minimum output is held to the slippage floor at
 * that precision, whatever digits the service wrote.
 *
 * Plain TypeScript; no DOM, no words (a refusal is a code with parameters).
 */
import type { Route } from '../../schemas/service.js';
import { compareDecimal, fractionDigits, normalizeDecimal, slippageBps, toUnits } from '../amounts/amount.js';
import { floorMissed } from './floor.js';
import { assetChain, spellsAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { PROTOCOL_NAMES } from './inbound.js';
import { isDepositChannelProvider } from '../chains/providers.js';
import { refusal } from './refusals.js';
import { checkAffiliateLines } from './affiliate.js';
import { checkEvm } from './evm.js';
import { checkCosmos } from './cosmos.js';
import { checkSolana } from './solana.js';
import { checkInbound, checkMemo, memoExpiry } from './memo.js';
import { assetDecimals } from './decimals.js';
import { unsupportedKind } from './route-kinds.js';
import { isEvmTx, isMsgTx, txForm } from './tx-form.js';
import { reject, type CheckContext, type CheckResult } from './plans.js';
import { sameAddress } from '../chains/address.js';
import type { Facts } from './facts.js';
import { parseExpiration } from '../quotes/routes.js';
import { checkDepositAddress, hasDepositAddress } from './deposit-address.js';

// The parts are checked in modules of their own; this one runs them in order and builds the
// plans of memo and deposit-channel routes.
export type {
  AffiliateConfig,
  CheckContext,
  CheckResult,
  CosmosPlan,
  DepositChannelPlan,
  EvmPlan,
  MemoPlan,
  Plan,
  SolanaPlan,
} from './plans.js';
export { assetDecimals } from './decimals.js';
export { txForm, type TxForm } from './tx-form.js';
export { MAX_ROUTER_EXPIRY_SECONDS } from './evm.js';

/**
 * The longest any hand-out may be signed after its check (seconds), whatever its route says:
 * the router deposit's own limit (`MAX_ROUTER_EXPIRY_SECONDS`). Memo hand-outs are held
 * shorter (`MEMO_HANDOUT_SECONDS`), deposit channels are offered for `CHANNEL_HANDOUT_SECONDS`.
 */
export const MAX_HANDOUT_SECONDS = 2 * 3600;
export { CHANNEL_HANDOUT_SECONDS, checkDepositChannel } from './channel.js';
export { MEMO_HANDOUT_SECONDS, paysMemoProtocol } from './memo.js';

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
  if (expiresAt !== undefined && Number.isNaN(expiresAt))
    return reject('expiry-unreadable', { value: String(route.expiration) });
  if (expiresAt !== undefined && expiresAt <= now)
    return { ok: false, code: 'route-expired', refusal: refusal('route-expired') };
  if (!spellsAsset(route.sellAsset, request.sellAsset))
    return reject('sell-asset-mismatch', { got: route.sellAsset, want: request.sellAsset });
  if (!spellsAsset(route.buyAsset, request.buyAsset))
    return reject('buy-asset-mismatch', { got: route.buyAsset, want: request.buyAsset });
  if (compareDecimal(route.sellAmount, request.sellAmount) !== 0)
    return reject('sell-amount-mismatch', { got: route.sellAmount, want: request.sellAmount });

  // Amounts count in trusted decimals only (`decimals.ts`): the sell amount is always signed
  // or sent. Without the buy asset's, its amounts count in the 1e8 units of protocol memos
  // (the strictest room for a memo's limit); a check that signs a minimum in its base units
  // refuses (`buyDecimalsTrusted`).
  const sellDecimals = assetDecimals(request.sellAsset, ctx.decimals);
  if (sellDecimals === undefined)
    return reject('token-decimals-untrusted', { asset: request.sellAsset, chain: sellChain });
  const trustedBuy = assetDecimals(request.buyAsset, ctx.decimals);
  const buyDecimals = trustedBuy ?? 8;
  if (fractionDigits(normalizeDecimal(request.sellAmount)) > sellDecimals) {
    return reject('sell-amount-precision', { amount: request.sellAmount, decimals: sellDecimals });
  }
  if (
    route.destinationAddress &&
    request.destinationAddress &&
    !sameAddress(buyChain, route.destinationAddress, request.destinationAddress)
  ) {
    return reject('destination-mismatch', { got: route.destinationAddress });
  }

  // The minimum must follow the slippage asked for, at the buy asset's own precision.
  const bps = slippageBps(request.slippage);
  const expectedUnits = toUnits(route.expectedBuyAmount, buyDecimals);
  const minimumUnits = toUnits(route.expectedBuyAmountMaxSlippage, buyDecimals);
  const missed = floorMissed(route.expectedBuyAmount, route.expectedBuyAmountMaxSlippage, bps, buyDecimals);
  const belowFloor = missed
    ? reject('minimum-below-slippage', {
        minimum: route.expectedBuyAmountMaxSlippage,
        floor: missed.floor,
        slippage: request.slippage,
      })
    : undefined;
  if (belowFloor && trustedBuy !== undefined) return belowFloor;
  // Each leg's own minimum too, where its asset's decimals are trusted.
  for (const leg of route.legs) {
    if (leg.buyAmountMaxSlippage === undefined) continue;
    const d = assetDecimals(leg.buyAsset, ctx.decimals);
    if (d === undefined) continue;
    const legMissed = floorMissed(leg.buyAmount, leg.buyAmountMaxSlippage, bps, d);
    if (legMissed)
      return reject('minimum-below-slippage', {
        minimum: leg.buyAmountMaxSlippage,
        floor: legMissed.floor,
        slippage: request.slippage,
        leg: leg.provider,
      });
  }

  const sellUnits = toUnits(request.sellAmount, sellDecimals);
  const facts: Facts = {
    ctx,
    sellChain,
    buyChain,
    sellDecimals,
    buyDecimals,
    buyDecimalsTrusted: trustedBuy !== undefined,
    sellUnits,
    expectedUnits,
    minimumUnits,
    bps,
    // Never later than the widget's own limit, whatever the route says.
    expiresAt: expiresAt === undefined ? undefined : Math.min(expiresAt, now + MAX_HANDOUT_SECONDS * 1000),
  };

  const affiliateProblem = checkAffiliateLines(route, facts);
  if (affiliateProblem) return { ok: false, code: 'route-rejected', refusal: affiliateProblem };

  const result = checkKind(route, facts);
  // Without the buy asset's trusted decimals, a route that signs its minimum in the asset's
  // base units is refused for that (the truer reason); any other is held to the floor counted
  // in 1e8 units.
  if (belowFloor && (result.ok || result.refusal.code !== 'token-decimals-untrusted')) return belowFloor;
  return result;
}

/** The parts of a route of each kind (its transaction, memo or channel), once what every route shares passed. */
function checkKind(route: Route, facts: Facts): CheckResult {
  const { ctx, sellChain } = facts;
  const { request } = ctx;
  // ---- a per-swap deposit address the service gave (SwapKit's NEAR and Chainflip routes) ----
  if (hasDepositAddress(route)) return checkDepositAddress(route, facts);
  // ---- broker routes carry their deposit channel and nothing else ----
  // The broker protocol publishes no inbound list: a memo or an inbound address on one of its
  // routes is an address nobody can vouch for.
  const brokerRoute = route.providers.length === 1 && isDepositChannelProvider(route.providers[0]!);
  if (brokerRoute && (route.memo !== undefined || route.inboundAddress !== undefined))
    return reject('broker-route-with-memo');

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
    const inbound = checkInbound(route, facts);
    if (!inbound.ok) return { ok: false, code: 'route-rejected', refusal: inbound.refusal };
    const memoProblem = checkMemo(route.memo, route, facts, inbound.protocol);
    if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
    return {
      ok: true,
      plan: {
        kind: 'memo',
        chain: sellChain,
        asset: request.sellAsset,
        amount: request.sellAmount,
        address: inbound.address,
        memo: route.memo,
        to: { address: inbound.address, role: 'vault', name: PROTOCOL_NAMES[inbound.protocol] },
        protocol: inbound.protocol,
        ...memoExpiry(facts),
      },
    };
  }

  // ---- deposit-channel routes (protocol B) ------------------------------------------------
  // Known by their shape: one step of the broker protocol (either of its names, streaming or
  // not), and nothing else to carry it out: no transaction, no memo. The channel's address,
  // opened at the press, is one no list vouches for: the user accepts that before it is handed out.
  if (form === 'none' && brokerRoute && route.legs.length <= 1) {
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
  // Kinds of the spec the widget does not carry out, said by their names (`route-kinds.ts`).
  const unsupported = unsupportedKind(route);
  if (unsupported) return { ok: false, code: 'route-rejected', refusal: unsupported };
  return reject('route-kind-unknown');
}
