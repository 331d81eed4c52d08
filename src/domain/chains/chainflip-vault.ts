/**
 * Protocol B's (Chainflip's) EVM Vault, as a swap starts there: the calls `xSwapNative` and
 * `xSwapToken`, the ids the Vault writes chains and assets with, how a destination address is
 * written into `dstAddress`, and the `cfParameters` bytes that carry the refund address and
 * the minimum price. Decoded here; what they must be is `checks/chainflip-vault.ts`'s.
 *
 * Sources (each opened at the commit given):
 * - CFD: chainflip-io/chainflip-docs @ d36f2796 (2025-09-15),
 *   `pages/swapping/integrations/advanced/vault-swaps/evm.mdx` (the Vault's interface),
 *   `.../vault-swaps/encoding-reference.mdx` (chain and asset ids; `VersionedCfParameters`,
 *   SCALE), `pages/swapping/supported-chains-and-assets/mainnet-addresses.mdx` (the tokens),
 *   `pages/swapping/integrations/running-a-broker/broker-api.mdx` ("Price": 128 fractional bits,
 *   quote asset per base asset, in the smallest units of both);
 * - CFB: chainflip-io/chainflip-backend @ eea80f27, `state-chain/chains/src/cf_parameters.rs`
 *   (the V0 layout and its field order; V1 and later are not read here);
 * - CFS: chainflip-io/chainflip-sdk-monorepo, `packages/shared/src/vault/executeSwap.ts`
 *   (`encodeAddress`, the reference CFD points to: Bitcoin as the UTF-8 bytes of the address
 *   string, EVM as its 20 bytes, Solana as its 32 base58-decoded bytes) and, @ 70472150,
 *   `packages/shared/src/consts.ts` (Solana USDC's mint).
 * The selectors are viem's `toFunctionSelector` of the signatures (a test holds them).
 *
 * Plain TypeScript on viem's ABI decoder; no DOM.
 */
import { bytesToHex, concatHex, decodeAbiParameters, hexToBytes, stringToHex, type Hex } from 'viem';
import { canonicalContract, parseAsset } from './asset.js';
import { chainInfo } from './chains.js';
import { addressWord, bytesWords, uintWord } from './evm.js';
import { contractKey } from './known-tokens.js';
import { addressBytes } from './solana-wire.js';

/** `xSwapNative(uint32 dstChain, bytes dstAddress, uint32 dstToken, bytes cfParameters)`, payable. */
export const VAULT_SWAP_NATIVE_SELECTOR = '0xdd687345';
/** `xSwapToken(uint32 dstChain, bytes dstAddress, uint32 dstToken, address srcToken, uint256 amount, bytes cfParameters)`. */
export const VAULT_SWAP_TOKEN_SELECTOR = '0x04fc7da0';

/** The calls' arguments (their names are the docs'), as viem's decoder reads types. */
const inputs = (types: string) => types.split(' ').map((type) => ({ type }));
const NATIVE_INPUTS = inputs('uint32 bytes uint32 bytes');
const TOKEN_INPUTS = inputs('uint32 bytes uint32 address uint256 bytes');

/** A vault swap as its call carries it; `srcToken`/`amount` for `xSwapToken` only (native: the value sent). */
export interface VaultSwap {
  dstChain: number;
  dstAddress: Hex;
  dstToken: number;
  srcToken?: string;
  amount?: bigint;
  cfParameters: Hex;
}

type Args = [number, Hex, number, Hex];

/** Decodes `xSwapNative` or `xSwapToken`; undefined when the calldata is neither or does not decode. */
export function decodeVaultSwap(data: string): VaultSwap | undefined {
  const sel = data.slice(0, 10).toLowerCase();
  const args = `0x${data.slice(10)}` as const;
  try {
    if (sel === VAULT_SWAP_NATIVE_SELECTOR) {
      const [dstChain, dstAddress, dstToken, cfParameters] = decodeAbiParameters(NATIVE_INPUTS, args) as Args;
      return { dstChain, dstAddress, dstToken, cfParameters };
    }
    if (sel === VAULT_SWAP_TOKEN_SELECTOR) {
      const [dstChain, dstAddress, dstToken, srcToken, amount, cfParameters] = decodeAbiParameters(
        TOKEN_INPUTS,
        args,
      ) as [number, Hex, number, string, bigint, Hex];
      return { dstChain, dstAddress, dstToken, srcToken, amount, cfParameters };
    }
  } catch {
    // Not the Vault's call.
  }
  return undefined;
}

/** The calldata of a vault swap in the ABI's one canonical form (a test holds it equal to viem's encoder). */
export function encodeVaultSwap(v: VaultSwap): Hex {
  const token = v.srcToken !== undefined;
  const addressTail = bytesWords(v.dstAddress);
  const addressAt = (token ? 6n : 4n) * 32n;
  const parametersAt = addressAt + BigInt(addressTail.reduce((n, w) => n + (w.length - 2) / 2, 0));
  return concatHex([
    token ? VAULT_SWAP_TOKEN_SELECTOR : VAULT_SWAP_NATIVE_SELECTOR,
    uintWord(BigInt(v.dstChain)),
    uintWord(addressAt),
    uintWord(BigInt(v.dstToken)),
    ...(token ? [addressWord(v.srcToken!), uintWord(v.amount!)] : []),
    uintWord(parametersAt),
    ...addressTail,
    ...bytesWords(v.cfParameters),
  ]);
}

