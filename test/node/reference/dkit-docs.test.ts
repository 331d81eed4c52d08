/**
 * The real service's dialect (dKit `/v1`) as its public documentation shows it (issue 22,
 * item 8), through the widget's own client, request builder, route list and checks. The
 * examples are in test/fixtures/real/ beside the recordings, each with its page in
 * `outcomes.json` (`documentation`); they are documentation examples, not recorded answers.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SwapApiClient } from '../../../src/api/client.js';
import type { QuoteRequest, Route } from '../../../src/schemas/service.js';
import { buildQuoteRequest } from '../../../src/domain/quotes/request.js';
import { checkAffiliateLines } from '../../../src/domain/checks/affiliate.js';
import { checkRoute, type CheckContext } from '../../../src/domain/checks/route.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import { unverifiedInbound } from '../../support/inbound.js';

const REAL = new URL('../../fixtures/real/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, REAL), 'utf8');
const json = <T>(file: string) => JSON.parse(text(file)) as T;

/** A client whose every request is answered with `body`; what it sent is kept. */
function clientAnswering(body: string) {
  const sent: unknown[] = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    if (init?.body) sent.push(JSON.parse(String(init.body)));
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { client: new SwapApiClient({ baseUrl: 'https://docs.example', fetch }), sent };
}

/** The decimals these examples need (the chains' own; USDC 6, ARB 18 as the token lists say). */
const DECIMALS: Record<string, number> = {
  'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48': 6,
  'ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831': 6,
  'ARB.ARB-0X912CE59144191C1204E64559FE8253A0E49E6548': 18,
};
const context = (request: QuoteRequest, now: number): CheckContext => ({
  request,
  decimals: (asset) => DECIMALS[asset.toUpperCase()],
  affiliate: { ...(request.affiliate ? { name: request.affiliate } : {}), bps: request.affiliateFee ?? 0 },
  // No node is reached for these pages' examples: the protocols' lists are not read.
  inbound: unverifiedInbound(),
  now,
});
const code = (r: ReturnType<typeof checkRoute>) => (r.ok ? 'accepted' : r.refusal.code);

