/**
 * The reference service's SwapKit dialect (`demo/server/swapkit.ts`, under `/swapkit/`) through
 * the widget's client in the SwapKit dialect: routes quoted without what is signed, `/swap` for
 * each family (memo, router deposit, Chainflip deposit address, 1inch, Jupiter, a Cosmos deposit)
 * then every check; the token list and providers in SwapKit's shapes; tracking by hash and
 * SwapKit's chain id to a final state; SwapKit's errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ServiceError } from '../../../src/api/errors.js';
import { SwapApiClient } from '../../../src/api/client.js';
import { checkRoute, type CheckResult } from '../../../src/domain/checks/route.js';
import { knownTokenDecimals } from '../../../src/domain/chains/known-tokens.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { makeHash } from '../../../demo/server/hashes.js';
import {
  BTC_ADDRESS,
  ETH_USDC,
  EVM_ADDRESS,
  SOL_ADDRESS,
  SOL_USDC,
  CLIENT_TIMEOUT_MS,
  control,
  pollUntil,
  raw,
  startRef,
} from './helpers.js';
import { referenceInbound } from '../../support/inbound.js';
import type { QuoteRequest, Route } from '../../../src/schemas/service.js';

let server: DemoServer;
before(async () => {
  server = await startRef({ timeScale: 200 });
});
after(() => server.close());

const THOR_ADDRESS = 'thor1e0lmk5juawc46jwjwd0xfz587njej7ay5fh6cd';

function swapKit(key: string) {
  return new SwapApiClient({
    baseUrl: `${server.url}/swapkit`,
    apiKey: key,
    dialect: 'swapkit',
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
}

/** Quote, pick the route of `provider`, `/swap` it, and check the answer as the widget does. */
async function carry(key: string, request: QuoteRequest, provider: string) {
  await control(server, key, { reset: true });
  const client = swapKit(key);
  const q = await client.quote(request);
  const route = q.routes.find((r) => r.providers.join() === provider);
  assert.ok(route, `no ${provider} route in ${q.routes.map((r) => r.providers.join('+')).join(', ')}`);
  assert.equal(typeof (route as Record<string, unknown>).routeId, 'string');
  assert.deepEqual(
    [route.tx, route.memo, route.targetAddress, route.inboundAddress],
    [undefined, undefined, undefined, undefined],
  );
  const answer = await client.swap({
    routeId: (route as Record<string, unknown>).routeId as string,
    sourceAddress: request.sourceAddress!,
    destinationAddress: request.destinationAddress!,
  });
  assert.ok(answer.ok, JSON.stringify(answer));
  const swapped: Route = answer.route;
  const checked: CheckResult = checkRoute(swapped, {
    request,
    decimals: knownTokenDecimals,
    inbound: referenceInbound(),
    affiliate: { bps: 0 },
    now: Date.now(),
  });
  return { client, swapped, checked };
}

const plan = (c: CheckResult) => (c.ok ? c.plan : assert.fail(`refused: ${JSON.stringify(c.refusal)}`));

