/**
 * The providers the reference service simulates: which chains and assets each one serves.
 * Provider identifiers are the spec's enumeration.
 */
import { ATOMIC_PAIRS, POOL_DEPTH_USD, SETTLEMENT, type PoolProtocol } from './pools.js';
import type { ProviderInfo as ProviderInfoSchema } from '../../src/schemas/service.js';
import type * as z from 'zod/mini';
import { logoUri } from './logo.js';

/** The spec's provider enumeration, the service's own copy (not the widget's `src/domain/chains/providers.ts`). */
export const PROVIDER_IDS = [
  'PROTOCOL_A',
  'PROTOCOL_A_STREAMING',
  'PROTOCOL_B',
  'PROTOCOL_B_STREAMING',
  'PROTOCOL_C',
  'PROTOCOL_C_STREAMING',
  'AGGREGATOR_A',
  'AGGREGATOR_B',
  'PROTOCOL_D',
  'AGGREGATOR_B->PROTOCOL_B',
  'AGGREGATOR_A->PROTOCOL_B',
  'PROTOCOL_B->AGGREGATOR_A',
] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The single providers: the ones a pair-level error (unknown token, no path) is reported for. */
export const BASE_PROVIDERS: readonly ProviderId[] = [
  'PROTOCOL_A',
  'PROTOCOL_B',
  'PROTOCOL_C',
  'AGGREGATOR_A',
  'AGGREGATOR_B',
  'PROTOCOL_D',
];

export function isProviderId(s: string): s is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(s);
}

export const PROVIDER_CHAINS: Readonly<
  Record<'PROTOCOL_A' | 'PROTOCOL_B' | 'PROTOCOL_C' | 'AGGREGATOR_A' | 'AGGREGATOR_B' | 'PROTOCOL_D', readonly string[]>
> = {
  PROTOCOL_A: ['BTC', 'ETH', 'BSC', 'AVAX', 'BASE', 'LTC', 'BCH', 'DOGE', 'GAIA', 'THOR', 'XRP'],
  PROTOCOL_C: ['BTC', 'ETH', 'ARB', 'DASH', 'THOR', 'MAYA', 'KUJI', 'XRD', 'ZEC'],
  PROTOCOL_B: ['BTC', 'ETH', 'ARB', 'SOL', 'DOT'],
  AGGREGATOR_A: ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC'],
  AGGREGATOR_B: ['SOL'],
  PROTOCOL_D: ['BTC', 'LTC', 'DOGE', 'BCH'],
};

/** Chain whose blocks a protocol's swaps run on (streaming intervals count them; halting it halts the protocol). */
export const PROTOCOL_CHAIN: Readonly<Record<PoolProtocol, string>> = {
  PROTOCOL_A: 'THOR',
  PROTOCOL_B: 'FLIP',
  PROTOCOL_C: 'MAYA',
};

/** Chains where a multi-leg route swaps on an aggregator before or after protocol B. */
export const MULTI_LEG_EVM_CHAINS = ['ETH', 'ARB'] as const;
/** Intermediate asset (pool key) of a multi-leg route on each chain. */
export const MULTI_LEG_MID: Readonly<Record<string, string>> = { ETH: 'ETH.USDC', ARB: 'ARB.USDC', SOL: 'SOL.USDC' };

/** Whether a pool key is pooled (or settles) on a protocol. */
export function pooled(protocol: PoolProtocol, poolKey: string): boolean {
  return poolKey === SETTLEMENT[protocol] || POOL_DEPTH_USD[protocol][poolKey] !== undefined;
}

export interface TokenLike {
  readonly chain: string;
  readonly poolKey: string;
  readonly native: boolean;
}

/** Provider identifiers that serve a token (as sell or buy asset of some route). */
export function providersOfToken(t: TokenLike): ProviderId[] {
  const out: ProviderId[] = [];
  const b = pooled('PROTOCOL_B', t.poolKey);
  if (pooled('PROTOCOL_A', t.poolKey)) out.push('PROTOCOL_A', 'PROTOCOL_A_STREAMING');
  if (b) out.push('PROTOCOL_B', 'PROTOCOL_B_STREAMING');
  if (pooled('PROTOCOL_C', t.poolKey)) out.push('PROTOCOL_C', 'PROTOCOL_C_STREAMING');
  if (PROVIDER_CHAINS.AGGREGATOR_A.includes(t.chain)) out.push('AGGREGATOR_A');
  if (PROVIDER_CHAINS.AGGREGATOR_B.includes(t.chain)) out.push('AGGREGATOR_B');
  if (ATOMIC_PAIRS.some(([x, y]) => x === t.poolKey || y === t.poolKey)) out.push('PROTOCOL_D');
  if (b || (t.chain === 'SOL' && !t.native)) out.push('AGGREGATOR_B->PROTOCOL_B');
  if (b || ((MULTI_LEG_EVM_CHAINS as readonly string[]).includes(t.chain) && !t.native)) {
    out.push('AGGREGATOR_A->PROTOCOL_B', 'PROTOCOL_B->AGGREGATOR_A');
  }
  return out;
}

const INFO: Record<
  ProviderId,
  {
    name: string;
    slug: string;
    color: string;
    keywords: string[];
    actions: string[];
    legs: ProviderId[];
    chains: readonly string[];
    dex: boolean;
  }
