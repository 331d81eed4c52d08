/** Fault injection, scoped control, deposit channels and versioning, over real HTTP through the client. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bech32 } from '@scure/base';
import * as z from 'zod/mini';
import * as S from '../../../src/schemas/service.js';
import { BadResponseError, NetworkError, ServiceError } from '../../../src/api/errors.js';
import type { DeprecationInfo } from '../../../src/api/client.js';
import { isValidAddress } from '../../../src/domain/chains/address.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { makeHash } from '../../../demo/server/hashes.js';
import { blockHeightAt } from '../../../demo/server/blocks.js';
import {
  CLIENT_TIMEOUT_MS,
  ETH_USDC,
  EVM_ADDRESS,
  SOL_ADDRESS,
  TestClock,
  clientFor,
  control,
  pollUntil,
  raw,
  startRef,
} from './helpers.js';

/** The service's clock: expiries and block heights are read against it, not against the wall clock. */
const clock = new TestClock();
let server: DemoServer;
before(async () => {
  server = await startRef({ now: clock.now });
});
after(() => server.close());

const quoteBody = { sellAsset: 'ETH.ETH', buyAsset: ETH_USDC, sellAmount: '1', slippage: 1 };

/** A client whose requests carry `x-ref-fault: spec`. */
function faultyClient(spec: string, timeoutMs = CLIENT_TIMEOUT_MS) {
  return clientFor(server, {
    timeoutMs,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-ref-fault': spec } }),
  });
}

describe('per-request faults reach the client as typed errors', () => {
  test('500 -> ServiceError 500', async () => {
    await assert.rejects(
      faultyClient('500').quote(quoteBody),
      (e) => e instanceof ServiceError && e.status === 500 && !!e.traceId,
    );
  });

  test('429 -> ServiceError 429 with retryAfterMs', async () => {
    await assert.rejects(
      faultyClient('429;retry-after=3').tokens(),
      (e) => e instanceof ServiceError && e.status === 429 && e.retryAfterMs === 3000,
    );
    await assert.rejects(faultyClient('429').tokens(), (e) => e instanceof ServiceError && e.retryAfterMs === 2000);
  });

  test('malformed and wrong-types -> BadResponseError', async () => {
    await assert.rejects(faultyClient('malformed').quote(quoteBody), (e) => e instanceof BadResponseError);
    await assert.rejects(
      faultyClient('wrong-types').quote(quoteBody),
      (e) => e instanceof BadResponseError && e.issues.some((i) => i.startsWith('routes')),
    );
    await assert.rejects(
      faultyClient('wrong-types').track({ hash: makeHash('completed', 'flat'), chainId: 'ETH' }),
      (e) => e instanceof BadResponseError,
    );
    for (const call of [
      (c: ReturnType<typeof faultyClient>) => c.tokens(),
      (c: ReturnType<typeof faultyClient>) => c.providers(),
      (c: ReturnType<typeof faultyClient>) => c.poolRates(),
    ]) {
      await assert.rejects(call(faultyClient('wrong-types')), (e) => e instanceof BadResponseError);
    }
  });

  test('hang -> NetworkError with timeout; the server lets go of the socket', async () => {
    await assert.rejects(faultyClient('hang', 300).providers(), (e) => e instanceof NetworkError && e.timeout);
    // the server is still fine, and closing it does not wait for the hung request
    assert.equal((await clientFor(server).providers()).length, 12);
  });

  test('latency -> the answer arrives later', async () => {
    const started = Date.now();
    const tokens = await faultyClient('latency:400').tokens();
    assert.ok(tokens.tokens.length > 0);
    assert.ok(Date.now() - started >= 390);
    const viaQuery = await raw(server, '/v1/providers?fault=latency&ms=200');
    assert.equal(viaQuery.status, 200);
  });

  test('a bad fault spec is a 400', async () => {
    await assert.rejects(
      faultyClient('explode').tokens(),
      (e) => e instanceof ServiceError && e.status === 400 && e.errors[0]?.field === 'fault',
    );
  });
});

