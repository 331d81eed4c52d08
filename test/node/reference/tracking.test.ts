/**
 * Tracking over real HTTP: every final state by its hash prefix, in both answer shapes. The
 * service runs on a clock only the test moves (`TestClock`): each answer is asked at a known
 * point of the swap's timeline, whatever the machine's load.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as z from 'zod/mini';
import { ServiceError } from '../../../src/api/errors.js';
import * as S from '../../../src/schemas/service.js';
import { compareDecimal } from '../../../src/domain/amounts/amount.js';
import { isValidAddress } from '../../../src/domain/chains/address.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { HASH_OUTCOMES, finalStatus, makeHash, type HashOutcome } from '../../../demo/server/hashes.js';
import {
  BTC_ADDRESS,
  EVM_ADDRESS,
  TestClock,
  clientFor,
  control,
  raw,
  startRef,
  stepAllUntil,
  stepUntil,
} from './helpers.js';

const FINAL = new Set([
  'completed',
  'refunded',
  'partially_refunded',
  'dropped',
  'reverted',
  'replaced',
  'retries_exceeded',
  'parsing_error',
]);
const SCALE = 100; // the service's time scale (a scope's own overrides it, last test)
const clock = new TestClock();
/** A clock step of one second of a swap's timeline at the service's time scale. */
const SECOND = 1000 / SCALE;

let server: DemoServer;
before(async () => {
  server = await startRef({ timeScale: SCALE, now: clock.now });
});
after(() => server.close());

type Track = S.TrackResult;
const isWrapped = (t: Track): t is S.TrackWrapped => 'success' in t && 'data' in t;

