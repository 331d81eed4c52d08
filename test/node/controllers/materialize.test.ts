/**
 * SwapKit's second step (`controllers/execution/materialize.ts`): the quoted route's `routeId`
 * to `/swap`, the answer held to the quoted route, a Chainflip channel opened with its own
 * request, the quote's 60 s life; and the spec's service untouched. Recorded answers
 * (test/fixtures/real/swapkit/) through a client that answers them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SwapApiClient } from '../../../src/api/client.js';
import { materialize, routeIdExpired, SWAPKIT_QUOTE_LIFE_MS } from '../../../src/controllers/execution/materialize.js';
import type { Selection } from '../../../src/controllers/execution/execution-types.js';
import { checkRoute } from '../../../src/domain/checks/route.js';
import { knownTokenDecimals } from '../../../src/domain/chains/known-tokens.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import { unverifiedInbound } from '../../support/inbound.js';

type Json = Record<string, unknown>;
const text = (file: string) => readFileSync(new URL(`../../fixtures/real/swapkit/${file}`, import.meta.url), 'utf8');
const json = (file: string) => JSON.parse(text(file)) as Json;

/** A SwapKit client answering each path with the body given (JSON), and the requests it got. */
function swapKit(answers: Record<string, () => unknown>, dialect: 'swapkit' | 'spec' = 'swapkit') {
  const asked: { path: string; body: unknown }[] = [];
  const client = new SwapApiClient({
    baseUrl: 'https://api.swapkit.example',
    dialect,
    fetch: (async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      asked.push({ path, body: init.body ? JSON.parse(init.body as string) : undefined });
      const answer = answers[path];
      if (!answer) return new Response('{"error":"notFound","message":"no such path"}', { status: 404 });
      return new Response(JSON.stringify(answer()), { status: 200 });
    }) as unknown as typeof fetch,
  });
  return { client, asked };
}

const SOL_SOURCE = 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg';
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const solRequest = {
  sellAsset: 'SOL.SOL',
  buyAsset: USDC,
  sellAmount: '0.5',
  slippage: 1,
  sourceAddress: SOL_SOURCE,
  destinationAddress: ETH_DEST,
};

/** The selection of the recorded SOL -> USDC quote's NEAR route, quoted at `receivedAt`. */
async function solSelection(receivedAt = 1779288423_000 - 30_000): Promise<Selection> {
  const { client } = swapKit({ '/quote': () => json('v3-sol-near-quote-fresh.json') });
  const q = await client.quote(solRequest);
  const [entry] = rankRoutes(q.routes, q.routeIndexes, priceBook(undefined));
  return { quoteId: q.quoteId, entry: entry!, request: solRequest, receivedAt };
}

