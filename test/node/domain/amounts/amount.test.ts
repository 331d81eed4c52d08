import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  addDecimal,
  compareDecimal,
  fractionDigits,
  fromUnits,
  isDecimalString,
  mulDecimal,
  normalizeDecimal,
  subDecimal,
  toUnits,
  truncateDecimal,
} from '../../../../src/domain/amounts/amount.js';

const RUNS = { numRuns: 300 };

/** Non-negative integers up to about 2^160, biased toward small and boundary values by fast-check. */
const units = fc.bigInt({ min: 0n, max: 2n ** 160n });
const decimals = fc.integer({ min: 0, max: 30 });
/** A decimal string as a user or a service might write it: leading zeros, trailing zeros. */
const decimalString = fc.stringMatching(/^\d{1,40}(\.\d{1,40})?$/);
/** A value and its exact scaled integer: `x / 10^d`. */
const scaled = fc.tuple(units, decimals).map(([x, d]) => ({ x, d, s: fromUnits(x, d) }));

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const sign = (n: bigint): -1 | 0 | 1 => (n < 0n ? -1 : n > 0n ? 1 : 0);

describe('decimal strings', () => {
  test('isDecimalString accepts digits with one optional point and digits after it', () => {
    for (const s of ['0', '1', '007', '0.5', '1.000', '123456789012345678901234567890.123'])
      assert.ok(isDecimalString(s), s);
    for (const s of [
      '',
      '1e5',
      '-1',
      '+1',
      '.5',
      '1.',
      ' 1',
      '1 ',
      '0x10',
      '1,5',
      '1.2.3',
      'NaN',
      'Infinity',
      '١',
      '１',
    ]) {
      assert.equal(isDecimalString(s), false, JSON.stringify(s));
    }
  });

  test('fractionDigits', () => {
    assert.equal(fractionDigits('12'), 0);
    assert.equal(fractionDigits('12.0'), 1);
    assert.equal(fractionDigits('0.123456789'), 9);
  });
});

describe('toUnits / fromUnits', () => {
  test('examples', () => {
    assert.equal(toUnits('1.5', 6), 1_500_000n);
    assert.equal(toUnits('0', 18), 0n);
    assert.equal(toUnits('007.50', 2), 750n);
    assert.equal(toUnits('1', 0), 1n);
    assert.equal(fromUnits(1_500_000n, 6), '1.5');
    assert.equal(fromUnits(1n, 18), '0.000000000000000001');
    assert.equal(fromUnits(0n, 8), '0');
    assert.equal(fromUnits(100n, 0), '100');
    assert.equal(fromUnits(-5n, 1), '-0.5');
  });

  test('rejects what is not a decimal string', () => {
    for (const s of ['1e5', '-1', '.5', '1.', ' 1', '1 ', '0x10', '', '1_000', '∞']) {
      assert.throws(() => toUnits(s, 8), RangeError, JSON.stringify(s));
    }
  });

  test('rejects bad decimals', () => {
    for (const d of [-1, 1.5, 78, Number.NaN]) assert.throws(() => toUnits('1', d), RangeError, String(d));
  });

  test('boundaries: exactly `d` fraction digits kept, the digit after them cut', () => {
    for (let d = 0; d <= 30; d++) {
      const exact = d === 0 ? '7' : `7.${'9'.repeat(d)}`;
      assert.equal(toUnits(exact, d), BigInt(`7${'9'.repeat(d)}`), `d=${d}`);
      assert.equal(toUnits(`${exact}${d === 0 ? '.' : ''}9`, d), BigInt(`7${'9'.repeat(d)}`), `d=${d} plus one digit`);
    }
  });

  test('huge values (78 digits) keep every digit', () => {
    const big = '9'.repeat(78);
    assert.equal(toUnits(big, 0), BigInt(big));
    assert.equal(toUnits(`${big}.123456789`, 18), BigInt(big) * pow10(18) + 123456789n * pow10(9));
    assert.equal(fromUnits(BigInt(big), 18), `${'9'.repeat(60)}.${'9'.repeat(18)}`);
    assert.equal(toUnits(fromUnits(2n ** 256n - 1n, 18), 18), 2n ** 256n - 1n);
  });

  test('property: toUnits(fromUnits(x, d), d) === x', () => {
    fc.assert(
      fc.property(units, decimals, (x, d) => {
        const s = fromUnits(x, d);
        assert.ok(isDecimalString(s), s);
        assert.equal(toUnits(s, d), x);
      }),
      RUNS,
    );
  });

  test('property: fromUnits writes the shortest form (no leading or trailing zeros)', () => {
    fc.assert(
      fc.property(units, decimals, (x, d) => {
        const s = fromUnits(x, d);
        assert.doesNotMatch(s, /^0\d/);
        assert.doesNotMatch(s, /\.\d*0$/);
      }),
      RUNS,
    );
  });

  test('property: truncation cuts toward zero, never rounds up', () => {
    fc.assert(
      fc.property(decimalString, decimals, (s, d) => {
        const f = fractionDigits(s);
        const exact = toUnits(s, f); // s × 10^f, exactly
        const cut = toUnits(s, d);
        if (d >= f) {
          assert.equal(cut, exact * pow10(d - f));
        } else {
          const scale = pow10(f - d);
          assert.ok(cut * scale <= exact, 'never above the exact value');
          assert.ok(exact - cut * scale < scale, 'less than one unit below it');
        }
      }),
      RUNS,
    );
  });

  test('truncateDecimal and normalizeDecimal', () => {
    assert.equal(truncateDecimal('1.999', 2), '1.99');
    assert.equal(truncateDecimal('0.0000001', 6), '0');
    assert.equal(truncateDecimal('5', 8), '5');
    assert.equal(normalizeDecimal('007.50'), '7.5');
    assert.equal(normalizeDecimal('0.000'), '0');
    assert.equal(normalizeDecimal('000'), '0');
    fc.assert(
      fc.property(decimalString, (s) => {
        const n = normalizeDecimal(s);
        assert.equal(compareDecimal(n, s), 0);
        assert.equal(normalizeDecimal(n), n);
      }),
      RUNS,
    );
  });
});