describe('sellAmount: whole units, as a decimal string, never base units', () => {
  for (const [page, file] of [
    ['quickstart', 'quote-request-dkit-docs-quickstart.json'],
    ['get-quote', 'quote-request-dkit-docs-get-quote.json'],
  ] as const) {
    test(`the widget's request for the ${page} page's inputs is the page's request`, async () => {
      const documented = json<QuoteRequest & { affiliate: string; affiliateFee: number; providers: string[] }>(file);
      const request = buildQuoteRequest(
        {
          sellAsset: documented.sellAsset,
          buyAsset: documented.buyAsset,
          amount: documented.sellAmount,
          slippage: String(documented.slippage),
          sourceAddress: documented.sourceAddress!,
          destinationAddress: documented.destinationAddress!,
        },
        {},
        { providers: documented.providers, affiliate: documented.affiliate, affiliateFee: documented.affiliateFee },
      );
      assert.deepEqual(request, documented);
      // And on the wire, as the client sends it.
      const { client, sent } = clientAnswering(text('quote-dkit-docs-get-quote.json'));
      await client.quote(request!);
      assert.equal((sent[0] as { sellAmount: string }).sellAmount, documented.sellAmount);
    });
  }

  test('what the user types is sent as the decimal it means: no base units, no exponent', () => {
    const at = (amount: string) =>
      buildQuoteRequest(
        { sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC', amount, slippage: '3', sourceAddress: '', destinationAddress: '' },
        {},
        { affiliateFee: 0 },
      )?.sellAmount;
    assert.equal(at('0.5'), '0.5');
    assert.equal(at('0.50'), '0.5');
    assert.equal(at('150'), '150');
    assert.equal(at('0.000000000000000001'), '0.000000000000000001');
  });
});

describe('the get-quote page: buy amounts written like wei are never rescaled', () => {
  test('parses; its route is refused for its minimum, whatever unit its amounts are in', async () => {
    const request = json<QuoteRequest>('quote-request-dkit-docs-get-quote.json');
    const { client } = clientAnswering(text('quote-dkit-docs-get-quote.json'));
    const result = await client.quote(request);
    assert.equal(result.routes.length, 1);
    const [entry] = rankRoutes(result.routes, result.routeIndexes, priceBook(undefined), (a) =>
      a === 'ETH.ETH' ? 18 : DECIMALS[a.toUpperCase()],
    );
    assert.deepEqual(
      entry!.fees.map((f) => [f.type, f.amount]),
      [
        ['network', '2000000000000000'],
        ['affiliate', '383396073076470'],
      ],
    );
    assert.equal(entry!.expiresAt, undefined, 'no expiration');
    assert.equal(code(checkRoute(result.routes[0]!, context(request, Date.now()))), 'minimum-below-slippage');
  });
});

describe('the quickstart page: fees in base units beside decimal buy amounts', () => {
  const request = json<QuoteRequest>('quote-request-dkit-docs-quickstart.json');
  /** The stored copy stops inside the first leg's fees: the route's keys after `legs` are the request's. */
  const completed = async (edit?: (route: Record<string, unknown>) => void): Promise<Route> => {
    const answer = json<{ routes: Record<string, unknown>[] }>('quote-dkit-docs-quickstart.json');
    Object.assign(answer.routes[0]!, {
      providers: request.providers,
      sellAsset: request.sellAsset,
      sellAmount: request.sellAmount,
    });
    edit?.(answer.routes[0]!);
    const { client } = clientAnswering(JSON.stringify(answer));
    const result = await client.quote(request);
    assert.equal(result.routes.length, 1, JSON.stringify(result.dropped));
    return result.routes[0]!;
  };

  test('as stored, its one route is listed as unreadable, with its leg provider', async () => {
    const { client } = clientAnswering(text('quote-dkit-docs-quickstart.json'));
    const result = await client.quote(request);
    assert.deepEqual([result.routes.length, result.dropped.map((d) => d.providers)], [0, [['THORCHAIN']]]);
  });

  test('completed from the request: expiry in seconds, fees shown in whole units of their asset', async () => {
    const route = await completed();
    const [entry] = rankRoutes([route], [0], priceBook(undefined), (a) => ({ 'BTC.BTC': 8, 'ETH.ETH': 18 })[a]);
    assert.equal(entry!.expiresAt, 1754920807_000);
    assert.deepEqual(
      entry!.fees.map((f) => [f.type, f.asset, f.amount]),
      [
        ['inbound', 'ETH.ETH', '0'],
        ['liquidity', 'BTC.BTC', '0.00001245'],
        ['outbound', 'BTC.BTC', '0.00015'],
        ['affiliate', 'BTC.BTC', '0.00010728'],
      ],
    );
    assert.equal(entry!.unreadableFees, undefined);
    // The checks read the same: the affiliate line holds at 50 bps; nothing to hand out in what is stored.
    assert.equal(code(checkRoute(route, context(request, 1754920807_000 - 60_000))), 'route-kind-unknown');
  });

  test('the affiliate cap reads the line as the list does: 10728 passes at 50 bps, 2 units over the cap does not', async () => {
    // 50 bps of the output before the fee, the outbound fee counted once: 50 × (2 145 678 + 15 000) / 9 950 = 10 857.7 sats.
    const at = async (amount: string, bps = 50) => {
      const route = await completed(
        (r) => ((r.fees as { type: string; amount: string }[]).find((f) => f.type === 'affiliate')!.amount = amount),
      );
      const f = {
        ctx: context({ ...request, affiliateFee: bps }, 0),
        buyDecimals: 8,
        sellDecimals: 18,
        expectedUnits: 2_145_678n,
        sellUnits: 5n * 10n ** 17n,
      };
      return checkAffiliateLines(route, f as never)?.code ?? 'accepted';
    };
    assert.equal(await at('10728'), 'accepted');
    assert.equal(await at('10857'), 'accepted', 'the cap, cut to a unit');
    assert.equal(await at('10858'), 'accepted', 'one unit of rounding');
    assert.equal(await at('10859'), 'affiliate-fee-too-high', 'two units over the cap');
    assert.equal(await at('10728', 49), 'affiliate-fee-too-high', 'at 49 bps the same line is too much');
    // As decimals, the same fee: the one reading holds.
    assert.equal(await at('0.00010728'), 'accepted');
    assert.equal(await at('0.00010859'), 'affiliate-fee-too-high');
    // More than the whole output in either unit: refused.
    assert.equal(await at('99999999'), 'affiliate-fee-too-high');
  });
});

describe('the track-swap page: buy amounts of any precision, identifiers upper-cased', () => {
  test('the tracking answer keeps 18 and 6 decimals exactly', async () => {
    const { client } = clientAnswering(text('track-dkit-docs-track-swap.json'));
    const t = (await client.track({
      hash: '0x67d8c9c1c9d0eb6b9c453e9394e11082e03cf85317c2e6bf675de08924624897',
      chainId: 'ARB',
    })) as { trackingStatus: string; route?: { expectedBuyAmount?: string; expectedBuyAmountMaxSlippage?: string } };
    assert.equal(t.trackingStatus, 'completed');
    assert.deepEqual(
      [t.route?.expectedBuyAmount, t.route?.expectedBuyAmountMaxSlippage],
      ['28.995421060263166005', '27.545650'],
    );
  });

  const quoted = async (slippage: number) => {
    const tracked = json<{ route: Record<string, unknown> }>('track-dkit-docs-track-swap.json').route;
    const { client } = clientAnswering(
      JSON.stringify({ quoteId: 'c2b8e017-c695-44fe-adbb-39db625fcee4', routes: [tracked] }),
    );
    const request: QuoteRequest = {
      sellAsset: 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      buyAsset: 'ARB.ARB-0x912CE59144191C1204E64559FE8253A0E49E6548',
      sellAmount: '10',
      slippage,
      sourceAddress: '0x817bFA97Cc8E5Bfa499D401f43E3087B07AE96f9',
      destinationAddress: '0x817bFA97Cc8E5Bfa499D401f43E3087B07AE96f9',
    };
    const result = await client.quote(request);
    return {
      request,
      route: result.routes[0]!,
      entry: rankRoutes(result.routes, result.routeIndexes, priceBook(undefined))[0]!,
    };
  };

  test('the same route in a quote: amounts read exactly, its upper-cased identifiers name the picked assets', async () => {
    const { request, route, entry } = await quoted(5.01);
    assert.deepEqual([entry.expected, entry.minimum], ['28.995421060263166005', '27.545650']);
    // Assets (0XAF88…, 0X912C… against checksummed picks), amounts and minimum pass; the example has no transaction.
    assert.equal(code(checkRoute(route, context(request, Date.now()))), 'route-kind-unknown');
  });

  // The example's minimum is the 5% floor cut to 6 decimals (USDC's, the asset sold), 7.25e-9 ARB
  // under the floor at ARB's own 18. The contract allows one unit of the buy asset's precision
  // whatever digits the service writes (a minimum written with fewer digits would otherwise widen
  // the room as it pleases): refused, as the contract says. A service writing the minimum at the
  // token's own decimals is handed out (above).
  test('at 5%, a minimum cut to 6 decimals for an 18-decimal token is below the floor by more than one unit: refused', async () => {
    const { request, route } = await quoted(5);
    assert.equal(code(checkRoute(route, context(request, Date.now()))), 'minimum-below-slippage');
  });
});
