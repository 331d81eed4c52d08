/**
 * Every route of every recorded SwapKit answer (test/fixtures/real/swapkit/, README beside them)
 * through the SwapKit dialect: it reads, and it says "can be carried out" or "not supported:
 * <reason>"; a `/swap` answer the widget can carry out then goes through every check and comes
 * out as a plan, or refused with the code the README gives. Tampered twins of the routes that are
 * carried out are refused. And the decisions the fixtures pinned, each at its boundary: a
 * placeholder affiliate with a zero fee, a NEAR minimum under the floor.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import { SwapApiClient } from '../../../src/api/client.js';
import {
  readSwapKitRoute,
  swapKitChainId,
  fromSwapKitAsset,
  toSwapKitAsset,
} from '../../../src/api/dialects/swapkit.js';
import { compact } from '../../../src/schemas/normalize.js';
import * as S from '../../../src/schemas/service.js';
import { knownTokenDecimals } from '../../../src/domain/chains/known-tokens.js';
import { checkRoute, type CheckResult, type MemoPlan } from '../../../src/domain/checks/route.js';
import { PLACEHOLDER_AFFILIATES } from '../../../src/domain/checks/affiliate.js';
import { transferData } from '../../../src/domain/checks/deposit-address.js';
import type { AffiliateConfig } from '../../../src/domain/checks/plans.js';
import { consentFor, step } from '../../../src/domain/flow/flow.js';
import { buildReview } from '../../../src/domain/flow/review-build.js';
import { unverifiedInbound } from '../../support/inbound.js';

const DIR = new URL('../../fixtures/real/swapkit/', import.meta.url);
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, DIR), 'utf8'));
type Json = Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** What happens to a route: `kind:` it can be carried out (a quote: `/swap` comes at the press); `plan:` handed out; `refused:`; `unsupported:`. */
const OUTCOMES: Readonly<Record<string, readonly string[]>> = {
  '01b-quote-v3.json': ['unsupported:contract-unsourced', 'kind:deposit', 'kind:deposit'],
  'v3-real-btc-all-quote.json': [
    'kind:deposit',
    'unsupported:provider-unsupported',
    'unsupported:provider-unsupported',
  ],
  'v3-sol-near-quote-fresh.json': ['kind:deposit'],
  'v3-real-ada-quote.json': ['unsupported:chain-unsupported'],
  'v3-real-ton-quote.json': ['unsupported:chain-unsupported'],
  'v3-sui-quote-fresh.json': ['unsupported:chain-unsupported'],
  'v3-tron-final-quote-fresh.json': ['unsupported:chain-unsupported'],
  'v3-real-btc-all-swap.json': ['plan:memo'],
  'v3-sol-near-swap-fresh.json': ['plan:memo'],
  'v3-real-btc-FLASHNET-swap.json': ['unsupported:provider-unsupported'],
  'v3-real-btc-GARDEN-swap.json': ['unsupported:provider-unsupported'],
  'v3-flashnet-evm-usdc-btc-swap.json': ['unsupported:provider-unsupported'],
  'v3-erc20-erc20-swap.json': ['unsupported:contract-unsourced'],
  'v3-real-ada-swap.json': ['unsupported:chain-unsupported'],
  'v3-real-ada-cbor-swap.json': ['unsupported:chain-unsupported'],
  'v3-real-ada-cbor-prebuilt-swap.json': ['unsupported:chain-unsupported'],
  'v3-real-ton-swap.json': ['unsupported:chain-unsupported'],
  'v3-sui-swap-fresh.json': ['unsupported:chain-unsupported'],
  'v3-tron-final-swap-fresh.json': ['unsupported:chain-unsupported'],
  'v3-real-near-swap.json': ['unsupported:chain-unsupported'],
  'v3-real-usdt-sol-swap.json': ['refused:meta-affiliate-mismatch'],
  'v3-real-doge-swap.json': ['refused:minimum-below-slippage'],
  'v3-real-dash-swap.json': ['refused:meta-affiliate-mismatch'],
  'v3-real-zec-swap.json': ['refused:meta-affiliate-mismatch'],
  'v3-real-bch-swap.json': ['refused:meta-affiliate-mismatch'],
  'v3-real-xrp-swap.json': ['refused:minimum-below-slippage'],
};
const LISTS = ['02-providers.json', '03-tokens-NEAR.json'];

