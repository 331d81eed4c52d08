/**
 * Reading the sell asset's balance (`src/wallet/balance-reads.ts`): EVM through the connected
 * wallet's own provider (else the host's `rpc-urls` endpoint), Cosmos through the chain's REST
 * endpoint, Solana through the host's `SOL` endpoint; a local server stands in for the nodes.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { balanceReader, type BalanceDeps } from '../../../src/wallet/balance-reads.js';
import { InjectedWallet, type Eip1193Provider } from '../../../src/wallet/injected-wallet.js';

const ACCOUNT = '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4';
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
const ATOM_ACCOUNT = 'cosmos1ar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SOL_ACCOUNT = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';
const JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;

let answer: (req: { url: string; body?: { method: string; params: unknown[] } }) => {
  status?: number;
  json?: unknown;
} = () => ({ json: {} });
const got: { url: string; body?: { method: string; params: unknown[] } }[] = [];
let base = '';
const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    const r = {
      url: req.url ?? '',
      ...(text ? { body: JSON.parse(text) as { method: string; params: unknown[] } } : {}),
    };
    got.push(r);
    const a = answer(r);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(a.json ?? {}));
  });
});
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const signal = () => new AbortController().signal;
const deps = (d: Partial<BalanceDeps> = {}): BalanceDeps => ({
  rpcUrl: () => undefined,
  wallet: () => undefined,
  rest: () => undefined,
  decimals: async () => 18,
  ...d,
});

/** An EIP-1193 wallet connected to the site on `chainId`, answering balances; the requests it got. */
function walletOn(chainId: number) {
  const requests: { method: string; params?: unknown[] }[] = [];
  const provider: Eip1193Provider = {
    async request(r) {
      requests.push(r);
      if (r.method === 'eth_accounts') return [ACCOUNT];
      if (r.method === 'eth_chainId') return `0x${chainId.toString(16)}`;
      if (r.method === 'eth_getBalance') return '0x1bc16d674ec80000'; // 2 ETH, a quantity without padding
      if (r.method === 'eth_call') return word(1_234_500_000_000_000_000n);
      throw new Error(`unexpected ${r.method}`);
    },
  };
  return { wallet: new InjectedWallet({ ethereum: provider }), requests };
}

describe('EVM', () => {
  it("the native coin through the wallet's provider: eth_getBalance of the account at 'latest', in the chain's decimals", async () => {
    const w = walletOn(1);
    assert.equal(await balanceReader(deps({ wallet: () => w.wallet }))('ETH.ETH', ACCOUNT, signal()), '2');
    assert.deepEqual(w.requests.at(-1), { method: 'eth_getBalance', params: [ACCOUNT, 'latest'] });
    assert.equal(
      w.requests.some((r) => r.method === 'eth_requestAccounts'),
      false,
    );
  });

  it('a token: balanceOf(account) through eth_call to its contract, in its trusted decimals', async () => {
    const w = walletOn(1);
    const asked: string[] = [];
    const read = balanceReader(deps({ wallet: () => w.wallet, decimals: async (a) => (asked.push(a), 18) }));
    assert.equal(await read(LINK, ACCOUNT, signal()), '1.2345');
    assert.deepEqual(asked, [LINK]);
    assert.deepEqual(w.requests.at(-1), {
      method: 'eth_call',
      params: [
        {
          to: '0x514910771af9ca656af840dff83e8264ecf986ca',
          data: `0x70a08231${ACCOUNT.slice(2).toLowerCase().padStart(64, '0')}`,
        },
        'latest',
      ],
    });
  });

  it('a token whose decimals no trusted source gives is not read', async () => {
    const w = walletOn(1);
    assert.equal(
      await balanceReader(deps({ wallet: () => w.wallet, decimals: async () => undefined }))(LINK, ACCOUNT, signal()),
      undefined,
    );
    assert.equal(
      w.requests.some((r) => r.method === 'eth_call'),
      false,
    );
  });

  it("a wallet on another chain is not read: the host's endpoint for the chain, else nothing", async () => {
    const w = walletOn(137);
    assert.equal(await balanceReader(deps({ wallet: () => w.wallet }))('ETH.ETH', ACCOUNT, signal()), undefined);
    got.length = 0;
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: '0x0' } });
    assert.equal(
      await balanceReader(deps({ wallet: () => w.wallet, rpcUrl: (c) => (c === 'ETH' ? `${base}/rpc` : undefined) }))(
        'ETH.ETH',
        ACCOUNT,
        signal(),
      ),
      '0',
    );
    assert.deepEqual(
      got.map((r) => [r.body?.method, r.body?.params]),
      [['eth_getBalance', [ACCOUNT, 'latest']]],
    );
    assert.equal(
      w.requests.some((r) => r.method === 'eth_getBalance'),
      false,
    );
  });

  it('an answer that is not a quantity fails (the balance stays unknown)', async () => {
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: '0x' } });
    await assert.rejects(balanceReader(deps({ rpcUrl: () => `${base}/rpc` }))('ETH.ETH', ACCOUNT, signal()));
  });
});

