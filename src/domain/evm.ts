/**
 * EVM transaction data the widget builds or inspects: exact ERC-20 approvals, the
 * selectors a swap transaction must never be, and the public ABIs the checks decode (the
 * protocol router's deposit, 1inch v6's swap). Plain TypeScript on viem's helpers.
 */
import { concatHex, decodeFunctionData, encodeFunctionData, getAddress, isAddress, maxUint256, numberToHex, padHex, type Hex } from 'viem';

/**
 * The ERC-20 functions the widget uses, as a JSON ABI: the reference for tests, which
 * decode the widget's calldata with viem's full decoder.
 */
export const ERC20_ABI = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/** Permit2: the same address on every chain. A swap never goes to it. */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/** 1inch Aggregation Router v6: the same address on every chain but zkSync. */
export const ONEINCH_V6_ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65';

/** The address aggregators write for a chain's native coin. */
export const NATIVE_TOKEN_PLACEHOLDER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/** The router's `asset` for a chain's gas asset. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Calls that approve, permit or move tokens by themselves (ERC-20 and its extensions,
 * ERC-677, ERC-777, ERC-721, ERC-1155, ERC-1363, EIP-2612 and DAI-style permits, Permit2,
 * the protocol router's deposit without expiry, 1inch's permit-and-call): a swap transaction
 * is never one of them. Selector -> signature; a test recomputes every selector.
 */
export const FORBIDDEN_SELECTORS: Readonly<Record<string, string>> = {
  '0x095ea7b3': 'approve(address,uint256)',
  '0xa9059cbb': 'transfer(address,uint256)',
  '0x23b872dd': 'transferFrom(address,address,uint256)',
  '0x39509351': 'increaseAllowance(address,uint256)',
  '0xa457c2d7': 'decreaseAllowance(address,uint256)',
  '0xd73dd623': 'increaseApproval(address,uint256)',
  '0x66188463': 'decreaseApproval(address,uint256)',
  '0x3177029f': 'approveAndCall(address,uint256)',
  '0xcae9ca51': 'approveAndCall(address,uint256,bytes)',
  '0x4000aea0': 'transferAndCall(address,uint256,bytes)',
  '0x1296ee62': 'transferAndCall(address,uint256)',
  '0xd8fbe994': 'transferFromAndCall(address,address,uint256)',
  '0xc1d34b89': 'transferFromAndCall(address,address,uint256,bytes)',
  '0x9bd9bbc6': 'send(address,uint256,bytes)',
  '0x62ad1b83': 'operatorSend(address,address,uint256,bytes,bytes)',
  '0x959b8c3f': 'authorizeOperator(address)',
  '0xfad8b32a': 'revokeOperator(address)',
  '0xfe9d9303': 'burn(uint256,bytes)',
  '0xfc673c4f': 'operatorBurn(address,uint256,bytes,bytes)',
  '0xa22cb465': 'setApprovalForAll(address,bool)',
  '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
  '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
  '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '0x8fcbaf0c': 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  '0x87517c45': 'approve(address,address,uint160,uint48)',
  '0x2b67b570': 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
  '0x2a2d80d1': 'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
  '0x36c78516': 'transferFrom(address,address,uint160,address)',
  '0x0d58b1db': 'transferFrom((address,address,uint160,address)[])',
  '0x30f28b7a': 'permitTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes)',
  '0x137c29fe': 'permitWitnessTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes32,string,bytes)',
  '0xedd9444b': 'permitTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes)',
  '0xfe8ec1a7': 'permitWitnessTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes32,string,bytes)',
  '0xcc53287f': 'lockdown((address,address)[])',
  '0x65d9723c': 'invalidateNonces(address,address,uint48)',
  '0x3ff9dcb1': 'invalidateUnorderedNonces(uint256,uint256)',
  '0x1fece7b4': 'deposit(address,address,uint256,string)',
  '0x5816d723': 'permitAndCall(bytes,bytes)',
};

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

/** Decodes a router deposit; undefined when the calldata is not one (or does not decode). */
export function decodeRouterDeposit(data: string): RouterDeposit | undefined {
  if (selector(data) !== ROUTER_DEPOSIT_SELECTOR) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: data as Hex });
    const [vault, asset, amount, memo, expiration] = args;
    return { vault, asset, amount, memo, expiration };
  } catch {
    return undefined;
  }
}

/** The calldata of a router deposit, written from its parts. */
export function encodeRouterDeposit(d: RouterDeposit): Hex {
  return encodeFunctionData({
    abi: ROUTER_ABI,
    functionName: 'depositWithExpiry',
    args: [getAddress(d.vault), getAddress(d.asset), d.amount, d.memo, d.expiration],
  });
}

/** Decodes a 1inch v6 `swap`; undefined when the calldata is not one (or does not decode). */
export function decodeOneInchSwap(data: string): OneInchSwap | undefined {
  if (selector(data) !== ONEINCH_SWAP_SELECTOR) return undefined;
  try {
    const { args } = decodeFunctionData({ abi: ONEINCH_V6_ABI, data: data as Hex });
    const [executor, desc, inner] = args;
    return { executor, ...desc, data: inner };
  } catch {
    return undefined;
  }
}

/** The calldata of a 1inch v6 `swap`, written from its parts. */
export function encodeOneInchSwap(s: OneInchSwap): Hex {
  return encodeFunctionData({
    abi: ONEINCH_V6_ABI,
    functionName: 'swap',
    args: [
      getAddress(s.executor),
      {
        srcToken: getAddress(s.srcToken),
        dstToken: getAddress(s.dstToken),
        srcReceiver: getAddress(s.srcReceiver),
        dstReceiver: getAddress(s.dstReceiver),
        amount: s.amount,
        minReturnAmount: s.minReturnAmount,
        flags: s.flags,
      },
      s.data,
    ],
  });
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

/** Selectors of `approve(address,uint256)`, `allowance(address,address)` and `decimals()`. */
const APPROVE = '0x095ea7b3';
const ALLOWANCE = '0xdd62ed3e';
export const DECIMALS_DATA = '0x313ce567';

/**
 * The two calls are static ABI words, so they are written with viem's hex helpers rather
 * than its ABI encoder (which costs 3.6 kB gzip for these two calls).
 */
const word = (hex: Hex) => padHex(hex, { size: 32 });
const addressWord = (address: string) => word(getAddress(address).toLowerCase() as Hex);

/** `approve(spender, amount)` calldata: the amount is exact, never "unlimited". */
export function approveData(spender: string, amount: bigint): Hex {
  if (amount < 0n || amount >= maxUint256) throw new RangeError('an approval must be for an exact amount');
  return concatHex([APPROVE, addressWord(spender), word(numberToHex(amount))]);
}

export function allowanceData(owner: string, spender: string): Hex {
  return concatHex([ALLOWANCE, addressWord(owner), addressWord(spender)]);
}

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
