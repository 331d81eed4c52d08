/**
 * EVM transaction data the widget builds or inspects: exact ERC-20 approvals, and the public
 * ABIs the checks decode (the protocol router's deposit, 1inch v6's swap). Which contract may
 * be called with which of them is `contracts.ts`'s table. Plain TypeScript on viem's helpers.
 */
import {
  concatHex,
  decodeAbiParameters,
  getAddress,
  isAddress,
  maxUint256,
  numberToHex,
  padHex,
  stringToHex,
  type Hex,
} from 'viem';

/** The address aggregators write for a chain's native coin. */
export const NATIVE_TOKEN_PLACEHOLDER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/** The router's `asset` for a chain's gas asset. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The protocol routers' deposit (protocol A's router 4.1 and its fork's): `0x44bc937b`. */
export const ROUTER_ABI = [
  {
    type: 'function',
    name: 'depositWithExpiry',
    stateMutability: 'payable',
    inputs: [
      { name: 'vault', type: 'address' },
      { name: 'asset', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'memo', type: 'string' },
      { name: 'expiration', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
export const ROUTER_DEPOSIT_SELECTOR = '0x44bc937b';

/** 1inch Aggregation Router v6 `swap(executor, desc, data)`: `0x07ed2379`. */
export const ONEINCH_V6_ABI = [
  {
    type: 'function',
    name: 'swap',
    stateMutability: 'payable',
    inputs: [
      { name: 'executor', type: 'address' },
      {
        name: 'desc',
        type: 'tuple',
        components: [
          { name: 'srcToken', type: 'address' },
          { name: 'dstToken', type: 'address' },
          { name: 'srcReceiver', type: 'address' },
          { name: 'dstReceiver', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'minReturnAmount', type: 'uint256' },
          { name: 'flags', type: 'uint256' },
        ],
      },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [
      { name: 'returnAmount', type: 'uint256' },
      { name: 'spentAmount', type: 'uint256' },
    ],
  },
] as const;
export const ONEINCH_SWAP_SELECTOR = '0x07ed2379';
/** The swap flags 1inch v6 defines: partial fill, extra ETH, pull through Permit2. */
export const ONEINCH_KNOWN_FLAGS = 0b111n;

export interface RouterDeposit {
  vault: string;
  asset: string;
  amount: bigint;
  memo: string;
  expiration: bigint;
}

export interface OneInchSwap {
  executor: string;
  srcToken: string;
  dstToken: string;
  srcReceiver: string;
  dstReceiver: string;
  amount: bigint;
  minReturnAmount: bigint;
  flags: bigint;
  data: Hex;
}

/**
 * Decodes a router deposit with viem's ABI decoder (its `decodeAbiParameters`, on the
 * arguments after the selector checked here: `decodeFunctionData` would also format every
 * ABI item to find the selector, which costs bytes for nothing); undefined when the
 * calldata is not one or does not decode.
 */
export function decodeRouterDeposit(data: string): RouterDeposit | undefined {
  if (selector(data) !== ROUTER_DEPOSIT_SELECTOR) return undefined;
  try {
    const [vault, asset, amount, memo, expiration] = decodeAbiParameters(ROUTER_ABI[0].inputs, `0x${data.slice(10)}`);
    return { vault, asset, amount, memo, expiration };
  } catch {
    return undefined;
  }
}

/**
 * The calldata of a router deposit, written from its parts in the ABI's one canonical form
 * (head words, the memo's offset, its length and its UTF-8 bytes padded to a word). Written
 * with viem's hex helpers rather than its ABI encoder (several kB); a test holds it equal
 * to `encodeFunctionData` for any arguments.
 */
export function encodeRouterDeposit(d: RouterDeposit): Hex {
  return concatHex([
    ROUTER_DEPOSIT_SELECTOR,
    addressWord(d.vault),
    addressWord(d.asset),
    uintWord(d.amount),
    uintWord(5n * 32n),
    uintWord(d.expiration),
    ...bytesWords(stringToHex(d.memo)),
  ]);
}

/** Decodes a 1inch v6 `swap`; undefined when the calldata is not one (or does not decode). */
export function decodeOneInchSwap(data: string): OneInchSwap | undefined {
  if (selector(data) !== ONEINCH_SWAP_SELECTOR) return undefined;
  try {
    const [executor, desc, inner] = decodeAbiParameters(ONEINCH_V6_ABI[0].inputs, `0x${data.slice(10)}`);
    return { executor, ...desc, data: inner };
  } catch {
    return undefined;
  }
}

/** The calldata of a 1inch v6 `swap`, written from its parts in the canonical form (see `encodeRouterDeposit`). */
export function encodeOneInchSwap(x: OneInchSwap): Hex {
  return concatHex([
    ONEINCH_SWAP_SELECTOR,
    addressWord(x.executor),
    addressWord(x.srcToken),
    addressWord(x.dstToken),
    addressWord(x.srcReceiver),
    addressWord(x.dstReceiver),
    uintWord(x.amount),
    uintWord(x.minReturnAmount),
    uintWord(x.flags),
    uintWord(9n * 32n),
    ...bytesWords(x.data),
  ]);
}

/** Whether two EVM addresses are the same (any case). */
export function sameEvmAddress(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/**
 * Tokens whose `approve` reverts when changing one non-zero allowance to another (USDT on
 * Ethereum and its kin): the widget resets them to zero first. Keyed `CHAIN:lower-case address`.
 */
export const RESET_APPROVAL_TOKENS: ReadonlySet<string> = new Set([
  'ETH:0xdac17f958d2ee523a2206206994597c13d831ec7', // USDT
  'ETH:0x0d8775f648430679a709e98d2b0cb6250d2887ef', // BAT
  'ETH:0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9', // AAVE (v1 proxy behaviour)
  'ETH:0x514910771af9ca656af840dff83e8264ecf986ca', // LINK (older wallets' advice)
]);

export function needsApprovalReset(chain: string, token: string): boolean {
  return RESET_APPROVAL_TOKENS.has(`${chain.toUpperCase()}:${token.toLowerCase()}`);
}

/**
 * The allowances to set, in order, before a swap spends `amount` of a token: none when the
 * known `allowance` covers it; else the exact amount, after a reset to zero wherever a
 * non-zero allowance may stand that the token could refuse to change (USDT and its kin):
 * - read from the chain (the page's wallet): any leftover allowance, of any token: the
 *   widget's table (`resetFirst`, `needsApprovalReset`) cannot know every such token;
 * - not readable (`allowance` undefined: a host that signs): the tokens of the table only,
 *   as the review says (`reset`); a reset for every token would cost each sell a transaction.
 * The one rule of the host's hand-outs and of the page wallet's approvals.
 */
export function approvalSteps(
  approval: { readonly amount: bigint; readonly resetFirst: boolean },
  allowance?: bigint,
): bigint[] {
  if (allowance !== undefined && allowance >= approval.amount) return [];
  const reset = allowance === undefined ? approval.resetFirst : allowance > 0n;
  return reset ? [0n, approval.amount] : [approval.amount];
}

/** Selectors of `approve(address,uint256)`, `allowance(address,address)` and `decimals()`. */
const APPROVE = '0x095ea7b3';
const ALLOWANCE = '0xdd62ed3e';
export const DECIMALS_DATA = '0x313ce567';

/**
 * The two calls are static ABI words, so they are written with viem's hex helpers rather
 * than its ABI encoder (which costs 3.6 kB gzip for these two calls).
 */
const word = (hex: Hex) => padHex(hex, { size: 32 });
export const addressWord = (address: string) => word(getAddress(address).toLowerCase() as Hex);
export const uintWord = (value: bigint) => word(numberToHex(value));
/** Dynamic `bytes`/`string` tail: the length word, then the bytes padded right to whole words. */
export function bytesWords(hex: Hex): Hex[] {
  const length = (hex.length - 2) / 2;
  const padded = Math.ceil(length / 32) * 32;
  return [uintWord(BigInt(length)), ...(padded ? [padHex(hex, { size: padded, dir: 'right' })] : [])];
}

/** `approve(spender, amount)` calldata: the amount is exact, never "unlimited". */
export function approveData(spender: string, amount: bigint): Hex {
  if (amount < 0n || amount >= maxUint256) throw new RangeError('an approval must be for an exact amount');
  return concatHex([APPROVE, addressWord(spender), word(numberToHex(amount))]);
}

export function allowanceData(owner: string, spender: string): Hex {
  return concatHex([ALLOWANCE, addressWord(owner), addressWord(spender)]);
}

/** `balanceOf(owner)` calldata (`0x70a08231`). */
export const balanceOfData = (owner: string): Hex => concatHex(['0x70a08231', addressWord(owner)]);

/** The 4-byte selector of calldata, lower case, or '' for none. */
export function selector(data: string): string {
  return /^0x[0-9a-fA-F]{8}/.test(data) ? data.slice(0, 10).toLowerCase() : '';
}

/** An EVM quantity written as decimal digits or `0x` hex; undefined when it is neither. */
export function parseQuantity(value: string | number | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  if (/^\d+$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s)) return BigInt(s);
  return undefined;
}

export function isEvmAddress(value: string): boolean {
  return isAddress(value, { strict: false });
}
