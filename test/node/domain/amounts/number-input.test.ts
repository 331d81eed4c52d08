import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  decimalText,
  knownNumberMarks,
  numberMarks,
  readNumber,
  type NumberReading,
} from '../../../../src/domain/amounts/number-input.js';

const ok = (value: string): NumberReading => ({ ok: true, value });
const no = (reason: string, mark?: string) => ({ ok: false, reason, ...(mark ? { mark } : {}) });
const read = (text: string, locale: string) => readNumber(text, locale);

describe('readNumber: English (a point, a comma that groups)', () => {
  test('a comma groups thousands: 1,000 is one thousand, never 1', () => {
    assert.deepEqual(read('1,000', 'en'), ok('1000'));
    assert.deepEqual(read('1,000.5', 'en'), ok('1000.5'));
    assert.deepEqual(read('12,345,678.901', 'en'), ok('12345678.901'));
  });

  test('a comma out of place is refused as grouping, never read as a point', () => {
    for (const text of ['1,00', '1,5', '0,5', '1,0000', ',5', '1,000,', '1,000.000,5', '01,000'])
      assert.deepEqual(read(text, 'en'), no('grouping'), text);
    assert.deepEqual(read('1.000,5', 'en'), no('grouping'));
  });

  test('.5 and 5. read; a lone point, two points, signs, exponents and letters do not', () => {
    assert.deepEqual(read('.5', 'en'), ok('0.5'));
    assert.deepEqual(read('5.', 'en'), ok('5'));
    for (const text of ['.', '1.2.3', '1..2', '-1', '+1', '1e5', 'abc', '0x10', '½'])
      assert.deepEqual(read(text, 'en'), no('format'), text);
  });

  test('spaces around are left out; nothing typed is empty', () => {
    assert.deepEqual(read(' \u00a012.5\t ', 'en'), ok('12.5'));
    assert.deepEqual(read('', 'en'), no('empty'));
    assert.deepEqual(read('   ', 'en'), no('empty'));
  });

  test('leading zeros go, the fraction keeps its digits (the asset decimals count them)', () => {
    assert.deepEqual(read('007.50', 'en'), ok('7.50'));
    assert.deepEqual(read('0.000000000000000000001', 'en'), ok('0.000000000000000000001'));
  });

  test('a space groups too; groups are of one kind', () => {
    assert.deepEqual(read('1 000 000', 'en'), ok('1000000'));
    assert.deepEqual(read("1'000", 'en'), ok('1000'));
    assert.deepEqual(read('1,000 000', 'en'), no('grouping'));
    assert.deepEqual(read("1,000'000", 'en'), no('grouping'));
    assert.deepEqual(read('1\u066c000,000', 'en'), no('grouping'));
    assert.deepEqual(read('1.000 5', 'en'), no('grouping'));
  });

  test('Indian grouping (groups of two, the last of three) reads', () => {
    assert.deepEqual(read('1,00,000', 'hi'), ok('100000'));
    assert.deepEqual(read('12,34,567.5', 'en-IN'), ok('1234567.5'));
    assert.deepEqual(read('1,00,00', 'hi'), no('grouping'));
  });
});

describe('readNumber: a comma for decimals', () => {
  for (const locale of ['es', 'de', 'pt-BR']) {
    test(`${locale}: the comma is the point, the dot groups`, () => {
      assert.deepEqual(read('1,5', locale), ok('1.5'));
      assert.deepEqual(read('1.000', locale), ok('1000'));
      assert.deepEqual(read('1.000,5', locale), ok('1000.5'));
      assert.deepEqual(read(',5', locale), ok('0.5'));
      assert.deepEqual(read('5,', locale), ok('5'));
      // The dot is never a point here.
      assert.deepEqual(read('1.5', locale), no('grouping'));
      assert.deepEqual(read('1,000.5', locale), no('grouping'));
      assert.deepEqual(read('1,2,3', locale), no('format'));
    });
  }

  test('fr: spaces group (typed, no-break or narrow no-break); the dot, which French does not use, is refused where it could be either', () => {
    for (const space of [' ', '\u00a0', '\u202f'])
      assert.deepEqual(read(`1${space}000,5`, 'fr'), ok('1000.5'), JSON.stringify(space));
    assert.deepEqual(read('1.000', 'fr'), no('ambiguous', '.'));
    assert.deepEqual(read('12.500', 'fr'), no('ambiguous', '.'));
    // It can only be a point, or only a group: read so.
    assert.deepEqual(read('1.5', 'fr'), ok('1.5'));
    assert.deepEqual(read('0.125', 'fr'), ok('0.125'));
    assert.deepEqual(read('1.000.000', 'fr'), ok('1000000'));
    assert.deepEqual(read('1.000,5', 'fr'), ok('1000.5'));
    assert.deepEqual(read('1.2.3', 'fr'), no('grouping'));
  });

  test('de-CH: the point, an apostrophe groups; the comma could be either', () => {
    assert.deepEqual(read("1'000.5", 'de-CH'), ok('1000.5'));
    assert.deepEqual(read('1\u2019000.5', 'de-CH'), ok('1000.5'));
    assert.deepEqual(read('1,5', 'de-CH'), ok('1.5'));
    assert.deepEqual(read('1,000', 'de-CH'), no('ambiguous', ','));
  });
});

