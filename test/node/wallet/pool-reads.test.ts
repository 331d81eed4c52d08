/**
 * Reading a 1inch `unoswap` route's last pool on chain (`src/wallet/pool-reads.ts`): its
 * `token0()`, `token1()`, `factory()` and that factory's `getPair`, through `rpc-urls` (here the
 * reference service's stand-in node, demo/server/rpc.ts) or the page's wallet connected to the
 * chain; nothing to read through, a read that fails or answers no address, or a late one: unread.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server/http.js';
import { UNISWAP_V2_FACTORY, WRAPPED_COIN, pairPool, sortPair } from '../../../demo/server/unoswap.js';
import { poolReader } from '../../../src/wallet/pool-reads.js';
import { InjectedWallet, type Eip1193Provider } from '../../../src/wallet/injected-wallet.js';
import { startRef } from '../reference/helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(() => server.close());

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const POOL = pairPool('ETH', WRAPPED_COIN.ETH!, USDC);
const [TOKEN0, TOKEN1] = sortPair(WRAPPED_COIN.ETH!, USDC);
const ref = { chain: 'ETH', pool: POOL, protocol: 0 } as const;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A page wallet connected to chain 1 whose `eth_call` answers as `call` does. */
function wallet(call: (tx: { to: string; data: string }) => Promise<unknown>): InjectedWallet {
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      if (method === 'eth_accounts') return ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F'];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'eth_call') return call((params as [{ to: string; data: string }])[0]);
      throw new Error(method);
    },
  };
  return new InjectedWallet({ ethereum: provider });
}

describe('a pool read for an unoswap check', () => {
  it("through rpc-urls: the pool's tokens and factory, and the pool its factory lists for them", async () => {
    const read = poolReader({ rpcUrl: (c) => `${server.url}/__ref/rpc/${c}`, wallet: () => undefined });
    const facts = await read(ref);
    assert.ok(facts);
    assert.ok(same(facts.token0, TOKEN0) && same(facts.token1, TOKEN1));
    assert.ok(same(facts.factory, UNISWAP_V2_FACTORY.ETH!));
    assert.ok(same(facts.listed, POOL));
  });

  it('through the page wallet on the chain, when no endpoint is named', async () => {
    const answers: Record<string, string> = {};
    const w = wallet(async ({ to, data }) => {
      const res = await fetch(`${server.url}/__ref/rpc/ETH`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] }),
      });
      const body = (await res.json()) as { result?: string };
      answers[data.slice(0, 10)] = body.result ?? '';
      if (!body.result) throw new Error('execution reverted');
      return body.result;
    });
    const facts = await poolReader({ rpcUrl: () => undefined, wallet: () => w })(ref);
    assert.ok(facts && same(facts.listed, POOL));
    assert.deepEqual(Object.keys(answers).sort(), ['0x0dfe1681', '0xc45a0155', '0xd21220a7', '0xe6a43905']);
  });

  it('unread: no way to read, a pool that is not one, an answer that is no address, a read that never ends', async () => {
    assert.equal(await poolReader({ rpcUrl: () => undefined, wallet: () => undefined })(ref), undefined);
    const rpc = poolReader({ rpcUrl: (c) => `${server.url}/__ref/rpc/${c}`, wallet: () => undefined });
    assert.equal(await rpc({ ...ref, pool: '0x000000000000000000000000000000000000dEaD' }), undefined);
    const dirty = wallet(async () => `0x${'ff'.repeat(32)}`);
    assert.equal(await poolReader({ rpcUrl: () => undefined, wallet: () => dirty })(ref), undefined);
    const silent = wallet(() => new Promise(() => undefined));
    assert.equal(await poolReader({ rpcUrl: () => undefined, wallet: () => silent }, 20)(ref), undefined);
  });
});