/** The routes of a recorded answer: a quote's, or the one route of a `/swap` answer. */
const routesOf = (json: unknown): unknown[] => ((json as Json).routes as unknown[] | undefined) ?? [json];

/** The request a recorded route answers: its own assets, amount and addresses, at 1 % slippage (NEAR's, `meta.near.slippage`). */
function requestOf(route: S.Route): S.QuoteRequest {
  return {
    sellAsset: route.sellAsset,
    buyAsset: route.buyAsset,
    sellAmount: route.sellAmount,
    slippage: 1,
    ...(route.sourceAddress ? { sourceAddress: route.sourceAddress } : {}),
    ...(route.destinationAddress ? { destinationAddress: route.destinationAddress } : {}),
  };
}

/** A `/swap` answer through the dialect and every check, a minute before it expires. */
function carry(
  raw: unknown,
  options: { affiliate?: AffiliateConfig; request?: Partial<S.QuoteRequest> } = {},
): { unsupported: string } | { unreadable: string } | CheckResult {
  const r = readSwapKitRoute(raw);
  if (!r.ok) return r.unsupported ? { unsupported: r.unsupported.code } : { unreadable: r.message };
  const route = compact(z.parse(S.Route, r.route));
  const expiry = Number(route.expiration) * 1000;
  return checkRoute(route, {
    request: { ...requestOf(route), ...options.request },
    decimals: knownTokenDecimals,
    inbound: unverifiedInbound(),
    affiliate: options.affiliate ?? { bps: 0 },
    now: expiry - 60_000,
  });
}

function outcomeOf(result: ReturnType<typeof carry>): string {
  if ('unsupported' in result) return `unsupported:${result.unsupported}`;
  if ('unreadable' in result) return `unreadable:${result.unreadable}`;
  return result.ok ? `plan:${result.plan.kind}` : `refused:${result.refusal.code}`;
}

function refusedWith(result: ReturnType<typeof carry>, code: string, label = '') {
  assert.equal(outcomeOf(result), `refused:${code}`, label);
}

