/**
 * The routes as a user meets them in the widget (issue 24, items 1 and 7), against the reference
 * service: the selected route as one compact card and the others behind "N more routes", a
 * radio group the keyboard moves through, short names, "You buy" valued in USD and never spoken
 * on every quote, nothing scrolling sideways at 320 px, and words kept apart in the bundle.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { LOCAL_NODES, allRoutes, ofType, record, routeButtons, routeCard, scope, shadow, until } from './helpers.js';
import { deepActiveElement, deepQuery } from './shadow.js';
import type { SwapQuoteForm } from '../../src/components/quote-form.js';
import { readableAmount } from '../../src/util/format.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** A widget in a box `width` px wide, quoting BTC -> ETH; resolves once its routes are on screen. */
async function quoted(width: number, attrs: Record<string, string> = {}): Promise<{ el: SwapWidget; seen: Event[] }> {
  const el = document.createElement('swap-widget');
  const seen = record(el, 'swap-quote', 'swap-route');
  const all = {
    ...LOCAL_NODES,
    'api-key': scope('routes'),
    affiliate: 'sw',
    'affiliate-fee': '30',
    'sell-asset': 'BTC.BTC',
    'buy-asset': 'ETH.ETH',
    'sell-amount': '0.1',
    'destination-address': ETH_ADDRESS,
    ...attrs,
  };
  for (const [k, v] of Object.entries(all)) el.setAttribute(k, v);
  const box = await fixture<HTMLElement>(html`<div></div>`);
  box.style.width = `${width}px`;
  box.append(el);
  await until(() => ofType(seen, 'swap-quote').length > 0 && routeButtons(el).length > 0, 'no routes', 15_000);
  await el.updateComplete;
  return { el, seen };
}

