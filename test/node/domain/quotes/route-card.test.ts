/**
 * What a route's card says beside its amount (issue 24, items 1 and 7): one fee total per asset,
 * a streaming swap's parts, and the service's warnings once per cause.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { Route } from '../../../../src/schemas/service.js';
import { addDecimal, compareDecimal } from '../../../../src/domain/amounts/amount.js';
import { cardWarnings, feeTotals, streamingParts } from '../../../../src/domain/quotes/route-card.js';
import { priceBook, rankRoutes } from '../../../../src/domain/quotes/routes.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

const route = (over: Record<string, unknown> = {}) =>
  z.parse(Route, {
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.1',
    expectedBuyAmount: '2.4',
    expectedBuyAmountMaxSlippage: '2.376',
    fees: [
      { type: 'NETWORK', asset: 'BTC.BTC', amount: '0.00001' },
      { type: 'LIQUIDITY', asset: 'ETH.ETH', amount: '0.002' },
      { type: 'AFFILIATE', asset: 'eth.eth', amount: '0.0072' },
    ],
    meta: { assets: [], tags: [], priceImpact: 0.4 },
    ...over,
  });

describe('feeTotals', () => {
  test('sums per asset, letter case aside, in the order the assets first appear', () => {
    assert.deepEqual(
      feeTotals([
        { asset: 'BTC.BTC', amount: '0.00001' },
        { asset: 'ETH.ETH', amount: '0.002' },
        { asset: 'eth.eth', amount: '0.0072' },
      ]),
      [
        { asset: 'BTC.BTC', amount: '0.00001' },
        { asset: 'ETH.ETH', amount: '0.0092' },
      ],
    );
    assert.deepEqual(feeTotals([]), []);
  });

  test('exact for any amounts: the totals add up to the sum of the lines', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, d]) => {
        const s = units.toString().padStart(d + 1, '0');
        return d ? `${s.slice(0, -d)}.${s.slice(-d)}` : s;
      });
    fc.assert(
      fc.property(
        fc.array(fc.record({ asset: fc.constantFrom('BTC.BTC', 'ETH.ETH', 'eth.eth'), amount: decimal }), {
          maxLength: 12,
        }),
        (lines) => {
          const totals = feeTotals(lines);
          for (const t of totals) {
            const own = lines
              .filter((l) => l.asset.toUpperCase() === t.asset.toUpperCase())
              .reduce((s, l) => addDecimal(s, l.amount), '0');
            assert.equal(compareDecimal(t.amount, own), 0, `${t.amount} != ${own}`);
          }
          assert.equal(totals.length, new Set(lines.map((l) => l.asset.toUpperCase())).size);
        },
      ),
    );
  });
});

describe('streamingParts', () => {
  test("the memo's quantity of sub-swaps", () => {
    assert.equal(streamingParts({ memo: `=:ETH.ETH:${ETH_ADDRESS}:0/3/12` }), 12);
    assert.equal(streamingParts({ memo: `=:e:${ETH_ADDRESS}:12e6/1/2:sw:30` }), 2);
  });
  test('none: a quantity of 0 (the protocol chooses), no streaming part, no memo, a memo that does not read', () => {
    assert.equal(streamingParts({ memo: `=:ETH.ETH:${ETH_ADDRESS}:0/3/0` }), undefined);
    assert.equal(streamingParts({ memo: `=:ETH.ETH:${ETH_ADDRESS}:0/3` }), undefined);
    assert.equal(streamingParts({ memo: `=:ETH.ETH:${ETH_ADDRESS}:0` }), undefined);
    assert.equal(streamingParts({}), undefined);
    assert.equal(streamingParts({ memo: 'not a memo' }), undefined);
  });
});

describe('cardWarnings', () => {
  const impact = { code: 'highPriceImpact', text: 'High price impact: 6.20%' };
  const streaming = { code: 'streamingSwap', text: 'Streaming swap in 39 sub-swaps' };
  const other = { code: 'sourceAddressRequired', text: 'No transaction: sourceAddress is missing or invalid' };

  test('a cause the card says in its own words is left out; others are kept', () => {
    assert.deepEqual(cardWarnings([impact, streaming, other], { impact: true, streaming: true }), [other]);
    assert.deepEqual(cardWarnings([impact, streaming, other], { impact: false, streaming: false }), [
      impact,
      streaming,
      other,
    ]);
    assert.deepEqual(cardWarnings([impact, streaming], { impact: true, streaming: false }), [streaming]);
  });

  test('without a code, the words tell the cause; with one, only the code does', () => {
    assert.deepEqual(
      cardWarnings([{ text: 'Price impact is high' }, { text: 'A STREAMING swap' }], { impact: true, streaming: true }),
      [],
    );
    const coded = { code: 'slippage', text: 'Price impact and slippage' };
    assert.deepEqual(cardWarnings([coded], { impact: true, streaming: true }), [coded]);
  });

  test('the same words once, letter case and spaces aside; empty words never', () => {
    assert.deepEqual(
      cardWarnings([other, { text: ' no transaction:  sourceaddress is missing or invalid' }, { text: '  ' }], {
        impact: false,
        streaming: false,
      }),
      [other],
    );
  });
});

describe('rankRoutes, as the card reads it', () => {
  test('fee totals, streaming parts, and warnings once per cause', () => {
    const memo = `=:ETH.ETH:${ETH_ADDRESS}:0/3/39`;
    const warnings = [
      { code: 'highPriceImpact', display: 'High price impact: 6.20%' },
      { code: 'streamingSwap', display: 'Streaming swap in 39 sub-swaps' },
      'Provider in maintenance',
      'Provider in maintenance',
    ];
    const [e] = rankRoutes(
      [
        route({
          providers: ['PROTOCOL_A_STREAMING'],
          memo,
          warnings,
          meta: { assets: [], tags: [], priceImpact: 6.2 },
        }),
      ],
      [0],
      priceBook(undefined),
    );
    assert.deepEqual(e!.feeTotals, [
      { asset: 'BTC.BTC', amount: '0.00001' },
      { asset: 'ETH.ETH', amount: '0.0092' },
    ]);
    assert.equal(e!.parts, 39);
    assert.deepEqual(e!.warnings, [{ text: 'Provider in maintenance' }]);
  });

  test("a price impact under the card's own threshold keeps the service's warning; a route that does not stream has no parts", () => {
    const warnings = [{ code: 'highPriceImpact', display: 'High price impact: 1.5%' }];
    const [e] = rankRoutes(
      [route({ memo: `=:ETH.ETH:${ETH_ADDRESS}:0/3/39`, warnings, meta: { assets: [], tags: [], priceImpact: 1.5 } })],
      [0],
      priceBook(undefined),
    );
    assert.deepEqual(e!.warnings, [{ code: 'highPriceImpact', text: 'High price impact: 1.5%' }]);
    assert.equal(e!.parts, undefined);
  });
});