describe('recorded SwapKit answers', () => {
  test('every file has its outcome, and 30 routes in all, 22 of them genuine', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
    assert.deepEqual(files, [...Object.keys(OUTCOMES), ...LISTS].sort());
    const routes = Object.keys(OUTCOMES).flatMap((f) => routesOf(read(f)));
    assert.equal(routes.length, 30);
    for (const [file, outcomes] of Object.entries(OUTCOMES))
      assert.equal(routesOf(read(file)).length, outcomes.length, file);
  });

  for (const [file, outcomes] of Object.entries(OUTCOMES)) {
    test(`${file}: ${outcomes.join(', ')}`, () => {
      routesOf(read(file)).forEach((raw, i) => {
        const isSwap = !('routes' in (read(file) as Json));
        if (isSwap) return assert.equal(outcomeOf(carry(raw)), outcomes[i], `route ${i}`);
        const r = readSwapKitRoute(raw);
        const got = r.ok ? `kind:${r.kind}` : r.unsupported ? `unsupported:${r.unsupported.code}` : 'unreadable';
        assert.equal(got, outcomes[i], `route ${i}`);
      });
    });
  }

  test('a quote through the client: the routes the widget can carry out, then each other one with its reason', async () => {
    const answering = (file: string) =>
      new SwapApiClient({
        baseUrl: 'https://api.swapkit.example',
        dialect: 'swapkit',
        fetch: (async (url: string) => {
          assert.equal(new URL(url).pathname, '/quote');
          return new Response(readFileSync(new URL(file, DIR), 'utf8'), { status: 200 });
        }) as unknown as typeof fetch,
      });
    const request = {
      sellAsset: 'ETH.ETH',
      buyAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      sellAmount: '0.01',
      slippage: 1,
    };
    const q = await answering('01b-quote-v3.json').quote(request);
    assert.deepEqual(
      q.routes.map((r) => [r.providers[0], (r as Json).routeId]),
      [
        ['NEAR', '18dcdd5c-3df8-4e5e-ab90-a95d23f9383a'],
        ['CHAINFLIP', '552d222b-fdf7-44d1-a84c-18a17f68404a'],
      ],
    );
    assert.deepEqual(q.routeIndexes, [1, 2]);
    assert.deepEqual(
      q.dropped.map((d) => [d.index, d.providers, d.unsupported?.code, d.unsupported?.params?.name]),
      [[0, ['ONEINCH'], 'contract-unsourced', 'SwapKit SKTokenTransferProxy']],
    );
    // Fee types, the service fee and the routeId are kept; the route has no transaction yet.
    const near = q.routes[0]!;
    assert.deepEqual(
      near.fees.map((f) => f.type),
      ['affiliate', 'service', 'outbound', 'inbound'],
    );
    assert.equal(near.tx, undefined);
    assert.equal((near as Json).depositAddress, undefined, 'the deposit address comes with /swap');
    const ton = await answering('v3-real-ton-quote.json').quote(request);
    assert.deepEqual(
      [ton.routes.length, ton.dropped.map((d) => [d.unsupported?.code, d.unsupported?.params?.chain])],
      [0, [['chain-unsupported', 'TON']]],
    );
  });
});