describe('Cosmos', () => {
  it("the chain's own coin from its REST endpoint, bank's balance by denom", async () => {
    got.length = 0;
    answer = () => ({ json: { balance: { denom: 'uatom', amount: '2500000' } } });
    const read = balanceReader(deps({ rest: (c) => (c === 'GAIA' ? base : undefined) }));
    assert.equal(await read('GAIA.ATOM', ATOM_ACCOUNT, signal()), '2.5');
    assert.deepEqual(
      got.map((r) => r.url),
      [`/cosmos/bank/v1beta1/balances/${ATOM_ACCOUNT}/by_denom?denom=uatom`],
    );
  });

  it('no amount in the answer, or an HTTP error, fails; another asset of the chain is not read', async () => {
    const read = balanceReader(deps({ rest: () => base }));
    answer = () => ({ json: { balance: {} } });
    await assert.rejects(read('GAIA.ATOM', ATOM_ACCOUNT, signal()));
    answer = () => ({ status: 500 });
    await assert.rejects(read('GAIA.ATOM', ATOM_ACCOUNT, signal()));
    got.length = 0;
    assert.equal(await read('MAYA.MAYA', 'maya1x', signal()), undefined);
    assert.deepEqual(got, []);
  });
});

describe('Solana', () => {
  const sol = (d: Partial<BalanceDeps> = {}) =>
    balanceReader(deps({ rpcUrl: (c) => (c === 'SOL' ? `${base}/sol` : undefined), ...d }));

  it('SOL: getBalance, in lamports', async () => {
    got.length = 0;
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: { context: { slot: 1 }, value: 1_500_000_000 } } });
    assert.equal(await sol()('SOL.SOL', SOL_ACCOUNT, signal()), '1.5');
    assert.deepEqual(
      got.map((r) => [r.body?.method, r.body?.params]),
      [['getBalance', [SOL_ACCOUNT]]],
    );
  });

  it("a token: the owner's accounts of the mint, summed, in the mint's decimals; none is nothing", async () => {
    const account = (amount: string) => ({
      pubkey: 'x',
      account: { data: { parsed: { info: { tokenAmount: { amount, decimals: 6 } } } } },
    });
    got.length = 0;
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: { value: [account('1000000'), account('250')] } } });
    assert.equal(await sol()(JUP, SOL_ACCOUNT, signal()), '1.00025');
    assert.deepEqual(got[0]!.body, {
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountsByOwner',
      params: [SOL_ACCOUNT, { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' }, { encoding: 'jsonParsed' }],
    });
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: { value: [] } } });
    assert.equal(await sol()(JUP, SOL_ACCOUNT, signal()), '0');
  });

  it('an account without decimals, or a balance that is not a count, fails', async () => {
    answer = () => ({
      json: {
        jsonrpc: '2.0',
        id: 1,
        result: { value: [{ account: { data: { parsed: { info: { tokenAmount: { amount: '1' } } } } } }] },
      },
    });
    await assert.rejects(sol()(JUP, SOL_ACCOUNT, signal()));
    answer = () => ({ json: { jsonrpc: '2.0', id: 1, result: { value: 1.5 } } });
    await assert.rejects(sol()('SOL.SOL', SOL_ACCOUNT, signal()));
  });

  it('without a SOL endpoint nothing is read', async () => {
    got.length = 0;
    assert.equal(await balanceReader(deps())('SOL.SOL', SOL_ACCOUNT, signal()), undefined);
    assert.deepEqual(got, []);
  });
});
