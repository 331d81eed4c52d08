/**
 * The route checks count only in trusted decimals (issue 22 items 2 and 7): a token sold, or
 * bought with a minimum signed in its base units, needs them (`token-decimals-untrusted`);
 * a protocol memo's limit (1e8 units) is held to the slippage floor computed at the buy
 * asset's own decimals, with one unit of that precision of room, and to the strictest room
 * (one 1e8 unit) when they are unknown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { encodeFunctionData } from 'viem';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { ONEINCH_V6_ROUTER } from '../../../../src/domain/chains/contracts.js';
import { ONEINCH_V6_ABI } from '../../../../src/domain/chains/evm.js';
import { buildSwapMemo } from '../../../support/memo-writer.js';
import { checkMemo } from '../../../../src/domain/checks/memo.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import type { Facts } from '../../../../src/domain/checks/facts.js';
import { listedInbound } from '../../../support/inbound.js';

const NOW = 1_800_000_000_000;
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const ETH_SRC = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
/** Sold from XRP, whose memos may be 250 bytes: a token's full identifier and any limit fit. */
const VAULT = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
/** A token no table lists: its decimals are whatever a test trusts, or unknown. */
const TKN = 'ETH.TKN-0x0000000000000000000000000000000000000001';
const TKN_CONTRACT = '0x0000000000000000000000000000000000000001';
/** Protocol A's list, as its node gives it for these tests: the XRP vault. */
const inbound = listedInbound({ A: [{ chain: 'XRP', address: VAULT, halted: false }] });

/** Units at `decimals` as a decimal string (`1234567`, 6 -> `1.234567`). */
const write = (units: bigint, decimals: number) => {
  const s = units.toString().padStart(decimals + 1, '0');
  return decimals ? `${s.slice(0, -decimals)}.${s.slice(-decimals)}` : s;
};
/** A decimal string in 1e8 units, cut toward zero: what a memo's limit writes. */
const e8 = (units: bigint, decimals: number) =>
  decimals <= 8 ? units * 10n ** BigInt(8 - decimals) : units / 10n ** BigInt(decimals - 8);
const floorOf = (units: bigint, bps: number) => (units * BigInt(10_000 - bps)) / 10_000n;

/** An XRP -> TKN memo route whose expected output is `expected` units at `decimals`; minimum and limit given. */
function memoRoute(o: { expected: string; minimum: string; limit: bigint; bps: number }, trusted: number | undefined) {
  const request: QuoteRequest = {
    sellAsset: 'XRP.XRP',
    buyAsset: TKN,
    sellAmount: '100',
    slippage: o.bps / 100,
    destinationAddress: ETH_DEST,
  };
  const route = z.parse(Route, {
    providers: ['PROTOCOL_A'],
    sellAsset: 'XRP.XRP',
    buyAsset: TKN,
    sellAmount: '100',
    expectedBuyAmount: o.expected,
    expectedBuyAmountMaxSlippage: o.minimum,
    destinationAddress: ETH_DEST,
    inboundAddress: VAULT,
    memo: buildSwapMemo({ asset: TKN, destination: ETH_DEST, limit: o.limit }),
    expiration: String(NOW / 1000 + 600),
    fees: [],
  });
  const ctx: CheckContext = {
    request,
    decimals: (a) => (a === TKN ? trusted : undefined),
    affiliate: { bps: 0 },
    inbound,
    now: NOW,
  };
  return { route, ctx };
}

const cases = fc.record({
  decimals: fc.integer({ min: 0, max: 18 }),
  expected: fc.bigInt({ min: 1n, max: 10n ** 24n }),
  bps: fc.integer({ min: 0, max: 5000 }),
});