describe('what the SwapKit routes need of the checks', () => {
  const btc = read('v3-real-btc-all-swap.json') as Json;
  const sol = read('v3-sol-near-swap-fresh.json') as Json;
  const usdt = read('v3-real-usdt-sol-swap.json') as Json;
  const vultisig = { name: '13551109874e806f7a133fbc572ce6787a9bb4d13d7b379d2082fe83b2cb6869', bps: 50 };

  test('a deposit-address route is handed out as a transfer of the checked amount to the checked address, with the consent warning', () => {
    const result = carry(btc);
    assert.ok('ok' in result && result.ok);
    const plan = result.plan as MemoPlan;
    assert.deepEqual(
      [plan.kind, plan.chain, plan.asset, plan.amount, plan.address, plan.memo],
      ['memo', 'BTC', 'BTC.BTC', '0.005', 'bc1q0w42efzvjyg44c6aec6ppaee2530rsd2036hrp', ''],
    );
    assert.deepEqual(plan.to, { address: plan.address, role: 'deposit-address', name: 'NEAR Intents' });
    assert.deepEqual(plan.warnings, [{ code: 'deposit-address-unverified', address: plan.address, protocol: 'NEAR' }]);
    assert.equal(plan.expiresAt, 1779291503_000);
    // Its review asks the consent no host setting skips: with skip-review the flow shows the review, its box to tick.
    const r = readSwapKitRoute(btc);
    assert.ok(r.ok);
    const route = compact(z.parse(S.Route, r.route));
    const review = buildReview({
      plan,
      route,
      request: requestOf(route),
      decimals: (asset) => knownTokenDecimals(asset),
      affiliate: { bps: 0 },
      expiresAt: plan.expiresAt!,
      fees: [],
    });
    assert.deepEqual(consentFor(review), ['deposit-address-unverified']);
    const ref = { quoteId: 'q', routeIndex: 0, requestKey: 'k' };
    const next = step({ phase: 'preparing', route: ref }, { type: 'prepared', review, skipReview: true, route: ref });
    assert.deepEqual(next.state.phase === 'reviewing' ? next.state.consent : next.state.phase, [
      'deposit-address-unverified',
    ]);
    const solPlan = carry(sol);
    assert.ok('ok' in solPlan && solPlan.ok && solPlan.plan.kind === 'memo');
    assert.equal((solPlan.plan as MemoPlan).address, '2yBEjZS6CC44UwBBGvx8Z1xXHJj4sSD5ZRwba4ijtD7n');
  });

  test('the ERC-20 deposit route goes through with its own affiliate configured, and its transfer must be exact', () => {
    const ok = carry(usdt, { affiliate: vultisig, request: { affiliate: vultisig.name, affiliateFee: 50 } });
    assert.equal(outcomeOf(ok), 'plan:memo');
    assert.equal(
      transferData('0xCB2aC797EFf13Ee982453F5722B74aB5c56741Af', 20_000_000n),
      ((usdt.tx as Json).data as string).toLowerCase(),
    );
    for (const [label, edit, field] of [
      [
        'another amount',
        (tx: Json) => (tx.data = transferData('0xCB2aC797EFf13Ee982453F5722B74aB5c56741Af', 20_000_001n)),
        'data',
      ],
      [
        'another recipient',
        (tx: Json) => (tx.data = transferData('0x000000000000000000000000000000000000dEaD', 20_000_000n)),
        'data',
      ],
      ['another token', (tx: Json) => (tx.to = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'), 'to'],
      ['value beside the token', (tx: Json) => (tx.value = '0x1'), 'value'],
    ] as const) {
      const twin = clone(usdt);
      edit(twin.tx as Json);
      const result = carry(twin, { affiliate: vultisig, request: { affiliate: vultisig.name, affiliateFee: 50 } });
      assert.deepEqual(
        'ok' in result && !result.ok ? [result.refusal.code, result.refusal.params?.field] : outcomeOf(result),
        ['deposit-tx-mismatch', field],
        label,
      );
    }
  });

  test('tampered twins of the routes that are carried out are refused', () => {
    const twins: [string, Json, (r: Json) => void, string][] = [
      [
        'another target than inbound address',
        btc,
        (r) => (r.targetAddress = 'bc1qmjuvpz37st8096zed05mzeqj8lw4ttsm07llvh'),
        'deposit-address-mismatch',
      ],
      ['pays the user back', btc, (r) => (r.targetAddress = r.inboundAddress = r.sourceAddress), 'deposit-address-own'],
      [
        'an address of another chain',
        sol,
        (r) => (r.targetAddress = r.inboundAddress = '0xCB2aC797EFf13Ee982453F5722B74aB5c56741Af'),
        'deposit-address-invalid',
      ],
      [
        "the provider's own destination differs",
        btc,
        (r) => (((r.meta as Json).near as Json).destinationAddress = '0x000000000000000000000000000000000000dEaD'),
        'deposit-params-mismatch',
      ],
      [
        "the provider's own amount differs",
        sol,
        (r) => (((r.meta as Json).near as Json).sellAmount = '5'),
        'deposit-params-mismatch',
      ],
      // With a memo it is no deposit-address route: a memo route paying an address no protocol's list vouches for.
      [
        'a memo beside the address',
        btc,
        (r) => (r.memo = '=:ETH.ETH:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'),
        'protocol-unverified',
      ],
      ['a lower minimum', btc, (r) => (r.expectedBuyAmountMaxSlippage = '300'), 'minimum-below-slippage'],
      [
        'another destination',
        sol,
        (r) => (r.destinationAddress = '0x000000000000000000000000000000000000dEaD'),
        'destination-mismatch',
      ],
      ['a placeholder that takes a fee', btc, (r) => ((r.meta as Json).affiliateFee = '10'), 'meta-affiliate-mismatch'],
    ];
    for (const [label, original, edit, code] of twins) {
      const twin = clone(original);
      edit(twin);
      const request: Partial<S.QuoteRequest> = {
        sourceAddress: original.sourceAddress as string,
        destinationAddress: original.destinationAddress as string,
      };
      refusedWith(carry(twin, { request }), code, label);
    }
  });

  test('a deposit address beside a memo, or on a route of a provider not paid that way, is refused', () => {
    const r = readSwapKitRoute(btc);
    assert.ok(r.ok);
    const route = compact(z.parse(S.Route, r.route));
    const check = (edit: (x: Json) => void) => {
      const twin = clone(route) as unknown as Json;
      edit(twin);
      return checkRoute(twin as unknown as S.Route, {
        request: requestOf(route),
        decimals: knownTokenDecimals,
        inbound: unverifiedInbound(),
        affiliate: { bps: 0 },
        now: 1779291503_000 - 60_000,
      });
    };
    assert.equal(outcomeOf(check(() => undefined)), 'plan:memo');
    refusedWith(
      check((x) => (x.memo = '=:ETH.ETH:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')),
      'deposit-with-memo',
    );
    refusedWith(
      check((x) => (x.providers = ['THORCHAIN'])),
      'deposit-provider-unknown',
    );
    refusedWith(
      check((x) => (x.depositAddress = '0x0000000000000000000000000000000000000000')),
      'deposit-address-invalid',
    );
  });

  test("a placeholder affiliate with a zero fee is not an affiliate; a fee, or any other name, is (SwapKit's `notconfigured.near`)", () => {
    assert.deepEqual(PLACEHOLDER_AFFILIATES, ['notconfigured.near']);
    assert.equal(outcomeOf(carry(btc)), 'plan:memo', 'the recorded placeholder at 0');
    // The boundary: the provider's own fee for it, 0 passes, 1 bps is an affiliate the host did not configure.
    const one = clone(btc);
    (((one.meta as Json).near as Json).affiliateFees as Json).feeBps = 1;
    refusedWith(carry(one), 'meta-affiliate-mismatch', 'placeholder at 1 bps');
    const line = clone(btc);
    (line.fees as Json[])[0]!.amount = '0.00000001';
    refusedWith(carry(line), 'meta-affiliate-mismatch', 'placeholder with a fee line');
    const other = clone(btc);
    (other.meta as Json).affiliate = 'someone.near';
    refusedWith(carry(other), 'meta-affiliate-mismatch', 'another name at 0');
  });

  test('a NEAR minimum under the floor: one base unit is the rounding room, two are refused (the XRP file: 8)', () => {
    // sol-near: expected 42.246082 USDC at 1 %: floor 41.823621 (cut to 6 decimals).
    const at = (minimum: string) => {
      const twin = clone(sol);
      twin.expectedBuyAmountMaxSlippage = minimum;
      ((twin.legs as Json[])[0] as Json).buyAmountMaxSlippage = minimum;
      return carry(twin);
    };
    assert.equal(outcomeOf(at('41.823621')), 'plan:memo', 'at the floor');
    assert.equal(outcomeOf(at('41.82362')), 'plan:memo', 'one unit under');
    refusedWith(at('41.823619'), 'minimum-below-slippage', 'two units under');
    // The hand-made XRP file, with Vultisig's affiliate configured so that its minimum decides.
    const xrp = read('v3-real-xrp-swap.json');
    const result = carry(xrp, { affiliate: vultisig, request: { affiliate: vultisig.name, affiliateFee: 50 } });
    assert.ok('ok' in result && !result.ok);
    assert.deepEqual([result.refusal.code, result.refusal.params?.floor], ['minimum-below-slippage', '336.024629']);
  });

  test("SwapKit's chain codes and ids: POL is the widget's MATIC; /track takes SwapKit's chain id", () => {
    assert.equal(
      fromSwapKitAsset('POL.USDC-0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
      'MATIC.USDC-0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    );
    assert.equal(toSwapKitAsset('MATIC.POL'), 'POL.POL');
    assert.equal(toSwapKitAsset('ETH.ETH'), 'ETH.ETH');
    assert.deepEqual(['ETH', 'MATIC', 'BTC', 'SOL', 'THOR', 'GAIA'].map(swapKitChainId), [
      '1',
      '137',
      'bitcoin',
      'solana',
      'thorchain-1',
      'cosmoshub-4',
    ]);
  });
});
