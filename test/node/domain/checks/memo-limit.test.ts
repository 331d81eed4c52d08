/**
 * A protocol memo's limit and length, one unit each side (issue 30):
 * - the limit counts in 1e8 units whatever the bought asset's decimals, held to the slippage
 *   floor computed at its trusted decimals with one unit of that precision of room
 *   (`memoLimitFloor`): 100 memo units for a 6-decimal token, 1 for 8 and for 18 decimals; with
 *   no trusted decimals, one memo unit below the floor computed in 1e8 units;
 * - a memo fits the sell chain: 80 bytes of OP_RETURN on the UTXO chains (THORNode
 *   `constants.MaxOpReturnDataSize` = 80, `common/chain.go` `MaxMemoLength`; Maya's memo page
 *   for DASH and ZEC), 250 elsewhere (`constants.MaxMemoSize`).
 * The memo check is called alone here: inside `checkRoute` the route's own minimum, held to the
 * same floor, is never lower than what the memo's room allows, so only these tests see the room.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { checkMemo } from '../../../../src/domain/checks/memo.js';
import { memoLimitFloor } from '../../../../src/domain/checks/floor.js';
import { checkRoute } from '../../../../src/domain/checks/route.js';
import type { Facts } from '../../../../src/domain/checks/facts.js';
import type { CheckContext } from '../../../../src/domain/checks/plans.js';
import { buildSwapMemo } from '../../../support/memo-writer.js';
import { listedInbound } from '../../../support/inbound.js';

const NOW = 1_800_000_000_000;
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WBTC = 'ETH.WBTC-0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const DAI = 'ETH.DAI-0x6B175474E89094C44Da98b954EedeAC495271d0F';
/** A token in no table: no trusted decimals. */
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';

/** The memo of a route from `sellChain` buying `buyAsset` with limit `limit` (1e8 units), checked alone. */
function memoCheck(o: {
  buyAsset: string;
  expected: string;
  limit: bigint;
  decimals?: number;
  sellChain?: string;
  memo?: string;
}) {
  const sellChain = o.sellChain ?? 'GAIA';
  const memo = o.memo ?? buildSwapMemo({ asset: o.buyAsset, destination: ETH_DEST, limit: o.limit });
  const request: QuoteRequest = {
    sellAsset: `${sellChain}.X`,
    buyAsset: o.buyAsset,
    sellAmount: '1',
    slippage: 1,
    destinationAddress: ETH_DEST,
  };
  // The route's own minimum out of the way: the memo's limit is held to the floor alone.
  const route = z.parse(Route, {
    providers: ['PROTOCOL_A'],
    sellAsset: request.sellAsset,
    buyAsset: o.buyAsset,
    sellAmount: '1',
    expectedBuyAmount: o.expected,
    expectedBuyAmountMaxSlippage: '0',
    memo,
  });
  const ctx: CheckContext = {
    request,
    decimals: () => o.decimals,
    affiliate: { bps: 0 },
    inbound: listedInbound({}),
    now: NOW,
  };
  const facts = {
    ctx,
    sellChain,
    buyChain: 'ETH',
    bps: 100n,
    buyDecimals: o.decimals ?? 8,
    buyDecimalsTrusted: o.decimals !== undefined,
  } as unknown as Facts;
  const problem = checkMemo(memo, route, facts, 'A');
  return problem ? problem.code : 'ok';
}

