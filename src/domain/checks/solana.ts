/**
 * The Solana transaction of a route: what it must do (who signs, what it spends, whom it pays,
 * its floor, the affiliate's platform fee), read by `solana-tx.ts` from its bytes.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { toUnits } from '../amounts/amount.js';
import { floorMissed } from './floor.js';
import { assetChain, canonicalContract, parseAsset, spellsAsset } from '../chains/asset.js';
import { BROKER_SOLANA_VAULT } from '../chains/contracts.js';
import { configuredName } from './affiliate.js';
import { assetDecimals } from './decimals.js';
import { reject, type CheckResult } from './plans.js';
import type { Facts } from './facts.js';
import { checkSolanaTransaction, type SolanaExpectation } from './solana-tx.js';
import { JUPITER_V6_PROGRAM, WRAPPED_SOL_MINT } from '../chains/solana-programs.js';

/**
 * A serialized Solana transaction (`solana-tx.ts` reads it), read by what it does whatever the
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
    if (
      !leg ||
      leg.buyAmountMaxSlippage === undefined ||
      assetChain(leg.buyAsset) !== f.sellChain ||
      !spellsAsset(leg.sellAsset, request.sellAsset)
    )
      return reject('aggregator-leg-unreadable');
    // The first leg's minimum is signed in its token's base units: only trusted decimals count
    // it, those of the token the widget knows by the route's spelling (its mint too, below).
    const legAsset = knownSpelling(leg.buyAsset, f);
    const d = assetDecimals(legAsset, f.ctx.decimals);
    if (d === undefined) return reject('token-decimals-untrusted', { asset: leg.buyAsset, chain: f.sellChain });
    minimumOut = toUnits(leg.buyAmountMaxSlippage, d);
    const legMissed = floorMissed(leg.buyAmount, leg.buyAmountMaxSlippage, f.bps, d);
    if (legMissed)
      return reject('minimum-below-slippage', {
        minimum: leg.buyAmountMaxSlippage,
        floor: legMissed.floor,
        slippage: request.slippage,
        leg: leg.provider,
      });
    recipient = { owner: BROKER_SOLANA_VAULT, mint: canonicalContract(legAsset) ?? WRAPPED_SOL_MINT };
  } else {
    // The mint is the picked asset's (the token list's), never the route's spelling of it.
    if (!parseAsset(request.buyAsset)) return reject('solana-destination', { reason: 'chain' });
    if (!f.buyDecimalsTrusted)
      return reject('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
    recipient = {
      owner: request.destinationAddress ?? source,
      mint: canonicalContract(request.buyAsset) ?? WRAPPED_SOL_MINT,
    };
  }
  const owner = f.ctx.affiliate.addresses?.SOL;
  const result = checkSolanaTransaction(serialized, {
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    minimumOut,
    recipient,
    platformFee: { bps: configuredName(f.ctx) ? f.ctx.affiliate.bps : 0, ...(owner ? { owner } : {}) },
    ...(f.ctx.lookupTables ? { lookupTables: f.ctx.lookupTables } : {}),
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
