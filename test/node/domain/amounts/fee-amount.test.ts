/**
 * The one reading of a fee amount (issue 22, item 8): a decimal when that is no more than the
 * route's own amount of the asset, else, for a whole number, base units of the asset's
 * decimals, else unreadable. The route list and the affiliate cap both call it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { Route } from '../../../../src/schemas/service.js';
import { fromUnits } from '../../../../src/domain/amounts/amount.js';
import { readFeeAmount, routeCeilings } from '../../../../src/domain/amounts/fee-amount.js';
import { priceBook, rankRoutes } from '../../../../src/domain/quotes/routes.js';

describe('readFeeAmount', () => {
  test("the dKit quickstart's lines against its 0.02145678 BTC output: base units (sats)", () => {
    for (const [amount, read] of [
      ['1245', '0.00001245'],
      ['15000', '0.00015'],
      ['10728', '0.00010728'],
    ] as const) {
      assert.deepEqual(readFeeAmount(amount, '0.02145678', 8), { unit: 'base-units', amount: read });
    }
  });
  test('a decimal that is no more than the route says: as written (SwapKit v2: "0.00000569")', () => {
    assert.deepEqual(readFeeAmount('0.00000569', '0.02145678', 8), { unit: 'decimal', amount: '0.00000569' });
    assert.deepEqual(readFeeAmount('0', '0.5', 18), { unit: 'decimal', amount: '0' });
  });
  test('the boundary: equal to the route amount is a decimal, one more is base units', () => {
    assert.deepEqual(readFeeAmount('2', '2', 8), { unit: 'decimal', amount: '2' });
    assert.deepEqual(readFeeAmount('3', '2', 8), { unit: 'base-units', amount: '0.00000003' });
    // In base units: up to the route amount itself, not one unit more.
    assert.deepEqual(readFeeAmount('200000000', '2', 8), { unit: 'base-units', amount: '2' });
    assert.deepEqual(readFeeAmount('200000001', '2', 8), { unit: 'unreadable' });
  });
  test('unreadable: a fraction over the route amount, no decimals known, not a decimal string', () => {
    assert.deepEqual(readFeeAmount('2.5', '2', 8), { unit: 'unreadable' });
    assert.deepEqual(readFeeAmount('3', '2', undefined), { unit: 'unreadable' });
    assert.deepEqual(readFeeAmount('1e5', '2', 8), { unit: 'unreadable' });
  });
  test('an asset the route says nothing of: a fraction or 0 as a decimal, a whole number unreadable', () => {
    assert.deepEqual(readFeeAmount('0.0021', undefined, 18), { unit: 'decimal', amount: '0.0021' });
    assert.deepEqual(readFeeAmount('0', undefined, 18), { unit: 'decimal', amount: '0' });
    assert.deepEqual(readFeeAmount('2000000000000000', undefined, 18), { unit: 'unreadable' });
  });
  test('property: whatever the unit written, the reading is never more than the route amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        fc.boolean(),
        (fee, ceiling, decimals, asDecimal) => {
          const c = fromUnits(ceiling, decimals);
          const r = readFeeAmount(asDecimal ? fromUnits(fee, decimals) : String(fee), c, decimals);
          if (r.unit === 'unreadable') return;
          const [a, b] = [r.amount, c].map((x) => BigInt(x.split('.')[0]! + (x.split('.')[1] ?? '').padEnd(40, '0')));
          assert.ok(a! <= b!, `${r.amount} > ${c}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('routeCeilings and the route list', () => {
  const route = z.parse(Route, {
    providers: ['AGGREGATOR_A'],
    sellAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    buyAsset: 'ETH.ETH',
    sellAmount: '2500',
    expectedBuyAmount: '1.2',
    expectedBuyAmountMaxSlippage: '1.19',
    fees: [
      { type: 'NETWORK', asset: 'ETH.ETH', amount: '0.002' },
      { type: 'liquidity', asset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: '7500000' },
      { type: 'outbound', asset: 'BTC.BTC', amount: '1000' },
      { type: 'affiliate', asset: 'ETH.ETH', amount: '9000000000000000000' },
    ],
  });
  test('the most the route says of each asset, in any case of its identifier; nothing of another', () => {
    const ceiling = routeCeilings(route);
    assert.equal(ceiling('eth.eth'), '1.2');
    assert.equal(ceiling('ETH.USDC-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'), '2500');
    assert.equal(ceiling('BTC.BTC'), undefined);
  });
  test('the list shows each fee in its plausible unit, leaves out and counts the one that reads in neither', () => {
    const book = priceBook({ rates: [] } as never);
    const [entry] = rankRoutes(
      [route],
      [0],
      book,
      (a) =>
        ({ 'ETH.ETH': 18, 'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48': 6, 'BTC.BTC': 8 })[a.toUpperCase()],
    );
    assert.deepEqual(
      entry!.fees.map((f) => [f.type, f.amount]),
      [
        ['network', '0.002'],
        ['liquidity', '7.5'],
      ],
    );
    assert.equal(
      entry!.unreadableFees,
      2,
      'BTC (not in the route, a whole number) and 9 ETH (more than the 1.2 bought, in either unit)',
    );
    assert.equal(entry!.feesUsd, undefined, 'no total while a fee is missing from it');
  });
});
