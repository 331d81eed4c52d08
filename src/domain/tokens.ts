/** The token list as the picker uses it: lookup, search, grouping by chain. No DOM. */
import type { Token } from '../api/schemas.js';
import { chainInfo } from './chains.js';

export interface TokenIndex {
  readonly tokens: readonly Token[];
  /** By upper-case asset identifier. */
  readonly byAsset: ReadonlyMap<string, Token>;
  /** Lower-case text each token is searched by, parallel to `tokens`. */
  readonly haystack: readonly string[];
}

/** Chains in the order the picker groups them: the chain table's order, unknown chains last. */
function chainRank(chain: string): number {
  const code = chainInfo(chain)?.code;
  return code ? ['BTC', 'ETH', 'SOL', 'ARB', 'BASE', 'BSC', 'AVAX'].indexOf(code) >>> 0 : Number.MAX_SAFE_INTEGER;
}

/** Indexes a token list once, so every keystroke of a search is one pass of `includes`. */
export function indexTokens(list: readonly Token[]): TokenIndex {
  // Sort keys computed once (10 000 tokens: no locale-aware comparison in the sort).
  const keyed = list.map((t) => ({ t, rank: chainRank(t.chain), chain: t.chain, native: Number(t.asset.includes('-')), symbol: t.symbol.toUpperCase() }));
  keyed.sort((a, b) => a.rank - b.rank || cmp(a.chain, b.chain) || a.native - b.native || cmp(a.symbol, b.symbol));
  const tokens = keyed.map((k) => k.t);
  const byAsset = new Map(tokens.map((t) => [t.asset.toUpperCase(), t]));
  const haystack = tokens.map((t) =>
    [t.symbol, t.name ?? '', t.chain, chainInfo(t.chain)?.name ?? '', t.asset].join('\u0000').toLowerCase(),
  );
  return { tokens, byAsset, haystack };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Tokens matching every word of the query (symbol, name, chain code or name, contract
 * address), limited to `allowed` when given, in the index's order (grouped by chain).
 */
export function searchTokens(index: TokenIndex, query: string, allowed?: ReadonlySet<string>): Token[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out: Token[] = [];
  for (let i = 0; i < index.tokens.length; i++) {
    const t = index.tokens[i]!;
    if (allowed && !allowed.has(t.asset.toUpperCase())) continue;
    const hay = index.haystack[i]!;
    if (words.every((w) => hay.includes(w))) out.push(t);
  }
  return out;
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