const more = (el: SwapWidget) => shadow(el).querySelector<HTMLButtonElement>('[part="more-routes"]')!;
const name = (b: Element) => (b.getAttribute('aria-label') ?? '').replace(/[\u2066-\u2069]/g, '');
const text = (n: Element | null | undefined) =>
  (n?.textContent ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('routes in the widget', () => {
  afterEach(async () => {
    document.body.style.margin = '';
    await setViewport({ width: 800, height: 600 });
  });

  it('is at most 600 px tall at 400 px wide with 3 routes: the best one shown, "2 more routes" for the others', async () => {
    const { el, seen } = await quoted(400);
    expect(ofType(seen, 'swap-quote')[0]!.detail.routes, 'a quote of 3 routes').to.have.length(3);
    expect(routeButtons(el)).to.have.length(1);
    expect(routeButtons(el)[0]!.getAttribute('aria-checked'), 'the best route, selected').to.equal('true');
    expect(text(more(el))).to.equal('2 more routes');
    const { width, height } = el.getBoundingClientRect();
    expect(width).to.equal(400);
    expect(height, `${height} px tall`).to.be.at.most(600);
  });

  it('"N more routes" opens the others and closes them again', async () => {
    const { el } = await quoted(400);
    expect(more(el).getAttribute('aria-expanded')).to.equal('false');
    expect(await allRoutes(el)).to.have.length(3);
    expect(more(el).getAttribute('aria-expanded')).to.equal('true');
    more(el).click();
    await el.updateComplete;
    await shadow(el).querySelector('swap-route-list')!.updateComplete;
    expect(routeButtons(el)).to.have.length(1);
    expect(more(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('is a radio group: Tab lands on the checked route, ArrowDown selects the next as a click would, the focus follows', async () => {
    const { el, seen } = await quoted(400);
    const routes = await allRoutes(el);
    const group = shadow(el).querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-label')).to.equal('Routes');
    expect(routes.every((r) => r.getAttribute('role') === 'radio' && group.contains(r))).to.equal(true);
    // The last thing to focus before the routes: the form's "Addresses and slippage".
    deepQuery<HTMLElement>(el, 'swap-quote-form', 'details.settings summary')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(routes[0]);
    await sendKeys({ press: 'ArrowDown' });
    await until(() => ofType(seen, 'swap-route').length > 0, 'no swap-route');
    expect(ofType(seen, 'swap-route')[0]!.detail.routeIndex).to.equal(Number(routes[1]!.dataset.index));
    await el.updateComplete;
    expect(routeButtons(el).map((r) => r.getAttribute('aria-checked'))).to.deep.equal(['false', 'true', 'false']);
    expect(deepActiveElement()).to.equal(routeButtons(el)[1]);
    // Shift+Tab leaves the group; Tab comes back to the checked route.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(routeButtons(el)).not.to.include(deepActiveElement());
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(routeButtons(el)[1]);
  });

  it('names each route shortly (providers and amount); its fee total and countdown describe it', async () => {
    const { el } = await quoted(400, { 'sell-amount': '2' });
    for (const r of await allRoutes(el)) {
      expect(name(r).length, name(r)).to.be.below(60);
      expect(name(r)).to.match(/^[\w ()→]+: [\d.,]+ ETH$/);
      expect(name(r)).not.to.match(/Valid for|Fees/);
      const described = (r.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => text(shadow(el).getElementById(id)))
        .join(' ');
      expect(described).to.match(/Fees [\d.]+ BTC \+ [\d.]+ ETH ≈ \$[\d,.]+/);
      expect(described).to.match(/About \d/);
    }
    const streaming = (await allRoutes(el)).map(routeCard).filter((c) => c.querySelector('.streaming'));
    expect(streaming.length, 'streaming routes at 2 BTC').to.be.greaterThan(0);
    for (const c of streaming) {
      expect(text(c.querySelector('.streaming'))).to.match(/^Streams in (\d+ )?parts for a better price$/);
      expect(c.querySelector('.route-warning'), 'no warning for streaming').to.equal(null);
    }
  });

  it('passes axe with the other routes and a fee breakdown open', async () => {
    const { el } = await quoted(400, { 'sell-amount': '2' });
    const routes = await allRoutes(el);
    routeCard(routes[0]!).querySelector('summary')!.click();
    await expect(el).to.be.accessible();
  });

  it('values "You buy" in USD, and never speaks it on each quote', async () => {
    const { el } = await quoted(400);
    const buy = deepQuery(el, 'swap-quote-form', '.expected')!.closest('fieldset')!;
    expect(text(buy.querySelector('.expected'))).to.match(/^[\d.,]+$/);
    expect(text(buy.querySelector('.usd'))).to.match(/^≈ \$[\d,]+\.\d\d$/);
    expect(buy.querySelector('output, [aria-live], [role="status"], [role="alert"]:not(:empty)')).to.equal(null);
  });

  it('scrolls nothing sideways at 320 px, routes and fees open', async () => {
    await setViewport({ width: 320, height: 800 });
    document.body.style.margin = '0';
    const { el } = await quoted(320, { 'sell-amount': '2.12345678' });
    for (const r of await allRoutes(el)) routeCard(r).querySelector('details')!.open = true;
    await el.updateComplete;
    const widget = shadow(el).querySelector<HTMLElement>('.widget')!;
    expect(document.documentElement.scrollWidth).to.be.at.most(320);
    expect(widget.scrollWidth).to.be.at.most(widget.clientWidth);
    const buy = deepQuery<HTMLElement>(el, 'swap-quote-form', '.expected')!;
    expect(buy.getBoundingClientRect().right).to.be.at.most(320);
    for (const r of routeButtons(el)) expect(routeCard(r).scrollWidth).to.be.at.most(routeCard(r).clientWidth);
  });
});

describe('"You buy", read through the widget root', () => {
  /** What "You buy" shows: the digits on screen and every digit (its title, when the digits on screen were cut). */
  const youBuy = (el: SwapWidget) => {
    const bdi = deepQuery<HTMLElement>(el, 'swap-quote-form', '.expected bdi');
    if (!bdi) return undefined;
    const shown = bdi.querySelector('[aria-hidden="true"]') ?? bdi;
    return { text: text(shown), full: bdi.title || text(bdi) };
  };

  it("is the selected route's expected buy amount, as the form writes it, never its minimum", async () => {
    const { el, seen } = await quoted(400, { 'sell-amount': '2' });
    const { routes } = ofType(seen, 'swap-quote')[0]!.detail;
    const form = deepQuery<SwapQuoteForm>(el, 'swap-quote-form')!;
    const buttons = await allRoutes(el);
    expect(buttons.length, 'several routes').to.be.at.least(2);
    let told = 0;
    for (let i = 0; i < buttons.length; i++) {
      const button = (await allRoutes(el))[i]!;
      const index = Number(button.dataset.index);
      if (button.getAttribute('aria-checked') !== 'true') {
        const before = ofType(seen, 'swap-route').length;
        button.click();
        await until(() => ofType(seen, 'swap-route').length > before, 'no swap-route');
        expect(ofType(seen, 'swap-route').at(-1)!.detail.routeIndex).to.equal(index);
      }
      await el.updateComplete;
      await form.updateComplete;
      const route = routes[index]!;
      const expected = readableAmount(route.expectedBuyAmount, form.locale);
      const minimum = readableAmount(route.expectedBuyAmountMaxSlippage, form.locale);
      // The test tells the two apart only when they are written differently.
      if (minimum.text !== expected.text) told++;
      expect(youBuy(el), `route ${index}: ${route.providers.join('->')}`).to.deep.equal({
        text: expected.text,
        full: expected.full,
      });
    }
    expect(told, 'routes whose minimum is written otherwise than their expected amount').to.equal(buttons.length);
  });
});
