/**
 * Hand-written data for the component suites: a few tokens, prices, routes and tracked
 * swaps, in the shapes the components receive from the root (no service, no network).
 */
import * as z from 'zod/mini';
import { Route as RouteSchema, type PoolRates, type Route, type Token } from '../../../src/schemas/service.js';
import type { SwapRecord } from '../../../src/domain/tracking/swap-store.js';
import type { TrackStatus } from '../../../src/domain/tracking/status.js';

export const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

export const TOKENS: Token[] = [
  {
    asset: 'BTC.BTC',
    chain: 'BTC',
    symbol: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    providers: ['PROTOCOL_A', 'PROTOCOL_B'],
  },
  {
    asset: 'ETH.ETH',
    chain: 'ETH',
    symbol: 'ETH',
    name: 'Ether',
    decimals: 18,
    providers: ['PROTOCOL_A', 'AGGREGATOR_A'],
  },
  { asset: USDC, chain: 'ETH', symbol: 'USDC', name: 'USD Coin', decimals: 6, providers: ['AGGREGATOR_A'] },
  { asset: 'SOL.SOL', chain: 'SOL', symbol: 'SOL', name: 'Solana', decimals: 9, providers: ['PROTOCOL_B'] },
];

export const PRICES: PoolRates = {
  rates: [
    { asset: 'BTC.BTC', priceInUsd: '60000' },
    { asset: 'ETH.ETH', priceInUsd: '2500' },
    { asset: USDC, priceInUsd: '1' },
  ],
};

/** A route as the service answers it, completed by the client's schema (defaults for lists and meta). */
export function route(over: Record<string, unknown> = {}): Route {
  return z.parse(RouteSchema, {
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.1',
    expectedBuyAmount: '2.4',
    expectedBuyAmountMaxSlippage: '2.376',
    destinationAddress: ETH_ADDRESS,
    fees: [
      { type: 'NETWORK', asset: 'BTC.BTC', amount: '0.00001' },
      { type: 'LIQUIDITY', asset: 'ETH.ETH', amount: '0.002' },
      { type: 'AFFILIATE', asset: 'ETH.ETH', amount: '0.0072' },
    ],
    estimatedTime: 600,
    meta: { assets: [], tags: [], priceImpact: 0.4 },
    ...over,
  });
}

/** A tracked BTC -> ETH swap; `status` as the tracker has it after an answer (none before the first). */
export function swap(status?: Partial<TrackStatus>): SwapRecord {
  const hash = 'ab'.repeat(32);
  return {
    id: `${hash}@BTC`,
    quoteId: 'q-1',
    routeIndex: 0,
    hash,
    chainId: 'BTC',
    route: route(),
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now(),
    final: status?.final ?? false,
    ...(status
      ? { status: { status: 'swapping', final: false, stage: 'swapping', outcome: 'pending', legs: [], ...status } }
      : {}),
  };
}

/** What a user reads: text without the bidi isolates machine text is wrapped in, spaces collapsed. */
export function text(node: Node | null | undefined): string {
  return (node?.textContent ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
