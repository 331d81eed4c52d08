/**
 * Numbers a person types (an amount, a slippage), read in the widget's locale. Plain
 * TypeScript: `Intl` tells the locale's decimal point and grouping separator; the text is
 * never rewritten, only read into a decimal string (`1000.5`).
 *
 * The rule: the locale's decimal point is a point, its grouping separator (and a space, an
 * apostrophe, the Arabic thousands separator U+066C) only ever groups thousands, so `1,000`
 * in English is one thousand and `1,5` is refused, never read as 1.5. The other mark of
 * `.` and `,`, which the locale does not use (`.` in French, `,` in Swiss German), is read
 * as whichever of the two it can be; where it could be both (`1.000` in French), the text
 * is refused as ambiguous. The Arabic decimal separator U+066B is always a point.
 * Arabic-Indic, Persian and full-width digits read as 0-9.
 */

/** Why a text is not read as a number: nothing typed, not a number, a grouping separator out of place, or a mark that could be either. */
export type NumberRefusal = 'empty' | 'format' | 'grouping' | 'ambiguous';

export type NumberReading = { ok: true; value: string } | { ok: false; reason: NumberRefusal; mark?: string };

/** The locale's decimal point (`.` or `,`, as a keyboard types it) and its grouping separator as `Intl` writes it. */
export interface NumberMarks {
  point: '.' | ',';
  group: string;
}

const marks = new Map<string, NumberMarks>();

/** The marks of a locale (English's for a tag `Intl` refuses). */
export function numberMarks(locale: string): NumberMarks {
  let m = marks.get(locale);
  if (!m) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(11111.5);
    } catch {
      parts = [];
    }
    const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
    m = { point: part('decimal', '.') === ',' ? ',' : '.', group: part('group', ',') };
    if (marks.size < 64) marks.set(locale, m);
  }
  return m;
}

/** A decimal string as the locale writes it for typing back (`0.5` -> `0,5` in Spanish); anything else as it is. */
export function decimalText(value: string, locale: string): string {
  return /^\d+(\.\d+)?$/.test(value) ? value.replace('.', numberMarks(locale).point) : value;
}

/** Each digit as 0-9: Arabic-Indic (U+0660), Persian (U+06F0), full-width (U+FF10); full-width `．` and `，` as `.` and `,`. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19\uff0c\uff0e]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0xff0c) return ',';
    if (code === 0xff0e) return '.';
    return String((code - (code >= 0xff10 ? 0xff10 : code >= 0x6f0 ? 0x6f0 : 0x660)) % 10);
  });
}

type Role = 'point' | 'group' | 'either';
/** A mark in the text: what it may be, and the key that groups must share (every space is one). */
type Mark = { role: Role; key: string };

function markOf(c: string, m: NumberMarks): Mark | undefined {
  if (/\s/.test(c)) return { role: 'group', key: ' ' };
  if (c === '\u066b') return { role: 'point', key: c };
  if (c === '\u066c' || c === "'" || c === '\u2019') return { role: 'group', key: c };
  if (c === '.' || c === ',') return { role: c === m.point ? 'point' : c === m.group ? 'group' : 'either', key: c };
  return undefined;
}

/**
 * `text` as a decimal string (`1,000.5` -> `1000.5`, `.5` -> `0.5`, `5.` -> `5`; leading
 * zeros dropped, the fraction's digits kept as typed), or why not.
 */
export function readNumber(text: string, locale: string): NumberReading {
  const s = asciiDigits(text).trim();
  if (!s) return { ok: false, reason: 'empty' };
  const m = numberMarks(locale);
  /** The text as digit runs, and the mark after each run but the last. */
  const runs: string[] = [''];
  const seps: Mark[] = [];
  let either: string | undefined;
  for (const c of s) {
    if (c >= '0' && c <= '9') {
      runs[runs.length - 1] += c;
      continue;
    }
    const mark = markOf(c, m);
    if (!mark) return { ok: false, reason: 'format' };
    if (mark.role === 'either') either = c;
    seps.push(mark);
    runs.push('');
  }
  if (!either) return readAs(runs, seps, 'point');
  const asPoint = readAs(runs, seps, 'point');
  const asGroup = readAs(runs, seps, 'group');
  if (asPoint.ok && asGroup.ok) return { ok: false, reason: 'ambiguous', mark: either };
  if (asPoint.ok || asGroup.ok) return asPoint.ok ? asPoint : asGroup;
  return { ok: false, reason: asPoint.reason === 'grouping' || asGroup.reason === 'grouping' ? 'grouping' : 'format' };
}

/** The runs read with a mark of `either` role taken as `as`. */
function readAs(runs: readonly string[], seps: readonly Mark[], as: 'point' | 'group'): NumberReading {
  const roles = seps.map((sep) => (sep.role === 'either' ? as : sep.role));
  const points = roles.filter((r) => r === 'point').length;
  if (points > 1) return { ok: false, reason: 'format' };
  const at = points ? roles.indexOf('point') : runs.length - 1;
  const whole = runs.slice(0, at + 1);
  const fraction = points ? runs.slice(at + 1) : [];
  // Nothing groups the decimals, and a point stands by at least one digit.
  if (fraction.length > 1) return { ok: false, reason: 'grouping' };
  if (!whole.join('') && !fraction.join('')) return { ok: false, reason: 'format' };
  if (whole.length > 1) {
    const keys = new Set(seps.slice(0, at).map((sep) => sep.key));
    const [first, ...rest] = whole as [string, ...string[]];
    const last = rest.pop()!;
    const grouped = keys.size === 1 && /^[1-9]\d{0,2}$/.test(first) && rest.every((g) => /^\d{2,3}$/.test(g)) && /^\d{3}$/.test(last);
    if (!grouped) return { ok: false, reason: 'grouping' };
  }
  const digits = whole.join('').replace(/^0+/, '') || '0';
  const frac = fraction[0] ?? '';
  return { ok: true, value: frac ? `${digits}.${frac}` : digits };
}
