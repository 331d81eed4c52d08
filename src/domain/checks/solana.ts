/**
 * The Solana transaction of a route: what it must do (who signs, what it spends, whom it pays,
 * its floor, the affiliate's platform fee), read by `solana-tx.ts` from its bytes.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { canonicalContract, parseAsset } from '../chains/asset.js';
import { isDepositChannelProvider } from '../chains/providers.js';
import { configuredName } from './affiliate.js';
import { reject, type CheckResult } from './plans.js';
import type { Facts } from './facts.js';
import { checkSolanaTransaction, type SolanaExpectation } from './solana-tx.js';
import { JUPITER_V6_PROGRAM, WRAPPED_SOL_MINT } from '../chains/solana-programs.js';

/**
 * A serialized Solana transaction (`solana-tx.ts` reads it), read by what it does whatever the
 * route's providers say: signed by the source address alone, spending exactly the sell amount.
 * It pays the destination's (else the source's) account of the bought mint, with a floor not
 * below the route's minimum; the mints are the picked assets' (the token list's), never a
 * route's spelling of them. A swap for another chain's asset is refused (`first-leg-unbound`).
 * A Jupiter platform fee must be the configured affiliate fee, paid into the token account of
 * the Solana owner the host named (`affiliate-addresses`), as `solana-fee.ts` reads it.
 */
export function checkSolana(route: Route, serialized: string, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  // Another chain's asset: the swap can only pay a Solana account, and signs nothing that
  // carries the swap on (a Jupiter swap paying Chainflip's Solana Vault is a transfer to it, which
  // starts no swap: the Vault's own swap instruction is not read here).
  if (f.buyChain !== f.sellChain)
    return reject('first-leg-unbound', {
      chain: f.sellChain,
      protocol: route.providers.some(isDepositChannelProvider) ? 'Chainflip' : undefined,
    });
  // The mint is the picked asset's (the token list's), never the route's spelling of it.
  if (!parseAsset(request.buyAsset)) return reject('solana-destination', { reason: 'chain' });
  if (!f.buyDecimalsTrusted) return reject('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
  const minimumOut = f.minimumUnits;
  const recipient: SolanaExpectation['recipient'] = {
    owner: request.destinationAddress ?? source,
    mint: canonicalContract(request.buyAsset) ?? WRAPPED_SOL_MINT,
  };
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
