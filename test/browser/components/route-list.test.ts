/**
 * `<swap-route-list>` on its own: ranked entries of a hand-written answer, as the root
 * passes them. It renders into its host's tree (no shadow root), so it is mounted in a
 * plain container here.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
import type { RouteSelectEvent, SwapRouteList } from '../../../src/components/route-list.js';
import { refusal } from '../../../src/domain/refusals.js';
import { priceBook, rankRoutes, type RouteEntry } from '../../../src/domain/routes.js';
import { deepQuery, deepQueryAll } from '../shadow.js';
import { PRICES, route, text } from './fixtures.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const IN_100_S = String(NOW / 1000 + 100);

/** The service's answer: output order, tags set independently (the second route is recommended). */
function entries(): RouteEntry[] {
  const routes = [
    route({ providers: ['PROTOCOL_C'], expectedBuyAmount: '2.5', expectedBuyAmountMaxSlippage: '2.45', meta: { assets: [], tags: ['CHEAPEST'], priceImpact: 3.1 } }),
    route({ providers: ['PROTOCOL_A'], expiration: IN_100_S, meta: { assets: [], tags: ['RECOMMENDED', 'FASTEST'], priceImpact: 0.4 } }),
    route({ providers: ['PROTOCOL_A_STREAMING'], expectedBuyAmount: '2.45', expectedBuyAmountMaxSlippage: '2.4', estimatedTime: 3700, meta: { assets: [], tags: [], priceImpact: 6.2 } }),
  ];
  return rankRoutes(routes, [0, 1, 2], priceBook(PRICES));
}

async function list(props: Partial<Pick<SwapRouteList, 'selected' | 'refused' | 'stale' | 'now' | 'affiliate'>> = {}): Promise<SwapRouteList> {
  const wrap = await fixture<HTMLElement>(html`<div>
    <swap-route-list
      locale="en"
      .entries=${entries()}
      .selected=${props.selected}
      .affiliate=${props.affiliate ?? 'sw'}
      .refused=${props.refused ?? new Map()}
      ?stale=${props.stale ?? false}
      .now=${props.now ?? NOW}
    ></swap-route-list>
  </div>`);
  const el = wrap.querySelector('swap-route-list')!;
  await el.updateComplete;
  return el;
}

const buttons = (el: SwapRouteList) => deepQueryAll<HTMLButtonElement>(el, '[part~="route"]');

