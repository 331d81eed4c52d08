/**
 * The framework examples of demo/frameworks/, built by scripts/build-frameworks.js (the
 * browser tests' pretest), each loaded in an iframe from the test server's origin, where the
 * reference service answers /v1/*: React 19 and Vue 3 set properties and listen to events on
 * <swap-widget> natively, and a plain page with only the script tag quotes too.
 */
import { expect } from '@open-wc/testing';
import { requests, scope, shadow, until, routeButtons } from '../helpers.js';
import { closeFrames, openFrame, widgetIn, type EmbeddingWindow } from './frame.js';

const quotesOf = (win: EmbeddingWindow) => (win.frameworkEvents ?? []).filter((e) => e.type === 'swap-quote');

for (const framework of ['react', 'vue'] as const) {
  describe(`${framework === 'react' ? 'React 19' : 'Vue 3'} example`, () => {
    afterEach(closeFrames);

    it('sets the widget’s properties, and its handler receives swap-quote from the service', async function () {
      this.timeout(30_000);
      const key = scope(framework);
      const { win, doc } = await openFrame(`/demo/frameworks/dist/${framework}.html?key=${key}&fee=30`);
      await until(() => quotesOf(win).length > 0, `the ${framework} handler received no swap-quote`, 20_000);
      const el = widgetIn(doc);

      // Properties, not attributes: the number stays a number; the widget reflects it.
      expect(el.affiliateFee).to.equal(30);
      expect(el.sellAmount).to.equal('0.1');
      expect(el.apiKey).to.equal(key);
      expect(el.getAttribute('affiliate-fee')).to.equal('30');
      expect(el.hasAttribute('affiliatefee')).to.equal(false);
      expect(Object.prototype.hasOwnProperty.call(el, 'affiliate-fee')).to.equal(false);

      // The framework rendered what its handler got.
      const first = quotesOf(win)[0]!;
      expect(first.routes).to.be.greaterThan(0);
      await until(
        () => doc.getElementById('route-count')?.textContent === String(quotesOf(win).at(-1)!.routes),
        'the route count is not rendered',
      );
      expect(routeButtons(el).length).to.be.greaterThan(0);
      expect(doc.getElementById('error')).to.equal(null);

      // It went to the reference service with what the framework set.
      const quoted = await requests(key, '/v1/quote');
      expect(quoted.at(-1)!.body).to.include({
        affiliate: 'abc',
        affiliateFee: 30,
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
      });

      // A state change in the framework re-sets the property; the widget re-quotes.
      const before = quotesOf(win).length;
      doc.querySelector<HTMLButtonElement>('#raise-fee')!.click();
      await until(() => el.affiliateFee === 40, 'the framework did not set the new fee');
      await until(() => quotesOf(win).length > before, 'no swap-quote after the fee changed', 15_000);
      const requoted = await requests(key, '/v1/quote');
      expect(requoted.at(-1)!.body).to.include({ affiliateFee: 40 });
      // Vue's example records the warnings Vue gives (its warnHandler); React's has no such hook.
      if (framework === 'vue') expect(win.frameworkWarnings, 'Vue warned').to.deep.equal([]);
      expect(win.frameworkEvents!.filter((e) => e.type === 'swap-error')).to.deep.equal([]);
    });
  });
}

describe('plain page with only the script tag', () => {
  afterEach(closeFrames);

  for (const page of ['plain.html', 'plain-iife.html']) {
    it(`${page}: the element is defined by the bundle and quotes from its attributes`, async function () {
      this.timeout(30_000);
      const { win, doc } = await openFrame(`/demo/frameworks/${page}`);
      await until(() => !!win.customElements.get('swap-widget'), 'swap-widget is not defined');
      const el = widgetIn(doc);
      // The page carries no key; set one (as a host could at any time) and watch that quote.
      const key = scope('plain');
      const quotes: CustomEvent[] = [];
      el.addEventListener('swap-quote', (e) => quotes.push(e));
      el.setAttribute('api-key', key);
      await until(() => quotes.length > 0, 'no swap-quote', 20_000);
      expect(el.affiliateFee).to.equal('30');
      expect((quotes[0]!.detail as { routes: unknown[] }).routes.length).to.be.greaterThan(0);
      expect(shadow(el).querySelector('[part~="route"]')).to.exist;
      const quoted = await requests(key, '/v1/quote');
      expect(quoted.at(-1)!.body).to.include({ affiliate: 'abc', affiliateFee: 30 });
    });
  }
});
