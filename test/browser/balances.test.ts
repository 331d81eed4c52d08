/**
 * Balances through the real widget (issue 24, item 4): the host's `balances` shown under the
 * amount (part `balance`) with Max (part `max-button`), which fills the amount as if typed and
 * leaves the chain's gas reserve on a native asset only; an amount one base unit over the
 * balance makes the main button say "Insufficient balance" and pressing it hands nothing out,
 * the whole balance goes on to the review; an ERC-20 balance read through the connected
 * injected wallet's own provider (the local EVM node's test token, test/evm/).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { fromUnits } from '../../src/domain/amounts/amount.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { evmRpc, getEvmInfo } from '../evm/client.js';
import { installInjectedWallet, type InjectedWallet } from '../evm/injected-wallet.js';
import { WidgetHarness } from './harness.js';
import { LOCAL_NODES, control, ofType, record, reviewButton, reviewOf, scope, until } from './helpers.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const plain = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function mount(
  attrs: Record<string, string>,
  balances?: Record<string, string>,
): Promise<{ el: SwapWidget; h: WidgetHarness }> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({
    ...LOCAL_NODES,
    'api-key': scope('balances'),
    'buy-asset': 'BTC.BTC',
    'destination-address': BTC_ADDRESS,
    ...attrs,
  }))
    el.setAttribute(k, v);
  if (balances) el.balances = balances;
  await fixture(html`<div>${el}</div>`);
  return { el, h: new WidgetHarness(el) };
}

describe('balances', () => {
  let wallet: InjectedWallet | undefined;
  afterEach(() => {
    wallet?.uninstall();
    wallet = undefined;
    fixtureCleanup();
  });

  it("shows the host's balance; Max fills the amount as if typed, leaving the gas reserve on a native asset and none on a token", async () => {
    const { el, h } = await mount(
      { 'sell-asset': 'ETH.ETH', 'source-address': ETH_ADDRESS },
      { 'ETH.ETH': '1.25', [USDC]: '250.5' },
    );
    const inputs = record(el, 'swap-input');
    await until(() => h.inForm('[part="balance"]'), 'no balance shown');
    expect(plain(h.inForm('[part="balance"]')!.textContent)).to.equal('Balance: 1.25 ETH');
    h.inForm<HTMLButtonElement>('[part="max-button"]')!.click();
    await el.updateComplete;
    await h.form.updateComplete;
    expect(h.inForm<HTMLInputElement>('#amount')!.value).to.equal('1.235');
    expect(el.sellAmount).to.equal('1.235');
    expect(ofType(inputs, 'swap-input').at(-1)!.detail.sellAmount).to.equal('1.235');

    el.setAttribute('sell-asset', USDC);
    await until(() => plain(h.inForm('[part="balance"]')?.textContent).includes('250.5'), 'no balance of the token');
    h.inForm<HTMLButtonElement>('[part="max-button"]')!.click();
    await el.updateComplete;
    expect(el.sellAmount).to.equal('250.5');
  });

  it('one base unit over the balance: "Insufficient balance", and pressing hands nothing out; the whole balance goes on to the review', async () => {
    const { el, h } = await mount(
      { 'sell-asset': 'ETH.ETH', 'source-address': ETH_ADDRESS, 'sell-amount': '1.000000000000000001' },
      { 'ETH.ETH': '1' },
    );
    const handed = record(el, 'swap-tx', 'swap-memo');
    await until(() => h.routes.length > 0, 'no routes');
    await until(
      () => h.swapButton?.dataset.step === 'insufficient-balance',
      'the main button does not say the balance is short',
    );
    const button = h.swapButton!;
    expect(plain(button.textContent)).to.equal('Insufficient balance');
    expect(button.disabled).to.equal(true);
    // The balance, Max and the disabled button as a screen reader meets them: axe finds nothing.
    expect(h.inForm('[part="balance"]')?.textContent ?? '').to.match(/1/);
    await expect(el).to.be.accessible();
    // Even a press that gets through the disabled button leads nowhere.
    button.disabled = false;
    button.click();
    await el.updateComplete;
    expect(h.root.querySelector('.widget')!.getAttribute('data-view')).to.equal('idle');
    expect(reviewOf(el)).to.equal(null);

    h.type('amount', '1');
    (await reviewButton(el)).click();
    await until(() => reviewOf(el), 'no review for the whole balance');
    expect(handed.length, 'nothing handed out before Confirm').to.equal(0);
  });

  it("reads an ERC-20 balance through the connected wallet's own provider (balanceOf), and Max is all of it", async function () {
    this.timeout(30_000);
    const info = await getEvmInfo();
    const token = info.tokens.erc20;
    const key = scope('balances-erc20');
    await control(key, {
      tokens: [
        {
          chain: 'ETH',
          symbol: 'TUSDC',
          contract: token.address,
          decimals: token.decimals,
          priceUsd: '1',
          name: token.name,
        },
      ],
    });
    wallet = installInjectedWallet({ account: 0 });
    const { el, h } = await mount({
      'api-key': key,
      'sell-asset': `ETH.TUSDC-${token.address}`,
      'buy-asset': 'ETH.ETH',
      'destination-address': ETH_ADDRESS,
    });
    await until(() => h.inForm('[part="wallet-button"]'), 'no wallet button');
    h.inForm<HTMLButtonElement>('[part="wallet-button"]')!.click();
    await until(() => h.inForm('[data-wallet]'), 'no wallet in the list');
    h.inForm<HTMLButtonElement>('[data-wallet]')!.click();
    await until(() => h.inForm('[part="balance"]'), 'no balance read');

    const account = info.holders[0]!;
    const call = wallet.requests.find(
      (r) => r.method === 'eth_call' && (r.params as { data: string }[])[0]!.data.startsWith('0x70a08231'),
    );
    expect(call, 'balanceOf through the wallet').to.exist;
    expect((call!.params as { to: string; data: string }[])[0]).to.deep.equal({
      to: token.address.toLowerCase(),
      data: `0x70a08231${account.slice(2).toLowerCase().padStart(64, '0')}`,
    });
    const units = BigInt(
      await evmRpc<string>('eth_call', [
        { to: token.address, data: `0x70a08231${account.slice(2).toLowerCase().padStart(64, '0')}` },
        'latest',
      ]),
    );
    const whole = fromUnits(units, token.decimals);
    // Shown to six significant digits; every digit in its title (when rounding dropped some) and for screen readers.
    const shown = h.inForm('[part="balance"] bdi')!;
    expect(plain(shown.getAttribute('title') ?? shown.textContent).replace(/,/g, '')).to.equal(`${whole} TUSDC`);
    h.inForm<HTMLButtonElement>('[part="max-button"]')!.click();
    await el.updateComplete;
    expect(el.sellAmount).to.equal(whole);
  });
});
