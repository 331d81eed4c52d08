/**
 * What the checks of a route's parts share: the facts read once from the request (decimals,
 * units, the slippage in basis points, the expiry).
 *
 * Plain TypeScript; no DOM.
 */
import type { CheckContext } from './plans.js';

/** What the checks of the parts share. */
export interface Facts {
  ctx: CheckContext;
  sellChain: string;
  buyChain: string;
  sellDecimals: number;
  /**
   * The buy asset's trusted decimals; when none is trusted, 8 (the 1e8 units of protocol
   * memos, the strictest room a memo's limit can have) and `buyDecimalsTrusted` false: a
   * check that signs a minimum in the buy asset's base units must then refuse.
   */
  buyDecimals: number;
  buyDecimalsTrusted: boolean;
  sellUnits: bigint;
  expectedUnits: bigint;
  minimumUnits: bigint;
  bps: bigint;
  expiresAt: number | undefined;
}