describe('SwapKit: /swap at the press', () => {
  test('the quoted route is asked for with its routeId and the addresses, and the answer is checked like any route', async () => {
    const selection = await solSelection();
    const { client, asked } = swapKit({ '/swap': () => json('v3-sol-near-swap-fresh.json') });
    const made = await materialize(selection, client);
    assert.equal(made.kind, 'ready');
    assert.deepEqual(asked, [
      {
        path: '/swap',
        body: {
          routeId: '64339018-eb5e-4307-8241-cd2b37c1b55f',
          sourceAddress: SOL_SOURCE,
          destinationAddress: ETH_DEST,
        },
      },
    ]);
    const route = made.kind === 'ready' ? made.selection.entry.route : undefined;
    assert.equal((route as Json).depositAddress, '2yBEjZS6CC44UwBBGvx8Z1xXHJj4sSD5ZRwba4ijtD7n');
    const checked = checkRoute(route!, {
      request: solRequest,
      decimals: knownTokenDecimals,
      inbound: unverifiedInbound(),
      affiliate: { bps: 0 },
      now: selection.receivedAt,
    });
    assert.ok(checked.ok && checked.plan.kind === 'memo' && checked.plan.address === (route as Json).depositAddress);
    // Asked once: the answered route is not asked for again (after the user accepts a new price, say).
    const again = await materialize((made as { selection: Selection }).selection, client);
    assert.equal(again.kind, 'same');
    assert.equal(asked.length, 1);
  });

  test("the spec's service gives the transaction with the quote: nothing is asked", async () => {
    const selection = await solSelection();
    const { client, asked } = swapKit({}, 'spec');
    assert.equal((await materialize(selection, client)).kind, 'same');
    assert.deepEqual(asked, []);
  });

  test('an answer for another route than the quoted one is refused (route-changed); the same route goes through', async () => {
    const selection = await solSelection();
    for (const [field, edit] of [
      ['providers', (r: Json) => (r.providers = ['CHAINFLIP'])],
      ['buyAsset', (r: Json) => (r.buyAsset = 'ETH.ETH')],
      ['sellAmount', (r: Json) => (r.sellAmount = '0.6')],
      ['destinationAddress', (r: Json) => (r.destinationAddress = '0x000000000000000000000000000000000000dEaD')],
    ] as const) {
      const answer = json('v3-sol-near-swap-fresh.json');
      edit(answer);
      const made = await materialize(selection, swapKit({ '/swap': () => answer }).client);
      assert.deepEqual(made.kind === 'refused' ? [made.refusal.code, made.refusal.params?.field] : made.kind, [
        'route-changed',
        field,
      ]);
    }
  });

  test('an answer below the quoted minimum is a new price the user accepts; at the minimum it goes on', async () => {
    const selection = await solSelection();
    const at = async (expected: string) => {
      const answer = json('v3-sol-near-swap-fresh.json');
      answer.expectedBuyAmount = expected;
      return materialize(selection, swapKit({ '/swap': () => answer }).client);
    };
    assert.equal(selection.entry.minimum, '41.823621');
    assert.equal((await at('41.823621')).kind, 'ready');
    const moved = await at('41.82362');
    assert.deepEqual(moved.kind === 'price-moved' ? [moved.was, moved.now, moved.fresh.entry.expected] : moved.kind, [
      '42.246082',
      '41.82362',
      '41.82362',
    ]);
  });

  test('a route the widget cannot carry out, once /swap answers, is refused with the reason', async () => {
    const selection = await solSelection();
    const answer = json('v3-sol-near-swap-fresh.json');
    answer.providers = ['NEAR'];
    (answer as Json).tx = {
      to: '0x9025B8ff35Ca44f7018C3a37FE0f69e63DBb0743',
      from: ETH_DEST,
      value: '0',
      data: '0xda5d4170',
    };
    const made = await materialize(selection, swapKit({ '/swap': () => answer }).client);
    assert.deepEqual(made.kind === 'refused' ? made.refusal.code : made.kind, 'contract-unsourced');
  });

  test("a quote's routeId lives 60 s: an older one is quoted again first", async () => {
    const selection = await solSelection(1_000_000);
    const { client } = swapKit({});
    assert.equal(routeIdExpired(selection, client, 1_000_000 + SWAPKIT_QUOTE_LIFE_MS), false);
    assert.equal(routeIdExpired(selection, client, 1_000_000 + SWAPKIT_QUOTE_LIFE_MS + 1), true);
    assert.equal(routeIdExpired(selection, swapKit({}, 'spec').client, 1_000_000 + 10 * SWAPKIT_QUOTE_LIFE_MS), false);
  });

  test('a Chainflip route without an address opens its channel with its own request, checked first', async () => {
    // The recorded ETH -> USDC quote's Chainflip route; its /swap answer (none recorded) as SwapKit's
    // SDK reads one: `meta.chainflip`, the broker-channel request (swapkit/SwapKit
    // `packages/plugins/src/chainflip/plugin.ts` @ d6b21ba9).
    const { client: quoting } = swapKit({ '/quote': () => json('01b-quote-v3.json') });
    const request = {
      sellAsset: 'ETH.ETH',
      buyAsset: USDC,
      sellAmount: '0.01',
      slippage: 1,
      sourceAddress: ETH_DEST,
      destinationAddress: ETH_DEST,
    };
    const q = await quoting.quote(request);
    const entry = rankRoutes(q.routes, q.routeIndexes, priceBook(undefined)).find(
      (e) => e.route.providers[0] === 'CHAINFLIP',
    )!;
    const selection: Selection = { quoteId: q.quoteId, entry, request, receivedAt: Date.now() };
    const quoted = (json('01b-quote-v3.json').routes as Json[])[2]!;
    const swapAnswer = (destination: string) => ({
      ...quoted,
      sourceAddress: ETH_DEST,
      destinationAddress: ETH_DEST,
      meta: {
        ...(quoted.meta as Json),
        chainflip: {
          sellAsset: { chain: 'Ethereum', asset: 'ETH' },
          buyAsset: { chain: 'Ethereum', asset: 'USDC' },
          destinationAddress: destination,
          refundParameters: { refundAddress: ETH_DEST, minPrice: '0x1', retryDuration: 150 },
        },
      },
    });
    const deposit = '0xd3f189d1cab37e5dc1f920639ed13bf61132ab16';
    const { client, asked } = swapKit({
      '/swap': () => swapAnswer(ETH_DEST),
      '/chainflip/broker/channel': () => ({ depositAddress: deposit, channelId: '6543210-Ethereum-1933' }),
    });
    const made = await materialize(selection, client);
    assert.equal(made.kind, 'ready');
    assert.equal(((made as { selection: Selection }).selection.entry.route as Json).depositAddress, deposit);
    assert.deepEqual(
      asked.map((a) => a.path),
      ['/swap', '/chainflip/broker/channel'],
    );
    // Its own request for another destination: refused, and no channel is opened.
    const wrong = swapKit({
      '/swap': () => swapAnswer('0x000000000000000000000000000000000000dEaD'),
      '/chainflip/broker/channel': () => ({ depositAddress: deposit, channelId: 'x' }),
    });
    const refused = await materialize(selection, wrong.client);
    assert.deepEqual(
      refused.kind === 'refused' ? [refused.refusal.code, refused.refusal.params?.field] : refused.kind,
      ['deposit-params-mismatch', 'destinationAddress'],
    );
    assert.deepEqual(
      wrong.asked.map((a) => a.path),
      ['/swap'],
    );
  });
});
