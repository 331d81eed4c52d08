/**
 * EVM transaction data the widget builds or inspects: exact ERC-20 approvals and the
 * selectors a swap transaction must never be. Plain TypeScript on viem's helpers.
 */
import { concatHex, getAddress, isAddress, maxUint256, numberToHex, padHex, stringToHex, type Hex } from 'viem';

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

/** Selectors that move or expose tokens by themselves: a swap transaction is never one of them. */
export const TOKEN_MOVING_SELECTORS: Readonly<Record<string, string>> = {
  '0x095ea7b3': 'approve',
  '0xa9059cbb': 'transfer',
  '0x23b872dd': 'transferFrom',
  '0x39509351': 'increaseAllowance',
  '0xa22cb465': 'setApprovalForAll',
  '0xd505accf': 'permit',
};

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

/** Selectors of `approve(address,uint256)` and `allowance(address,address)`. */
const APPROVE = '0x095ea7b3';
const ALLOWANCE = '0xdd62ed3e';

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

/** Whether the calldata carries the memo's UTF-8 bytes (protocol routers take the memo as a string argument). */
export function dataCarriesMemo(data: string, memo: string): boolean {
  return data.toLowerCase().includes(stringToHex(memo).slice(2).toLowerCase());
}
