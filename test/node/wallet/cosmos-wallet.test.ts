/**
 * The Keplr-compatible wallet path, end to end in Node: a checked Cosmos plan from the
 * reference service, the widget's `CosmosWallets` building the amino document and the
 * protobuf transaction, and the test wallet (test/wallets/keplr-wallet.ts) signing with a real
 * secp256k1 key and accepting the broadcast only when its own decoder finds exactly what it
 * signed. Then every bad answer a wallet can give, as a `WalletError` problem.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { CosmosWallets, type CosmosWindow, type KeplrLike } from '../../../src/wallet/cosmos-wallet.js';
import { COSMOS_CHAINS } from '../../../src/domain/checks/cosmos-msgs.js';
import type { CosmosPlan } from '../../../src/domain/checks/route.js';
import { HANDED_OUT_FAMILY_KINDS } from '../../support/tamper-families.js';
import { createKeplrTestWallet, type KeplrTestWallet } from '../../wallets/keplr-wallet.js';
import { startHostileServer, type HostileServer } from '../hostile/harness.js';
import { checkedPlan, problemOf } from './helpers.js';
import { readTxRaw, rebuiltSignDoc } from '../../support/cosmos-proto.js';
import { bech32 } from '@scure/base';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(() => server.close());

const COSMOS_KINDS = HANDED_OUT_FAMILY_KINDS.filter((k) => k.family === 'cosmos');

/** A checked plan of this kind, sold from the wallet's own address. */
async function planFor(
  kind: (typeof COSMOS_KINDS)[number],
  wallet: KeplrTestWallet,
  tamper?: string,
): Promise<CosmosPlan> {
  const chain = kind.request.sellAsset.split('.')[0]!;
  const request = {
    slippage: 1,
    ...kind.request,
    sourceAddress: wallet.address(COSMOS_CHAINS[chain]!.chainId),
    providers: [kind.provider],
    includeTx: true,
  } as QuoteRequest;
  const plan = await checkedPlan(
    tamper ? `${server.url}/__tamper/${tamper}` : server.url,
    'cosmos-wallet',
    request,
    kind.provider,
  );
  assert.equal(plan.kind, 'cosmos');
  return plan as CosmosPlan;
}

/** The chain's REST endpoint, answering the account's number and sequence. */
const accounts: string[] = [];
const fetcher = (async (url: string) => {
  accounts.push(String(url));
  return new Response(
    JSON.stringify({
      account: { '@type': '/cosmos.auth.v1beta1.BaseAccount', account_number: '4242', sequence: '17' },
    }),
  );
}) as unknown as typeof fetch;

const wallets = (win: CosmosWindow, f: typeof fetch = fetcher) =>
  new CosmosWallets(win, (chain) => `https://rest.example/${chain}`, f);

describe('a Keplr-compatible wallet signs and broadcasts the checked messages', () => {
  for (const kind of COSMOS_KINDS) {
    it(`${kind.name}: amino document, protobuf transaction, the hash of the broadcast`, async () => {
      const wallet = createKeplrTestWallet();
      const plan = await planFor(kind, wallet);
      const hash = await wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan);
      assert.equal(wallet.sent.length, 1);
      assert.equal(hash, wallet.sent[0]!.hash);
      assert.match(hash, /^[0-9A-F]{64}$/);
      const doc = wallet.signed[0]!;
      assert.equal(doc.chain_id, COSMOS_CHAINS[plan.chain]!.chainId);
      assert.equal(doc.account_number, '4242');
      assert.equal(doc.sequence, '17');
      assert.deepEqual(doc.msgs, plan.tx.msgs);
      assert.equal(doc.memo, plan.tx.memo);
      assert.deepEqual(doc.fee, plan.tx.fee);
      assert.ok(accounts.at(-1)!.endsWith(`/${plan.chain}/cosmos/auth/v1beta1/accounts/${plan.tx.from}`));
    });
  }

  it('through window.leap when there is no window.keplr', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(
      COSMOS_KINDS.find((k) => k.name === 'gaia-send')!,
      wallet,
    );
    const hash = await wallets({ leap: wallet.api as KeplrLike }).signAndSend(plan);
    assert.equal(hash, wallet.sent[0]!.hash);
  });

  it('the wallet holding the source address is the one asked, whichever comes first', async () => {
    const other = createKeplrTestWallet();
    const mine = createKeplrTestWallet();
    const plan = await planFor(
      COSMOS_KINDS.find((k) => k.name === 'thor-deposit')!,
      mine,
    );
    await wallets({ keplr: other.api as KeplrLike, leap: mine.api as KeplrLike }).signAndSend(plan);
    assert.equal(other.signed.length, 0);
    assert.equal(mine.sent.length, 1);
  });
});

