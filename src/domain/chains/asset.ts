/** Asset identifiers of the spec: `CHAIN.SYMBOL`, `CHAIN.SYMBOL-CONTRACT`, synthetic `CHAIN.SYMBOL/SYMBOL`. */
import { isAddress } from 'viem';
import { chainInfo } from './chains.js';
import { parseAsset } from './asset-id.js';

export { ASSET_PATTERN } from '../../schemas/asset-pattern.js';
export { assetChain, assetSymbol, isAssetId, isNativeAsset, parseAsset, type AssetParts } from './asset-id.js';

/**
 * A token's contract in its chain's canonical form, the one form to compare or encode: on an
 * EVM chain `0x` and 40 lower-case hex digits (an identifier may write `0X…` and any case:
 * THORNode's asset notation writes `ETH.USDC-0XA0B8…`), undefined when it is not an address
 * (viem's `isAddress`: 40 hex digits, a mixed case its EIP-55 checksum); elsewhere (a Solana
 * mint, base58) exactly as written, since case is part of the address. Undefined for an asset
 * without a contract.
 */
export function canonicalContract(id: string): string | undefined {
  const p = parseAsset(id);
  if (!p?.contract) return undefined;
  if (chainInfo(p.chain)?.kind !== 'evm') return p.contract;
  const body = p.contract.slice(2);
  const lower = body.toLowerCase();
  // One case throughout, or mixed case that is its EIP-55 checksum.
  const ok =
    /^0x/i.test(p.contract) &&
    isAddress(`0x${lower}`) &&
    (body === lower || body === body.toUpperCase() || isAddress(`0x${body}`));
  return ok ? `0x${lower}` : undefined;
}

/**
 * Whether an identifier a route writes names the asset the user picked (`requested`, from the
 * token list): the same asset (`sameAsset`), or the picked identifier with its contract written
 * in upper case (dKit's asset notation page writes `SOL.USDC-EPJFWDD5…`, which is no mint).
 * The checks then use the picked asset's contract, never the route's spelling of it.
 */
export function spellsAsset(routeAsset: string, requested: string): boolean {
  return (
    sameAsset(routeAsset, requested) ||
    (parseAsset(requested)?.contract !== undefined && routeAsset === requested.toUpperCase())
  );
}

/**
 * Same asset. Chain and symbol ignore case; a hex contract (`0x…`, EVM) too, since the spec
 * writes it in upper case in some identifiers and mixed case in others; any other contract
 * (base58 on Solana) is case-sensitive, where two spellings are two different tokens.
 */
export function sameAsset(a: string, b: string): boolean {
  if (a === b) return true;
  const x = parseAsset(a)?.contract;
  const y = parseAsset(b)?.contract;
  // Everything before the contract (chain, separator, symbol) ignores case.
  const head = (id: string, contract?: string) => (contract ? id.slice(0, -contract.length) : id).toUpperCase();
  if (head(a, x) !== head(b, y)) return false;
  if (!x || !y) return !x && !y;
  const hex = /^0x[0-9a-f]+$/i;
  return hex.test(x) && hex.test(y) ? x.toLowerCase() === y.toLowerCase() : x === y;
}