// ---- chains and assets ------------------------------------------------------------------

/**
 * The assets the Vault knows (CFD): chain code, token contract as its source writes it ('' for
 * the chain's own coin), the Vault's chain id and asset id.
 */
const VAULT_ASSETS: readonly (readonly [chain: string, contract: string, chainId: number, assetId: number])[] = [
  ['ETH', '', 1, 1], // ETH
  ['ETH', '0x826180541412D574cf1336d22c0C0a287822678A', 1, 2], // FLIP
  ['ETH', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 1, 3], // USDC
  ['DOT', '', 2, 4], // DOT
  ['BTC', '', 3, 5], // BTC
  ['ARB', '', 4, 6], // arbETH
  ['ARB', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 4, 7], // arbUSDC
  ['ETH', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 1, 8], // USDT
  ['SOL', '', 5, 9], // SOL
  ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 5, 10], // solUSDC
];

/**
 * The Vault's chain and asset ids of an asset (`ETH.USDC-0xa0b8…`), undefined for one it does not
 * know. A token is known by its chain and contract (EVM in any case, a Solana mint exactly),
 * never by its symbol; a chain's own coin by having no contract and the chain's native symbol.
 */
export function vaultAsset(asset: string): { chainId: number; assetId: number } | undefined {
  const parts = parseAsset(asset);
  if (!parts || parts.synthetic) return undefined;
  const contract = parts.contract === undefined ? undefined : canonicalContract(asset);
  if (parts.contract !== undefined && contract === undefined) return undefined;
  const native = !contract && parts.symbol.toUpperCase() === chainInfo(parts.chain)?.nativeSymbol.toUpperCase();
  const row = VAULT_ASSETS.find(
    ([chain, c]) => chain === parts.chain && (c ? contract !== undefined && contractKey(c) === contract : native),
  );
  return row && { chainId: row[2], assetId: row[3] };
}

/**
 * The `dstAddress` bytes of an address on `chain`, written as Chainflip writes them (CFS
 * `encodeAddress`): Bitcoin's address as its UTF-8 text, an EVM address as its 20 bytes, a
 * Solana address as its 32 base58-decoded bytes. Undefined on a chain whose encoding is not
 * written here: a destination there cannot be checked.
 */
export function vaultAddressBytes(chain: string, address: string): Hex | undefined {
  if (chain === 'BTC') return stringToHex(address);
  if (chain === 'ETH' || chain === 'ARB') return address.toLowerCase() as Hex;
  const sol = chain === 'SOL' ? addressBytes(address) : undefined;
  return sol && bytesToHex(sol);
}

// ---- cfParameters (SCALE) ----------------------------------------------------------------

/** `VersionedCfParameters::V0` without CCM data, as a vault swap from an EVM chain carries it (CFD, CFB). */
export interface CfParametersV0 {
  /** State Chain blocks the swap may wait for its minimum price before it is refunded. */
  retryDuration: number;
  /** Where a refund goes, on the source chain: 20 bytes, hex. */
  refundAddress: Hex;
  /** The least price accepted: destination units per source unit, 128 fractional bits. */
  minPrice: bigint;
  dca?: { chunks: number; interval: number };
  boostFee: number;
  broker: { account: Hex; bps: number };
  affiliates: { account: number; bps: number }[];
}

/** At most this many affiliates (`MAX_AFFILIATES`, CFB). */
const MAX_AFFILIATES = 5;

/**
 * Reads `cfParameters` as `VersionedCfParameters::V0` of a swap without CCM from an EVM chain
 * (refund address of 20 bytes): undefined for anything else (another version, a length that
 * does not match, a byte left over, an option or a list written in a way SCALE does not).
 */
export function decodeCfParameters(hex: Hex): CfParametersV0 | undefined {
  const b = hexToBytes(hex);
  let at = 0;
  const take = (n: number): Uint8Array => {
    if (at + n > b.length) throw new RangeError('short');
    at += n;
    return b.subarray(at - n, at);
  };
  const le = (n: number): bigint => take(n).reduceRight((v, byte) => (v << 8n) | BigInt(byte), 0n);
  const option = (): boolean => {
    const tag = take(1)[0]!;
    if (tag > 1) throw new RangeError('option');
    return tag === 1;
  };
  const bytes = (n: number): Hex => bytesToHex(take(n));
  try {
    if (take(1)[0] !== 0) return undefined; // V0
    const retryDuration = Number(le(4));
    const refundAddress = bytes(20);
    const minPrice = le(32);
    const dca = option() ? { chunks: Number(le(4)), interval: Number(le(4)) } : undefined;
    const boostFee = Number(le(1));
    const broker = { account: bytes(32), bps: Number(le(2)) };
    // A SCALE compact length in its one-byte form (0 to 63): enough for the five allowed.
    const count = take(1)[0]!;
    if ((count & 3) !== 0 || count >> 2 > MAX_AFFILIATES) return undefined;
    const affiliates = Array.from({ length: count >> 2 }, () => ({ account: Number(le(1)), bps: Number(le(1)) }));
    if (at !== b.length) return undefined;
    return { retryDuration, refundAddress, minPrice, ...(dca ? { dca } : {}), boostFee, broker, affiliates };
  } catch {
    return undefined;
  }
}
