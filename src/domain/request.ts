/**
 * The quote request: what the user asks for, and whether two requests ask for the same.
 * Plain TypeScript.
 */
import type { QuoteRequest } from '../api/schemas.js';
import { sameAsset } from './asset.js';

/** The fields that make two requests the same question (every field of the request). */
const FIELDS = [
  'sellAsset',
  'buyAsset',
  'sellAmount',
  'slippage',
  'sourceAddress',
  'destinationAddress',
  'affiliate',
  'affiliateFee',
  'includeTx',
] as const satisfies readonly (keyof QuoteRequest)[];

/**
 * Whether two requests ask the same: every field equal (asset identifiers as `sameAsset`
 * compares them, providers as a set). Two missing requests are the same; a missing and a present one are not.
 */
export function sameRequest(a: QuoteRequest | undefined, b: QuoteRequest | undefined): boolean {
  if (!a || !b) return a === b;
  for (const f of FIELDS) {
    const x = a[f];
    const y = b[f];
    if (f === 'sellAsset' || f === 'buyAsset') {
      if (!sameAsset(String(x), String(y))) return false;
    } else if (x !== y) return false;
  }
  const pa = [...new Set(a.providers ?? [])].sort().join(',');
  const pb = [...new Set(b.providers ?? [])].sort().join(',');
  return pa === pb;
}
