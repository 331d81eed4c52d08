/** Asset identifiers of the spec: `CHAIN.SYMBOL`, `CHAIN.SYMBOL-CONTRACT`, synthetic `CHAIN.SYMBOL/SYMBOL`. */
import { isAddress } from 'viem';
import { chainInfo } from './chains.js';

import { ASSET_PATTERN } from '../../schemas/asset-pattern.js';

export { ASSET_PATTERN };

export interface AssetParts {
  /** Chain code, upper case (`ETH`). */
  readonly chain: string;
  /** Symbol as written (`USDC`). */
  readonly symbol: string;
  /** Contract address of a token, as written (any case), or undefined for a native asset. */
  readonly contract?: string;
  /** A synthetic or trade asset of a protocol chain (`THOR.BTC/BTC`, `BTC~BTC`). */
  readonly synthetic: boolean;
}

/** Splits an asset identifier; undefined when it is not one. */
export function parseAsset(id: string): AssetParts | undefined {
  if (!ASSET_PATTERN.test(id)) return undefined;
  const m = /^([A-Z][A-Z0-9]*)([./~])(.+)$/.exec(id);
  if (!m) return undefined;
  const [, chain, sep, rest] = m as unknown as [string, string, string, string];
  const synthetic = sep !== '.' || /[/~]/.test(rest);
  const dash = rest.indexOf('-');
  if (dash > 0 && dash < rest.length - 1) {
    return { chain, symbol: rest.slice(0, dash), contract: rest.slice(dash + 1), synthetic };
  }
  if (dash >= 0) return undefined;
  return { chain, symbol: rest, synthetic };
}

export function isAssetId(id: string): boolean {
  return parseAsset(id) !== undefined;
}

/** Chain code of an asset identifier (`ETH` for `ETH.USDC-0x…`), or '' when it is not one. */
export function assetChain(id: string): string {
  return parseAsset(id)?.chain ?? '';
}

/** Whether the asset is its chain's native coin (no contract, not synthetic). */
export function isNativeAsset(id: string): boolean {
  const p = parseAsset(id);
  return !!p && !p.contract && !p.synthetic;
}

/** Symbol for display (`USDC`), falling back to the identifier. */
export function assetSymbol(id: string): string {
  return parseAsset(id)?.symbol ?? id;
}

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
