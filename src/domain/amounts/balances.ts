/**
 * The sell asset's balance and what it allows: whether an amount is over it, and Max (the
 * balance less the chain's gas reserve on a native asset). A balance is a decimal string in
 * whole units, compared exactly (in bigint base units at the finer of the two precisions,
 * `compareDecimal`), never in floats. The host's `balances` property (`{ [asset]:
 * decimalString }`) is read here too: a bad entry is ignored, never a crash.
 *
 * Plain TypeScript; no DOM.
 */
import { compareDecimal, fractionDigits, isDecimalString, subDecimal, truncateDecimal } from './amount.js';
import { isNativeAsset, parseAsset, sameAsset } from '../chains/asset.js';

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
 * The host's balance of an asset: its entry for the same asset in the `balances` property, when
 * that is a decimal string (at most 36 decimals, as a token may have); a bad entry or a value
 * that is not a map is ignored.
 */
export function hostBalance(balances: unknown, asset: string): string | undefined {
  if (typeof balances !== 'object' || !balances) return undefined;
  for (const [k, v] of Object.entries(balances))
    if (sameAsset(k, asset) && typeof v === 'string' && /^\d+(\.\d{1,36})?$/.test(v)) return v;
  return undefined;
}

/**
 * Whether the amount (a decimal string) is more than the balance, exactly; false while it is
 * not an amount, or has more digits than any asset counts (the field says so).
 */
export function overBalance(amount: string, balance: string | undefined): boolean {
  return !!balance && isDecimalString(amount) && fractionDigits(amount) <= 77 && compareDecimal(amount, balance) > 0;
}

/**
 * Max: the balance less the chain's gas reserve on a native asset (all of it for a token),
 * never below zero, cut to `decimals` (the asset's, when known); undefined for a native asset
 * whose chain has no reserve in the table (no Max rather than one the chain may refuse).
 */
export function maxAmount(asset: string, balance: string, decimals?: number): string | undefined {
  const reserve = isNativeAsset(asset) ? GAS_RESERVE[parseAsset(asset)!.chain] : '0';
  if (reserve === undefined) return undefined;
  const left = subDecimal(balance, reserve);
  return left[0] === '-' ? '0' : decimals === undefined ? left : truncateDecimal(left, decimals);
}
