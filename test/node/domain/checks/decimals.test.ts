/**
 * Where trusted decimals come from (`src/domain/checks/decimals.ts`, `src/domain/chains/known-tokens.ts`):
 * the chain for a native asset, the sourced table, the host's `decimals`, reads on chain
 * (given here as functions: time-out, cache, failures), and the token list only compared.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base58 } from '@scure/base';
import { getAddress } from 'viem';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import {
  DECIMALS_READ_MS,
  TrustedDecimals,
  listDisagreement,
  routeTokens,
  tokenRef,
  type TokenRef,
} from '../../../../src/domain/checks/decimals.js';
import { knownTokenDecimals, knownTokenRows } from '../../../../src/domain/chains/known-tokens.js';
import { BASE_TOKENS } from '../../../../demo/server/tokens.js';

const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
const JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

describe('the table of widely used tokens', () => {
  it('writes every EVM contract as a valid address (checksummed where mixed case) and every Solana mint as 32 bytes of base58', () => {
    const rows = knownTokenRows();
    assert.ok(rows.length >= 45, `${rows.length} rows`);
    for (const [chain, contract, decimals] of rows) {
      assert.ok(Number.isInteger(decimals) && decimals >= 0 && decimals <= 18, `${chain} ${contract}`);
      if (chain === 'SOL') assert.equal(base58.decode(contract).length, 32, contract);
      else assert.equal(getAddress(contract), contract, `${chain} ${contract} is not its checksummed form`);
    }
  });

  it('compares EVM contracts without regard to case (0X… too), Solana mints exactly', () => {
    assert.equal(knownTokenDecimals(USDC), 6);
    assert.equal(knownTokenDecimals(USDC.toUpperCase()), 6);
    assert.equal(knownTokenDecimals('ETH.USDC-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'), 6);
    assert.equal(
      knownTokenDecimals('BSC.USDC-0X8AC76A51CC950D9822D68B83FE1AD97B32CD580D'),
      18,
      "BSC's pegged USDC has 18",
    );
    assert.equal(knownTokenDecimals('SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), 6);
    assert.equal(
      knownTokenDecimals('SOL.USDC-EPJFWDD5AUFQSSQEM2QN1XZYBAPC8G4WEGGKZWYTDT1V'),
      undefined,
      'another mint',
    );
    assert.equal(knownTokenDecimals('SOL.WSOL-So11111111111111111111111111111111111111112'), 9);
  });

  it('keys by chain: the same contract on a chain the table does not list it for is not known', () => {
    assert.equal(knownTokenDecimals('ARB.DAI-0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1'), 18);
    assert.equal(knownTokenDecimals('ETH.DAI-0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1'), undefined);
    assert.equal(knownTokenDecimals(LINK), undefined);
    assert.equal(knownTokenDecimals('ETH.ETH'), undefined, 'natives are the chain table’s');
  });

  it("agrees with the reference service's token list wherever both list a token (its honest routes are not refused as lying)", () => {
    let both = 0;
    for (const t of BASE_TOKENS) {
      const known = knownTokenDecimals(t.asset);
      if (known === undefined) continue;
      both++;
      assert.equal(t.decimals, known, t.asset);
    }
    assert.ok(both >= 20, `${both} tokens in both`);
  });
});

/** A read function that records its calls and answers from `answers` (a function: a rejection or a value). */
function reader(answer: (t: TokenRef) => Promise<number | undefined> | number | undefined) {
  const calls: TokenRef[] = [];
  const read = async (t: TokenRef) => {
    calls.push(t);
    return answer(t);
  };
  return { calls, read };
}

