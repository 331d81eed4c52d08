/**
 * The Solana and Cosmos transactions of a route, each read by its family's own checker
 * (`solana.ts`, `cosmos.ts`) against what the route must do.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../api/schemas.js';
import { fromUnits, slippageFloor, toUnits } from './amount.js';
import { assetChain, canonicalContract, parseAsset, spellsAsset } from './asset.js';
import { BROKER_SOLANA_VAULT } from './contracts.js';
import { checkCosmosTx } from './cosmos.js';
import { PROTOCOL_NAMES, type MemoProtocol, type UnverifiedAddress } from './inbound.js';
import { memoProtocol } from './providers.js';
import { configuredName } from './route-checks-affiliate.js';
import { checkInbound, checkMemo } from './route-checks-memo.js';
import { assetDecimals, reject, type Facts, type MsgTxLike } from './route-facts.js';
import type { CheckResult, PlanTarget } from './route-plans.js';
import { checkSolanaTransaction, type SolanaExpectation } from './solana.js';
import { JUPITER_V6_PROGRAM, WRAPPED_SOL_MINT } from './solana-programs.js';

// ---- Solana --------------------------------------------------------------------------------

/**
 * A serialized Solana transaction (`solana.ts` reads it), read by what it does whatever the
 * route's providers say: signed by the source address alone, spending exactly the sell amount.
 * On a same-chain route it pays the destination's (else the source's) account of the bought
 * mint, with a floor not below the route's minimum. On a cross-chain route it can only be the
 * first leg of two: it buys the first leg's mint and pays it to protocol B's Solana Vault
 * (the next leg's entry, from the widget's table), with a floor not below that leg's
 * minimum, itself at the slippage floor. The mints are the picked assets' (the token list's),
 * never a route's spelling of them. A Jupiter platform fee must be the configured affiliate
 * fee, paid into the token account of the Solana owner the host named (`affiliate-addresses`),
 * as `solana-fee.ts` reads it.
 */
export function checkSolana(route: Route, serialized: string, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  let minimumOut = f.minimumUnits;
  let recipient: SolanaExpectation['recipient'];
  if (f.buyChain !== f.sellChain) {
    const leg = route.legs.length >= 2 ? route.legs[0] : undefined;
    if (!leg || leg.buyAmountMaxSlippage === undefined || assetChain(leg.buyAsset) !== f.sellChain || !spellsAsset(leg.sellAsset, request.sellAsset)) return reject('aggregator-leg-unreadable');
    // The first leg's minimum is signed in its token's base units: only trusted decimals count
    // it, those of the token the widget knows by the route's spelling (its mint too, below).
    const legAsset = knownSpelling(leg.buyAsset, f);
    const d = assetDecimals(legAsset, f.ctx.decimals);
    if (d === undefined) return reject('token-decimals-untrusted', { asset: leg.buyAsset, chain: f.sellChain });
    minimumOut = toUnits(leg.buyAmountMaxSlippage, d);
    const legFloor = slippageFloor(toUnits(leg.buyAmount, d), f.bps);
    if (minimumOut + 1n < legFloor) return reject('minimum-below-slippage', { minimum: leg.buyAmountMaxSlippage, floor: fromUnits(legFloor, d), slippage: request.slippage, leg: leg.provider });
    recipient = { owner: BROKER_SOLANA_VAULT, mint: canonicalContract(legAsset) ?? WRAPPED_SOL_MINT };
  } else {
    // The mint is the picked asset's (the token list's), never the route's spelling of it.
    if (!parseAsset(request.buyAsset)) return reject('solana-destination', { reason: 'chain' });
    if (!f.buyDecimalsTrusted) return reject('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
    recipient = { owner: request.destinationAddress ?? source, mint: canonicalContract(request.buyAsset) ?? WRAPPED_SOL_MINT };
  }
  const owner = f.ctx.affiliate.addresses?.SOL;
  const result = checkSolanaTransaction(serialized, {
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    minimumOut,
    recipient,
    platformFee: { bps: configuredName(f.ctx) ? f.ctx.affiliate.bps : 0, ...(owner ? { owner } : {}) },
  });
  if (!result.ok) return reject(result.refusal.code, result.refusal.params);
  return {
    ok: true,
    plan: {
      kind: 'solana',
      chain: f.sellChain,
      tx: { from: source, serialized },
      to: { address: JUPITER_V6_PROGRAM, role: 'program', name: 'Jupiter' },
      ...(f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {}),
    },
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

/** The memo protocol whose own chain each deposit chain is: its `MsgDeposit` is read by that protocol alone. */
const DEPOSIT_CHAIN_PROTOCOL: Readonly<Record<string, 'A' | 'C'>> = { THOR: 'A', MAYA: 'C' };

/**
 * Cosmos-SDK messages (`cosmos.ts` reads them): the memo (the route's, else the
 * transaction's) passes every memo rule, and the one message deposits or sends exactly the
 * sell coin and amount from the source address, with that memo and the chain's fee rule.
 * A sell of a memo protocol's own coin (RUNE on THOR, CACAO on MAYA) is only ever a
 * `MsgDeposit` to that protocol: a route naming an inbound address there is refused, whatever
 * its providers say. Elsewhere (GAIA, KUJI) the one message sends to the route's inbound
 * address, which must be the vault the memo protocol lists.
 */
export function checkCosmos(route: Route, tx: MsgTxLike, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  const memo = route.memo ?? tx.memo ?? '';
  const depositProtocol = DEPOSIT_CHAIN_PROTOCOL[f.sellChain];
  let protocol: MemoProtocol;
  let inbound: string | undefined;
  let warning: UnverifiedAddress | undefined;
  if (depositProtocol) {
    if (route.inboundAddress !== undefined || route.targetAddress !== undefined) return reject('deposit-with-inbound', { chain: f.sellChain });
    const named = memoProtocol(route.providers);
    if (named && named !== depositProtocol) return reject('memo-protocol-mismatch', { providers: route.providers.join(','), protocol: depositProtocol });
    protocol = depositProtocol;
  } else {
    const checked = checkInbound(route, f);
    if (!checked.ok) return { ok: false, code: 'route-rejected', refusal: checked.refusal };
    ({ protocol, address: inbound, warning } = checked);
  }
  const memoProblem = checkMemo(memo, route, f, protocol);
  if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
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
  const warnings = warning ? { warnings: [warning] } : {};
  const name = PROTOCOL_NAMES[protocol];
  // A deposit goes to the protocol's own module on its chain; a send to its vault there.
  const to: PlanTarget = inbound === undefined ? { address: `${name} (${f.sellChain})`, role: 'module', name } : { address: inbound, role: 'vault', name };
  return {
    ok: true,
    plan: {
      kind: 'cosmos',
      chain: f.sellChain,
      tx: { from: source, msgs: tx.msgs, fee: tx.fee, memo },
      to,
      protocol,
      ...(inbound !== undefined
        ? { memo: { kind: 'memo', chain: f.sellChain, asset: request.sellAsset, amount: request.sellAmount, address: inbound, memo, to, protocol, ...expiry, ...warnings } }
        : {}),
      ...expiry,
      ...warnings,
    },
  };
}
