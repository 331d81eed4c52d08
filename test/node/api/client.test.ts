/**
 * The client against answers written here (an injected `fetch`): routes read one by one, the
 * real service's shapes read at the edge, and answers too deep or too long refused as
 * `bad-response` without ever overflowing the stack.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_TRACK_CHARS, MAX_TRACK_VALUES, SwapApiClient } from '../../../src/api/client.js';
import { MAX_TRACK_LEGS } from '../../../src/schemas/service.js';
import { BadResponseError, NetworkError, ServiceError } from '../../../src/api/errors.js';
import {
  MAX_JSON_DEPTH,
  compact,
  nestsDeeperThan,
  tokenListOf,
  tokenOf,
  trackAnswerOf,
} from '../../../src/schemas/normalize.js';
import { normalizeTrack } from '../../../src/domain/tracking/status.js';

const REQUEST = { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.1', slippage: 1 };

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(url);
    return new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as unknown as typeof globalThis.fetch;
  return { client: new SwapApiClient({ baseUrl: 'https://svc.example', fetch }), calls };
}

const route = (over: Record<string, unknown> = {}) => ({
  providers: ['THORCHAIN'],
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.1',
  expectedBuyAmount: '2.5',
  expectedBuyAmountMaxSlippage: '2.475',
  ...over,
});

/** `[[[…]]]`, `depth` arrays deep, as JSON text. */
const deepText = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const deep = (depth: number): unknown => JSON.parse(deepText(depth));
/** JSON text of `body` with `"$DEEP"` replaced by an array `depth` deep (JSON.stringify itself overflows on it). */
const withDeep = (body: unknown, depth: number): string => JSON.stringify(body).replace('"$DEEP"', deepText(depth));

describe('the client reads routes one by one', () => {
  it('lists a route that fails its schema as unreadable, with its providers, and keeps the others', async () => {
    const { client } = answering(200, {
      quoteId: 'q',
      routes: [route({ providers: ['_X'], expectedBuyAmount: 2.5 }), route()],
    });
    const r = await client.quote(REQUEST);
    assert.equal(r.routes.length, 1);
    assert.deepEqual(r.routeIndexes, [1]);
    assert.equal(r.dropped.length, 1);
    assert.deepEqual(
      r.dropped.map((d) => [d.index, d.providers]),
      [[0, ['_X']]],
    );
    assert.match(r.dropped[0]!.message, /expectedBuyAmount/);
  });

  it('answers with no routes, not an error, when every route is unreadable', async () => {
    const { client } = answering(200, {
      quoteId: 'q',
      routes: [{ providers: ['CHAINFLIP'] }, 7, null, { legs: [{ provider: 'ONEINCH' }] }],
    });
    const r = await client.quote(REQUEST);
    assert.deepEqual(r.routes, []);
    assert.deepEqual(
      r.dropped.map((d) => d.providers),
      [['CHAINFLIP'], [], [], ['ONEINCH']],
    );
  });

  it('is a bad-response only when the envelope does not read', async () => {
    for (const body of [{ routes: [] }, { quoteId: 'q', routes: 'none' }, [route()], 'null']) {
      const { client } = answering(200, body);
      await assert.rejects(client.quote(REQUEST), BadResponseError);
    }
  });

  it('keeps a route whose unknown field nests 5 000 deep out: a bad-response, never a stack overflow', async () => {
    const { client } = answering(200, withDeep({ quoteId: 'q', routes: [route({ extra: '$DEEP' }), route()] }, 5000));
    await assert.rejects(
      client.quote(REQUEST),
      (e: unknown) => e instanceof BadResponseError && /deeper than 64/.test(e.message),
    );
    // The same for every endpoint, and for an error body.
    const t = answering(200, withDeep({ tokens: [], junk: '$DEEP' }, 100_000));
    await assert.rejects(t.client.tokens(), BadResponseError);
    const tr = answering(200, withDeep({ trackingStatus: 'swapping', junk: '$DEEP' }, 5000));
    await assert.rejects(tr.client.track({ hash: '0xab', chainId: 'ETH' }), BadResponseError);
    const e = answering(500, withDeep({ type: 'x', title: 'y', status: 500, detail: '$DEEP' }, 5000));
    await assert.rejects(e.client.providers(), (err: unknown) => err instanceof ServiceError && err.status === 500);
    // Its honest twin: an answer just within the limit reads.
    const ok = answering(200, withDeep({ quoteId: 'q', routes: [route({ extra: '$DEEP' })] }, MAX_JSON_DEPTH - 3));
    assert.equal((await ok.client.quote(REQUEST)).routes.length, 1);
  });

  it('refuses an answer longer than the limit as a bad-response', async () => {
    const { client } = answering(200, { quoteId: 'q', routes: [route({ junk: 'x'.repeat(8_000_001) })] });
    await assert.rejects(
      client.quote(REQUEST),
      (e: unknown) => e instanceof BadResponseError && /longer than/.test(e.message),
    );
  });

  it('keeps a transaction of an unknown form as sent, and reads meta written the real way', async () => {
    const { client } = answering(200, {
      quoteId: 'q',
      routes: [
        route({
          tx: [1, 2],
          meta: { affiliateFee: '0', priceImpact: '-1.94', assets: [{ name: 'BTC.BTC', price: 60000 }] },
        }),
      ],
    });
    const [r] = (await client.quote(REQUEST)).routes;
    assert.deepEqual(r!.tx, [1, 2]);
    assert.equal(r!.meta.affiliateFee, 0);
    assert.equal(r!.meta.priceImpact, -1.94);
    assert.equal(r!.meta.assets[0]!.asset, 'BTC.BTC');
  });
});

