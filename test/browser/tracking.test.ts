import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/index.js';
import type { SwapStatusEvent } from '../../src/events.js';
import { FLOW_STORE_KEY } from '../../src/domain/flow/flow-store.js';
import { HANDOUT_RECORDS_KEY } from '../../src/domain/flow/handout-records.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash, type HashOutcome } from '../../demo/server/hashes.js';
import {
  LOCAL_NODES,
  control,
  ofType,
  record,
  requests,
  routeButtons,
  scope,
  shadow,
  until,
  watchFetch,
} from './helpers.js';
import { installClock, untilReal } from './mock-clock.js';
import { deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

const FINALS: [HashOutcome, string][] = [
  ['completed', 'completed'],
  ['refunded', 'refunded'],
  ['partially_refunded', 'partially_refunded'],
  ['dropped', 'dropped'],
  ['reverted', 'reverted'],
  ['replaced', 'replaced'],
  ['retries_exceeded', 'retries_exceeded'],
  ['parsing_error', 'parsing_error'],
];

/** A widget with a quoted, selected BTC -> ETH route, polling every second. */
async function selected(key: string, extra: Record<string, string> = {}): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({
    ...LOCAL_NODES,
    'api-key': key,
    'poll-interval': '1000',
    providers: 'PROTOCOL_A',
    'sell-asset': 'BTC.BTC',
    'buy-asset': 'ETH.ETH',
    'sell-amount': '0.1',
    'destination-address': ETH_ADDRESS,
    ...extra,
  })) {
    el.setAttribute(k, v);
  }
  await fixture(html`<div>${el}</div>`);
  await until(() => routeButtons(el).length > 0, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  return el;
}

function statuses(events: readonly Event[], hash: string): string[] {
  return ofType(events, 'swap-status')
    .filter((e) => e.detail.hash === hash)
    .map((e) => e.detail.status);
}

function tracker(el: SwapWidget) {
  return shadow(el).querySelector('swap-tracker')!;
}

/** An element of the widget's tracker (its shadow root is the second one down). */
function inTracker(el: SwapWidget, selector: string) {
  return deepQuery(el, 'swap-tracker', selector);
}

