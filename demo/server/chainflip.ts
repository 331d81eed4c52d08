/**
 * Protocol B's (Chainflip's) vault swaps from an EVM chain, as the service writes them when a
 * scope asks for them (`vaultSwaps`, control.ts): a call of the chain's Vault,
 * `xSwapNative(dstChain, dstAddress, dstToken, cfParameters)` for the chain's coin or
 * `xSwapToken(…, srcToken, amount, cfParameters)` for a token, after an exact approval of the
 * Vault. The service's own copy (not the widget's), written from Chainflip's published sources:
 * - the interface: chainflip-io/chainflip-docs `pages/swapping/integrations/advanced/vault-swaps/evm.mdx`;
 * - chain and asset ids, and `cfParameters` (`VersionedCfParameters::V0`, SCALE):
 *   `.../vault-swaps/encoding-reference.mdx`;
 * - `dstAddress`: chainflip-io/chainflip-sdk-monorepo `packages/shared/src/vault/executeSwap.ts`
 *   (`encodeAddress`): Bitcoin's address as its UTF-8 text, an EVM address as its 20 bytes, a
 *   Solana address as its 32 base58-decoded bytes;
 * - the least price: a 256-bit number with 128 fractional bits, destination units per source
 *   unit (`.../running-a-broker/broker-api.mdx`, "Price").
 */
import { base58 } from '@scure/base';
import { bytesToHex, concatHex, encodeFunctionData, parseAbi, stringToHex, type Hex } from 'viem';
import type { EvmTxJson } from './txbuild.js';

export const VAULT_ABI = parseAbi([
  'function xSwapNative(uint32 dstChain, bytes dstAddress, uint32 dstToken, bytes cfParameters) payable',
  'function xSwapToken(uint32 dstChain, bytes dstAddress, uint32 dstToken, address srcToken, uint256 amount, bytes cfParameters)',
]);

/** Chainflip's chain and asset ids by pool key (encoding-reference.mdx). */
export const VAULT_IDS: Readonly<Record<string, readonly [chain: number, asset: number]>> = {
  'ETH.ETH': [1, 1],
  'ETH.FLIP': [1, 2],
  'ETH.USDC': [1, 3],
  'DOT.DOT': [2, 4],
  'BTC.BTC': [3, 5],
  'ARB.ETH': [4, 6],
  'ARB.USDC': [4, 7],
  'ETH.USDT': [1, 8],
  'SOL.SOL': [5, 9],
  'SOL.USDC': [5, 10],
};

/** `dstAddress` for an address on `chain`, or undefined for a chain whose encoding is not written here. */
export function vaultAddressBytes(chain: string, address: string): Hex | undefined {
  if (chain === 'BTC') return stringToHex(address);
  if (chain === 'ETH' || chain === 'ARB') return address.toLowerCase() as Hex;
  if (chain === 'SOL') return bytesToHex(base58.decode(address));
  return undefined;
}

/** Little-endian bytes of `value` in `size` bytes (SCALE's fixed-width integers). */
function le(value: bigint, size: number): Hex {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return bytesToHex(out);
}

export interface CfParametersInput {
  readonly retryDurationBlocks: number;
  /** The source address refunds go to (20 bytes on an EVM chain). */
  readonly refundAddress: Hex;
  readonly minPriceX128: bigint;
  /** The service's broker account (32 bytes) and its commission in basis points. */
  readonly brokerAccount: Hex;
  readonly brokerBps: number;
}

/** `VersionedCfParameters::V0` without CCM data, without DCA, boost or affiliates. */
export function encodeCfParameters(p: CfParametersInput): Hex {
  return concatHex([
    '0x00', // V0
    le(BigInt(p.retryDurationBlocks), 4),
    p.refundAddress,
    le(p.minPriceX128, 32),
    '0x00', // dca_params: None
    '0x00', // boost_fee
    p.brokerAccount,
    le(BigInt(p.brokerBps), 2),
    '0x00', // affiliate_fees: an empty list (compact length 0)
  ]);
}

/** The least price that pays at least `minimumOut` for `sellUnits`: rounded up, so the product never falls short. */
export function minPriceX128(sellUnits: bigint, minimumOut: bigint): bigint {
  return ((minimumOut << 128n) + sellUnits - 1n) / sellUnits;
}

/** State Chain blocks a vault swap may wait for its price before it is refunded (about 15 minutes of 6 s blocks). */
export const RETRY_DURATION_BLOCKS = 150;

export function vaultSwapTx(p: {
  chainId: number;
  vault: `0x${string}`;
  from: `0x${string}`;
  token?: `0x${string}`;
  amount: bigint;
  dstChain: number;
  dstToken: number;
  dstAddress: Hex;
  cfParameters: Hex;
}): EvmTxJson {
  const data = p.token
    ? encodeFunctionData({
        abi: VAULT_ABI,
        functionName: 'xSwapToken',
        args: [p.dstChain, p.dstAddress, p.dstToken, p.token, p.amount, p.cfParameters],
      })
    : encodeFunctionData({
        abi: VAULT_ABI,
        functionName: 'xSwapNative',
        args: [p.dstChain, p.dstAddress, p.dstToken, p.cfParameters],
      });
  return {
    to: p.vault,
    from: p.from,
    value: p.token ? '0' : p.amount.toString(),
    data,
    chain_id: p.chainId,
    gas_limit: p.token ? '180000' : '120000',
  };
}
