/**
 * The quote controller and the service's limits (issue 15, item 6), on mocked timers: a 429
 * with `Retry-After` is asked again once after the wait (never sooner, never twice, never
 * after a wait too long); after a `network` error the same request is asked again by itself
 * with a doubling wait, only while the page is visible and the browser online, and a newer
 * request replaces the pending recovery. The client is a script of answers.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import type { QuoteResult, SwapApiClient } from '../../../src/api/client.js';
import { NetworkError, ServiceError } from '../../../src/api/errors.js';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import {
  MAX_RETRY_AFTER_MS,
  QuoteController,
  RECOVERY_FIRST_MS,
  RECOVERY_MAX_MS,
  SERVER_RETRY_MS,
  type Quote,
} from '../../../src/controllers/quotes/quote-controller.js';
import { Host } from '../hostile/harness.js';

const REQUEST: QuoteRequest = { sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.1', slippage: 1 };
const OK: QuoteResult = { quoteId: 'q', routes: [], routeIndexes: [], providerErrors: [], dropped: [], unread: 0 };

type Step = 'ok' | 'network' | { status: number; retryAfterMs?: number };

/** A page: its visibility and whether the browser is online, with the events that say so. */
class Page {
  readonly document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  readonly window = new EventTarget();
  readonly navigator = { onLine: true };
  install() {
    for (const [name, value] of [
      ['document', this.document],
      ['navigator', this.navigator],
    ] as const) {
      Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
    }
    Object.defineProperty(globalThis, 'addEventListener', {
      value: this.window.addEventListener.bind(this.window),
      configurable: true,
      writable: true,
    });
    Object.defineProperty(globalThis, 'removeEventListener', {
      value: this.window.removeEventListener.bind(this.window),
      configurable: true,
      writable: true,
    });
  }
  uninstall() {
    for (const name of ['document', 'navigator', 'addEventListener', 'removeEventListener'])
      delete (globalThis as Record<string, unknown>)[name];
  }
  hide(hidden: boolean) {
    this.document.visibilityState = hidden ? 'hidden' : 'visible';
    this.document.dispatchEvent(new Event('visibilitychange'));
  }
  online(online: boolean) {
    this.navigator.onLine = online;
    this.window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }
}

interface Rig {
  controller: QuoteController;
  /** Mocked time of each request to the service. */
  asked: number[];
  quotes: Quote[];
  errors: unknown[];
  /** What the status line would say, at each change ('' for nothing). */
  notices: string[];
  request: { current: QuoteRequest | undefined };
  /** Runs what the element's update runs: the controllers' hostUpdate (the task's automatic run). */
  update(): void;
}

