/** The token list as the picker uses it: lookup, search, grouping by chain, popular tokens first. No DOM. */
import type { Token } from '../../schemas/service.js';
import { assetChain, assetSymbol, isNativeAsset, sameAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { popularRank } from './popular-tokens.js';

export interface TokenIndex {
  readonly tokens: readonly Token[];
  /** By upper-case asset identifier. */
  readonly byAsset: ReadonlyMap<string, Token>;
  /** Lower-case text each token is searched by, parallel to `tokens`. */
  readonly haystack: readonly string[];
  /** Upper-case asset identifiers, parallel to `tokens`. */
  readonly keys: readonly string[];
}

/** Chains in the order the picker groups them: the chain table's order, unknown chains last. */
const CHAIN_ORDER = ['BTC', 'ETH', 'SOL', 'ARB', 'BASE', 'BSC', 'AVAX'];

/**
 * Indexes a token list once, so every keystroke of a search is one pass of `includes`; in
 * steps: the generator pauses after every `slice` tokens of each pass (and around the sort),
 * so a caller can give the page a turn between steps and ten thousand tokens never make one
 * long task. The index does not depend on `slice`.
 */
export function* indexTokensInSteps(list: readonly Token[], slice = 2000): Generator<void, TokenIndex, void> {
  // What each chain contributes (a few chains for thousands of tokens): looked up once.
  const chains = new Map<string, { rank: number; name: string }>();
  const chainOf = (chain: string) => {
    let c = chains.get(chain);
    if (!c) {
      const info = chainInfo(chain);
      c = { rank: info ? CHAIN_ORDER.indexOf(info.code) >>> 0 : Number.MAX_SAFE_INTEGER, name: info?.name ?? '' };
      chains.set(chain, c);
    }
    return c;
  };
  const n = list.length;
  // Sort keys computed once (10 000 tokens: no locale-aware comparison in the sort).
  const keyed = new Array<{ t: Token; rank: number; popular: number; symbol: string }>(n);
  for (let i = 0; i < n; i++) {
    if (i && i % slice === 0) yield;
    const t = list[i]!;
    keyed[i] = {
      t,
      rank: chainOf(t.chain).rank,
      popular: popularRank(t.chain, t.asset),
      symbol: t.symbol.toUpperCase(),
    };
  }
  if (n > slice) yield;
  keyed.sort(
    (a, b) => a.rank - b.rank || cmp(a.t.chain, b.t.chain) || cmp(a.popular, b.popular) || cmp(a.symbol, b.symbol),
  );
  if (n > slice) yield;
  const tokens = new Array<Token>(n);
  const haystack = new Array<string>(n);
  const keys = new Array<string>(n);
  const byAsset = new Map<string, Token>();
  for (let i = 0; i < n; i++) {
    if (i && i % slice === 0) yield;
    const t = (tokens[i] = keyed[i]!.t);
    const key = (keys[i] = t.asset.toUpperCase());
    byAsset.set(key, t);
    haystack[i] = [t.symbol, t.name ?? '', t.chain, chainOf(t.chain).name, t.asset].join('\u0000').toLowerCase();
  }
  return { tokens, byAsset, haystack, keys };
}

function cmp<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A query as it is matched: lower case, words separated by one space. */
function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean).join(' ');
}

/**
 * Positions in `index.tokens` of the tokens matching every word of the query (symbol, name,
 * chain code or name, contract address), limited to `allowed` when given, in the index's
 * order (grouped by chain). `within`, when given, lists the only positions to look at.
 */
export function matchTokens(
  index: TokenIndex,
  query: string,
  allowed?: ReadonlySet<string>,
  within?: readonly number[],
): number[] {
  const words = normalizeQuery(query).split(' ').filter(Boolean);
  const out: number[] = [];
  const n = within ? within.length : index.tokens.length;
  for (let j = 0; j < n; j++) {
    const i = within ? within[j]! : j;
    if (allowed && !allowed.has(index.keys[i]!)) continue;
    const hay = index.haystack[i]!;
    let all = true;
    for (const w of words) {
      if (!hay.includes(w)) {
        all = false;
        break;
      }
    }
    if (all) out.push(i);
  }
  return out;
}

/**
 * Search as the user types: when the query only grows (a letter or a word added), the
 * tokens that can still match are among the last matches, so only those are looked at.
 * The result is always the same as `matchTokens` on the whole index.
 */
export class TokenSearch {
  private last?: { index: TokenIndex; allowed?: ReadonlySet<string>; query: string; positions: number[] };

  search(index: TokenIndex, query: string, allowed?: ReadonlySet<string>): number[] {
    const normalized = normalizeQuery(query);
    const last = this.last;
    const narrowing = last && last.index === index && last.allowed === allowed && normalized.startsWith(last.query);
    const positions = narrowing
      ? last.query === normalized
        ? last.positions
        : matchTokens(index, normalized, undefined, last.positions)
      : matchTokens(index, normalized, allowed);
    this.last = { index, allowed, query: normalized, positions };
    return positions;
  }
}

/** Only `https:` and `data:image/` URLs are shown as images; anything else is dropped. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/i.test(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An asset's symbol and decimals: the chain's own for a native asset, else the token list's; undefined when unknown. */
export function tokenFacts(
  asset: string,
  tokens: TokenIndex | undefined,
): { symbol: string; decimals: number } | undefined {
  if (!asset) return undefined;
  if (isNativeAsset(asset)) {
    const decimals = chainInfo(assetChain(asset))?.nativeDecimals;
    return decimals === undefined ? undefined : { symbol: assetSymbol(asset), decimals };
  }
  const token = tokens?.byAsset.get(asset.toUpperCase());
  return token && sameAsset(token.asset, asset) ? { symbol: token.symbol, decimals: token.decimals } : undefined;
}
