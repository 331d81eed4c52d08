/**
 * The rows of the token picker's list: the matching tokens under one heading per chain,
 * narrowed to one chain when the user picks it; the chains the list can be narrowed to;
 * the balances a host gives, read defensively. Plain data; no DOM.
 */
import type { Token } from '../../schemas/service.js';
import { isDecimalString } from '../amounts/amount.js';
import type { TokenIndex } from './tokens.js';

export type TokenRow = { kind: 'chain'; chain: string } | { kind: 'token'; token: Token; option: number };

export interface TokenRows {
  readonly rows: TokenRow[];
  /** The tokens of `rows`, in order: a token's `option` is its place here. */
  readonly options: Token[];
}

/**
 * The rows of the tokens at `positions` (in the index's order, so grouped by chain), each
 * chain's heading before its first token; only the tokens of `chain` when it is given.
 */
export function tokenRows(index: TokenIndex | undefined, positions: readonly number[], chain = ''): TokenRows {
  const rows: TokenRow[] = [];
  const options: Token[] = [];
  let last = '';
  for (const p of positions) {
    const token = index!.tokens[p]!;
    if (chain && token.chain !== chain) continue;
    if (token.chain !== last) rows.push({ kind: 'chain', chain: (last = token.chain) });
    rows.push({ kind: 'token', token, option: options.push(token) - 1 });
  }
  return { rows, options };
}

/** The chains with at least one token on offer (`allowed`, when given), in the index's order. */
export function tokenChains(index: TokenIndex | undefined, allowed?: ReadonlySet<string>): string[] {
  const chains: string[] = [];
  index?.tokens.forEach((t, i) => {
    if (chains[chains.length - 1] !== t.chain && (!allowed || allowed.has(index.keys[i]!)) && !chains.includes(t.chain))
      chains.push(t.chain);
  });
  return chains;
}

/**
 * A host's `{ [asset]: decimalString }` by upper-case asset identifier; entries that are not
 * a decimal string are left out, and anything but an object gives no balances.
 */
export function balancesByAsset(balances: unknown): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (balances && typeof balances === 'object') {
    for (const [asset, value] of Object.entries(balances))
      if (typeof value === 'string' && isDecimalString(value)) out.set(asset.toUpperCase(), value);
  }
  return out;
}
