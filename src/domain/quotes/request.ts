/**
 * The quote request: what the user asks for, and whether two requests ask for the same.
 * Plain TypeScript.
 */
import type { QuoteRequest } from '../../schemas/service.js';
import { compareDecimal, normalizeDecimal } from '../amounts/amount.js';
import { assetChain, sameAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import type { Draft, FieldProblems } from './draft.js';
import { readNumber } from '../amounts/number-input.js';

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

/** What the host configured that goes into every request. */
export interface RequestSettings {
  providers?: readonly string[];
  affiliate?: string;
  affiliateFee: number;
}

/**
 * The quote request the draft asks for, its numbers read in `locale` (the widget's), or
 * undefined while it is incomplete or has a problem. Routes carry a transaction (`includeTx`) when the source address is known on a
 * chain the widget can hand a transaction out for (EVM, Solana, Cosmos-SDK).
 */
export function buildQuoteRequest(
  d: Draft,
  problems: FieldProblems,
  settings: RequestSettings,
  locale = 'en',
): QuoteRequest | undefined {
  if (Object.keys(problems).length) return undefined;
  const amount = readNumber(d.amount, locale);
  const slippage = readNumber(d.slippage, locale);
  if (!d.sellAsset || !d.buyAsset || !amount.ok || !slippage.ok || compareDecimal(amount.value, '0') <= 0)
    return undefined;
  const kind = chainInfo(assetChain(d.sellAsset))?.kind;
  const includeTx = !!d.sourceAddress && (kind === 'evm' || kind === 'solana' || kind === 'cosmos');
  return {
    sellAsset: d.sellAsset,
    buyAsset: d.buyAsset,
    sellAmount: normalizeDecimal(amount.value),
    slippage: Number(slippage.value),
    ...(settings.providers ? { providers: [...settings.providers] } : {}),
    ...(d.sourceAddress ? { sourceAddress: d.sourceAddress } : {}),
    ...(d.destinationAddress ? { destinationAddress: d.destinationAddress } : {}),
    ...(settings.affiliate ? { affiliate: settings.affiliate } : {}),
    ...(settings.affiliate || settings.affiliateFee ? { affiliateFee: settings.affiliateFee } : {}),
    ...(includeTx ? { includeTx: true } : {}),
  };
}
