/**
 * One current request: the moment an input that changes the quote request changes (in the
 * form or as an attribute), the routes of the earlier request can no longer be pressed,
 * swapped or handed out, and an input that stops quoting says why where the user sees it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import type { SwapTokenPicker } from '../../src/components/token-picker.js';
import {
  LOCAL_NODES,
  allRoutes,
  control,
  ofType,
  record,
  requests,
  reviewButton,
  routeButtons,
  routeCard,
  scope,
  shadow,
  until,
} from './helpers.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function widget(key: string, attrs: Record<string, string> = {}): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('api-key', key);
  const all = {
    ...LOCAL_NODES,
    'sell-asset': 'BTC.BTC',
    'buy-asset': 'ETH.ETH',
    'sell-amount': '0.1',
    'destination-address': ETH_ADDRESS,
    ...attrs,
  };
  for (const [k, v] of Object.entries(all)) el.setAttribute(k, v);
  await fixture(html`<div>${el}</div>`);
  return el;
}

const form = (el: SwapWidget) => shadow(el).querySelector('swap-quote-form')!;
const formRoot = (el: SwapWidget) => form(el).shadowRoot!;
const swapButton = (el: SwapWidget) => shadow(el).querySelector<HTMLButtonElement>('[part="swap-button"]');
/** Whether the main button would hand something out: it offers the review (or the swap) and is enabled. */
const offersSwap = (el: SwapWidget) => {
  const b = swapButton(el);
  return !!b && !b.disabled && ['review', 'swap', 'no-wallet'].includes(b.dataset.step ?? '');
};
const statusLine = (el: SwapWidget) => shadow(el).querySelector('[part="quote-status"]')!.textContent!.trim();

function type(el: SwapWidget, id: string, value: string, event: 'input' | 'change' = 'input') {
  const input = formRoot(el).querySelector<HTMLInputElement>(`#${id}`)!;
  input.value = value;
  input.dispatchEvent(new Event(event, { bubbles: true, composed: true }));
}

