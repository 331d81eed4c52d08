/**
 * Answers in the style of the real service (nulls, `35.0`-like numbers, unknown fields,
 * lower-case fee types, an unlisted error code) parse with the client's schemas; and every
 * recorded answer of the real service (test/fixtures/real) gets, through the client and the
 * route checks, the outcome written beside it in outcomes.json.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import { SwapApiClient } from '../../../src/api/client.js';
import { BadResponseError } from '../../../src/api/errors.js';
import * as S from '../../../src/schemas/service.js';
import { knownTokenDecimals } from '../../../src/domain/chains/known-tokens.js';
import { providerLabel, providerRole } from '../../../src/domain/chains/providers.js';
import type { RefusalCode } from '../../../src/domain/checks/refusals.js';
import { checkRoute } from '../../../src/domain/checks/route.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import { unverifiedInbound } from '../../support/inbound.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));

function parseQuote(name: string) {
  const env = z.parse(S.QuoteEnvelope, fixture(name));
  return { env, routes: env.routes.map((r) => z.parse(S.Route, r)) };
}

describe('recorded fixtures', () => {
  test('track answer, shape 1 (flat)', () => {
    const raw = fixture('track-flat.json');
    const t = z.parse(S.TrackResult, raw);
    assert.ok(!('success' in t && 'data' in t));
    const flat = z.parse(S.TrackFlat, raw);
    assert.equal(flat.trackingStatus, 'completed');
    assert.equal(flat.quoteInfo?.routeIndex, 0);
    assert.equal(flat.quoteInfo?.trackParams?.chain, 'BTC');
    assert.equal(
      flat.route?.estimatedTime && typeof flat.route.estimatedTime === 'object' ? flat.route.estimatedTime.total : 0,
      636,
    );
    assert.deepEqual(flat.route?.legs, []);
    assert.equal(flat.streamingProgress, undefined);
    assert.equal(flat.error, undefined);
    assert.match(flat.trackMeta?.outputTxHash ?? '', /^0x/);
    assert.equal((flat as Record<string, unknown>).lastUpdated, '2025-06-01T12:00:35.0Z', 'unknown fields are kept');
  });

  test('track answer, shape 2 (wrapped)', () => {
    const t = z.parse(S.TrackResult, fixture('track-wrapped.json'));
    assert.ok('success' in t && 'data' in t);
    const w = z.parse(S.TrackWrapped, fixture('track-wrapped.json'));
    assert.equal(w.data.quoteInfo?.trackParams?.chainId, 'ETH');
    assert.equal(w.data.inbound?.confirmations, 12);
    assert.equal(w.data.outbound, undefined);
    assert.equal(w.data.route?.actualBuyAmount, undefined);
    assert.deepEqual(w.data.route?.legs[0]?.fees, []);
    assert.equal(w.streamingProgress?.quantity, 24);
    assert.equal(w.error, undefined);
  });

  test('quote with an EVM transaction (form 1)', () => {
    const { env, routes } = parseQuote('quote-evm-tx.json');
    const r = routes[0]!;
    const tx = z.parse(S.EvmTx, r.tx);
    assert.equal(tx.chain_id, 1);
    assert.equal(r.totalSlippageBps, 35);
    assert.equal(r.memo, undefined);
    assert.equal(r.inboundAddress, undefined);
    assert.equal(r.expiration, 1748779800);
    assert.deepEqual(
      r.fees.map((f) => f.type),
      ['NETWORK', 'liquidity', 'affiliate'],
    );
    assert.equal(r.meta.approvalAddress, '0xbeEf42192393bd33cb62bf80114D2CECE0AaA12a');
    assert.equal(r.meta.assets[0]!.image, undefined);
    assert.deepEqual(r.warnings, ['approvalRequired']);
    assert.equal(env.providerErrors[0]!.errorCode, 'noRoutesFound', 'an unlisted error code is kept');
    assert.equal(env.providerErrors[1]!.message, undefined);
    assert.equal(env.error, undefined);
  });

  test("an EVM transaction in the real service's form: gas a JSON integer, gasPrice a decimal string, no chain id", () => {
    const tx = z.parse(S.EvmTx, {
      from: '0x742d35Cc6634C0532925a3b844Bc9e7595f0bEb7',
      to: '0x111111125421cA6dc452d289314280a0f8842A65',
      data: '0x07ed2379',
      value: '0',
      gas: 210000,
      gasPrice: '30000000000',
    });
    assert.deepEqual([tx.chain_id, tx.gas_limit, tx.gas, tx.gasPrice], [undefined, '210000', 210000, '30000000000']);
    const spec = z.parse(S.EvmTx, {
      from: '0x1',
      to: '0x2',
      data: '0x',
      value: '0',
      chain_id: 1,
      gas_limit: '90000',
      gas: 5,
    });
    assert.equal(spec.gas_limit, '90000', "the spec's own field wins");
    for (const bad of [{ gas: -1 }, { gas: 1.5 }, { gas: '210000' }, { gasPrice: 30 }, { gasPrice: '0x10' }]) {
      assert.equal(
        z.safeParse(S.EvmTx, { from: '0x1', to: '0x2', data: '0x', value: '0', ...bad }).success,
        false,
        JSON.stringify(bad),
      );
    }
  });

  test('quote with a message transaction (form 2)', () => {
    const { env, routes } = parseQuote('quote-msgs-tx.json');
    const tx = z.parse(S.MsgTx, routes[0]!.tx);
    assert.equal(tx.msgs.length, 2);
    assert.deepEqual(tx.msgs[0]!.value.amount, [{ denom: 'uatom', amount: '150500000' }]);
    assert.equal(tx.msgs[0]!.value.memo, undefined);
    assert.equal(tx.memo, routes[0]!.memo);
    assert.deepEqual(env.providerErrors, []);
    assert.deepEqual(routes[0]!.warnings, []);
  });

  test('quote with a string transaction (form 3)', () => {
    const { env, routes } = parseQuote('quote-string-tx.json');
    const r = routes[0]!;
    assert.equal(typeof r.tx, 'string');
    assert.equal(r.estimatedTime, 13);
    assert.equal(r.fees.at(-1)!.protocol, undefined);
    assert.equal((r as Record<string, unknown>).quoteExtras !== undefined, true);
    assert.equal(env.providerErrors[0]!.errorCode, 'noRoutesFound');
    assert.equal(env.error, '');
  });
});

// ---- recorded answers of the real service (test/fixtures/real) ----------------------------

interface Outcome {
  file: string;
  endpoint: 'quote' | 'quote-request' | 'tokens' | 'track';
  valid: boolean;
  /** A documentation example, not a recording: the page it is from (test/node/reference/dkit-docs.test.ts reads the quote and track ones). */
  documentation?: string;
  expect: string;
  asserted: {
    routes?: number;
    unreadable?: string[][];
    providers?: string[][];
    fees?: number;
    check?: RefusalCode;
    error?: 'bad-response';
    tokens?: number;
    dropped?: string[];
  };
}

