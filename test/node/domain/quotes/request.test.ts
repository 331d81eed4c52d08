import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { QuoteRequest } from '../../../../src/schemas/service.js';
import { sameRequest } from '../../../../src/domain/quotes/request.js';

const base: QuoteRequest = {
  sellAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  buyAsset: 'BTC.BTC',
  sellAmount: '100',
  slippage: 1,
  sourceAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  destinationAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  affiliate: 'sw',
  affiliateFee: 25,
  providers: ['PROTOCOL_A', 'AGGREGATOR_A'],
  includeTx: true,
};

describe('sameRequest', () => {
  test('the same question, written with another case of the EVM contract or another provider order', () => {
    assert.ok(sameRequest(base, { ...base }));
    assert.ok(sameRequest(base, { ...base, sellAsset: base.sellAsset.toUpperCase().replace('0X', '0x') }));
    assert.ok(sameRequest(base, { ...base, providers: ['AGGREGATOR_A', 'PROTOCOL_A'] }));
    assert.ok(sameRequest(undefined, undefined));
  });

  test('any field that changes makes another question', () => {
    const changes: Partial<QuoteRequest>[] = [
      { sellAsset: 'ETH.ETH' },
      { buyAsset: 'ETH.ETH' },
      { sellAmount: '100.5' },
      { slippage: 0.5 },
      { sourceAddress: '0x0000000000000000000000000000000000000001' },
      { destinationAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      { affiliate: 'xx' },
      { affiliateFee: 30 },
      { providers: ['PROTOCOL_A'] },
      { includeTx: false },
    ];
    for (const change of changes)
      assert.equal(sameRequest(base, { ...base, ...change }), false, JSON.stringify(change));
    const { destinationAddress: _, ...withoutDestination } = base;
    assert.equal(sameRequest(base, withoutDestination), false);
    assert.equal(sameRequest(base, undefined), false);
    assert.equal(sameRequest(undefined, base), false);
  });
});
