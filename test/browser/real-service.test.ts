/**
 * Working against the real service, not only our imitation of it (issue 15): the main flows
 * in both dialects of the reference service (the spec's neutral names and shapes, and the
 * real service's names, token shape and tracking records); a route named `_X` or one that
 * cannot be read next to honest ones; the same widget, unchanged, against either dialect; two
 * widgets of two services on one page; and the service's limits and outages, recovered from
 * without the user.
 *
 * Assertions compare strings and booleans (never an element from inside the widget).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import {
  LOCAL_NODES,
  acceptRisk,
  allRoutes,
  confirmReview,
  control,
  reviewButton,
  ofType,
  record,
  requests,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/**
 * A widget with these attributes, in a fresh fixture or appended to `parent`; `listen` runs
 * before it is connected, so no event it dispatches on connecting is missed.
 */
async function mount(
  attrs: Record<string, string>,
  parent?: HTMLElement,
  listen?: (el: SwapWidget) => void,
): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  listen?.(el);
  if (parent) {
    parent.append(el);
    await el.updateComplete;
  } else {
    await fixture(html`<div>${el}</div>`);
  }
  return el;
}

/** The provider names each route shows, in order (the other routes opened first). */
const routeLabels = async (el: SwapWidget) =>
  (await allRoutes(el)).map((b) => [...b.querySelectorAll('.provider')].map((p) => p.textContent ?? '').join(' → '));

/** Selects a route, presses Review swap and (unless `confirm` is false) confirms the review. */
async function pressSwapOn(el: SwapWidget, index: number, confirm = true): Promise<void> {
  (await allRoutes(el))[index]!.click();
  await el.updateComplete;
  (await reviewButton(el)).click();
  if (confirm) await confirmReview(el);
}

const statusLine = (el: SwapWidget) => shadow(el).querySelector('[part="quote-status"]')?.textContent ?? '';
/** The wait, in seconds, the status line's notice began with (not said: a live region would speak a countdown every second). */
const waitOf = (el: SwapWidget) => shadow(el).querySelector('[part="quote-status"]')?.getAttribute('data-wait');
/** The swap progress the widget shows (its hash is in the explorer link or written out), '' when none. */
const trackerHtml = (el: SwapWidget) => {
  const t = shadow(el).querySelector('swap-tracker');
  return t ? (t.shadowRoot ?? t).innerHTML : '';
};
/** The widget's list of recent swaps ('' when it shows none). */
const recentText = (el: SwapWidget) => shadow(el).querySelector('[part="recent-swaps"]')?.textContent ?? '';

const DIALECTS = {
  spec: {
    memo: 'PROTOCOL_A',
    broker: 'PROTOCOL_B',
    aggregator: 'AGGREGATOR_A',
    memoLabel: 'Protocol A',
    brokerLabel: 'Protocol B',
    aggregatorLabel: 'Aggregator A',
  },
  real: {
    memo: 'THORCHAIN',
    broker: 'CHAINFLIP',
    aggregator: 'ONEINCH',
    memoLabel: 'THORChain',
    brokerLabel: 'Chainflip',
    aggregatorLabel: '1inch',
  },
} as const;

