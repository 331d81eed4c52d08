/**
 * `<swap-route-list>` on its own: ranked entries of a hand-written answer, as the root
 * passes them. It renders into its host's tree (no shadow root), so it is mounted in a
 * plain container here.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/define.js';
// The later file's components, defined as the widget's arrival defines them.
import '../../../src/define-rest.js';
import type { RouteSelectEvent, SwapRouteList } from '../../../src/components/route-list.js';
import { refusal } from '../../../src/domain/checks/refusals.js';
import { priceBook, rankRoutes, type RouteEntry } from '../../../src/domain/quotes/routes.js';
import { deepActiveElement, deepQuery, deepQueryAll } from '../shadow.js';
import { PRICES, route, text } from './fixtures.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const IN_100_S = String(NOW / 1000 + 100);

/** The service's answer: output order, tags set independently (the second route is recommended). */
function entries(): RouteEntry[] {
  const routes = [
    route({
      providers: ['PROTOCOL_C'],
      expectedBuyAmount: '2.5',
      expectedBuyAmountMaxSlippage: '2.45',
      meta: { assets: [], tags: ['CHEAPEST'], priceImpact: 3.1 },
    }),
    route({
      providers: ['PROTOCOL_A'],
      expiration: IN_100_S,
      meta: { assets: [], tags: ['RECOMMENDED', 'FASTEST'], priceImpact: 0.4 },
    }),
    route({
      providers: ['PROTOCOL_A_STREAMING'],
      expectedBuyAmount: '2.45',
      expectedBuyAmountMaxSlippage: '2.4',
      estimatedTime: 3700,
      meta: { assets: [], tags: [], priceImpact: 6.2 },
    }),
  ];
  return rankRoutes(routes, [0, 1, 2], priceBook(PRICES));
}

