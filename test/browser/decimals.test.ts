/**
 * Decimals the service cannot lie about, through the real widget (issue 22 item 2), for a
 * host that signs (`host-signs`: no page wallet is read). The tokens are the local EVM node's
 * test tokens (test/evm/), which none of the widget's tables lists: without the host's
 * `decimals` or an RPC endpoint in `rpc-urls` a sell of one cannot be pressed (the main button
 * says so), and the host is told how to provide them; with `rpc-urls` naming the node,
 * `decimals()` is read there and the hand-out is counted in them. Reads are cached per page load: the tests that must not read run first.
 * Also: a memo route to a 6-decimal token, floored at its 6 decimals, is handed out (item 7).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { decodeFunctionData, erc20Abi } from 'viem';
import '../../src/index.js';
import { EVM_RPC_URL, getEvmInfo, type EvmInfo } from '../evm/client.js';
import { installInjectedWallet } from '../evm/injected-wallet.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { LOCAL_NODES, control, ofType, pressSwap, record, routeButtons, scope, until } from './helpers.js';

let info: EvmInfo;
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

/** A host-signs widget selling `amount` of the node's `token` for ETH through aggregator A, the service listing the token with `listDecimals`. */
async function mount(
  key: string,
  token: 'erc20' | 'usdt',
  amount: string,
  set: { rpcUrls?: string; decimals?: Record<string, number>; listDecimals?: number; press?: boolean } = {},
) {
  const t = info.tokens[token];
  await control(key, {
    tokens: Object.values(info.tokens).map((x) => ({
      chain: 'ETH',
      symbol: x.symbol === 'USDC' ? 'TUSDC' : 'TUSDT',
      contract: x.address,
      decimals: x === t ? (set.listDecimals ?? x.decimals) : x.decimals,
      priceUsd: '1',
      name: x.name,
    })),
  });
  const sell = `ETH.${token === 'erc20' ? 'TUSDC' : 'TUSDT'}-${t.address}`;
  const account = info.holders[0]!;
  const el = document.createElement('swap-widget');
  const attrs: Record<string, string> = {
    'api-key': key,
    providers: 'AGGREGATOR_A',
    'host-signs': '',
    'sell-asset': sell,
    'buy-asset': 'ETH.ETH',
    'sell-amount': amount,
    'source-address': account,
    'destination-address': account,
    ...(set.rpcUrls ? { 'rpc-urls': set.rpcUrls } : {}),
  };
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (set.decimals) el.decimals = set.decimals;
  // Before it is on the page: what it tells the integrator at once is seen too.
  const seen = record(el, 'swap-tx', 'swap-error');
  await fixture(html`<div>${el}</div>`);
  // The host takes every hand-out and answers an approval at once.
  el.addEventListener('swap-tx', (e) => e.detail.kind === 'approve' && queueMicrotask(() => el.approved()));
  await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  if (set.press !== false) await pressSwap(el);
  return { el, sell, seen };
}

/** The amount of a `swap-tx` approval. */
const approved = (detail: { tx: unknown }) =>
  decodeFunctionData({ abi: erc20Abi, data: (detail.tx as { data: `0x${string}` }).data }).args[1];

