/**
 * The slippage floor: the one rule every family's check holds a minimum to. The least output a
 * slippage allows is `expected × (1 − slippage)`, counted in the asset's base units (digits
 * beyond them cut off, as the service floors); a minimum may sit at most one base unit under
 * it, the room for the service rounding, never more. A route's minimum, each leg's, a memo's
 * limit and the floor a signed Solana swap carries are all held to it here.
 *
 * Plain TypeScript; no DOM.
 */
import { fromUnits, slippageFloor, toUnits } from '../amounts/amount.js';

/** How far under the floor a minimum may sit: one base unit of its asset. */
export const FLOOR_ROOM_UNITS = 1n;

/** Whether `minimum` is under `floor` by more than the room (both in the same base units). */
export function belowFloor(minimum: bigint, floor: bigint): boolean {
  return minimum + FLOOR_ROOM_UNITS < floor;
}

/**
 * A minimum against the slippage floor of its expected amount, both decimal strings counted at
 * `decimals`: the floor (a decimal string) when the minimum is under it by more than the room,
 * else undefined.
 */
export function floorMissed(
  expected: string,
  minimum: string,
  bps: bigint,
  decimals: number,
): { floor: string } | undefined {
  const floor = slippageFloor(toUnits(expected, decimals), bps);
  return belowFloor(toUnits(minimum, decimals), floor) ? { floor: fromUnits(floor, decimals) } : undefined;
}

/**
 * The least limit a protocol memo may carry (it counts in 1e8 units whatever the asset's
 * decimals): the slippage floor of `expected` computed at the asset's own `decimals` (where a
 * service floors the minimum), converted to 1e8 units, with the room of one unit of that
 * precision. An asset with 8 decimals or more gets one 1e8 unit of room, the finest a memo can
 * write. Unknown decimals: pass 8, the strictest.
 */
export function memoLimitFloor(expected: string, bps: bigint, decimals: number): { floorE8: bigint; roomE8: bigint } {
  const floor = slippageFloor(toUnits(expected, decimals), bps);
  if (decimals >= 8) return { floorE8: floor / 10n ** BigInt(decimals - 8), roomE8: FLOOR_ROOM_UNITS };
  const scale = 10n ** BigInt(8 - decimals);
  return { floorE8: floor * scale, roomE8: FLOOR_ROOM_UNITS * scale };
}