describe('arithmetic against bigint arithmetic', () => {
  test('property: compareDecimal agrees with bigint comparison', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        const D = Math.max(a.d, b.d);
        const expected = sign(a.x * pow10(D - a.d) - b.x * pow10(D - b.d));
        assert.equal(compareDecimal(a.s, b.s), expected);
        assert.equal(compareDecimal(b.s, a.s), -expected || 0);
        assert.equal(compareDecimal(a.s, a.s), 0);
      }),
      RUNS,
    );
  });

  test('compareDecimal ignores leading and trailing zeros', () => {
    assert.equal(compareDecimal('1.50', '1.5'), 0);
    assert.equal(compareDecimal('01', '1.000'), 0);
    assert.equal(compareDecimal('0.1', '0.09999999999999999999999'), 1);
    assert.equal(compareDecimal('2', '10'), -1);
  });

  test('property: addDecimal and subDecimal are exact', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        const D = Math.max(a.d, b.d);
        const ax = a.x * pow10(D - a.d);
        const bx = b.x * pow10(D - b.d);
        assert.equal(toUnits(addDecimal(a.s, b.s), D), ax + bx);
        const diff = subDecimal(a.s, b.s);
        assert.equal(diff, fromUnits(ax - bx, D));
        assert.equal(diff.startsWith('-'), ax < bx);
      }),
      RUNS,
    );
  });

  test('property: mulDecimal is the exact product cut to `decimals`', () => {
    fc.assert(
      fc.property(scaled, scaled, decimals, (a, b, d) => {
        // a × b = (a.x × b.x) / 10^(a.d + b.d); cut toward zero to d digits.
        const expected = (a.x * b.x * pow10(d)) / pow10(a.d + b.d);
        assert.equal(toUnits(mulDecimal(a.s, b.s, d), d), expected);
      }),
      RUNS,
    );
  });

  test('examples', () => {
    assert.equal(mulDecimal('1.5', '2', 8), '3');
    assert.equal(mulDecimal('0.333', '3', 2), '0.99');
    assert.equal(addDecimal('0.1', '0.2'), '0.3');
    assert.equal(subDecimal('1', '1.5'), '-0.5');
    assert.equal(subDecimal('1.5', '1.5'), '0');
  });
});

describe('1e8 units (the limits protocol memos count in: toUnits at 8, as memoLimitFloor reads them)', () => {
  test('examples', () => {
    assert.equal(toUnits('1', 8), 100_000_000n);
    assert.equal(toUnits('0.123456789', 8), 12_345_678n);
    assert.equal(toUnits('0.000000009', 8), 0n);
  });

  test('property: an 18-decimals value is cut toward zero to 1e8 units', () => {
    fc.assert(
      fc.property(units, (x) => {
        assert.equal(toUnits(fromUnits(x, 18), 8), x / 10n ** 10n);
      }),
      RUNS,
    );
  });
});
