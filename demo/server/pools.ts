/**
 * Liquidity of the simulated providers, as USD depth per side. Pools are keyed by
 * `CHAIN.SYMBOL` (upper case, without contract): the symbols of the token list are unique
 * per chain.
 *
 * - Protocol A: every asset pooled against THOR.RUNE (a swap between two pooled assets
 *   goes through RUNE: two pools).
 * - Protocol C: the same against MAYA.CACAO.
 * - Protocol B: every asset pooled against ETH.USDC.
 * - Protocol D (atomic swaps): one maker inventory per pair.
 * - Aggregators: one pool per pair on one chain, as deep as the shallower token's market.
 */

export type PoolProtocol = 'PROTOCOL_A' | 'PROTOCOL_B' | 'PROTOCOL_C';

export const SETTLEMENT: Readonly<Record<PoolProtocol, string>> = {
  PROTOCOL_A: 'THOR.RUNE',
  PROTOCOL_B: 'ETH.USDC',
  PROTOCOL_C: 'MAYA.CACAO',
};

const M = 1_000_000;

export const POOL_DEPTH_USD: Readonly<Record<PoolProtocol, Readonly<Record<string, number>>>> = {
  PROTOCOL_A: {
    'BTC.BTC': 150 * M,
    'ETH.ETH': 60 * M,
    'ETH.USDC': 20 * M,
    'ETH.USDT': 15 * M,
    'ETH.WBTC': 5 * M,
    'ETH.DAI': 3 * M,
    'ETH.LINK': 2 * M,
    'ETH.AAVE': 1.5 * M,
    'ETH.THOR': 2 * M,
    'ETH.FOX': 1 * M,
    'ETH.TGT': 0.8 * M,
    'BSC.BNB': 8 * M,
    'BSC.USDC': 3 * M,
    'BSC.USDT': 3 * M,
    'AVAX.AVAX': 6 * M,
    'AVAX.USDC': 3 * M,
    'AVAX.USDT': 2 * M,
    'BASE.ETH': 5 * M,
    'BASE.USDC': 4 * M,
    'BASE.CBBTC': 3 * M,
    'LTC.LTC': 6 * M,
    'BCH.BCH': 5 * M,
    'DOGE.DOGE': 6 * M,
    'GAIA.ATOM': 4 * M,
    'XRP.XRP': 8 * M,
    'THOR.TCY': 3 * M,
    'THOR.RUJI': 2 * M,
  },
  PROTOCOL_B: {
    'BTC.BTC': 40 * M,
    'ETH.ETH': 30 * M,
    'ETH.USDT': 10 * M,
    'ETH.FLIP': 3 * M,
    'ARB.ETH': 8 * M,
    'ARB.USDC': 10 * M,
    'SOL.SOL': 20 * M,
    'SOL.USDC': 10 * M,
    'DOT.DOT': 4 * M,
  },
  PROTOCOL_C: {
    'BTC.BTC': 20 * M,
    'ETH.ETH': 12 * M,
    'ETH.USDC': 4 * M,
    'ETH.USDT': 3 * M,
    'ETH.WSTETH': 1 * M,
    'ARB.ETH': 3 * M,
    'ARB.USDC': 2 * M,
    'ARB.USDT': 1 * M,
    'ARB.ARB': 0.8 * M,
    'DASH.DASH': 3 * M,
    'THOR.RUNE': 4 * M,
    'KUJI.KUJI': 1 * M,
    'XRD.XRD': 1.5 * M,
    'ZEC.ZEC': 2 * M,
  },
};

/** Depth of the pool of `poolKey` on `protocol` (settlement asset: the deepest pool's depth), or undefined. */
export function poolDepthUsd(protocol: PoolProtocol, poolKey: string): number | undefined {
  if (poolKey === SETTLEMENT[protocol]) return Math.max(...Object.values(POOL_DEPTH_USD[protocol]));
  return POOL_DEPTH_USD[protocol][poolKey];
}

/** Pairs protocol D swaps (both directions) and the maker's inventory per side. */
export const ATOMIC_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['BTC.BTC', 'LTC.LTC'],
  ['BTC.BTC', 'DOGE.DOGE'],
  ['BTC.BTC', 'BCH.BCH'],
];
export const ATOMIC_DEPTH_USD = 400_000;
/** Protocol D only settles small swaps. */
export const ATOMIC_MAX_USD = 25_000;

export function atomicPair(a: string, b: string): boolean {
  return ATOMIC_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** Market depth an aggregator finds for a token (USD per side), from its price class. */
export function dexDepthUsd(priceKey: string, native: boolean): number {
  if (native || ['ETH', 'BTC', 'SOL', 'BNB', 'AVAX', 'POL'].includes(priceKey)) return 200 * M;
  if (priceKey === 'USD') return 150 * M;
  if (['LINK', 'UNI', 'AAVE', 'WSTETH', 'MKR', 'LDO', 'ARB', 'OP', 'JUP', 'PAXG', 'ENA'].includes(priceKey))
    return 30 * M;
  return 6 * M;
}