describe('readNumber: native digits and Arabic separators', () => {
  test('ar: Arabic-Indic digits with U+066B (point) and U+066C (group)', () => {
    assert.deepEqual(read('١٢٣', 'ar'), ok('123'));
    assert.deepEqual(read('٠٫٥', 'ar'), ok('0.5'));
    assert.deepEqual(read('١٬٠٠٠٫٢٥', 'ar'), ok('1000.25'));
    assert.deepEqual(read('١٬٠٠', 'ar'), no('grouping'));
    assert.deepEqual(read('٫٥', 'ar'), ok('0.5'));
  });

  test('ar-EG (Arabic digits by default): the keyboard point reads, the comma could be either', () => {
    assert.deepEqual(read('١٫٥', 'ar-EG'), ok('1.5'));
    assert.deepEqual(read('1.5', 'ar-EG'), ok('1.5'));
    assert.deepEqual(read('1,000', 'ar-EG'), no('ambiguous', ','));
  });

  test('fa: Persian digits', () => {
    assert.deepEqual(read('۱۲٫۵', 'fa'), ok('12.5'));
    assert.deepEqual(read('۱٬۲۳۴', 'fa'), ok('1234'));
    assert.deepEqual(read('۰', 'fa'), ok('0'));
    assert.deepEqual(read('۹', 'fa'), ok('9'));
  });

  test('zh: full-width digits and marks, as an input method in full-width mode types them', () => {
    assert.deepEqual(read('１２．５', 'zh-Hans'), ok('12.5'));
    assert.deepEqual(read('１，０００', 'zh-Hans'), ok('1000'));
    assert.deepEqual(read('1,000', 'zh'), ok('1000'));
  });

  test('other look-alikes are not digits', () => {
    for (const text of ['²', '①', '5²', '١a']) assert.deepEqual(read(text, 'en'), no('format'), text);
  });
});

describe('numberMarks and decimalText', () => {
  test("the locale's marks; English's for a tag Intl refuses", () => {
    assert.deepEqual(numberMarks('en'), { point: '.', group: ',' });
    assert.deepEqual(numberMarks('es'), { point: ',', group: '.' });
    assert.equal(numberMarks('ar-EG').point, '.');
    assert.equal(numberMarks('ar-EG').group, '\u066c');
    assert.deepEqual(numberMarks('not a tag!'), { point: '.', group: ',' });
    assert.deepEqual(read('1,000', 'not a tag!'), ok('1000'));
  });

  test('a decimal string as the locale types it, which reads back the same', () => {
    assert.equal(decimalText('0.5', 'es'), '0,5');
    assert.equal(decimalText('0.5', 'en'), '0.5');
    assert.equal(decimalText('1', 'es'), '1');
    assert.equal(decimalText('0.1abc', 'es'), '0.1abc');
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{0,12}\.\d{1,12}$/),
        fc.constantFrom('en', 'es', 'fr', 'de-CH', 'ar', 'ar-EG', 'fa', 'zh-Hans'),
        (value, locale) => {
          assert.deepEqual(read(decimalText(value, locale), locale), ok(value));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readNumber: properties', () => {
  const locales = fc.constantFrom('en', 'es', 'de', 'fr', 'de-CH', 'hi', 'ar', 'ar-EG', 'fa', 'zh-Hans');

  test('what Intl writes for a locale reads back as the same number (grouped, native digits)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(0|[1-9]\d{0,14})(\.\d{0,5}[1-9])?$/), locales, (value, locale) => {
        const written = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value as unknown as number);
        assert.deepEqual(read(written, locale), ok(value), `${value} written ${written} in ${locale}`);
      }),
      { numRuns: 500 },
    );
  });

  test("digits and the locale's grouping separator alone never read as a fraction", () => {
    fc.assert(
      fc.property(locales, fc.array(fc.stringMatching(/^\d{0,4}$/), { minLength: 2, maxLength: 5 }), (locale, runs) => {
        const r = read(runs.join(numberMarks(locale).group), locale);
        if (r.ok) assert.ok(!r.value.includes('.'), `${runs} read as ${r.value}`);
      }),
      { numRuns: 500 },
    );
  });

  test('any text: no exception, and a reading is a decimal string', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30, unit: fc.constantFrom(..."0123456789.,\u066b\u066c \u00a0'-e١۱５", 'a') }),
        locales,
        (text, locale) => {
          const r = read(text, locale);
          if (r.ok) assert.match(r.value, /^\d+(\.\d+)?$/);
          else assert.ok(['empty', 'format', 'grouping', 'ambiguous'].includes(r.reason));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('whole numbers need no Intl.NumberFormat (the first frame builds none)', () => {
  test('a whole number and nothing are read and written back without reading the locale', () => {
    const locale = 'de-AT-u-nu-latn'; // read nowhere else in this file
    assert.equal(decimalText('1', locale), '1');
    assert.equal(decimalText('007', locale), '007');
    assert.deepEqual(read('  007 ', locale), ok('7'));
    assert.deepEqual(read('0', locale), ok('0'));
    assert.deepEqual(read(' ', locale), no('empty'));
    assert.equal(knownNumberMarks(locale), undefined);
  });
  test('a decimal, a grouped number or other digits read the locale (once, then known)', () => {
    const locale = 'de-CH-u-nu-latn';
    assert.equal(knownNumberMarks(locale), undefined);
    assert.equal(decimalText('0.5', locale), '0.5');
    assert.deepEqual(knownNumberMarks(locale), numberMarks(locale));
    for (const [text, l] of [
      ['1.000', 'fr-CA-u-nu-latn'],
      ['١٢', 'ar-EG-u-nu-latn'],
    ] as const) {
      assert.equal(knownNumberMarks(l), undefined);
      read(text, l);
      assert.ok(knownNumberMarks(l), `${text} in ${l}`);
    }
  });
  test('digits and spaces around them: the whole number, leading zeros dropped; nothing: empty', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12, unit: fc.constantFrom(...'0123456789') }), (digits) => {
        const r = read(` ${digits}  `, 'en');
        assert.deepEqual(r, digits ? ok(String(BigInt(digits))) : no('empty'));
      }),
    );
  });
});
