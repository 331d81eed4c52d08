/**
 * Decimal strings (`0.25`, `1500`) and integer base units, the service's own: the widget's
 * `src/domain/amounts/amount.ts` checks what the service answers, so the service must not compute
 * its amounts with that code (a bug in both would pass). Checked against hand-written
 * values in test/node/reference/decimal.test.ts.
 */

/** Digits, an optional point followed by digits; no sign, no exponent. */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function parts(value: string): [whole: string, fraction: string] {
  const m = DECIMAL.exec(value);
  if (!m) throw new RangeError(`not a decimal string: ${JSON.stringify(value)}`);
  return [m[1]!, m[2] ?? ''];
}

/** How many digits follow the point (`1.250` -> 3, `7` -> 0). */
export function fractionDigits(value: string): number {
  return parts(value)[1].length;
}

/** `value` in units of 10^-decimals; fraction digits beyond `decimals` are dropped (toward zero). */
export function toUnits(value: string, decimals: number): bigint {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new RangeError(`bad decimals: ${decimals}`);
  const [whole, fraction] = parts(value);
  const kept =
    fraction.length > decimals ? fraction.slice(0, decimals) : fraction + '0'.repeat(decimals - fraction.length);
  return BigInt(whole) * 10n ** BigInt(decimals) + (kept ? BigInt(kept) : 0n);
}

/** Units of 10^-decimals as the shortest decimal string (`1500000n, 6` -> `1.5`; negative keeps its sign). */
export function fromUnits(units: bigint, decimals: number): string {
  if (units < 0n) return `-${fromUnits(-units, decimals)}`;
  const scale = 10n ** BigInt(decimals);
  const whole = (units / scale).toString();
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** a / b with `decimals` fraction digits, cut toward zero; undefined when b is zero. */
export function divDecimal(a: string, b: string, decimals: number): string | undefined {
  // Both at the same scale, so the scale cancels out of the ratio.
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const divisor = toUnits(b, scale);
  if (divisor === 0n) return undefined;
  return fromUnits((toUnits(a, scale) * 10n ** BigInt(decimals)) / divisor, decimals);
}
