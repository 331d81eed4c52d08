/**
 * Route kinds the spec names that the widget does not carry out (src/domain/checks/route-kinds.ts):
 * an atomic swap (protocol D) and protocol B then aggregator A, as the reference service answers
 * them, refused with a reason that names them; their honest neighbours still planned.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import { unsupportedKind } from '../../../../src/domain/checks/route-kinds.js';
import { refusalText } from '../../../../src/components/messages/refusals.js';
import type { DemoServer } from '../../../../demo/server/http.js';
import { referenceInbound } from '../../../support/inbound.js';
import { raw, startRef } from '../../reference/helpers.js';

const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC_DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LTC_DEST = 'ltc1qg82tq8s5ul0e3cvxnnxc4a9y3x7r9s2lmcfl8w';
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';

const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(async () => {
  await server.close();
});

/** The reference service's routes of `provider` for a request, unchanged. */
async function referenceRoutes(request: QuoteRequest, provider: string) {
  const res = await raw(server, '/v1/quote', { body: { ...request, providers: [provider] } });
  const body = res.json as { routes: unknown[]; providerErrors?: unknown[] };
  assert.ok(body.routes.length, `no ${provider} route: ${JSON.stringify(body.providerErrors)}`);
  return body.routes.map((r) => z.parse(Route, r));
}

const context = (request: QuoteRequest): CheckContext => ({
  request,
  decimals: (a) => ({ [LINK.toUpperCase()]: 18 })[a.toUpperCase()],
  affiliate: { bps: 0 },
  inbound: referenceInbound(),
  now: Date.now(),
});

describe('route kinds the widget names and does not carry out', () => {
  it('an atomic swap (protocol D): refused, naming it, in words a user reads', async () => {
    const request: QuoteRequest = {
      sellAsset: 'BTC.BTC',
      buyAsset: 'LTC.LTC',
      sellAmount: '0.1',
      slippage: 1,
      destinationAddress: LTC_DEST,
    };
    for (const route of await referenceRoutes(request, 'PROTOCOL_D')) {
      const r = checkRoute(route, context(request));
      assert.deepEqual(r.ok ? undefined : r.refusal, {
        code: 'atomic-swap-unsupported',
        params: { provider: 'Protocol D' },
      });
      assert.equal(
        plain(refusalText(r.ok ? (undefined as never) : r.refusal)),
        'it is an atomic swap (Protocol D): it locks your funds in a contract the route does not describe, so the widget cannot check it',
      );
      // The real service's name for it.
      const garden = checkRoute({ ...route, providers: ['GARDEN'] }, context(request));
      assert.deepEqual(garden.ok ? undefined : garden.refusal.params, { provider: 'Garden' });
    }
  });

  it('protocol B then aggregator A: refused, naming both and the chain of the second swap', async () => {
    const request: QuoteRequest = {
      sellAsset: 'BTC.BTC',
      buyAsset: LINK,
      sellAmount: '0.1',
      slippage: 1,
      destinationAddress: ETH_DEST,
    };
    const [route] = await referenceRoutes(request, 'PROTOCOL_B->AGGREGATOR_A');
    const r = checkRoute(route!, context(request));
    assert.deepEqual(r.ok ? undefined : r.refusal, {
      code: 'channel-second-swap-unsupported',
      params: { first: 'Protocol B', then: 'Aggregator A', chain: 'ETH' },
    });
    assert.match(
      plain(refusalText(r.ok ? (undefined as never) : r.refusal)),
      /^it swaps twice, through Protocol B and then Aggregator A on ETH, and the widget can check only the first swap/,
    );
    // The real service's names, as two providers or one two-step identifier.
    for (const providers of [
      ['CHAINFLIP', 'ONEINCH'],
      ['CHAINFLIP->ONEINCH'],
      ['PROTOCOL_B_STREAMING->AGGREGATOR_A'],
    ]) {
      const named = checkRoute({ ...route!, providers }, context(request));
      assert.equal(named.ok ? 'ok' : named.refusal.code, 'channel-second-swap-unsupported', providers.join());
    }
  });

  it('honest neighbours: protocol B alone is a deposit channel; the order reversed, or a transaction, is not this kind', async () => {
    const request: QuoteRequest = {
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
      slippage: 1,
      destinationAddress: ETH_DEST,
    };
    const [channel] = await referenceRoutes(request, 'PROTOCOL_B');
    const r = checkRoute(channel!, context(request));
    assert.equal(r.ok ? r.plan.kind : r.refusal.code, 'deposit-channel');
    // The boundary of the kind: one step of the broker is a channel; an aggregator before it is a
    // multi-leg route whose first leg is a transaction (checked as one); a route that carries a
    // transaction or a memo is checked as that, whatever its names.
    assert.equal(unsupportedKind({ ...channel!, providers: ['PROTOCOL_B'] }), undefined);
    assert.equal(unsupportedKind({ ...channel!, providers: ['AGGREGATOR_A->PROTOCOL_B'] }), undefined);
    assert.equal(unsupportedKind({ ...channel!, providers: ['PROTOCOL_B->AGGREGATOR_A->PROTOCOL_A'] }), undefined);
    const withTx = checkRoute({ ...channel!, providers: ['PROTOCOL_B->AGGREGATOR_A'], tx: 'AQID' }, context(request));
    assert.equal(withTx.ok ? 'ok' : withTx.refusal.code, 'route-kind-unsupported');
    void BTC_DEST;
  });
});
