/** Pure parts of the reference service: pricing, the quote engine, hashes and timelines, fault specs, addresses. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isValidAddress } from '../../../src/domain/chains/address.js';
import { fromUnits, toUnits } from '../../../src/domain/amounts/amount.js';
import { CHAINS } from '../../../src/domain/chains/chains.js';
import { addressFor } from '../../../demo/server/addresses.js';
import { parseFault } from '../../../demo/server/faults.js';
import { readSwapMemo, type MemoProtocol } from '../../../demo/server/memo.js';
import {
  FINAL_STATUSES,
  HASH_OUTCOMES,
  TIMELINES,
  finalStatus,
  hashOutcome,
  hashShape,
  makeHash,
  statusAt,
  swappingProgress,
} from '../../../demo/server/hashes.js';
import { hopOut, impactPercent, pathOut, spotOut, streamedOut, type PoolPath } from '../../../demo/server/pricing.js';
import { buildQuote, type QuoteRequestData } from '../../../demo/server/quote.js';
import { BASE_TOKENS, TokenCatalog, extraToken } from '../../../demo/server/tokens.js';
import { BTC_ADDRESS, ETH_USDC, EVM_ADDRESS } from './helpers.js';

const catalog = new TokenCatalog(BASE_TOKENS);
const env = { catalog, halted: new Set<string>(), nowMs: Date.UTC(2025, 5, 1) };
const req = (over: Partial<QuoteRequestData>): QuoteRequestData => ({
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '1',
  slippage: 1,
  destinationAddress: EVM_ADDRESS,
  ...over,
});

describe('constant-product pricing', () => {
  const pool = (x: bigint, y: bigint, curve: 'clp' | 'cp', feePpm = 0): PoolPath => ({
    hops: [{ reserveIn: x, reserveOut: y }],
    curve,
    feePpm,
  });

  test('output never exceeds the spot output, and the rate falls as the trade grows', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
        fc.bigInt({ min: 1n, max: 10n ** 22n }),
        fc.constantFrom<'clp' | 'cp'>('clp', 'cp'),
        (x, y, dx, curve) => {
          const p = pool(x, y, curve, 3000);
          const small = pathOut(dx, p);
          const big = pathOut(dx * 2n, p);
          assert.ok(small <= spotOut(dx, p));
          // twice the input never buys more than twice the output (up to the rounding of
          // two integer swaps: less than one input unit, worth y/x, plus one output unit each)
          assert.ok(big <= 2n * (small + 2n + y / x), `${big} vs ${small}`);
        },
      ),
    );
  });

  test('a streaming swap of N parts gets about 1/N of the price impact', () => {
    const p = pool(10n ** 12n, 10n ** 12n, 'clp');
    const dx = 10n ** 10n; // 1% of the pool
    const gross = spotOut(dx, p);
    const single = impactPercent(gross, pathOut(dx, p));
    const streamed = impactPercent(gross, streamedOut(dx, 10, p));
    assert.ok(single > 1.9 && single < 2.1, `single ${single}`);
    assert.ok(Math.abs(streamed - single / 10) < 0.02, `streamed ${streamed}`);
  });

  test('hopOut of clp is the slip formula dx·X·Y/(X+dx)²', () => {
    assert.equal(
      hopOut(100n, { reserveIn: 900n, reserveOut: 1000n }, 'clp', 0),
      (100n * 900n * 1000n) / (1000n * 1000n),
    );
  });
});

describe('quote engine', () => {
  test('fees add up with the output exactly in base units, leg by leg', () => {
    const cases: Partial<QuoteRequestData>[] = [
      { affiliate: 'ab', affiliateFee: 30 },
      { sellAmount: '40', affiliate: 'x', affiliateFee: 100 },
      { sellAsset: ETH_USDC, buyAsset: 'BTC.BTC', sellAmount: '25000', destinationAddress: BTC_ADDRESS },
      { sellAsset: 'ETH.ETH', buyAsset: ETH_USDC, sellAmount: '3', affiliate: 'zz', affiliateFee: 50 },
      { sellAsset: 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA', buyAsset: 'SOL.SOL', sellAmount: '800' },
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'LTC.LTC',
        sellAmount: '0.05',
        destinationAddress: 'ltc1q8gp8gns98ngxmzrlu29cacxcqst44c00cgywh3',
      },
    ];
    let checked = 0;
    for (const c of cases) {
      const q = buildQuote(req(c), env);
      assert.ok(q.routes.length > 0, JSON.stringify(q.providerErrors));
      for (const r of q.routes) {
        for (const l of r.legs) {
          assert.equal(
            l.grossUnits - l.liquidityUnits - l.outboundUnits - l.affiliateUnits,
            l.buyUnits,
            `${r.providerId}`,
          );
          assert.equal(l.grossUnits - l.liquidityUnits, l.outUnits);
          // the leg's JSON says the same, in decimals of the buy asset
          const json = r.json.legs!.find(
            (x) =>
              x.provider === l.plan.provider &&
              x.sellAsset.toUpperCase() === (l === r.legs[0] ? r.json.sellAsset : l.plan.sell.asset).toUpperCase(),
          )!;
          assert.equal(json.buyAmount, fromUnits(l.buyUnits, l.plan.buy.decimals));
          const feeUnits = (json.fees ?? [])
            .filter(
              (f) =>
                f.asset.toUpperCase() === json.buyAsset.toUpperCase() &&
                /^(liquidity|outbound|affiliate)$/i.test(f.type),
            )
            .reduce((n, f) => n + toUnits(f.amount, l.plan.buy.decimals), 0n);
          assert.equal(feeUnits + l.buyUnits, l.grossUnits, `${r.providerId} fee entries`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 10);
  });

  test('the limit of a memo is floor(expectedBuyAmountMaxSlippage × 1e8)', () => {
    const q = buildQuote(req({ slippage: 0.37 }), env);
    const memos = q.routes.filter((x) => x.json.memo);
    assert.ok(memos.length > 0);
    for (const r of memos) {
      const read = readSwapMemo(r.providerId.replace(/_STREAMING$/, '') as MemoProtocol, r.json.memo!);
      assert.ok('swap' in read, r.json.memo ?? '');
      // floor(x × 1e8) of the decimal string, written out: whole part, then 8 digits of the fraction.
      const [whole, fraction = ''] = r.json.expectedBuyAmountMaxSlippage.split('.');
      assert.equal(read.swap.limitE8, BigInt(whole + fraction.padEnd(8, '0').slice(0, 8)));
    }
  });

  test('halted chains give tradingHalted, a halted protocol chain halts its protocol', () => {
    const q = buildQuote(req({}), { ...env, halted: new Set(['THOR']) });
    const codes = new Map(q.providerErrors.map((e) => [e.provider, e.errorCode]));
    assert.equal(codes.get('PROTOCOL_A'), 'tradingHalted');
    assert.ok(q.routes.every((r) => !r.providerId.startsWith('PROTOCOL_A')));
    assert.ok(q.routes.some((r) => r.providerId === 'PROTOCOL_B'));
  });

  test('generated tokens are deterministic and unique', () => {
    const a = Array.from({ length: 300 }, (_, i) => extraToken(i));
    assert.deepEqual(extraToken(42), a[42]);
    assert.equal(new Set(a.map((t) => t.key)).size, a.length);
    assert.equal(new Set(a.map((t) => t.symbol)).size, a.length);
  });

  test('the token list has 80 to 150 tokens with unique identifiers, decimals and providers', () => {
    assert.ok(BASE_TOKENS.length >= 80 && BASE_TOKENS.length <= 150, String(BASE_TOKENS.length));
    assert.equal(new Set(BASE_TOKENS.map((t) => t.key)).size, BASE_TOKENS.length);
    assert.equal(catalog.get('eth.usdc-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.decimals, 6);
    assert.equal(catalog.get('BSC.USDC-0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d')?.decimals, 18);
    assert.equal(catalog.get('ETH.WBTC-0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599')?.decimals, 8);
    for (const c of CHAINS) assert.ok(catalog.native(c.code), `native of ${c.code}`);
    assert.ok(BASE_TOKENS.every((t) => t.logoURI.startsWith('data:image/svg+xml,')));
  });
});

describe('hash convention', () => {
  test('makeHash builds hashes whose prefix picks the outcome and third char the shape', () => {
    for (const outcome of HASH_OUTCOMES) {
      for (const shape of ['flat', 'wrapped'] as const) {
        for (const evm of [true, false]) {
          const h = makeHash(outcome, shape, { evm, seed: `${outcome}${shape}` });
          assert.match(h, evm ? /^0x[0-9a-f]{64}$/ : /^[0-9a-f]{64}$/);
          assert.equal(hashOutcome(h), outcome);
          assert.equal(hashShape(h), shape);
          assert.equal(hashOutcome(h.toUpperCase().replace('0X', '0x')), outcome);
        }
      }
    }
    assert.equal(makeHash('refunded', 'flat', { seed: 1 }), makeHash('refunded', 'flat', { seed: 1 }));
    assert.notEqual(makeHash('refunded', 'flat'), makeHash('refunded', 'flat'));
    assert.equal(hashOutcome('0x1234'), 'completed');
  });

  test('timelines start at 0, rise, and end in the outcome final status', () => {
    for (const outcome of HASH_OUTCOMES) {
      const line = TIMELINES[outcome];
      assert.equal(line[0]![1], 0);
      for (let i = 1; i < line.length; i++) assert.ok(line[i]![1] > line[i - 1]![1]);
      assert.ok(FINAL_STATUSES.has(finalStatus(outcome)));
      assert.equal(statusAt(outcome, 1e9).final, true);
      assert.equal(statusAt(outcome, 0).final, false);
    }
    assert.equal(finalStatus('streaming'), 'completed');
    assert.equal(swappingProgress('streaming', 0), 0);
    assert.equal(swappingProgress('streaming', 1000), 1);
    assert.equal(swappingProgress('dropped', 10), undefined);
  });
});

describe('fault specs', () => {
  test('parses the documented forms', () => {
    assert.deepEqual(parseFault('latency:250'), { kind: 'latency', ms: 250 });
    assert.deepEqual(parseFault('latency;ms=40'), { kind: 'latency', ms: 40 });
    assert.deepEqual(parseFault('latency', { ms: '500' }), { kind: 'latency', ms: 500 });
    assert.deepEqual(parseFault('429'), { kind: '429', retryAfter: 2 });
    assert.deepEqual(parseFault('429;retry-after:3'), { kind: '429', retryAfter: 3 });
    assert.deepEqual(parseFault('429', { retryAfter: '7' }), { kind: '429', retryAfter: 7 });
    assert.deepEqual(parseFault('hang'), { kind: 'hang' });
    assert.deepEqual(parseFault('wrong-types'), { kind: 'wrong-types' });
  });

  test('refuses anything else', () => {
    for (const bad of [
      '',
      'slow',
      'latency:abc',
      'latency:-1',
      'latency:999999',
      '500:3',
      '429;ms=3',
      'hang;x=1',
      'latency:1:2',
      '429;retry-after',
    ]) {
      assert.ok('error' in parseFault(bad), bad);
    }
  });
});

describe('addresses', () => {
  test('every chain gets addresses of its own format that pass the widget checks', () => {
    for (const c of CHAINS) {
      for (const seed of ['a', 'vault', 'deposit:7']) {
        const a = addressFor(c.code, seed);
        assert.ok(isValidAddress(c.code, a), `${c.code} ${a}`);
        assert.equal(addressFor(c.code, seed), a);
      }
    }
  });
});
