/**
 * The widget's own wallet code for Solana and Cosmos, end to end in the browser: a Wallet
 * Standard test wallet and a Keplr-compatible test wallet (test/wallets/, real keys) are
 * injected as extensions inject theirs; the user connects one with the wallet button (the
 * source address fills in), quotes, presses Swap; the host does not cancel `swap-tx`, so the
 * wallet signs and sends, and the hash it answers reaches tracking. Then the bad paths: a
 * wallet that rejects, returns no signature or is on another network, and no wallet at all.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { finalStatus, hashOutcome } from '../../demo/server/hashes.js';
import { createKeplrTestWallet, type KeplrTestWallet } from '../wallets/keplr-wallet.js';
import { injectSolanaTestWallet, type SolanaTestWallet } from '../wallets/solana-wallet.js';
import {
  LOCAL_NODES,
  confirmReview,
  control,
  ofType,
  record,
  requests,
  reviewButton,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const REST = 'THOR=/__ref/cosmos/THOR,MAYA=/__ref/cosmos/MAYA,GAIA=/__ref/cosmos/GAIA,KUJI=/__ref/cosmos/KUJI';

type CosmosGlobals = { keplr?: unknown; leap?: unknown };

async function mount(attrs: Record<string, string>): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  // JUP is in none of the widget's tables and its amounts are signed: the host gives its decimals, as a wallet knows them.
  el.decimals = { [SOL_JUP]: 6 };
  await fixture(html`<div>${el}</div>`);
  // The widget's own promise: it has started (its later file arrived, its requests sent).
  await el.updateComplete;
  return el;
}

const form = (el: SwapWidget) => shadow(el).querySelector('swap-quote-form')!.shadowRoot!;
const walletBox = (el: SwapWidget) => form(el).querySelector('[part="wallet"]');

/** Opens the wallet list and picks the wallet named `name`; waits for the source address. */
async function connect(el: SwapWidget, name: string, account: string): Promise<void> {
  await until(() => form(el).querySelector('[part="wallet-button"]'), 'no wallet button');
  form(el).querySelector<HTMLButtonElement>('[part="wallet-button"]')!.click();
  await el.updateComplete;
  await until(
    () => [...form(el).querySelectorAll<HTMLButtonElement>('[data-wallet]')].some((b) => b.textContent!.includes(name)),
    `no ${name} in the list`,
  );
  [...form(el).querySelectorAll<HTMLButtonElement>('[data-wallet]')]
    .find((b) => b.textContent!.includes(name))!
    .click();
  await until(() => el.getAttribute('source-address') === account, 'the source address was not filled');
  await until(() => walletBox(el)?.textContent?.includes('Connected'), 'not shown as connected');
}

