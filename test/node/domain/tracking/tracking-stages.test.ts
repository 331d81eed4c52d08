/**
 * What the progress view draws (src/domain/tracking/stages.ts): the state of each stage for
 * every tracking status, where a failed or refunded swap stopped, which transactions are
 * linked on which chain, and the time left against the route's estimate.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { explorerTxUrl } from '../../../../src/domain/chains/chains.js';
import type { SwapRecord } from '../../../../src/domain/tracking/swap-store.js';
import { stageStates, stoppedAt, streamingPercent, timeLeft, txLinks } from '../../../../src/domain/tracking/stages.js';
import {
  isFinal,
  normalizeTrack,
  outcomeOf,
  stageOf,
  STAGES,
  type TrackStatus,
} from '../../../../src/domain/tracking/status.js';

/** A status as `normalizeTrack` makes it, with `extra` facts of the answer. */
const st = (status: string, extra: Partial<TrackStatus> = {}): TrackStatus => ({
  status,
  final: isFinal(status),
  stage: stageOf(status),
  outcome: outcomeOf(status),
  legs: [],
  ...extra,
});

const states = (s: TrackStatus | undefined) =>
  stageStates(s)
    .map((v) => v.state)
    .join(' ');

const BTC_HASH = 'ab'.repeat(32);
const ETH_HASH = `0x${'cd'.repeat(32)}`;

function record(status: TrackStatus | undefined, over: Partial<SwapRecord> = {}): SwapRecord {
  return {
    id: `${BTC_HASH}@BTC`,
    quoteId: 'q-1',
    routeIndex: 0,
    hash: BTC_HASH,
    chainId: 'BTC',
    route: {
      providers: ['PROTOCOL_A'],
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
      expectedBuyAmount: '2.4',
      expectedBuyAmountMaxSlippage: '2.376',
      estimatedTime: { total: 600 },
      fees: [],
      legs: [],
      warnings: [],
      meta: { assets: [], tags: [] },
    } as never,
    createdAt: 1_800_000_000_000,
    updatedAt: 1_800_000_000_000,
    final: status?.final ?? false,
    ...(status ? { status } : {}),
    ...over,
  };
}

