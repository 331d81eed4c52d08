/**
 * The Wallet Standard path in Node: a checked Solana plan from the reference service, the
 * widget's `SolanaWallets` over a registry of the test's own, and the test wallet
 * (test/wallets/solana-wallet.ts) signing the real message bytes with @solana/kit. Then every
 * bad answer a wallet can give, as a `WalletError` problem.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { SolanaWallets, type StandardRegistry, type StandardWallet } from '../../../src/wallet/solana-wallet.js';
import type { SolanaPlan } from '../../../src/domain/checks/route.js';
import { HANDED_OUT_FAMILY_KINDS } from '../../support/tamper-families.js';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../wallets/solana-wallet.js';
import { startHostileServer, type HostileServer } from '../hostile/harness.js';
import { checkedPlan, problemOf } from './helpers.js';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(() => server.close());

/** The Solana kinds the widget hands out (a two-leg route paying protocol B's Vault is refused: `refusedBy`). */
const SOLANA_KINDS = HANDED_OUT_FAMILY_KINDS.filter((k) => k.family === 'solana');

async function planFor(kind: (typeof SOLANA_KINDS)[number], from: string): Promise<SolanaPlan> {
  const { destinationAddress: _, ...rest } = kind.request as typeof kind.request & { destinationAddress?: string };
  // A one-leg swap pays the source itself: the destination of the kind belongs to another key.
  const request = {
    slippage: 1,
    ...(kind.provider.includes('->') ? kind.request : rest),
    sourceAddress: from,
    providers: [kind.provider],
    includeTx: true,
  } as QuoteRequest;
  const plan = await checkedPlan(server.url, 'solana-wallet', request, kind.provider);
  assert.equal(plan.kind, 'solana');
  return plan as SolanaPlan;
}

const registry = (...wallets: SolanaTestWallet[]): StandardRegistry => ({
  get: () => wallets.map((w) => w.wallet as StandardWallet),
  on: () => () => {},
});

describe('a Wallet Standard wallet signs and sends the checked transaction', () => {
  for (const kind of SOLANA_KINDS) {
    it(`${kind.name}: the route's bytes are signed, the signature is the hash`, async () => {
      const wallet = await createSolanaTestWallet();
      const plan = await planFor(kind, wallet.address);
      const hash = await new SolanaWallets(() => registry(wallet)).signAndSend(plan);
      assert.equal(wallet.signed.length, 1);
      assert.equal(hash, wallet.signed[0]!.signature);
      assert.equal(Buffer.from(wallet.signed[0]!.transaction).toString('base64'), plan.tx.serialized);
      assert.equal(wallet.signed[0]!.chain, 'solana:mainnet');
    });
  }

  it('the wallet holding the source address is asked, not another (after connecting it)', async () => {
    const other = await createSolanaTestWallet({ name: 'Other' });
    const mine = await createSolanaTestWallet({ name: 'Mine' });
    const wallets = new SolanaWallets(() => registry(other, mine));
    assert.equal(await wallets.connect('Mine'), mine.address);
    await wallets.signAndSend(await planFor(SOLANA_KINDS[0]!, mine.address));
    assert.equal(other.signed.length, 0);
    assert.equal(mine.signed.length, 1);
  });
});

/** Replaces the test wallet's `solana:signAndSendTransaction`. */
const signWith = (wallet: SolanaTestWallet, sign: () => Promise<unknown>) => {
  (
    (wallet.wallet as StandardWallet).features['solana:signAndSendTransaction'] as { signAndSendTransaction: unknown }
  ).signAndSendTransaction = sign;
};