describe('the SwapKit dialect of the reference service', () => {
  test('a THORChain memo route from BTC: quoted without memo, /swap gives it, checked against the node', async () => {
    const { checked } = await carry(
      'sk-memo',
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '0.1',
        slippage: 1,
        sourceAddress: BTC_ADDRESS,
        destinationAddress: EVM_ADDRESS,
      },
      'THORCHAIN',
    );
    const p = plan(checked);
    assert.equal(p.kind, 'memo');
    assert.ok(p.kind === 'memo' && p.memo.startsWith('=:'));
  });

  test("a THORChain route from ETH: the router's deposit, decoded", async () => {
    const { checked } = await carry(
      'sk-router',
      {
        sellAsset: 'ETH.ETH',
        buyAsset: 'BTC.BTC',
        sellAmount: '1',
        slippage: 1,
        sourceAddress: EVM_ADDRESS,
        destinationAddress: BTC_ADDRESS,
      },
      'THORCHAIN',
    );
    const p = plan(checked);
    assert.deepEqual([p.kind, p.kind === 'evm' ? p.to.role : ''], ['evm', 'router']);
  });

  test('a Chainflip route: /swap opens its channel, and its address is paid with the consent warning', async () => {
    const { swapped, checked } = await carry(
      'sk-chainflip',
      {
        sellAsset: 'ETH.ETH',
        buyAsset: 'BTC.BTC',
        sellAmount: '1',
        slippage: 1,
        sourceAddress: EVM_ADDRESS,
        destinationAddress: BTC_ADDRESS,
      },
      'CHAINFLIP',
    );
    const p = plan(checked);
    assert.equal(p.kind, 'memo');
    assert.equal(p.kind === 'memo' ? p.address : '', (swapped as Record<string, unknown>).depositAddress);
    assert.deepEqual(p.warnings, [
      { code: 'deposit-address-unverified', address: p.kind === 'memo' ? p.address : '', protocol: 'B' },
    ]);
  });

  test('a token sold on 1inch: the aggregator call, decoded, with its exact approval', async () => {
    const { checked } = await carry(
      'sk-1inch',
      {
        sellAsset: ETH_USDC,
        buyAsset: 'ETH.ETH',
        sellAmount: '2500.5',
        slippage: 1,
        sourceAddress: EVM_ADDRESS,
        destinationAddress: EVM_ADDRESS,
      },
      'ONEINCH',
    );
    const p = plan(checked);
    assert.deepEqual([p.kind, p.kind === 'evm' ? p.approval?.amount : 0n], ['evm', 2_500_500_000n]);
  });

  test('a Solana swap on Jupiter: the serialised transaction, decoded', async () => {
    const { checked } = await carry(
      'sk-jupiter',
      {
        sellAsset: 'SOL.SOL',
        buyAsset: SOL_USDC,
        sellAmount: '2',
        slippage: 1,
        sourceAddress: SOL_ADDRESS,
        destinationAddress: SOL_ADDRESS,
      },
      'JUPITER',
    );
    assert.equal(plan(checked).kind, 'solana');
  });

  test('a RUNE deposit on THORChain: the Cosmos message, decoded', async () => {
    const { checked } = await carry(
      'sk-cosmos',
      {
        sellAsset: 'THOR.RUNE',
        buyAsset: 'BTC.BTC',
        sellAmount: '100',
        slippage: 1,
        sourceAddress: THOR_ADDRESS,
        destinationAddress: BTC_ADDRESS,
      },
      'THORCHAIN',
    );
    assert.equal(plan(checked).kind, 'cosmos');
  });

  test("SwapKit's shapes: names, lower-case fee types, routeId; a multi-step route is listed as not supported", async () => {
    await control(server, 'sk-shape', { reset: true });
    const q = await swapKit('sk-shape').quote({
      sellAsset: 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA',
      buyAsset: 'BTC.BTC',
      sellAmount: '100',
      slippage: 1,
      sourceAddress: EVM_ADDRESS,
      destinationAddress: BTC_ADDRESS,
    });
    for (const r of q.routes) for (const f of r.fees) assert.equal(f.type, f.type.toLowerCase());
    const steps = q.dropped.filter((d) => d.unsupported?.code === 'route-steps-unsupported');
    assert.ok(steps.length > 0, JSON.stringify(q.dropped));
    assert.deepEqual(steps[0]!.providers, ['ONEINCH', 'CHAINFLIP']);
  });

  test('tracked by hash and SwapKit chain id, to a final state, in its transaction records', async () => {
    const key = 'sk-track';
    const { client } = await carry(
      key,
      {
        sellAsset: 'ETH.ETH',
        buyAsset: 'BTC.BTC',
        sellAmount: '1',
        slippage: 1,
        sourceAddress: EVM_ADDRESS,
        destinationAddress: BTC_ADDRESS,
      },
      'THORCHAIN',
    );
    const rawRecord = await raw(server, '/swapkit/track', {
      body: { hash: makeHash('completed', 'flat', { evm: true, seed: key }), chainId: '1' },
      headers: { 'x-api-key': key },
    });
    const record = rawRecord.json as Record<string, unknown>;
    assert.deepEqual([record.chainId, record.fromAsset, record.toAsset], ['1', 'ETH.ETH', 'BTC.BTC']);
    const hash = makeHash('refunded', 'flat', { evm: true, seed: key });
    const seen = await pollUntil(
      () => client.track({ hash, chainId: 'ETH' }),
      (t) => t.trackingStatus === 'refunded',
    );
    assert.ok(seen.length >= 1);
  });

  test('tokens and providers in SwapKit shapes; Polygon written POL there and MATIC for the widget', async () => {
    await control(server, 'sk-lists', { reset: true });
    const client = swapKit('sk-lists');
    const { tokens } = await client.tokens({});
    assert.ok(
      tokens.some((t) => t.asset.startsWith('MATIC.')),
      'Polygon tokens read back as MATIC',
    );
    assert.ok(!tokens.some((t) => t.asset.startsWith('POL.')));
    const rawList = (await raw(server, '/swapkit/tokens?provider=ONEINCH')).json as {
      tokens: { identifier: string }[];
    };
    assert.ok(rawList.tokens.some((t) => t.identifier.startsWith('POL.')));
    const providers = await client.providers();
    assert.ok(providers.some((p) => p.provider === 'THORCHAIN'));
  });

  test('an unknown or expired route id, and a bad request, are SwapKit errors', async () => {
    const client = swapKit('sk-errors');
    await assert.rejects(
      client.swap({ routeId: 'nope', sourceAddress: EVM_ADDRESS, destinationAddress: BTC_ADDRESS }),
      (e: unknown) => e instanceof ServiceError && e.status === 404 && /not found/.test(e.detail),
    );
    const r = await raw(server, '/swapkit/swap', { body: { nothing: true } });
    assert.deepEqual([r.status, (r.json as Record<string, unknown>).error], [400, 'invalidRequest']);
    assert.equal((await raw(server, '/swapkit/nowhere')).status, 404);
  });
});
