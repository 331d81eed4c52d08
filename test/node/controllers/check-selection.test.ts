/**
 * The inputs of the route checks gathered for a selected route (`checkSelection`): the token
 * list is compared with the trusted decimals, and a list that disagrees lies, except about the
 * bought token of a memo protocol's route, which counts its limit in 1e8 units and the trusted
 * decimals, never the list's (issue 30): that route is handed out, an aggregator's is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { encodeFunctionData } from 'viem';
import { Route, type QuoteRequest } from '../../../src/schemas/service.js';
import { checkSelection } from '../../../src/controllers/execution/check-selection.js';
import type { Selection } from '../../../src/controllers/execution/execution-types.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { ONEINCH_V6_ROUTER } from '../../../src/domain/chains/contracts.js';
import { ONEINCH_V6_ABI } from '../../../src/domain/chains/evm.js';
import { buildSwapMemo } from '../../support/memo-writer.js';
import { listedInbound } from '../../support/inbound.js';

const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const BTC_VAULT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const inbound = listedInbound({ A: [{ chain: 'BTC', address: BTC_VAULT, halted: false }] });

/** A BTC -> USDC memo route floored at USDC's 6 decimals (`limitBelow` units of 6 decimals under the floor, route minimum and limit alike). */
function memoSelection(limitBelow = 0n): Selection {
  const request: QuoteRequest = {
    sellAsset: 'BTC.BTC',
    buyAsset: USDC,
    sellAmount: '0.1',
    slippage: 1,
    destinationAddress: ETH_DEST,
  };
  // 9642.014076 × 0.99 = 9545.593935 (6 decimals).
  const minimum = 9_545_593_935n - limitBelow;
  const route = z.parse(Route, {
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: USDC,
    sellAmount: '0.1',
    expectedBuyAmount: '9642.014076',
    expectedBuyAmountMaxSlippage: `${minimum / 1_000_000n}.${String(minimum % 1_000_000n).padStart(6, '0')}`,
    inboundAddress: BTC_VAULT,
    memo: buildSwapMemo({ asset: 'ETH.USDC-6EB48', destination: ETH_DEST, limit: minimum * 100n }),
    expiration: String(Math.floor(Date.now() / 1000) + 600),
  });
  return selection(route, request);
}

/** An ETH -> USDC 1inch swap whose minimum is in USDC's base units. */
function aggregatorSelection(): Selection {
  const SRC = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
  const request: QuoteRequest = {
    sellAsset: 'ETH.ETH',
    buyAsset: USDC,
    sellAmount: '1',
    slippage: 1,
    sourceAddress: SRC,
    destinationAddress: SRC,
    includeTx: true,
  };
  const data = encodeFunctionData({
    abi: ONEINCH_V6_ABI,
    functionName: 'swap',
    args: [
      '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
      {
        srcToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        dstToken: USDC.split('-')[1] as `0x${string}`,
        srcReceiver: '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
        dstReceiver: SRC,
        amount: 10n ** 18n,
        minReturnAmount: 3_300_000_000n,
        flags: 0n,
      },
      '0x',
    ],
  });
  const route = z.parse(Route, {
    providers: ['AGGREGATOR_A'],
    sellAsset: 'ETH.ETH',
    buyAsset: USDC,
    sellAmount: '1',
    expectedBuyAmount: '3333.333334',
    expectedBuyAmountMaxSlippage: '3300',
    sourceAddress: SRC,
    destinationAddress: SRC,
    expiration: String(Math.floor(Date.now() / 1000) + 600),
    tx: { to: ONEINCH_V6_ROUTER, from: SRC, value: String(10n ** 18n), data, chain_id: 1 },
  });
  return selection(route, request);
}

function selection(route: Route, request: QuoteRequest): Selection {
  return {
    quoteId: 'q',
    entry: { route, index: 0 } as unknown as Selection['entry'],
    request,
    receivedAt: Date.now(),
  };
}

/** The check, with a token list saying USDC has `listed` decimals (the widget's table says 6). */
async function check(s: Selection, listed: number | undefined) {
  const r = await checkSelection(
    s,
    {
      inbound: async (p) => inbound(p),
      tokenDecimals: (asset) => (asset.toUpperCase() === USDC.toUpperCase() ? listed : undefined),
      affiliate: () => ({ bps: 0 }),
      decimals: new TrustedDecimals({ cache: new Map() }),
    },
    () => true,
  );
  return !r ? 'stopped' : r.ok ? 'ok' : r.refusal.code;
}

describe('a token list lying about the bought token', () => {
  it('a memo route is handed out whatever the list says (18, 8, 4, 0, 6 or nothing): the limit counts in 1e8 units', async () => {
    for (const listed of [18, 8, 4, 0, 6, undefined])
      assert.equal(await check(memoSelection(), listed), 'ok', String(listed));
  });

  it('its minimum is still held at the trusted 6 decimals: one unit under the floor passes, two do not, whatever the list says', async () => {
    for (const listed of [4, 6]) {
      assert.equal(await check(memoSelection(1n), listed), 'ok', `${listed}: one unit`);
      assert.equal(await check(memoSelection(2n), listed), 'minimum-below-slippage', `${listed}: two units`);
    }
  });

  it('an aggregator route, whose minimum is in the token’s base units, is refused when the list lies; its honest twin passes', async () => {
    assert.equal(await check(aggregatorSelection(), 6), 'ok');
    assert.equal(await check(aggregatorSelection(), 8), 'token-decimals-mismatch');
  });
});
