/**
 * The asset a memo names, against the widget's sourced token table (issue 30, item 9): a
 * contract cut short names the token the user chose only when the table holds it (by chain and
 * contract, under the memo's ticker) and no other token of that chain and ticker, in the table
 * or in the service's token list, ends the same way: a look-alike the list leaves out is still
 * counted. A token the table does not hold must be named in full. Protocol C's memos name
 * tokens in full, in either case (item 7).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import { knownToken, knownTokensByTicker } from '../../../../src/domain/chains/known-tokens.js';
import { buildSwapMemo } from '../../../support/memo-writer.js';
import { listedInbound } from '../../../support/inbound.js';

const NOW = 1_800_000_000_000;
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const GAIA_VAULT = 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu';
const KUJI_VAULT = 'kujira1twcrqa8e5vfqxfp8q9hq0ux84mmmnn9apwej57';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const ARB_USDC = 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const ARB_USDC_E = 'ARB.USDC-0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8';
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';

/**
 * A memo route buying `buyAsset` whose memo writes it as `memoAsset`: sold from the Cosmos Hub
 * through protocol A, or from Kujira through protocol C (250-byte memos: a full name fits).
 */
function named(memoAsset: string, buyAsset: string, knownAssets?: readonly string[], protocol: 'A' | 'C' = 'A') {
  const sell = protocol === 'A' ? { asset: 'GAIA.ATOM', vault: GAIA_VAULT } : { asset: 'KUJI.KUJI', vault: KUJI_VAULT };
  const request: QuoteRequest = {
    sellAsset: sell.asset,
    buyAsset,
    sellAmount: '500',
    slippage: 1,
    destinationAddress: ETH_DEST,
  };
  const route = z.parse(Route, {
    providers: [protocol === 'A' ? 'PROTOCOL_A' : 'PROTOCOL_C'],
    sellAsset: sell.asset,
    buyAsset,
    sellAmount: '500',
    expectedBuyAmount: '30000',
    expectedBuyAmountMaxSlippage: '29700',
    inboundAddress: sell.vault,
    memo: buildSwapMemo({ asset: memoAsset, destination: ETH_DEST, limit: 2_970_000_000_000n }),
    expiration: String(NOW / 1000 + 600),
  });
  const ctx: CheckContext = {
    request,
    decimals: () => 6,
    affiliate: { bps: 0 },
    inbound: listedInbound({
      A: [{ chain: 'GAIA', address: GAIA_VAULT, halted: false }],
      C: [{ chain: 'KUJI', address: KUJI_VAULT, halted: false }],
    }),
    ...(knownAssets ? { knownAssets } : {}),
    now: NOW,
  };
  const r = checkRoute(route, ctx);
  return r.ok ? 'ok' : r.refusal.code;
}

describe('the sourced table: chain, contract and the tickers a memo may name a token by', () => {
  it('finds a row by chain and contract in any case, whatever symbol the identifier writes', () => {
    assert.deepEqual(knownToken(USDC)?.tickers, ['USDC']);
    assert.deepEqual(knownToken(USDC.toUpperCase().replace('0X', '0x'))?.tickers, ['USDC']);
    assert.deepEqual(knownToken('ETH.FOO-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')?.tickers, ['USDC']);
    assert.equal(knownToken('ARB.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'), undefined, 'another chain');
    assert.equal(knownToken(LINK), undefined);
  });

  it("a bridged twin is a look-alike of its token's ticker: ARB's USDC.e under USDC", () => {
    assert.deepEqual(
      knownTokensByTicker('ARB', 'usdc').map((t) => t.contract),
      [ARB_USDC.split('-')[1], ARB_USDC_E.split('-')[1]],
    );
    assert.deepEqual(
      knownTokensByTicker('ETH', 'USDC').map((t) => t.contract),
      [USDC.split('-')[1]],
    );
  });
});

describe('a memo naming the bought token', () => {
  it('in full, on protocol C (`=:ARB.USDC-0XAF88…`): any case passes; another contract does not', () => {
    for (const memoAsset of [ARB_USDC, ARB_USDC.toUpperCase(), ARB_USDC.toLowerCase()])
      assert.equal(named(memoAsset, ARB_USDC, undefined, 'C'), 'ok', memoAsset);
    assert.equal(named(USDC.toUpperCase(), USDC, undefined, 'C'), 'ok');
    assert.equal(named(ARB_USDC_E, ARB_USDC, undefined, 'C'), 'memo-asset-mismatch');
  });

  it("a look-alike the token list leaves out still counts: `ARB.USDC` may be the table's USDC.e; one character tells them apart", () => {
    // The list knows only the token asked for: alone it would let `ARB.USDC` through.
    assert.equal(named('ARB.USDC', ARB_USDC, [ARB_USDC], 'C'), 'memo-asset-ambiguous');
    assert.equal(named('ARB.USDC-', ARB_USDC, [], 'C'), 'memo-asset-ambiguous');
    assert.equal(named('ARB.USDC-1', ARB_USDC, [ARB_USDC], 'C'), 'ok');
    assert.equal(named('ARB.USDC-5831', ARB_USDC, undefined, 'C'), 'ok');
  });

  it('the table alone decides a token it holds: no list, a list without it, or the list with it', () => {
    for (const known of [undefined, [], [USDC]]) {
      assert.equal(named('ETH.USDC-6EB48', USDC, known), 'ok');
      assert.equal(named('ETH.USDC', USDC, known), 'ok', 'one USDC on Ethereum in the table');
    }
    assert.equal(named('ETH.USDC-6EB49', USDC), 'memo-asset-mismatch');
  });

  it('a token the table does not hold: named in full it passes, cut short by one character it is refused, whatever the list says', () => {
    const full = LINK.slice(LINK.indexOf('-') + 1);
    assert.equal(named(LINK, LINK, [LINK]), 'ok');
    assert.equal(named(`ETH.LINK-${full.slice(1)}`, LINK, [LINK]), 'memo-asset-unsourced');
    assert.equal(named('ETH.LINK-6CA', LINK, [LINK]), 'memo-asset-unsourced');
    assert.equal(named('ETH.LINK', LINK), 'memo-asset-unsourced');
  });

  it('a ticker the table does not give the contract is no name of it, even with the right contract', () => {
    const renamed = 'ETH.FAKE-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    assert.equal(named('ETH.FAKE-6EB48', renamed, [renamed]), 'memo-asset-unsourced');
    assert.equal(named(renamed, renamed, [renamed]), 'ok', 'in full: exactly what was asked');
  });
});
