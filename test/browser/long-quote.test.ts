/**
 * A quote answer of the red team's 6 000 routes (about 5 MB) through the tamper proxy
 * (`many-routes`): the widget lists the first 50 and says how many more it did not read.
 * How long the page is held is the bench's to measure (`bench/quick.js long-quote`).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { allRoutes, record, ofType, routeButtons, scope, shadow, until } from './helpers.js';

describe('a quote answer of 6 000 routes', () => {
  afterEach(() => fixtureCleanup());

  it('lists the first 50 routes and says how many more were not read', async function () {
    this.timeout(60_000);
    const el = document.createElement('swap-widget') as SwapWidget;
    for (const [k, v] of Object.entries({
      'api-url': '/__tamper/many-routes',
      'api-key': scope('long-quote'),
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '1',
      'destination-address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    })) {
      el.setAttribute(k, v);
    }
    const seen = record(el, 'swap-quote');
    await fixture(html`<div>${el}</div>`);
    await until(() => routeButtons(el).length > 0, 'no routes', 50_000);
    await el.updateComplete;
    expect(routeButtons(el), 'the best one, the others behind "49 more routes"').to.have.length(1);
    expect(await allRoutes(el)).to.have.length(50);
    expect(ofType(seen, 'swap-quote')[0]!.detail.routes).to.have.length(50);
    expect(shadow(el).querySelector('swap-route-list .unread')?.textContent?.trim()).to.equal(
      'The swap service offered 5,950 more routes, not read: the widget reads the first 50.',
    );
  });
});
