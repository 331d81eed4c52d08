/**
 * Transaction objects of routes, in the spec's three forms: EVM (`to, from, value, data`),
 * Cosmos-style messages, and an opaque base64 string (a serialised Solana transaction, built
 * in solana-tx.ts).
 */
import { encodeAbiParameters, encodeFunctionData, isAddress, parseAbi } from 'viem';
import type * as z from 'zod/mini';
import type { EvmTx, MsgTx } from '../../src/schemas/service.js';
import { chainInfo } from './chains.js';

export type EvmTxJson = z.input<typeof EvmTx>;
export type MsgTxJson = z.input<typeof MsgTx>;

/** Token address an aggregator uses for a chain's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/**
 * Aggregator A speaks 1inch's Aggregation Router v6 ABI: `swap(executor, desc, data)`, the
 * executor doing the pool calls described by `data` and the router paying at least
 * `desc.minReturnAmount` of `desc.dstToken` to `desc.dstReceiver`. Written here from the
 * router's published ABI (the service's own copy, not the widget's).
 */
export const AGGREGATOR_ABI = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
]);
export const ROUTER_ABI = parseAbi([
  'function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiration) payable',
]);

export function isEvmAddress(s: string | undefined): s is `0x${string}` {
  return !!s && isAddress(s, { strict: false });
}

function chainId(chain: string): number {
  return chainInfo(chain)?.evmChainId ?? 1;
}

export function aggregatorSwapTx(p: {
  chain: string;
  router: `0x${string}`;
  /** The contract that does the pool calls (and receives the tokens sold). */
  executor: `0x${string}`;
  from: `0x${string}`;
  tokenIn?: `0x${string}`;
  tokenOut?: `0x${string}`;
  amountIn: bigint;
  minAmountOut: bigint;
  recipient: `0x${string}`;
  deadline: number;
}): EvmTxJson {
  // The executor's instructions: opaque to everyone but the executor; here the deadline it checks.
  const steps = encodeAbiParameters([{ type: 'uint256' }], [BigInt(p.deadline)]);
  const data = encodeFunctionData({
    abi: AGGREGATOR_ABI,
    functionName: 'swap',
    args: [
      p.executor,
      {
        srcToken: p.tokenIn ?? NATIVE_TOKEN_ADDRESS,
        dstToken: p.tokenOut ?? NATIVE_TOKEN_ADDRESS,
        srcReceiver: p.executor,
        dstReceiver: p.recipient,
        amount: p.amountIn,
        minReturnAmount: p.minAmountOut,
        flags: 0n,
      },
      steps,
    ],
  });
  return {
    to: p.router,
    from: p.from,
    value: p.tokenIn ? '0' : p.amountIn.toString(),
    data,
    chain_id: chainId(p.chain),
    gas_limit: p.tokenIn ? '320000' : '260000',
  };
}

export function routerDepositTx(p: {
  chain: string;
  router: `0x${string}`;
  vault: `0x${string}`;
  from: `0x${string}`;
  token?: `0x${string}`;
  amount: bigint;
  memo: string;
  expiration: number;
}): EvmTxJson {
  const data = encodeFunctionData({
    abi: ROUTER_ABI,
    functionName: 'depositWithExpiry',
    args: [p.vault, p.token ?? '0x0000000000000000000000000000000000000000', p.amount, p.memo, BigInt(p.expiration)],
  });
  return {
    to: p.router,
    from: p.from,
    value: p.token ? '0' : p.amount.toString(),
    data,
    chain_id: chainId(p.chain),
    gas_limit: p.token ? '150000' : '120000',
  };
}

/** Native coin of each Cosmos-style chain: the asset a deposit names, the bank denomination a send moves. */
const COSMOS_COINS: Readonly<Record<string, { asset: string; denom: string }>> = {
  THOR: { asset: 'THOR.RUNE', denom: 'rune' },
  MAYA: { asset: 'MAYA.CACAO', denom: 'cacao' },
  GAIA: { asset: 'GAIA.ATOM', denom: 'uatom' },
  KUJI: { asset: 'KUJI.KUJI', denom: 'ukuji' },
};

/**
 * A Cosmos-style transaction (amino JSON), one message:
 * - no `vault`: a deposit on the protocol's own chain (`thorchain/MsgDeposit` for RUNE,
 *   `mayachain/MsgDeposit` for CACAO): the coin and the memo, no recipient, `fee.amount` empty
 *   (the chain takes its native fee itself);
 * - a `vault`: a send of the native coin to it with the memo at the top (`cosmos-sdk/MsgSend`
 *   on GAIA and KUJI with a fee in the native denomination; `thorchain/MsgSend` for RUNE sent
 *   to Maya's vault on THORChain, native fee again).
 * `amount` is in the chain's base units (RUNE 1e8, CACAO 1e10, ATOM and KUJI 1e6).
 */
export function cosmosTx(p: {
  chain: string;
  from: string;
  vault?: string;
  amount: bigint;
  memo: string;
}): MsgTxJson | undefined {
  const coin = COSMOS_COINS[p.chain];
  if (!coin) return undefined;
  if (p.vault === undefined) {
    if (p.chain !== 'THOR' && p.chain !== 'MAYA') return undefined;
    const module = p.chain === 'THOR' ? 'thorchain' : 'mayachain';
    return {
      msgs: [
        {
          type: `${module}/MsgDeposit`,
          value: { coins: [{ asset: coin.asset, amount: p.amount.toString() }], memo: p.memo, signer: p.from },
        },
      ],
      fee: { amount: [], gas: '500000000' },
      memo: p.memo,
    };
  }
  if (p.chain === 'MAYA') return undefined;
  const native = p.chain === 'THOR';
  return {
    msgs: [
      {
        type: native ? 'thorchain/MsgSend' : 'cosmos-sdk/MsgSend',
        value: {
          from_address: p.from,
          to_address: p.vault,
          amount: [{ denom: coin.denom, amount: p.amount.toString() }],
        },
      },
    ],
    fee: native ? { amount: [], gas: '4000000' } : { amount: [{ denom: coin.denom, amount: '5000' }], gas: '200000' },
    memo: p.memo,
  };
}

export { solanaSwapTx, isSolanaAddress } from './solana-tx.js';
