/**
 * The swap outlives the page (issue 31): the widget is removed and a new one of the same `id`
 * and attributes is mounted over the same storage, as a reload does, at each point of a swap:
 * before Confirm, on the memo screen, on the deposit screen, while the host holds a hand-out,
 * while an approval is mined, while tracking, after the end. Each time the test reads the screen,
 * the main button and what is handed out afterwards. Two widgets of one page keep their swaps
 * apart.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { FLOW_STORE_KEY } from '../../src/domain/flow/flow-store.js';
import { HANDOUT_RECORDS_KEY } from '../../src/domain/flow/handout-records.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
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
import { deepQuery } from './shadow.js';
import { BTC_ADDRESS, ETH_ADDRESS, USDC, text } from './components/fixtures.js';

const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const MEMO = {
  providers: 'PROTOCOL_A',
  'sell-asset': 'BTC.BTC',
  'buy-asset': 'ETH.ETH',
  'sell-amount': '0.1',
  'destination-address': ETH_ADDRESS,
};
const CHANNEL = {
  providers: 'PROTOCOL_B',
  'sell-asset': 'ETH.ETH',
  'buy-asset': 'BTC.BTC',
  'sell-amount': '1',
  'destination-address': BTC_ADDRESS,
};
const APPROVAL = {
  providers: 'AGGREGATOR_A',
  'sell-asset': USDC,
  'buy-asset': 'ETH.ETH',
  'sell-amount': '2500.5',
  'source-address': ETH_ADDRESS,
  'destination-address': ETH_ADDRESS,
};
const SOLANA = {
  providers: 'AGGREGATOR_B',
  'sell-asset': 'SOL.SOL',
  'buy-asset': SOL_USDC,
  'sell-amount': '3',
  'source-address': SOL_USER,
};

/** A widget as a page writes it; the host takes every hand-out (`host-signs`) unless `user` pays by hand. */
async function mount(attrs: Record<string, string>, id = 'w'): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.id = id;
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  await fixture(html`<div>${el}</div>`);
  return el;
}

/** The page reloads: the widget goes, a new one with the same id and attributes comes, over the same storage. */
async function reload(el: SwapWidget, attrs: Record<string, string>): Promise<SwapWidget> {
  const id = el.id;
  fixtureCleanup();
  return mount(attrs, id);
}

const screen = (el: SwapWidget) => shadow(el).querySelector('.widget')!.getAttribute('data-screen');
const main = (el: SwapWidget) => shadow(el).querySelector<HTMLButtonElement>('[part="swap-button"]');
const memoFlow = (el: SwapWidget) => shadow(el).querySelector('swap-memo-flow');

/** Review swap on the first route, then Confirm. */
async function confirmFirst(el: SwapWidget): Promise<void> {
  await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  (await reviewButton(el, 15_000)).click();
  await confirmReview(el);
}

/** Types a hash into the memo or waiting screen's hash field and sends it. */
async function typeHash(el: SwapWidget, hash: string): Promise<void> {
  const memo = memoFlow(el);
  const root = memo ? memo.shadowRoot! : shadow(el);
  const input = root.querySelector<HTMLInputElement>('[part="hash-input"]')!;
  input.value = hash;
  input.form!.requestSubmit();
  await el.updateComplete;
}

