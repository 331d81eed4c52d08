/**
 * The sell asset's balance and what it allows: whether an amount is over it, and Max (the
 * balance less the chain's gas reserve on a native asset). Counted in bigint base units,
 * never in floats. The host's `balances` property (`{ [asset]: decimalString }`) is read
 * here too: a bad entry is left out and named, never a crash.
 *
 * Plain TypeScript; no DOM.
 */
import { fractionDigits, fromUnits, isDecimalString, toUnits } from './amount.js';
import { isAssetId, isNativeAsset, parseAsset, sameAsset } from './asset.js';

/** A balance: `units` of 10^-`decimals` (the asset's decimals for a read, the host's digits for its string). */
export interface Balance {
  readonly units: bigint;
  readonly decimals: number;
}

/**
 * What Max leaves of a chain's native asset for the swap's own fee, in whole units. Chosen
 * high rather than exact: a Max the chain then refuses for want of gas is worse than a little
 * left over. Each row says why.
 */
export const GAS_RESERVE: Readonly<Record<string, string>> = {
  // EVM: a swap or router deposit is 100k to 400k gas. Uniswap's wallet keeps 0.015 ETH on
  // mainnet, 0.06 POL on Polygon and 0.0008 on the rollups and BNB Chain
  // (Uniswap/interface packages/wallet/src/utils/balance.ts, MIN_*_FOR_GAS); we keep as much
  // or more: 400k gas at about 35 gwei on mainnet, 500 gwei on Polygon, 25 nAVAX (Avalanche's
  // former minimum base fee), 5 gwei on BNB Chain, 25 gwei on HyperEVM.
  ETH: '0.015',
  ARB: '0.001',
  BASE: '0.001',
  OP: '0.001',
  BSC: '0.002',
  AVAX: '0.01',
  MATIC: '0.2',
  HYPE: '0.01',
  // Solana: 5000 lamports a signature and a capped priority fee, the rent of up to two token
  // accounts a swap may open (0.00203928 SOL each), and the wallet's own rent-exempt minimum.
  SOL: '0.01',
  // Cosmos: the most fee the checks accept on the Hub and Kujira (COSMOS_CHAINS' cap, 100 000
  // micro-units); THORChain's native fee was a fixed 0.02 RUNE and is now set in USD
  // (/thorchain/network `native_tx_fee_rune`): five times the old fee; Maya's the same way.
  GAIA: '0.1',
  KUJI: '0.1',
  THOR: '0.1',
  MAYA: '1',
  // UTXO: a memo transaction of about 250 vbytes at a busy fee rate (BTC 200 sat/vB).
  BTC: '0.0005',
  LTC: '0.001',
  BCH: '0.0001',
  DOGE: '1',
  DASH: '0.0001',
  ZEC: '0.001',
  // XRP's account reserve (1 XRP since December 2024) and Polkadot's existential deposit (1 DOT)
  // cannot be sent: each, and a fee beside it.
  XRP: '1.1',
  DOT: '1.1',
  XRD: '5',
};

/**
 * The host's `balances` property: the entries that are an asset identifier with a decimal
 * string, and each other entry, as text, to be told to the integrator.
 */
export function parseHostBalances(value: unknown): { balances: Record<string, string>; bad: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { balances: {}, bad: [String(JSON.stringify(value) ?? value)] };
  const balances: Record<string, string> = {};
  const bad: string[] = [];
  for (const [asset, v] of Object.entries(value)) {
    if (isAssetId(asset) && typeof v === 'string' && isDecimalString(v)) balances[asset] = v;
    else bad.push(`${asset}=${String(v)}`);
  }
  return { balances, bad };
}

/** The host's balance of an asset (its entry for the same asset), at the precision it was written in. */
export function hostBalance(balances: Readonly<Record<string, string>>, asset: string): Balance | undefined {
  for (const [k, v] of Object.entries(balances)) if (sameAsset(k, asset)) return { units: toUnits(v, fractionDigits(v)), decimals: fractionDigits(v) };
  return undefined;
}

/** The balance in units of 10^-`decimals` (at least its own). */
const scaled = (b: Balance, decimals: number) => b.units * 10n ** BigInt(decimals - b.decimals);

/** Whether the amount (a decimal string) is more than the balance, exactly; false while it is not an amount. */
export function overBalance(amount: string, b: Balance | undefined): boolean {
  if (!b || !isDecimalString(amount)) return false;
  const d = Math.max(b.decimals, fractionDigits(amount));
  return toUnits(amount, d) > scaled(b, d);
}

/**
 * Max: the balance less the chain's gas reserve on a native asset (all of it for a token),
 * never below zero, cut to `decimals` (the asset's, when known); undefined for a native asset
 * whose chain has no reserve in the table (no Max rather than one the chain may refuse).
 */
export function maxAmount(asset: string, b: Balance, decimals?: number): string | undefined {
  const reserve = isNativeAsset(asset) ? GAS_RESERVE[parseAsset(asset)!.chain] : '0';
  if (reserve === undefined) return undefined;
  const d = Math.max(b.decimals, fractionDigits(reserve), decimals ?? 0);
  const left = scaled(b, d) - toUnits(reserve, d);
  const cut = decimals ?? d;
  return left > 0n ? fromUnits(left / 10n ** BigInt(d - cut), cut) : '0';
}

/** The balance as a decimal string. */
export const balanceText = (b: Balance): string => fromUnits(b.units, b.decimals);
