/**
 * The reference service's own decimal arithmetic (demo/server/decimal.ts) against values
 * worked out by hand, not against the widget's `src/domain/amounts/amount.ts`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { divDecimal, fractionDigits, fromUnits, toUnits } from '../../../demo/server/decimal.js';

describe('reference service: decimal strings and base units', () => {
  test('fractionDigits counts the digits after the point, trailing zeros included', () => {
    for (const [value, digits] of [
      ['7', 0],
      ['0.5', 1],
      ['1.250', 3],
      ['0.000000000000000001', 18],
    ] as const) {
      assert.equal(fractionDigits(value), digits, value);
    }
  });

  test('toUnits scales, pads, and cuts extra digits toward zero', () => {
    const cases: [string, number, bigint][] = [
      ['0.1', 8, 10_000_000n],
      ['1', 18, 1_000_000_000_000_000_000n],
      ['2500.5', 6, 2_500_500_000n],
      ['0.123456789', 6, 123_456n], // cut, not rounded up
      ['0.999999999', 6, 999_999n],
      ['007.50', 2, 750n],
      ['3', 0, 3n],
      ['3.9', 0, 3n],
      ['0', 8, 0n],
      ['340282366920938463463.374607431768211455', 18, 340282366920938463463374607431768211455n],
    ];
    for (const [value, decimals, units] of cases)
      assert.equal(toUnits(value, decimals), units, `${value} @ ${decimals}`);
  });

  test('toUnits refuses what is not a plain decimal string', () => {
    for (const bad of ['', '.5', '1.', '-1', '+1', '1e5', ' 1', '1,5', '0x10', 'NaN'])
      assert.throws(() => toUnits(bad, 8), RangeError, JSON.stringify(bad));
    assert.throws(() => toUnits('1', -1), RangeError);
    assert.throws(() => toUnits('1', 1.5), RangeError);
  });

  test('fromUnits writes the shortest form', () => {
    const cases: [bigint, number, string][] = [
      [1_500_000n, 6, '1.5'],
      [10_000_000n, 8, '0.1'],
      [1n, 18, '0.000000000000000001'],
      [100n, 2, '1'],
      [0n, 8, '0'],
      [123n, 0, '123'],
      [-2_500n, 3, '-2.5'],
      [-1n, 2, '-0.01'],
    ];
    for (const [units, decimals, value] of cases)
      assert.equal(fromUnits(units, decimals), value, `${units} @ ${decimals}`);
  });

  test('divDecimal divides at any scale and cuts toward zero', () => {
    assert.equal(divDecimal('1', '3', 10), '0.3333333333');
    assert.equal(divDecimal('2', '3', 4), '0.6666');
    assert.equal(divDecimal('65000', '0.5', 2), '130000');
    assert.equal(divDecimal('0.25', '2.5', 3), '0.1');
    assert.equal(divDecimal('1.5', '1', 0), '1');
    assert.equal(divDecimal('1', '0', 8), undefined);
    assert.equal(divDecimal('1', '0.000', 8), undefined);
  });
});