describe('stage states', () => {
  it('of every tracking status of the spec and of the real service', () => {
    const table: [string, string][] = [
      ['not_started', 'current todo todo todo todo'],
      ['starting', 'current todo todo todo todo'],
      ['broadcasted', 'current todo todo todo todo'],
      ['mempool', 'current todo todo todo todo'],
      ['inbound', 'done current todo todo todo'],
      ['swapping', 'done done current todo todo'],
      ['outbound', 'done done done current todo'],
      ['completed', 'done done done done done'],
      // A refund on its way: the swap failed, nothing will be paid out, the end is to come.
      ['refunding', 'done done failed skipped todo'],
      ['refunded', 'done done failed skipped skipped'],
      ['partially_refunded', 'done done failed skipped skipped'],
      // The user's transaction never reached the protocol.
      ['dropped', 'failed skipped skipped skipped skipped'],
      ['reverted', 'failed skipped skipped skipped skipped'],
      ['replaced', 'failed skipped skipped skipped skipped'],
      // The service gave up without seeing the inbound transaction.
      ['retries_exceeded', 'done failed skipped skipped skipped'],
      ['parsing_error', 'done failed skipped skipped skipped'],
      // The real service's own words: in progress, or failed (still followed).
      ['pending', 'current todo todo todo todo'],
      ['unknown', 'current todo todo todo todo'],
      ['failed', 'done failed todo todo todo'],
      // A word nobody knows is a swap still going, at the first stage.
      ['gone_fishing', 'current todo todo todo todo'],
    ];
    for (const [status, want] of table) assert.equal(states(st(status)), want, status);
    assert.equal(states(undefined), 'current todo todo todo todo', 'before the first answer');
  });

  it('names the stages in order', () => {
    assert.deepEqual(
      stageStates(st('swapping')).map((v) => v.stage),
      [...STAGES],
    );
  });

  it('a streaming swap is at the swapping stage, whatever its progress', () => {
    assert.equal(
      states(st('swapping', { streaming: { percentage: 40, count: 12, quantity: 30 } })),
      'done done current todo todo',
    );
    assert.equal(states(st('swapping', { streaming: {} })), 'done done current todo todo');
  });

  it('where the status word does not say, what the answer shows was reached', () => {
    assert.equal(states(st('retries_exceeded', { inboundHash: BTC_HASH })), 'done done failed skipped skipped');
    assert.equal(states(st('retries_exceeded', { confirmations: 2 })), 'done done failed skipped skipped');
    assert.equal(
      states(st('retries_exceeded', { streaming: { count: 3, quantity: 10 } })),
      'done done failed skipped skipped',
    );
    assert.equal(states(st('retries_exceeded', { outboundHash: ETH_HASH })), 'done done done failed skipped');
    assert.equal(states(st('pending', { inboundHash: BTC_HASH })), 'done current todo todo todo');
    assert.equal(states(st('pending', { confirmations: 1 })), 'done current todo todo todo');
    // The spec's words before the inbound say where the swap is: confirmations of the source
    // transaction (from track-tx) do not move it on.
    for (const status of ['not_started', 'starting', 'broadcasted', 'mempool']) {
      assert.equal(
        states(st(status, { confirmations: 2, inboundHash: BTC_HASH })),
        'current todo todo todo todo',
        status,
      );
    }
    assert.equal(states(st('unknown', { buyAmount: '1' })), 'done done done current todo');
    assert.equal(states(st('failed', { inboundHash: BTC_HASH })), 'done done failed todo todo');
    // Zero confirmations are not an inbound seen.
    assert.equal(states(st('retries_exceeded', { confirmations: 0 })), 'done failed skipped skipped skipped');
    // A payout beside a refund is not a payout reached.
    assert.equal(
      states(st('retries_exceeded', { outboundHash: ETH_HASH, refund: { asset: 'BTC.BTC', amount: '0.1' } })),
      'done failed skipped skipped skipped',
    );
  });

  it('a final word the widget does not know, other than a completion, stopped where it was seen', () => {
    assert.equal(
      states({ ...st('vanished'), final: true, outcome: 'failure', stage: 'done' }),
      'done failed skipped skipped skipped',
    );
    assert.equal(stoppedAt(st('swapping')), undefined);
    assert.equal(stoppedAt(st('completed')), undefined);
    assert.equal(stoppedAt(st('refunded')), 'swapping');
  });

  it("never marks a failed or refunded swap's later stages done: after the stop, skipped or to do", () => {
    for (const status of [
      'refunding',
      'refunded',
      'partially_refunded',
      'dropped',
      'reverted',
      'replaced',
      'retries_exceeded',
      'parsing_error',
      'failed',
    ]) {
      const list = stageStates(
        st(status, {
          buyAmount: '1.2',
          outboundHash: ETH_HASH,
          refund: { asset: 'BTC.BTC', amount: '0.05', hash: BTC_HASH },
        }),
      ).map((v) => v.state);
      const stop = list.indexOf('failed');
      assert.ok(stop >= 0, `${status}: no stage failed`);
      assert.deepEqual(list.slice(0, stop), Array(stop).fill('done'), status);
      for (const later of list.slice(stop + 1))
        assert.ok(later === 'skipped' || later === 'todo', `${status}: ${list.join(' ')}`);
      assert.ok(!list.includes('current'), status);
    }
  });

  it('property: at most one stage current or failed, nothing done after it, everything done only when completed', () => {
    const words = [
      'not_started',
      'starting',
      'broadcasted',
      'mempool',
      'inbound',
      'swapping',
      'outbound',
      'completed',
      'refunding',
      'refunded',
      'partially_refunded',
      'dropped',
      'reverted',
      'replaced',
      'retries_exceeded',
      'parsing_error',
      'pending',
      'failed',
      'unknown',
    ];
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...words), fc.string()),
        fc.record({
          inboundHash: fc.constantFrom(undefined, BTC_HASH),
          outboundHash: fc.constantFrom(undefined, ETH_HASH),
          buyAmount: fc.constantFrom(undefined, '1'),
          confirmations: fc.constantFrom(undefined, 0, 3),
        }),
        fc.boolean(),
        (word, facts, refund) => {
          const extra = Object.fromEntries(
            Object.entries(facts).filter(([, v]) => v !== undefined),
          ) as Partial<TrackStatus>;
          const s = st(word, { ...extra, ...(refund ? { refund: { asset: 'BTC.BTC', amount: '0.1' } } : {}) });
          const list = stageStates(s).map((v) => v.state);
          assert.equal(list.length, STAGES.length);
          const marks = list.filter((x) => x === 'current' || x === 'failed');
          assert.ok(marks.length <= 1, list.join(' '));
          const at = list.findIndex((x) => x === 'current' || x === 'failed');
          if (at >= 0) assert.ok(!list.slice(at + 1).includes('done'), `${word}: ${list.join(' ')}`);
          assert.equal(
            list.every((x) => x === 'done'),
            word === 'completed',
            `${word}: ${list.join(' ')}`,
          );
        },
      ),
    );
  });
});

