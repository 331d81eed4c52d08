/**
 * 1inch Aggregation Router v6's `unoswap` family: what 1inch answers for a swap through one to
 * three pools (`unoswap`, `unoswap2`, `unoswap3`, their `To` forms that name a recipient, and the
 * `ethUnoswap*` forms that sell the chain's coin). Every argument is a static `uint256`; the
 * token, recipient and pools are `Address` words whose low 160 bits are the address and whose
 * high bits carry the pool's flags. The call names neither the token bought nor, but for the
 * `To` forms, its recipient (the sender): the token bought is the last pool's token on the side
 * the direction bit points to, read on chain.
 *
 * Sources:
 * - the entry points, their argument order and types: 1inch/1inch-sdk-go @ 7f082a7d,
 *   `constants/abi/aggregationRouterV6.abi.json` (`internalType` `Address` for `to`, `token`,
 *   `dex*`); the ERC-7730 descriptor of the router, ethereum/clear-signing-erc7730-registry @
 *   3b66ba28, `registry/1inch/common-AggregationRouterV6.json`, which reads them the same way:
 *   the amount in `token.[-20:]`, the beneficiary `@.from` (the sender) or `to.[-20:]`, the last
 *   pool `dex*.[-20:]`, and a minimum it cannot name the token of;
 * - the pool word's layout: NOT published by 1inch in a repository we could open. It is read
 *   from the router's verified source as copied in third-party repositories (a Facet copy
 *   `UnoswapRouter.arbitrumone.sol` with `ProtocolLib`: protocol in bits 253-255 (0 Uniswap V2,
 *   1 Uniswap V3, 2 Curve), unwrap WETH to the recipient 252, do not wrap the coin sent 251,
 *   pull through Permit2 250, Uniswap's direction `zeroForOne` 247 (token0 in, token1 out),
 *   Uniswap V2's fee numerator in bits 160-191), and it agrees with every `dex` word of the
 *   ERC-7730 registry's recorded mainnet calls (`testsv2/calldata-AggregationRouterV6.tests.json`).
 * The selectors are viem's `toFunctionSelector` of the ABI's signatures (a test holds them).
 *
 * Plain TypeScript; no DOM.
 */
import { getAddress, numberToHex, padHex, type Hex } from 'viem';

interface EntryPoint {
  readonly selector: string;
  /** Sells the chain's coin, sent as the value (`ethUnoswap*`). */
  readonly eth: boolean;
  /** Names a recipient (`*To*`). */
  readonly to: boolean;
  readonly pools: number;
}

/**
 * The twelve entry points, in this order: `unoswap`, `unoswap2`, `unoswap3`, `unoswapTo`,
 * `unoswapTo2`, `unoswapTo3`, then the same six as `ethUnoswap*` (the coin sold).
 */
export const UNOSWAP_ENTRY_POINTS: readonly EntryPoint[] =
  '83800a8e 8770ba91 19367472 e2c95c82 ea76dddf f7a70056 a76dfc3b 89af926a 188ac35d 175accdc 0f449d71 493189f0'
    .split(' ')
    .map((s, i) => ({ selector: `0x${s}`, eth: i > 5, to: i % 6 > 2, pools: (i % 3) + 1 }));

export const UNOSWAP_SELECTORS: readonly string[] = UNOSWAP_ENTRY_POINTS.map((e) => e.selector);

/** A call of the family, its words as they are: `to` and `token` are `Address` words, `dexes` the pools in order. */
export interface UnoswapCall {
  readonly entry: EntryPoint;
  readonly to?: bigint;
  readonly token?: bigint;
  /** The amount sold, for the token forms (the coin forms sell the value sent). */
  readonly amount?: bigint;
  readonly minReturn: bigint;
  readonly dexes: readonly bigint[];
}

/** Decodes a call of the family: its selector and exactly its number of words; undefined otherwise. */
export function decodeUnoswap(data: string): UnoswapCall | undefined {
  const entry = UNOSWAP_ENTRY_POINTS.find((e) => e.selector === data.slice(0, 10).toLowerCase());
  if (!entry || !/^0x[0-9a-fA-F]*$/.test(data)) return undefined;
  const count = (entry.to ? 1 : 0) + (entry.eth ? 0 : 2) + 1 + entry.pools;
  if (data.length !== 10 + 64 * count) return undefined;
  const words = Array.from({ length: count }, (_, i) => BigInt(`0x${data.slice(10 + 64 * i, 74 + 64 * i)}`));
  const to = entry.to ? words.shift() : undefined;
  const token = entry.eth ? undefined : words.shift();
  const amount = entry.eth ? undefined : words.shift();
  const minReturn = words.shift()!;
  return {
    entry,
    ...(to !== undefined ? { to } : {}),
    ...(token !== undefined ? { token } : {}),
    ...(amount !== undefined ? { amount } : {}),
    minReturn,
    dexes: words,
  };
}