describe('the main flows, in both dialects of the service', () => {
  beforeEach(() => localStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
  });

  for (const [dialect, names] of Object.entries(DIALECTS)) {
    describe(`${dialect} dialect`, () => {
      it(`a ${names.memo} memo route is labelled, handed out and tracked to completed`, async function () {
        this.timeout(30_000);
        const key = scope(`${dialect}-memo`);
        await control(key, { dialect, timeScale: 60 });
        const el = await mount({
          'api-key': key,
          providers: names.memo,
          affiliate: 'sw',
          'affiliate-fee': '25',
          'sell-asset': 'BTC.BTC',
          'buy-asset': 'ETH.ETH',
          'sell-amount': '0.1',
          'destination-address': ETH_ADDRESS,
        });
        const seen = record(el, 'swap-memo', 'swap-status', 'swap-error', 'swap-quote');
        el.addEventListener('swap-memo', (e) => e.preventDefault());
        await until(() => routeButtons(el).length > 0, 'no routes');
        expect(await routeLabels(el)).to.deep.equal([names.memoLabel]);
        expect(ofType(seen, 'swap-quote')[0]!.detail.routes[0]!.providers.join()).to.equal(names.memo);
        await pressSwapOn(el, 0);
        await until(() => ofType(seen, 'swap-memo').length === 1, 'no swap-memo');
        const memo = ofType(seen, 'swap-memo')[0]!.detail;
        expect([memo.chain, memo.asset, memo.amount, memo.memo.startsWith('=:')]).to.deep.equal([
          'BTC',
          'BTC.BTC',
          '0.1',
          true,
        ]);
        const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
        el.track(hash);
        await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
        const last = ofType(seen, 'swap-status').at(-1)!.detail;
        expect([last.status, last.final, /^\d+(\.\d+)?$/.test(last.buyAmount ?? '')]).to.deep.equal([
          'completed',
          true,
          true,
        ]);
        expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
      });

      it(`a ${names.broker} route opens a deposit channel and hands out its address`, async () => {
        const key = scope(`${dialect}-channel`);
        await control(key, { dialect });
        const el = await mount({
          'api-key': key,
          providers: names.broker,
          'sell-asset': 'ETH.ETH',
          'buy-asset': 'BTC.BTC',
          'sell-amount': '1',
          'destination-address': BTC_ADDRESS,
        });
        const seen = record(el, 'swap-memo', 'swap-error', 'swap-tx');
        el.addEventListener('swap-memo', (e) => e.preventDefault());
        await until(() => routeButtons(el).length > 0, 'no routes');
        expect(await routeLabels(el)).to.deep.equal([names.brokerLabel]);
        await pressSwapOn(el, 0, false);
        // No list vouches for a channel's address: the user accepts it before it is handed out.
        await acceptRisk(el);
        await until(
          () => ofType(seen, 'swap-memo').length + ofType(seen, 'swap-error').length > 0,
          'nothing handed out',
        );
        expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
        const handOut = ofType(seen, 'swap-memo')[0]!.detail;
        expect([
          handOut.chain,
          handOut.asset,
          handOut.amount,
          handOut.memo,
          /^0x[0-9a-fA-F]{40}$/.test(handOut.address),
        ]).to.deep.equal(['ETH', 'ETH.ETH', '1', '', true]);
        expect((await requests(key, '/v1/protocol-b-deposit-channel')).length).to.equal(1);
        expect(ofType(seen, 'swap-tx').length).to.equal(0);
      });

      it(`a token sold on ${names.aggregator}: the list's decimals read, an exact approval, then the swap`, async () => {
        const key = scope(`${dialect}-erc20`);
        await control(key, { dialect });
        const el = await mount({
          'api-key': key,
          providers: names.aggregator,
          'host-signs': '',
          'sell-asset': USDC,
          'buy-asset': 'ETH.ETH',
          'sell-amount': '2500.5',
          'source-address': ETH_ADDRESS,
          'destination-address': ETH_ADDRESS,
        });
        const seen = record(el, 'swap-tx', 'swap-error');
        el.addEventListener('swap-tx', (e) => {
          e.preventDefault();
          if (e.detail.kind === 'approve') queueMicrotask(() => el.approved());
        });
        await until(() => routeButtons(el).length > 0, 'no routes');
        expect(await routeLabels(el)).to.deep.equal([names.aggregatorLabel]);
        await pressSwapOn(el, 0);
        await until(
          () => ofType(seen, 'swap-tx').some((e) => e.detail.kind === 'swap') || ofType(seen, 'swap-error').length > 0,
          'no swap-tx',
        );
        expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
        const txs = ofType(seen, 'swap-tx').map((e) => e.detail);
        expect(txs.map((t) => t.kind)).to.deep.equal(['approve', 'swap']);
        // 2500.5 USDC at the list's 6 decimals: 0x...9508c2a4 = 2 500 500 000.
        const approve = txs[0]!;
        if (approve.family !== 'evm') throw new Error(`an EVM approval was expected, got ${approve.family}`);
        expect(approve.tx.data.toLowerCase().endsWith((2_500_500_000).toString(16).padStart(64, '0'))).to.equal(true);
      });
    });
  }

  it('the same widget, attribute for attribute, reads either dialect: only the service differs', async () => {
    const attrs = {
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    };
    const shown: Record<string, string[]> = {};
    const asked: Record<string, string[]> = {};
    for (const dialect of ['spec', 'real'] as const) {
      const key = scope(`unchanged-${dialect}`);
      await control(key, { dialect });
      let seen: Event[] = [];
      const el = await mount({ 'api-key': key, ...attrs }, undefined, (w) => (seen = record(w, 'swap-error')));
      await until(() => routeButtons(el).length > 0, `no routes in the ${dialect} dialect`);
      shown[dialect] = await routeLabels(el);
      asked[dialect] = (await requests(key)).map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? {})}`).sort();
      expect(
        shadow(el).querySelector('.route.unreadable') === null,
        `an unreadable route in the ${dialect} dialect`,
      ).to.equal(true);
      expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
      fixtureCleanup();
    }
    // The same routes, named the service's way; the same requests, word for word.
    const REAL_LABEL: Record<string, string> = {
      'Protocol A': 'THORChain',
      'Protocol B': 'Chainflip',
      'Protocol C': 'Maya Protocol',
      'Aggregator A': '1inch',
      'Aggregator B': 'Jupiter',
      'Protocol D': 'Garden',
    };
    const translated = shown.spec!.map((l) =>
      l.replace(/(Protocol [A-D]|Aggregator [AB])/g, (n) => REAL_LABEL[n] ?? n),
    );
    expect(shown.real!.length > 1).to.equal(true);
    expect(shown.real).to.deep.equal(translated);
    expect(asked.real).to.deep.equal(asked.spec);
  });
});

describe('routes the widget cannot name or read', () => {
  afterEach(() => fixtureCleanup());

  it('shows a route named _X as written, next to the honest one, and the honest one is handed out', async () => {
    const key = scope('named-x');
    const el = await mount({
      'api-key': key,
      'api-url': '/__tamper/one-named-x',
      providers: 'PROTOCOL_A,PROTOCOL_C',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-error');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    await until(() => routeButtons(el).length > 0, 'no routes');
    const labels = await routeLabels(el);
    expect(labels.length >= 2, 'not every route shown').to.equal(true);
    expect(labels.includes('_X'), labels.join(' | ')).to.equal(true);
    const honest = labels.findIndex((l) => l !== '_X');
    expect(honest >= 0, labels.join(' | ')).to.equal(true);
    await pressSwapOn(el, honest);
    await until(() => ofType(seen, 'swap-memo').length === 1, 'the honest route was not handed out');
    expect(ofType(seen, 'swap-error').length).to.equal(0);
  });

  it('lists a route that cannot be read as unreadable, with its provider, and shows the others', async () => {
    const key = scope('unreadable');
    let seen: Event[] = [];
    const el = await mount(
      {
        'api-key': key,
        'api-url': '/__tamper/one-unreadable',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      },
      undefined,
      (w) => (seen = record(w, 'swap-quote', 'swap-error')),
    );
    await until(() => routeButtons(el).length > 0, 'no routes');
    await allRoutes(el);
    const unreadable = shadow(el).querySelector('.route.unreadable')!;
    expect(unreadable.textContent ?? '').to.match(/Protocol [AC]/);
    expect(unreadable.textContent ?? '').to.match(/could not be read/);
    expect(unreadable.tagName).to.equal('DIV');
    const quote = ofType(seen, 'swap-quote')[0]!.detail;
    expect(quote.routes.length).to.equal(routeButtons(el).length);
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
  });
});

describe('swaps per service', () => {
  beforeEach(() => localStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
  });

  it('two widgets with different api-url do not see each other’s swaps', async function () {
    this.timeout(25_000);
    const key = scope('per-service');
    await control(key, { timeScale: 20 });
    const page = await fixture<HTMLDivElement>(html`<div></div>`);
    const attrs = {
      'api-key': key,
      providers: 'PROTOCOL_A',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    };
    let seenA: Event[] = [];
    const a = await mount(attrs, page, (el) => (seenA = record(el, 'swap-status')));
    await until(() => routeButtons(a).length > 0, 'no routes in a');
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    a.track(hash);
    await until(() => ofType(seenA, 'swap-status').length > 0, 'a did not start tracking');
    await until(() => trackerHtml(a).includes(hash), 'a does not show its swap');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as {
      swaps: { hash: string; service: string; keyId: string }[];
    };
    expect(stored.swaps.map((s) => [s.hash, s.service])).to.deep.equal([[hash, location.origin]]);
    expect(stored.swaps[0]!.keyId.length > 0).to.equal(true);
    expect(JSON.stringify(stored).includes(key), 'the key is stored').to.equal(false);

    // Another service on the same page (the same reference service behind another URL), and
    // the same service with another key: neither resumes, polls, shows nor lists a's swap.
    let seenB: Event[] = [];
    let seenC: Event[] = [];
    let seenD: Event[] = [];
    const b = await mount(
      { ...attrs, 'api-url': '/__tamper/another-service' },
      page,
      (el) => (seenB = record(el, 'swap-status')),
    );
    const c = await mount({ ...attrs, 'api-key': `${key}-other` }, page, (el) => (seenC = record(el, 'swap-status')));
    // A widget of a's service and key (its honest twin) resumes it, polls it and lists it (its form stays in front).
    const d = await mount(attrs, page, (el) => (seenD = record(el, 'swap-status')));
    await until(() => routeButtons(b).length > 0 && routeButtons(c).length > 0, 'no routes in b or c');
    await until(() => recentText(d) !== '', 'the same service does not list it');
    await until(
      () => ofType(seenD, 'swap-status').some((e) => e.detail.hash === hash && e.detail.final),
      'd did not poll it to the end',
      15_000,
    );
    await until(() => ofType(seenA, 'swap-status').some((e) => e.detail.final), 'a never completed', 15_000);
    for (const [name, other, seen] of [
      ['b', b, seenB],
      ['c', c, seenC],
    ] as const) {
      expect([trackerHtml(other), recentText(other)], `${name} shows a's swap`).to.deep.equal(['', '']);
      expect(ofType(seen, 'swap-status').length, `${name} polled a's swap`).to.equal(0);
    }
    expect((await requests(`${key}-other`, '/v1/track')).length).to.equal(0);
  });
});