/** Waits for routes answering the current input, picks the first and returns its Swap button. */
async function pickFirstRoute(el: SwapWidget): Promise<HTMLButtonElement> {
  await until(() => routeButtons(el).length > 0 && !routeButtons(el)[0]!.disabled, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  return reviewButton(el);
}

/** Everything that would hand something out, pressed on the routes of an earlier request. */
async function pressEverything(el: SwapWidget) {
  for (const b of await allRoutes(el)) b.click();
  swapButton(el)?.click();
  await el.updateComplete;
}

function expectInert(el: SwapWidget) {
  const buttons = routeButtons(el);
  for (const b of buttons) expect(b.disabled, 'a route of the earlier request can be pressed').to.equal(true);
  expect(offersSwap(el), 'Swap is offered for an earlier request').to.equal(false);
}

describe('one current request', () => {
  it('pair changed in the picker: the earlier routes are inert at once, and the new routes answer the new pair', async () => {
    const key = scope('stale-pair');
    const el = await widget(key);
    const seen = record(el, 'swap-quote', 'swap-route', 'swap-memo', 'swap-tx');
    await pickFirstRoute(el);
    const routesBefore = ofType(seen, 'swap-route').length;

    formRoot(el).querySelector<HTMLButtonElement>('.asset[data-side="buy"]')!.click();
    await el.updateComplete;
    await form(el).updateComplete;
    const picker = formRoot(el).querySelector<SwapTokenPicker>('swap-token-picker')!;
    await picker.updateComplete;
    const search = picker.shadowRoot!.querySelector('input')!;
    search.value = USDC_CONTRACT;
    search.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await until(() => picker.shadowRoot!.querySelectorAll('[role="option"]').length === 1, 'USDC not found');
    picker.shadowRoot!.querySelector<HTMLElement>('[role="option"]')!.click();
    await el.updateComplete;

    expectInert(el);
    expect(routeButtons(el).length, 'the earlier routes stay in place, dimmed').to.be.greaterThan(0);
    await pressEverything(el);
    expect(ofType(seen, 'swap-route')).to.have.length(routesBefore);
    expect(ofType(seen, 'swap-memo')).to.have.length(0);
    expect(ofType(seen, 'swap-tx')).to.have.length(0);

    await until(() => ofType(seen, 'swap-quote').length === 2, 'no quote for the new pair');
    const fresh = ofType(seen, 'swap-quote')[1]!.detail.routes;
    expect(fresh.every((r) => r.buyAsset.toUpperCase() === `ETH.USDC-${USDC_CONTRACT}`.toUpperCase())).to.equal(true);
    await until(
      () => routeButtons(el).length > 0 && routeButtons(el).every((b) => !b.disabled),
      'new routes not pressable',
    );
    expect(await allRoutes(el)).to.have.length(fresh.length);
    expect(routeButtons(el).every((b) => !b.disabled)).to.equal(true);
  });

  it('amount cleared: the routes leave the screen, the main button asks for an amount', async () => {
    const el = await widget(scope('stale-clear'));
    const seen = record(el, 'swap-memo', 'swap-tx');
    await pickFirstRoute(el);
    type(el, 'amount', '');
    await el.updateComplete;
    expect(routeButtons(el)).to.have.length(0);
    expect(offersSwap(el)).to.equal(false);
    expect(swapButton(el)!.dataset.step).to.equal('enter-amount');
    expect(ofType(seen, 'swap-memo').length + ofType(seen, 'swap-tx').length).to.equal(0);
  });

  it('amount 0: no routes, and the line above them says why', async () => {
    const el = await widget(scope('stale-zero'));
    await pickFirstRoute(el);
    type(el, 'amount', '0');
    await el.updateComplete;
    expect(routeButtons(el)).to.have.length(0);
    expect(offersSwap(el)).to.equal(false);
    expect(statusLine(el)).to.match(/above 0/);
  });

  it('destination made invalid: routes go, the settings open on the field, and the status line names it', async () => {
    const el = await widget(scope('stale-dest'));
    await pickFirstRoute(el);
    const details = formRoot(el).querySelector<HTMLDetailsElement>('details.settings')!;
    expect(details.open, 'the section starts closed').to.equal(false);
    type(el, 'destinationAddress', BTC_ADDRESS, 'change');
    await el.updateComplete;
    await form(el).updateComplete;
    expect(routeButtons(el)).to.have.length(0);
    expect(offersSwap(el)).to.equal(false);
    expect(details.open, 'the field with the problem is out of sight').to.equal(true);
    const message = formRoot(el).querySelector('#destinationAddress-error')!.textContent!.trim();
    expect(message).to.not.equal('');
    expect(statusLine(el)).to.contain('To address').and.to.contain(message);
  });

  it('slippage changed: the routes are inert until the answer for the new slippage', async () => {
    const key = scope('stale-slip');
    const el = await widget(key);
    const quotes = record(el, 'swap-quote');
    await pickFirstRoute(el);
    formRoot(el).querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
    await form(el).updateComplete;
    type(el, 'slippage', '3');
    await el.updateComplete;
    expectInert(el);
    await until(() => quotes.length === 2, 'no quote for the new slippage');
    const sent = await requests(key, '/v1/quote');
    expect(sent.at(-1)!.body).to.include({ slippage: 3 });
    await pickFirstRoute(el);
  });

  it("6 %: the settings say up to 6 % less and the least that may arrive; the routes' minimum follows once quoted again", async () => {
    const key = scope('slip-six');
    const el = await widget(key, { providers: 'PROTOCOL_A' });
    const quotes = record(el, 'swap-quote');
    await pickFirstRoute(el);
    // The minimum is in the route's card (its fee breakdown), beside the radio.
    const minimum = () =>
      /At least (\S+) ETH at your slippage limit/.exec(
        routeCard(routeButtons(el)[0]!).textContent!.replace(/[\u2066-\u2069]/g, ''),
      )?.[1];
    const before = minimum();
    expect(before).to.be.a('string');
    const note = () =>
      formRoot(el)
        .querySelector('#slippage-note')!
        .textContent!.replace(/[\u2066-\u2069]/g, '')
        .trim();
    formRoot(el).querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
    await form(el).updateComplete;
    expect(note()).to.equal('');
    type(el, 'slippage', '6');
    await el.updateComplete;
    await form(el).updateComplete;
    // The routes answer 1 %: how much less, without an amount, until the answer for 6 %.
    expect(note()).to.equal('You may receive up to 6% less than expected.');
    await until(
      () => quotes.length === 2 && routeButtons(el).length > 0 && !routeButtons(el)[0]!.disabled,
      'no routes for 6 %',
    );
    await until(() => /at least/.test(note()), `the note says "${note()}"`);
    const expected = quotes[1]!.detail.routes[0]!.expectedBuyAmount;
    expect(note()).to.match(/^You may receive up to 6% less: at least [\d.]+ ETH\.$/);
    // Read at six significant digits: within half a unit of the sixth.
    const least = Number(expected) * 0.94;
    expect(Number(/at least ([\d.]+)/.exec(note())![1])).to.be.closeTo(least, least * 5e-6);
    const after = minimum();
    expect(Number(after)).to.be.lessThan(Number(before));
    expect(Number(after)).to.be.closeTo(Number(expected) * 0.94, Number(expected) * 0.001);
  });

  it('an attribute the host changes while a quote is on its way: the earlier answer is never shown', async () => {
    const key = scope('stale-host');
    await control(key, { faults: [{ kind: 'latency', ms: 1500, path: '/v1/quote', times: 1 }] });
    const el = await widget(key);
    const quotes = record(el, 'swap-quote');
    await until(async () => (await requests(key, '/v1/quote')).length === 1, 'the first quote was not sent');
    el.sellAmount = '0.2';
    await until(() => quotes.length > 0, 'no quote');
    await until(async () => (await requests(key, '/v1/quote')).length === 2, 'the second quote was not sent');
    expect(quotes).to.have.length(1);
    expect(quotes[0]!.detail.routes.every((r) => r.sellAmount === '0.2')).to.equal(true);
    await until(() => routeButtons(el).length > 0, 'no routes');
  });

  it('a hand-out under way when the request changes is dropped, never handed out for the earlier request', async () => {
    const key = scope('stale-handout');
    await control(key, { faults: [{ kind: 'latency', ms: 300, path: '/v1/protocol-b-deposit-channel', times: 1 }] });
    const el = await widget(key, {
      providers: 'PROTOCOL_B',
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '1',
      'destination-address': BTC_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-quote');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    (await pickFirstRoute(el)).click();
    await until(
      async () => (await requests(key, '/v1/protocol-b-deposit-channel')).length === 1,
      'no channel asked for',
    );
    // The channel opens before the review, so the change comes while the route is prepared.
    type(el, 'amount', '2');
    await el.updateComplete;
    // The channel's answer arrives after the change: it belongs to the earlier request.
    await until(
      async () => (await requests(key, '/v1/protocol-b-deposit-channel'))[0]!.status !== undefined,
      'the channel was not answered',
    );
    await until(() => ofType(seen, 'swap-quote').length === 2, 'no quote for the new amount');
    expect(ofType(seen, 'swap-memo')).to.have.length(0);
    expect(shadow(el).querySelector('swap-memo-flow')).to.equal(null);
  });
});
