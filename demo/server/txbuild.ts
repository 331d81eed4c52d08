/**
 * Transaction objects of routes, in the spec's three forms: EVM (`to, from, value, data`),
 * Cosmos-style messages, and an opaque base64 string (a serialised Solana transaction).
 */
import { base58 } from '@scure/base';
import { encodeAbiParameters, encodeFunctionData, isAddress, parseAbi } from 'viem';
import type * as z from 'zod/mini';
import type { EvmTx, MsgTx } from '../../src/api/schemas.js';
import { chainInfo } from '../../src/domain/chains.js';
import { seedBytes } from './addresses.js';

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
export const ROUTER_ABI = parseAbi(['function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiration) payable']);

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

const COSMOS_DENOMS: Readonly<Record<string, string>> = { GAIA: 'uatom', KUJI: 'ukuji' };

/** A Cosmos-style transaction: a deposit message on protocol chains, a send with memo elsewhere. */
export function cosmosTx(p: { chain: string; asset: string; from: string; vault: string; amount: bigint; memo: string }): MsgTxJson | undefined {
  if (p.chain === 'THOR' || p.chain === 'MAYA') {
    const prefix = p.chain === 'THOR' ? 'thorchain' : 'mayachain';
    return {
      msgs: [{ type: `${prefix}/MsgDeposit`, value: { coins: [{ asset: p.asset, amount: p.amount.toString() }], memo: p.memo, signer: p.from } }],
      fee: { amount: [], gas: p.chain === 'THOR' ? '500000000' : '5000000000' },
      memo: p.memo,
    };
  }
  const denom = COSMOS_DENOMS[p.chain];
  if (!denom) return undefined;
  return {
    msgs: [{ type: 'cosmos-sdk/MsgSend', value: { from_address: p.from, to_address: p.vault, amount: [{ denom, amount: p.amount.toString() }] } }],
    fee: { amount: [{ denom, amount: '5000' }], gas: '200000' },
    memo: p.memo,
  };
}

function u64le(v: bigint): number[] {
  const out: number[] = [];
  let x = BigInt.asUintN(64, v);
  for (let i = 0; i < 8; i++) {
    out.push(Number(x & 0xffn));
    x >>= 8n;
  }
  return out;
}

function pubkey(address: string, seed: string): Uint8Array {
  try {
    const b = base58.decode(address);
    if (b.length === 32) return b;
  } catch {
    // not base58: fall through
  }
  return seedBytes(seed);
}

/**
 * A serialised, unsigned Solana (legacy) transaction as base64: one empty signature, a
 * message with the payer, the program and the token accounts, and an instruction whose data
 * carries amount in and minimum out.
 */
export function solanaSwapTx(p: { from: string; program: string; mintIn: string; mintOut: string; amountIn: bigint; minAmountOut: bigint; seed: string }): string {
  const keys = [pubkey(p.from, `${p.seed}:payer`), pubkey(p.mintIn, `${p.seed}:in`), pubkey(p.mintOut, `${p.seed}:out`), pubkey(p.program, `${p.seed}:program`)];
  const blockhash = seedBytes(`${p.seed}:blockhash`);
  const data = [0xe5, 0x17, 0xcb, 0x97, 0x7a, 0xe3, 0xad, 0x2a, ...u64le(p.amountIn), ...u64le(p.minAmountOut)];
  const bytes = [
    1,
    ...new Array<number>(64).fill(0),
    1, 0, 2, // header: 1 signer, 0 read-only signed, 2 read-only unsigned
    keys.length,
    ...keys.flatMap((k) => [...k]),
    ...blockhash,
    1, // one instruction
    3, // program index
    3, 0, 1, 2, // accounts
    data.length,
    ...data,
  ];
  return Buffer.from(Uint8Array.from(bytes)).toString('base64');
}