function rig(script: Step[], debounceMs = 0): Rig {
  const asked: number[] = [];
  const quotes: Quote[] = [];
  const errors: unknown[] = [];
  const notices: string[] = ['']; // nothing said at first
  const request = { current: REQUEST as QuoteRequest | undefined };
  const client = {
    quote: async (_r: QuoteRequest, o?: { signal?: AbortSignal }) => {
      asked.push(Date.now());
      if (o?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const step = script.shift() ?? 'ok';
      if (step === 'ok') return OK;
      if (step === 'network') throw new NetworkError('connection closed', '/v1/quote', false);
      throw new ServiceError('/v1/quote', {
        status: step.status,
        detail: 'slow down',
        ...(step.retryAfterMs !== undefined ? { retryAfterMs: step.retryAfterMs } : {}),
      });
    },
  } as unknown as SwapApiClient;
  const host = new Host();
  let controller!: QuoteController;
  const requestUpdate = host.requestUpdate.bind(host);
  host.requestUpdate = () => {
    requestUpdate();
    const n = controller?.notice;
    const text = n ? `${n.code} ${n.seconds}` : '';
    if (notices.at(-1) !== text) notices.push(text);
  };
  controller = new QuoteController(host, {
    request: () => request.current,
    client: () => client,
    prices: () => undefined,
    selected: () => undefined,
    onQuote: (q) => quotes.push(q),
    onError: (e) => errors.push(e),
    debounceMs,
  });
  const update = () => host.controllers.forEach((c) => c.hostUpdate?.());
  return { controller, asked, quotes, errors, notices, request, update };
}

/** Lets every settled promise run (timers are mocked; `setImmediate` is not). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};
/** Moves the mocked clock on by `ms`, letting promises run as it goes. */
async function advance(ms: number, step = 250): Promise<void> {
  for (let left = ms; left > 0; left -= step) {
    mock.timers.tick(Math.min(step, left));
    await settle();
  }
}

describe('the quote controller and the service’s limits', () => {
  const page = new Page();
  let t0 = 0;
  beforeEach(() => {
    page.install();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
    t0 = Date.now();
  });
  afterEach(() => {
    mock.timers.reset();
    page.uninstall();
  });

  describe('429 with Retry-After', () => {
    it('asks again once, after the wait and not before, the user told; then the routes', async () => {
      const r = rig([{ status: 429, retryAfterMs: 3000 }, 'ok']);
      void r.controller.refresh();
      await settle();
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0],
      );
      assert.deepEqual(r.controller.notice, { code: 'busy', seconds: 3 });
      await advance(2999, 1000);
      assert.equal(r.asked.length, 1, 'asked before Retry-After');
      await advance(1);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, 3000],
      );
      assert.equal(r.quotes.length, 1);
      assert.deepEqual(r.errors, []);
      assert.equal(r.controller.notice, undefined);
      assert.deepEqual(r.notices, ['', 'busy 3', '']);
    });

    it('asks again only once: a second 429 is reported, not waited out again', async () => {
      const r = rig([{ status: 429, retryAfterMs: 1000 }, { status: 429, retryAfterMs: 1000 }, 'ok']);
      void r.controller.refresh();
      await advance(10_000);
      assert.equal(r.asked.length, 2);
      assert.equal(r.quotes.length, 0);
      assert.equal(r.errors.length, 1);
      assert.ok(r.errors[0] instanceof ServiceError && r.errors[0].status === 429);
      assert.equal(r.controller.notice, undefined);
    });

    it('does not wait when the service says nothing of when, or asks for longer than a minute', async () => {
      for (const step of [{ status: 429 }, { status: 429, retryAfterMs: MAX_RETRY_AFTER_MS + 1000 }]) {
        const r = rig([step, 'ok']);
        void r.controller.refresh();
        await advance(MAX_RETRY_AFTER_MS + 5000, 5000);
        assert.equal(r.asked.length, 1, JSON.stringify(step));
        assert.equal(r.errors.length, 1);
        r.controller.hostDisconnected();
      }
    });
  });

  describe('a 5xx: asked again quietly before anything is said', () => {
    const [first, second] = SERVER_RETRY_MS as [number, number];

    it('a single 500 is asked again after the first wait, not before: the routes, nothing said', async () => {
      const r = rig([{ status: 500 }, 'ok']);
      void r.controller.refresh();
      await settle();
      assert.equal(r.asked.length, 1);
      await advance(first - 1, 1);
      assert.equal(r.asked.length, 1, 'asked again before the wait');
      assert.deepEqual(r.errors, [], 'said before the retry');
      await advance(1);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, first],
      );
      assert.equal(r.quotes.length, 1);
      assert.deepEqual(r.errors, []);
      assert.deepEqual(r.notices, [''], 'the status line said nothing of it');
    });

    it('502, 503 and 504 are asked again the same way', async () => {
      for (const status of [502, 503, 504]) {
        const r = rig([{ status }, 'ok']);
        void r.controller.refresh();
        await settle();
        await advance(first);
        assert.equal(r.quotes.length, 1, String(status));
        assert.deepEqual(r.errors, [], String(status));
        r.controller.hostDisconnected();
      }
    });

    it('a 500 that stays is asked twice more with a growing wait, then said once', async () => {
      const r = rig([{ status: 500 }, { status: 500 }, { status: 500 }, 'ok']);
      void r.controller.refresh();
      await settle();
      await advance(first + second + 5_000);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, first, first + second],
      );
      assert.equal(r.quotes.length, 0);
      assert.equal(r.errors.length, 1);
      assert.ok(r.errors[0] instanceof ServiceError && r.errors[0].status === 500);
    });

    it('a 4xx (and a 501) is said at once, never asked again', async () => {
      for (const status of [400, 404, 422, 499, 501]) {
        const r = rig([{ status }, 'ok']);
        void r.controller.refresh();
        await settle();
        assert.equal(r.errors.length, 1, `${status} not said at once`);
        await advance(first + second + 1000);
        assert.equal(r.asked.length, 1, `${status} asked again`);
        r.controller.hostDisconnected();
      }
    });

    it('a newer request ends the quiet retry (asked for the new request only)', async () => {
      const r = rig([{ status: 500 }, 'ok', 'ok']);
      void r.controller.refresh();
      await advance(first / 2);
      r.request.current = { ...REQUEST, sellAmount: '0.2' };
      void r.controller.refresh();
      await advance(first + second);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, first / 2],
      );
      assert.equal(r.quotes.length, 1);
      assert.equal(r.quotes[0]!.request.sellAmount, '0.2');
      assert.deepEqual(r.errors, []);
    });
  });

  describe('after a network error', () => {
    it('asks again by itself with a doubling wait, tells the user once, and the routes come back', async () => {
      const r = rig(['network', 'network', 'network', 'ok']);
      void r.controller.refresh();
      await settle();
      assert.deepEqual(r.controller.notice, { code: 'reconnecting', seconds: RECOVERY_FIRST_MS / 1000 });
      await advance(RECOVERY_FIRST_MS + 2 * RECOVERY_FIRST_MS + 4 * RECOVERY_FIRST_MS + 1000);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, RECOVERY_FIRST_MS, 3 * RECOVERY_FIRST_MS, 7 * RECOVERY_FIRST_MS],
      );
      assert.deepEqual(r.notices, ['', 'reconnecting 2', 'reconnecting 4', 'reconnecting 8', '']);
      assert.equal(r.errors.length, 1, 'told once for the run of failures');
      assert.ok(r.errors[0] instanceof NetworkError);
      assert.equal(r.quotes.length, 1);
    });

    it('waits at most a minute between tries', async () => {
      const r = rig(Array.from({ length: 10 }, () => 'network' as const));
      void r.controller.refresh();
      await advance(10 * RECOVERY_MAX_MS, 2000);
      const gaps = r.asked.slice(1).map((t, i) => t - r.asked[i]!);
      assert.ok(gaps.length >= 6, `${gaps.length} tries`);
      assert.ok(
        gaps.every((g) => g <= RECOVERY_MAX_MS),
        gaps.join(),
      );
      assert.equal(gaps.at(-1), RECOVERY_MAX_MS);
      r.controller.hostDisconnected();
    });

    it('does not ask while the page is hidden, and asks as soon as it shows', async () => {
      const r = rig(['network', 'ok']);
      void r.controller.refresh();
      await settle();
      page.hide(true);
      await advance(5 * RECOVERY_FIRST_MS);
      assert.equal(r.asked.length, 1, 'asked while hidden');
      page.hide(false);
      await settle();
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, 5 * RECOVERY_FIRST_MS],
      );
      assert.equal(r.quotes.length, 1);
    });

    it('does not ask while the browser is offline, and asks as soon as it is online', async () => {
      const r = rig(['network', 'ok']);
      void r.controller.refresh();
      await settle();
      page.online(false);
      await advance(5 * RECOVERY_FIRST_MS);
      assert.equal(r.asked.length, 1, 'asked while offline');
      page.online(true);
      await settle();
      assert.equal(r.asked.length, 2);
      assert.equal(r.quotes.length, 1);
    });

    it('a newer request replaces the pending recovery (asked once, for the new request)', async () => {
      const r = rig(['network', 'ok', 'ok']);
      void r.controller.refresh();
      await settle();
      await advance(RECOVERY_FIRST_MS / 2);
      r.request.current = { ...REQUEST, sellAmount: '0.2' };
      void r.controller.refresh();
      await advance(4 * RECOVERY_FIRST_MS);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0, RECOVERY_FIRST_MS / 2],
      );
      assert.equal(r.quotes.length, 1);
      assert.equal(r.quotes[0]!.request.sellAmount, '0.2');
      assert.equal(r.controller.notice, undefined);
    });

    it('stops when the widget leaves the page', async () => {
      const r = rig(['network', 'ok']);
      void r.controller.refresh();
      await settle();
      r.controller.hostDisconnected();
      await advance(4 * RECOVERY_FIRST_MS);
      assert.equal(r.asked.length, 1);
    });
  });

  describe('refresh and the debounce', () => {
    it('a refresh while nothing can be quoted does not let the next edit skip the wait', async () => {
      const r = rig([], 1000);
      r.controller.start();
      r.request.current = undefined;
      await r.controller.refresh();
      assert.deepEqual(r.asked, []);
      r.request.current = REQUEST;
      r.update();
      await advance(500);
      assert.deepEqual(r.asked, [], 'asked before the input settled');
      await advance(750);
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [1000],
      );
    });

    it('a refresh asks at once', async () => {
      const r = rig([], 1000);
      void r.controller.refresh();
      await settle();
      assert.deepEqual(
        r.asked.map((t) => t - t0),
        [0],
      );
    });
  });
});
