/**
 * Decimal amounts as strings and bigints, never floats.
 * A "decimal string" is `123`, `0.25` or `1.000`: digits, one optional point, no sign, no exponent.
 */

const DECIMAL = /^\d+(\.\d+)?$/;

export function isDecimalString(s: string): boolean {
  return DECIMAL.test(s);
}

/** Number of digits after the point. */
export function fractionDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Decimal string -> integer in units of 10^-decimals. Extra fraction digits are cut off
 * (toward zero), never rounded up. Throws on anything that is not a decimal string.
 */
export function toUnits(value: string, decimals: number): bigint {
  if (!DECIMAL.test(value)) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) throw new RangeError(`bad decimals: ${decimals}`);
  const [whole, frac = ''] = value.split('.') as [string, string?];
  const digits = whole + frac.slice(0, decimals).padEnd(decimals, '0');
  return BigInt(digits);
}

/** Integer in units of 10^-decimals -> shortest decimal string (`1500000`, 6 -> `1.5`). */
export function fromUnits(units: bigint, decimals: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, '') : '';
  return (neg ? '-' : '') + whole + (frac ? '.' + frac : '');
}

/** Cuts a decimal string to at most `decimals` fraction digits (toward zero). */
export function truncateDecimal(value: string, decimals: number): string {
  return fromUnits(toUnits(value, decimals), decimals);
}

/** Normalised form: no leading zeros, no trailing fraction zeros (`007.50` -> `7.5`). */
export function normalizeDecimal(value: string): string {
  return fromUnits(toUnits(value, fractionDigits(value)), fractionDigits(value));
}

/** -1, 0 or 1, exactly. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const d = Math.max(fractionDigits(a), fractionDigits(b));
  const x = toUnits(a, d);
  const y = toUnits(b, d);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a × b of two decimal strings, cut to `decimals` fraction digits. */
export function mulDecimal(a: string, b: string, decimals: number): string {
  const da = fractionDigits(a);
  const db = fractionDigits(b);
  const product = toUnits(a, da) * toUnits(b, db);
  const scale = da + db;
  const cut = scale > decimals ? product / 10n ** BigInt(scale - decimals) : product * 10n ** BigInt(decimals - scale);
  return fromUnits(cut, decimals);
}

export function addDecimal(a: string, b: string): string {
  const d = Math.max(fractionDigits(a), fractionDigits(b));
  return fromUnits(toUnits(a, d) + toUnits(b, d), d);
}

/** a - b, may be negative (`-0.5`). */
export function subDecimal(a: string, b: string): string {
  const d = Math.max(fractionDigits(a), fractionDigits(b));
  return fromUnits(toUnits(a, d) - toUnits(b, d), d);
}

/** Slippage in percent (0.5 = 0.5%) as basis points, the way the service rounds it; within 0..10 000. */
export function slippageBps(slippagePercent: number): bigint {
  if (!Number.isFinite(slippagePercent)) return 0n;
  return BigInt(Math.min(10_000, Math.max(0, Math.round(slippagePercent * 100))));
}

/** ⌊units × (1 − bps / 10 000)⌋: the least output a slippage of `bps` allows. */
export function slippageFloor(units: bigint, bps: bigint): bigint {
  return (units * (10_000n - bps)) / 10_000n;
}
