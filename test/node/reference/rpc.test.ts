/**
 * The reference service's stand-in chain nodes (`POST /__ref/rpc/<CHAIN>`, demo/server/rpc.ts),
 * read by the widget's own reader as through `rpc-urls`: the decimals are the reference
 * list's, and anything else is a JSON-RPC error, so the token stays unknown.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server/http.js';
import { TrustedDecimals } from '../../../src/domain/decimals.js';
import { decimalsReader } from '../../../src/wallet/decimals-reads.js';
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
    const other = await raw(server, '/__ref/rpc/ETH', { body: { jsonrpc: '2.0', id: 7, method: 'eth_call', params: [{ to: '0x514910771af9ca656af840dff83e8264ecf986ca', data: '0x06fdde03' }, 'latest'] } });
    assert.deepEqual(other.json, { jsonrpc: '2.0', id: 7, error: { code: -32000, message: 'execution reverted' } });
    const method = await raw(server, '/__ref/rpc/SOL', { body: { jsonrpc: '2.0', id: 1, method: 'getBalance', params: [] } });
    assert.equal((method.json as { error: { code: number } }).error.code, -32601);
  });

  it('through the widget’s resolution: a token no table lists is trusted in the decimals the node answers', async () => {
    const decimals = new TrustedDecimals({ read: read(), cache: new Map() });
    await decimals.resolve([LINK]);
    assert.deepEqual(decimals.lookup(LINK), { decimals: 18, source: 'read' });
  });
});