describe('a Keplr-compatible wallet that fails: a clear problem, nothing broadcast', () => {
  const gaia = COSMOS_KINDS.find((k) => k.name === 'gaia-send')!;

  it('no wallet in the page', async () => {
    const plan = await planFor(gaia, createKeplrTestWallet());
    assert.deepEqual(await problemOf(wallets({}).signAndSend(plan)), {
      code: 'no-wallet',
      family: 'cosmos',
      chain: 'Cosmos Hub',
    });
  });

  it('the user rejects', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    wallet.behaviour = 'reject';
    assert.deepEqual(await problemOf(wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan)), {
      code: 'declined',
      action: 'connect',
    });
  });

  it('the wallet does not know the chain (another network)', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    wallet.behaviour = 'no-chain';
    assert.deepEqual(await problemOf(wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan)), {
      code: 'unknown-chain',
      chain: 'Cosmos Hub',
    });
  });

  it('another account than the source address', async () => {
    const plan = await planFor(gaia, createKeplrTestWallet());
    const other = createKeplrTestWallet();
    const problem = await problemOf(wallets({ keplr: other.api as KeplrLike }).signAndSend(plan));
    assert.deepEqual(problem, { code: 'wrong-account', account: plan.tx.from, seen: other.address('cosmoshub-4') });
  });

  it('the wallet signs another memo than the checked one: refused before broadcast', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    wallet.behaviour = 'edits-memo';
    const problem = await problemOf(wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan));
    assert.equal(problem.code, 'failed');
    assert.match((problem as { detail: string }).detail, /another transaction/);
    assert.equal(wallet.sent.length, 0);
  });

  it('a fault in code while signing (a TypeError) is not put in wallet words: it is thrown as it is', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    const fault = new TypeError('doc.msgs.map is not a function');
    const api = { ...(wallet.api as KeplrLike), signAmino: async () => Promise.reject(fault) };
    await assert.rejects(wallets({ keplr: api }).signAndSend(plan), (e) => e === fault);
    assert.equal(wallet.sent.length, 0);
  });

  it('the wallet returns no signature', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    wallet.behaviour = 'no-signature';
    const problem = await problemOf(wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan));
    assert.equal(problem.code, 'failed');
    assert.match((problem as { detail: string }).detail, /no signature/);
    assert.equal(wallet.sent.length, 0);
  });

  it('the wallet returns no hash', async () => {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(gaia, wallet);
    wallet.behaviour = 'no-hash';
    const problem = await problemOf(wallets({ keplr: wallet.api as KeplrLike }).signAndSend(plan));
    assert.equal(problem.code, 'failed');
    assert.match((problem as { detail: string }).detail, /no transaction hash/);
  });

  const account = { '@type': '/cosmos.auth.v1beta1.BaseAccount', account_number: '4242', sequence: '17' };
  for (const [what, status, body] of [
    ['not found', 404, {}],
    ['an error status, whatever its body says', 503, { account }],
    ['a number where a decimal string belongs', 200, { account: { ...account, account_number: 4242 } }],
    ['no sequence', 200, { account: { ...account, sequence: undefined } }],
    ['a sequence that is not a whole number', 200, { account: { ...account, sequence: '1e3' } }],
  ] as const) {
    it(`the account cannot be read from the chain: ${what}`, async () => {
      const wallet = createKeplrTestWallet();
      const plan = await planFor(gaia, wallet);
      const rest = (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
      const problem = await problemOf(wallets({ keplr: wallet.api as KeplrLike }, rest).signAndSend(plan));
      assert.equal(problem.code, 'failed');
      assert.match((problem as { detail: string }).detail, /account could not be read/);
      assert.equal(wallet.signed.length, 0);
    });
  }
});

/**
 * What the wallet broadcasts, read with a reader generated from the real `.proto` files
 * (test/support/cosmos-proto.ts): every field of TxRaw, TxBody, AuthInfo and the message is
 * what the checked plan, the account read from the chain and the wallet's key and signature
 * say (the test wallet's own reader, above, reads only the fields it knows).
 */
