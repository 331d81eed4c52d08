import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  MAX_STREAMING_BLOCKS,
  matchMemoAsset,
  memoBytes,
  parseSwapMemo,
  SHORT_ASSETS,
  streamingWithinLimits,
  type SwapMemo,
} from '../../../../src/domain/chains/memo.js';
import { buildSwapMemo, type SwapMemoInput } from '../../../support/memo-writer.js';
import { SHORT_CODE_VECTORS } from '../../../fixtures/golden/memos.js';

const RUNS = { numRuns: 300 };

const BTC_DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

/** Parses and insists on success. */
function parsed(text: string): SwapMemo {
  const r = parseSwapMemo(text, SHORT_ASSETS);
  assert.ok(r.ok, `${text}: ${r.ok ? '' : r.problem}`);
  return r.memo;
}

/** Parses and insists on a refusal; returns the problem's code. */
function refused(text: string): string {
  const r = parseSwapMemo(text, SHORT_ASSETS);
  assert.equal(r.ok, false, `${text} should be refused`);
  return r.ok ? '' : r.problem;
}

// ---- arbitraries ---------------------------------------------------------------------------

const asset = fc.oneof(
  fc.constantFrom(
    'BTC.BTC',
    'ETH.ETH',
    USDC,
    'THOR.RUNE',
    'GAIA.ATOM',
    'BTC/BTC',
    'BTC~BTC',
    'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ),
  fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}\.[A-Z0-9]{1,10}(-0[xX][0-9a-fA-F]{40})?$/),
);
/** Addresses of every style; none contains the memo separators `:` or `/`. */
const destination = fc.oneof(
  fc.constantFrom(
    BTC_DEST,
    ETH_DEST,
    'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt',
    'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'.slice(12),
  ),
  fc.stringMatching(/^[A-Za-z0-9_.-]{1,90}$/),
);
const limit = fc.bigInt({ min: 0n, max: 2n ** 128n });
const affiliate = fc.stringMatching(/^[a-z0-9_+-]{1,20}$/);
const streaming = fc.option(
  fc.record({
    interval: fc.integer({ min: 0, max: 10_000 }),
    quantity: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
  }),
  { nil: undefined },
);
const memoInput: fc.Arbitrary<SwapMemoInput> = fc
  .record({
    asset,
    destination,
    limit,
    streaming,
    affiliate: fc.option(affiliate, { nil: undefined }),
    feeBps: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
  })
  .map(({ streaming: s, ...rest }) => ({
    ...rest,
    ...(s ? { interval: s.interval, ...(s.quantity !== undefined ? { quantity: s.quantity } : {}) } : {}),
  }));

// ---- tests -------------------------------------------------------------------------------------

describe('buildSwapMemo / parseSwapMemo', () => {
  test('examples', () => {
    assert.equal(
      buildSwapMemo({ asset: 'BTC.BTC', destination: BTC_DEST, limit: 12345n }),
      `=:BTC.BTC:${BTC_DEST}:12345`,
    );
    assert.equal(
      buildSwapMemo({ asset: USDC, destination: ETH_DEST, limit: 0n, interval: 1, affiliate: 'ss', feeBps: 50 }),
      `=:${USDC}:${ETH_DEST}:0/1/0:ss:50`,
    );
    assert.equal(
      buildSwapMemo({ asset: 'ETH.ETH', destination: ETH_DEST, limit: 1n, affiliate: 'ss' }),
      `=:ETH.ETH:${ETH_DEST}:1:ss:0`,
    );
  });

  test('property: parse(build(m)) gives m back', () => {
    fc.assert(
      fc.property(memoInput, (m) => {
        const text = buildSwapMemo(m);
        const expected: SwapMemo = {
          asset: m.asset,
          destination: m.destination,
          limit: m.limit,
          ...(m.interval !== undefined ? { interval: m.interval, quantity: m.quantity ?? 0 } : {}),
          affiliates: m.affiliate ? [m.affiliate] : [],
          feesBps: m.affiliate ? [m.feeBps ?? 0] : [],
        };
        assert.deepEqual(parsed(text), expected);
      }),
      RUNS,
    );
  });

  test('property: build(parse(text)) is stable on built memos', () => {
    fc.assert(
      fc.property(memoInput, (m) => {
        const once = buildSwapMemo(m);
        const p = parsed(once);
        const again = buildSwapMemo({
          asset: p.asset,
          destination: p.destination,
          limit: p.limit,
          ...(p.interval !== undefined ? { interval: p.interval, quantity: p.quantity } : {}),
          ...(p.affiliates[0] !== undefined ? { affiliate: p.affiliates[0], feeBps: p.feesBps[0] } : {}),
        });
        assert.equal(again, once);
      }),
      RUNS,
    );
  });
});