describe('token decimals for a host that signs', () => {
  before(async () => {
    info = await getEvmInfo();
  });
  afterEach(() => fixtureCleanup());

  /** The main button: its step, its words, and whether it can be pressed. */
  const mainButton = (el: HTMLElement) => {
    const b = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="swap-button"]')!;
    return [b.dataset.step, plain(b.textContent ?? '').trim(), b.disabled];
  };

  /**
   * The main button says the token cannot be swapped before anything is pressed, the route says
   * why in the user's words (no attribute named), and the integrator is told what to give.
   */
  async function refusedBeforePress(el: SwapWidget, seen: Awaited<ReturnType<typeof mount>>['seen'], sell: string) {
    await until(() => mainButton(el)[0] === 'decimals-unknown', 'the main button does not say so');
    expect(mainButton(el)).to.deep.equal(['decimals-unknown', 'TUSDC cannot be swapped here', true]);
    const list = el.shadowRoot!.querySelector('swap-route-list')!;
    const routes = plain((list.shadowRoot ?? list).textContent!);
    expect(routes).to.contain('The widget cannot verify the amounts of TUSDC: choose another token to sell.');
    expect(routes).not.to.match(/rpc-urls|decimals property/);
    await until(() => ofType(seen, 'swap-error').length > 0, 'the integrator was not told');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect([error.code, error.field]).to.deep.equal(['config-warning', 'decimals']);
    expect(error.message).to.contain(`No trusted source gives the decimals of ${sell}`);
    expect(error.message).to.match(/decimals property, or an RPC endpoint for ETH in rpc-urls/);
    expect(ofType(seen, 'swap-tx').length).to.equal(0);
  }

  it('a token in no table, without decimals or rpc-urls: the main button says it cannot be checked before it is pressed; nothing handed out', async () => {
    const { el, seen, sell } = await mount(scope('dec-none'), 'erc20', '1234.5', { press: false });
    await refusedBeforePress(el, seen, sell);
  });

  it('with host-signs, a page wallet connected to the chain is not read either: the same', async () => {
    const wallet = installInjectedWallet({ account: 0 });
    try {
      const { el, seen, sell } = await mount(scope('dec-host-signs-wallet'), 'erc20', '1234.5', { press: false });
      await refusedBeforePress(el, seen, sell);
      expect(wallet.requests.length, 'the wallet was asked nothing').to.equal(0);
    } finally {
      wallet.uninstall();
    }
  });

  it("the same token, its decimals given by the host's decimals property: approved and swapped in them", async () => {
    const t = info.tokens.erc20;
    const { seen } = await mount(scope('dec-host'), 'erc20', '1234.5', {
      decimals: { [`ETH.TUSDC-${t.address.toLowerCase()}`]: t.decimals },
    });
    await until(() => ofType(seen, 'swap-tx').length >= 2 || ofType(seen, 'swap-error').length > 0, 'no hand-out');
    expect(ofType(seen, 'swap-error').length).to.equal(0);
    const [approve, swap] = ofType(seen, 'swap-tx').map((e) => e.detail);
    expect([approve!.kind, swap!.kind]).to.deep.equal(['approve', 'swap']);
    expect(approved(approve!)).to.equal(1_234_500_000n);
    expect(approve!.summary.decimals).to.equal(6);
  });

  it("read through rpc-urls against the node: the token's own decimals() counts; a list that disagrees is refused", async () => {
    const { seen } = await mount(scope('dec-rpc'), 'usdt', '50.25', { rpcUrls: `ETH=${EVM_RPC_URL}` });
    await until(() => ofType(seen, 'swap-tx').length >= 2 || ofType(seen, 'swap-error').length > 0, 'no hand-out');
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    const approvals = ofType(seen, 'swap-tx').filter((e) => e.detail.kind === 'approve');
    expect(approvals.map((e) => approved(e.detail))).to.deep.equal([50_250_000n]);
    fixtureCleanup();

    // The service now lists it with 18 decimals: the token itself says 6.
    const lie = await mount(scope('dec-rpc-lie'), 'usdt', '50.25', { rpcUrls: `ETH=${EVM_RPC_URL}`, listDecimals: 18 });
    await until(() => ofType(lie.seen, 'swap-error').length > 0, 'no refusal');
    expect(plain(ofType(lie.seen, 'swap-error')[0]!.detail.message)).to.contain(
      `the token list says ${lie.sell} has 18 decimals, but the token itself says 6`,
    );
    expect(ofType(lie.seen, 'swap-tx').length).to.equal(0);
  });

  it('a bad decimals entry is an invalid-config problem naming the property, and never a crash', async () => {
    const el = document.createElement('swap-widget');
    const errors = record(el, 'swap-error');
    el.decimals = { 'ETH.TUSDC-0x01': 6.5 };
    await fixture(html`<div>${el}</div>`);
    await until(() => ofType(errors, 'swap-error').length > 0, 'no problem reported');
    expect(ofType(errors, 'swap-error').map((e) => [e.detail.code, e.detail.field])).to.deep.equal([
      ['invalid-config', 'decimals'],
    ]);
  });
});

describe('a memo route to a 6-decimal token', () => {
  afterEach(() => fixtureCleanup());

  it('BTC -> ETH.USDC through protocol A, its limit floored at USDC’s 6 decimals, is handed out', async () => {
    const el = document.createElement('swap-widget');
    const attrs = {
      ...LOCAL_NODES,
      'api-key': scope('memo-usdc'),
      providers: 'PROTOCOL_A',
      'host-signs': '',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'sell-amount': '0.1',
      'destination-address': '0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9',
    };
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    await fixture(html`<div>${el}</div>`);
    const seen = record(el, 'swap-memo', 'swap-error');
    await until(() => routeButtons(el).length > 0, 'no routes');
    routeButtons(el)[0]!.click();
    await el.updateComplete;
    await pressSwap(el);
    await until(
      () => ofType(seen, 'swap-memo').length > 0 || ofType(seen, 'swap-error').length > 0,
      'nothing handed out',
    );
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    const memo = ofType(seen, 'swap-memo')[0]!.detail;
    // The limit is a whole number of USDC's 1e-6 units, written in 1e8 units.
    expect(memo.memo).to.match(/^=:ETH\.USDC-[^:]+:0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9:\d+00$/);
  });
});