async function list(
  props: Partial<Pick<SwapRouteList, 'selected' | 'refused' | 'stale' | 'now' | 'affiliate'>> = {},
): Promise<SwapRouteList> {
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
const more = (el: SwapRouteList) => deepQuery<HTMLButtonElement>(el, '[part="more-routes"]');
/** The card a radio sits in (fees, warnings, refusal beside the radio). */
const card = (b: Element) => b.closest<HTMLElement>('.route')!;

/** Opens "N more routes" as a user would and returns every route. */
async function openAll(el: SwapRouteList): Promise<HTMLButtonElement[]> {
  if (more(el)?.getAttribute('aria-expanded') === 'false') more(el)!.click();
  await el.updateComplete;
  return buttons(el);
}

/** What a route's aria-describedby points at, as text. */
const description = (b: Element) =>
  (b.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => text((b.getRootNode() as Document | ShadowRoot).getElementById(id)))
    .join(' ');

describe('<swap-route-list>', () => {
  it('shows the best route alone; "N more routes" opens the others, recommended first, then by output, and "Fewer routes" closes them', async () => {
    const el = await list();
    expect(
      buttons(el).map((b) => b.dataset.index),
      'only the best',
    ).to.deep.equal(['1']);
    expect(text(more(el))).to.equal('2 more routes');
    expect(more(el)!.getAttribute('aria-expanded')).to.equal('false');
    expect(deepQuery(el, '[role="radiogroup"]')!.getAttribute('aria-label')).to.equal('Routes');
    await openAll(el);
    expect(more(el)!.getAttribute('aria-expanded')).to.equal('true');
    expect(text(more(el)), 'open, it no longer counts routes that are on screen').to.equal('Fewer routes');
    expect(buttons(el).map((b) => b.dataset.index)).to.deep.equal(['1', '0', '2']);
    expect(buttons(el).map((b) => text(b.querySelector('.providers')))).to.deep.equal([
      'Protocol A',
      'Protocol C',
      'Protocol A (streaming)',
    ]);
    await expect(el.parentElement).to.be.accessible();
    more(el)!.click();
    await el.updateComplete;
    expect(buttons(el).map((b) => b.dataset.index)).to.deep.equal(['1']);
    expect(more(el)!.getAttribute('aria-expanded')).to.equal('false');
    expect(text(more(el))).to.equal('2 more routes');
  });

  it('shows the selected route when closed, and no "more routes" for a single route', async () => {
    const el = await list({ selected: 2 });
    expect(buttons(el).map((b) => b.dataset.index)).to.deep.equal(['2']);
    const one = await fixture<HTMLElement>(
      html`<div><swap-route-list locale="en" .entries=${entries().slice(0, 1)} .now=${NOW}></swap-route-list></div>`,
    );
    const single = one.querySelector('swap-route-list')!;
    await single.updateComplete;
    expect(buttons(single)).to.have.length(1);
    expect(more(single)).to.equal(null);
  });

  it('shows what a route pays, how long it takes and one fee total; the breakdown, the minimum and the impact on demand', async () => {
    const el = await list();
    const best = buttons(el)[0]!;
    expect(text(best.querySelector('.expected'))).to.equal('2.4 ETH');
    expect(text(best.querySelector('.out .muted'))).to.equal('≈ $6,000.00');
    expect(text(best.querySelector('.facts'))).to.contain('About 10m');
    expect([...best.querySelectorAll('.badge.tag')].map(text)).to.deep.equal(['Recommended', 'Fastest']);
    const fees = card(best).querySelector<HTMLDetailsElement>('details[part="route-fees"]')!;
    expect(fees.open, 'closed until asked').to.equal(false);
    expect(text(fees.querySelector('summary'))).to.equal('Fees 0.00001 BTC + 0.0092 ETH ≈ $23.60');
    const lines = [...fees.querySelectorAll('.fee')].map((f) => [
      f.getAttribute('data-type'),
      text(f.querySelector('.fee-type')),
      text(f.querySelector('.fee-amount')),
    ]);
    expect(lines).to.deep.equal([
      ['network', 'Network fee', '0.00001 BTC ($0.60)'],
      ['liquidity', 'Liquidity fee', '0.002 ETH ($5.00)'],
      ['affiliate', 'Affiliate fee (sw)', '0.0072 ETH ($18.00)'],
    ]);
    expect(text(fees)).to.contain('At least 2.376 ETH at your slippage limit');
    expect(text(fees)).to.contain('Price impact 0.4%');
    fees.querySelector('summary')!.click();
    expect(fees.open).to.equal(true);
    await expect(el.parentElement).to.be.accessible();
  });

  it('names each route by its providers and amount, shortly; its tags, time, fees, countdown and warnings describe it', async () => {
    const el = await list({ selected: 1 });
    for (const b of await openAll(el)) {
      const name = (b.getAttribute('aria-label') ?? '').replace(/[\u2066-\u2069]/g, '');
      expect(name.length, name).to.be.below(60);
      expect(name).to.match(/^Protocol [AC]( \(streaming\))?: 2\.\d+ ETH$/);
    }
    const [best, cheapest] = buttons(el) as [HTMLButtonElement, HTMLButtonElement];
    expect(best.getAttribute('aria-label')!.replace(/[\u2066-\u2069]/g, '')).to.equal('Protocol A: 2.4 ETH');
    const said = description(best);
    for (const part of [
      'Recommended',
      'Fastest',
      '≈ $6,000.00',
      'About 10m',
      'Valid for 1:40',
      'Fees 0.00001 BTC + 0.0092 ETH',
    ])
      expect(said).to.contain(part);
    expect(description(cheapest)).to.contain('High price impact');
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
    const wrap = await fixture<HTMLElement>(
      html`<div><swap-route-list locale="en" .entries=${entries} .now=${NOW}></swap-route-list></div>`,
    );
    const el = wrap.querySelector('swap-route-list')!;
    await el.updateComplete;
    const button = card(buttons(el)[0]!);
    expect([...button.querySelectorAll('[part="route-fees"] .fee-amount')].map(text)).to.deep.equal([
      '0.002 ETH ($5.00)',
    ]);
    expect(text(button.querySelector('.fee-unreadable'))).to.equal(
      'A fee of this route could not be read, and is not shown.',
    );
    const plain = await list();
    expect(plain.querySelector('.fee-unreadable')).to.equal(null);
  });

  it('warns about price impact above 2% and strongly above 5%, once per cause; a streaming route is described, not warned about', async () => {
    const el = await list();
    const [best, cheapest, streaming] = (await openAll(el)).map(card) as [HTMLElement, HTMLElement, HTMLElement];
    expect(best.querySelector('.impact-warning')).to.equal(null);
    expect(cheapest.classList.contains('warn')).to.equal(true);
    expect(text(cheapest.querySelector('.impact-warning'))).to.match(/^High price impact/);
    expect(streaming.classList.contains('high')).to.equal(true);
    expect(text(streaming.querySelector('.impact-warning'))).to.match(/^Very high price impact/);
    expect(text(streaming.querySelector('.streaming'))).to.equal('Streams in parts for a better price');
    expect(best.querySelector('.streaming')).to.equal(null);

    // The service's own words for the same causes: a price impact the card warns about, a streaming swap, a warning said twice.
    const warnings = [
      { code: 'highPriceImpact', display: 'High price impact: 6.20%' },
      { code: 'streamingSwap', display: 'Streaming swap in 12 sub-swaps' },
      { display: 'Provider in maintenance' },
      'provider in  maintenance',
    ];
    const r = route({
      providers: ['PROTOCOL_A_STREAMING'],
      memo: `=:ETH.ETH:${'0x' + 'a'.repeat(40)}:0/3/12`,
      warnings,
      meta: { assets: [], tags: [], priceImpact: 6.2 },
    });
    const calm = route({
      providers: ['PROTOCOL_A'],
      warnings: [{ code: 'highPriceImpact', display: 'High price impact: 1.5%' }],
      meta: { assets: [], tags: [], priceImpact: 1.5 },
    });
    const wrap = await fixture<HTMLElement>(
      html`<div><swap-route-list locale="en" .entries=${rankRoutes([r, calm], [0, 1], priceBook(PRICES))} .now=${NOW}></swap-route-list></div>`,
    );
    const both = wrap.querySelector('swap-route-list')!;
    const [loud, quiet] = (await openAll(both)).map(card) as [HTMLElement, HTMLElement];
    expect([...loud.querySelectorAll('.impact-warning, .route-warning')].map(text)).to.deep.equal([
      'Very high price impact: you would lose more than 5% of the value. Try a smaller amount or a streaming route.',
      '⚠ Provider in maintenance',
    ]);
    expect(text(loud.querySelector('.streaming'))).to.equal('Streams in 12 parts for a better price');
    // Under the card's own threshold, the service's warning is the only word on the impact: kept.
    expect([...quiet.querySelectorAll('.impact-warning, .route-warning')].map(text)).to.deep.equal([
      '⚠ High price impact: 1.5%',
    ]);
  });

  it("counts down to a route's expiry in its description, not its name, and says when it has passed", async () => {
    const el = await list();
    await openAll(el);
    const name = buttons(el)[0]!.getAttribute('aria-label');
    expect(text(buttons(el)[0]!.querySelector('.expiry'))).to.equal('Valid for 1:40');
    expect(buttons(el)[1]!.querySelector('.expiry'), 'no expiry, no countdown').to.equal(null);
    el.now = NOW + 100_000;
    await el.updateComplete;
    expect(text(buttons(el)[0]!.querySelector('.expiry'))).to.equal('Expired: it will be re-quoted');
    expect(buttons(el)[0]!.getAttribute('aria-label')).to.equal(name);
  });

  it('marks the selected route checked in a radio group and reports a click with the service index', async () => {
    const el = await list({ selected: 1 });
    await openAll(el);
    expect(buttons(el).map((b) => b.getAttribute('role'))).to.deep.equal(['radio', 'radio', 'radio']);
    expect(buttons(el).map((b) => b.getAttribute('aria-checked'))).to.deep.equal(['true', 'false', 'false']);
    expect(
      buttons(el).map((b) => b.getAttribute('tabindex')),
      'roving tabindex',
    ).to.deep.equal(['0', '-1', '-1']);
    const seen: RouteSelectEvent[] = [];
    el.addEventListener('route-select', (e) => seen.push(e as RouteSelectEvent));
    buttons(el)[2]!.click();
    expect(seen.map((e) => e.index)).to.deep.equal([2]);
    expect(seen[0]!.bubbles || seen[0]!.composed, 'internal to the root').to.equal(false);
    await expect(el.parentElement).to.be.accessible();
  });

  it('moves the selection with the arrow keys, as a radio group does, wrapping at the ends; the focus follows', async () => {
    const el = await list({ selected: 1 });
    const before = document.createElement('button');
    before.textContent = 'before';
    el.parentElement!.prepend(before);
    await openAll(el);
    // The host moves the selection when told; so does this stand-in.
    const seen: number[] = [];
    el.addEventListener('route-select', (e) => {
      seen.push((e as RouteSelectEvent).index);
      el.selected = (e as RouteSelectEvent).index;
    });
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement(), 'Tab lands on the checked route').to.equal(buttons(el)[0]);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(seen).to.deep.equal([0]);
    expect(deepActiveElement()).to.equal(buttons(el)[1]);
    expect(buttons(el).map((b) => b.getAttribute('aria-checked'))).to.deep.equal(['false', 'true', 'false']);
    expect(buttons(el).map((b) => b.getAttribute('tabindex'))).to.deep.equal(['-1', '0', '-1']);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(seen, 'past the last, the first').to.deep.equal([0, 2, 1]);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(seen, 'before the first, the last').to.deep.equal([0, 2, 1, 2, 0]);
    expect(deepActiveElement()).to.equal(buttons(el)[1]);
    await sendKeys({ press: 'Home' });
    expect(seen, 'other keys do nothing').to.have.length(5);
    before.remove();
  });

  it('reads left and right the other way in a right-to-left layout', async () => {
    const el = await list({ selected: 1 });
    el.parentElement!.dir = 'rtl';
    await openAll(el);
    const seen: number[] = [];
    el.addEventListener('route-select', (e) => seen.push((e as RouteSelectEvent).index));
    buttons(el)[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(seen).to.deep.equal([0]);
    buttons(el)[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowDown' });
    expect(seen, 'right is back (to the last), down is still on (to the first)').to.deep.equal([0, 2, 1]);
  });

  it('shows a refused route with why, and routes of an earlier request as busy and not pressable', async () => {
    const el = await list({ selected: 1, refused: new Map([[1, refusal('route-expired')]]) });
    await openAll(el);
    expect(text(card(buttons(el)[0]!).querySelector('.refusal'))).to.equal('Refused: the route has expired');
    expect(card(buttons(el)[0]!).classList.contains('refused')).to.equal(true);
    expect(card(buttons(el)[1]!).querySelector('.refusal')).to.equal(null);
    el.stale = true;
    await el.updateComplete;
    expect(buttons(el).every((b) => b.disabled)).to.equal(true);
    expect(deepQuery(el, '[role="radiogroup"]')!.getAttribute('aria-busy')).to.equal('true');
    const seen: Event[] = [];
    el.addEventListener('route-select', (e) => seen.push(e));
    buttons(el)[1]!.click();
    expect(seen).to.have.length(0);
    await expect(el.parentElement).to.be.accessible();
  });

  it("says how many more routes of the answer were not read, in the language's plural, with the other routes", async () => {
    const el = await list();
    await openAll(el);
    expect(deepQuery(el, '.unread')).to.equal(null);
    el.unread = 5950;
    await el.updateComplete;
    expect(text(deepQuery(el, '.unread')!)).to.equal(
      'The swap service offered 5,950 more routes, not read: the widget reads the first 50.',
    );
    el.unread = 1;
    await el.updateComplete;
    expect(text(deepQuery(el, '.unread')!)).to.equal(
      'The swap service offered 1 more route, not read: the widget reads the first 50.',
    );
    await expect(el.parentElement).to.be.accessible();
  });
});
