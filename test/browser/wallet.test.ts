/**
 * The injected-wallet path against a real local EVM node (ganache, chain 1, test tokens
 * deployed by the test run; see test/evm/). The wallet is a test EIP-6963 wallet backed by
 * the node: what it sends is really mined, and the assertions read the chain back.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Address } from 'viem';
import '../../src/index.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { evmRpc, getEvmInfo, type EvmInfo, type RpcTransaction } from '../evm/client.js';
import { installInjectedWallet, type InjectedWallet } from '../evm/injected-wallet.js';
import {
  confirmReview,
  control,
  ofType,
  pressSwap,
  record,
  reviewButton,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

let info: EvmInfo;
let wallet: InjectedWallet | undefined;

async function allowance(token: string, owner: string, spender: string): Promise<bigint> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner as Address, spender as Address],
  });
  const result = await evmRpc<`0x${string}`>('eth_call', [{ to: token, data }, 'latest']);
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data: result });
}

/**
 * A widget quoting `sell` -> `buy` through aggregator A from `account`, with the node's test
 * tokens known to the service (in none of the widget's tables: their decimals are read through
 * the connected wallet, or given by the host with `hostDecimals`).
 */
async function mount(
  key: string,
  account: string,
  sell: string,
  buy: string,
  amount: string,
  quotes: Event[] = [],
  listDecimals?: number,
  hostDecimals?: Record<string, number>,
): Promise<SwapWidget> {
  await control(key, {
    timeScale: 100,
    tokens: Object.values(info.tokens).map((t) => ({
      chain: 'ETH',
      symbol: t.symbol === 'USDC' ? 'TUSDC' : 'TUSDT',
      contract: t.address,
      decimals: listDecimals ?? t.decimals,
      priceUsd: '1',
      name: t.name,
    })),
  });
  const el = document.createElement('swap-widget');
  if (hostDecimals) el.decimals = hostDecimals;
  el.addEventListener('swap-quote', (e) => quotes.push(e));
  for (const [k, v] of Object.entries({
    'api-key': key,
    'poll-interval': '1000',
    providers: 'AGGREGATOR_A',
    'sell-asset': sell,
    'buy-asset': buy,
    'sell-amount': amount,
    'source-address': account,
    'destination-address': account,
  })) {
    el.setAttribute(k, v);
  }
  await fixture(html`<div>${el}</div>`);
  await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  return el;
}

