/**
 * Aggregator A's one-pool routes as 1inch answers them when a scope asks for it (`unoswap`,
 * control.ts): a call of the router v6's `unoswap` family through one Uniswap V2 pool of the
 * pair, and the pool as the stand-in chain node (`rpc.ts`) answers for it. The service's own copy
 * (not the widget's), written from 1inch's published ABI (1inch/1inch-sdk-go
 * `constants/abi/aggregationRouterV6.abi.json`) and the pool word of the router's verified
 * source: the pool's address in the low 160 bits, the protocol in bits 253-255 (0: Uniswap V2),
 * "unwrap WETH to the recipient" in bit 252, the direction (token0 in, token1 out) in bit 247.
 *
 * The pools are the service's: an address derived from the pair, whose `token0()`/`token1()`
 * are the pair sorted by address (as Uniswap V2 sorts them), whose `factory()` is Uniswap V2's
 * factory on the chain (Uniswap/docs `content/protocols/v2/deployments.mdx`), and which that
 * factory's `getPair` lists (the stand-in node answers both).
 */
import { encodeFunctionData, parseAbi } from 'viem';
import { evmAddress } from './addresses.js';
import type { EvmTxJson } from './txbuild.js';

export const UNOSWAP_ABI = parseAbi([
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function ethUnoswap(uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex) payable returns (uint256)',
]);

/** Uniswap V2's factory by chain (the service's copy of Uniswap's deployment table). */
export const UNISWAP_V2_FACTORY: Readonly<Record<string, `0x${string}`>> = {
  ETH: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
  ARB: '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9',
  OP: '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf',
  MATIC: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
  BASE: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
  BSC: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
  AVAX: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
};

/** The wrapped coin a pool holds for the chain's own (WETH, WBNB, WAVAX, WMATIC: the service's copy). */
export const WRAPPED_COIN: Readonly<Record<string, `0x${string}`>> = {
  ETH: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  ARB: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  OP: '0x4200000000000000000000000000000000000006',
  BASE: '0x4200000000000000000000000000000000000006',
  BSC: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
  AVAX: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
  MATIC: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
};

/** The pair's two tokens as a Uniswap V2 pool orders them (lower address first). */
export function sortPair(a: string, b: string): [`0x${string}`, `0x${string}`] {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()] as [`0x${string}`, `0x${string}`];
  return x < y ? [x, y] : [y, x];
}

/** The service's pool of a pair on a chain. */
export function pairPool(chain: string, a: string, b: string): `0x${string}` {
  const [token0, token1] = sortPair(a, b);
  return evmAddress(`AGGREGATOR_A:pool:${chain}:${token0}:${token1}`);
}

const V2_DEX = (pool: string, zeroForOne: boolean, unwrap: boolean): bigint =>
  (unwrap ? 1n << 252n : 0n) | (zeroForOne ? 1n << 247n : 0n) | BigInt(pool);

/**
 * A one-pool swap of `amountIn` of `tokenIn` (none: the chain's coin, sent as the value) for at
 * least `minReturn` of `tokenOut` (none: the coin, unwrapped from the wrapped coin), paid to the
 * sender (`unoswap`, `ethUnoswap`) or to `recipient` when it is another address (`*To`).
 */
export function unoswapTx(p: {
  chain: string;
  chainId: number;
  router: `0x${string}`;
  from: `0x${string}`;
  recipient: `0x${string}`;
  tokenIn?: `0x${string}`;
  tokenOut?: `0x${string}`;
  amountIn: bigint;
  minReturn: bigint;
}): EvmTxJson {
  const wrapped = WRAPPED_COIN[p.chain]!;
  const tokenIn = p.tokenIn ?? wrapped;
  const tokenOut = p.tokenOut ?? wrapped;
  const pool = pairPool(p.chain, tokenIn, tokenOut);
  const [token0] = sortPair(tokenIn, tokenOut);
  const dex = V2_DEX(pool, token0 === tokenIn.toLowerCase(), !p.tokenOut);
  const to = p.recipient.toLowerCase() === p.from.toLowerCase() ? undefined : BigInt(p.recipient);
  const data = p.tokenIn
    ? to === undefined
      ? encodeFunctionData({
          abi: UNOSWAP_ABI,
          functionName: 'unoswap',
          args: [BigInt(p.tokenIn), p.amountIn, p.minReturn, dex],
        })
      : encodeFunctionData({
          abi: UNOSWAP_ABI,
          functionName: 'unoswapTo',
          args: [to, BigInt(p.tokenIn), p.amountIn, p.minReturn, dex],
        })
    : to === undefined
      ? encodeFunctionData({ abi: UNOSWAP_ABI, functionName: 'ethUnoswap', args: [p.minReturn, dex] })
      : encodeFunctionData({ abi: UNOSWAP_ABI, functionName: 'ethUnoswapTo', args: [to, p.minReturn, dex] });
  return {
    to: p.router,
    from: p.from,
    value: p.tokenIn ? '0' : p.amountIn.toString(),
    data,
    chain_id: p.chainId,
    gas_limit: p.tokenIn ? '160000' : '130000',
  };
}

/** Selectors the stand-in node answers for the service's pools and Uniswap V2's factory. */
const TOKEN0 = '0x0dfe1681';
const TOKEN1 = '0xd21220a7';
const FACTORY = '0xc45a0155';
const GET_PAIR = '0xe6a43905';

/**
 * The stand-in node's answer to a call of one of the service's pools (`token0()`, `token1()`,
 * `factory()`) or of the chain's Uniswap V2 factory (`getPair(a, b)`), as a 32-byte word; the
 * pools are those of every pair of `contracts` (the chain's listed tokens and its wrapped coin).
 * Undefined for any other call.
 */
export function answerPoolCall(
  chain: string,
  to: string,
  data: string,
  contracts: readonly string[],
): string | undefined {
  const factory = UNISWAP_V2_FACTORY[chain];
  const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
  if (factory && to.toLowerCase() === factory.toLowerCase() && data.startsWith(GET_PAIR) && data.length === 138) {
    return word(pairPool(chain, `0x${data.slice(34, 74)}`, `0x${data.slice(98, 138)}`));
  }
  if (!factory || ![TOKEN0, TOKEN1, FACTORY].includes(data)) return undefined;
  const all = [...new Set([...contracts, WRAPPED_COIN[chain] ?? ''].filter(Boolean).map((c) => c.toLowerCase()))];
  for (const [i, a] of all.entries()) {
    for (const b of all.slice(i + 1)) {
      if (pairPool(chain, a, b).toLowerCase() !== to.toLowerCase()) continue;
      const [token0, token1] = sortPair(a, b);
      return word(data === TOKEN0 ? token0 : data === TOKEN1 ? token1 : factory);
    }
  }
  return undefined;
}