/** The calldata of a call of the family (its words, in order). */
export function encodeUnoswap(c: UnoswapCall): Hex {
  const words = [c.to, c.token, c.amount, c.minReturn, ...c.dexes].filter((w): w is bigint => w !== undefined);
  return `${c.entry.selector}${words.map((w) => padHex(numberToHex(w), { size: 32 }).slice(2)).join('')}` as Hex;
}

const ADDRESS_MASK = (1n << 160n) - 1n;

/** The address in an `Address` word's low 160 bits (checksummed), and whether any higher bit is set. */
export function addressOfWord(word: bigint): { address: string; flags: bigint } {
  return { address: getAddress(padHex(numberToHex(word & ADDRESS_MASK), { size: 20 })), flags: word >> 160n };
}

/** The pool word's parts (the layout above); `unknown` holds every set bit the layout does not name. */
export interface UnoswapDex {
  readonly pool: string;
  /** 0 Uniswap V2, 1 Uniswap V3, 2 Curve (and what no source names). */
  readonly protocol: number;
  readonly zeroForOne: boolean;
  readonly unwrapWeth: boolean;
  readonly noWrap: boolean;
  readonly permit2: boolean;
  /** Uniswap V2's fee numerator (bits 160-191); 0 for its default. */
  readonly numerator: bigint;
  readonly unknown: bigint;
}

const bit = (n: number) => 1n << BigInt(n);
const NUMERATOR_MASK = ((1n << 32n) - 1n) << 160n;
const NAMED = (7n << 253n) | bit(252) | bit(251) | bit(250) | bit(247) | NUMERATOR_MASK | ADDRESS_MASK;

export function parseDex(word: bigint): UnoswapDex {
  return {
    pool: addressOfWord(word).address,
    protocol: Number(word >> 253n),
    zeroForOne: (word & bit(247)) !== 0n,
    unwrapWeth: (word & bit(252)) !== 0n,
    noWrap: (word & bit(251)) !== 0n,
    permit2: (word & bit(250)) !== 0n,
    numerator: (word & NUMERATOR_MASK) >> 160n,
    unknown: word & ~NAMED,
  };
}

export const UNISWAP_V2 = 0;
export const UNISWAP_V3 = 1;

/**
 * The factories whose pools the widget takes for genuine, by chain and protocol: a pool is
 * verified by asking its factory (`getPair(token0, token1)`, `getPool(token0, token1, fee)`), as
 * Uniswap's docs tell integrators to look a pool up. Uniswap V2 (Uniswap/docs @ 1c7597d7,
 * `content/protocols/v2/deployments.mdx`) and Uniswap V3 (Uniswap/v3-periphery `deploys.md`:
 * "Mainnet, Polygon, Optimism, Arbitrum"; Uniswap/docs `.../v3/deployments/base-deployments`).
 * A pool of another factory (a fork, Curve) is not verified here and its swap is refused.
 */
export const UNOSWAP_FACTORIES: Readonly<Record<string, readonly [v2: string, v3?: string]>> = {
  ETH: ['0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f', '0x1F98431c8aD98523631AE4a59f267346ea31F984'],
  ARB: ['0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9', '0x1F98431c8aD98523631AE4a59f267346ea31F984'],
  OP: ['0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf', '0x1F98431c8aD98523631AE4a59f267346ea31F984'],
  MATIC: ['0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C', '0x1F98431c8aD98523631AE4a59f267346ea31F984'],
  BASE: ['0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6', '0x33128a8fC17869897dcE68Ed026d694621f6FDfD'],
  BSC: ['0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6'],
  AVAX: ['0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C'],
};

/**
 * The wrapped coin a pool holds in place of the chain's own (what the unwrap flag turns back into
 * the coin), from the Uniswap default token list (Uniswap/default-token-list @ 90ecdd6b, as
 * `known-tokens.ts` cites it): WETH, WBNB, WAVAX, WMATIC.
 */
export const WRAPPED_NATIVE: Readonly<Record<string, string>> = {
  ETH: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  ARB: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  OP: '0x4200000000000000000000000000000000000006',
  BASE: '0x4200000000000000000000000000000000000006',
  BSC: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
  AVAX: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
  MATIC: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
};

/** Calls a pool is read with: `token0()`, `token1()`, `factory()`, `fee()` (V3), and its factory's lookups. */
export const POOL_CALLS = {
  token0: '0x0dfe1681',
  token1: '0xd21220a7',
  factory: '0xc45a0155',
  fee: '0xddca3f43',
  getPair: '0xe6a43905',
  getPool: '0x1698ee82',
} as const;
