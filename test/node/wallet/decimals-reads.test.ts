/**
 * Reading a token's decimals on chain (`src/wallet/decimals-reads.ts`): JSON-RPC to the host's
 * `rpc-urls` endpoint (EVM `decimals()`, Solana `getTokenSupply`), else the page's wallet
 * when it is connected to the token's chain; a local JSON-RPC server stands in for the node.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { InjectedWallet, type Eip1193Provider } from '../../../src/wallet/injected-wallet.js';
import { decimalsReader } from '../../../src/wallet/decimals-reads.js';

const LINK = { chain: 'ETH', contract: '0x514910771af9ca656af840dff83e8264ecf986ca' };
const JUP = { chain: 'SOL', contract: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' };
const word = (n: number | bigint) => `0x${n.toString(16).padStart(64, '0')}`;

/** What the stand-in node answers each request with, and the requests it got. */
let answer: (body: { method: string; params: unknown[] }) => { status?: number; json?: unknown } = () => ({ json: {} });
const got: { method: string; params: unknown[] }[] = [];
let url = '';
const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(text) as { method: string; params: unknown[] };
    got.push(body);
    const a = answer(body);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(a.json ?? {}));
  });
});
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const signal = () => new AbortController().signal;
const viaRpc = (chains: Record<string, string>) =>
  decimalsReader({ rpcUrl: (c) => chains[c], wallet: () => undefined });

describe('reads through rpc-urls', () => {
  it("an EVM token: eth_call of decimals() at 'latest', its word read as a number", async () => {
    got.length = 0;
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: word(18) } });
    assert.equal(await viaRpc({ ETH: url })(LINK, signal()), 18);
    assert.deepEqual(got, [
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: LINK.contract, data: '0x313ce567' }, 'latest'] },
    ]);
  });

  it('a Solana mint: getTokenSupply, the decimals of its answer', async () => {
    got.length = 0;
    answer = () => ({
      json: {
        jsonrpc: '2.0',
        id: 1,
        result: { context: { slot: 1 }, value: { amount: '1000', decimals: 6, uiAmountString: '0.001' } },
      },
    });
    assert.equal(await viaRpc({ SOL: url })(JUP, signal()), 6);
    assert.deepEqual(
      got.map((b) => [b.method, b.params]),
      [['getTokenSupply', [JUP.contract]]],
    );
  });

  const failures: [string, () => { status?: number; json?: unknown }][] = [
    ['an HTTP error', () => ({ status: 500 })],
    [
      'a JSON-RPC error',
      () => ({ json: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted' } } }),
    ],
    ['not one word', () => ({ json: { jsonrpc: '2.0', id: 1, result: '0x' } })],
  ];
  for (const [what, a] of failures) {
    it(`an EVM read that gets ${what} fails (the token stays unknown)`, async () => {
      answer = a;
      await assert.rejects(viaRpc({ ETH: url })(LINK, signal()));
    });
  }

  it('a word no token could have is passed on as a number, for the resolution to refuse (see decimals.test.ts)', async () => {
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: word(256) } });
    assert.equal(await viaRpc({ ETH: url })(LINK, signal()), 256);
  });

  it('a Solana answer without decimals fails', async () => {
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: { value: { amount: '1' } } } });
    await assert.rejects(viaRpc({ SOL: url })(JUP, signal()));
  });

  it('no endpoint for the chain and no wallet: no way to read (undefined), nothing asked', async () => {
    got.length = 0;
    assert.equal(await viaRpc({ ARB: url })(LINK, signal()), undefined);
    assert.equal(await viaRpc({ ETH: url })(JUP, signal()), undefined);
    assert.deepEqual(got, []);
  });
});

/** An EIP-1193 wallet, connected or not, on `chainId`, whose token answers `decimals()` with `decimals`. */
function walletOn(chainId: number, decimals: number, connected = true) {
  const methods: string[] = [];
  const provider: Eip1193Provider = {
    async request({ method }) {
      methods.push(method);
      if (method === 'eth_accounts') return connected ? ['0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4'] : [];
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
      if (method === 'eth_call') return word(decimals);
      throw new Error(`unexpected ${method}`);
    },
  };
  return { wallet: new InjectedWallet({ ethereum: provider }), methods };
}

describe("reads through the page's wallet", () => {
  it('a wallet connected on the token’s chain is read, without a prompt', async () => {
    const w = walletOn(1, 18);
    assert.equal(await decimalsReader({ rpcUrl: () => undefined, wallet: () => w.wallet })(LINK, signal()), 18);
    assert.equal(w.methods.includes('eth_requestAccounts'), false);
    assert.ok(w.methods.includes('eth_call'));
  });

  it('a wallet on another chain, or not connected to the site, is not read', async () => {
    for (const w of [walletOn(137, 18), walletOn(1, 18, false)]) {
      assert.equal(
        await decimalsReader({ rpcUrl: () => undefined, wallet: () => w.wallet })(LINK, signal()),
        undefined,
      );
      assert.equal(w.methods.includes('eth_call'), false);
    }
  });

  it('the host’s endpoint comes first: the wallet is not asked', async () => {
    const w = walletOn(1, 6);
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: word(18) } });
    assert.equal(await decimalsReader({ rpcUrl: () => url, wallet: () => w.wallet })(LINK, signal()), 18);
    assert.deepEqual(w.methods, []);
  });
});