describe('parseSwapMemo: short forms', () => {
  test('function as =, s, SWAP in any case', () => {
    for (const fn of ['=', 's', 'S', 'swap', 'SWAP', 'Swap'])
      assert.equal(parsed(`${fn}:BTC.BTC:${BTC_DEST}`).asset, 'BTC.BTC');
  });

  test("protocol A's short codes (one letter, and `tr`)", () => {
    const m = parsed(`s:b:${BTC_DEST}:123`);
    assert.equal(m.asset, 'BTC.BTC');
    assert.equal(m.destination, BTC_DEST);
    assert.equal(m.limit, 123n);
    // Protocol A's codes, written by hand from its ShortCode() table
    // (test/fixtures/golden/memos.ts), not read from SHORT_ASSETS itself.
    const codes = Object.entries(SHORT_CODE_VECTORS.PROTOCOL_A);
    for (const [code, full] of codes) assert.equal(parsed(`=:${code}:addr`).asset, full, code);
    assert.deepEqual(
      Object.keys(SHORT_ASSETS).sort(),
      codes.map(([code]) => code).sort(),
      'no code the protocol does not read',
    );
    assert.equal(refused('=:z:addr'), 'unknown-short-asset');
    assert.equal(refused('=:BTC:addr'), 'unknown-short-asset');
  });

  test('names of Object.prototype members are not looked up: unknown short codes', () => {
    // Regression: `SHORT_ASSETS['constructor']` used to put a function into `memo.asset`.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      assert.equal(refused(`=:${name}:addr:0`), 'unknown-short-asset', name);
    }
  });

  test('limits with an exponent', () => {
    assert.equal(parsed(`SWAP:e:${ETH_DEST}:1e6`).limit, 1_000_000n);
    assert.equal(parsed(`=:e:${ETH_DEST}:12E6`).limit, 12_000_000n);
    assert.equal(parsed(`=:e:${ETH_DEST}:1e30`).limit, 10n ** 30n);
    assert.equal(parsed(`=:e:${ETH_DEST}:0e0`).limit, 0n);
    assert.equal(parsed(`=:e:${ETH_DEST}:${2n ** 128n}`).limit, 2n ** 128n);
    assert.equal(parsed(`=:e:${ETH_DEST}`).limit, 0n);
    assert.equal(parsed(`=:e:${ETH_DEST}:`).limit, 0n);
  });

  test('a short token contract is matched against the full identifier', () => {
    const m = parsed(`=:ETH.USDC-6EB48:${ETH_DEST}:0`);
    assert.equal(m.asset, 'ETH.USDC-6EB48');
    assert.ok(matchMemoAsset(m.asset, USDC).ok);
    assert.ok(matchMemoAsset(m.asset, USDC.toUpperCase()).ok);
    assert.ok(matchMemoAsset('eth.usdc-6eb48', USDC).ok);
    assert.ok(matchMemoAsset(USDC, USDC.toUpperCase()).ok);
    assert.ok(matchMemoAsset('BTC.BTC', 'BTC.BTC').ok);
    // Other token, other chain, other symbol, not a suffix:
    assert.equal(matchMemoAsset(m.asset, 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7').ok, false);
    assert.equal(matchMemoAsset(m.asset, 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831').ok, false);
    assert.equal(matchMemoAsset(m.asset, 'BASE.USDC-0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913').ok, false);
    assert.equal(matchMemoAsset('ETH.USDT-6EB48', USDC).ok, false);
    assert.equal(matchMemoAsset(m.asset, 'ETH.ETH').ok, false);
    assert.equal(matchMemoAsset('ETH.ETH-48', 'ETH.ETH').ok, false, 'a native asset has no contract to abbreviate');
    assert.equal(matchMemoAsset('ETH.USDC-0XA0B86', USDC).ok, false); // a prefix, not a suffix
    // Any length of suffix, none included, when no other known token of the ticker ends with it.
    assert.ok(matchMemoAsset('ETH.USDC-B48', USDC).ok);
    assert.ok(matchMemoAsset('ETH.USDC-8', USDC).ok);
    assert.ok(matchMemoAsset('ETH.USDC', USDC).ok);
    assert.ok(matchMemoAsset('ETH.USDC-', USDC).ok);
  });

  describe('a contract abbreviation against what the widget knows (THORNode fuzzyAssetMatch)', () => {
    const contract = USDC.slice(USDC.indexOf('-') + 1);
    /** A same-ticker token whose contract differs from USDC's in its first `n` hex digits only: they share the last 40 - n. */
    const twinEndingLike = (n: number) => `ETH.USDC-0x${'f'.repeat(n)}${contract.slice(2 + n)}`;
    const suffixOf = (n: number) => contract.slice(contract.length - n);
    const arb = { n: fc.integer({ min: 0, max: 42 }), upper: fc.boolean(), dash: fc.boolean() };
    const memoOf = (n: number, upper: boolean, dash: boolean) => {
      const short = n === 0 ? (dash ? 'ETH.USDC-' : 'ETH.USDC') : `ETH.USDC-${suffixOf(n)}`;
      return upper ? short.toUpperCase() : short.toLowerCase();
    };

    test('property: any suffix (0 to 42 characters, any case) names the token when it alone of its ticker is known', () => {
      fc.assert(
        fc.property(fc.record(arb), ({ n, upper, dash }) => {
          const known = [
            USDC,
            'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7',
            'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
          ];
          assert.deepEqual(matchMemoAsset(memoOf(n, upper, dash), USDC, known), { ok: true });
        }),
        RUNS,
      );
    });

    test('property: another known token of the ticker ending with the same suffix makes it ambiguous, and is named', () => {
      fc.assert(
        fc.property(fc.record(arb), fc.integer({ min: 1, max: 39 }), ({ n, upper, dash }, differ) => {
          const other = twinEndingLike(differ);
          const shared = 40 - differ;
          const r = matchMemoAsset(memoOf(n, upper, dash), USDC, [USDC, other]);
          // The suffix (of the hex digits after 0x) is shared when it is no longer than what the two share.
          assert.deepEqual(r, n <= shared ? { ok: false, other } : { ok: true }, `${n} of ${shared}`);
        }),
        RUNS,
      );
    });

    test('property: the full identifier in any case names the token whatever else is known', () => {
      fc.assert(
        fc.property(fc.boolean(), fc.integer({ min: 1, max: 39 }), (upper, differ) => {
          const id = upper ? USDC.toUpperCase() : USDC.toLowerCase();
          assert.deepEqual(matchMemoAsset(id, USDC, [USDC, twinEndingLike(differ)]), { ok: true });
        }),
        RUNS,
      );
    });

    test('property: another chain, another ticker or another contract never names it', () => {
      fc.assert(
        fc.property(
          fc.record(arb),
          fc.constantFrom('ARB.USDC', 'ETH.USDT', 'ETH/USDC', 'BSC.USDC'),
          ({ n, upper, dash }, head) => {
            const memo = memoOf(n, upper, dash).replace(/^eth\.usdc/i, upper ? head.toUpperCase() : head.toLowerCase());
            assert.deepEqual(matchMemoAsset(memo, USDC, []), { ok: false });
          },
        ),
        RUNS,
      );
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9a-fA-F]{1,40}$/), (suffix) => {
          const r = matchMemoAsset(`ETH.USDC-${suffix}`, USDC, []);
          assert.equal(r.ok, contract.toLowerCase().endsWith(suffix.toLowerCase()), suffix);
        }),
        RUNS,
      );
    });
  });

  test('several affiliates and fees', () => {
    const m = parsed(`=:b:${BTC_DEST}:0:a/b:10/20`);
    assert.deepEqual(m.affiliates, ['a', 'b']);
    assert.deepEqual(m.feesBps, [10, 20]);
    // Fewer fees than affiliates is allowed (the protocol applies its defaults).
    assert.deepEqual(parsed(`=:b:${BTC_DEST}:0:a/b:10`).feesBps, [10]);
    assert.deepEqual(parsed(`=:b:${BTC_DEST}:0:a`).feesBps, []);
  });

  test('a refund address after the destination', () => {
    const m = parsed(`=:b:${BTC_DEST}/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4:0`);
    assert.equal(m.destination, BTC_DEST);
    assert.equal(m.refundAddress, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    assert.equal('refundAddress' in parsed(`=:b:${BTC_DEST}:0`), false);
  });

  test('streaming parameters', () => {
    const m = parsed(`=:b:${BTC_DEST}:100/3/12`);
    assert.deepEqual([m.limit, m.interval, m.quantity], [100n, 3, 12]);
    const n = parsed(`=:b:${BTC_DEST}:/1`);
    assert.deepEqual([n.limit, n.interval, n.quantity], [0n, 1, 0]);
    assert.equal('interval' in parsed(`=:b:${BTC_DEST}:100`), false);
  });
});