describe('linked transactions', () => {
  const links = (r: SwapRecord) => txLinks(r).map((l) => `${l.kind}:${l.chain}:${l.hash}`);

  it("before an answer, only the user's transaction, on its chain", () => {
    assert.deepEqual(links(record(undefined)), [`sent:BTC:${BTC_HASH}`]);
  });

  it("completed: the payout on the bought asset's chain", () => {
    assert.deepEqual(links(record(st('completed', { outboundHash: ETH_HASH, buyAsset: 'ETH.ETH' }))), [
      `sent:BTC:${BTC_HASH}`,
      `payout:ETH:${ETH_HASH}`,
    ]);
  });

  it('a full refund (shape 1): the refund on the sell chain, and the "output" transaction is not a payout', () => {
    const refundHash = 'ef'.repeat(32);
    const s = normalizeTrack({
      trackingStatus: 'refunded',
      trackMeta: { outputTxHash: refundHash, refundTxHash: refundHash, refundAmount: '0.0998', refundAsset: 'BTC.BTC' },
    } as never);
    const r = record(s);
    assert.deepEqual(links(r), [`sent:BTC:${BTC_HASH}`, `refund:BTC:${refundHash}`]);
    // The link has no 0x on a BTC explorer (it went to etherscan without 0x before).
    assert.equal(explorerTxUrl('BTC', txLinks(r)[1]!.hash), `https://mempool.space/tx/${refundHash}`);
  });

  it('a full refund pays nothing out: another outbound hash beside the refund is not linked as a payout', () => {
    const refund = { asset: 'BTC.BTC', amount: '0.0998', hash: 'ef'.repeat(32) };
    assert.deepEqual(links(record(st('refunded', { outboundHash: ETH_HASH, refund }))), [
      `sent:BTC:${BTC_HASH}`,
      `refund:BTC:${refund.hash}`,
    ]);
  });

  it('a full refund without a refund hash: the outbound transaction is the refund, on the sell chain', () => {
    assert.deepEqual(links(record(st('refunded', { outboundHash: 'ef'.repeat(32) }))), [
      `sent:BTC:${BTC_HASH}`,
      `refund:BTC:${'ef'.repeat(32)}`,
    ]);
  });

  it('a refund of an EVM sell links with 0x, however the service wrote the hash', () => {
    const bare = 'AB12'.repeat(16);
    const r = record(st('refunded', { refund: { asset: 'ETH.ETH', amount: '1', hash: bare } }), {
      chainId: 'ETH',
      hash: ETH_HASH,
      route: { ...record(undefined).route!, sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC' },
    });
    const refund = txLinks(r).find((l) => l.kind === 'refund')!;
    assert.equal(refund.chain, 'ETH');
    assert.equal(explorerTxUrl(refund.chain, refund.hash), `https://etherscan.io/tx/0x${bare.toLowerCase()}`);
  });

  it('a partial refund (shape 2): the payout on the buy chain and the refund on the sell chain', () => {
    const refundHash = 'ef'.repeat(32);
    const s = normalizeTrack({
      success: true,
      trackingStatus: 'partially_refunded',
      data: {
        outbound: { hash: ETH_HASH, amount: '1.2', asset: 'ETH.ETH' },
        refund: { hash: refundHash, amount: '0.05', asset: 'BTC.BTC' },
        route: { buyAsset: 'ETH.ETH', actualBuyAmount: '1.2', legs: [] },
      },
    } as never);
    assert.deepEqual(links(record(s)), [`sent:BTC:${BTC_HASH}`, `payout:ETH:${ETH_HASH}`, `refund:BTC:${refundHash}`]);
  });

  it('while refunding: the outbound transaction is a payout only when the refund has a hash of its own', () => {
    const refund = { asset: 'BTC.BTC', amount: '0.05', hash: 'ef'.repeat(32) };
    assert.deepEqual(links(record(st('refunding', { outboundHash: ETH_HASH, refund }))), [
      `sent:BTC:${BTC_HASH}`,
      `payout:ETH:${ETH_HASH}`,
      `refund:BTC:${refund.hash}`,
    ]);
    assert.deepEqual(
      links(record(st('refunding', { outboundHash: `0x${refund.hash.toUpperCase()}`, refund }))),
      [`sent:BTC:${BTC_HASH}`, `refund:BTC:${refund.hash}`],
      'the same hash, written otherwise',
    );
    assert.deepEqual(links(record(st('refunding', { outboundHash: ETH_HASH }))), [`sent:BTC:${BTC_HASH}`]);
  });
});

describe('time left', () => {
  const created = 1_800_000_000_000;

  it("counts down from the route's estimate, from the swap's creation", () => {
    const r = record(st('swapping'));
    assert.deepEqual(timeLeft(r, created), { leftMs: 600_000, totalSeconds: 600, overdue: false });
    assert.deepEqual(timeLeft(r, created + 590_000), { leftMs: 10_000, totalSeconds: 600, overdue: false });
  });

  it('is overdue from the estimate on, not a millisecond before', () => {
    const r = record(st('swapping'));
    assert.equal(timeLeft(r, created + 599_999)!.overdue, false);
    assert.equal(timeLeft(r, created + 600_000)!.overdue, true);
    assert.equal(timeLeft(r, created + 3_600_000)!.leftMs, -3_000_000);
  });

  it('a swap stored by the first version (no route): its own transaction and the refund are linked, no estimate', () => {
    const { route: _none, ...old } = record(
      st('refunded', { refund: { asset: 'BTC.BTC', amount: '0.1', hash: 'ef'.repeat(32) } }),
    );
    assert.equal('route' in old, false);
    assert.deepEqual(
      txLinks(old).map((l) => [l.kind, l.chain]),
      [
        ['sent', 'BTC'],
        ['refund', 'BTC'],
      ],
    );
    const { route: _gone, ...unknownRefund } = record(st('refunded', { outboundHash: 'ef'.repeat(32) }));
    assert.deepEqual(
      txLinks(unknownRefund).map((l) => [l.kind, l.chain]),
      [
        ['sent', 'BTC'],
        ['refund', ''],
      ],
      'the refund is linked on no chain',
    );
    const { route: _also, ...pending } = record(st('swapping'));
    assert.equal(timeLeft(pending, created), undefined);
  });

  it('reads an estimate given as a number of seconds', () => {
    const r = record(st('swapping'), { route: { ...record(undefined).route!, estimatedTime: 90 } });
    assert.equal(timeLeft(r, created)!.totalSeconds, 90);
  });

  it('says nothing for a final swap or a route without an estimate', () => {
    assert.equal(timeLeft(record(st('completed')), created), undefined);
    assert.equal(timeLeft(record(st('refunded')), created + 10 ** 9), undefined);
    assert.equal(
      timeLeft(record(st('swapping'), { route: { ...record(undefined).route!, estimatedTime: undefined } }), created),
      undefined,
    );
    assert.equal(
      timeLeft(record(st('swapping'), { route: { ...record(undefined).route!, estimatedTime: 0 } }), created),
      undefined,
    );
  });
});

describe('streaming progress', () => {
  it("the answer's percentage, else sub-swaps done of all, else nothing", () => {
    assert.equal(streamingPercent({ percentage: 40, count: 1, quantity: 10 }), 40);
    assert.equal(streamingPercent({ count: 3, quantity: 12 }), 25);
    assert.equal(streamingPercent({ count: 3 }), undefined);
    assert.equal(streamingPercent({ count: 3, quantity: 0 }), undefined);
    assert.equal(streamingPercent({}), undefined);
    assert.equal(streamingPercent({ percentage: 140 }), 100);
    assert.equal(streamingPercent({ count: 40, quantity: 30 }), 100);
  });
});
