/**
 * Numbers, amounts and times for display, with `Intl` for the locale. Amounts are decimal
 * strings handed to `Intl.NumberFormat` as strings, so they are never rounded through a float.
 */

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

// `format` takes decimal strings exactly (Intl.NumberFormat v3); the cast keeps older lib typings happy.
const fmt = (f: Intl.NumberFormat, value: string) => f.format(value as unknown as number);

/** An amount with up to `maxFraction` fraction digits, cut (never rounded up), grouped for the locale. */
export function formatAmount(value: string, locale?: string, maxFraction = 8): string {
  return fmt(
    numberFormat(locale, { maximumFractionDigits: maxFraction, roundingMode: 'trunc' } as Intl.NumberFormatOptions),
    value,
  );
}

/**
 * Significant digits an amount is shown with where it is read: six, as Uniswap's interface shows
 * the amounts of a swap (Uniswap/interface @ 01b527f1c3e59655c34fffd999f63491cddb3ba2,
 * src/utils/formatNumbers.ts, `swapTradeAmountFormatter`: six significant digits).
 */
const READABLE_DIGITS = 6;

/**
 * An amount for reading: six significant digits, so its precision follows its size (`0.0000123456`,
 * `2.84256`, `11,975.3`), every whole digit kept (`1,234,567`), cut toward zero (never more than
 * the amount), never more fraction digits than the asset's `decimals`; and `full`, every digit,
 * for a title and screen readers. Used wherever an amount is read (the form, the routes, the
 * review, the progress, the balances); an amount the user must send or type (the memo screen's,
 * an approval's) is shown exactly instead.
 */
export function readableAmount(value: string, locale?: string, decimals = 100): { text: string; full: string } {
  const [whole = '', frac = ''] = value.replace('-', '').split('.');
  const wholeDigits = whole.replace(/^0+/, '').length;
  const digits = wholeDigits
    ? READABLE_DIGITS - wholeDigits
    : frac.length - frac.replace(/^0+/, '').length + READABLE_DIGITS;
  return {
    text: formatAmount(value, locale, Math.max(0, Math.min(digits, decimals, 100))),
    full: formatAmount(value, locale, Math.min(frac.length, 100)),
  };
}

/**
 * A USD value to the cent with a plain `$` in every language (`Intl` writes `US$` or `$US`
 * in some), and `< $0.01` for a value above zero that rounds below a cent.
 */
export function formatUsd(value: string, locale?: string): string {
  const f = numberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
  const tiny = Number(value) > 0 && Number(value) < 0.01;
  const text = f
    .formatToParts((tiny ? '0.01' : value) as unknown as number)
    .map((p) => (p.type === 'currency' ? '$' : p.value))
    .join('');
  return tiny ? `< ${text}` : text;
}

export function formatPercent(value: number, locale?: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/**
 * Creates the formatters the form and the routes use. A page's first `Intl.NumberFormat`
 * loads the locale's data, 20 to 60 ms on a slow machine: call it when the page is idle,
 * so that cost does not fall on the render that first shows a price.
 */
/** `warmFormatters` once the page is idle (at the latest after a second). */
export function warmFormattersWhenIdle(locale: () => string): void {
  whenIdle(() => warmFormatters(locale()));
}

/** `callback` once the page is idle (at the latest after a second; after 50 ms where there is no `requestIdleCallback`). */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: 1000 });
  else setTimeout(callback, 50);
}

export function warmFormatters(locale?: string): void {
  formatUsd('1', locale);
  formatAmount('1', locale);
  formatDuration(90, locale);
}

/** `90` -> `1 min 30 s` style, with the locale's units. */
export function formatDuration(seconds: number, locale?: string): string {
  const s = Math.max(0, Math.round(seconds));
  const unit = (n: number, u: 'hour' | 'minute' | 'second') =>
    numberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(n);
  if (s < 60) return unit(s, 'second');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h) return m ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
  return rest ? `${unit(m, 'minute')} ${unit(rest, 'second')}` : unit(m, 'minute');
}

/** Time left as `m:ss` (or `h:mm:ss`), with the locale's digits. */
export function formatCountdown(ms: number, locale?: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(locale, { useGrouping: false });
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${one.format(m)}:${two.format(s)}`;
}
