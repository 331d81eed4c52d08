/**
 * Simulated block heights: each chain advances one block per `blockSeconds` (the service's
 * own clock, chains.ts) from a height it had at a fixed moment.
 */
import { chainInfo } from './chains.js';

/** 2025-01-15T00:00:00Z. */
const ANCHOR_SECONDS = 1_736_899_200;

const ANCHOR_HEIGHTS: Readonly<Record<string, number>> = {
  BTC: 879_000,
  ETH: 21_630_000,
  SOL: 313_000_000,
  ARB: 295_000_000,
  BASE: 25_000_000,
  BSC: 45_600_000,
  AVAX: 56_000_000,
  XRP: 93_000_000,
  LTC: 2_830_000,
  BCH: 879_500,
  DOGE: 5_540_000,
  GAIA: 23_800_000,
  DASH: 2_200_000,
  THOR: 19_500_000,
  MAYA: 9_800_000,
  KUJI: 22_000_000,
  DOT: 24_300_000,
  XRD: 190_000_000,
  OP: 130_800_000,
  FLIP: 5_600_000,
  MATIC: 66_500_000,
  ZEC: 2_770_000,
  HYPE: 1_000_000,
};

/** Height of `chain` at Unix time `seconds`. */
export function blockHeightAt(chain: string, seconds: number): number {
  const info = chainInfo(chain);
  const anchor = info ? (ANCHOR_HEIGHTS[info.code] ?? 1_000_000) : 1_000_000;
  const blockSeconds = info?.blockSeconds ?? 6;
  return Math.max(1, anchor + Math.floor((seconds - ANCHOR_SECONDS) / blockSeconds));
}