/** Selects the first route, presses Review swap and confirms the review. */
async function pressSwap(el: SwapWidget): Promise<void> {
  await until(() => routeButtons(el).length > 0, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  (await reviewButton(el)).click();
  await confirmReview(el);
}

describe('Solana swaps signed by a Wallet Standard wallet in the page', () => {
  let wallet: SolanaTestWallet;
  beforeEach(async () => {
    wallet = await injectSolanaTestWallet();
  });
  afterEach(() => wallet.unregister());

  for (const c of [
    {
      name: 'SOL to Solana USDC',
      attrs: {
        providers: 'AGGREGATOR_B',
        'sell-asset': 'SOL.SOL',
        'buy-asset': SOL_USDC,
        'sell-amount': '3',
      } as Record<string, string>,
    },
  ]) {
    it(`${c.name}: connect, swap, the wallet signs the route's transaction, its signature is tracked`, async () => {
      const key = scope('sol-wallet');
      await control(key, { timeScale: 60 });
      const el = await mount({ 'api-key': key, ...c.attrs });
      const seen = record(el, 'swap-tx', 'swap-status', 'swap-error', 'swap-quote', 'swap-input');
      expect(walletBox(el)!.textContent).to.contain('Solana');
      await connect(el, wallet.name, wallet.address);
      expect(ofType(seen, 'swap-input').at(-1)!.detail.sourceAddress).to.equal(wallet.address);
      await expect(form(el).querySelector('[part="wallet"]')).to.be.accessible();

      await pressSwap(el);
      await until(
        () => wallet.signed.length === 1 || ofType(seen, 'swap-error').length > 0,
        'the wallet was not asked',
      );
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const tx = ofType(seen, 'swap-tx')[0]!.detail;
      expect(tx.family).to.equal('solana');
      const route = ofType(seen, 'swap-quote').at(-1)!.detail.routes[tx.routeIndex]!;
      expect(btoa(String.fromCharCode(...wallet.signed[0]!.transaction))).to.equal(route.tx);
      expect(wallet.signed[0]!.chain).to.equal('solana:mainnet');

      const hash = wallet.signed[0]!.signature;
      await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
      const statuses = ofType(seen, 'swap-status').map((e) => e.detail);
      expect(statuses[0]).to.include({ hash, chainId: 'SOL' });
      expect(statuses.at(-1)!.status).to.equal(finalStatus(hashOutcome(hash)));
      expect((await requests(key, '/v1/track'))[0]!.body).to.include({ hash, chainId: 'SOL' });
    });
  }

  for (const [behaviour, code, pattern] of [
    ['reject', 'wallet', /declined/],
    ['no-signature', 'wallet', /no signature/],
  ] as const) {
    it(`a wallet that ${behaviour === 'reject' ? 'rejects' : 'returns no signature'}: code wallet, nothing tracked, Swap usable again`, async () => {
      const key = scope(`sol-${behaviour}`);
      const el = await mount({
        'api-key': key,
        providers: 'AGGREGATOR_B',
        'sell-asset': 'SOL.SOL',
        'buy-asset': SOL_USDC,
        'sell-amount': '3',
      });
      const seen = record(el, 'swap-status', 'swap-error');
      await connect(el, wallet.name, wallet.address);
      wallet.behaviour = behaviour;
      await pressSwap(el);
      await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
      const error = ofType(seen, 'swap-error')[0]!.detail;
      expect(error.code).to.equal(code);
      expect(error.message).to.match(pattern);
      expect(ofType(seen, 'swap-status')).to.have.length(0);
      // The form is back, and Review swap pressable again.
      await reviewButton(el);
    });
  }

  it('a wallet on another network: refused when connecting, said in the form', async () => {
    wallet.behaviour = 'devnet';
    const el = await mount({
      'api-key': scope('sol-devnet'),
      providers: 'AGGREGATOR_B',
      'sell-asset': 'SOL.SOL',
      'buy-asset': SOL_USDC,
      'sell-amount': '3',
    });
    form(el).querySelector<HTMLButtonElement>('[part="wallet-button"]')!.click();
    await el.updateComplete;
    form(el).querySelector<HTMLButtonElement>('[data-wallet]')!.click();
    await until(() => walletBox(el)!.querySelector('[role="alert"]'), 'no problem shown');
    expect(walletBox(el)!.querySelector('[role="alert"]')!.textContent).to.match(/another network/);
    expect(el.hasAttribute('source-address')).to.equal(false);
  });

  it('disconnect: the form offers the wallets again', async () => {
    const el = await mount({
      'api-key': scope('sol-disconnect'),
      providers: 'AGGREGATOR_B',
      'sell-asset': 'SOL.SOL',
      'buy-asset': SOL_USDC,
      'sell-amount': '3',
    });
    await connect(el, wallet.name, wallet.address);
    [...form(el).querySelectorAll<HTMLButtonElement>('[part="wallet-button"]')]
      .find((b) => /Disconnect/.test(b.textContent!))!
      .click();
    await el.updateComplete;
    expect(walletBox(el)!.textContent).to.match(/Connect a Solana wallet/);
  });
});

describe('Cosmos swaps signed by a Keplr-compatible wallet in the page', () => {
  let wallet: KeplrTestWallet;
  const win = window as unknown as CosmosGlobals;
  beforeEach(() => {
    wallet = createKeplrTestWallet();
    win.keplr = wallet.api;
  });
  afterEach(() => {
    delete win.keplr;
    delete win.leap;
  });

  for (const c of [
    {
      name: 'ATOM to BTC (a send with a memo)',
      chainId: 'cosmoshub-4',
      chain: 'GAIA',
      attrs: {
        providers: 'PROTOCOL_A',
        'sell-asset': 'GAIA.ATOM',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '150',
        'destination-address': BTC_ADDRESS,
      },
    },
    {
      name: 'RUNE to ETH (MsgDeposit)',
      chainId: 'thorchain-1',
      chain: 'THOR',
      attrs: {
        providers: 'PROTOCOL_A',
        'sell-asset': 'THOR.RUNE',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '100',
        'destination-address': ETH_ADDRESS,
      },
    },
    // Issue 30: sends to the vault protocol C lists, on THORChain and on Kujira.
    {
      name: 'RUNE to BTC through protocol C (a THORChain send)',
      chainId: 'thorchain-1',
      chain: 'THOR',
      attrs: {
        providers: 'PROTOCOL_C',
        'sell-asset': 'THOR.RUNE',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '100',
        'destination-address': BTC_ADDRESS,
      },
    },
    {
      name: 'KUJI to BTC (a Kujira send with a memo)',
      chainId: 'kaiyo-1',
      chain: 'KUJI',
      attrs: {
        providers: 'PROTOCOL_C',
        'sell-asset': 'KUJI.KUJI',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '400',
        'destination-address': BTC_ADDRESS,
      },
    },
  ]) {
    it(`${c.name}: connect, swap, amino signature, broadcast, the hash is tracked`, async () => {
      const key = scope('keplr');
      await control(key, { timeScale: 60 });
      const el = await mount({ 'api-key': key, 'cosmos-rest': REST, ...c.attrs });
      const seen = record(el, 'swap-tx', 'swap-status', 'swap-error');
      await connect(el, 'Keplr', wallet.address(c.chainId));
      await pressSwap(el);
      await until(() => wallet.sent.length === 1 || ofType(seen, 'swap-error').length > 0, 'nothing broadcast');
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const tx = ofType(seen, 'swap-tx')[0]!.detail;
      expect(tx.family).to.equal('cosmos');
      if (tx.family !== 'cosmos') return;
      expect(wallet.signed[0]!.msgs).to.deep.equal(tx.tx.msgs);
      expect(wallet.signed[0]!.chain_id).to.equal(c.chainId);
      const hash = wallet.sent[0]!.hash;
      await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
      const statuses = ofType(seen, 'swap-status').map((e) => e.detail);
      expect(statuses[0]).to.include({ hash, chainId: c.chain });
      expect(statuses.at(-1)!.status).to.equal(finalStatus(hashOutcome(hash)));
    });
  }

  it('with lock-addresses, a wallet holding another account is refused', async () => {
    const el = await mount({
      'api-key': scope('keplr-locked'),
      'cosmos-rest': REST,
      'lock-addresses': '',
      providers: 'PROTOCOL_A',
      'sell-asset': 'GAIA.ATOM',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '150',
      'source-address': 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu',
      'destination-address': BTC_ADDRESS,
    });
    form(el).querySelector<HTMLButtonElement>('[part="wallet-button"]')!.click();
    await el.updateComplete;
    form(el).querySelector<HTMLButtonElement>('[data-wallet="keplr"]')!.click();
    await until(() => walletBox(el)!.querySelector('[role="alert"]'), 'no problem shown');
    expect(walletBox(el)!.querySelector('[role="alert"]')!.textContent).to.match(/Switch the account/);
    expect(el.getAttribute('source-address')).to.equal('cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu');
  });

  it('no Cosmos wallet: said before Swap; after Swap, code wallet and the memo flow on request', async () => {
    delete win.keplr;
    const key = scope('no-keplr');
    const el = await mount({
      'api-key': key,
      providers: 'PROTOCOL_A',
      'sell-asset': 'GAIA.ATOM',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '150',
      'source-address': 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu',
      'destination-address': BTC_ADDRESS,
    });
    const seen = record(el, 'swap-error', 'swap-memo', 'swap-tx');
    expect(walletBox(el)!.textContent).to.match(/No Cosmos Hub wallet was found/);
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
    expect(ofType(seen, 'swap-error')[0]!.detail).to.include({ code: 'wallet' });
    expect(ofType(seen, 'swap-tx')).to.have.length(1);
    await el.updateComplete;
    const byHand = shadow(el).querySelector<HTMLButtonElement>('[data-action="pay-by-memo"]');
    expect(byHand, 'the memo flow is offered').to.exist;
    byHand!.click();
    // What will be sent by hand is reviewed first, like any hand-out.
    await confirmReview(el);
    await until(() => shadow(el).querySelector('swap-memo-flow'), 'no memo flow');
    const memo = ofType(seen, 'swap-memo')[0]!.detail;
    expect(memo.memo).to.equal((ofType(seen, 'swap-tx')[0]!.detail.tx as { memo: string }).memo);
  });

  it('no Cosmos wallet on a RUNE sell (a MsgDeposit has no inbound address): code wallet, no memo flow', async () => {
    delete win.keplr;
    const el = await mount({
      'api-key': scope('no-keplr-rune'),
      providers: 'PROTOCOL_A',
      'sell-asset': 'THOR.RUNE',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '100',
      'source-address': 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr',
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-error');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
    expect(ofType(seen, 'swap-error')[0]!.detail.code).to.equal('wallet');
    await el.updateComplete;
    expect(shadow(el).querySelector('[data-action="pay-by-memo"]')).to.equal(null);
  });
});