const REAL = new URL('../../fixtures/real/', import.meta.url);
const OUTCOMES = JSON.parse(readFileSync(new URL('outcomes.json', REAL), 'utf8')) as Outcome[];
const realText = (file: string) => readFileSync(new URL(file, REAL), 'utf8');

/** A client whose every request is answered with this recording. */
function clientAnswering(text: string) {
  const fetch = (async () =>
    new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })) as unknown as typeof globalThis.fetch;
  return new SwapApiClient({ baseUrl: 'https://recorded.example', fetch });
}

describe('recorded answers of the real service', () => {
  test('every recording has its outcome, and every outcome its recording', () => {
    const files = readdirSync(REAL)
      .filter((f) => f.endsWith('.json') && f !== 'outcomes.json')
      .sort();
    assert.deepEqual(OUTCOMES.map((o) => o.file).sort(), files);
    assert.equal(files.length, 19);
    assert.equal(
      OUTCOMES.filter((o) => o.documentation).length,
      6,
      'documentation examples of dKit /v1 and its crunchy era',
    );
    // 11 recordings parse (a quote and ten token lists); 2 are the older dialect, refused (README.md beside them).
    assert.deepEqual(
      OUTCOMES.filter((o) => !o.valid)
        .map((o) => o.file)
        .sort(),
      ['quote-legacy-thorswap-eth-usdt-to-btc.json', 'track-legacy-thorswap-tracker-v2-doge-to-rune.json'],
    );
  });

  for (const o of OUTCOMES.filter((x) => x.endpoint === 'tokens' || !x.documentation)) {
    test(`${o.file}: ${o.valid ? 'parses' : 'refused'} (${o.endpoint})`, async () => {
      const client = clientAnswering(realText(o.file));
      const a = o.asserted;
      if (o.endpoint === 'tokens') {
        const { tokens } = await client.tokens();
        assert.ok(o.valid);
        assert.equal(tokens.length, a.tokens);
        const raw = JSON.parse(realText(o.file)) as {
          provider: string;
          tokens: { identifier: string; ticker: string }[];
        };
        const read = new Set(tokens.map((t) => t.asset));
        assert.deepEqual(
          raw.tokens.filter((t) => !read.has(t.identifier)).map((t) => t.identifier),
          a.dropped,
        );
        for (const t of tokens) {
          assert.ok(t.symbol.length > 0, `${t.asset} has a label`);
          assert.ok(t.chain.length > 0 && t.asset.startsWith(t.chain), `${t.asset} has its chain`);
          assert.deepEqual(t.providers, [raw.provider]);
        }
        return;
      }
      if (o.endpoint === 'track') {
        await assert.rejects(
          client.track({ hash: 'ab', chainId: 'DOGE' }),
          (e: unknown) => e instanceof BadResponseError,
        );
        assert.equal(a.error, 'bad-response');
        assert.ok(!o.valid);
        return;
      }
      const result = await client.quote({ sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '1', slippage: 1 });
      assert.equal(result.routes.length, a.routes);
      assert.deepEqual(
        result.dropped.map((d) => d.providers),
        a.unreadable,
      );
      assert.equal(o.valid, result.routes.length > 0);
      if (!a.providers) return;
      assert.deepEqual(
        result.routes.map((r) => r.providers),
        a.providers,
      );
      const route = result.routes[0]!;
      const [entry] = rankRoutes(result.routes, result.routeIndexes, priceBook(undefined));
      assert.equal(entry!.fees.length, a.fees, 'fees read from the legs');
      assert.deepEqual(entry!.steps, ['MAYACHAIN']);
      assert.equal(providerLabel(entry!.steps[0]!), 'Maya Protocol');
      assert.equal(providerRole(route.providers[0]!), 'memo');
      assert.equal(entry!.seconds, 8);
      assert.equal(entry!.expiresAt, 1722104424_000);
      assert.deepEqual(
        route.meta.assets.map((x) => x.asset),
        ['ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831', 'ARB.ETH'],
      );
      // The request of the recording, checked just before the route expires.
      const dest = '0xDC5e0658Fd59000e656B00244418774233d84326';
      const checked = checkRoute(route, {
        request: {
          sellAsset: route.sellAsset,
          buyAsset: 'ARB.ETH',
          sellAmount: '1',
          slippage: 3,
          sourceAddress: dest,
          destinationAddress: dest,
          affiliate: 'be',
          affiliateFee: 9,
        },
        // Trusted decimals, as the widget has them: ARB.USDC is in its table.
        decimals: knownTokenDecimals,
        inbound: unverifiedInbound(),
        affiliate: { name: 'be', bps: 9 },
        now: 1722104424_000 - 60_000,
      });
      assert.equal(checked.ok, false);
      if (!checked.ok) assert.equal(checked.refusal.code, a.check);
    });
  }
});