describe('POST /v1/track', () => {
  test('every outcome reaches its final state, in both shapes', async () => {
    const client = clientFor(server, { apiKey: 'track-all' });
    const q = await client.quote({
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '2',
      slippage: 2,
      sourceAddress: EVM_ADDRESS,
      destinationAddress: BTC_ADDRESS,
    });
    const routeIndex = q.routeIndexes[0]!;
    const route = q.routes[0]!;
    const cases = HASH_OUTCOMES.flatMap((outcome) =>
      (['flat', 'wrapped'] as const).map((shape) => ({
        outcome,
        shape,
        hash: makeHash(outcome, shape, { evm: true }),
      })),
    );
    const runs = await stepAllUntil(
      clock,
      5 * SECOND,
      cases.map(
        ({ hash }) =>
          () =>
            client.track({ hash, chainId: 'ETH', quoteId: q.quoteId, routeIndex }),
      ),
      (t) => FINAL.has(t.trackingStatus),
    );
    const paths = cases.map(({ outcome, shape }, i) => {
      const seen = runs[i]!;
      const last = seen.at(-1)!;
      assert.equal(last.trackingStatus, finalStatus(outcome), `${outcome}/${shape}`);
      assert.equal(isWrapped(last), shape === 'wrapped', `${outcome}/${shape} shape`);
      assert.ok(seen.length >= 2, `${outcome}/${shape} went through states`);
      checkFinal(outcome, last, route);
      return seen.map((s) => s.trackingStatus);
    });
    const completed = paths[0]!;
    assert.ok(completed.indexOf('swapping') < completed.indexOf('completed'), completed.join());
  });

  test('a streaming swap reports rising progress', async () => {
    const client = clientFor(server, { apiKey: 'track-streaming' });
    const q = await client.quote({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '20',
      slippage: 1,
      destinationAddress: EVM_ADDRESS,
      providers: ['PROTOCOL_A_STREAMING'],
    });
    assert.equal(q.routes.length, 1);
    for (const shape of ['flat', 'wrapped'] as const) {
      const hash = makeHash('streaming', shape, { evm: false });
      const seen = await stepUntil(
        clock,
        3 * SECOND,
        () => client.track({ hash, chainId: 'BTC', quoteId: q.quoteId, routeIndex: 0 }),
        (t) => t.trackingStatus === 'completed',
      );
      const progress = seen.map((t) => t.streamingProgress?.percentage ?? 0);
      assert.ok(seen.every((t) => t.isStreaming === true));
      for (let i = 1; i < progress.length; i++)
        assert.ok(progress[i]! >= progress[i - 1]!, `progress falls: ${progress}`);
      assert.equal(progress.at(-1), 100);
      assert.ok(new Set(progress.filter((p) => p > 0 && p < 100)).size >= 2, `progress ${progress}`);
      const quantity = seen.at(-1)!.streamingProgress!.quantity;
      assert.equal(quantity, Number(q.routes[0]!.memo!.split(':')[3]!.split('/')[2]));
    }
  });

  test('answers are deterministic from the hash and pass the schemas raw', async () => {
    const client = clientFor(server, { apiKey: 'track-raw' });
    for (const shape of ['flat', 'wrapped'] as const) {
      const hash = makeHash('completed', shape, { seed: `raw-${shape}` });
      const a = await raw(server, '/v1/track', {
        body: { hash, chainId: 'BTC' },
        headers: { 'x-api-key': 'track-raw' },
      });
      assert.equal(a.status, 200);
      const parsed = z.parse(shape === 'flat' ? S.TrackFlat : S.TrackWrapped, a.json);
      assert.ok(parsed.trackingStatus);
      // without a quote: a generic route, the same one on every call
      const b = await client.track({ hash, chainId: 'BTC' });
      const routeOf = (t: Track) => (isWrapped(t) ? t.data.route : t.route);
      assert.deepEqual(routeOf(b)?.sellAmount, routeOf(z.parse(S.TrackResult, a.json))?.sellAmount);
      assert.equal(routeOf(b)?.sellAsset, 'BTC.BTC');
    }
    // a different scope sees the hash for the first time
    const hash = makeHash('completed', 'flat', { seed: 'scopes' });
    await stepUntil(
      clock,
      10 * SECOND,
      () => client.track({ hash, chainId: 'ETH' }),
      (t) => t.trackingStatus === 'completed',
    );
    const fresh = await clientFor(server, { apiKey: 'track-raw-2' }).track({ hash, chainId: 'ETH' });
    assert.notEqual(fresh.trackingStatus, 'completed');
  });

  test('the chain goes as chainId and as chain, with the same code; the service reads either, chainId first', async () => {
    const client = clientFor(server, { apiKey: 'track-chain-keys' });
    const hash = makeHash('completed', 'flat', { evm: true });
    await client.track({ hash, chainId: 'ETH' });
    const log = (await raw(server, '/__ref/requests?scope=track-chain-keys&path=/v1/track')).json as {
      requests: { path: string; body: Record<string, unknown> }[];
    };
    const sent = log.requests.find((r) => r.path === '/v1/track')!.body;
    assert.deepEqual([sent.chainId, sent.chain], ['ETH', 'ETH']);

    const chainOf = async (body: Record<string, unknown>) => {
      const a = await raw(server, '/v1/track', {
        body: { hash, ...body },
        headers: { 'x-api-key': 'track-chain-keys' },
      });
      assert.equal(a.status, 200, a.text);
      return (z.parse(S.TrackFlat, a.json).quoteInfo?.trackParams as { chain?: string }).chain;
    };
    assert.equal(await chainOf({ chain: 'ETH' }), 'ETH');
    assert.equal(await chainOf({ chainId: 'ETH' }), 'ETH');
    assert.equal(await chainOf({ chainId: 'ETH', chain: 'BTC' }), 'ETH');
    const none = await raw(server, '/v1/track', { body: { hash }, headers: { 'x-api-key': 'track-chain-keys' } });
    assert.equal(none.status, 400);
  });

  test('unknown quote or route: 404; missing hash or unknown chain: 400', async () => {
    const client = clientFor(server);
    const hash = makeHash('completed', 'flat');
    await assert.rejects(
      client.track({ hash, chainId: 'ETH', quoteId: 'no-such-quote', routeIndex: 0 }),
      (e) => e instanceof ServiceError && e.status === 404 && /not found/.test(e.detail),
    );
    const q = await client.quote({
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      slippage: 1,
      destinationAddress: BTC_ADDRESS,
    });
    await assert.rejects(
      client.track({ hash, chainId: 'ETH', quoteId: q.quoteId, routeIndex: 99 }),
      (e) => e instanceof ServiceError && e.status === 404,
    );
    await assert.rejects(
      client.track({ hash, chainId: 'ethereum' }),
      (e) => e instanceof ServiceError && e.status === 400 && e.errors[0]?.field === 'chainId',
    );
    await assert.rejects(
      client.track({ hash: '', chainId: 'ETH' }),
      (e) => e instanceof ServiceError && e.status === 400 && e.errors[0]?.field === 'hash',
    );
    await assert.rejects(
      client.trackTx({ hash, chainId: 'NOPE' }),
      (e) => e instanceof ServiceError && e.status === 400,
    );
  });
});