describe('parseSwapMemo: malformed memos are refused with a code', () => {
  test('wrong function', () => {
    for (const t of [
      '',
      'ADD:BTC.BTC:addr',
      '+:BTC.BTC',
      'WITHDRAW:BTC.BTC:10000',
      'noop',
      'swapp:b:addr',
      ' =:b:addr',
    ]) {
      assert.equal(refused(t), 'not-swap', t);
    }
  });

  test('too many fields', () => {
    assert.equal(refused(`=:b:${BTC_DEST}:0:aff:10:extra`), 'too-many-fields');
    assert.equal(refused(`=:b:${BTC_DEST}:0:aff:10:`), 'too-many-fields');
    // The protocol's aggregator fields (positions 6 to 8) are not read by the widget: refused.
    assert.equal(
      refused(
        `=:b:${BTC_DEST}:0:aff:10:0x1111111254eeb25477b68fb85ed929f73a960582:0xdAC17F958D2ee523a2206206994597C13D831ec7:0`,
      ),
      'too-many-fields',
    );
  });

  test('bad limits', () => {
    for (const lim of [
      '12.5',
      '-1',
      '1e',
      'e5',
      '1e-5',
      '0x10',
      '1e31',
      ' 1',
      '1 ',
      '+1',
      '1/2/3/4',
      '100/a/1',
      '100/1/',
      '100//1',
    ]) {
      assert.match(refused(`=:b:${BTC_DEST}:${lim}`), /^malformed-(limit|streaming)$/, lim);
    }
  });

  test('affiliates and fees', () => {
    assert.equal(refused(`=:b:${BTC_DEST}:0::10`), 'fee-without-affiliate');
    assert.equal(refused(`=:b:${BTC_DEST}:0:a:10/20`), 'fee-without-affiliate');
    assert.equal(refused(`=:b:${BTC_DEST}:0:a/:10`), 'empty-affiliate');
    for (const fee of ['1.5', '-1', '1e2', 'x', '10/'])
      assert.equal(refused(`=:b:${BTC_DEST}:0:a:${fee}`), 'malformed-fee', fee);
  });

  test('empty asset or destination', () => {
    assert.equal(refused(`=::${BTC_DEST}`), 'no-asset');
    assert.equal(refused('=:b'), 'no-destination');
    assert.equal(refused('=:b:'), 'no-destination');
    assert.equal(refused('=:b::0'), 'no-destination');
    assert.equal(refused('=:b:/refund:0'), 'malformed-destination');
    assert.equal(refused('=:b:a/b/c:0'), 'malformed-destination');
    assert.equal(refused('=:b:a/:0'), 'malformed-destination');
  });

  test('property: never throws, always a code when refused', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const r = parseSwapMemo(s, SHORT_ASSETS);
        if (!r.ok) assert.ok(r.problem.length > 0);
      }),
      RUNS,
    );
  });
});

