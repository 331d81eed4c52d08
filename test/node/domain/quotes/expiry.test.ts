import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseExpiration } from '../../../../src/domain/quotes/routes.js';

const RUNS = { numRuns: 500 };

describe('expiration', () => {
  it('examples: 10 digits are seconds, 13 milliseconds, ISO with an offset; the rest unreadable', () => {
    assert.equal(parseExpiration('1795360590'), 1_795_360_590_000);
    assert.equal(parseExpiration(1795360590), 1_795_360_590_000);
    assert.equal(parseExpiration('1795360590123'), 1_795_360_590_123);
    assert.equal(
      parseExpiration(1795360590123),
      1_795_360_590_123,
      'milliseconds as a JSON number are not read as seconds',
    );
    assert.equal(parseExpiration('2026-11-22T10:00:00Z'), Date.UTC(2026, 10, 22, 10));
    assert.equal(parseExpiration('2026-11-22T11:00:00.5+01:00'), Date.UTC(2026, 10, 22, 10, 0, 0, 500));
    assert.equal(parseExpiration(undefined), undefined);
    assert.equal(parseExpiration(''), undefined);
    for (const bad of [
      'soon',
      '17953605901',
      '179536059',
      '1795360590123456',
      '2026-11-22',
      '2026-11-22T10:00:00',
      '1795360590.5',
      '-1795360590',
      ' 1795360590',
      'Sat, 22 Nov 2026 10:00:00 GMT',
    ]) {
      assert.ok(Number.isNaN(parseExpiration(bad)), bad);
    }
    for (const bad of [1795360590.5, -1795360590, 17953605901, Number.NaN, Number.POSITIVE_INFINITY, 0])
      assert.ok(Number.isNaN(parseExpiration(bad)), String(bad));
  });

  it('property: digits as a string and as a number read the same, by their length only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const a = parseExpiration(n)!;
        const b = parseExpiration(String(n))!;
        const digits = String(n).length;
        if (digits === 10) return a === n * 1000 && b === a;
        if (digits === 13) return a === n && b === a;
        return Number.isNaN(a) && Number.isNaN(b);
      }),
      RUNS,
    );
  });

  it('property: a 13-digit expiry in the past is in the past, whatever its form (never taken for seconds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000_000_000, max: Date.now() - 1 }),
        (ms) => parseExpiration(ms)! <= Date.now() && parseExpiration(String(ms))! <= Date.now(),
      ),
      RUNS,
    );
  });

  it('property: any date as ISO with an offset reads back to itself', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => parseExpiration(d.toISOString()) === d.getTime(),
      ),
      RUNS,
    );
  });

  it('property: never throws; any other text is undefined (empty) or unreadable', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9T:.Z+-]{0,30}$/)), (s) => {
        const v = parseExpiration(s);
        return v === undefined ? s === '' : typeof v === 'number';
      }),
      RUNS,
    );
  });
});