describe('scoped faults', () => {
  test('armed faults hit only their scope and path, then disarm after `times`', async () => {
    await control(server, 'armed', {
      reset: true,
      faults: [
        { kind: '500', path: '/v1/tokens', times: 2 },
        { kind: '429', path: '/v1/quote', retryAfter: 5 },
      ],
    });
    const armed = clientFor(server, { apiKey: 'armed' });
    const bystander = clientFor(server, { apiKey: 'bystander' });
    assert.ok((await bystander.tokens()).tokens.length > 0, 'another scope is untouched');
    assert.ok((await armed.providers()).length > 0, 'another path is untouched');
    await assert.rejects(armed.tokens(), (e) => e instanceof ServiceError && e.status === 500);
    await assert.rejects(armed.tokens(), (e) => e instanceof ServiceError && e.status === 500);
    assert.ok((await armed.tokens()).tokens.length > 0, 'disarmed after two');
    await assert.rejects(
      armed.quote(quoteBody),
      (e) => e instanceof ServiceError && e.status === 429 && e.retryAfterMs === 5000,
    );
    assert.ok((await armed.quote(quoteBody)).routes.length > 0);
    const state = (await (await raw(server, '/__ref/control?scope=armed')).json) as { faults: unknown[] };
    assert.deepEqual(state.faults, []);
  });

  test('armed hang and wrong-types', async () => {
    await control(server, 'armed-2', {
      faults: [
        { kind: 'hang', path: '/v1/track' },
        { kind: 'wrong-types', path: '/v1/protocol-b-deposit-channel' },
      ],
    });
    await assert.rejects(
      clientFor(server, { apiKey: 'armed-2', timeoutMs: 250 }).track({
        hash: makeHash('completed', 'flat'),
        chainId: 'ETH',
      }),
      (e) => e instanceof NetworkError && e.timeout,
    );
    await assert.rejects(
      clientFor(server, { apiKey: 'armed-2' }).depositChannel({
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        destinationAddress: EVM_ADDRESS,
      }),
      (e) => e instanceof BadResponseError,
    );
    // the server saw the client go away and let go of the hung request (status 0 in the log)
    await pollUntil(
      async () =>
        (
          (await raw(server, '/__ref/requests?scope=armed-2&path=/v1/track')).json as {
            requests: { status?: number; fault?: string }[];
          }
        ).requests[0],
      (e) => e?.status === 0 && e.fault === 'hang',
    );
  });

  test('the request log counts the requests of a scope', async () => {
    const c = clientFor(server, { apiKey: 'counted' });
    await control(server, 'counted', { reset: true });
    for (const sellAmount of ['1', '2', '3']) await c.quote({ ...quoteBody, sellAmount });
    await c.tokens();
    const log = (await raw(server, '/__ref/requests?scope=counted&path=/v1/quote')).json as {
      total: number;
      requests: { method: string; status: number; body: { sellAmount: string } }[];
    };
    assert.equal(log.total, 3);
    assert.deepEqual(
      log.requests.map((r) => r.body.sellAmount),
      ['1', '2', '3'],
    );
    assert.ok(log.requests.every((r) => r.method === 'POST' && r.status === 200));
    const all = (await raw(server, '/__ref/requests', { headers: { 'x-api-key': 'counted' } })).json as {
      total: number;
    };
    assert.equal(all.total, 4);
  });

  test('the control endpoint validates its body', async () => {
    for (const body of [
      { faults: [{ kind: 'boom' }] },
      { halted: ['NOPE'] },
      { timeScale: -1 },
      { routeTtl: 0 },
      { routeTtl: 1.5 },
      { extraTokens: 1e9 },
      { quoteRoutes: 0 },
      { quoteRoutes: 10_001 },
      { fault: '500' },
    ]) {
      const r = await raw(server, '/__ref/control', { body });
      assert.equal(r.status, 400, JSON.stringify(body));
    }
  });

  test('routeTtl gives a scope short-lived routes (router deposits expire with them); null restores 600 s', async () => {
    const c = clientFor(server, { apiKey: 'short-lived' });
    const expiries = async (ttl: number | null) => {
      const state = await control(server, 'short-lived', { routeTtl: ttl });
      assert.equal(state.routeTtl, ttl ?? 600);
      const before = Math.floor(clock.now() / 1000);
      const q = await c.quote({
        sellAsset: ETH_USDC,
        buyAsset: 'BTC.BTC',
        sellAmount: '100',
        slippage: 1,
        sourceAddress: EVM_ADDRESS,
        destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
        includeTx: true,
      });
      const after = Math.floor(clock.now() / 1000);
      const memo = q.routes.find((r) => r.memo);
      assert.ok(memo?.tx, JSON.stringify(q.providerErrors));
      const exp = Number(memo.expiration);
      assert.ok(exp >= before + (ttl ?? 600) && exp <= after + (ttl ?? 600), `expiration ${exp}`);
      // The router call's expiry argument (the last word before the memo's offset data) is the same second.
      assert.ok(String((memo.tx as { data: string }).data).includes(exp.toString(16).padStart(64, '0')));
      return exp;
    };
    await expiries(8);
    await expiries(null);
    assert.equal((await control(server, 'other-scope', {})).routeTtl, 600, 'other scopes keep 600 s');
  });

  test('extraTokens grows a scope token list to ten thousand', async () => {
    await control(server, 'many-tokens', { extraTokens: 10_000 });
    const c = clientFor(server, { apiKey: 'many-tokens' });
    const list = await c.tokens();
    assert.ok(list.tokens.length >= 10_080);
    assert.equal(new Set(list.tokens.map((t) => t.asset.toUpperCase())).size, list.tokens.length);
    const extra = list.tokens.at(-1)!;
    const q = await c.quote({
      sellAsset: `${extra.chain}.${extra.chain === 'BSC' ? 'BNB' : extra.chain === 'AVAX' ? 'AVAX' : extra.chain === 'MATIC' ? 'POL' : 'ETH'}`,
      buyAsset: extra.asset,
      sellAmount: '100',
      slippage: 1,
    });
    assert.ok(
      q.routes.some((r) => r.providers[0] === 'AGGREGATOR_A'),
      JSON.stringify(q.providerErrors),
    );
    assert.ok((await clientFor(server).tokens()).tokens.length < 200, 'other scopes keep the short list');
  });
});

