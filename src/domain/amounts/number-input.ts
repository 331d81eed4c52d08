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
 * The digits of the widget's languages that `Intl` may write or a keyboard may type read as
 * 0-9: Arabic-Indic (`ar`), Persian, Devanagari (`hi`), Bengali (`bn`, which `Intl` writes
 * by default), Thai and full-width (and full-width `．` and `，` as `.` and `,`).
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

/**
 * The marks of a locale if they were read already: nothing is built. A page's first
 * `Intl.NumberFormat` costs tens of milliseconds, so the widget's first frame paints without
 * one where it can (`decimalText` and `readNumber` need none for whole numbers) and reads the
 * marks once the page is idle.
 */
export function knownNumberMarks(locale: string): NumberMarks | undefined {
  return marks.get(locale);
}

/** A decimal string as the locale writes it for typing back (`0.5` -> `0,5` in Spanish); anything else (a whole number too) as it is. */
export function decimalText(value: string, locale: string): string {
  return /^\d+\.\d+$/.test(value) ? value.replace('.', numberMarks(locale).point) : value;
}

/** The zero of each set of digits read as 0-9: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width (Unicode's Nd ranges). */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10];

/** A grouped whole part (groups of three, or Indian two then three, all with one separator) or none, then maybe a point and decimals. */
const NUMBER = /^(?:\d*|[1-9]\d{0,2}(?=([^\d.]))(?:\1\d{2,3})*\1\d{3})(?:\.\d*)?$/;

/**
 * `text` as a decimal string (`1,000.5` -> `1000.5`, `.5` -> `0.5`, `5.` -> `5`; leading
 * zeros dropped, the fraction's digits kept as typed), or why not.
 */
export function readNumber(text: string, locale: string): NumberReading {
  // Nothing, or ASCII digits alone, reads the same in every locale: no marks needed.
  const plain = text.trim();
  if (/^\d*$/.test(plain))
    return plain ? { ok: true, value: plain.replace(/^0+/, '') || '0' } : { ok: false, reason: 'empty' };
  const { point, group } = numberMarks(locale);
  // Each set's digits follow its zero (DIGIT_ZEROS); full-width `．` and `，` are their ASCII forms 0xFEE0 higher.
  const s = text
    .replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff0c\uff0e\uff10-\uff19]/g, (c) => {
      const code = c.charCodeAt(0);
      const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
      return zero === undefined ? String.fromCharCode(code - 0xfee0) : String(code - zero);
    })
    .trim();
  if (!s) return { ok: false, reason: 'empty' };
  // Each mark as what it is: `.` the point, `?` the one of `.` and `,` the locale does not use; any other groups.
  const marked = s.replace(/\D/g, (c) =>
    /\s/.test(c)
      ? ' '
      : c === point || c === '\u066b'
        ? '.'
        : c === group
          ? ','
          : c === '.' || c === ','
            ? '?'
            : "'\u2019\u066c".includes(c)
              ? c
              : '!',
  );
  if (marked.includes('!')) return { ok: false, reason: 'format' };
  const readings = (marked.includes('?') ? ['.', ';'] : [''])
    .map((as) => marked.replaceAll('?', as))
    .filter((t) => NUMBER.test(t) && /\d/.test(t));
  if (readings.length > 1) return { ok: false, reason: 'ambiguous', mark: point === '.' ? ',' : '.' };
  if (!readings[0]) return { ok: false, reason: /[^\d.]/.test(marked) ? 'grouping' : 'format' };
  const [whole = '', fraction] = readings[0].replace(/[^\d.]/g, '').split('.');
  return { ok: true, value: (whole.replace(/^0+/, '') || '0') + (fraction ? `.${fraction}` : '') };
}