describe('memoBytes', () => {
  test('counts UTF-8 bytes', () => {
    assert.equal(memoBytes(''), 0);
    assert.equal(memoBytes('=:b:addr'), 8);
    assert.equal(memoBytes('é'), 2);
    assert.equal(memoBytes('中文'), 6);
    assert.equal(memoBytes('🚀'), 4);
    assert.equal(memoBytes('👩‍👩‍👧'), 18);
  });

  test('property: equals Buffer.byteLength for any Unicode string', () => {
    // Any code point, astral planes included (fast-check's own 'binary' unit takes ~1 s to set up).
    const anyCodePoints = fc.string({
      unit: fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
      maxLength: 40,
    });
    const cjkAndEmoji = fc.string({
      unit: fc.constantFrom('中', '文', '한', 'ア', '🚀', '👍🏽', '👩‍👩‍👧', '🇨🇭', 'é', 'e\u0301', 'a', ':'),
      maxLength: 30,
    });
    // Single UTF-16 code units, lone surrogates included (TextEncoder and Buffer both write U+FFFD for them).
    const anyCodeUnits = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        fc.oneof(anyCodePoints, fc.string({ unit: 'grapheme', maxLength: 20 }), anyCodeUnits, cjkAndEmoji),
        (s) => {
          assert.equal(memoBytes(s), Buffer.byteLength(s, 'utf8'));
        },
      ),
      RUNS,
    );
  });
});

