/**
 * A host that supplies the addresses (a wallet) follows the user: when the user picks an
 * asset on another chain, the host is told (`swap-input`) and sets the matching address.
 * With `lock-addresses` the user cannot fix a locked address that no longer fits: the
 * widget says the host must supply one (`swap-error` `invalid-config` naming the attribute,
 * and in its UI) and quotes nothing with the wrong address meanwhile.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { QUOTE_DEBOUNCE_MS } from '../../src/controllers/quotes/quote-controller.js';
import { WidgetHarness } from './harness.js';
import {
  LOCAL_NODES,
  allowResizeObserverLoopNotice,
  ofType,
  record,
  requests,
  scope,
  until,
  watchFetch,
  type StartedRequest,
} from './helpers.js';
import { installClock } from './mock-clock.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function mount(attrs: Record<string, string>): Promise<{ el: SwapWidget; h: WidgetHarness; seen: Event[] }> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  const seen = record(el, 'swap-input', 'swap-error', 'swap-quote');
  await fixture(html`<div>${el}</div>`);
  return { el, h: new WidgetHarness(el), seen };
}

/** The quote requests the service received for this sell asset. */
async function quotesFor(key: string, sellAsset: string) {
  return (await requests(key, '/v1/quote')).filter((r) => r.body?.sellAsset === sellAsset);
}

/**
 * Makes a change (a click) under a mock clock and moves the clock past the quote debounce, the
 * only wait between a change and its quote request; returns the quote requests started
 * meanwhile. A request the change was going to send has been started by then, without
 * waiting on the wall clock.
 */
async function quotesStartedBy(el: SwapWidget, change: () => void): Promise<StartedRequest[]> {
  const clock = installClock();
  const fetches = watchFetch();
  try {
    change();
    await el.updateComplete;
    await clock.tick(QUOTE_DEBOUNCE_MS);
    return fetches.started.filter((r) => r.path === '/v1/quote');
  } finally {
    fetches.stop();
    clock.uninstall();
  }
}

const configErrors = (h: WidgetHarness) =>
  [...h.root.querySelectorAll<HTMLElement>('[part="config-errors"] li')].map((li) => ({
    field: li.dataset.field,
    text: li.textContent ?? '',
  }));

