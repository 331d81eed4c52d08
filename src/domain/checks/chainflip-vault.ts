/**
 * A swap started at protocol B's (Chainflip's) EVM Vault (`chains/chainflip-vault.ts` reads
 * it): what is signed must bind the swap to the user's request, since the Vault itself checks
 * nothing and the protocol swaps whatever it witnesses (chainflip-io/chainflip-eth-contracts
 * @ 80fc71ea, `Vault.sol`). The call sells exactly the sell amount of the sell token; its
 * destination chain and asset are the Vault's ids of the asset asked for; `dstAddress` writes
 * the destination address asked for; and `cfParameters` refunds to the source address at a
 * least price that gives at least the slippage floor of the route's expected output for the
 * sell amount (the price counts destination units per source unit with 128 fractional bits:
 * `minPrice × sellUnits / 2^128`). The protocol holds that price at its AMM, before its deposit
 * and broadcast fees (chainflip-io/chainflip-docs @ d36f2796, `pages/swapping/swapping-basics.mdx`).
 * A boost fee (the widget asks for none), dollar-cost averaging (a minimum per chunk, a partial
 * refund) and fees above the configured affiliate fee are refused.
 *
 * Plain TypeScript; no DOM.
 */
import { hexToString } from 'viem';
import { slippageFloor } from '../amounts/amount.js';
import {
  decodeCfParameters,
  decodeVaultSwap,
  encodeVaultSwap,
  vaultAddressBytes,
  vaultAsset,
} from '../chains/chainflip-vault.js';
import { sameEvmAddress } from '../chains/evm.js';
import { configuredName } from './affiliate.js';
import { FLOOR_ROOM_UNITS } from './floor.js';
import { refusal, type Refusal } from './refusals.js';
import type { Facts } from './facts.js';

/** What a vault swap binds, for the review: the least it pays out, in the bought asset's base units. */
export interface VaultSwapTerms {
  minimumUnits: bigint;
  refundAddress: string;
}

/**
 * Reads a call of the Vault against the request: the terms it binds, or why it is refused.
 * `token`: the sell token's contract, undefined for the chain's own coin (sent as the value,
 * which `checkEvm` holds to the sell amount).
 */
export function checkVaultSwap(data: string, token: string | undefined, f: Facts): VaultSwapTerms | Refusal {
  const { request } = f.ctx;
  const swap = decodeVaultSwap(data);
  if (!swap || encodeVaultSwap(swap).toLowerCase() !== data.toLowerCase()) return refusal('vault-call-unreadable');

  // What is sold: a coin the Vault takes on this chain, the call's own kind (a token's contract and amount).
  if (!vaultAsset(request.sellAsset)) return refusal('vault-asset-unsupported', { asset: request.sellAsset });
  if (token === undefined ? swap.srcToken !== undefined : !sameEvmAddress(swap.srcToken, token))
    return refusal('vault-source-mismatch', { got: swap.srcToken ?? 'native', want: token ?? 'native' });
  if (swap.amount !== undefined && swap.amount !== f.sellUnits)
    return refusal('vault-amount-mismatch', { got: swap.amount, want: f.sellUnits });

  // What is bought, and for whom.
  const target = vaultAsset(request.buyAsset);
  if (!target) return refusal('vault-asset-unsupported', { asset: request.buyAsset });
  if (swap.dstChain !== target.chainId)
    return refusal('vault-chain-mismatch', { got: swap.dstChain, want: target.chainId });
  if (swap.dstToken !== target.assetId)
    return refusal('vault-asset-mismatch', { got: swap.dstToken, want: target.assetId });
  const destination = request.destinationAddress;
  if (!destination) return refusal('destination-missing');
  // The bytes Chainflip writes for the destination asked for (the address as the user gave it).
  const want = vaultAddressBytes(f.buyChain, destination);
  if (!want) return refusal('vault-destination-unsupported', { chain: f.buyChain });
  if (swap.dstAddress.toLowerCase() !== want.toLowerCase())
    // Named as the user reads it: a Bitcoin address is its text.
    return refusal('vault-destination-mismatch', {
      got: f.buyChain === 'BTC' ? hexToString(swap.dstAddress) : swap.dstAddress,
    });

  // The refund and the least price.
  const p = decodeCfParameters(swap.cfParameters);
  if (!p) return refusal('vault-parameters-unreadable');
  if (!sameEvmAddress(p.refundAddress, request.sourceAddress))
    return refusal('vault-refund-mismatch', { got: p.refundAddress });
  if (p.dca) return refusal('vault-parameters-unsupported', { field: 'dca' });
  if (p.boostFee !== 0) return refusal('vault-parameters-unsupported', { field: 'boost' });
  const fees = p.affiliates.reduce((n, a) => n + a.bps, p.broker.bps);
  const allowed = configuredName(f.ctx) ? f.ctx.affiliate.bps : 0;
  if (fees > allowed) return refusal('vault-fee-too-high', { bps: fees, want: allowed });
  // The least output is counted in the bought asset's base units: only its trusted decimals count them.
  if (!f.buyDecimalsTrusted) return refusal('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
  const floor = slippageFloor(f.expectedUnits, f.bps);
  const scaled = p.minPrice * f.sellUnits;
  if (p.minPrice === 0n || scaled < (floor - FLOOR_ROOM_UNITS) << 128n)
    return refusal('vault-minimum-too-low', { got: scaled >> 128n, want: floor });
  return { minimumUnits: scaled >> 128n, refundAddress: p.refundAddress };
}
