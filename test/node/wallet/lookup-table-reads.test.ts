/**
 * Reading the address lookup tables a Solana transaction loads accounts from
 * (`src/wallet/lookup-table-reads.ts`), and the whole way through: the reference service answers a
 * Jupiter route whose output mint sits in its shared table of mints (`solanaMintTable`) and serves
 * the table over its RPC stand-in (`POST /__ref/rpc/SOL`, `getAccountInfo`); the widget's check of
 * the selected route reads it through `rpc-urls` and hands the route out, or, without an endpoint,
 * refuses it saying so.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server/http.js';
import { MINT_LOOKUP_TABLE, mintLookupTable, seededAddress } from '../../../demo/server/solana-tx.js';
import { BASE_TOKENS } from '../../../demo/server/tokens.js';
import { lookupTableReader } from '../../../src/wallet/lookup-table-reads.js';
import { checkSelection } from '../../../src/controllers/execution/check-selection.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import { refusalText } from '../../../src/components/messages/refusals.js';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { clientFor, control, SOL_ADDRESS, SOL_USDC, startRef } from '../reference/helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(async () => {
  await server.close();
});
const rpcUrl = () => `${server.url}/__ref/rpc/SOL`;

describe('reading lookup tables through the SOL endpoint of rpc-urls', () => {
  it("the reference service's table of mints: its addresses; another account: unread; no endpoint: no-rpc", async () => {
    const read = lookupTableReader({ rpcUrl: (c) => (c === 'SOL' ? rpcUrl() : undefined) });
    const other = seededAddress('no-such-table');
    const tables = await read([MINT_LOOKUP_TABLE, other]);
    assert.ok(tables instanceof Map);
    assert.deepEqual(tables.get(MINT_LOOKUP_TABLE), mintLookupTable(BASE_TOKENS));
    assert.equal(tables.get(other), undefined);
    assert.equal(await lookupTableReader({ rpcUrl: () => undefined })([MINT_LOOKUP_TABLE]), 'no-rpc');
  });

  it('an endpoint that fails or does not answer in time leaves the table unread', async () => {
    const failing = lookupTableReader({ rpcUrl: () => `${server.url}/__ref/rpc/NOPE` });
    assert.deepEqual(
      [...((await failing([MINT_LOOKUP_TABLE])) as Map<string, unknown>)],
      [[MINT_LOOKUP_TABLE, undefined]],
    );
    const never = lookupTableReader({
      rpcUrl: () => rpcUrl(),
      timeoutMs: 10,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    assert.deepEqual(
      [...((await never([MINT_LOOKUP_TABLE])) as Map<string, unknown>)],
      [[MINT_LOOKUP_TABLE, undefined]],
    );
  });
});

describe('a Jupiter route whose output mint sits in its lookup table, end to end', () => {
  const request: QuoteRequest = {
    sellAsset: 'SOL.SOL',
    buyAsset: SOL_USDC,
    sellAmount: '3',
    slippage: 1,
    sourceAddress: SOL_ADDRESS,
    providers: ['AGGREGATOR_B'],
    includeTx: true,
  };
  async function check(rpc: string | undefined) {
    const key = `lookup-${Math.random()}`;
    await control(server, key, { reset: true, solanaMintTable: true });
    const client = clientFor(server, { apiKey: key });
    const quote = await client.quote(request);
    const [entry] = rankRoutes(quote.routes, quote.routeIndexes, priceBook(undefined));
    assert.ok(entry, 'no route');
    return checkSelection(
      { quoteId: quote.quoteId, entry, request, receivedAt: Date.now() },
      {
        inbound: () => Promise.reject(new Error('no memo protocol is paid')),
        tokenDecimals: () => undefined,
        affiliate: () => ({ bps: 0 }),
        decimals: new TrustedDecimals({ cache: new Map() }),
        lookupTables: lookupTableReader({ rpcUrl: () => rpc }),
      },
      () => true,
    );
  }

  it('with rpc-urls naming a Solana endpoint: the table is read, the mint resolved, the route planned (the honest twin)', async () => {
    const r = await check(rpcUrl());
    assert.ok(r?.ok, JSON.stringify(r));
    assert.equal(r.plan.kind, 'solana');
  });

  it('without one: refused, and the reason says a Solana RPC endpoint is needed', async () => {
    const r = await check(undefined);
    assert.ok(r && !r.ok);
    assert.deepEqual(r.refusal, {
      code: 'solana-lookup-account',
      params: { role: 'swap-mint', table: MINT_LOOKUP_TABLE, reason: 'no-rpc' },
    });
    assert.match(refusalText(r.refusal), /Solana RPC endpoint \(SOL in rpc-urls\)/);
  });
});