describe('the swap outlives the page: a reload at each point', () => {
  before(allowResizeObserverLoopNotice);
  const clear = () => [FLOW_STORE_KEY, HANDOUT_RECORDS_KEY, STORAGE_KEY].forEach((k) => localStorage.removeItem(k));
  beforeEach(clear);
  afterEach(() => (fixtureCleanup(), clear()));

  it('before Confirm: the form again, Swap pressable, nothing handed out; Review swap shows the review again', async () => {
    const attrs = { 'api-key': scope('reload-review'), ...MEMO };
    const el = await mount(attrs);
    await until(() => routeButtons(el).length > 0, 'no routes', 15_000);
    (await reviewButton(el, 15_000)).click();
    await until(() => reviewOf(el), 'no review');
    const again = await reload(el, attrs);
    const seen = record(again, 'swap-memo', 'swap-tx');
    expect(screen(again)).to.equal('form');
    await reviewButton(again, 15_000);
    expect(seen).to.deep.equal([]);
    (await reviewButton(again)).click();
    await until(() => reviewOf(again), 'no review after the reload');
  });

  it('on the memo screen: the same screen on the first frame (address, memo, hash field, time left), Swap absent; the hash typed tracks the swap', async () => {
    const key = scope('reload-memo');
    await control(key, { timeScale: 60 });
    const attrs = { 'api-key': key, ...MEMO };
    const el = await mount(attrs);
    const memos = record(el, 'swap-memo');
    await confirmFirst(el);
    await until(() => memoFlow(el), 'no memo screen');
    const handed = ofType(memos, 'swap-memo')[0]!.detail;

    const again = await reload(el, attrs);
    const seen = record(again, 'swap-memo', 'swap-tx', 'swap-status', 'swap-revoke');
    expect(screen(again), 'the first frame').to.equal('pay');
    expect(main(again)).to.equal(null);
    const flow = memoFlow(again)!;
    await flow.updateComplete;
    const shown = text(flow.shadowRoot!.querySelector('dl'));
    expect(shown).to.contain(handed.address).and.to.contain(handed.memo);
    expect(flow.shadowRoot!.querySelector('[part="hash-input"]')).to.not.equal(null);
    expect(text(flow.shadowRoot!.querySelector('.expiry'))).to.match(/Send within/);

    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    await typeHash(again, hash);
    await until(() => screen(again) === 'progress', 'the hash did not start the progress');
    await until(() => ofType(seen, 'swap-status').length > 0, 'not tracked');
    expect(ofType(seen, 'swap-status')[0]!.detail).to.deep.include({ hash, handoutId: handed.handoutId });
    expect(ofType(seen, 'swap-memo').length + ofType(seen, 'swap-tx').length, 'handed out again').to.equal(0);
  });

  it('on the deposit screen: the deposit address again, no memo; Cancel revokes it and brings the form back', async () => {
    const attrs = { 'api-key': scope('reload-deposit'), ...CHANNEL };
    const el = await mount(attrs);
    const memos = record(el, 'swap-memo');
    await confirmFirst(el);
    await until(() => memoFlow(el), 'no deposit screen');
    const handed = ofType(memos, 'swap-memo')[0]!.detail;
    expect(handed.memo).to.equal('');

    const again = await reload(el, attrs);
    const seen = record(again, 'swap-revoke', 'swap-memo');
    expect(screen(again)).to.equal('pay');
    const flow = memoFlow(again)!;
    await flow.updateComplete;
    expect(text(flow.shadowRoot!.querySelector('dl'))).to.contain(handed.address);
    expect(flow.shadowRoot!.querySelector('[data-field="memo"]')).to.equal(null);
    shadow(again).querySelector<HTMLButtonElement>('[data-action="cancel"]')!.click();
    await until(() => ofType(seen, 'swap-revoke').length === 1, 'not revoked');
    expect(ofType(seen, 'swap-revoke')[0]!.detail).to.deep.include({ handoutId: handed.handoutId, reason: 'rejected' });
    await until(() => screen(again) === 'form' && main(again), 'no form after Cancel');
    expect(ofType(seen, 'swap-memo')).to.deep.equal([]);
  });

  it('while the host holds a Solana hand-out: its waiting panel, Swap absent; rejected() ends it and the form comes back', async () => {
    const attrs = { 'api-key': scope('reload-host'), 'host-signs': '', ...SOLANA };
    const el = await mount(attrs);
    const txs = record(el, 'swap-tx');
    await confirmFirst(el);
    await until(() => ofType(txs, 'swap-tx').length === 1, 'no swap-tx');
    const handed = ofType(txs, 'swap-tx')[0]!.detail;

    const again = await reload(el, attrs);
    const seen = record(again, 'swap-revoke', 'swap-tx');
    expect(screen(again)).to.equal('waiting');
    expect(main(again)).to.equal(null);
    expect(text(shadow(again).querySelector('[part="execution"]'))).to.match(/Waiting for your app/);
    again.rejected();
    await until(() => ofType(seen, 'swap-revoke').length === 1, 'not revoked');
    expect(ofType(seen, 'swap-revoke')[0]!.detail).to.deep.include({ handoutId: handed.handoutId, reason: 'rejected' });
    await until(() => screen(again) === 'form' && main(again), 'no form');
    expect(ofType(seen, 'swap-tx')).to.deep.equal([]);
  });

  it('while an approval is mined: its waiting panel; approved() after the reload hands out the swap, once', async () => {
    const attrs = { 'api-key': scope('reload-approval'), 'host-signs': '', ...APPROVAL };
    const el = await mount(attrs);
    const txs = record(el, 'swap-tx');
    await confirmFirst(el);
    await until(() => ofType(txs, 'swap-tx').length === 1, 'no approval');
    const approval = ofType(txs, 'swap-tx')[0]!.detail;
    expect(approval.kind).to.equal('approve');

    const again = await reload(el, attrs);
    const seen = record(again, 'swap-tx', 'swap-revoke', 'swap-error');
    expect(screen(again)).to.equal('waiting');
    expect(text(shadow(again).querySelector('[part="execution"]'))).to.match(/approval/);
    again.approved();
    await until(() => ofType(seen, 'swap-tx').length === 1, 'approved() after the reload handed nothing out', 15_000);
    const swap = ofType(seen, 'swap-tx')[0]!.detail;
    expect(swap.kind).to.equal('swap');
    expect([swap.quoteId, swap.routeIndex]).to.deep.equal([approval.quoteId, approval.routeIndex]);
    expect(swap.handoutId).to.not.equal(approval.handoutId);
    again.approved();
    await again.updateComplete;
    expect(ofType(seen, 'swap-tx').length, 'a second approved() hands out nothing').to.equal(1);
    expect(ofType(seen, 'swap-revoke')).to.deep.equal([]);
    expect(screen(again)).to.equal('waiting');
  });

  it('while tracking: the progress on the first frame with its last status, Swap absent; after the end, the form with the swap in Recent swaps', async function () {
    this.timeout(60_000);
    const key = scope('reload-tracking');
    await control(key, { timeScale: 30 });
    const attrs = { 'api-key': key, 'host-signs': '', ...MEMO };
    const el = await mount(attrs);
    const statuses = record(el, 'swap-status');
    await confirmFirst(el);
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    el.track(hash);
    await until(() => ofType(statuses, 'swap-status').some((e) => e.detail.status !== undefined), 'no status');

    const again = await reload(el, attrs);
    const seen = record(again, 'swap-status', 'swap-memo');
    expect(screen(again), 'the first frame').to.equal('progress');
    expect(main(again)).to.equal(null);
    expect(deepQuery(again, 'swap-tracker', '[part="tracker"]')).to.not.equal(null);
    await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'not followed to its end', 45_000);
    await until(
      () => deepQuery(again, 'swap-tracker', '[part="tracker"]')?.classList.contains('success'),
      'not shown completed',
    );

    const after = await reload(again, attrs);
    expect(screen(after)).to.equal('form');
    await until(() => main(after), 'no main button');
    await until(
      () => text(shadow(after).querySelector('[part="recent-swaps"]')).includes('Recent swaps'),
      'not in Recent swaps',
    );
    expect(ofType(seen, 'swap-memo')).to.deep.equal([]);
  });
});