test("quoteRoutes pads a scope's quote answers with compact copies of its routes, each one a route; null ends it", async () => {
  const body = {
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    slippage: 1,
    destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
  };
  const answer = async () =>
    (await raw(server, '/v1/quote', { body, headers: { 'x-api-key': 'padded' } })).json as {
      quoteId: string;
      routes: Record<string, unknown>[];
    };
  const own = (await answer()).routes;
  assert.equal((await control(server, 'padded', { quoteRoutes: 300 })).quoteRoutes, 300);
  const padded = await answer();
  assert.equal(padded.routes.length, 300);
  assert.deepEqual(
    padded.routes.slice(0, own.length).map((r) => r.providers),
    own.map((r) => r.providers),
  );
  for (const r of padded.routes) assert.ok(z.safeParse(S.Route, r).success, JSON.stringify(r).slice(0, 200));
  // A copy is tracked as any route of the answer.
  const t = await raw(server, '/v1/track', {
    body: { hash: makeHash('completed', 'flat'), chainId: 'ETH', quoteId: padded.quoteId, routeIndex: 299 },
    headers: { 'x-api-key': 'padded' },
  });
  assert.equal(t.status, 200);
  await control(server, 'padded', { quoteRoutes: null });
  assert.equal((await answer()).routes.length, own.length);
});

