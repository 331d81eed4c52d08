/**
 * One swap at a time, through the whole widget against the reference service: the main button
 * says what comes next; Review swap shows what will be signed (each family), and hosts get the
 * same review as `detail.review`; nothing is pressable while a swap is under way; focus moves to
 * the view that appears; a hand-out is a record with an id, restored after a reload; a hand-out
 * nothing takes is said; each widget reports only its own swaps; a refund is drawn as one.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapReview } from '../../src/components/review.js';
import { FLOW_STORE_KEY } from '../../src/domain/flow/flow-store.js';
import { HANDOUT_RECORDS_KEY } from '../../src/domain/flow/handout-records.js';
import type { Review } from '../../src/domain/flow/review.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapMemoDetail, SwapTxDetail } from '../../src/events.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import { installInjectedWallet, type InjectedWallet } from '../evm/injected-wallet.js';
import { WidgetHarness } from './harness.js';
import {
  LOCAL_NODES,
  allowResizeObserverLoopNotice,
  confirmReview,
  control,
  ofType,
  record,
  reviewButton,
  reviewOf,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';
import { deepQuery, deepQueryAll } from './shadow.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ATOM_USER = 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu';
const MEMO = {
  providers: 'PROTOCOL_A',
  'sell-asset': 'BTC.BTC',
  'buy-asset': 'ETH.ETH',
  'sell-amount': '0.1',
  'destination-address': ETH_ADDRESS,
};

async function mount(attrs: Record<string, string>, o: { id?: string; take?: boolean } = {}): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  if (o.id) el.id = o.id;
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  // The host takes every hand-out (it cancels the event), as a host with its own signer does.
  if (o.take !== false)
    for (const type of ['swap-tx', 'swap-memo']) el.addEventListener(type, (e) => e.preventDefault());
  await fixture(html`<div>${el}</div>`);
  return el;
}

const main = (el: SwapWidget) => shadow(el).querySelector<HTMLButtonElement>('[part="swap-button"]');
const mainText = (el: SwapWidget) => main(el)?.textContent?.trim() ?? '';
/** The main button once it offers Swap at once (`skip-review`; `no-wallet` on a page with no wallet of the route's family, which swaps all the same). */
async function swapButton(el: SwapWidget): Promise<HTMLButtonElement> {
  await until(
    () => (main(el)?.dataset.step === 'swap' || main(el)?.dataset.step === 'no-wallet') && !main(el)!.disabled,
    'the main button does not offer Swap',
    15_000,
  );
  return main(el)!;
}
const view = (el: SwapWidget) => shadow(el).querySelector('.widget')!.getAttribute('data-view');
const text = (e: Element | null | undefined) =>
  (e?.textContent ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The first route selected, Review swap pressed: the review shown. */
async function openReview(el: SwapWidget): Promise<SwapReview> {
  await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  (await reviewButton(el)).click();
  await until(() => reviewOf(el)?.review, 'no review shown', 15_000);
  const review = reviewOf(el)!;
  await review.updateComplete;
  return review;
}

/** What a review's lines show, checked against the review it was given. */
function expectShown(review: SwapReview, r: Review) {
  const root = review.shadowRoot!;
  const line = (name: string) => root.querySelector(`[data-line="${name}"]`);
  if (r.from.address) expect(text(line('send'))).to.contain(r.from.address);
  expect(text(line('to')))
    .to.contain(r.to.address)
    .and.to.contain(r.to.name);
  expect(text(line('receive'))).to.contain(r.receive.address);
  expect(!!line('memo')).to.equal(!!r.memo);
  if (r.memo) expect(text(line('memo')?.querySelector('code'))).to.equal(r.memo.text);
  expect(!!line('approval')).to.equal(!!r.approval);
  // The spender in full, or, when it is the contract the To line gives in full, its name.
  if (r.approval)
    expect(text(line('approval'))).to.contain(
      r.approval.spender.toLowerCase() === r.to.address.toLowerCase() ? r.to.name : r.approval.spender,
    );
  expect(root.querySelectorAll('[data-line="instructions"] li').length).to.equal(r.instructions?.length ?? 0);
  expect(root.querySelectorAll('[data-line="warnings"] li').length).to.equal(r.warnings.length);
}

// The token picker's virtual list measures rows it has just laid out: a notice, not a failure.
before(allowResizeObserverLoopNotice);

describe('the review, for each family, through the widget', () => {
  afterEach(() => fixtureCleanup());

  type Want = {
    role: Review['to']['role'];
    approval?: boolean;
    instructions?: boolean;
    memo?: boolean;
    risk?: boolean;
  };
  const FAMILIES: [string, Record<string, string>, Want][] = [
    [
      'a memo route (BTC, protocol A)',
      { ...MEMO, affiliate: 'sw', 'affiliate-fee': '25' },
      { role: 'vault', memo: true },
    ],
    [
      'an EVM router deposit (ETH, protocol A)',
      {
        providers: 'PROTOCOL_A',
        'sell-asset': 'ETH.ETH',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '1',
        'source-address': ETH_ADDRESS,
        'destination-address': BTC_ADDRESS,
      },
      { role: 'router', memo: true },
    ],
    [
      'an aggregator swap with an approval (USDC, aggregator A)',
      {
        providers: 'AGGREGATOR_A',
        'sell-asset': USDC,
        'buy-asset': 'ETH.ETH',
        'sell-amount': '2500.5',
        'source-address': ETH_ADDRESS,
        'destination-address': ETH_ADDRESS,
      },
      { role: 'aggregator', approval: true },
    ],
    [
      'a Solana route (SOL, aggregator B)',
      {
        providers: 'AGGREGATOR_B',
        'sell-asset': 'SOL.SOL',
        'buy-asset': SOL_USDC,
        'sell-amount': '3',
        'source-address': SOL_USER,
      },
      { role: 'program', instructions: true },
    ],
    [
      'a Cosmos route (ATOM, protocol A)',
      {
        providers: 'PROTOCOL_A',
        'sell-asset': 'GAIA.ATOM',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '150',
        'source-address': ATOM_USER,
        'destination-address': BTC_ADDRESS,
      },
      { role: 'vault', memo: true, instructions: true },
    ],
    [
      'a deposit channel (ETH, protocol B)',
      {
        providers: 'PROTOCOL_B',
        'sell-asset': 'ETH.ETH',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '1',
        'destination-address': BTC_ADDRESS,
      },
      { role: 'deposit-address', risk: true },
    ],
  ];

  for (const [name, attrs, want] of FAMILIES) {
    it(`${name}: its lines, nothing handed out before Confirm, and detail.review equal to what it showed`, async () => {
      const el = await mount({ 'api-key': scope('review-family'), ...attrs });
      const seen = record(el, 'swap-tx', 'swap-memo', 'swap-error');
      const review = await openReview(el);
      const shown = review.review!;
      expect(ofType(seen, 'swap-tx').length + ofType(seen, 'swap-memo').length, 'handed out before Confirm').to.equal(
        0,
      );
      expect(shown.to.role).to.equal(want.role);
      expect(!!shown.memo, 'a memo').to.equal(!!want.memo);
      expect(!!shown.approval, 'an approval').to.equal(!!want.approval);
      expect(!!shown.instructions?.length, 'instructions').to.equal(!!want.instructions);
      expect(shown.from.amount).to.equal(attrs['sell-amount']);
      expectShown(review, shown);
      const box = review.shadowRoot!.querySelector('[part="confirm-risk"]');
      expect(!!box, 'the box of a risk to accept').to.equal(!!want.risk);
      await expect(review).to.be.accessible();

      await confirmReview(el);
      await until(
        () =>
          ofType(seen, 'swap-tx').length + ofType(seen, 'swap-memo').length > 0 ||
          ofType(seen, 'swap-error').length > 0,
        'nothing handed out',
      );
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const first: SwapTxDetail | SwapMemoDetail = (ofType(seen, 'swap-tx')[0] ?? ofType(seen, 'swap-memo')[0])!.detail;
      expect(first.review).to.deep.equal(shown);
      expect(JSON.parse(JSON.stringify(first.review))).to.deep.equal(shown);
      expect(Date.parse(first.expiresAt!)).to.be.greaterThan(Date.now());
      expect(first.handoutId).to.match(/^[0-9a-f]{32}$/);
    });
  }
});

describe('one swap at a time', () => {
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(HANDOUT_RECORDS_KEY);
    localStorage.removeItem(FLOW_STORE_KEY);
  });

  it('Swap is not pressable from Review swap to the end; the progress replaces the form, focused; New swap brings the form back', async () => {
    const key = scope('one-at-a-time');
    await control(key, { timeScale: 60 });
    const el = await mount({ 'api-key': key, ...MEMO });
    const seen = record(el, 'swap-memo', 'swap-status');
    await openReview(el);
    expect([view(el), main(el)]).to.deep.equal(['reviewing', null]);
    // The review's heading has the focus: its title is what a screen reader says.
    expect(shadow(el).activeElement).to.equal(reviewOf(el));
    expect(reviewOf(el)!.shadowRoot!.activeElement?.id).to.equal('review-title');
    await confirmReview(el);
    await until(() => ofType(seen, 'swap-memo').length === 1, 'no swap-memo');
    await until(() => view(el) === 'handing-out', 'not handing out');
    expect(main(el)).to.equal(null);
    expect(text(shadow(el).querySelector('[part="execution"]'))).to.match(/Waiting for the transfer to be sent/);

    el.track(makeHash('completed', 'wrapped', { evm: false, seed: key }));
    await until(() => view(el) === 'tracking', 'the progress did not replace the form');
    const tracker = shadow(el).querySelector('swap-tracker')!;
    await tracker.updateComplete;
    expect(main(el)).to.equal(null);
    expect(shadow(el).activeElement).to.equal(tracker);
    const heading = tracker.shadowRoot!.activeElement;
    expect(heading?.tagName).to.equal('H2');
    // Announced: the heading is described by the status line, a polite live region.
    const status = tracker.shadowRoot!.getElementById(heading!.getAttribute('aria-describedby')!)!;
    expect(status.getAttribute('role')).to.equal('status');

    await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
    await until(() => view(el) === 'final', 'not final');
    expect(main(el)).to.equal(null);
    deepQuery<HTMLButtonElement>(el, 'swap-tracker', '[part="new-swap-button"]')!.click();
    await until(() => view(el) === 'idle' && main(el), 'New swap did not bring the form back');
    // The form's amount has the focus; the swap goes on in Recent swaps.
    await until(
      () =>
        deepQuery(el, 'swap-quote-form', '#amount') ===
        shadow(el).querySelector('swap-quote-form')!.shadowRoot!.activeElement,
      'the amount is not focused',
    );
    expect(text(shadow(el).querySelector('[part="recent-swaps"]'))).to.not.equal('');
  });

  it('track() of a selected route moves to the progress and focuses it too', async () => {
    const key = scope('track-focus');
    const el = await mount({ 'api-key': key, ...MEMO });
    await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
    el.track(makeHash('completed', 'wrapped', { evm: false, seed: key }));
    await until(() => shadow(el).querySelector('swap-tracker'), 'no progress');
    await until(
      () => shadow(el).activeElement === shadow(el).querySelector('swap-tracker'),
      'the progress was not focused',
    );
    expect(main(el)).to.equal(null);
  });

  it('a refunded swap is drawn as a refund: the stage it stopped at failed, later ones not done, the amount and its link on the sell chain', async () => {
    const key = scope('refund-root');
    await control(key, { timeScale: 60 });
    const el = await mount({ 'api-key': key, ...MEMO });
    const seen = record(el, 'swap-status');
    await openReview(el);
    await confirmReview(el);
    await until(() => view(el) === 'handing-out', 'not handed out');
    el.track(makeHash('refunded', 'wrapped', { evm: false, seed: key }));
    await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
    const final = ofType(seen, 'swap-status').at(-1)!.detail;
    expect(final.status).to.equal('refunded');
    const tracker = shadow(el).querySelector('swap-tracker')!;
    await tracker.updateComplete;
    const states = deepQueryAll(el, 'swap-tracker', '[part="stages"] li').map((li) => li.dataset.state);
    expect(states).to.include('failed');
    expect(states.slice(states.indexOf('failed') + 1).every((s) => s !== 'done')).to.equal(true);
    expect(states.at(-1)).to.not.equal('done');
    expect(text(tracker.shadowRoot!.querySelector('.refunded'))).to.match(/BTC/);
    const refundLink = deepQueryAll<HTMLAnchorElement>(
      el,
      'swap-tracker',
      '[part="explorer-link"][data-kind="refund"]',
    )[0];
    expect(refundLink?.href).to.match(/^https:\/\/mempool\.space\/tx\//);
  });
});