describe('parseSwapMemo: read in full (properties)', () => {
  const refund = fc.constantFrom(BTC_DEST, ETH_DEST, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');

  test('property: a refund address after the destination is read back', () => {
    fc.assert(
      fc.property(memoInput, refund, (m, r) => {
        const text = buildSwapMemo(m).replace(/^(=:[^:]+:)([^:]+)/, `$1$2/${r}`);
        const p = parsed(text);
        assert.equal(p.destination, m.destination);
        assert.equal(p.refundAddress, r);
        assert.equal(p.limit, m.limit);
      }),
      RUNS,
    );
  });

  test('property: never throws on strings of the memo alphabet; a refusal always has a code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[=:/sSwWaApP0-9eExb.a-z-]{0,60}$/), (s) => {
        const r = parseSwapMemo(s, SHORT_ASSETS);
        if (!r.ok) assert.ok(r.problem.length > 0);
        else assert.ok(r.memo.asset.length > 0 && r.memo.destination.length > 0 && r.memo.limit >= 0n);
      }),
      { numRuns: 1000 },
    );
  });

  test('property: streaming is within limits exactly when interval × quantity fits the maximum streaming length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 30_000 }), (interval, quantity) => {
        const ok = streamingWithinLimits(interval, quantity);
        return ok === (interval <= MAX_STREAMING_BLOCKS && interval * quantity <= MAX_STREAMING_BLOCKS);
      }),
      { numRuns: 1000 },
    );
    assert.equal(streamingWithinLimits(1, 14_400), true);
    assert.equal(streamingWithinLimits(1, 14_401), false);
    assert.equal(streamingWithinLimits(14_401, 0), false);
    assert.equal(streamingWithinLimits(Number.MAX_SAFE_INTEGER, 2), false);
  });
});
