/**
 * An asset identifier read as text: its chain, symbol and contract. Nothing here checks an
 * address (that is `asset.ts`, with viem), so the first frame can name assets without it.
 */
import { ASSET_PATTERN } from '../../schemas/asset-pattern.js';

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