describe('the main button says what comes next', () => {
  let wallet: InjectedWallet | undefined;
  afterEach(() => {
    wallet?.uninstall();
    wallet = undefined;
    fixtureCleanup();
  });

  it('Select a token, Enter an amount, Enter the destination address (opening the field), Review swap; Swap with skip-review', async () => {
    const el = await mount({ 'api-key': scope('button-texts') });
    const h = new WidgetHarness(el);
    await until(() => main(el), 'no main button');
    expect(mainText(el)).to.equal('Select a token');
    main(el)!.click();
    await until(() => h.picker, 'Select a token does not open the picker');
    h.picker!.shadowRoot!.querySelector<HTMLButtonElement>('button.close')!.click();
    await until(() => !h.picker, 'the picker did not close');
    el.sellAsset = 'BTC.BTC';
    el.buyAsset = 'ETH.ETH';
    await el.updateComplete;
    expect(mainText(el)).to.equal('Enter an amount');
    el.sellAmount = '0.1';
    await el.updateComplete;
    expect(mainText(el)).to.equal('Enter the destination address');
    main(el)!.click();
    await until(
      () => h.inForm('#destinationAddress') === h.form.shadowRoot!.activeElement,
      'the destination field was not focused',
    );
    expect(h.inForm<HTMLDetailsElement>('details.settings')!.open).to.equal(true);
    el.destinationAddress = ETH_ADDRESS;
    await reviewButton(el, 15_000);
    expect(mainText(el)).to.equal('Review swap');
    el.skipReview = true;
    await el.updateComplete;
    expect([mainText(el), main(el)!.dataset.step]).to.deep.equal(['Swap', 'swap']);
  });

  it('an EVM sell with a wallet in the page: Connect a wallet opens its list; with host-signs, no word about page wallets', async () => {
    wallet = installInjectedWallet();
    const attrs = {
      'api-key': scope('button-wallet'),
      providers: 'AGGREGATOR_A',
      'sell-asset': 'ETH.ETH',
      'buy-asset': USDC,
      'sell-amount': '1',
    };
    const el = await mount(attrs);
    const h = new WidgetHarness(el);
    await until(() => mainText(el) === 'Connect a wallet', 'the button does not ask to connect a wallet', 15_000).catch(
      (e: Error) => {
        throw new Error(`${e.message}: it says "${mainText(el)}", the view ${view(el)}`);
      },
    );
    main(el)!.click();
    await until(() => h.inForm('[data-wallet]'), 'Connect a wallet does not open the list');
    fixtureCleanup();

    const signing = await mount({ ...attrs, 'host-signs': '' });
    await until(
      () => mainText(signing) === 'Enter the source address',
      'the button does not ask for the source address',
      15_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}: it says "${mainText(signing)}"`);
    });
    const form = shadow(signing).querySelector('swap-quote-form')!.shadowRoot!;
    expect(form.querySelector('[part="wallet"]')).to.equal(null);
    expect(text(shadow(signing).querySelector('.widget'))).to.not.match(/wallet was found|Connect a/);
  });

  it('a route only a wallet can send, in a page without one, says so on the route', async () => {
    const el = await mount({
      'api-key': scope('button-no-wallet'),
      providers: 'AGGREGATOR_B',
      'sell-asset': 'SOL.SOL',
      'buy-asset': SOL_USDC,
      'sell-amount': '3',
      'source-address': SOL_USER,
    });
    await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
    routeButtons(el)[0]!.click();
    await el.updateComplete;
    await until(() => shadow(el).querySelector('.route .blocked'), 'nothing said on the route');
    expect(text(shadow(el).querySelector('.route .blocked'))).to.match(/only a Solana wallet can send/);
  });
});

describe('no host setting skips a confirmation', () => {
  afterEach(() => fixtureCleanup());

  for (const [what, attrs] of [
    ['a slippage of 25 %', { ...MEMO, slippage: '25' }],
    [
      'a deposit channel no list publishes',
      {
        providers: 'PROTOCOL_B',
        'sell-asset': 'ETH.ETH',
        'buy-asset': 'BTC.BTC',
        'sell-amount': '1',
        'destination-address': BTC_ADDRESS,
      },
    ],
  ] as const) {
    it(`skip-review with ${what}: the review is shown all the same, nothing handed out before its box is ticked`, async () => {
      const el = await mount({ 'api-key': scope('skip-consent'), 'host-signs': '', 'skip-review': '', ...attrs });
      const seen = record(el, 'swap-tx', 'swap-memo', 'swap-error');
      await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
      routeButtons(el)[0]!.click();
      await el.updateComplete;
      (await swapButton(el)).click();
      await until(() => reviewOf(el)?.shadowRoot?.querySelector('[part="confirm-risk"]'), 'no review asking', 15_000);
      expect(ofType(seen, 'swap-tx').length + ofType(seen, 'swap-memo').length, 'handed out').to.equal(0);
      await confirmReview(el, { requireRisk: true });
      await until(
        () => ofType(seen, 'swap-memo').length > 0 || ofType(seen, 'swap-error').length > 0,
        'nothing handed out',
      );
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    });
  }

  it('the honest twin: skip-review with nothing to confirm hands out at Swap, with no review', async () => {
    const el = await mount({ 'api-key': scope('skip-no-consent'), 'host-signs': '', 'skip-review': '', ...MEMO });
    const seen = record(el, 'swap-memo', 'swap-error');
    await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
    (await swapButton(el)).click();
    await until(() => ofType(seen, 'swap-memo').length > 0, 'not handed out');
    expect(reviewOf(el)).to.equal(null);
  });
});

describe('hand-outs are records with an id, restored after a reload', () => {
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(HANDOUT_RECORDS_KEY);
    localStorage.removeItem(FLOW_STORE_KEY);
    localStorage.removeItem(STORAGE_KEY);
  });

  /** A wallet host's widget (host-signs, its own sheet): hands out, then the page reloads into a new widget. */
  async function handOutThenReload(key: string, more: Record<string, string> = {}) {
    const attrs = { 'api-key': key, 'host-signs': '', 'skip-review': '', ...MEMO, ...more };
    const first = await mount(attrs, { id: 'wallet' });
    const memos = record(first, 'swap-memo');
    await until(() => routeButtons(first).length > 0, 'no routes', 15_000);
    (await swapButton(first)).click();
    await until(() => memos.length === 1, 'no swap-memo');
    const memo = ofType(memos, 'swap-memo')[0]!.detail;
    fixtureCleanup();
    const again = await mount(attrs, { id: 'wallet' });
    const seen = record(again, 'swap-revoke', 'swap-status', 'swap-error', 'swap-memo');
    // The reloaded widget is where the swap was: the host's waiting panel, Swap not pressable.
    await until(() => view(again) === 'handing-out', 'not on the waiting panel after the reload', 15_000);
    expect(main(again)).to.equal(null);
    return { memo, again, seen };
  }

  it('rejected() after the reload revokes the restored hand-out, by its id', async () => {
    const { memo, again, seen } = await handOutThenReload(scope('reload-reject'));
    again.rejected();
    await until(() => ofType(seen, 'swap-revoke').length === 1, 'not revoked');
    expect(ofType(seen, 'swap-revoke')[0]!.detail).to.deep.equal({
      quoteId: memo.quoteId,
      routeIndex: memo.routeIndex,
      handoutId: memo.handoutId,
      reason: 'rejected',
    });
  });

  it('nothing else is handed out while it is open: Cancel on the waiting panel revokes it, then Swap hands out a new one with a new id', async () => {
    const { memo, again, seen } = await handOutThenReload(scope('reload-press'));
    const order: string[] = [];
    again.addEventListener('swap-revoke', (e) => order.push(`revoke ${e.detail.handoutId} ${e.detail.reason}`));
    again.addEventListener('swap-memo', (e) => order.push(`memo ${e.detail.handoutId}`));
    shadow(again).querySelector<HTMLButtonElement>('[part="execution"] [data-action="cancel"]')!.click();
    await until(() => view(again) === 'idle' && routeButtons(again).length > 0, 'no form after Cancel', 15_000);
    (await swapButton(again)).click();
    await until(() => ofType(seen, 'swap-memo').length === 1, 'no new swap-memo');
    const fresh = ofType(seen, 'swap-memo')[0]!.detail;
    expect(fresh.handoutId).to.not.equal(memo.handoutId);
    expect(order).to.deep.equal([`revoke ${memo.handoutId} rejected`, `memo ${fresh.handoutId}`]);
  });

  it('track(hash, { handoutId }) tracks it under its own quote; a second hash for it is refused', async () => {
    const key = scope('reload-track');
    await control(key, { timeScale: 60 });
    const { memo, again, seen } = await handOutThenReload(key);
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    again.track(hash, { handoutId: memo.handoutId });
    await until(() => ofType(seen, 'swap-status').length > 0, 'not tracked');
    expect(ofType(seen, 'swap-status')[0]!.detail).to.deep.include({
      hash,
      quoteId: memo.quoteId,
      routeIndex: memo.routeIndex,
      handoutId: memo.handoutId,
    });
    again.track(makeHash('completed', 'wrapped', { evm: false, seed: `${key}-2` }), { handoutId: memo.handoutId });
    await until(() => ofType(seen, 'swap-error').length > 0, 'the second hash was not refused');
    expect(ofType(seen, 'swap-error')[0]!.detail.code).to.equal('tracking');
    expect(ofType(seen, 'swap-error')[0]!.detail.message).to.match(/already answered/);
    expect(new Set(ofType(seen, 'swap-status').map((e) => e.detail.hash))).to.deep.equal(new Set([hash]));
  });

  it('it is revoked at its expiry after the reload', async function () {
    this.timeout(30_000);
    const key = scope('reload-expiry');
    // Routes valid for 8 s: Swap quotes again first (less than 30 s left), then hands out for 8 s.
    await control(key, { routeTtl: 8 });
    const { memo, seen } = await handOutThenReload(key);
    const expiresAt = Date.parse(memo.expiresAt!);
    await until(() => ofType(seen, 'swap-revoke').length === 1, 'not revoked at its expiry', 15_000);
    expect(Date.now()).to.be.at.least(expiresAt);
    expect(ofType(seen, 'swap-revoke')[0]!.detail).to.deep.include({ handoutId: memo.handoutId, reason: 'expired' });
  });
});

describe('hosts', () => {
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(HANDOUT_RECORDS_KEY);
    localStorage.removeItem(FLOW_STORE_KEY);
    localStorage.removeItem(STORAGE_KEY);
  });

  it('host-signs with nothing answering: no-handler within seconds, said in the widget, and Swap usable again', async function () {
    this.timeout(20_000);
    const el = await mount({ 'api-key': scope('no-handler'), 'host-signs': '', ...MEMO }, { take: false });
    const seen = record(el, 'swap-error', 'swap-memo');
    await openReview(el);
    await confirmReview(el);
    await until(() => ofType(seen, 'swap-memo').length === 1, 'no swap-memo');
    await until(() => ofType(seen, 'swap-error').length > 0, 'no-handler was never said', 8_000);
    expect(ofType(seen, 'swap-error')[0]!.detail.code).to.equal('no-handler');
    await el.updateComplete;
    expect(text(shadow(el).querySelector('[part="execution"][role="alert"]'))).to.match(/Nothing took the transaction/);
    await reviewButton(el);
  });

  it('hand-outs are kept per service and key: a widget of another key never takes a hand-out it did not make as its own', async function () {
    this.timeout(20_000);
    // The first widget's memo is handed out and left open (the host took it, no hash yet).
    const first = await mount({ 'api-key': scope('key-one'), ...MEMO });
    const firstSeen = record(first, 'swap-memo');
    await openReview(first);
    await confirmReview(first);
    await until(() => ofType(firstSeen, 'swap-memo').length === 1, 'no swap-memo');
    fixtureCleanup();
    // A widget of another key on the same page (no id either): its track(hash) is its own swap.
    const key = scope('key-two');
    await control(key, { timeScale: 100 });
    const other = await mount({ 'api-key': key, ...MEMO });
    const seen = record(other, 'swap-status', 'swap-error', 'swap-quote');
    await until(() => routeButtons(other).length > 0 && ofType(seen, 'swap-quote').length > 0, 'no routes', 15_000);
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    other.track(hash);
    await until(
      () => ofType(seen, 'swap-status').some((e) => e.detail.hash === hash),
      'the other widget did not track its hash',
    );
    const status = ofType(seen, 'swap-status').find((e) => e.detail.hash === hash)!.detail;
    // Under its own quote, answering no hand-out: not the first widget's open memo.
    expect(status.quoteId).to.equal(ofType(seen, 'swap-quote').at(-1)!.detail.quoteId);
    expect(status.handoutId).to.equal(undefined);
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
  });

  it("widgets of one service: each reports only its own swaps; another's is listed, never dispatched; its own id after a reload reports it", async () => {
    const key = scope('two-widgets');
    await control(key, { timeScale: 20 });
    const attrs = { 'api-key': key, ...MEMO, 'poll-interval': '1000' };
    const add = (id: string) => {
      const w = document.createElement('swap-widget');
      w.id = id;
      for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) w.setAttribute(k, v);
      return w;
    };
    const left = await mount(attrs, { id: 'left' });
    const leftSeen = record(left, 'swap-status');
    await until(() => routeButtons(left).length > 0, 'no routes', 15_000);
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    left.track(hash);
    await until(() => ofType(leftSeen, 'swap-status').length > 0, 'left did not track');
    // Two more widgets start while it is under way: one of another id, and one of left's own id
    // (left's page reloaded). Both find the swap stored; only the second reports it.
    const right = add('right');
    const rightSeen = record(right, 'swap-status');
    const again = add('left');
    const againSeen = record(again, 'swap-status');
    left.parentElement!.append(right, again);
    await until(
      () => ofType(againSeen, 'swap-status').some((e) => e.detail.hash === hash && e.detail.final),
      'its own widget did not report it to the end',
      25_000,
    );
    await until(
      () => text(shadow(right).querySelector('[part="recent-swaps"]')) !== '',
      'the other widget does not list it',
    );
    expect(ofType(rightSeen, 'swap-status')).to.deep.equal([]);
    expect(view(right)).to.equal('idle');
  });
});
