/**
 * Which tokens the picker lists first on their chain: the chain's native asset, then the
 * well-known tokens of the widget's own table (`chains/known-tokens.ts`: stablecoins, wrapped
 * BTC and ETH, each row sourced from a published token list), in that table's order, which
 * puts USDC and USDT first. A token is recognised by its chain and contract, never by its
 * symbol: a token that calls itself USDC under another contract is not promoted. No DOM.
 */
import { contractKey, knownTokenRows } from '../chains/known-tokens.js';

let ranks: Map<string, number> | undefined;

/**
 * 0 for a native asset (`BTC.BTC`), 1 + the table's position for a listed token, and
 * `Infinity` for any other: the lower, the earlier in its chain's group.
 */
export function popularRank(chain: string, asset: string): number {
  const dash = asset.indexOf('-');
  if (dash < 0) return 0;
  ranks ??= new Map(knownTokenRows().map(([c, contract], i) => [`${c}:${contractKey(contract)}`, i + 1]));
  return ranks.get(`${chain.toUpperCase()}:${contractKey(asset.slice(dash + 1))}`) ?? Infinity;
}
