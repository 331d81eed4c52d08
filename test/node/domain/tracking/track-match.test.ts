/**
 * Whether a tracking answer is about the swap tracked (src/domain/tracking/match.ts), on answers
 * written here in both shapes: spellings of one hash and one chain, what each shape says of
 * itself, the refund's assets, a record that does not know its quote or route.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import { trackAnswerOf } from '../../../../src/schemas/normalize.js';
import { Route, TrackResult, TxStatus } from '../../../../src/schemas/service.js';
import { chainCodeOfServiceName } from '../../../../src/domain/chains/chains.js';
import { migrate, newSwapRecord } from '../../../../src/domain/tracking/swap-store.js';
import {
  MAX_DELIVERY_FACTOR,
  exceeds,
  refundAssets,
  sameHash,
  trackClaims,
  trackMismatch,
  txMatches,
} from '../../../../src/domain/tracking/match.js';
import { normalizeTrack } from '../../../../src/domain/tracking/status.js';

const HASH = `0x${'1f'.repeat(32)}`;
const ROUTE = z.parse(Route, {
  providers: ['AGGREGATOR_A', 'PROTOCOL_A'],
  sellAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  buyAsset: 'BTC.BTC',
  sellAmount: '1000',
  expectedBuyAmount: '0.01',
  expectedBuyAmountMaxSlippage: '0.0099',
  legs: [
    {
      provider: 'AGGREGATOR_A',
      sellAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      buyAsset: 'ETH.ETH',
      sellAmount: '1000',
      buyAmount: '0.3',
    },
    { provider: 'PROTOCOL_A', sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC', sellAmount: '0.3', buyAmount: '0.01' },
  ],
});
const RECORD = newSwapRecord({ hash: HASH, chainId: 'ETH', quoteId: 'q-1', routeIndex: 2, route: ROUTE, now: 0 });

const flat = (over: Record<string, unknown> = {}, info: Record<string, unknown> = {}) =>
  z.parse(TrackResult, {
    trackingStatus: 'swapping',
    quoteInfo: { quoteId: 'q-1', routeIndex: 2, trackParams: { hash: HASH, chain: 'ETH' }, ...info },
    route: { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC' },
    ...over,
  });
const wrapped = (status: string, data: Record<string, unknown> = {}) =>
  z.parse(TrackResult, {
    success: true,
    trackingStatus: status,
    data: { quoteInfo: { quoteId: 'q-1', routeIndex: 2, trackParams: { hash: HASH, chainId: 'ETH' } }, ...data },
  });
const mismatch = (result: ReturnType<typeof flat>, record = RECORD) =>
  trackMismatch(record, result, normalizeTrack(result))?.field;

describe('one swap, several spellings', () => {
  test('a hash: hex in any case, with or without 0x; base58 exactly', () => {
    assert.ok(sameHash(HASH, HASH.slice(2).toUpperCase()));
    assert.ok(!sameHash(HASH, `${HASH.slice(0, -1)}e`));
    const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    assert.ok(sameHash(sig, sig));
    assert.ok(!sameHash(sig, sig.toLowerCase()));
  });

  test('a chain: its code or label, an EIP-155 number in decimal or hex, the real service id; nothing else', () => {
    const names: [string, string | undefined][] = [
      ['ETH', 'ETH'],
      ['eth', 'ETH'],
      ['ATOM', 'GAIA'],
      ['1', 'ETH'],
      ['42161', 'ARB'],
      ['0xa4b1', 'ARB'],
      ['0x1', 'ETH'],
      ['bitcoin', 'BTC'],
      ['thorchain-1', 'THOR'],
      ['cosmoshub-4', 'GAIA'],
      ['solana', 'SOL'],
      ['ethereum', undefined],
      ['01', undefined],
      ['2', undefined],
      ['', undefined],
    ];
    for (const [name, code] of names) assert.equal(chainCodeOfServiceName(name), code, name);
  });
});

describe('what an answer says of itself', () => {
  test('shape 1 and shape 2 say the same things in their own places', () => {
    const f = flat();
    assert.deepEqual(trackClaims(f, normalizeTrack(f)), {
      chains: ['ETH'],
      hash: HASH,
      quoteId: 'q-1',
      routeIndex: 2,
      sellAsset: ROUTE.sellAsset,
      buyAsset: 'BTC.BTC',
      recipients: [],
    });
    const w = wrapped('outbound', {
      route: { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC' },
      outbound: { asset: 'BTC.BTC', amount: '0.01' },
    });
    assert.deepEqual(trackClaims(w, normalizeTrack(w)), {
      chains: ['ETH'],
      hash: HASH,
      quoteId: 'q-1',
      routeIndex: 2,
      sellAsset: ROUTE.sellAsset,
      buyAsset: 'BTC.BTC',
      payoutAsset: 'BTC.BTC',
      recipients: [],
    });
  });

  test("the real service's record says its hash, chain id and quote id", () => {
    const record = {
      hash: HASH,
      chainId: '1',
      status: 'swapping',
      fromAsset: ROUTE.sellAsset,
      toAsset: 'BTC.BTC',
      meta: { quoteId: 'q-1' },
    };
    const r = z.parse(TrackResult, trackAnswerOf(record));
    assert.deepEqual(trackClaims(r, normalizeTrack(r)), {
      chains: ['1'],
      hash: HASH,
      quoteId: 'q-1',
      sellAsset: ROUTE.sellAsset,
      buyAsset: 'BTC.BTC',
      recipients: [],
    });
    assert.equal(mismatch(r), undefined);
  });

  test('an answer that says nothing of itself contradicts nothing', () => {
    assert.equal(mismatch(z.parse(TrackResult, { trackingStatus: 'completed' })), undefined);
  });
});

describe('trackMismatch', () => {
  test('the first thing that contradicts the swap, in order', () => {
    assert.equal(mismatch(flat()), undefined);
    assert.equal(mismatch(flat({}, { trackParams: { hash: `0x${'2f'.repeat(32)}`, chain: 'BSC' } })), 'hash');
    assert.equal(mismatch(flat({}, { trackParams: { hash: HASH, chain: '56' } })), 'chain');
    assert.equal(mismatch(flat({}, { trackParams: { hash: HASH, chain: 'ETH', chainId: 'ethereum' } })), 'chain');
    assert.equal(mismatch(flat({}, { quoteId: 'q-2' })), 'quote');
    assert.equal(mismatch(flat({}, { routeIndex: 3 })), 'route-index');
    assert.equal(mismatch(flat({ route: { sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC' } })), 'sell-asset');
    assert.equal(
      mismatch(flat({ route: { sellAsset: ROUTE.sellAsset.toUpperCase(), buyAsset: 'BTC.BTC' } })),
      undefined,
    );
    assert.equal(mismatch(flat({ route: { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC/BTC' } })), 'buy-asset');
    assert.equal(mismatch(wrapped('completed', { outbound: { asset: 'DOGE.DOGE', amount: '1' } })), 'payout-asset');
  });

  test('a refund in the sold asset; on a partial refund, in any asset of the route (its legs too)', () => {
    assert.deepEqual(refundAssets(RECORD, 'refunded'), [ROUTE.sellAsset]);
    assert.deepEqual(refundAssets(RECORD, 'partially_refunded'), [
      ROUTE.sellAsset,
      'BTC.BTC',
      ROUTE.sellAsset,
      'ETH.ETH',
      'ETH.ETH',
      'BTC.BTC',
    ]);
    const refund = (status: string, asset: string) => wrapped(status, { outbound: { asset, amount: '0.5' } });
    assert.equal(mismatch(refund('refunded', ROUTE.sellAsset)), undefined);
    assert.equal(mismatch(refund('refunding', 'ETH.ETH')), 'refund-asset');
    assert.equal(mismatch(refund('partially_refunded', 'ETH.ETH')), undefined);
    assert.equal(mismatch(refund('partially_refunded', 'DOGE.DOGE')), 'refund-asset');
    // Shape 1's refund (trackMeta), and shape 2's data.refund beside a payout in the bought asset.
    assert.equal(
      mismatch(flat({ trackingStatus: 'refunded', trackMeta: { refundAsset: 'DOGE.DOGE', refundAmount: '5' } })),
      'refund-asset',
    );
    const partial = wrapped('partially_refunded', {
      outbound: { asset: 'BTC.BTC', amount: '0.004' },
      refund: { asset: ROUTE.sellAsset, amount: '600' },
    });
    assert.deepEqual(normalizeTrack(partial).refund, { asset: ROUTE.sellAsset, amount: '600' });
    assert.equal(mismatch(partial), undefined);
  });

  test('a swap stored by the first version (no quote, no route) is held to its hash and chain, and no refund is its', () => {
    const [old] = migrate({ version: 1, swaps: [{ txHash: HASH, chain: 'ETH', quoteId: '' }] }).swaps;
    assert.equal(old!.route, undefined, 'no route stands in for the one it never kept');
    assert.deepEqual(refundAssets(old!, 'refunded'), []);
    assert.deepEqual(refundAssets(old!, 'partially_refunded'), []);
    assert.equal(mismatch(flat({}, { quoteId: 'q-9', routeIndex: 4 }), old), undefined);
    assert.equal(mismatch(flat({}, { trackParams: { hash: HASH, chain: 'BTC' } }), old), 'chain');
    assert.equal(mismatch(wrapped('refunded', { outbound: { asset: 'ETH.ETH', amount: '1' } }), old), 'refund-asset');
  });

  test('a track-tx record is used only when it is about the swap transaction', () => {
    const tx = (hash: string, chain?: string) =>
      z.parse(TxStatus, { hash, status: 'pending', ...(chain ? { chain } : {}) });
    assert.ok(txMatches(RECORD, tx(HASH, 'ETH')));
    assert.ok(txMatches(RECORD, tx(HASH.toUpperCase().replace('0X', ''))));
    assert.ok(!txMatches(RECORD, tx(`0x${'2f'.repeat(32)}`, 'ETH')));
    assert.ok(!txMatches(RECORD, tx(HASH, 'BSC')));
  });
});

describe('the recipient and the amounts an answer reports (issue 30)', () => {
  const DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  const TO = newSwapRecord({
    hash: HASH,
    chainId: 'ETH',
    quoteId: 'q-1',
    routeIndex: 2,
    route: { ...ROUTE, destinationAddress: DEST },
    now: 0,
  });
  const received = (actualBuyAmount: string) =>
    flat({ trackingStatus: 'completed', route: { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC', actualBuyAmount } });

  test('a recipient other than the route destination, in either place an answer names it; the same one in capitals is it', () => {
    assert.equal(mismatch(flat({}, { recipientAddress: DEST }), TO), undefined);
    assert.equal(mismatch(flat({}, { recipientAddress: DEST.toUpperCase() }), TO), undefined);
    assert.equal(
      mismatch(flat({}, { recipientAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }), TO),
      'recipient',
    );
    const route = { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC', destinationAddress: DEST.slice(0, -1) + 'x' };
    assert.equal(mismatch(flat({ route }), TO), 'recipient');
    // A route quoted without a destination is held to none.
    assert.equal(mismatch(flat({}, { recipientAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' })), undefined);
  });

  test(`received: up to ${MAX_DELIVERY_FACTOR} times the route's expected amount, not one unit more, at any precision`, () => {
    // Expected 0.01: the bound is 0.03.
    assert.equal(mismatch(received('0.03')), undefined);
    assert.equal(mismatch(received('0.03000000')), undefined);
    assert.equal(mismatch(received('0.03000001')), 'buy-amount');
    assert.equal(mismatch(received('0.030000000000000000000000000000000001')), 'buy-amount');
    assert.equal(mismatch(received(`1${'0'.repeat(30)}`)), 'buy-amount');
    // More fraction digits than any asset has: no amount of the route.
    assert.equal(mismatch(received(`0.${'0'.repeat(36)}1`)), 'buy-amount');
    assert.equal(mismatch(received(`0.${'0'.repeat(35)}1`)), undefined);
    // The payout of shape 2, and the answer's own copy of the expected amount.
    assert.equal(mismatch(wrapped('completed', { outbound: { asset: 'BTC.BTC', amount: '0.03' } })), undefined);
    assert.equal(mismatch(wrapped('completed', { outbound: { asset: 'BTC.BTC', amount: '0.0300001' } })), 'buy-amount');
    const expected = (e: string) =>
      flat({ route: { sellAsset: ROUTE.sellAsset, buyAsset: 'BTC.BTC', expectedBuyAmount: e } });
    assert.equal(mismatch(expected('0.03')), undefined);
    assert.equal(mismatch(expected('0.031')), 'buy-amount');
  });

  test("a leg's amount received: up to three times what the route expected of that leg", () => {
    const legs = (actual: string) =>
      wrapped('swapping', {
        route: { legs: [{ ...ROUTE.legs[0]!, actualBuyAmount: actual }] },
      });
    assert.equal(mismatch(legs('0.9')), undefined);
    assert.equal(mismatch(legs('0.9000000001')), 'buy-amount');
  });

  test('a refund of the sold asset: at most what was sold; in another asset of the route, three times what it expected of it', () => {
    const refund = (status: string, asset: string, amount: string) => wrapped(status, { outbound: { asset, amount } });
    assert.equal(mismatch(refund('refunded', ROUTE.sellAsset, '1000')), undefined);
    assert.equal(mismatch(refund('refunded', ROUTE.sellAsset, '1000.000001')), 'refund-amount');
    assert.equal(mismatch(refund('partially_refunded', ROUTE.sellAsset, '1000.000001')), 'refund-amount');
    assert.equal(mismatch(refund('partially_refunded', 'ETH.ETH', '0.9')), undefined);
    assert.equal(mismatch(refund('partially_refunded', 'ETH.ETH', '0.900000000000000001')), 'refund-amount');
    assert.equal(mismatch(refund('partially_refunded', 'BTC.BTC', '0.03')), undefined);
    assert.equal(mismatch(refund('partially_refunded', 'BTC.BTC', '0.03000001')), 'refund-amount');
  });

  test('exceeds: exact decimal arithmetic, any digits', () => {
    assert.ok(!exceeds('3', '1', 3n));
    assert.ok(exceeds('3.0000000001', '1', 3n));
    assert.ok(!exceeds('0.3', '0.1', 3n));
    assert.ok(exceeds('1e30', '1', 3n), 'an exponent is no decimal amount');
    assert.ok(exceeds('-1', '1', 3n));
  });

  test('a record of the first version (no route) is not held to amounts', () => {
    const [old] = migrate({ version: 1, swaps: [{ txHash: HASH, chain: 'ETH', quoteId: '' }] }).swaps;
    assert.equal(mismatch(received(`1${'0'.repeat(30)}`), old), undefined);
  });
});