describe('the service’s limits and outages', () => {
  afterEach(() => fixtureCleanup());

  it('a 429 then success: asked again after Retry-After, the user told, routes come by themselves', async () => {
    const key = scope('busy');
    await control(key, { faults: [{ kind: '429', path: '/v1/quote', retryAfter: 1, times: 1 }] });
    let seen: Event[] = [];
    const el = await mount(
      {
        'api-key': key,
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      },
      undefined,
      (w) => (seen = record(w, 'swap-error', 'swap-quote')),
    );
    await until(
      () => /busy; asking again in a moment\.$/.test(statusLine(el)) && waitOf(el) === '1',
      'the user was not told',
    );
    await until(() => routeButtons(el).length > 0, 'routes did not come back');
    expect(ofType(seen, 'swap-quote').length).to.equal(1);
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
    const quotes = await requests(key, '/v1/quote');
    expect(quotes.map((q) => q.status)).to.deep.equal([429, 200]);
    expect(/busy/.test(statusLine(el))).to.equal(false);
  });

  it('after the service was down, the routes come back by themselves, asked for again with a growing wait', async function () {
    this.timeout(30_000);
    const key = scope('outage');
    // Down until the test brings it back: every quote request has its connection closed.
    // (Chromium may retry a closed connection once by itself, so the count of closed
    // requests is not the count of the widget's tries: the status line is.)
    await control(key, { faults: [{ kind: 'drop', path: '/v1/quote', times: 10_000 }] });
    let seen: Event[] = [];
    const el = await mount(
      {
        'api-key': key,
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      },
      undefined,
      (w) => (seen = record(w, 'swap-error', 'swap-quote')),
    );
    await until(
      () => /cannot be reached; trying again automatically\.$/.test(statusLine(el)) && waitOf(el) === '2',
      'the user was not told',
    );
    // The box beside it does not say the opposite (to try again by hand): it offers to try now.
    await until(() => shadow(el).querySelector('[part="error"] p'), 'no error box');
    expect(shadow(el).querySelector('[part="error"] p')!.textContent).to.equal(
      'Check your connection, or try again now.',
    );
    // It asks again by itself, fails again, and waits twice as long.
    await until(
      () => /cannot be reached; trying again automatically/.test(statusLine(el)) && waitOf(el) === '4',
      'not asked again with a longer wait',
    );
    const down = await requests(key, '/v1/quote');
    expect(
      [down.length >= 2, down.every((q) => q.status === 0)],
      JSON.stringify(down.map((q) => q.status)),
    ).to.deep.equal([true, true]);
    // Told once for the run of failures, not at every try.
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal(['network']);
    expect(routeButtons(el).length).to.equal(0);

    await control(key, { reset: true }); // the service is back
    await until(() => routeButtons(el).length > 0, 'routes did not come back', 10_000);
    expect(ofType(seen, 'swap-quote').length).to.equal(1);
    expect(ofType(seen, 'swap-error').length).to.equal(1);
    expect((await requests(key, '/v1/quote')).map((q) => q.status)).to.deep.equal([200]);
    expect(shadow(el).querySelector('[part="error"]') === null, 'the error box stays').to.equal(true);
    expect(/cannot be reached/.test(statusLine(el))).to.equal(false);
  });
});