describe('memo limits at the buy asset’s own precision (properties)', () => {
  it('property: a service flooring the minimum at the token’s decimals (the limit its 1e8 form) is accepted', () => {
    fc.assert(
      fc.property(cases, ({ decimals, expected, bps }) => {
        const floor = floorOf(expected, bps);
        const { route, ctx } = memoRoute(
          { expected: write(expected, decimals), minimum: write(floor, decimals), limit: e8(floor, decimals), bps },
          decimals,
        );
        const r = checkRoute(route, ctx);
        return r.ok || (console.error(r.refusal), false);
      }),
      { numRuns: 500 },
    );
  });

  it('property: one unit of the token’s precision below the floor passes, two do not (route minimum and memo limit alike)', () => {
    fc.assert(
      fc.property(cases, ({ decimals, expected, bps }) => {
        const floor = floorOf(expected, bps);
        fc.pre(floor >= 2n);
        const at = (below: bigint) => {
          const c = memoRoute(
            {
              expected: write(expected, decimals),
              minimum: write(floor - below, decimals),
              limit: e8(floor - below, decimals),
              bps,
            },
            decimals,
          );
          return checkRoute(c.route, c.ctx);
        };
        const one = at(1n);
        const two = at(2n);
        return one.ok && !two.ok && two.refusal.code === 'minimum-below-slippage';
      }),
      { numRuns: 500 },
    );
  });

  /** The memo check alone (the route's own minimum out of the way): the least limit it accepts. */
  function memoAccepts(expected: bigint, decimals: number, trusted: boolean, bps: number, limit: bigint): boolean {
    const { route, ctx } = memoRoute(
      { expected: write(expected, decimals), minimum: '0', limit, bps },
      trusted ? decimals : undefined,
    );
    const facts = {
      ctx,
      sellChain: 'XRP',
      buyChain: 'ETH',
      bps: BigInt(bps),
      buyDecimals: trusted ? decimals : 8,
      buyDecimalsTrusted: trusted,
    } as unknown as Facts;
    const problem = checkMemo(route.memo!, route, facts, 'A');
    assert.ok(!problem || problem.code === 'memo-limit-below-minimum', JSON.stringify(problem));
    return !problem;
  }

  it('property: the memo’s limit may be one unit of the token’s precision below the floor computed at it, not two', () => {
    fc.assert(
      fc.property(cases, ({ decimals, expected, bps }) => {
        const floorE8 = e8(floorOf(expected, bps), decimals);
        const unit = decimals < 8 ? 10n ** BigInt(8 - decimals) : 1n;
        fc.pre(floorE8 >= 2n * unit);
        return (
          memoAccepts(expected, decimals, true, bps, floorE8 - unit) &&
          !memoAccepts(expected, decimals, true, bps, floorE8 - unit - 1n) &&
          !memoAccepts(expected, decimals, true, bps, floorE8 - 2n * unit)
        );
      }),
      { numRuns: 500 },
    );
  });

  it('property: unknown decimals get the strictest room, one 1e8 unit below the floor computed in 1e8 units', () => {
    fc.assert(
      fc.property(cases, ({ decimals, expected, bps }) => {
        const floorE8 = floorOf(e8(expected, decimals), bps);
        fc.pre(floorE8 >= 2n);
        return (
          memoAccepts(expected, decimals, false, bps, floorE8 - 1n) &&
          !memoAccepts(expected, decimals, false, bps, floorE8 - 2n)
        );
      }),
      { numRuns: 500 },
    );
  });

  it("issue 22's example: a memo route to a 6-decimal token (BTC -> ETH.USDC) floored at 6 decimals, 24 memo units below the 1e8 floor, is handed out", () => {
    // 9642.014076 × 0.99 = 9545.59393524: the service writes 9545.593935, the memo 954559393500.
    const { route, ctx } = memoRoute(
      { expected: '9642.014076', minimum: '9545.593935', limit: 954559393500n, bps: 100 },
      6,
    );
    assert.ok(checkRoute(route, ctx).ok);
    const unknown = memoRoute(
      { expected: '9642.014076', minimum: '9545.593935', limit: 954559393500n, bps: 100 },
      undefined,
    );
    const r = checkRoute(unknown.route, unknown.ctx);
    // Without trusted decimals the room is one 1e8 unit: the route's minimum and its limit are 24 below.
    assert.equal(r.ok ? 'accepted' : r.refusal.code, 'minimum-below-slippage');
  });
});

/** A deposit channel selling 10 of the token TKN (whose decimals a test trusts or not) for BTC. */
function tokenSellChannel(): { request: QuoteRequest; route: Route } {
  const request: QuoteRequest = {
    sellAsset: TKN,
    buyAsset: 'BTC.BTC',
    sellAmount: '10',
    slippage: 1,
    sourceAddress: ETH_SRC,
    destinationAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  };
  const route = z.parse(Route, {
    providers: ['PROTOCOL_B'],
    sellAsset: TKN,
    buyAsset: 'BTC.BTC',
    sellAmount: '10',
    expectedBuyAmount: '0.001',
    expectedBuyAmountMaxSlippage: '0.00099',
    fees: [],
  });
  return { request, route };
}

