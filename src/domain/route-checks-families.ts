/**
 * The Solana and Cosmos transactions of a route, each read by its family's own checker
 * (`solana.ts`, `cosmos.ts`) against what the route must do.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../api/schemas.js';
import { toUnits } from './amount.js';
import { assetChain, canonicalContract, parseAsset, spellsAsset } from './asset.js';
import { checkCosmosTx } from './cosmos.js';
import { configuredName } from './route-checks-affiliate.js';
import { checkInbound, checkMemo } from './route-checks-memo.js';
import { assetDecimals, reject, type Facts, type MsgTxLike } from './route-facts.js';
import type { CheckResult } from './route-plans.js';
import { checkSolanaTransaction, type SolanaExpectation } from './solana.js';
import { WRAPPED_SOL_MINT } from './solana-programs.js';

// ---- Solana --------------------------------------------------------------------------------

/**
 * A serialized Solana transaction (`solana.ts` reads it): signed by the source address alone,
 * spending exactly the sell amount, with a floor not below the route's minimum (the first
 * leg's on a multi-leg route), paying out to the destination's (else the source's) account of
 * the bought mint. A multi-leg route's first leg pays a protocol's deposit address the widget
 * cannot know: only the mint it buys (the leg's) is checked, not who receives it, as for EVM.
 * A Jupiter platform fee must be the configured affiliate fee, paid into the token account of
 * the Solana owner the host named (`affiliate-addresses`), as `solana-fee.ts` reads it.
 */
export function checkSolana(route: Route, serialized: string, f: Facts): CheckResult {
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
    recipient = { mint: canonicalContract(knownSpelling(leg.buyAsset, f)) ?? WRAPPED_SOL_MINT };
  } else {
    // The mint is the picked asset's (the token list's), never the route's spelling of it.
    if (!parseAsset(request.buyAsset) || f.buyChain !== f.sellChain) return reject('solana-destination', { reason: 'chain' });
    recipient = { owner: request.destinationAddress ?? source, mint: canonicalContract(request.buyAsset) ?? WRAPPED_SOL_MINT };
  }
  const owner = f.ctx.affiliate.addresses?.SOL;
  const result = checkSolanaTransaction(serialized, {
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    minimumOut,
    ...(recipient ? { recipient } : {}),
    platformFee: { bps: configuredName(f.ctx) ? f.ctx.affiliate.bps : 0, ...(owner ? { owner } : {}) },
  });
  if (!result.ok) return reject(result.refusal.code, result.refusal.params);
  return {
    ok: true,
    plan: { kind: 'solana', chain: f.sellChain, tx: { from: source, serialized }, ...(f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {}) },
  };
}

/**
 * The identifier the widget itself holds for an asset a route names: the request's when the
 * route spells it, else the one asset of the token list the route spells (an upper-cased
 * base58 mint is no mint), else the route's own.
 */
function knownSpelling(asset: string, f: Facts): string {
  const { request, knownAssets = [] } = f.ctx;
  for (const picked of [request.buyAsset, request.sellAsset]) if (spellsAsset(asset, picked)) return picked;
  const found = knownAssets.filter((k) => spellsAsset(asset, k));
  return found.length === 1 ? found[0]! : asset;
}

// ---- Cosmos --------------------------------------------------------------------------------

/**
 * Cosmos-SDK messages (`cosmos.ts` reads them): the memo (the route's, else the
 * transaction's) passes every memo rule, and the one message deposits or sends exactly the
 * sell coin and amount from the source address, to the route's inbound address when it has
 * one, with that memo and the chain's fee rule.
 */
export function checkCosmos(route: Route, tx: MsgTxLike, f: Facts): CheckResult {
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
