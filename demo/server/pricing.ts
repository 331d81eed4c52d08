/**
 * Constant-product pricing on base units, in bigint: no floats touch an amount.
 *
 * A hop swaps `dx` of the input side of a pool with reserves X (input) and Y (output):
 * - `clp` (protocols A and C, continuous liquidity pools): out = dx·X·Y / (X+dx)², the
 *   slip-based fee of those protocols;
 * - `cp` (protocol B, aggregators, protocol D): plain x·y=k after a proportional fee:
 *   dx' = dx·(1-fee), out = dx'·Y / (X+dx').
 * The spot ("gross") output is dx·Y/X through every hop; the liquidity fee is
 * gross - out, so gross - liquidity = out exactly.
 */
import { fromUnits, toUnits } from './decimal.js';

export type Curve = 'clp' | 'cp';

export interface Hop {
  readonly reserveIn: bigint;
  readonly reserveOut: bigint;
}

export interface PoolPath {
  readonly hops: readonly Hop[];
  readonly curve: Curve;
  /** Proportional fee of each hop of a `cp` path, in millionths. */
  readonly feePpm: number;
}

const PPM = 1_000_000n;

export function hopOut(dx: bigint, hop: Hop, curve: Curve, feePpm: number): bigint {
  if (dx <= 0n) return 0n;
  const { reserveIn: x, reserveOut: y } = hop;
  if (curve === 'clp') return (dx * x * y) / ((x + dx) * (x + dx));
  const dxe = (dx * (PPM - BigInt(feePpm))) / PPM;
  return (dxe * y) / (x + dxe);
}

/** Output of one swap of `dx` through every hop. */
export function pathOut(dx: bigint, path: PoolPath): bigint {
  let amount = dx;
  for (const hop of path.hops) amount = hopOut(amount, hop, path.curve, path.feePpm);
  return amount;
}

/** Input of each hop for a swap of `dx` (the first is dx). */
export function hopInputs(dx: bigint, path: PoolPath): bigint[] {
  const inputs: bigint[] = [];
  let amount = dx;
  for (const hop of path.hops) {
    inputs.push(amount);
    amount = hopOut(amount, hop, path.curve, path.feePpm);
  }
  return inputs;
}

/** Output at the spot price of every hop (no slip, no fee). */
export function spotOut(dx: bigint, path: PoolPath): bigint {
  let num = dx;
  let den = 1n;
  for (const hop of path.hops) {
    num *= hop.reserveOut;
    den *= hop.reserveIn;
  }
  return num / den;
}

/**
 * Output of a streaming swap: `quantity` equal sub-swaps (the last takes the remainder),
 * each against pools that arbitrage restored to their spot price in between.
 */
export function streamedOut(dx: bigint, quantity: number, path: PoolPath): bigint {
  const n = BigInt(Math.max(1, quantity));
  const part = dx / n;
  const last = dx - part * (n - 1n);
  return pathOut(part, path) * (n - 1n) + pathOut(last, path);
}

/** Price impact in percent (1.5 = 1.5%), to 4 decimals: 1 - out/gross. */
export function impactPercent(gross: bigint, out: bigint): number {
  if (gross <= 0n) return 0;
  const ppm = ((gross - out) * 1_000_000n) / gross; // 1e-4 percent
  return Number(ppm) / 10_000;
}

/** Number of sub-swaps of a streaming swap worth `usdE6` micro-dollars: one per $5 000, 2 to 100. */
export function streamingQuantity(usdE6: bigint): number {
  const n = Number(usdE6 / 5_000_000_000n) + 1;
  return Math.min(100, Math.max(2, n));
}

/** Micro-dollars (1e-6 USD) worth of `units` of an asset with `decimals` and USD `price`. */
export function usdE6(units: bigint, decimals: number, price: string): bigint {
  return (units * toUnits(price, 12)) / 10n ** BigInt(decimals + 6);
}

/** Base units of an asset worth `usd` dollars (a decimal string or a number). */
export function unitsForUsd(usd: string | number, decimals: number, price: string): bigint {
  const usdStr = typeof usd === 'number' ? usdString(usd) : usd;
  const p = toUnits(price, 12);
  if (p === 0n) return 0n;
  return (toUnits(usdStr, 12) * 10n ** BigInt(decimals)) / p;
}

function usdString(n: number): string {
  // Table values are small decimal literals (2.5, 0.05); six places keep them exact.
  return fromUnits(BigInt(Math.round(n * 1e6)), 6);
}

/** `value × (10000 - bps) / 10000`, cut toward zero. */
export function lessBps(value: bigint, bps: number): bigint {
  return (value * BigInt(10_000 - bps)) / 10_000n;
}
