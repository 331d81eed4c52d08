/**
 * The reference service in the real dialect (a scope option): real provider names and token
 * shape, real tracking records and error bodies; the client reads every one of them as it
 * reads the spec's. Also the `drop` fault, and an armed 429 then the answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { NetworkError, ServiceError } from '../../../src/api/errors.js';
import { checkRoute } from '../../../src/domain/checks/route.js';
import { isDepositChannelProvider } from '../../../src/domain/chains/providers.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { makeHash } from '../../../demo/server/hashes.js';
import {
  BTC_ADDRESS,
  ETH_USDC,
  EVM_ADDRESS,
  TestClock,
  clientFor,
  control,
  raw,
  startRef,
  stepUntil,
} from './helpers.js';
import { referenceInbound } from '../../support/inbound.js';

/** The service's clock: tracking moves when the test moves it. */
const clock = new TestClock();
let server: DemoServer;
before(async () => {
  server = await startRef({ now: clock.now });
});
after(() => server.close());

const REAL_NAMES = /^(THORCHAIN|CHAINFLIP|MAYACHAIN|ONEINCH|JUPITER|GARDEN)(_STREAMING)?$/;

async function realScope(name: string) {
  await control(server, name, { reset: true, dialect: 'real' });
  return clientFor(server, { apiKey: name });
}

