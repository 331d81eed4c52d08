/**
 * Swap memos of the protocol-memo routes (protocol A and its fork C):
 *
 *   =:ASSET:DEST:LIM[/INTERVAL/QUANTITY]:AFF:BPS
 *
 * with the short forms protocol A accepts: the function as `=`, `s`, `SWAP` (any case);
 * one-letter assets (`b` for BTC.BTC); a token contract cut to its last characters (any
 * number of them, read as the protocol reads them: `matchMemoAsset`);
 * limits in 1e8 units, also written with an exponent (`12e6`); several affiliates and fees
 * separated by `/`; a refund address after the destination (`DEST/REFUND`).
 */
import { knownToken, knownTokensByTicker } from './known-tokens.js';

/**
 * The short asset codes protocol A reads in memos (THORNode `common/asset.go`, `ShortCode()`).
 * Only protocol A's memos are read with them: its fork C gives some of the same letters to
 * other assets (`a`, `c`, `x`), and the widget holds no checked table of C's codes, so a short
 * code in any other memo is refused (`unknown-short-asset`).
 */
export const SHORT_ASSETS: Readonly<Record<string, string>> = {
  a: 'AVAX.AVAX',
  b: 'BTC.BTC',
  c: 'BCH.BCH',
  d: 'DOGE.DOGE',
  e: 'ETH.ETH',
  f: 'BASE.ETH',
  g: 'GAIA.ATOM',
  l: 'LTC.LTC',
  r: 'THOR.RUNE',
  s: 'BSC.BNB',
  tr: 'TRON.TRX',
  x: 'XRP.XRP',
};

/** No short codes: the memos of a protocol whose codes the widget does not hold. */
export const NO_SHORT_ASSETS: Readonly<Record<string, string>> = {};

export interface SwapMemo {
  /** The asset as written in the memo, with one-letter forms expanded. */
  readonly asset: string;
  readonly destination: string;
  readonly refundAddress?: string;
  /** Minimum output in 1e8 units; 0 when the memo sets none. */
  readonly limit: bigint;
  /** Streaming: blocks between sub-swaps and number of sub-swaps (0 lets the protocol choose). */
  readonly interval?: number;
  readonly quantity?: number;
  readonly affiliates: readonly string[];
  readonly feesBps: readonly number[];
}

/** Why a memo cannot be read: a code, never words (see `components/messages/refusals.ts`). */
export type MemoProblem =
  | 'not-swap'
  | 'too-many-fields'
  | 'no-asset'
  | 'unknown-short-asset'
  | 'no-destination'
  | 'malformed-destination'
  | 'malformed-limit'
  | 'malformed-streaming'
  | 'empty-affiliate'
  | 'malformed-fee'
  | 'fee-without-affiliate';

export type MemoParse = { ok: true; memo: SwapMemo } | { ok: false; problem: MemoProblem };

const SWAP_FUNCTIONS = new Set(['=', 's', 'swap']);
const UINT = /^\d+$/;
const EXP_UINT = /^(\d+)e(\d+)$/i;

function parseLimit(s: string): bigint | undefined {
  if (s === '') return 0n;
  if (UINT.test(s)) return BigInt(s);
  const m = EXP_UINT.exec(s);
  if (m && Number(m[2]) <= 30) return BigInt(m[1]!) * 10n ** BigInt(m[2]!);
  return undefined;
}

const fail = (problem: MemoProblem): MemoParse => ({ ok: false, problem });

/**
 * Parses a swap memo in full; never throws. Every field is read: the function, the asset,
 * the destination and an optional refund address, the limit with optional streaming
 * parameters, the affiliates and their fees. Anything after the fee (the protocol's
 * aggregator fields) or any field that does not read is refused. An asset written without
 * its chain is looked up in `shortAssets`: the codes of the protocol that reads the memo
 * (`SHORT_ASSETS` for protocol A's, `NO_SHORT_ASSETS` for any other): no default, so no caller
 * reads another protocol's memo with A's codes by omission.
 */