describe('compact and the depth limit', () => {
  it('copies any depth without recursion and drops undefined keys', () => {
    const value = deep(5000);
    assert.doesNotThrow(() => compact(value));
    assert.deepEqual(compact({ a: undefined, b: [1, { c: undefined, d: null }], e: { f: 'x' } }), {
      b: [1, { d: null }],
      e: { f: 'x' },
    });
    assert.ok(nestsDeeperThan(deep(5000), MAX_JSON_DEPTH));
    assert.ok(!nestsDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH));
    assert.ok(nestsDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH));
    assert.ok(!nestsDeeperThan('[[[[', 1));
  });
});

describe('the real service shapes, read at the edge', () => {
  it('reads a real token (identifier, ticker, symbol with its address, no chain) into the spec shape', () => {
    const t = tokenOf(
      {
        identifier: 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        ticker: 'USDC',
        symbol: 'USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        chainId: '42161',
        decimals: 6,
        logoURI: 'https://x.example/u.png',
      },
      'OKX',
    ) as Record<string, unknown>;
    assert.deepEqual(
      {
        asset: t.asset,
        chain: t.chain,
        symbol: t.symbol,
        decimals: t.decimals,
        providers: t.providers,
        chainId: t.chainId,
      },
      {
        asset: 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        chain: 'ARB',
        symbol: 'USDC',
        decimals: 6,
        providers: ['OKX'],
        chainId: '42161',
      },
    );
    // An empty ticker: a label from the contract.
    assert.equal(
      (
        tokenOf({
          identifier: 'SOL.-23WuycvPjEuzJTsBPBZqnbFZFcBtBKAMTowUDHwagkuD',
          ticker: '',
          chainId: 'solana',
          decimals: 0,
        }) as { symbol: string }
      ).symbol,
      '23Wuyc…',
    );
    // Spec tokens are taken as they are.
    const spec = { asset: 'BTC.BTC', chain: 'BTC', symbol: 'BTC', decimals: 8 };
    assert.equal(tokenOf(spec), spec);
  });

  it('reads a list of lists, once per token, with all its providers', () => {
    const list = tokenListOf([
      { provider: 'THORCHAIN', tokens: [{ identifier: 'BTC.BTC', ticker: 'BTC', chainId: 'bitcoin', decimals: 8 }] },
      {
        provider: 'CHAINFLIP',
        tokens: [
          { identifier: 'BTC.BTC', ticker: 'BTC', chainId: 'bitcoin', decimals: 8 },
          { identifier: 'ETH.ETH', ticker: 'ETH', chainId: '1', decimals: 18 },
        ],
      },
    ])!;
    assert.deepEqual(
      list.tokens.map((t) => (t as { asset: string; providers: string[] }).providers),
      [['THORCHAIN', 'CHAINFLIP'], ['CHAINFLIP']],
    );
    assert.equal(list.total, 2);
    assert.equal(tokenListOf({ tokens: 'all' }), undefined);
  });

  it('reads a real tracking record: status in the spec words, trackingStatus when given', () => {
    const record = {
      hash: '0xab',
      chainId: '1',
      status: 'completed',
      fromAsset: 'ETH.ETH',
      fromAmount: '1',
      toAsset: 'BTC.BTC',
      toAmount: '0.035',
      meta: { provider: 'CHAINFLIP' },
    };
    const s = normalizeTrack(trackAnswerOf(record) as never);
    assert.deepEqual(
      [s.status, s.final, s.outcome, s.buyAmount, s.buyAsset],
      ['completed', true, 'success', '0.035', 'BTC.BTC'],
    );
    for (const [real, spec] of [
      ['unknown', 'not_started'],
      ['not_started', 'not_started'],
      ['pending', 'broadcasted'],
      ['swapping', 'swapping'],
      ['refunded', 'refunded'],
      ['failed', 'reverted'],
    ] as const) {
      const t = normalizeTrack(trackAnswerOf({ ...record, status: real }) as never);
      assert.equal(t.status, spec, real);
      assert.equal(t.buyAmount, undefined, 'the amount received only once completed');
    }
    assert.equal(
      (trackAnswerOf({ ...record, status: 'pending', trackingStatus: 'inbound' }) as { trackingStatus: string })
        .trackingStatus,
      'inbound',
    );
    // The spec's shapes pass unchanged; an answer with neither status nor hash is left for the schema to refuse.
    const flat = { trackingStatus: 'swapping' };
    assert.equal(trackAnswerOf(flat), flat);
    const legacy = { done: false, status: 'pending', result: {} };
    assert.equal(trackAnswerOf(legacy), legacy);
    assert.deepEqual(trackAnswerOf({ depositAddress: 'x' }, 202), {
      depositAddress: 'x',
      trackingStatus: 'not_started',
    });
  });

  it('reads a real track answer through the client, and refuses the legacy one as a bad-response', async () => {
    const ok = answering(200, { hash: '0xab', chainId: '1', status: 'swapping' });
    assert.equal((await ok.client.track({ hash: '0xab', chainId: 'ETH' })).trackingStatus, 'swapping');
    const legacy = answering(200, { done: false, status: 'pending', result: { legs: [] } });
    await assert.rejects(legacy.client.track({ hash: '0xab', chainId: 'ETH' }), BadResponseError);
  });

  it("tells the service's own words from a real error body, and Retry-After", async () => {
    const { client } = answering(
      429,
      { error: 'rate_limited', message: 'Too many requests, slow down' },
      { 'retry-after': '3' },
    );
    await assert.rejects(
      client.quote(REQUEST),
      (e: unknown) =>
        e instanceof ServiceError &&
        e.status === 429 &&
        e.detail === 'Too many requests, slow down' &&
        e.retryAfterMs === 3000,
    );
  });

  it('names the key by a hash, never the key', () => {
    const a = new SwapApiClient({ apiKey: 'secret-key' });
    assert.match(a.keyId, /^[0-9a-f]{32}$/);
    assert.ok(!a.keyId.includes('secret'));
    assert.equal(new SwapApiClient({ apiKey: 'secret-key' }).keyId, a.keyId);
    assert.notEqual(new SwapApiClient({ apiKey: 'other' }).keyId, a.keyId);
    assert.equal(new SwapApiClient().keyId, '');
  });

  it('is a network error when nothing answers', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    await assert.rejects(new SwapApiClient({ fetch }).quote(REQUEST), NetworkError);
  });
});