describe('two widgets on one page, each with its own id', () => {
  before(allowResizeObserverLoopNotice);
  const clear = () => [FLOW_STORE_KEY, HANDOUT_RECORDS_KEY, STORAGE_KEY].forEach((k) => localStorage.removeItem(k));
  beforeEach(clear);
  afterEach(() => (fixtureCleanup(), clear()));

  it("a handoutId is its widget's own: the other widget refuses it (swap-error tracking) and tracks nothing; after a reload each restores its own", async () => {
    const key = scope('two-ids');
    const attrs = { 'api-key': key, 'host-signs': '', ...MEMO };
    const w1 = document.createElement('swap-widget');
    const w2 = document.createElement('swap-widget');
    for (const [w, id] of [
      [w1, 'w1'],
      [w2, 'w2'],
    ] as const) {
      w.id = id;
      for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) w.setAttribute(k, v);
    }
    await fixture(html`<div>${w1}${w2}</div>`);
    const memos = record(w1, 'swap-memo');
    const w2seen = record(w2, 'swap-error', 'swap-status');
    await confirmFirst(w1);
    await until(() => ofType(memos, 'swap-memo').length === 1, 'no swap-memo');
    const handoutId = ofType(memos, 'swap-memo')[0]!.detail.handoutId;

    w2.track(makeHash('completed', 'wrapped', { evm: false, seed: key }), { handoutId });
    await until(() => ofType(w2seen, 'swap-error').length === 1, "w2 did not refuse w1's hand-out");
    expect(ofType(w2seen, 'swap-error')[0]!.detail.code).to.equal('tracking');
    expect(ofType(w2seen, 'swap-status')).to.deep.equal([]);
    expect(shadow(w1).querySelector('.widget')!.getAttribute('data-screen')).to.equal('waiting');

    // Reload: both come back; only w1 is on its waiting panel.
    fixtureCleanup();
    const r1 = document.createElement('swap-widget');
    const r2 = document.createElement('swap-widget');
    r1.id = 'w1';
    r2.id = 'w2';
    for (const w of [r1, r2]) for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) w.setAttribute(k, v);
    await fixture(html`<div>${r1}${r2}</div>`);
    expect(screen(r1)).to.equal('waiting');
    expect(screen(r2)).to.equal('form');
  });
});