describe('<swap-route-list>', () => {
  it('lists the recommended route first, then by output, each named by its service index', async () => {
    const el = await list();
    expect(buttons(el).map((b) => b.dataset.index)).to.deep.equal(['1', '0', '2']);
    expect(buttons(el).map((b) => text(b.querySelector('.providers')))).to.deep.equal(['Protocol A', 'Protocol C', 'Protocol A (streaming)']);
    expect(deepQuery(el, '[role="group"]')!.getAttribute('aria-label')).to.equal('Routes');
    await expect(el.parentElement).to.be.accessible();
  });

  it('shows what a route pays, at least, how long it takes and its fees with the affiliate named', async () => {
    const el = await list();
    const best = buttons(el)[0]!;
    expect(text(best.querySelector('.expected'))).to.equal('2.4 ETH');
    expect(text(best.querySelector('.out .muted'))).to.equal('≈ $6,000.00');
    expect(text(best.querySelector('.facts'))).to.contain('At least 2.376 ETH at your slippage limit');
    expect(text(best.querySelector('.facts'))).to.contain('About 10m');
    expect([...best.querySelectorAll('.badge.tag')].map(text)).to.deep.equal(['Recommended', 'Fastest']);
    const fees = [...best.querySelectorAll('[part="route-fees"] .fee')].map((f) => [f.getAttribute('data-type'), text(f.querySelector('.fee-type')), text(f.querySelector('.fee-amount'))]);
    expect(fees).to.deep.equal([
      ['network', 'Network fee', '0.00001 BTC ($0.60)'],
      ['liquidity', 'Liquidity fee', '0.002 ETH ($5.00)'],
      ['affiliate', 'Affiliate fee (sw)', '0.0072 ETH ($18.00)'],
    ]);
    expect(buttons(el)[2]!.querySelector('.badge.streaming')).to.exist;
  });

  it('shows a fee written in base units in whole units, and says so when a fee cannot be read', async () => {
    const r = route({
      providers: ['PROTOCOL_A'],
      fees: [
        { type: 'outbound', asset: 'ETH.ETH', amount: '2000000000000000' },
        { type: 'affiliate', asset: 'ETH.ETH', amount: '9000000000000000000' },
      ],
    });
    const entries = rankRoutes([r], [0], priceBook(PRICES), (a) => (a === 'ETH.ETH' ? 18 : undefined));
    const wrap = await fixture<HTMLElement>(html`<div><swap-route-list locale="en" .entries=${entries} .now=${NOW}></swap-route-list></div>`);
    const el = wrap.querySelector('swap-route-list')!;
    await el.updateComplete;
    const button = buttons(el)[0]!;
    expect([...button.querySelectorAll('[part="route-fees"] .fee-amount')].map(text)).to.deep.equal(['0.002 ETH ($5.00)']);
    expect(text(button.querySelector('.fee-unreadable'))).to.equal('A fee of this route could not be read, and is not shown.');
    const plain = await list();
    expect(plain.querySelector('.fee-unreadable')).to.equal(null);
  });

  it('warns about price impact above 2% and strongly above 5%', async () => {
    const el = await list();
    const [best, cheapest, streaming] = buttons(el) as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
    expect(best.querySelector('.impact-warning')).to.equal(null);
    expect(cheapest.classList.contains('warn')).to.equal(true);
    expect(text(cheapest.querySelector('.impact-warning'))).to.match(/^High price impact/);
    expect(streaming.classList.contains('high')).to.equal(true);
    expect(text(streaming.querySelector('.impact-warning'))).to.match(/^Very high price impact/);
  });

  it('counts down to a route\'s expiry and says when it has passed', async () => {
    const el = await list();
    expect(text(buttons(el)[0]!.querySelector('.expiry'))).to.equal('Valid for 1:40');
    expect(buttons(el)[1]!.querySelector('.expiry'), 'no expiry, no countdown').to.equal(null);
    el.now = NOW + 100_000;
    await el.updateComplete;
    expect(text(buttons(el)[0]!.querySelector('.expiry'))).to.equal('Expired: it will be re-quoted');
  });

  it('marks the selected route pressed and reports a press with the service index', async () => {
    const el = await list({ selected: 1 });
    expect(buttons(el).map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'false']);
    const seen: RouteSelectEvent[] = [];
    el.addEventListener('route-select', (e) => seen.push(e as RouteSelectEvent));
    buttons(el)[2]!.click();
    expect(seen.map((e) => e.index)).to.deep.equal([2]);
    expect(seen[0]!.bubbles || seen[0]!.composed, 'internal to the root').to.equal(false);
    await expect(el.parentElement).to.be.accessible();
  });

  it('shows a refused route with why, and routes of an earlier request as busy and not pressable', async () => {
    const el = await list({ selected: 1, refused: new Map([[1, refusal('route-expired')]]) });
    expect(text(buttons(el)[0]!.querySelector('.refusal'))).to.equal('Refused: the route has expired');
    expect(buttons(el)[0]!.classList.contains('refused')).to.equal(true);
    expect(buttons(el)[1]!.querySelector('.refusal')).to.equal(null);
    el.stale = true;
    await el.updateComplete;
    expect(buttons(el).every((b) => b.disabled)).to.equal(true);
    expect(deepQuery(el, '[role="group"]')!.getAttribute('aria-busy')).to.equal('true');
    const seen: Event[] = [];
    el.addEventListener('route-select', (e) => seen.push(e));
    buttons(el)[1]!.click();
    expect(seen).to.have.length(0);
    await expect(el.parentElement).to.be.accessible();
  });

  it('says how many more routes of the answer were not read, in the language\'s plural', async () => {
    const el = await list();
    expect(deepQuery(el, '.unread')).to.equal(null);
    el.unread = 5950;
    await el.updateComplete;
    expect(text(deepQuery(el, '.unread')!)).to.equal('The swap service offered 5,950 more routes, not read: the widget reads the first 50.');
    el.unread = 1;
    await el.updateComplete;
    expect(text(deepQuery(el, '.unread')!)).to.equal('The swap service offered 1 more route, not read: the widget reads the first 50.');
    await expect(el.parentElement).to.be.accessible();
  });
});
