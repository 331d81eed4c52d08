/**
 * The amount of a fee line, whose unit the service does not say. The real service's documented
 * examples write fees in base units beside decimal buy amounts (dKit `/v1` quickstart: outbound
 * `"15000"` and affiliate `"10728"` BTC beside an output of `"0.02145678"` BTC,
 * https://docs.dkit.xyz/api-reference/quickstart); SwapKit v2 wrote decimals (`"0.00000569"`).
 * One reading for everything that reads a fee (the route list shows it, the affiliate cap of
 * `checks/affiliate.ts` holds it): as a decimal first; when that is more than the route
 * itself says of the asset and it is a whole number, as base units of the asset's decimals; when
 * neither reading is plausible, unreadable (not shown, and nothing is decided on it).
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { compareDecimal, fractionDigits, fromUnits, isDecimalString } from './amount.js';

export type FeeReading =
  { readonly unit: 'decimal' | 'base-units'; readonly amount: string } | { readonly unit: 'unreadable' };

/**
 * Reads `amount` against `ceiling`, the most the route says of the fee's asset (undefined: it
 * says nothing of it, and only a fraction, or 0, reads as a decimal), with the asset's `decimals`
 * (undefined: no base-unit reading).
 */
export function readFeeAmount(amount: string, ceiling: string | undefined, decimals: number | undefined): FeeReading {
  if (!isDecimalString(amount)) return { unit: 'unreadable' };
  const whole = fractionDigits(amount) === 0;
  if (ceiling === undefined ? !whole || compareDecimal(amount, '0') === 0 : compareDecimal(amount, ceiling) <= 0)
    return { unit: 'decimal', amount };
  if (!whole || decimals === undefined || ceiling === undefined) return { unit: 'unreadable' };
  const units = fromUnits(BigInt(amount), decimals);
  return compareDecimal(units, ceiling) <= 0 ? { unit: 'base-units', amount: units } : { unit: 'unreadable' };
}

/** The most a route says of each asset (by identifier, any case): the sell amount, the expected output, its legs' amounts. */
export function routeCeilings(route: Route): (asset: string) => string | undefined {
  const most = new Map<string, string>();
  const add = (asset: string, amount: string) => {
    const key = asset.toUpperCase();
    const was = most.get(key);
    if (was === undefined || compareDecimal(amount, was) > 0) most.set(key, amount);
  };
  add(route.sellAsset, route.sellAmount);
  add(route.buyAsset, route.expectedBuyAmount);
  for (const leg of route.legs) {
    add(leg.sellAsset, leg.sellAmount);
    add(leg.buyAsset, leg.buyAmount);
  }
  return (asset) => most.get(asset.toUpperCase());
}
