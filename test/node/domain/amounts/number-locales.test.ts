/**
 * Numbers in each of the widget's 19 languages (issue 34): what a person of that language
 * types in the amount field reads as the right decimal, and what the widget shows (`Intl`'s
 * way for the locale: its digits, its decimal mark, its grouping) reads back as the same
 * number. The shown texts are pinned: they are the locale's own way, checked by hand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readNumber } from '../../../../src/domain/amounts/number-input.js';
import { formatAmount, formatCountdown } from '../../../../src/util/format.js';

const NNBSP = '\u202f'; // narrow no-break space: French groups with it
const NBSP = '\u00a0'; // no-break space: Russian, Ukrainian, Polish, Portugal's Portuguese

/** Per locale: texts typed with grouping and a decimal that read as 12345.67, and 1234.5 as shown. */
const LOCALES: Record<string, { typed: string[]; shown: string }> = {
  en: { typed: ['12,345.67', '12345.67'], shown: '1,234.5' },
  es: { typed: ['12.345,67', '12345,67'], shown: '1234,5' },
  fr: { typed: ['12 345,67', `12${NNBSP}345,67`, `12${NBSP}345,67`], shown: `1${NNBSP}234,5` },
  de: { typed: ['12.345,67'], shown: '1.234,5' },
  it: { typed: ['12.345,67'], shown: '1234,5' },
  pt: { typed: ['12.345,67'], shown: '1.234,5' },
  'pt-BR': { typed: ['12.345,67'], shown: '1.234,5' },
  'pt-PT': { typed: ['12 345,67', `12${NBSP}345,67`], shown: '1234,5' },
  ru: { typed: ['12 345,67', `12${NBSP}345,67`], shown: `1${NBSP}234,5` },
  tr: { typed: ['12.345,67'], shown: '1.234,5' },
  uk: { typed: ['12 345,67', `12${NBSP}345,67`], shown: `1${NBSP}234,5` },
  pl: { typed: ['12 345,67', `12${NBSP}345,67`], shown: '1234,5' },
  ar: { typed: ['12,345.67', '١٢٬٣٤٥٫٦٧', '١٢,٣٤٥.٦٧'], shown: '1,234.5' },
  hi: { typed: ['12,345.67', '१२,३४५.६७'], shown: '1,234.5' },
  // Bengali: Intl writes Bengali digits by default; an ASCII keyboard's digits read too.
  bn: { typed: ['১২,৩৪৫.৬৭', '12,345.67'], shown: '১,২৩৪.৫' },
  id: { typed: ['12.345,67'], shown: '1.234,5' },
  vi: { typed: ['12.345,67'], shown: '1.234,5' },
  th: { typed: ['12,345.67', '๑๒,๓๔๕.๖๗'], shown: '1,234.5' },
  ja: { typed: ['12,345.67', '１２，３４５．６７'], shown: '1,234.5' },
  ko: { typed: ['12,345.67'], shown: '1,234.5' },
  'zh-Hans': { typed: ['12,345.67', '１２，３４５．６７'], shown: '1,234.5' },
};

describe('numbers in each language', () => {
  for (const [locale, { typed, shown }] of Object.entries(LOCALES)) {
    test(`${locale}: typed with grouping and decimals, and as shown`, () => {
      for (const text of typed) assert.deepEqual(readNumber(text, locale), { ok: true, value: '12345.67' }, text);
      assert.equal(formatAmount('1234.5', locale), shown);
      assert.deepEqual(readNumber(shown, locale), { ok: true, value: '1234.5' });
      // Larger numbers group more (Indian grouping in hi and bn): what is shown reads back.
      for (const value of ['1234567.25', '0.00012345', '98765432109.1']) {
        const written = formatAmount(value, locale, 18);
        assert.deepEqual(readNumber(written, locale), { ok: true, value }, `${value} shown as ${written}`);
      }
    });
  }

  test('Indian grouping in hi and bn, as Intl writes it', () => {
    assert.equal(formatAmount('1234567.25', 'hi'), '12,34,567.25');
    assert.equal(formatAmount('1234567.25', 'bn'), '১২,৩৪,৫৬৭.২৫');
    assert.deepEqual(readNumber('1,23,456.78', 'hi'), { ok: true, value: '123456.78' });
  });

  test('the decimal mark of a comma locale is never read as a group, nor the reverse (de)', () => {
    assert.deepEqual(readNumber('1,5', 'de'), { ok: true, value: '1.5' });
    assert.deepEqual(readNumber('1.5', 'de'), { ok: false, reason: 'grouping' });
    assert.deepEqual(readNumber('1.000', 'de'), { ok: true, value: '1000' });
  });

  test("times with the locale's digits", () => {
    assert.equal(formatCountdown(65_000, 'bn'), '১:০৫');
    assert.equal(formatCountdown(65_000, 'fr'), '1:05');
    assert.equal(formatCountdown(65_000, 'hi-u-nu-deva'), '१:०५');
  });
});
