import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { readNumber } from '../../../src/domain/amounts/number-input.js';
import { formatUsd, readableAmount } from '../../../src/util/format.js';

describe('readableAmount', () => {
  test('about six significant digits, cut toward zero, every whole digit kept', () => {
    assert.deepEqual(readableAmount('2.84256588', 'en'), { text: '2.84256', full: '2.84256588' });
    assert.deepEqual(readableAmount('2.842569', 'en'), { text: '2.84256', full: '2.842569' });
    assert.deepEqual(readableAmount('11975.3045', 'en'), { text: '11,975.3', full: '11,975.3045' });
    assert.deepEqual(readableAmount('1234567.89', 'en'), { text: '1,234,567', full: '1,234,567.89' });
    assert.deepEqual(readableAmount('0.000012345678', 'en'), { text: '0.0000123456', full: '0.000012345678' });
  });

  test('the boundary: six significant digits are shown whole, the seventh is cut', () => {
    assert.equal(readableAmount('1.23456', 'en').text, '1.23456');
    assert.equal(readableAmount('1.234567', 'en').text, '1.23456');
    assert.equal(readableAmount('0.0123456', 'en').text, '0.0123456');
    assert.equal(readableAmount('0.01234567', 'en').text, '0.0123456');
  });

  test("never more fraction digits than the asset's decimals", () => {
    assert.equal(readableAmount('0.000012345678', 'en', 8).text, '0.00001234');
    assert.equal(readableAmount('2.84256588', 'en', 2).text, '2.84');
    assert.equal(readableAmount('2.84256588', 'en', 0).text, '2');
  });

  test('short amounts are shown as they are; grouping and digits follow the locale', () => {
    assert.deepEqual(readableAmount('0.1', 'en'), { text: '0.1', full: '0.1' });
    assert.deepEqual(readableAmount('0', 'en'), { text: '0', full: '0' });
    assert.deepEqual(readableAmount('1234.5', 'es'), { text: '1234,5', full: '1234,5' });
    assert.deepEqual(readableAmount('12345.678', 'de'), { text: '12.345,6', full: '12.345,678' });
    assert.equal(readableAmount('2.84256588', 'ar-EG').text, '٢٫٨٤٢٥٦');
  });

  test('its full text reads back, in its locale, as the amount', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(0|[1-9]\d{0,14})(\.\d{0,17}[1-9])?$/),
        fc.constantFrom('en', 'es', 'fr', 'ar-EG', 'fa', 'zh-Hans'),
        (value, locale) => {
          const r = readNumber(readableAmount(value, locale).full, locale);
          assert.deepEqual(r, { ok: true, value });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('formatUsd', () => {
  test('to the cent, grouped for the locale', () => {
    assert.equal(formatUsd('11975.3', 'en'), '$11,975.30');
    assert.equal(formatUsd('0.01', 'en'), '$0.01');
    assert.equal(formatUsd('0', 'en'), '$0.00');
    assert.equal(formatUsd('1234.5', 'fr').replace(/\s/g, ' '), '1 234,50 $');
  });

  test('< $0.01 for a value above zero and below a cent', () => {
    assert.equal(formatUsd('0.009999', 'en'), '< $0.01');
    assert.equal(formatUsd('0.000001', 'en'), '< $0.01');
    assert.equal(formatUsd('0.01', 'en'), '$0.01');
    assert.equal(formatUsd('0.000000', 'en'), '$0.00');
  });

  test('a plain $ in every language: no US$ or $US', () => {
    for (const locale of ['ar', 'ar-EG', 'fr', 'es', 'zh-Hans', 'fa', 'pt-BR']) {
      const text = formatUsd('1234.5', locale);
      assert.match(text, /\$/, locale);
      assert.doesNotMatch(text, /US|USD/, `${locale}: ${text}`);
    }
  });
});