describe('the real dialect', () => {
  test('is a scope option, answered in its state; the spec dialect stays the default', async () => {
    assert.equal((await control(server, 'd-default', {})).dialect, 'spec');
    assert.equal((await control(server, 'd-state', { dialect: 'real' })).dialect, 'real');
    assert.equal((await raw(server, '/__ref/control', { body: { scope: 'x', dialect: 'klingon' } })).status, 400);
  });

  test('quotes with real provider names, one per leg, and meta written the real way', async () => {
    const client = await realScope('d-quote');
    const q = await client.quote({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.5',
      slippage: 1,
      destinationAddress: EVM_ADDRESS,
      affiliate: 'sw',
      affiliateFee: 20,
    });
    assert.ok(q.routes.length >= 2);
    assert.deepEqual(q.dropped, []);
    for (const r of q.routes) {
      for (const p of r.providers) assert.match(p, REAL_NAMES);
      for (const l of r.legs) assert.match(l.provider, REAL_NAMES);
    }
    const rawAnswer = (
      await raw(server, '/v1/quote', {
        body: {
          sellAsset: 'BTC.BTC',
          buyAsset: 'ETH.ETH',
          sellAmount: '0.5',
          slippage: 1,
          destinationAddress: EVM_ADDRESS,
          affiliate: 'sw',
          affiliateFee: 20,
        },
        headers: { 'x-api-key': 'd-quote' },
      })
    ).json as {
      routes: { meta: { affiliateFee?: unknown; assets?: Record<string, unknown>[] } }[];
    };
    assert.equal(typeof rawAnswer.routes[0]!.meta.affiliateFee, 'string');
    for (const a of rawAnswer.routes[0]!.meta.assets ?? []) assert.ok('name' in a && !('asset' in a));
    // A multi-leg route lists each leg's provider.
    const multi = await client.quote({
      sellAsset: 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA',
      buyAsset: 'BTC.BTC',
      sellAmount: '500',
      slippage: 1,
      destinationAddress: BTC_ADDRESS,
      providers: ['ONEINCH->CHAINFLIP'],
    });
    assert.deepEqual(
      multi.routes.map((r) => r.providers),
      [['ONEINCH', 'CHAINFLIP']],
    );
  });

  test('a CHAINFLIP route passes the checks as a deposit channel, and the channel opens', async () => {
    const client = await realScope('d-channel');
    const request = {
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      slippage: 1,
      destinationAddress: BTC_ADDRESS,
      providers: ['CHAINFLIP'],
    };
    const q = await client.quote(request);
    const route = q.routes.find((r) => r.providers.join() === 'CHAINFLIP')!;
    assert.ok(route && isDepositChannelProvider(route.providers[0]!));
    const checked = checkRoute(route, {
      request,
      decimals: () => undefined,
      affiliate: { bps: 0 },
      inbound: referenceInbound(),
      now: Date.now(),
    });
    assert.ok(checked.ok && checked.plan.kind === 'deposit-channel', JSON.stringify(checked));
    const channel = await client.depositChannel({
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      destinationAddress: BTC_ADDRESS,
    });
    assert.match(
      String((channel as Record<string, unknown>).explorerUrl),
      /^https:\/\/scan\.chainflip\.io\/channels\//,
    );
    // The real service's schema declares no block heights for a channel.
    assert.ok(channel.issuedBlock === undefined && channel.sourceChainExpiryBlock === undefined);
  });

  test('token lists in the real shape read to the same tokens as the spec dialect', async () => {
    const spec = await clientFor(server, { apiKey: 'd-tokens-spec' }).tokens();
    const client = await realScope('d-tokens');
    const rawList = (await raw(server, '/v1/tokens?provider=CHAINFLIP', { headers: { 'x-api-key': 'd-tokens' } }))
      .json as Record<string, unknown> & { tokens: Record<string, unknown>[] };
    assert.equal(rawList.provider, 'CHAINFLIP');
    assert.equal(rawList.count, rawList.tokens.length);
    const t = rawList.tokens.find((x) => x.identifier === ETH_USDC)!;
    assert.deepEqual(
      [t.ticker, t.symbol, t.chainId, t.address, 'asset' in t],
      ['USDC', `USDC-${ETH_USDC.split('-')[1]}`, '1', ETH_USDC.split('-')[1], false],
    );
    const all = await client.tokens();
    // Every token some provider swaps (the real lists are per provider: a token none swaps is in none).
    assert.deepEqual(
      new Set(all.tokens.map((x) => x.asset)),
      new Set(spec.tokens.filter((x) => x.providers.length).map((x) => x.asset)),
    );
    const usdc = all.tokens.find((x) => x.asset === ETH_USDC)!;
    assert.deepEqual([usdc.symbol, usdc.decimals, usdc.chain], ['USDC', 6, 'ETH']);
    assert.ok(usdc.providers.includes('CHAINFLIP') && usdc.providers.includes('THORCHAIN'));
    const filtered = await client.tokens({ provider: 'CHAINFLIP' });
    assert.ok(filtered.tokens.length > 0 && filtered.tokens.every((x) => x.providers.join() === 'CHAINFLIP'));
  });

  test('providers without isDexAgg, chain ids the real way', async () => {
    const client = await realScope('d-providers');
    const list = await client.providers();
    assert.ok(list.length >= 6);
    for (const p of list) {
      assert.match(p.provider, REAL_NAMES);
      assert.equal(p.isDexAgg, undefined);
    }
    assert.ok(list.find((p) => p.provider === 'ONEINCH')!.supportedChainIds.includes('1'));
  });

  test('tracking answers are real transaction records, read to the end', async () => {
    const client = await realScope('d-track');
    const q = await client.quote({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.5',
      slippage: 1,
      destinationAddress: EVM_ADDRESS,
    });
    const hash = makeHash('completed', 'flat', { seed: 'dialect' });
    const rawRecord = (
      await raw(server, '/v1/track', {
        body: { hash, chainId: 'BTC', quoteId: q.quoteId, routeIndex: 0 },
        headers: { 'x-api-key': 'd-track' },
      })
    ).json as Record<string, unknown>;
    assert.deepEqual(
      [rawRecord.hash, rawRecord.chainId, typeof rawRecord.status, 'quoteInfo' in rawRecord],
      [hash, 'bitcoin', 'string', false],
    );
    const seen = await stepUntil(
      clock,
      5000,
      () => client.track({ hash, chainId: 'BTC', quoteId: q.quoteId, routeIndex: 0 }),
      (t) => t.trackingStatus === 'completed',
    );
    const last = seen.at(-1)! as { route?: { actualBuyAmount?: string } };
    assert.match(last.route?.actualBuyAmount ?? '', /^\d+(\.\d+)?$/);
  });

  test('errors as {error, message}, which the client reads', async () => {
    await realScope('d-errors');
    const r = await raw(server, '/v1/quote', { body: { sellAsset: 'nope' }, headers: { 'x-api-key': 'd-errors' } });
    assert.equal(r.status, 400);
    assert.deepEqual(Object.keys(r.json as object).sort(), ['error', 'message']);
    await assert.rejects(
      clientFor(server, { apiKey: 'd-errors' }).quote({
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '1',
        slippage: 1,
        providers: ['NOBODY'],
      }),
      (e) => e instanceof ServiceError && e.status === 400 && e.detail.length > 0,
    );
  });
});

describe('outages on demand', () => {
  test('drop closes the connection: the client sees a network error', async () => {
    await control(server, 'd-drop', { reset: true, faults: [{ kind: 'drop', path: '/v1/quote', times: 1 }] });
    const client = clientFor(server, { apiKey: 'd-drop' });
    const body = { sellAsset: 'ETH.ETH', buyAsset: ETH_USDC, sellAmount: '1', slippage: 1 };
    await assert.rejects(client.quote(body), (e) => e instanceof NetworkError && !e.timeout);
    assert.ok((await client.quote(body)).routes.length > 0, 'then the service answers again');
  });

  test('an armed 429 then the answer', async () => {
    await control(server, 'd-429', {
      reset: true,
      faults: [{ kind: '429', path: '/v1/quote', retryAfter: 1, times: 1 }],
    });
    const client = clientFor(server, { apiKey: 'd-429' });
    const body = { sellAsset: 'ETH.ETH', buyAsset: ETH_USDC, sellAmount: '1', slippage: 1 };
    await assert.rejects(
      client.quote(body),
      (e) => e instanceof ServiceError && e.status === 429 && e.retryAfterMs === 1000,
    );
    assert.ok((await client.quote(body)).routes.length > 0);
  });
});