describe('trusted decimals', () => {
  it('a native asset counts in its chain’s decimals; the table comes before the host, the host before a read', async () => {
    const r = reader(() => 99);
    const d = new TrustedDecimals({ host: () => ({ [USDC]: 12, [LINK]: 18 }), read: r.read, cache: new Map() });
    assert.deepEqual(d.lookup('ETH.ETH'), { decimals: 18, source: 'chain' });
    assert.deepEqual(d.lookup('SOL.SOL'), { decimals: 9, source: 'chain' });
    assert.deepEqual(d.lookup(USDC), { decimals: 6, source: 'table' }, 'the host cannot change a token of the table');
    assert.deepEqual(d.lookup(LINK), { decimals: 18, source: 'host' });
    await d.resolve(['ETH.ETH', USDC, LINK]);
    assert.deepEqual(r.calls, [], 'nothing to read');
  });

  it("finds the host's entry by chain and contract (EVM hex in any case), a Solana mint exactly", () => {
    const d = new TrustedDecimals({
      host: () => ({ 'ETH.LINK-0x514910771af9ca656af840dff83e8264ecf986ca': 18, [JUP]: 6 }),
      cache: new Map(),
    });
    assert.equal(d.known(LINK), 18);
    assert.equal(
      d.known('ETH.OTHERNAME-0X514910771AF9CA656AF840DFF83E8264ECF986CA'),
      18,
      'the contract decides, not the symbol',
    );
    assert.equal(d.known(JUP), 6);
    assert.equal(d.known('SOL.JUP-jupyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN'), undefined, 'another mint');
  });

  it('reads a token nothing else gives, once per page: a second resolve asks no more', async () => {
    const cache = new Map<string, number>();
    const r = reader(() => 18);
    const d = new TrustedDecimals({ read: r.read, cache });
    assert.equal(d.known(LINK), undefined);
    await d.resolve([LINK, 'ETH.LINK-0x514910771af9ca656af840dff83e8264ecf986ca']);
    assert.deepEqual(
      r.calls,
      [{ chain: 'ETH', contract: '0x514910771af9ca656af840dff83e8264ecf986ca' }],
      'one read for two spellings',
    );
    assert.deepEqual(d.lookup(LINK), { decimals: 18, source: 'read' });
    // Another widget of the page, with the same cache.
    const other = new TrustedDecimals({ read: r.read, cache });
    await other.resolve([LINK]);
    assert.equal(r.calls.length, 1);
    assert.equal(other.known(LINK), 18);
  });

  it('a read that fails, answers nothing, or answers what no token has is unknown, never a guess, and is tried again', async () => {
    for (const answer of [
      () => Promise.reject(new Error('HTTP 500')),
      () => undefined,
      () => 37,
      () => -1,
      () => 6.5,
    ]) {
      const r = reader(answer);
      const d = new TrustedDecimals({ read: r.read, cache: new Map() });
      await d.resolve([LINK]);
      assert.equal(d.known(LINK), undefined, String(answer));
      await d.resolve([LINK]);
      assert.equal(r.calls.length, 2, 'not cached');
    }
  });

  it('a read that does not answer in time is unknown, and is stopped', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let signal: AbortSignal | undefined;
    const d = new TrustedDecimals({
      cache: new Map(),
      read: (_t, s) => {
        signal = s;
        return new Promise(() => undefined);
      },
    });
    const done = d.resolve([LINK]);
    await Promise.resolve();
    t.mock.timers.tick(DECIMALS_READ_MS - 1);
    assert.equal(signal?.aborted, false, 'still waiting one ms before the time-out');
    t.mock.timers.tick(1);
    // Checked before awaiting: without a time-out the resolution would never end.
    assert.equal(signal?.aborted, true, 'stopped at the time-out');
    await done;
    assert.equal(d.known(LINK), undefined);
  });

  it('reads only what a read can ask for: EVM contracts and Solana mints, not synthetic or unreadable assets', async () => {
    const r = reader(() => 8);
    const d = new TrustedDecimals({ read: r.read, cache: new Map() });
    await d.resolve(['THOR.TCY', 'THOR.BTC/BTC', 'ETH.USDC-6EB48', 'GAIA.FOO-ibc', JUP]);
    assert.deepEqual(r.calls, [{ chain: 'SOL', contract: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' }]);
    assert.equal(
      tokenRef('BSC.USDC-0X8AC76A51CC950D9822D68B83FE1AD97B32CD580D')?.contract,
      '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
    );
  });
});

describe('the token list is only compared', () => {
  const d = new TrustedDecimals({ host: () => ({ [LINK]: 18 }), cache: new Map() });

  it('a list that disagrees with a trusted source lies: refused, naming both and the source', () => {
    assert.deepEqual(
      listDisagreement([USDC], d, () => 12),
      { code: 'token-decimals-mismatch', params: { asset: USDC, list: 12, trusted: 6, source: 'table' } },
    );
    assert.deepEqual(listDisagreement([USDC, LINK], d, (a) => (a === LINK ? 24 : 6))?.params, {
      asset: LINK,
      list: 24,
      trusted: 18,
      source: 'host',
    });
  });

  it('agreeing, silent on a token, or with nothing trusted to compare to: no refusal', () => {
    assert.equal(
      listDisagreement([USDC, LINK], d, (a) => (a === USDC ? 6 : 18)),
      undefined,
    );
    assert.equal(
      listDisagreement([USDC], d, () => undefined),
      undefined,
    );
    assert.equal(
      listDisagreement(['ETH.UNKNOWN-0x0000000000000000000000000000000000000001'], d, () => 3),
      undefined,
    );
  });

  it("the route's tokens: sell, buy and each leg's, natives left out (their chain's decimals are never the list's), each once", () => {
    const request = { sellAsset: LINK, buyAsset: 'BTC.BTC', sellAmount: '1', slippage: 1 } as QuoteRequest;
    const route = z.parse(Route, {
      providers: ['AGGREGATOR_A', 'PROTOCOL_B'],
      sellAsset: LINK,
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      expectedBuyAmount: '0.1',
      expectedBuyAmountMaxSlippage: '0.09',
      fees: [],
      legs: [
        { provider: 'AGGREGATOR_A', sellAsset: LINK, buyAsset: USDC, sellAmount: '1', buyAmount: '10', fees: [] },
        { provider: 'PROTOCOL_B', sellAsset: USDC, buyAsset: 'BTC.BTC', sellAmount: '10', buyAmount: '0.1', fees: [] },
      ],
    });
    assert.deepEqual(routeTokens(route, request), [LINK, USDC]);
  });
});
