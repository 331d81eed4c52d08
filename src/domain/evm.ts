/**
 * EVM transaction data the widget builds or inspects: exact ERC-20 approvals and the
 * selectors a swap transaction must never be. Plain TypeScript on viem's helpers.
 */
import { encodeFunctionData, getAddress, isAddress, maxUint256, stringToHex } from 'viem';

/** The ERC-20 functions the widget uses, as a JSON ABI (no parser at run time). */
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

/** `approve(spender, amount)` calldata: the amount is exact, never "unlimited". */
export function approveData(spender: string, amount: bigint): `0x${string}` {
  if (amount < 0n || amount >= maxUint256) throw new RangeError('an approval must be for an exact amount');
  return encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [getAddress(spender), amount] });
}

export function allowanceData(owner: string, spender: string): `0x${string}` {
  return encodeFunctionData({ abi: ERC20_ABI, functionName: 'allowance', args: [getAddress(owner), getAddress(spender)] });
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