describe('addresses supplied by the host, when the user picks another chain', () => {
  before(allowResizeObserverLoopNotice);

  it('lock-addresses: the host is told, a notice says it must supply the address, nothing is quoted with the wrong one', async function () {
    this.timeout(30_000);
    const key = scope('locked');
    const { el, h, seen } = await mount({
      'api-key': key,
      'lock-addresses': '',
      'sell-asset': 'BTC.BTC',
      'buy-asset': USDC,
      'sell-amount': '0.1',
      'source-address': BTC_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    await until(() => ofType(seen, 'swap-quote').length === 1, 'no first quote');
    expect(h.inForm<HTMLInputElement>('#sourceAddress')!.readOnly).to.equal(true);

    // The user sells ETH instead: the locked Bitcoin address cannot send it.
    const pickEth = await h.findAsset('sell', 'ETH', 'Ethereum');
    const sent = await quotesStartedBy(el, pickEth);
    await until(
      () => ofType(seen, 'swap-error').length > 0,
      'the host was not told that the locked address no longer fits',
    );
    const input = ofType(seen, 'swap-input').at(-1)!.detail;
    expect(input).to.deep.equal({
      sellAsset: 'ETH.ETH',
      buyAsset: USDC,
      sellAmount: '0.1',
      sourceAddress: BTC_ADDRESS,
      destinationAddress: ETH_ADDRESS,
      slippage: '1',
    });
    expect(el.getAttribute('sell-asset')).to.equal('ETH.ETH');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error).to.include({ code: 'invalid-config', field: 'source-address' });
    expect(error.message).to.contain('Ethereum').and.contain('source-address');
    await el.updateComplete;
    const notice = configErrors(h);
    expect(notice.map((n) => n.field)).to.deep.equal(['source-address']);
    expect(notice[0]!.text).to.match(/app must supply the Ethereum address to send from/);
    expect(h.statusLine).to.match(/Routes wait/);
    expect(h.routes).to.have.length(0);
    // The main button waits for the app: nothing the user could press would help.
    expect(h.swapButton?.dataset.step).to.equal('fix-config');
    expect(h.swapButton?.disabled).to.equal(true);

    // Nothing is quoted for ETH with the Bitcoin address, nor without an address, when the
    // debounce has passed.
    expect(sent).to.deep.equal([]);

    // The host follows with its Ethereum address: the notice goes, and ETH is quoted from it.
    el.setAttribute('source-address', ETH_ADDRESS);
    await until(
      async () => (await quotesFor(key, 'ETH.ETH')).length > 0,
      'no quote once the host supplied the address',
    );
    const quoted = await quotesFor(key, 'ETH.ETH');
    expect(quoted.every((q) => q.body!.sourceAddress === ETH_ADDRESS)).to.equal(true);
    await el.updateComplete;
    expect(configErrors(h)).to.deep.equal([]);
    expect(ofType(seen, 'swap-error')).to.have.length(1);
  });

  it('lock-addresses: flipping the pair tells the host of both addresses; back to the host’s pair, its addresses fit again', async function () {
    this.timeout(30_000);
    const key = scope('locked-flip');
    const { el, h, seen } = await mount({
      'api-key': key,
      'lock-addresses': '',
      providers: 'PROTOCOL_A',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'source-address': BTC_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    await until(() => ofType(seen, 'swap-quote').length === 1, 'no first quote');
    const sent = await quotesStartedBy(el, () => h.inForm<HTMLButtonElement>('[part="flip-button"]')!.click());
    await until(() => ofType(seen, 'swap-error').length === 2, 'not told of both addresses');
    expect(
      ofType(seen, 'swap-error')
        .map((e) => e.detail.field)
        .sort(),
    ).to.deep.equal(['destination-address', 'source-address']);
    expect(ofType(seen, 'swap-input').at(-1)!.detail).to.include({ sellAsset: 'ETH.ETH', buyAsset: 'BTC.BTC' });
    expect(sent).to.deep.equal([]);

    // Flipped back: the host's own pair, its own addresses; quoting goes on, no new error.
    h.inForm<HTMLButtonElement>('[part="flip-button"]')!.click();
    await until(() => ofType(seen, 'swap-quote').length === 2, 'no quote after flipping back');
    await el.updateComplete;
    expect(configErrors(h)).to.deep.equal([]);
    expect(ofType(seen, 'swap-error')).to.have.length(2);
    expect((await quotesFor(key, 'BTC.BTC')).at(-1)!.body).to.include({
      sourceAddress: BTC_ADDRESS,
      destinationAddress: ETH_ADDRESS,
    });
  });

  it('without lock-addresses: the field shows the problem for the user to fix, and a host that follows is obeyed', async function () {
    this.timeout(30_000);
    const key = scope('unlocked');
    const { el, h, seen } = await mount({
      'api-key': key,
      'sell-asset': 'BTC.BTC',
      'buy-asset': USDC,
      'sell-amount': '0.1',
      'source-address': BTC_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    await until(() => ofType(seen, 'swap-quote').length === 1, 'no first quote');
    const pickEth = await h.findAsset('sell', 'ETH', 'Ethereum');
    const sent = await quotesStartedBy(el, pickEth);
    await h.form.updateComplete;
    // The user's to fix, next to the field: not a configuration error.
    expect(h.inForm('#sourceAddress-error')!.textContent).to.match(/Ethereum/);
    expect(configErrors(h)).to.deep.equal([]);
    expect(ofType(seen, 'swap-error')).to.have.length(0);
    expect(ofType(seen, 'swap-input').at(-1)!.detail).to.include({ sellAsset: 'ETH.ETH', sourceAddress: BTC_ADDRESS });
    expect(sent).to.deep.equal([]);

    // The host sets the address for the asset the user picked: checked against that asset, it is taken.
    el.setAttribute('source-address', ETH_ADDRESS);
    await until(
      async () => (await quotesFor(key, 'ETH.ETH')).length > 0,
      'no quote once the host supplied the address',
    );
    expect((await quotesFor(key, 'ETH.ETH')).at(-1)!.body).to.include({ sourceAddress: ETH_ADDRESS });
    expect(ofType(seen, 'swap-error')).to.have.length(0);
    expect(h.inForm<HTMLInputElement>('#sourceAddress')!.value).to.equal(ETH_ADDRESS);
  });
});