describe('a Wallet Standard wallet that fails: a clear problem', () => {
  const kind = SOLANA_KINDS[0]!;

  it('no Solana wallet in the page', async () => {
    const plan = await planFor(kind, (await createSolanaTestWallet()).address);
    assert.deepEqual(await problemOf(new SolanaWallets(() => registry()).signAndSend(plan)), {
      code: 'no-wallet',
      family: 'solana',
      chain: 'Solana',
    });
  });

  it('the user rejects (4001)', async () => {
    const wallet = await createSolanaTestWallet();
    const plan = await planFor(kind, wallet.address);
    wallet.behaviour = 'reject';
    assert.deepEqual(await problemOf(new SolanaWallets(() => registry(wallet)).signAndSend(plan)), {
      code: 'declined',
      action: 'connect',
    });
  });

  it('rejects the signing after connecting', async () => {
    const wallet = await createSolanaTestWallet();
    const plan = await planFor(kind, wallet.address);
    const wallets = new SolanaWallets(() => registry(wallet));
    await wallets.connect(wallet.name);
    wallet.behaviour = 'reject';
    assert.deepEqual(await problemOf(wallets.signAndSend(plan)), { code: 'declined', action: 'swap' });
  });

  it('returns no signature', async () => {
    const wallet = await createSolanaTestWallet();
    const plan = await planFor(kind, wallet.address);
    wallet.behaviour = 'no-signature';
    const problem = await problemOf(new SolanaWallets(() => registry(wallet)).signAndSend(plan));
    assert.equal(problem.code, 'failed');
    assert.match((problem as { detail: string }).detail, /no signature/);
  });

  it('a fault in code while signing (a TypeError) is not put in wallet words: it is thrown as it is', async () => {
    const wallet = await createSolanaTestWallet();
    const plan = await planFor(kind, wallet.address);
    const fault = new TypeError('transaction.slice is not a function');
    signWith(wallet, async () => Promise.reject(fault));
    await assert.rejects(new SolanaWallets(() => registry(wallet)).signAndSend(plan), (e) => e === fault);
  });

  it('answers with something else than a list of signatures: the wallet failed, said so', async () => {
    const wallet = await createSolanaTestWallet();
    const plan = await planFor(kind, wallet.address);
    for (const answer of [undefined, null, {}, [null], 'signature']) {
      signWith(wallet, async () => answer);
      const problem = await problemOf(new SolanaWallets(() => registry(wallet)).signAndSend(plan));
      assert.equal(problem.code, 'failed', JSON.stringify(answer));
      assert.match((problem as { detail: string }).detail, /no signature/);
    }
  });

  it('is on another network', async () => {
    const wallet = await createSolanaTestWallet({ behaviour: 'devnet' });
    const plan = await planFor(kind, wallet.address);
    assert.deepEqual(await problemOf(new SolanaWallets(() => registry(wallet)).signAndSend(plan)), {
      code: 'still-wrong-chain',
      chain: 'Solana',
    });
    assert.deepEqual(await problemOf(new SolanaWallets(() => registry(wallet)).connect(wallet.name)), {
      code: 'still-wrong-chain',
      chain: 'Solana',
    });
    assert.equal(wallet.signed.length, 0);
  });

  it('holds another account', async () => {
    const plan = await planFor(kind, (await createSolanaTestWallet()).address);
    const other = await createSolanaTestWallet();
    assert.deepEqual(await problemOf(new SolanaWallets(() => registry(other)).signAndSend(plan)), {
      code: 'wrong-account',
      account: plan.tx.from,
      seen: other.address,
    });
  });

  it('cannot sign version 0 transactions', async () => {
    const wallet = await createSolanaTestWallet({ versions: ['legacy'] });
    const plan = await planFor(kind, wallet.address);
    const problem = await problemOf(new SolanaWallets(() => registry(wallet)).signAndSend(plan));
    assert.equal(problem.code, 'failed');
    assert.match((problem as { detail: string }).detail, /cannot sign version 0/);
    assert.equal(wallet.signed.length, 0);
  });

  it('a wallet without the Solana features is not listed', async () => {
    const wallet = await createSolanaTestWallet();
    const bare = { ...(wallet.wallet as StandardWallet), features: { 'standard:connect': {} } };
    assert.equal(new SolanaWallets(() => ({ get: () => [bare], on: () => () => {} })).list().length, 0);
  });
});