describe("the memo limit's room: one unit of the bought asset's own precision under the floor, not one more", () => {
  it('6 decimals (USDC): 1234.56789 at 1 % floors to 1222.222211, 122 222 221 100 memo units; 100 under pass, 101 do not', () => {
    assert.deepEqual(memoLimitFloor('1234.56789', 100n, 6), { floorE8: 122_222_221_100n, roomE8: 100n });
    const at = (limit: bigint) => memoCheck({ buyAsset: USDC, expected: '1234.56789', decimals: 6, limit });
    assert.equal(at(122_222_221_100n), 'ok');
    assert.equal(at(122_222_221_000n), 'ok');
    assert.equal(at(122_222_220_999n), 'memo-limit-below-minimum');
  });

  it('8 decimals (WBTC): 1234.56789 at 1 % floors to 122 222 221 110 memo units; 1 under passes, 2 do not', () => {
    assert.deepEqual(memoLimitFloor('1234.56789', 100n, 8), { floorE8: 122_222_221_110n, roomE8: 1n });
    const at = (limit: bigint) => memoCheck({ buyAsset: WBTC, expected: '1234.56789', decimals: 8, limit });
    assert.equal(at(122_222_221_109n), 'ok');
    assert.equal(at(122_222_221_108n), 'memo-limit-below-minimum');
  });

  it('18 decimals (DAI): the floor at 18 decimals cut to 1e8 units, 122 222 221 122; 1 under passes, 2 do not', () => {
    const expected = '1234.567890123456789012';
    assert.deepEqual(memoLimitFloor(expected, 100n, 18), { floorE8: 122_222_221_122n, roomE8: 1n });
    const at = (limit: bigint) => memoCheck({ buyAsset: DAI, expected, decimals: 18, limit });
    assert.equal(at(122_222_221_121n), 'ok');
    assert.equal(at(122_222_221_120n), 'memo-limit-below-minimum');
  });

  it('no trusted decimals (LINK): checked in 1e8 units all the same, one memo unit of room', () => {
    // 12.3456789 at 1 %: 1 234 567 890 × 0.99 = 1 222 222 211 memo units.
    const at = (limit: bigint) => memoCheck({ buyAsset: LINK, expected: '12.3456789', limit });
    assert.equal(at(1_222_222_210n), 'ok');
    assert.equal(at(1_222_222_209n), 'memo-limit-below-minimum');
  });
});

describe('a memo fits its sell chain, to the byte', () => {
  /** A memo of exactly `bytes` bytes: its limit written with leading zeros (the same number). */
  const memoOf = (bytes: number) => {
    const short = buildSwapMemo({ asset: 'ETH.ETH', destination: ETH_DEST, limit: 1n });
    const memo = short.replace(/:1$/, `:${'0'.repeat(bytes - short.length)}1`);
    assert.equal(new TextEncoder().encode(memo).length, bytes);
    return memo;
  };
  const at = (sellChain: string, bytes: number) =>
    memoCheck({ buyAsset: 'ETH.ETH', expected: '0.00000001', limit: 1n, sellChain, memo: memoOf(bytes) });

  for (const chain of ['BTC', 'LTC', 'BCH', 'DOGE', 'DASH', 'ZEC']) {
    it(`${chain}: 80 bytes pass, 81 are refused`, () => {
      assert.equal(at(chain, 80), 'ok');
      assert.equal(at(chain, 81), 'memo-too-long');
    });
  }
  for (const chain of ['GAIA', 'THOR', 'KUJI', 'XRP']) {
    it(`${chain}: 250 bytes pass, 251 are refused`, () => {
      assert.equal(at(chain, 250), 'ok');
      assert.equal(at(chain, 251), 'memo-too-long');
    });
  }

  it('a whole BTC route of exactly 80 bytes is handed out, 81 refused', () => {
    const VAULT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const route = (memo: string) =>
      z.parse(Route, {
        providers: ['PROTOCOL_A'],
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '0.5',
        expectedBuyAmount: '0.00000001',
        expectedBuyAmountMaxSlippage: '0.00000001',
        inboundAddress: VAULT,
        memo,
        expiration: String(NOW / 1000 + 600),
      });
    const ctx: CheckContext = {
      request: {
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '0.5',
        slippage: 10,
        destinationAddress: ETH_DEST,
      },
      decimals: () => undefined,
      affiliate: { bps: 0 },
      inbound: listedInbound({ A: [{ chain: 'BTC', address: VAULT, halted: false }] }),
      now: NOW,
    };
    const r80 = checkRoute(route(memoOf(80)), ctx);
    assert.ok(r80.ok, JSON.stringify(!r80.ok && r80.refusal));
    const r81 = checkRoute(route(memoOf(81)), ctx);
    assert.equal(r81.ok ? 'ok' : r81.refusal.code, 'memo-too-long');
  });
});
