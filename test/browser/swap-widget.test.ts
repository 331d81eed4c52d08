import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import { SERVER_RETRY_MS } from '../../src/controllers/quotes/quote-controller.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import {
  LOCAL_NODES,
  allRoutes,
  control,
  ofType,
  record,
  requests,
  routeButtons,
  reviewButton,
  routeCard,
  scope,
  shadow,
  until,
} from './helpers.js';
import { deepActiveElement, deepQuery } from './shadow.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

async function widget(key: string, attrs: Record<string, string> = {}): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('api-key', key);
  for (const [k, v] of Object.entries({
    ...LOCAL_NODES,
    'sell-asset': 'BTC.BTC',
    'buy-asset': 'ETH.ETH',
    'sell-amount': '0.1',
    'destination-address': ETH_ADDRESS,
    ...attrs,
  })) {
    if (v !== '') el.setAttribute(k, v);
  }
  return fixture<SwapWidget>(html`<div>${el}</div>`).then(() => el);
}

function typeAmount(el: SwapWidget, value: string) {
  const input = deepQuery<HTMLInputElement>(el, 'swap-quote-form', '#amount')!;
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('<swap-widget>', () => {
  it('is defined once, and defining it again is harmless', async () => {
    const { define } = await import('../../src/define.js');
    const ctor = customElements.get('swap-widget')!;
    expect(ctor).to.exist;
    expect(() => define('swap-widget', class extends HTMLElement {})).not.to.throw();
    expect(customElements.get('swap-widget')).to.equal(ctor);
  });

  it('quotes once the input settles and shows routes with their fees and the affiliate line', async () => {
    const key = scope('quote');
    const el = document.createElement('swap-widget');
    const events = record(el, 'swap-quote', 'swap-error');
    el.setAttribute('api-key', key);
    el.setAttribute('affiliate', 'sw');
    el.setAttribute('affiliate-fee', '30');
    el.setAttribute('sell-asset', 'BTC.BTC');
    el.setAttribute('buy-asset', 'ETH.ETH');
    el.setAttribute('sell-amount', '0.1');
    el.setAttribute('destination-address', ETH_ADDRESS);
    await fixture(html`<div>${el}</div>`);

    await until(() => events.some((e) => e.type === 'swap-quote'), 'no swap-quote');
    const quote = ofType(events, 'swap-quote')[0]!;
    expect(quote.bubbles && quote.composed).to.equal(true);
    expect(quote.detail.routes.length).to.be.greaterThan(0);
    expect(JSON.parse(JSON.stringify(quote.detail))).to.deep.equal(quote.detail);

    const sent = await requests(key, '/v1/quote');
    expect(sent).to.have.length(1);
    expect(sent[0]!.body).to.include({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
      affiliate: 'sw',
      affiliateFee: 30,
    });

    await until(() => routeButtons(el as SwapWidget).length > 0, 'no routes on screen');
    const routes = await allRoutes(el as SwapWidget);
    expect(routes.length).to.equal(quote.detail.routes.length);
    const first = routes[0]!;
    expect(first.textContent).to.match(/ETH/);
    const card = routeCard(first);
    expect(card.querySelector('[data-type="affiliate"]')?.textContent).to.contain('sw');
    expect(card.querySelector('[data-type="liquidity"]')).to.exist;
    expect(card.textContent).to.match(/at your slippage limit/);
    expect(events.filter((e) => e.type === 'swap-error')).to.have.length(0);
  });

  it('orders routes by the RECOMMENDED tag, then by output, whatever the service order', async () => {
    const key = scope('rank');
    const el = await widget(key, { 'sell-amount': '2' });
    const events = record(el, 'swap-quote');
    await until(() => events.length > 0 && routeButtons(el).length > 0, 'no routes');
    const routes = events[0]!.detail.routes;
    const shown = (await allRoutes(el)).map((b) => Number(b.dataset.index));
    const recommended = routes.findIndex((r) => (r.meta.tags ?? []).includes('RECOMMENDED'));
    if (recommended >= 0) expect(shown[0]).to.equal(recommended);
    const rest = shown.filter((i) => i !== recommended).map((i) => Number(routes[i]!.expectedBuyAmount));
    expect(rest).to.deep.equal([...rest].sort((a, b) => b - a));
  });

  for (const [attr, value] of [
    ['affiliate-fee', 'abc'],
    ['affiliate-fee', '-5'],
    ['affiliate-fee', '5000'],
    ['affiliate-fee', '1.5'],
    ['affiliate-fee', ''],
    ['slippage', '101'],
    ['slippage', '100'],
    ['slippage', '0'],
    ['slippage', '-1'],
    ['providers', 'PROTOCOL_A,NOT_A_PROVIDER'],
    ['sell-asset', 'btc-btc'],
    ['buy-asset', 'ETH'],
    ['destination-address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046'],
    ['destination-address', BTC_ADDRESS],
    ['source-address', '0x1234'],
    ['theme', 'purple'],
  ] as const) {
    it(`refuses ${attr}="${value}" with invalid-config and sends no quote`, async () => {
      const key = scope('cfg');
      const el = document.createElement('swap-widget');
      const errors = record(el, 'swap-error');
      el.setAttribute('api-key', key);
      el.setAttribute('sell-asset', 'BTC.BTC');
      el.setAttribute('buy-asset', 'ETH.ETH');
      el.setAttribute('sell-amount', '0.1');
      el.setAttribute('destination-address', ETH_ADDRESS);
      el.setAttribute(attr, value);
      await fixture(html`<div>${el}</div>`);
      await until(() => errors.length > 0, 'no swap-error');
      expect(errors[0]!.detail).to.include({ code: 'invalid-config', field: attr });
      // The host is told the attribute and its rules, in plain English; the user what is held up, never the attribute.
      expect(errors[0]!.detail.message).to.contain(attr);
      expect(errors[0]!.detail.message).not.to.match(/[\u2066-\u2069]/);
      const box = shadow(el).querySelector('[part="config-errors"]');
      expect(box?.textContent?.trim()).to.match(
        /^(From address|To address|Amount|Slippage tolerance \(%\)|You sell|You buy): the value the app gave cannot be used\.$|^The app showing this widget has a setting to fix/,
      );
      expect(box?.textContent).not.to.contain(attr);
      // Asked to quote at once (no debounce to wait out), it still sends nothing: a broken
      // configuration makes no request.
      await el.refresh();
      expect(await requests(key, '/v1/quote')).to.have.length(0);
    });
  }

  describe('messages for the integrator: the console and swap-error, never the widget', () => {
    const warnings: string[] = [];
    const warn = console.warn;
    before(() => {
      console.warn = (...args: unknown[]) => {
        if (String(args[0]).startsWith('swap-widget:')) warnings.push(args.join(' '));
        else warn(...args);
      };
    });
    after(() => {
      console.warn = warn;
    });
    beforeEach(() => (warnings.length = 0));

    /** Every text of the widget, through its shadow roots and theirs. */
    const everything = (node: Node): string =>
      [...node.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : everything(n))).join(' ') +
      ((node as Element).shadowRoot ? everything((node as Element).shadowRoot!) : '');

    it('an affiliate name over 3 characters: console.warn and swap-error config-warning naming the attribute, once; quoting goes on; nothing in the widget', async () => {
      const el = document.createElement('swap-widget');
      const events = record(el, 'swap-error', 'swap-quote');
      const key = scope('aff');
      for (const [k, v] of Object.entries({
        ...LOCAL_NODES,
        'api-key': key,
        affiliate: 'partner',
        'affiliate-fee': '10',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      }))
        el.setAttribute(k, v);
      await fixture(html`<div>${el}</div>`);
      await until(() => ofType(events, 'swap-quote').length > 0 && routeButtons(el).length > 0, 'no quote');
      const errors = ofType(events, 'swap-error');
      expect(errors.map((e) => [e.detail.code, e.detail.field])).to.deep.equal([['config-warning', 'affiliate']]);
      expect(errors[0]!.detail.message).to.contain('longer than 3 characters');
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain('partner').and.to.contain('longer than 3 characters');
      // Not in the user's view, in any part.
      expect(shadow(el).querySelector('.config-warnings, [part="config-errors"]')).to.equal(null);
      expect(everything(el)).not.to.contain('longer than 3 characters');
      // Once per value: another input, the same name, nothing more.
      el.sellAmount = '0.2';
      await el.updateComplete;
      await until(() => ofType(events, 'swap-quote').length > 1, 'no second quote');
      expect(ofType(events, 'swap-error')).to.have.length(1);
      expect(warnings).to.have.length(1);
      el.affiliate = 'partner2';
      await el.updateComplete;
      expect(ofType(events, 'swap-error').map((e) => e.detail.code)).to.deep.equal([
        'config-warning',
        'config-warning',
      ]);
      expect(warnings).to.have.length(2);
    });

    it('a deprecated service version: console.warn and swap-error deprecated, once; nothing in the widget', async () => {
      const key = scope('deprecated');
      await control(key, { deprecated: true, sunsetDate: '2027-06-01T00:00:00Z' });
      const el = document.createElement('swap-widget');
      const events = record(el, 'swap-error', 'swap-quote');
      for (const [k, v] of Object.entries({
        ...LOCAL_NODES,
        'api-key': key,
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      }))
        el.setAttribute(k, v);
      await fixture(html`<div>${el}</div>`);
      await until(
        () => ofType(events, 'swap-error').length > 0 && routeButtons(el).length > 0,
        'no deprecation notice, or no routes',
      );
      el.sellAmount = '0.2';
      await until(() => ofType(events, 'swap-quote').length > 1, 'no second quote');
      const errors = ofType(events, 'swap-error');
      expect(errors.map((e) => e.detail.code)).to.deep.equal(['deprecated']);
      expect(errors[0]!.detail.message).to.contain('deprecated and will be removed on');
      expect(warnings).to.have.length(1);
      expect(everything(el)).not.to.contain('deprecated');
    });
  });

  it('quotes again once a bad value is fixed', async () => {
    const key = scope('fix');
    const el = await widget(key, { 'affiliate-fee': 'abc', affiliate: 'sw' });
    const quotes = record(el, 'swap-quote');
    await el.updateComplete;
    await el.refresh();
    expect(await requests(key, '/v1/quote')).to.have.length(0);
    el.affiliateFee = '25';
    await until(() => quotes.length > 0, 'no quote after the fix');
    expect(shadow(el).querySelector('[part="config-errors"]')).to.equal(null);
    const sent = await requests(key, '/v1/quote');
    expect(sent[0]!.body).to.include({ affiliateFee: 25 });
  });

  it('re-quotes when affiliate-fee, the pair, the amount or providers change', async () => {
    const key = scope('react');
    const el = await widget(key, { affiliate: 'sw', 'affiliate-fee': '10' });
    const quotes = record(el, 'swap-quote');
    await until(() => quotes.length === 1, 'first quote');
    el.setAttribute('affiliate-fee', '20');
    await until(() => quotes.length === 2, 'quote after affiliate-fee');
    el.sellAmount = '0.2';
    await until(() => quotes.length === 3, 'quote after amount');
    el.providers = 'PROTOCOL_A';
    await until(() => quotes.length === 4, 'quote after providers');
    const sent = await requests(key, '/v1/quote');
    expect(sent.map((r) => r.body?.affiliateFee)).to.deep.equal([10, 20, 20, 20]);
    expect(sent[3]!.body?.providers).to.deep.equal(['PROTOCOL_A']);
    expect(sent[2]!.body?.sellAmount).to.equal('0.2');
  });

  it('shows its form first, then checks the addresses and sends its requests after that frame', async () => {
    const key = scope('startup');
    // The browser's own record of the requests the page starts (Resource Timing), instead of
    // a patched window.fetch: each entry says when its request started.
    const started: PerformanceResourceTiming[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceResourceTiming[])
        if (new URL(e.name).pathname.startsWith('/v1/')) started.push(e);
    });
    observer.observe({ type: 'resource' });
    const since = performance.now();
    const el = document.createElement('swap-widget');
    let frameAt: number | undefined;
    try {
      for (const [k, v] of Object.entries({
        'api-key': key,
        'sell-asset': 'ETH.ETH',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '1',
        'destination-address': ETH_ADDRESS,
      })) {
        el.setAttribute(k, v);
      }
      document.body.append(el);
      requestAnimationFrame(() => (frameAt ??= performance.now()));
      // The start goes in steps; updateComplete asked for between them still waits for the last.
      let betweenSteps: 'asked' | number | undefined;
      const steps = new MutationObserver(() => {
        if (betweenSteps || !shadow(el).querySelector('[part="config-errors"]')) return;
        betweenSteps = 'asked';
        void el.updateComplete.then(() => (betweenSteps = performance.now()));
      });
      steps.observe(shadow(el), { childList: true, subtree: true });
      // lit's first update runs in a microtask: the form is there, nothing else yet.
      await new Promise((r) => setTimeout(r));
      expect(deepQuery<HTMLInputElement>(el, 'swap-quote-form', '#amount')?.value).to.equal('1');
      if (frameAt === undefined)
        expect(shadow(el).querySelector('[part="config-errors"]'), 'checked before the first frame').to.equal(null);
      // updateComplete waits for the start: the bad address is reported, the lists asked for.
      await el.updateComplete;
      expect(frameAt, 'a frame was painted').to.be.a('number');
      expect(shadow(el).querySelector('[part="config-errors"]')!.textContent).to.match(
        /To address: the value the app gave/,
      );
      await until(() => betweenSteps !== 'asked', 'updateComplete asked for between the steps never resolved');
      steps.disconnect();
      const tokens = () => started.find((e) => e.startTime > since && new URL(e.name).pathname === '/v1/tokens');
      await until(() => tokens(), 'the token list was never asked for');
      const mine = started.filter((e) => e.startTime > since);
      for (const e of mine) expect(e.startTime, `${e.name} started before the first frame`).to.be.at.least(frameAt!);
      expect(
        tokens()!.startTime,
        'updateComplete asked for between the steps resolved before the token list was asked for',
      ).to.be.at.most(betweenSteps as number);
      expect(
        (await requests(key)).some((r) => r.path === '/v1/tokens'),
        'the service saw the token list asked for',
      ).to.equal(true);
    } finally {
      observer.disconnect();
      el.remove();
    }
  });

  it('sends exactly one request for a burst of keystrokes', async () => {
    const key = scope('burst');
    const el = await widget(key, { 'sell-amount': '' });
    const quotes = record(el, 'swap-quote');
    await el.updateComplete;
    // Each keystroke rendered on its own, as a typing user's are: each makes a new request.
    for (const v of ['0', '0.', '0.1', '0.12', '0.125']) {
      typeAmount(el, v);
      await el.updateComplete;
      await new Promise((r) => requestAnimationFrame(r));
    }
    await until(() => quotes.length === 1, 'no quote');
    // Nothing can follow the answer to the last keystroke: the log is complete.
    const sent = await requests(key, '/v1/quote');
    expect(sent).to.have.length(1);
    expect(sent[0]!.body?.sellAmount).to.equal('0.125');
  });

  it('never lets a stale answer replace a fresh one', async () => {
    const key = scope('stale');
    // The first quote request is held for 2.5 s; the next answers at once.
    await control(key, { faults: [{ kind: 'latency', ms: 2500, path: '/v1/quote', times: 1 }] });
    const el = await widget(key, { 'sell-amount': '0.1' });
    const quotes = record(el, 'swap-quote');
    await until(async () => (await requests(key, '/v1/quote')).length === 1, 'first request');
    el.sellAmount = '0.3';
    await until(() => quotes.length === 1, 'fresh answer');
    expect(quotes[0]!.detail.routes[0]!.sellAmount).to.equal('0.3');
    // The stale request was dropped, not waited for: the service saw its connection close
    // unanswered (status 0) rather than answering it 2.5 s in.
    await until(
      async () => (await requests(key, '/v1/quote'))[0]!.status !== undefined,
      'the stale request never ended',
    );
    expect((await requests(key, '/v1/quote'))[0]!.status, 'the stale request was answered').to.equal(0);
    await el.updateComplete;
    expect(quotes).to.have.length(1);
    expect(routeButtons(el), "the fresh answer's routes are shown").to.not.be.empty;
    const sent = await requests(key, '/v1/quote');
    expect(sent.map((r) => r.body?.sellAmount)).to.deep.equal(['0.1', '0.3']);
  });

  it('keeps two widgets with different affiliates apart', async () => {
    const a = scope('a');
    const b = scope('b');
    const wrap = await fixture(html`<div>
      <swap-widget api-key=${a} affiliate="aa" affiliate-fee="10" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address=${ETH_ADDRESS}></swap-widget>
      <swap-widget api-key=${b} affiliate="bb" affiliate-fee="50" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address=${ETH_ADDRESS}></swap-widget>
    </div>`);
    const [wa, wb] = [...wrap.querySelectorAll('swap-widget')] as [SwapWidget, SwapWidget];
    await until(() => routeButtons(wa).length > 0 && routeButtons(wb).length > 0, 'routes in both');
    const [ra, rb] = [await requests(a, '/v1/quote'), await requests(b, '/v1/quote')];
    expect(ra.map((r) => r.body?.affiliate)).to.deep.equal(['aa']);
    expect(rb.map((r) => r.body?.affiliate)).to.deep.equal(['bb']);
    expect(routeCard(routeButtons(wa)[0]!).querySelector('[data-type="affiliate"]')?.textContent).to.contain('aa');
    expect(routeCard(routeButtons(wb)[0]!).querySelector('[data-type="affiliate"]')?.textContent).to.contain('bb');
  });

  it('preselects the best route; picking another dispatches swap-route and moves the selection', async () => {
    const key = scope('select');
    const el = await widget(key);
    const seen = record(el, 'swap-quote', 'swap-route');
    await until(() => routeButtons(el).length > 0, 'routes');
    await el.updateComplete;
    expect((await allRoutes(el)).length).to.be.greaterThan(1);
    expect(routeButtons(el)[0]!.getAttribute('aria-checked'), 'the best route is preselected').to.equal('true');
    expect(!!shadow(el).querySelector('[part="swap-button"]'), 'Swap is offered for it').to.equal(true);
    expect(ofType(seen, 'swap-route'), 'a preselection is not the user picking').to.have.length(0);
    const button = routeButtons(el)[1]!;
    button.click();
    await until(() => seen.some((e) => e.type === 'swap-route'), 'no swap-route');
    const ev = ofType(seen, 'swap-route')[0]!;
    const quote = ofType(seen, 'swap-quote')[0]!;
    expect(ev.detail.quoteId).to.equal(quote.detail.quoteId);
    expect(ev.detail.routeIndex).to.equal(Number(button.dataset.index));
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="swap-button"]')).to.exist;
    expect(button.getAttribute('aria-checked')).to.equal('true');
  });

  it('asks for transactions when the source address is on an EVM chain', async () => {
    const key = scope('evm');
    const el = await widget(key, {
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'sell-amount': '1',
      'source-address': ETH_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    const quotes = record(el, 'swap-quote');
    await until(() => quotes.length > 0, 'no quote');
    const sent = await requests(key, '/v1/quote');
    expect(sent[0]!.body?.includeTx).to.equal(true);
  });

  it('passes axe with the form, the routes and a selected route', async () => {
    const key = scope('axe');
    const el = await widget(key, { affiliate: 'sw', 'affiliate-fee': '30' });
    await until(() => routeButtons(el).length > 0, 'routes');
    await expect(el).to.be.accessible();
    routeButtons(el)[0]!.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  describe('errors', () => {
    it('tells each provider error when there is no route (no-routes)', async () => {
      const key = scope('noroutes');
      const el = await widget(key, { 'sell-amount': '0.00000001' });
      const errors = record(el, 'swap-error');
      await until(() => errors.length > 0, 'no swap-error');
      expect(errors[0]!.detail.code).to.equal('no-routes');
      const box = shadow(el).querySelector('[part="error"]')!;
      expect(box.getAttribute('role')).to.equal('alert');
      expect(box.querySelectorAll('li').length).to.be.greaterThan(0);
      expect(box.textContent).to.match(/too small/);
      // The widget's own words with the pair's symbols, never the service's identifiers; those reach the host.
      const first = box.querySelector('p')!.textContent!.replace(/[\u2066-\u2069]/g, '');
      expect(first).to.match(/^No route from BTC to ETH/);
      expect(box.textContent).not.to.contain('BTC.BTC');
      expect(errors[0]!.detail.message).to.contain('BTC.BTC');
    });

    for (const [fault, code] of [
      ['500', 'service'],
      ['wrong-types', 'bad-response'],
      ['malformed', 'bad-response'],
    ] as const) {
      it(`reports a ${fault} answer as ${code} and recovers on the next input`, async () => {
        const key = scope(fault);
        // A 500 is asked again quietly: it is reported once it stays through every try.
        const times = fault === '500' ? 1 + SERVER_RETRY_MS.length : 1;
        await control(key, { faults: [{ kind: fault, path: '/v1/quote', times }] });
        const el = await widget(key);
        const seen = record(el, 'swap-error', 'swap-quote');
        await until(() => seen.some((e) => e.type === 'swap-error'), 'no swap-error');
        const error = ofType(seen, 'swap-error')[0]!;
        expect(error.detail.code).to.equal(code);
        expect(shadow(el).querySelector('[part="error"]')?.getAttribute('data-code')).to.equal(code);
        el.sellAmount = '0.2';
        await until(() => seen.some((e) => e.type === 'swap-quote'), 'no recovery');
        expect(shadow(el).querySelector('[part="error"]')).to.equal(null);
      });
    }

    it('shows the problem detail of a service error', async () => {
      const key = scope('400');
      // The widget never sends a bad request itself: make the service refuse one it accepts (through every quiet try).
      await control(key, { faults: [{ kind: '500', path: '/v1/quote', times: 1 + SERVER_RETRY_MS.length }] });
      const el = await widget(key);
      const errors = record(el, 'swap-error');
      await until(() => errors.length > 0, 'no swap-error');
      expect(errors[0]!.detail.message.length).to.be.greaterThan(0);
      expect(shadow(el).querySelector('[part="error"]')?.textContent).to.contain(errors[0]!.detail.message);
    });

    it('reports no answer as network and quotes again with refresh()', async () => {
      const key = scope('net');
      const el = await widget(key, { 'api-url': 'http://127.0.0.1:9' });
      const seen = record(el, 'swap-error', 'swap-quote');
      await until(
        () => ofType(seen, 'swap-error').some((e) => e.detail.code === 'network'),
        'no network error',
        15_000,
      );
      el.removeAttribute('api-url');
      await el.updateComplete;
      await el.refresh();
      await until(() => seen.some((e) => e.type === 'swap-quote'), 'no quote after refresh');
    });
  });

  describe('said before it is pressed; outages; small things a newcomer meets', () => {
    const main = (el: SwapWidget) => shadow(el).querySelector<HTMLButtonElement>('[part="swap-button"]');
    const mainText = (el: SwapWidget) => (main(el)?.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim();
    const boxes = (el: SwapWidget) => shadow(el).querySelectorAll('[part="error"]');

    it('a single 500 from /v1/quote is asked again quietly: the routes, and nothing said', async () => {
      const key = scope('one-500');
      await control(key, { faults: [{ kind: '500', path: '/v1/quote', times: 1 }] });
      const el = await widget(key);
      const seen = record(el, 'swap-error', 'swap-quote');
      await until(() => routeButtons(el).length > 0, 'no routes after the retry', 15_000);
      expect(ofType(seen, 'swap-error')).to.have.length(0);
      expect((await requests(key, '/v1/quote')).map((q) => q.status)).to.deep.equal([500, 200]);
      expect(boxes(el)).to.have.length(0);
    });

    it('during an outage the main button says the service is unavailable, in one problem box; once back, the routes and no token error beside them', async function () {
      this.timeout(30_000);
      const key = scope('outage-button');
      await control(key, {
        faults: [
          { kind: 'drop', path: '/v1/quote', times: 10_000 },
          { kind: 'drop', path: '/v1/tokens', times: 10_000 },
        ],
      });
      const el = await widget(key);
      await until(() => main(el)?.dataset.step === 'service-down', 'the main button does not say the service is down');
      expect(mainText(el)).to.equal('Swap service unavailable');
      expect(main(el)!.disabled).to.equal(true);
      await until(() => boxes(el).length > 0, 'no problem box');
      expect(boxes(el)).to.have.length(1);
      expect(boxes(el)[0]!.getAttribute('data-code')).to.equal('network');

      await control(key, { reset: true }); // the service is back
      await until(() => routeButtons(el).length > 0, 'routes did not come back', 15_000);
      await el.updateComplete;
      expect(shadow(el).querySelector('[part="quote-status"]')!.textContent).to.match(/routes? found/);
      expect(boxes(el), 'the token list failure is shown beside the routes').to.have.length(0);
      expect(main(el)!.dataset.step).to.equal('review');
    });

    it('an amount of 0 (or 0.000) asks for an amount, and nothing is quoted', async () => {
      for (const amount of ['0', '0.000']) {
        const key = scope('zero');
        const el = await widget(key, { 'sell-amount': amount });
        await el.updateComplete;
        await el.refresh();
        expect([main(el)!.dataset.step, mainText(el)], amount).to.deep.equal(['enter-amount', 'Enter an amount']);
        expect(main(el)!.disabled).to.equal(false);
        expect(await requests(key, '/v1/quote'), amount).to.have.length(0);
      }
    });

    it('a route only a wallet can send, on a page with none: the button says so and still opens the review (the host may take it)', async () => {
      const key = scope('no-wallet');
      const el = await widget(key, {
        providers: 'PROTOCOL_A',
        'sell-asset': 'ETH.ETH',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '1',
        'source-address': ETH_ADDRESS,
        'destination-address': BTC_ADDRESS,
      });
      await until(
        () => main(el)?.dataset.step === 'no-wallet',
        'the main button does not say no wallet was found',
        15_000,
      );
      expect(mainText(el)).to.equal('Review swap (no Ethereum wallet found)');
      expect(main(el)!.disabled).to.equal(false);
      (await reviewButton(el)).click();
      await until(() => deepQuery(el, 'swap-review'), 'no review');
    });

    it('Escape closes the review: the form is back, nothing handed out, Review swap pressable again', async () => {
      const key = scope('escape');
      const el = await widget(key);
      const seen = record(el, 'swap-memo', 'swap-tx');
      (await reviewButton(el)).click();
      await until(
        () => deepActiveElement() === deepQuery(el, 'swap-review', '#review-title'),
        'the review heading has no focus',
      );
      await sendKeys({ press: 'Escape' });
      await until(() => !deepQuery(el, 'swap-review'), 'Escape did not close the review');
      expect(seen).to.have.length(0);
      await reviewButton(el);
    });

    describe('attributes a framework wrote from property names (React 19 on an element defined after hydration)', () => {
      const warnings: string[] = [];
      const warn = console.warn;
      before(() => {
        console.warn = (...args: unknown[]) => {
          if (String(args[0]).startsWith('swap-widget:')) warnings.push(args.join(' '));
          else warn(...args);
        };
      });
      after(() => {
        console.warn = warn;
      });
      beforeEach(() => (warnings.length = 0));

      it('are watched: every camelCase property lower-cased, and the properties that have no attribute', () => {
        const observed = (customElements.get('swap-widget') as unknown as { observedAttributes: string[] })
          .observedAttributes;
        for (const name of [
          'affiliatefee',
          'hostsigns',
          'sellasset',
          'rpcurls',
          'pollinterval',
          'decimals',
          'balances',
        ])
          expect(observed, name).to.include(name);
        expect(observed).to.include('affiliate-fee');
      });

      it('each is config-warning naming the attribute meant, in the console too, once; none is read', async () => {
        const key = scope('stray');
        const el = document.createElement('swap-widget');
        const seen = record(el, 'swap-error', 'swap-quote');
        // What React 19 writes for <swap-widget affiliate="sw" affiliateFee={30} hostSigns /> before the element is defined.
        for (const [k, v] of Object.entries({
          ...LOCAL_NODES,
          'api-key': key,
          affiliate: 'sw',
          affiliatefee: '30',
          hostsigns: 'true',
          'sell-asset': 'BTC.BTC',
          'buy-asset': 'ETH.ETH',
          'sell-amount': '0.1',
          'destination-address': ETH_ADDRESS,
        }))
          el.setAttribute(k, v);
        await fixture(html`<div>${el}</div>`);
        await until(() => ofType(seen, 'swap-quote').length > 0, 'no quote');
        const strays = ofType(seen, 'swap-error').filter((e) => e.detail.code === 'config-warning');
        expect(strays.map((e) => e.detail.field)).to.deep.equal(['affiliate-fee', 'host-signs']);
        expect(strays[0]!.detail.message).to.match(/^affiliatefee is not read: .*affiliateFee.*write affiliate-fee\.$/);
        expect(warnings).to.have.length(2);
        // Not read: the fee asked for is 0, and the host does not sign.
        expect((await requests(key, '/v1/quote'))[0]!.body?.affiliateFee ?? 0).to.equal(0);
        expect(el.hostSigns).to.equal(false);
        // One written after the element was defined is told too; one told is not told again.
        el.setAttribute('sellamount', '0.2');
        el.setAttribute('affiliatefee', '31');
        await el.updateComplete;
        await until(() => warnings.length === 3, 'the attribute set later was not told');
        expect(ofType(seen, 'swap-error').at(-1)!.detail.field).to.equal('sell-amount');
        expect(shadow(el).textContent).not.to.contain('affiliatefee');
      });
    });
  });
});