describe('injected wallet on a real EVM node', () => {
  before(async () => {
    info = await getEvmInfo();
  });
  afterEach(() => {
    wallet?.uninstall();
    wallet = undefined;
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
  });

  it('approves the exact amount to the route spender, then mines the swap with the route to, value and data', async function () {
    this.timeout(40_000);
    const token = info.tokens.erc20;
    const account = info.holders[0]!;
    // The wallet starts on another network: the widget must switch it. (A wallet on another
    // chain is not read for the token's decimals: the host gives them, as a wallet knows them.)
    wallet = installInjectedWallet({ account: 0, chainId: 137, chains: [137] });
    const quotes: Event[] = [];
    const sell = `ETH.TUSDC-${token.address}`;
    const el = await mount(scope('wallet-token'), account, sell, 'ETH.ETH', '1234.5', quotes, undefined, {
      [sell]: token.decimals,
    });
    const seen = record(el, 'swap-tx', 'swap-status', 'swap-error');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-status').length > 0, 'no tracking', 30_000);
    expect(ofType(seen, 'swap-error')).to.have.length(0);

    const [approve, swap] = ofType(seen, 'swap-tx').map((e) => e.detail);
    expect(approve!.kind).to.equal('approve');
    expect(swap!.kind).to.equal('swap');
    const route = ofType(quotes, 'swap-quote')[0]!.detail.routes[swap!.routeIndex]!;
    const spender = String(route.meta.approvalAddress);
    expect(await allowance(token.address, account, spender)).to.equal(1_234_500_000n);

    const hash = ofType(seen, 'swap-status')[0]!.detail.hash;
    const mined = await evmRpc<RpcTransaction>('eth_getTransactionByHash', [hash]);
    const tx = route.tx as { to: string; value: string; data: string };
    expect(mined.to!.toLowerCase()).to.equal(tx.to.toLowerCase());
    expect(BigInt(mined.value)).to.equal(BigInt(tx.value));
    expect(mined.input.toLowerCase()).to.equal(tx.data.toLowerCase());
    expect(mined.from.toLowerCase()).to.equal(account.toLowerCase());
    expect(await wallet.chainId()).to.equal(1);
    expect(wallet.methods()).to.include('wallet_switchEthereumChain');
  });

  it("reads a token's decimals through the connected wallet before the checks, and refuses a list that disagrees before anything is handed out", async function () {
    this.timeout(40_000);
    const token = info.tokens.erc20;
    const account = info.holders[0]!;
    wallet = installInjectedWallet({ account: 0 });
    // The service lists the 6-decimal token with 18: its route and calldata agree with each other, a trillion times too much.
    const el = await mount(scope('wallet-decimals'), account, `ETH.TUSDC-${token.address}`, 'ETH.ETH', '12.5', [], 18);
    const seen = record(el, 'swap-tx', 'swap-error');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no refusal', 30_000);
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error.code).to.equal('route-rejected');
    expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.match(/has 18 decimals, but the token itself says 6/);
    expect(wallet.requests.some((r) => r.method === 'eth_sendTransaction')).to.equal(false);
    expect(
      wallet.requests.some(
        (r) => r.method === 'eth_call' && (r.params as { data: string }[])[0]!.data === '0x313ce567',
      ),
    ).to.equal(true);
    expect(
      wallet.requests.some((r) => r.method === 'eth_requestAccounts'),
      'the read asked nothing of the user',
    ).to.equal(false);
    expect(ofType(seen, 'swap-tx').length, 'nothing handed out').to.equal(0);
  });

  it('after the wallet approved, a host that takes the swap can decline it at once: swap-revoke, nothing more sent', async function () {
    this.timeout(40_000);
    const token = info.tokens.erc20;
    const account = info.holders[0]!;
    wallet = installInjectedWallet({ account: 0 });
    // More than any allowance an earlier test left: the wallet must approve first.
    const el = await mount(scope('wallet-host-declines'), account, `ETH.TUSDC-${token.address}`, 'ETH.ETH', '5000');
    const seen = record(el, 'swap-tx', 'swap-revoke', 'swap-error', 'swap-status');
    // The host leaves the approval to the wallet, takes the swap, and its user declines it in the same turn.
    el.addEventListener('swap-tx', (e) => {
      if (e.detail.kind !== 'swap') return;
      e.preventDefault();
      queueMicrotask(() => el.rejected());
    });
    await pressSwap(el);
    await until(
      () => ofType(seen, 'swap-revoke').length > 0 || ofType(seen, 'swap-error').length > 0,
      'the declined swap was not revoked',
      30_000,
    );
    expect(ofType(seen, 'swap-error')).to.have.length(0);
    expect(ofType(seen, 'swap-tx').map((e) => e.detail.kind)).to.deep.equal(['approve', 'swap']);
    const swap = ofType(seen, 'swap-tx')[1]!.detail;
    expect(ofType(seen, 'swap-revoke').map((e) => e.detail)).to.deep.equal([
      { quoteId: swap.quoteId, routeIndex: swap.routeIndex, handoutId: swap.handoutId, reason: 'rejected' },
    ]);
    const sent = wallet.requests
      .filter((r) => r.method === 'eth_sendTransaction')
      .map((r) => ((r.params as unknown[])[0] as { to: string }).to.toLowerCase());
    // An approval (after a reset to zero when an earlier test left an allowance), and no swap.
    expect(sent.length).to.be.within(1, 2);
    expect(sent.every((to) => to === token.address.toLowerCase())).to.equal(true, 'the wallet sent approvals only');
    expect(ofType(seen, 'swap-status')).to.have.length(0);
    // The form is back, Review swap pressable again.
    await reviewButton(el);
  });

  it('sends a native sell with exactly the sell amount in wei', async function () {
    this.timeout(30_000);
    const token = info.tokens.erc20;
    const account = info.holders[1]!;
    wallet = installInjectedWallet({ account: 1 });
    const el = await mount(scope('wallet-native'), account, 'ETH.ETH', `ETH.TUSDC-${token.address}`, '0.75');
    const seen = record(el, 'swap-tx', 'swap-status');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-status').length > 0, 'no tracking', 25_000);
    expect(ofType(seen, 'swap-tx').map((e) => e.detail.kind)).to.deep.equal(['swap']);
    const mined = await evmRpc<RpcTransaction>('eth_getTransactionByHash', [
      ofType(seen, 'swap-status')[0]!.detail.hash,
    ]);
    expect(BigInt(mined.value)).to.equal(750_000_000_000_000_000n);
  });

  it('resets a USDT-style allowance to zero before the new exact approval', async function () {
    this.timeout(40_000);
    const token = info.tokens.usdt;
    const account = info.holders[2]!;
    const key = scope('wallet-usdt');
    const sell = `ETH.TUSDT-${token.address}`;
    wallet = installInjectedWallet({ account: 2 });
    const el = await mount(key, account, sell, 'ETH.ETH', '50');
    const seen = record(el, 'swap-tx', 'swap-status', 'swap-error');
    // The route's spender, from the same quote the widget holds.
    const quote = await fetch('/v1/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({
        sellAsset: sell,
        buyAsset: 'ETH.ETH',
        sellAmount: '50',
        slippage: 1,
        providers: ['AGGREGATOR_A'],
        sourceAddress: account,
        destinationAddress: account,
        includeTx: true,
      }),
    }).then((r) => r.json());
    const spender = quote.routes[0].meta.approvalAddress as string;
    // A leftover non-zero allowance, smaller than needed: the token refuses a direct change.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Address, 1n] });
    await evmRpc('eth_sendTransaction', [{ from: account, to: token.address, data }]);
    expect(await allowance(token.address, account, spender)).to.equal(1n);

    await pressSwap(el);
    await until(
      () => ofType(seen, 'swap-status').length > 0 || ofType(seen, 'swap-error').length > 0,
      'no outcome',
      30_000,
    );
    expect(ofType(seen, 'swap-error')).to.have.length(0);
    expect(await allowance(token.address, account, spender)).to.equal(50_000_000n);
    const approvals = wallet.requests
      .filter((r) => r.method === 'eth_sendTransaction')
      .map((r) => (r.params as unknown[])[0] as { to: string; data: string })
      .filter((t) => t.to.toLowerCase() === token.address.toLowerCase())
      .map((t) => BigInt(`0x${t.data.slice(-64)}`));
    expect(approvals).to.deep.equal([0n, 50_000_000n]);
  });

  it('tells a rejection in words and lets the user try again', async function () {
    this.timeout(40_000);
    const token = info.tokens.erc20;
    const account = info.holders[3]!;
    wallet = installInjectedWallet({ account: 3 });
    const el = await mount(scope('wallet-reject'), account, 'ETH.ETH', `ETH.TUSDC-${token.address}`, '0.1');
    const seen = record(el, 'swap-error', 'swap-status');
    wallet.rejectNext('eth_sendTransaction');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no error', 20_000);
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error.code).to.equal('wallet');
    expect(error.message).to.match(/declined/);
    await el.updateComplete;
    const retry = shadow(el).querySelector<HTMLButtonElement>('[part="execution"] .retry')!;
    expect(retry).to.exist;
    retry.click();
    await confirmReview(el);
    await until(() => ofType(seen, 'swap-status').length > 0, 'the retry did not send', 25_000);
  });

  it('an unexpected exception in a wallet method (a TypeError, no rejection) is internal: said plainly, the error to the console, never a wallet failure', async function () {
    this.timeout(40_000);
    const token = info.tokens.erc20;
    const account = info.holders[3]!;
    wallet = installInjectedWallet({ account: 3 });
    const fault = new TypeError("Cannot read properties of undefined (reading 'gas')");
    const request = wallet.provider.request.bind(wallet.provider);
    wallet.provider.request = (args) => (args.method === 'eth_sendTransaction' ? Promise.reject(fault) : request(args));
    const el = await mount(scope('wallet-fault'), account, 'ETH.ETH', `ETH.TUSDC-${token.address}`, '0.1');
    const seen = record(el, 'swap-error', 'swap-status');
    const logged: unknown[][] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await pressSwap(el);
      await until(() => ofType(seen, 'swap-error').length > 0, 'no error', 20_000);
    } finally {
      console.error = error;
    }
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal(['internal']);
    expect(
      logged.some((args) => args.includes(fault)),
      'the console got the error, with its stack',
    ).to.equal(true);
    await el.updateComplete;
    const shown = shadow(el).querySelector('[part="execution"]')!;
    expect(shown.getAttribute('role')).to.equal('alert');
    expect(shown.textContent).to.include('Something went wrong inside the widget.');
    // Not a wallet failure: none of the wallet problems' words (messages/wallets.ts).
    expect(shown.textContent).to.not.match(/your wallet (could not|has not|is disconnected)|you declined/i);
    expect(ofType(seen, 'swap-status')).to.have.length(0);
  });

  it('says so when there is no wallet at all', async function () {
    this.timeout(30_000);
    const token = info.tokens.erc20;
    const buy = `ETH.TUSDC-${token.address}`;
    // With no wallet to read through, the host gives the bought token's decimals.
    const el = await mount(scope('wallet-none'), info.holders[4]!, 'ETH.ETH', buy, '0.1', [], undefined, {
      [buy]: token.decimals,
    });
    const seen = record(el, 'swap-error');
    await pressSwap(el);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no error', 20_000);
    expect(ofType(seen, 'swap-error')[0]!.detail).to.include({ code: 'wallet' });
    expect(ofType(seen, 'swap-error')[0]!.detail.message).to.match(/No browser wallet/);
  });
  it('the wallet button lists the EIP-6963 wallet and fills the source address with its account', async function () {
    this.timeout(30_000);
    wallet = installInjectedWallet();
    const el = document.createElement('swap-widget');
    for (const [k, v] of Object.entries({
      'api-key': scope('evm-button'),
      providers: 'AGGREGATOR_A',
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '1',
    }))
      el.setAttribute(k, v);
    await fixture(html`<div>${el}</div>`);
    const form = shadow(el).querySelector('swap-quote-form')!.shadowRoot!;
    await until(() => form.querySelector('[part="wallet-button"]'), 'no wallet button');
    form.querySelector<HTMLButtonElement>('[part="wallet-button"]')!.click();
    await el.updateComplete;
    const choice = [...form.querySelectorAll<HTMLButtonElement>('[data-wallet]')].find((b) =>
      b.textContent!.includes('EVM Test Wallet'),
    );
    expect(choice, 'the EIP-6963 wallet is listed').to.exist;
    choice!.click();
    const account = await wallet.account();
    await until(
      () => el.getAttribute('source-address')?.toLowerCase() === account,
      'the source address was not filled',
    );
    expect(form.querySelector('[part="wallet"]')!.textContent).to.match(/Connected: EVM Test Wallet/);
  });
});