describe('amounts that need trusted decimals', () => {
  it('a token sell whose decimals nothing trusted gives is refused, naming the token and its chain', () => {
    const { request, route } = tokenSellChannel();
    const ctx: CheckContext = { request, decimals: () => undefined, affiliate: { bps: 0 }, inbound, now: NOW };
    const r = checkRoute(route, ctx);
    assert.deepEqual(r.ok ? undefined : r.refusal, {
      code: 'token-decimals-untrusted',
      params: { asset: TKN, chain: 'ETH' },
    });
    // Its twin: the same route, the token's decimals trusted (the host's, say), opens a deposit channel.
    const twin = checkRoute(route, { ...ctx, decimals: (a) => (a === TKN ? 18 : undefined) });
    assert.ok(twin.ok && twin.plan.kind === 'deposit-channel');
  });

  it('trusted decimals count from 0 to 36: a token trusted at 36 is sold, at 37 (or -1, or 1.5) it is not', () => {
    const { request, route } = tokenSellChannel();
    const at = (d: number) => {
      const r = checkRoute(route, {
        request,
        decimals: (a) => (a === TKN ? d : undefined),
        affiliate: { bps: 0 },
        inbound,
        now: NOW,
      });
      return r.ok ? r.plan.kind : r.refusal.code;
    };
    for (const d of [0, 18, 36]) assert.equal(at(d), 'deposit-channel', String(d));
    for (const d of [37, -1, 1.5]) assert.equal(at(d), 'token-decimals-untrusted', String(d));
  });

  it('a route that signs no minimum in the bought token (a deposit channel) is held to the floor in 1e8 units when its decimals are unknown', () => {
    const request: QuoteRequest = {
      sellAsset: 'BTC.BTC',
      buyAsset: TKN,
      sellAmount: '0.1',
      slippage: 1,
      destinationAddress: ETH_DEST,
    };
    const channel = (minimum: string) =>
      checkRoute(
        z.parse(Route, {
          providers: ['PROTOCOL_B'],
          sellAsset: 'BTC.BTC',
          buyAsset: TKN,
          sellAmount: '0.1',
          expectedBuyAmount: '100.123456789012345678',
          expectedBuyAmountMaxSlippage: minimum,
          fees: [],
        }),
        { request, decimals: () => undefined, affiliate: { bps: 0 }, inbound, now: NOW },
      );
    // 100.12345678 × 0.99 = 99.1222222122 in 1e8 units: 99.12222221 is at the floor.
    const ok = channel('99.122222211222222222');
    assert.ok(ok.ok && ok.plan.kind === 'deposit-channel');
    assert.ok(channel('99.1222222').ok, 'one 1e8 unit below');
    const low = channel('99.12222219');
    assert.equal(low.ok ? 'accepted' : low.refusal.code, 'minimum-below-slippage');
  });

  /** ETH -> TKN on 1inch v6: `swap` buying TKN for the source with the route's minimum in TKN's base units (at `decimals`). */
  function oneInch(decimals: number, trusted: number | undefined) {
    const request: QuoteRequest = {
      sellAsset: 'ETH.ETH',
      buyAsset: TKN,
      sellAmount: '1',
      slippage: 1,
      sourceAddress: ETH_SRC,
      destinationAddress: ETH_SRC,
      includeTx: true,
    };
    const data = encodeFunctionData({
      abi: ONEINCH_V6_ABI,
      functionName: 'swap',
      args: [
        ETH_DEST,
        {
          srcToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          dstToken: TKN_CONTRACT,
          srcReceiver: ETH_DEST,
          dstReceiver: ETH_SRC,
          amount: 10n ** 18n,
          minReturnAmount: 99n * 10n ** BigInt(decimals),
          flags: 0n,
        },
        '0x',
      ],
    });
    const route = z.parse(Route, {
      providers: ['AGGREGATOR_A'],
      sellAsset: 'ETH.ETH',
      buyAsset: TKN,
      sellAmount: '1',
      expectedBuyAmount: '100',
      expectedBuyAmountMaxSlippage: '99',
      sourceAddress: ETH_SRC,
      destinationAddress: ETH_SRC,
      expiration: String(NOW / 1000 + 600),
      fees: [],
      tx: { to: ONEINCH_V6_ROUTER, from: ETH_SRC, value: String(10n ** 18n), data, chain_id: 1 },
    });
    return checkRoute(route, {
      request,
      decimals: (a) => (a === TKN ? trusted : undefined),
      affiliate: { bps: 0 },
      inbound,
      now: NOW,
    });
  }

  it('a 1inch minimum in the bought token’s base units needs its trusted decimals', () => {
    const r = oneInch(18, undefined);
    assert.deepEqual(r.ok ? undefined : r.refusal, {
      code: 'token-decimals-untrusted',
      params: { asset: TKN, chain: 'ETH' },
    });
    assert.ok(oneInch(18, 18).ok, 'the same swap with the decimals trusted');
    // Trusted 0 while the call holds 99 × 10^18 units: passes (the minimum is above 99 units); trusted 18 for a call at 0: refused.
    const low = oneInch(0, 18);
    assert.equal(low.ok ? 'accepted' : low.refusal.code, 'aggregator-minimum-too-low');
  });
});