export function parseSwapMemo(text: string, shortAssets: Readonly<Record<string, string>>): MemoParse {
  const parts = text.split(':');
  const [fn, rawAsset, rawDest, rawLim = '', rawAff = '', rawFee = '', ...rest] = parts;
  if (!fn || !SWAP_FUNCTIONS.has(fn.toLowerCase())) return fail('not-swap');
  if (rest.length) return fail('too-many-fields');
  if (!rawAsset) return fail('no-asset');
  // Letters alone are a short code (a chain and its asset are always joined by `.`, `/`, `~`
  // or `-`); only the table's own keys are looked up (a plain lookup of `constructor` or
  // `__proto__` would return Object.prototype's members).
  const asset = !/^[a-z_]+$/i.test(rawAsset)
    ? rawAsset
    : Object.hasOwn(shortAssets, rawAsset)
      ? shortAssets[rawAsset]
      : undefined;
  if (!asset) return fail('unknown-short-asset');
  if (!rawDest) return fail('no-destination');
  const destParts = rawDest.split('/');
  const [destination, refundAddress] = destParts;
  // `DEST/` (an empty refund) and `DEST/A/B` are refused: the protocol reads them differently.
  if (!destination || destParts.length > 2 || refundAddress === '') return fail('malformed-destination');

  const [limStr = '', intervalStr, quantityStr, ...extraLim] = rawLim.split('/');
  const limit = parseLimit(limStr);
  if (limit === undefined || extraLim.length) return fail('malformed-limit');
  let interval: number | undefined;
  let quantity: number | undefined;
  if (intervalStr !== undefined) {
    if (!UINT.test(intervalStr) || (quantityStr !== undefined && !UINT.test(quantityStr)))
      return fail('malformed-streaming');
    interval = Number(intervalStr);
    quantity = quantityStr === undefined ? 0 : Number(quantityStr);
  }

  const affiliates = rawAff ? rawAff.split('/') : [];
  const feeStrs = rawFee ? rawFee.split('/') : [];
  if (affiliates.some((a) => !a)) return fail('empty-affiliate');
  if (feeStrs.some((f) => !UINT.test(f))) return fail('malformed-fee');
  const feesBps = feeStrs.map(Number);
  if (feesBps.length > affiliates.length) return fail('fee-without-affiliate');

  return {
    ok: true,
    memo: {
      asset,
      destination,
      ...(refundAddress ? { refundAddress } : {}),
      limit,
      ...(interval !== undefined ? { interval, quantity } : {}),
      affiliates,
      feesBps,
    },
  };
}

/**
 * The longest a streaming swap may take, in protocol blocks: protocol A's
 * `STREAMINGSWAPMAXLENGTH` (14 400 blocks, about 24 hours at 6 s a block).
 */
export const MAX_STREAMING_BLOCKS = 14_400;

/**
 * Whether streaming parameters are sane: the interval at most the maximum streaming length,
 * and interval × quantity (the blocks the whole swap takes) within it too. Quantity 0 lets
 * the protocol choose (it keeps within its own maximum); interval 0 does not stream.
 */
export function streamingWithinLimits(interval: number, quantity: number): boolean {
  if (!Number.isSafeInteger(interval) || !Number.isSafeInteger(quantity) || interval < 0 || quantity < 0) return false;
  if (interval > MAX_STREAMING_BLOCKS) return false;
  return BigInt(interval) * BigInt(quantity) <= BigInt(MAX_STREAMING_BLOCKS);
}

/** Length of a memo as chains count it: UTF-8 bytes. */
export function memoBytes(memo: string): number {
  return new TextEncoder().encode(memo).length;
}

/**
 * How a memo's asset reads against the buy asset: `other`, another token it may also name;
 * `unsourced`, a contract cut short for a token the widget's sourced table does not hold.
 */
export type MemoAssetMatch =
  { readonly ok: true } | { readonly ok: false; readonly other?: string; readonly unsourced?: true };

/**
 * Whether the asset written in a memo names `asset`, read as the protocol reads it (THORNode
 * `fuzzyAssetMatch`): the identifier in full, in any case; or its chain and ticker with a
 * suffix of its contract after the `-` (any length, any case, possibly none: `ETH.USDT`,
 * `ETH.USDT-ec7`, `ETH.USDT-6994597c13d831ec7`). The protocol then takes the deepest pool of
 * that chain and ticker whose contract ends with the suffix, at execution time. So a memo that
 * cuts the contract short names `asset` only when the widget's sourced table
 * (`known-tokens.ts`, by chain and contract) holds it under that ticker, and no other token of
 * that chain and ticker (a row of the table, or one of `known`, the service's token list) ends
 * with the suffix too: that token is named as `other`. A token the table does not hold cannot
 * be told from a look-alike the list leaves out: `unsourced`, whatever the list says.
 */
export function matchMemoAsset(memoAsset: string, asset: string, known: readonly string[] = []): MemoAssetMatch {
  const a = memoAsset.toUpperCase();
  const b = asset.toUpperCase();
  if (a === b) return { ok: true };
  const split = (id: string) => {
    const dash = id.indexOf('-');
    return dash < 0 ? [id, undefined] : [id.slice(0, dash), id.slice(dash + 1)];
  };
  const [head, suffix = ''] = split(a);
  const [buyHead, contract] = split(b);
  if (head !== buyHead || !contract?.endsWith(suffix)) return { ok: false };
  const dot = head!.indexOf('.');
  const [chain, ticker] = [head!.slice(0, dot), head!.slice(dot + 1)];
  if (!knownToken(asset)?.tickers.includes(ticker)) return { ok: false, unsourced: true };
  const lookAlikes = [...knownTokensByTicker(chain, ticker).map((t) => `${head}-${t.contract}`), ...known];
  for (const k of lookAlikes) {
    const [kHead, kContract] = split(k.toUpperCase());
    if (kHead === head && kContract !== undefined && kContract !== contract && kContract.endsWith(suffix))
      return { ok: false, other: k };
  }
  return { ok: true };
}