describe('POST /v1/track-tx', () => {
  test('the record follows the outcome; confirmations grow', async () => {
    const client = clientFor(server, { apiKey: 'track-tx' });
    const expect: Partial<Record<HashOutcome, string>> = {
      completed: 'confirmed',
      dropped: 'failed',
      reverted: 'failed',
      replaced: 'replaced',
      refunded: 'confirmed',
    };
    const cases = Object.entries(expect).map(([outcome, status]) => ({
      status,
      hash: makeHash(outcome as HashOutcome, 'flat', { evm: true }),
    }));
    const runs = await stepAllUntil(
      clock,
      2 * SECOND,
      cases.map(
        ({ hash }) =>
          () =>
            client.trackTx({ hash, chainId: 'ETH' }),
      ),
      (t, i) => t.status === cases[i]!.status && (t.status !== 'confirmed' || (t.confirmations ?? 0) >= 3),
    );
    for (const [i, { status, hash }] of cases.entries()) {
      const seen = runs[i]!;
      assert.equal(seen[0]!.status, 'not_found');
      const last = seen.at(-1)!;
      if (status === 'confirmed') {
        assert.ok(last.blockHeight! > 0 && last.gasUsed);
        const confirmations = seen.map((t) => t.confirmations ?? 0);
        for (let i = 1; i < confirmations.length; i++) assert.ok(confirmations[i]! >= confirmations[i - 1]!);
      }
      const answer = await raw(server, '/v1/track-tx', {
        body: { hash, chainId: 'ETH' },
        headers: { 'x-api-key': 'track-tx' },
      });
      assert.ok(z.safeParse(S.TxStatus, answer.json).success);
      assert.ok(isValidAddress('ETH', last.from!) && isValidAddress('ETH', last.to!));
    }
  });

  test('a scope time scale overrides the service one', async () => {
    const client = clientFor(server, { apiKey: 'slow-scope' });
    await control(server, 'slow-scope', { timeScale: 1 });
    const hash = makeHash('completed', 'wrapped');
    await client.track({ hash, chainId: 'ETH' });
    // 2.999 s at the scope's scale 1 (300 s at the service's 100): still broadcasted; in the mempool at 3 s.
    clock.advance(2999);
    assert.equal((await client.track({ hash, chainId: 'ETH' })).trackingStatus, 'broadcasted');
    clock.advance(1);
    assert.equal((await client.track({ hash, chainId: 'ETH' })).trackingStatus, 'mempool');
    // Another scope, at the service's scale: the same 3 s of the clock are 300 s, the swap is done.
    const other = clientFor(server, { apiKey: 'fast-scope' });
    await other.track({ hash, chainId: 'ETH' });
    clock.advance(3000);
    assert.equal((await other.track({ hash, chainId: 'ETH' })).trackingStatus, 'completed');
  });
});

function checkFinal(outcome: HashOutcome, t: Track, route: S.Route): void {
  const wrapped = isWrapped(t);
  const r = wrapped ? t.data.route : t.route;
  assert.ok(r, 'route');
  assert.equal(r.sellAsset, route.sellAsset);
  assert.equal(r.expectedBuyAmount, route.expectedBuyAmount);
  const info = wrapped ? t.data.quoteInfo : t.quoteInfo;
  assert.equal(info?.trackParams?.hash !== undefined, true);
  assert.equal(wrapped ? info?.trackParams?.chainId : info?.trackParams?.chain, 'ETH');
  const output = wrapped ? t.data.outbound?.hash : t.trackMeta?.outputTxHash;
  switch (outcome) {
    case 'completed':
    case 'streaming':
    case 'partially_refunded': {
      const actual = r.actualBuyAmount!;
      assert.ok(actual, `${outcome}: actualBuyAmount`);
      if (outcome !== 'partially_refunded') {
        assert.ok(
          compareDecimal(actual, route.expectedBuyAmount) <= 0 &&
            compareDecimal(actual, route.expectedBuyAmountMaxSlippage) >= 0,
          actual,
        );
      } else assert.ok(compareDecimal(actual, route.expectedBuyAmountMaxSlippage) < 0);
      assert.ok(output, `${outcome}: output hash`);
      if (wrapped) {
        assert.equal(t.data.outbound?.asset, route.buyAsset);
        assert.equal(t.data.route?.legs.at(-1)?.actualBuyAmount, actual);
      }
      if (outcome === 'partially_refunded') assert.ok(wrapped ? t.error : t.error, 'partial refund explains itself');
      break;
    }
    case 'refunded':
      assert.ok(output);
      if (wrapped) {
        assert.equal(t.data.outbound?.asset, route.sellAsset);
        assert.ok(compareDecimal(t.data.outbound!.amount!, route.sellAmount) < 0);
      } else
        assert.ok(compareDecimal(String((t.trackMeta as Record<string, unknown>).refundAmount), route.sellAmount) < 0);
      assert.ok(t.error);
      break;
    default:
      assert.ok(t.error, `${outcome}: error message`);
      assert.equal(r.actualBuyAmount, undefined);
  }
}