describe('deposit channels', () => {
  test('a new, valid address on every call', async () => {
    const c = clientFor(server);
    const cases = [
      { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', destinationAddress: EVM_ADDRESS, chain: 'BTC' },
      { sellAsset: 'ETH.ETH', buyAsset: 'SOL.SOL', destinationAddress: SOL_ADDRESS, chain: 'ETH' },
      {
        sellAsset: 'SOL.SOL',
        buyAsset: 'BTC.BTC',
        destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
        chain: 'SOL',
      },
      { sellAsset: 'DOT.DOT', buyAsset: 'ETH.ETH', destinationAddress: EVM_ADDRESS, chain: 'DOT' },
      {
        sellAsset: 'ARB.ETH',
        buyAsset: 'BTC.BTC',
        destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
        chain: 'ARB',
      },
    ];
    const addresses = new Set<string>();
    const ids = new Set<string>();
    for (let round = 0; round < 8; round++) {
      for (const { chain, ...body } of cases) {
        const ch = await c.depositChannel({ ...body, affiliateCode: 'ab', affiliateBps: 10, maxBoostFeeBps: 5 });
        assert.ok(isValidAddress(chain, ch.depositAddress), `${chain} ${ch.depositAddress}`);
        assert.ok(!addresses.has(ch.depositAddress), 'address reused');
        addresses.add(ch.depositAddress);
        ids.add(ch.channelId);
        // Issued in a block of the protocol's chain, as the channel id says; expiring at a height
        // of the deposit's chain, a day of its blocks ahead.
        assert.match(ch.channelId, /^\d+-[A-Za-z]+-\d+$/);
        assert.equal(ch.channelId.split('-')[0], String(ch.issuedBlock));
        const now = Math.floor(clock.now() / 1000);
        const ahead = ch.sourceChainExpiryBlock! - blockHeightAt(chain, now);
        if (chain === 'BTC') {
          assert.ok(ch.depositAddress.startsWith('bc1q'));
          assert.ok(ahead === 144 || ahead === 143, String(ahead));
          assert.ok(ch.sourceChainExpiryBlock! < ch.issuedBlock!, "a Bitcoin height is below the protocol chain's");
          assert.equal(bech32.decode(ch.depositAddress as `bc1${string}`).prefix, 'bc');
        }
      }
    }
    assert.equal(ids.size, addresses.size);
  });

  test('bad requests are 400', async () => {
    const c = clientFor(server);
    const is400 = (e: unknown) => e instanceof ServiceError && e.status === 400;
    await assert.rejects(
      c.depositChannel({
        sellAsset: 'BTC.BTC',
        buyAsset: 'LTC.LTC',
        destinationAddress: 'ltc1q8gp8gns98ngxmzrlu29cacxcqst44c00cgywh3',
      }),
      is400,
    );
    await assert.rejects(
      c.depositChannel({ sellAsset: 'BTCBTC', buyAsset: 'ETH.ETH', destinationAddress: EVM_ADDRESS }),
      is400,
    );
    await assert.rejects(
      c.depositChannel({ sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', destinationAddress: '' }),
      is400,
    );
  });
});

describe('versioning', () => {
  test('version headers on every answer, CORS, preflight', async () => {
    for (const path of ['/v1/tokens', '/v1/nothing', '/v0/tokens']) {
      const r = await raw(server, path);
      assert.equal(r.headers.get('x-api-version'), 'v1');
      assert.equal(r.headers.get('x-api-versions'), 'v1');
      assert.equal(r.headers.get('access-control-allow-origin'), '*');
      assert.equal(r.headers.get('x-api-deprecated'), null);
    }
    const pre = await fetch(`${server.url}/v1/quote`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key',
      },
    });
    assert.equal(pre.status, 204);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /x-api-key/);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /api-key/);
  });

  test('deprecation headers reach the client', async () => {
    await control(server, 'old-client', { deprecated: true, sunsetDate: '2027-01-31T00:00:00Z' });
    const notices: DeprecationInfo[] = [];
    const c = clientFor(server, { apiKey: 'old-client', onDeprecation: (i) => notices.push(i) });
    await c.providers();
    await c.tokens();
    assert.equal(notices.length, 1);
    assert.equal(notices[0]!.deprecated, true);
    assert.equal(notices[0]!.sunsetDate, '2027-01-31T00:00:00Z');
    assert.match(notices[0]!.warning ?? '', /^299 /);
    const quiet: DeprecationInfo[] = [];
    await clientFor(server, { onDeprecation: (i) => quiet.push(i) }).providers();
    assert.equal(quiet.length, 0);
  });
});
