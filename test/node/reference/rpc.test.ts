/**
 * The reference service's stand-in chain nodes (`POST /__ref/rpc/<CHAIN>`, demo/server/rpc.ts),
 * read by the widget's own reader as through `rpc-urls`: the decimals are the reference
 * list's, and anything else is a JSON-RPC error, so the token stays unknown.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server/http.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { decimalsReader } from '../../../src/wallet/decimals-reads.js';
import { balanceReader } from '../../../src/wallet/balance-reads.js';
import { fromUnits } from '../../../src/domain/amounts/amount.js';
import { referenceBalance } from '../../../demo/server/rpc.js';
import { raw, startRef } from './helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(() => server.close());

const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
const read = () => decimalsReader({ rpcUrl: (chain) => `${server.url}/__ref/rpc/${chain}`, wallet: () => undefined });

describe('the stand-in chain nodes', () => {
  it("answer decimals() of the list's EVM tokens (any case of the contract) and getTokenSupply of its Solana mints", async () => {
    const r = read();
    const signal = new AbortController().signal;
    assert.equal(await r({ chain: 'ETH', contract: '0x514910771af9ca656af840dff83e8264ecf986ca' }, signal), 18);
    assert.equal(await r({ chain: 'BSC', contract: '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d' }, signal), 18);
    assert.equal(await r({ chain: 'SOL', contract: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' }, signal), 6);
    assert.equal(await r({ chain: 'SOL', contract: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' }, signal), 5);
  });

  it('a contract the list does not have, a token of another chain, another call or method: a JSON-RPC error', async () => {
    const r = read();
    const signal = new AbortController().signal;
    await assert.rejects(r({ chain: 'ETH', contract: '0x0000000000000000000000000000000000000001' }, signal));
    await assert.rejects(r({ chain: 'ARB', contract: '0x514910771af9ca656af840dff83e8264ecf986ca' }, signal));
    const other = await raw(server, '/__ref/rpc/ETH', {
      body: {
        jsonrpc: '2.0',
        id: 7,
        method: 'eth_call',
        params: [{ to: '0x514910771af9ca656af840dff83e8264ecf986ca', data: '0x06fdde03' }, 'latest'],
      },
    });
    assert.deepEqual(other.json, { jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'execution reverted' } });
    const method = await raw(server, '/__ref/rpc/SOL', {
      body: { jsonrpc: '2.0', id: 1, method: 'getSlot', params: [] },
    });
    assert.equal((method.json as { error: { code: number } }).error.code, -32601);
  });

  it('through the widget’s resolution: a token no table lists is trusted in the decimals the node answers', async () => {
    const decimals = new TrustedDecimals({ read: read(), cache: new Map() });
    await decimals.resolve([LINK]);
    assert.deepEqual(decimals.lookup(LINK), { decimals: 18, source: 'read' });
  });
});

describe("the stand-in chains' balances, read by the widget's own reader", () => {
  const reader = () =>
    balanceReader({
      rpcUrl: (chain) => `${server.url}/__ref/rpc/${chain}`,
      wallet: () => undefined,
      rest: (chain) => `${server.url}/__ref/cosmos/${chain}`,
      decimals: async () => 18,
    });
  const signal = new AbortController().signal;
  const EVM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  const SOL = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';
  const ATOM = 'cosmos1ar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

  it('every account holds 1 000 to 9 999 whole units: more than any suite sells, whichever account a test wallet made at random', () => {
    for (let i = 0; i < 500; i++) {
      const units = referenceBalance(`cosmos1${i.toString(36).padStart(38, 'q')}`, 6) / 10n ** 6n;
      assert.ok(units >= 1000n && units <= 9999n, String(units));
    }
  });

  it('EVM: the native coin and a listed token, the same for one account every time', async () => {
    const whole = fromUnits(referenceBalance(EVM, 18), 18);
    assert.equal(await reader()('ETH.ETH', EVM, signal), whole);
    assert.equal(await reader()(LINK, EVM, signal), whole);
    await assert.rejects(reader()('ETH.X-0x0000000000000000000000000000000000000001', EVM, signal));
  });

  it('SOL and one of its mints; a Cosmos chain’s coin through the REST stand-in', async () => {
    assert.equal(await reader()('SOL.SOL', SOL, signal), fromUnits(referenceBalance(SOL, 9), 9));
    assert.equal(
      await reader()('SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', SOL, signal),
      fromUnits(referenceBalance(SOL, 6), 6),
    );
    assert.equal(await reader()('GAIA.ATOM', ATOM, signal), fromUnits(referenceBalance(ATOM, 6), 6));
  });
});