> = {
  PROTOCOL_A: {
    name: 'Protocol A',
    slug: 'protocol-a',
    color: '#23DCC8',
    keywords: ['cross-chain', 'native', 'memo'],
    actions: ['swap'],
    legs: ['PROTOCOL_A'],
    chains: PROVIDER_CHAINS.PROTOCOL_A,
    dex: false,
  },
  PROTOCOL_A_STREAMING: {
    name: 'Protocol A (streaming)',
    slug: 'protocol-a',
    color: '#23DCC8',
    keywords: ['cross-chain', 'native', 'memo', 'streaming'],
    actions: ['swap'],
    legs: ['PROTOCOL_A_STREAMING'],
    chains: PROVIDER_CHAINS.PROTOCOL_A,
    dex: false,
  },
  PROTOCOL_B: {
    name: 'Protocol B',
    slug: 'protocol-b',
    color: '#FF33AF',
    keywords: ['cross-chain', 'deposit-channel', 'broker'],
    actions: ['swap', 'deposit-channel'],
    legs: ['PROTOCOL_B'],
    chains: PROVIDER_CHAINS.PROTOCOL_B,
    dex: false,
  },
  PROTOCOL_B_STREAMING: {
    name: 'Protocol B (streaming)',
    slug: 'protocol-b',
    color: '#FF33AF',
    keywords: ['cross-chain', 'deposit-channel', 'broker', 'streaming'],
    actions: ['swap', 'deposit-channel'],
    legs: ['PROTOCOL_B_STREAMING'],
    chains: PROVIDER_CHAINS.PROTOCOL_B,
    dex: false,
  },
  PROTOCOL_C: {
    name: 'Protocol C',
    slug: 'protocol-c',
    color: '#3E7BFF',
    keywords: ['cross-chain', 'native', 'memo'],
    actions: ['swap'],
    legs: ['PROTOCOL_C'],
    chains: PROVIDER_CHAINS.PROTOCOL_C,
    dex: false,
  },
  PROTOCOL_C_STREAMING: {
    name: 'Protocol C (streaming)',
    slug: 'protocol-c',
    color: '#3E7BFF',
    keywords: ['cross-chain', 'native', 'memo', 'streaming'],
    actions: ['swap'],
    legs: ['PROTOCOL_C_STREAMING'],
    chains: PROVIDER_CHAINS.PROTOCOL_C,
    dex: false,
  },
  AGGREGATOR_A: {
    name: 'Aggregator A',
    slug: 'aggregator-a',
    color: '#1B314F',
    keywords: ['dex', 'evm', 'same-chain'],
    actions: ['swap'],
    legs: ['AGGREGATOR_A'],
    chains: PROVIDER_CHAINS.AGGREGATOR_A,
    dex: true,
  },
  AGGREGATOR_B: {
    name: 'Aggregator B',
    slug: 'aggregator-b',
    color: '#C7F284',
    keywords: ['dex', 'solana', 'same-chain'],
    actions: ['swap'],
    legs: ['AGGREGATOR_B'],
    chains: PROVIDER_CHAINS.AGGREGATOR_B,
    dex: true,
  },
  PROTOCOL_D: {
    name: 'Protocol D',
    slug: 'protocol-d',
    color: '#F2A900',
    keywords: ['atomic-swap', 'htlc', 'utxo'],
    actions: ['swap'],
    legs: ['PROTOCOL_D'],
    chains: PROVIDER_CHAINS.PROTOCOL_D,
    dex: false,
  },
  'AGGREGATOR_B->PROTOCOL_B': {
    name: 'Aggregator B + Protocol B',
    slug: 'aggregator-b-protocol-b',
    color: '#9B59B6',
    keywords: ['multi-leg', 'dex', 'cross-chain'],
    actions: ['swap'],
    legs: ['AGGREGATOR_B', 'PROTOCOL_B'],
    chains: ['SOL', 'BTC', 'ETH', 'ARB', 'DOT'],
    dex: false,
  },
  'AGGREGATOR_A->PROTOCOL_B': {
    name: 'Aggregator A + Protocol B',
    slug: 'aggregator-a-protocol-b',
    color: '#8E44AD',
    keywords: ['multi-leg', 'dex', 'cross-chain'],
    actions: ['swap'],
    legs: ['AGGREGATOR_A', 'PROTOCOL_B'],
    chains: ['ETH', 'ARB', 'BTC', 'SOL', 'DOT'],
    dex: false,
  },
  'PROTOCOL_B->AGGREGATOR_A': {
    name: 'Protocol B + Aggregator A',
    slug: 'protocol-b-aggregator-a',
    color: '#6C3483',
    keywords: ['multi-leg', 'dex', 'cross-chain'],
    actions: ['swap'],
    legs: ['PROTOCOL_B', 'AGGREGATOR_A'],
    chains: ['BTC', 'SOL', 'DOT', 'ETH', 'ARB'],
    dex: false,
  },
};

/** The component providers of an identifier, in order (`A->B` -> [A, B]). */
export function legProviders(id: ProviderId): readonly ProviderId[] {
  return INFO[id].legs;
}

/** The `GET /v1/providers` list; `tokenCount` gives `count`. */
export function providerList(tokenCount: (id: ProviderId) => number): z.input<typeof ProviderInfoSchema>[] {
  return PROVIDER_IDS.map((id) => {
    const i = INFO[id];
    return {
      name: i.name,
      provider: id,
      url: `https://${i.slug}.example`,
      supportedActions: i.actions,
      supportedChainIds: [...i.chains],
      logoURI: logoUri(i.name.replace(/[^A-Z]/g, '').slice(0, 3) || 'P', i.color),
      count: tokenCount(id),
      keywords: i.keywords,
      providers: [...i.legs],
      isDexAgg: i.dex,
    };
  });
}