describe('track answers are bounded as quote routes are (issue 30)', () => {
  const T = { hash: '0xab', chainId: 'ETH' };
  const leg = { provider: 'PROTOCOL_A', sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC', sellAmount: '1', buyAmount: '0.03' };
  const wrappedWithLegs = (n: number) => ({
    success: true,
    trackingStatus: 'swapping',
    data: { route: { sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC', legs: Array.from({ length: n }, () => leg) } },
  });

  it(`a route of ${MAX_TRACK_LEGS} legs reads; one more is unreadable, in either shape`, async () => {
    const ok = await answering(200, wrappedWithLegs(MAX_TRACK_LEGS)).client.track(T);
    assert.equal(normalizeTrack(ok).legs.length, MAX_TRACK_LEGS);
    await assert.rejects(answering(200, wrappedWithLegs(MAX_TRACK_LEGS + 1)).client.track(T), BadResponseError);
    const flat = (n: number) => ({ trackingStatus: 'swapping', route: wrappedWithLegs(n).data.route });
    assert.equal(normalizeTrack(await answering(200, flat(MAX_TRACK_LEGS)).client.track(T)).legs.length, 8);
    await assert.rejects(answering(200, flat(MAX_TRACK_LEGS + 1)).client.track(T), BadResponseError);
  });

  it(`an answer of ${MAX_TRACK_CHARS} characters reads; one more is unreadable before it is parsed`, async () => {
    const body = (chars: number) => {
      const base = JSON.stringify({ trackingStatus: 'swapping', note: '' });
      return JSON.stringify({ trackingStatus: 'swapping', note: 'x'.repeat(chars - base.length) });
    };
    assert.equal(body(MAX_TRACK_CHARS).length, MAX_TRACK_CHARS);
    assert.equal((await answering(200, body(MAX_TRACK_CHARS)).client.track(T)).trackingStatus, 'swapping');
    await assert.rejects(answering(200, body(MAX_TRACK_CHARS + 1)).client.track(T), /longer than 200000 characters/);
  });

  it(`an answer of ${MAX_TRACK_VALUES} values reads; one more is unreadable`, async () => {
    // The object, its trackingStatus and its list hold 3 values; the list's numbers the rest.
    const body = (values: number) => ({
      trackingStatus: 'swapping',
      extra: Array.from({ length: values - 3 }, () => 0),
    });
    assert.equal((await answering(200, body(MAX_TRACK_VALUES)).client.track(T)).trackingStatus, 'swapping');
    await assert.rejects(answering(200, body(MAX_TRACK_VALUES + 1)).client.track(T), /holds more than 5000 values/);
  });

  it('a wrapped answer whose parts do not read is unreadable, never read as the flat shape', async () => {
    const negative = {
      success: true,
      trackingStatus: 'completed',
      data: { outbound: { amount: '-5', asset: 'BTC.BTC' } },
    };
    await assert.rejects(answering(200, negative).client.track(T), BadResponseError);
    const positive = { ...negative, data: { outbound: { amount: '5', asset: 'BTC.BTC' } } };
    assert.equal(normalizeTrack(await answering(200, positive).client.track(T)).buyAmount, '5');
  });
});

describe('a long track answer costs the page what the limit allows, never its whole length', () => {
  const T = { hash: '0xab', chainId: 'ETH' };
  /** A client whose answer is `chunks`, streamed, with these headers; counts the chunks pulled. */
  function streaming(chunks: Uint8Array[], headers: Record<string, string> = {}) {
    const state = { pulled: 0, cancelled: false };
    const fetch = (async () => {
      let i = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(c) {
            state.pulled += 1;
            if (i < chunks.length) c.enqueue(chunks[i++]!);
            else c.close();
          },
          cancel() {
            state.cancelled = true;
          },
          // Nothing is pulled before a reader asks.
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });
    }) as unknown as typeof globalThis.fetch;
    return { client: new SwapApiClient({ baseUrl: 'https://svc.example', fetch }), state };
  }
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('a declared length over four bytes a character of the limit: refused before a byte is read', async () => {
    const { client, state } = streaming([utf8('{"trackingStatus":"swapping"}')], {
      'content-length': String(MAX_TRACK_CHARS * 4 + 1),
    });
    await assert.rejects(client.track(T), /longer than 200000 characters/);
    assert.equal(state.pulled, 0);
  });

  it('an undeclared length: read in chunks, and the reading stops at the first chunk past the limit', async () => {
    const head = utf8('{"trackingStatus":"swapping","x":"');
    const chunk = utf8('y'.repeat(50_000));
    const { client, state } = streaming([head, ...Array.from({ length: 100 }, () => chunk)]);
    await assert.rejects(client.track(T), /longer than 200000 characters/);
    assert.ok(state.pulled <= 6, `pulled ${state.pulled} chunks of 101`);
    assert.ok(state.cancelled, 'the rest was cancelled');
  });

  it('decoded as UTF-8 across chunks (a character split between two)', async () => {
    const bytes = utf8('{"trackingStatus":"swapping","note":"é"}');
    const at = bytes.indexOf(0xc3) + 1;
    const { client } = streaming([bytes.subarray(0, at), bytes.subarray(at)]);
    assert.equal(((await client.track(T)) as { note?: string }).note, 'é');
  });
});