describe('the broadcast transaction, read with the real .proto files', () => {
  type Coin = { asset?: string; denom?: string; amount: string; decimals?: number | null };
  const bytesOf = (address: string) => [...bech32.fromWords(bech32.decode(address as `${string}1${string}`).words)];
  /** The proto form of a checked amino message, from the thornode and cosmos-sdk schemas (the type URL and every field). */
  function protoOf(msg: { type: string; value: Record<string, unknown> }) {
    const v = msg.value;
    const coins = (list: unknown) => (list as Coin[]).map((c) => ({ denom: c.denom!, amount: c.amount }));
    switch (msg.type) {
      case 'thorchain/MsgDeposit':
      case 'mayachain/MsgDeposit':
      case '/types.MsgDeposit': {
        const deposit = (c: Coin) => {
          const [chain, symbol] = c.asset!.split('.') as [string, string];
          // A native coin (the checks allow no other): its ticker is its symbol.
          return {
            asset: { chain, symbol, ticker: symbol, synth: false, trade: false, secured: false },
            amount: c.amount,
            decimals: String(c.decimals ?? 0),
          };
        };
        return {
          type_url: '/types.MsgDeposit',
          value: { coins: (v.coins as Coin[]).map(deposit), memo: v.memo, signer: bytesOf(v.signer as string) },
        };
      }
      case 'thorchain/MsgSend':
      case '/types.MsgSend':
        return {
          type_url: '/types.MsgSend',
          value: {
            from_address: bytesOf(v.from_address as string),
            to_address: bytesOf(v.to_address as string),
            amount: coins(v.amount),
          },
        };
      default:
        return {
          type_url: '/cosmos.bank.v1beta1.MsgSend',
          value: { from_address: v.from_address, to_address: v.to_address, amount: coins(v.amount) },
        };
    }
  }

  /**
   * Signs and broadcasts `kind`'s checked plan (through the tamper proxy's `tamper` when given);
   * the bytes broadcast, read, and what they are meant to say; the document signed, and the
   * one the chain rebuilds from the bytes (`rebuiltSignDoc`, the proto-generated oracle).
   */
  async function broadcast(kind: (typeof COSMOS_KINDS)[number], tamper?: string) {
    const wallet = createKeplrTestWallet();
    const plan = await planFor(kind, wallet, tamper);
    const sent: Uint8Array[] = [];
    const signatures: string[] = [];
    const api = {
      ...wallet.api,
      signAmino: async (...args: Parameters<KeplrTestWallet['api']['signAmino']>) => {
        const signed = await wallet.api.signAmino(...args);
        signatures.push(signed.signature.signature);
        return signed;
      },
      sendTx: async (chainId: string, tx: Uint8Array, mode: string) => {
        sent.push(Uint8Array.from(tx));
        return wallet.api.sendTx(chainId, tx, mode);
      },
    };
    await wallets({ keplr: api as KeplrLike }).signAndSend(plan);
    assert.equal(sent.length, 1);
    const { pubKey } = await wallet.api.getKey(COSMOS_CHAINS[plan.chain]!.chainId);
    const fee = plan.tx.fee as { amount: { denom: string; amount: string }[]; gas: string };
    const meant = {
      signatures: [[...Buffer.from(signatures[0]!, 'base64')]],
      body: {
        messages: (plan.tx.msgs as { type: string; value: Record<string, unknown> }[]).map(protoOf),
        memo: plan.tx.memo,
        timeout_height: '0',
        unordered: false,
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [
          {
            public_key: { type_url: '/cosmos.crypto.secp256k1.PubKey', value: { key: [...pubKey] } },
            mode_info: { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' }, sum: 'single' },
            sequence: '17',
          },
        ],
        fee: {
          amount: fee.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
          gas_limit: fee.gas,
          payer: '',
          granter: '',
        },
        tip: null,
      },
    };
    const rule = COSMOS_CHAINS[plan.chain]!;
    const rebuilt = rebuiltSignDoc(sent[0]!, {
      chainId: rule.chainId,
      accountNumber: '4242',
      prefix: rule.prefix,
      ...(plan.chain === 'MAYA' ? { depositName: 'mayachain/MsgDeposit' } : {}),
    });
    return { plan, read: readTxRaw(sent[0]!), meant, signed: wallet.signed[0]!, rebuilt };
  }

  for (const kind of COSMOS_KINDS) {
    it(`${kind.name}: TxRaw, TxBody, AuthInfo and the message, every field as checked`, async () => {
      const { read, meant } = await broadcast(kind);
      assert.deepEqual(read, meant);
    });

    it(`${kind.name}: the document signed is the one the chain rebuilds from the bytes`, async () => {
      const { signed, rebuilt } = await broadcast(kind);
      assert.deepEqual(signed, rebuilt);
    });
  }

  for (const kind of COSMOS_KINDS.filter((k) => k.name.endsWith('-deposit'))) {
    it(`${kind.name} with the coin's decimals written (the chain's own): MsgDeposit's coin reads them`, async () => {
      const { plan, read, meant } = await broadcast(kind, 'twin-cosmos-coin-decimals-of-the-chain');
      const decimals = plan.chain === 'MAYA' ? '10' : '8';
      assert.equal(
        ((plan.tx.msgs as { value: { coins: Coin[] } }[])[0]!.value.coins[0]!.decimals ?? 0).toString(),
        decimals,
        'the twin wrote them',
      );
      assert.deepEqual(read, meant);
      const coin = (read.body as { messages: { value: { coins: { decimals: string }[] } }[] }).messages[0]!.value
        .coins[0]!;
      assert.equal(coin.decimals, decimals);
    });

    it(`${kind.name} with the coin's decimals written: signed as the chain rebuilds them, a quoted decimal`, async () => {
      const { signed, rebuilt } = await broadcast(kind, 'twin-cosmos-coin-decimals-of-the-chain');
      assert.deepEqual(signed, rebuilt);
      const coin = (signed.msgs[0]!.value.coins as Record<string, unknown>[])[0]!;
      assert.equal(coin.decimals, kind.request.sellAsset === 'MAYA.CACAO' ? '10' : '8');
    });
  }
});