describe('tracking', () => {
  beforeEach(() => localStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(HANDOUT_RECORDS_KEY);
    localStorage.removeItem(FLOW_STORE_KEY);
  });

  it('reaches every final state by hash prefix, in both answer shapes', async function () {
    this.timeout(60_000);
    const key = scope('finals');
    await control(key, { timeScale: 100 });
    const el = await selected(key);
    const seen = record(el, 'swap-status', 'swap-error');
    const hashes = FINALS.flatMap(([outcome, final]) =>
      (['flat', 'wrapped'] as const).map((shape) => ({
        hash: makeHash(outcome, shape, { evm: false, seed: `${key}:${shape}` }),
        final,
        shape,
      })),
    );
    for (const h of hashes) el.track(h.hash);
    await until(
      () => hashes.every((h) => statuses(seen, h.hash).includes(h.final)),
      'not every swap reached its final state',
      50_000,
    );
    for (const h of hashes) {
      const list = ofType(seen, 'swap-status').filter((e) => e.detail.hash === h.hash);
      const last = list.at(-1)!.detail;
      expect(last.status, `${h.shape} ${h.final}`).to.equal(h.final);
      expect(last.final).to.equal(true);
      // Nothing after the final state, and the final state only once.
      expect(list.filter((e) => e.detail.final)).to.have.length(1);
      if (h.final === 'completed') expect(last.buyAmount).to.match(/^\d+(\.\d+)?$/);
    }
    // Both shapes were really answered by the service.
    expect(ofType(seen, 'swap-error')).to.have.length(0);
    await el.updateComplete;
    expect(inTracker(el, '[role="status"]')).to.exist;
  });

  it('shows a streaming swap moving, with its progress and sub-swaps', async function () {
    this.timeout(40_000);
    const key = scope('stream');
    await control(key, { timeScale: 6 });
    const el = await selected(key);
    const seen = record(el, 'swap-status');
    const hash = makeHash('streaming', 'wrapped', { evm: false, seed: key });
    el.track(hash);
    const values = new Set<number>();
    await until(
      () => {
        const p = inTracker(el, 'progress') as HTMLProgressElement | null;
        if (p) values.add(Math.round(p.value));
        return values.size >= 3;
      },
      'streaming progress did not move',
      30_000,
    );
    const sorted = [...values];
    expect(sorted).to.deep.equal([...sorted].sort((a, b) => a - b));
    expect(inTracker(el, '[part="tracker"]')!.textContent).to.match(/sub-swaps/);
    expect(statuses(seen, hash)).to.include('swapping');
  });

  it('honours Retry-After on 429 and completes', async function () {
    this.timeout(30_000);
    const key = scope('429');
    await control(key, { timeScale: 100, faults: [{ kind: '429', path: '/v1/track', retryAfter: 3, times: 1 }] });
    const el = await selected(key);
    const seen = record(el, 'swap-status', 'swap-error');
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    el.track(hash);
    await until(() => statuses(seen, hash).includes('completed'), 'not completed', 25_000);
    const tracked = (await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track');
    const gap = tracked[1]!.time - tracked[0]!.time;
    expect(gap).to.be.at.least(2900);
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal(['tracking']);
  });

  it('keeps tracking through 500s and malformed answers, and completes once the service recovers', async function () {
    this.timeout(40_000);
    const key = scope('faults');
    await control(key, {
      timeScale: 100,
      faults: [
        { kind: '500', path: '/v1/track', times: 2 },
        { kind: 'malformed', path: '/v1/track', times: 1 },
        { kind: 'wrong-types', path: '/v1/track', times: 1 },
      ],
    });
    const el = await selected(key);
    const seen = record(el, 'swap-status');
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    el.track(hash);
    await until(() => !!inTracker(el, '.problem'), 'the problem is not shown');
    expect(inTracker(el, '.problem')!.textContent).to.match(/checking again/);
    await until(() => statuses(seen, hash).includes('completed'), 'not completed', 35_000);
    expect((await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track').length).to.be.at.least(5);
  });

  it('does not take a hang or an unknown quote id as final', async function () {
    this.timeout(60_000);
    const key = scope('hang');
    await control(key, { timeScale: 100, faults: [{ kind: 'hang', path: '/v1/track', times: 1 }] });
    const el = await selected(key);
    const seen = record(el, 'swap-status', 'swap-error');
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    el.track(hash);
    await until(() => statuses(seen, hash).includes('completed'), 'not completed after a hang', 55_000);
    expect(ofType(seen, 'swap-error')[0]!.detail.code).to.equal('tracking');
  });

  it('resumes a swap after a reload (a new element reading the same storage) and reaches completed', async function () {
    this.timeout(40_000);
    const key = scope('reload');
    await control(key, { timeScale: 8 });
    const first = await selected(key);
    const before = record(first, 'swap-status');
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    first.track(hash);
    await until(() => statuses(before, hash).length >= 2, 'no progress before the reload');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    expect(stored.version).to.equal(2);
    expect(stored.swaps[0]).to.include({ hash, chainId: 'BTC', final: false });
    first.remove();

    const second = document.createElement('swap-widget');
    second.setAttribute('api-key', key);
    second.setAttribute('poll-interval', '1000');
    const after = record(second, 'swap-status');
    await fixture(html`<div>${second}</div>`);
    await until(() => statuses(after, hash).length > 0, 'no swap-status on resume');
    await until(() => statuses(after, hash).includes('completed'), 'not completed after the reload', 30_000);
    expect(ofType(after, 'swap-status')[0]!.detail.quoteId).to.equal(ofType(before, 'swap-status')[0]!.detail.quoteId);
  });

  it('migrates a record of the older version and resumes it', async function () {
    this.timeout(30_000);
    const key = scope('migrate');
    await control(key, { timeScale: 100 });
    // Quote through the service so the quote id is real.
    const quote = await fetch('/v1/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '0.1',
        slippage: 1,
        destinationAddress: ETH_ADDRESS,
        providers: ['PROTOCOL_A'],
      }),
    }).then((r) => r.json());
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: 1,
        swaps: [
          {
            txHash: hash,
            chain: 'BTC',
            quoteId: quote.quoteId,
            routeIndex: 0,
            status: 'mempool',
            startedAt: Date.now() - 5000,
          },
        ],
      }),
    );
    const el = document.createElement('swap-widget');
    el.setAttribute('api-key', key);
    el.setAttribute('poll-interval', '1000');
    const seen = record(el, 'swap-status');
    await fixture(html`<div>${el}</div>`);
    await until(() => statuses(seen, hash).includes('completed'), 'the migrated swap did not complete', 25_000);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    expect(stored.version).to.equal(2);
    expect(stored.swaps[0]).to.include({ hash, chainId: 'BTC', quoteId: quote.quoteId, final: true });
  });

  it('still tracks when storage is full, and says swaps are kept in memory only', async function () {
    this.timeout(40_000);
    const key = scope('full');
    await control(key, { timeScale: 100 });
    // Fill the real localStorage of this origin until the browser refuses more.
    const filler: string[] = [];
    for (let size = 1 << 20; size >= 1;) {
      try {
        localStorage.setItem(`filler-${filler.length}`, 'x'.repeat(size));
        filler.push(`filler-${filler.length}`);
      } catch {
        size >>= 1; // full at this size: try smaller pieces until not one character fits
      }
    }
    try {
      const el = await selected(key);
      const seen = record(el, 'swap-status');
      const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
      el.track(hash);
      await until(() => statuses(seen, hash).includes('completed'), 'not completed with full storage', 30_000);
      await el.updateComplete;
      expect(shadow(el).querySelector('.storage-notice')?.textContent).to.match(/cannot be saved/);
    } finally {
      for (const k of filler) localStorage.removeItem(k);
    }
  });

  it('lets two widgets on one page follow the same swap with one poller', async function () {
    this.timeout(30_000);
    const key = scope('two');
    await control(key, { timeScale: 12 });
    const a = await selected(key);
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    const seenA = record(a, 'swap-status');
    a.track(hash);
    await until(() => statuses(seenA, hash).length > 0, 'a did not start');
    const b = document.createElement('swap-widget');
    b.setAttribute('api-key', key);
    b.setAttribute('poll-interval', '1000');
    const seenB = record(b, 'swap-status');
    a.parentElement!.append(b);
    await until(
      () => statuses(seenA, hash).includes('completed') && statuses(seenB, hash).includes('completed'),
      'not both completed',
      25_000,
    );
    const tracked = (await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track').map((r) => r.time);
    for (let i = 1; i < tracked.length; i++)
      expect(tracked[i]! - tracked[i - 1]!, 'two polls in the same second').to.be.greaterThan(500);
  });

  it('stops polling while the page is hidden and polls again when it shows (only that wakes it)', async function () {
    this.timeout(30_000);
    const key = scope('hidden');
    // The shortest interval: after an answer, the next poll is due within 1.2 s (1 s +20% jitter).
    const el = await selected(key, { 'poll-interval': '1000' });
    const seen = record(el, 'swap-status');
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    const polls = async () => (await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track');
    // The poller sleeps on a mock clock, so its sleep can end while the page is hidden without
    // the test waiting for it; the polls the page starts are read as it starts them.
    const clock = installClock();
    const fetches = watchFetch();
    const started = () => fetches.started.filter((r) => r.path === '/v1/track').length;
    try {
      el.track(hash);
      await untilReal(async () => (await polls()).some((r) => r.status === 200), 'no first poll answered');
      await untilReal(
        () => clock.timeLeft().some((ms) => ms <= 1200),
        'the poller did not sleep after its first answer',
      );
      // The page really hidden: its window minimised (test/support/visibility.ts).
      await executeServerCommand('set-page-visibility', { visible: false });
      await untilReal(() => document.visibilityState === 'hidden', 'the page did not hide');
      const hidden = started();
      // Ten seconds on, well past the time the next poll was due: the poller woke and parked
      // instead of polling (the chain from its timer to a request is promise callbacks only,
      // which tick() lets run).
      await clock.tick(10_000);
      expect(started(), 'polled while hidden').to.equal(hidden);
      clock.uninstall();
      fetches.stop();
      // Taken before the page is asked to show, so no delay of a loaded machine after it can
      // make the poll seem early: a poll logged before this moment polled while hidden.
      const showAskedAt = Date.now();
      await executeServerCommand('set-page-visibility', { visible: true });
      await until(() => document.visibilityState === 'visible', 'the page did not show');
      await until(async () => (await polls()).length > hidden, 'no poll after the page showed again');
      expect((await polls())[hidden]!.time, 'the poll waited for the page to show').to.be.at.least(showAskedAt);
    } finally {
      clock.uninstall();
      fetches.stop();
      if (document.visibilityState !== 'visible') await executeServerCommand('set-page-visibility', { visible: true });
    }
    expect(statuses(seen, hash)).to.not.include('completed');
  });

  it('does not apply an answer about another swap: swap-error tracking, the tracker says so, and it polls again', async function () {
    this.timeout(30_000);
    const key = scope('another-swap');
    await control(key, { timeScale: 100 });
    // Every /v1/track answer says `completed`, with another swap's quote, route, hash and assets (test/support/tamper-answers.ts).
    const el = await selected(key, { 'api-url': '/__tamper/track-another-swap' });
    const seen = record(el, 'swap-status', 'swap-error');
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    el.track(hash);
    await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error.code).to.equal('tracking');
    expect(error.message).to.match(/not this swap's, so its answer was not applied/);
    await until(() => !!inTracker(el, '.problem'), 'the problem is not shown');
    expect(inTracker(el, '.problem')!.textContent).to.match(/was not applied; checking again in \d+ s/);
    const polls = async () => (await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track').length;
    await until(async () => (await polls()) >= 2, 'no poll after the answer that was not applied');
    expect(statuses(seen, hash)).to.deep.equal(['not_started']);
    expect(ofType(seen, 'swap-status').some((e) => e.detail.final)).to.equal(false);
  });

  it('passes axe in progress, completed, refunded and failed', async function () {
    this.timeout(40_000);
    const key = scope('axe');
    await control(key, { timeScale: 100 });
    const el = await selected(key);
    const seen = record(el, 'swap-status');
    for (const outcome of ['completed', 'refunded', 'reverted'] as const) {
      const hash = makeHash(outcome, 'wrapped', { evm: false, seed: `${key}${outcome}` });
      el.track(hash);
      await until(() => statuses(seen, hash).length > 0, 'no status');
      await el.updateComplete;
      await expect(tracker(el)).to.be.accessible();
      await until(
        () => ofType(seen, 'swap-status').some((e: SwapStatusEvent) => e.detail.hash === hash && e.detail.final),
        'not final',
        20_000,
      );
      await el.updateComplete;
      await tracker(el).updateComplete;
      await expect(el).to.be.accessible();
    }
    // Final swaps can be dismissed.
    const dismiss = shadow(el).querySelectorAll<HTMLButtonElement>('.recent .dismiss');
    expect(dismiss.length).to.equal(3);
    dismiss[0]!.click();
    await el.updateComplete;
    expect(shadow(el).querySelectorAll('.recent li').length).to.equal(2);
  });
});

describe('tracking answers the widget cannot read (issue 30)', () => {
  beforeEach(() => localStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
    localStorage.removeItem(HANDOUT_RECORDS_KEY);
  });

  for (const [tamper, what] of [
    ['track-amount-absurd', 'completed with 1e30 received'],
    ['track-legs-20000', 'a route of 20 000 legs'],
  ] as const) {
    it(`${what}: not applied, swap-error tracking and the tracker say it cannot be read, the last good status stays, polling goes on`, async function () {
      this.timeout(40_000);
      const key = scope(`unreadable-${tamper}`);
      await control(key, { timeScale: 100 });
      const el = await selected(key, { 'api-url': `/__tamper/${tamper}` });
      const seen = record(el, 'swap-status', 'swap-error');
      const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
      el.track(hash);
      await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error', 30_000);
      const error = ofType(seen, 'swap-error')[0]!.detail;
      expect(error.code).to.equal('tracking');
      expect(error.message).to.match(/answer could not be read.*not applied; checking again in \d+ s/);
      await until(() => !!inTracker(el, '.problem'), 'the problem is not shown');
      expect(inTracker(el, '.problem')!.textContent).to.match(/could not be read/);
      const polls = async () => (await requests(key, '/v1/track')).filter((r) => r.path === '/v1/track').length;
      const before = await polls();
      await until(async () => (await polls()) > before, 'no poll after the answer that was not applied');
      expect(statuses(seen, hash)).to.not.include('completed');
      expect(ofType(seen, 'swap-status').some((e) => e.detail.final)).to.equal(false);
      expect(ofType(seen, 'swap-status').every((e) => !e.detail.buyAmount || e.detail.buyAmount.length < 20)).to.equal(
        true,
      );
    });
  }
});
