/**
 * A clock the test moves by hand, for tests that prove something does NOT happen once a wait
 * has passed (no quote after the debounce, no poll while the page is hidden). Waiting on the
 * wall clock for that is slow and only as good as its margin; moving this clock runs the
 * widget's timers at once and in order.
 *
 * Only `setTimeout` and `clearTimeout` are replaced, on one window: the widget's waits that
 * decide whether a request goes out (the quote debounce, the poller's sleep) are timeouts.
 * `Date`, `setInterval` and animation frames keep the page's own time.
 *
 * Hand-written because @sinonjs/fake-timers, which is in node_modules only as a dependency
 * of @types/sinon, ships CommonJS alone, and the test server serves ES modules.
 *
 * While the clock is installed, helpers that poll with timers (`until`) only see their first
 * check: call them before `installClock()` or after `uninstall()`, or wait with `untilReal`.
 */

interface Held {
  id: number;
  at: number;
  run: () => void;
}

export interface MockClock {
  /**
   * Moves the clock on by `ms`: runs every timer that falls due, earliest first, and after
   * each lets the page run the promise callbacks it queued (they may set further timers,
   * which run too if they fall due within `ms`).
   */
  tick(ms: number): Promise<void>;
  /** How long each timer the clock holds has left to run, in its time. */
  timeLeft(): number[];
  /**
   * Gives the window its own timers back. Timers still held go on as real ones, with the
   * time they have left, and can still be cleared by the ids the clock gave out.
   */
  uninstall(): void;
}

// The window's own setTimeout, taken when this module loads, before any clock replaces it.
const pageSetTimeout = window.setTimeout.bind(window) as (run: () => void, ms: number) => number;

/** `until` (./helpers.ts) on the page's own timers: it can wait while a mock clock is installed. */
export async function untilReal(check: () => unknown, message: string, timeout = 10_000): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timeout: ${message}`);
    await new Promise<void>((resolve) => pageSetTimeout(resolve, 20));
  }
}

// Ids far above the browser's own (which count up from 1), so a mock id cleared by the
// real clearTimeout can never cancel someone else's timer.
let nextId = 1_000_000_000;

/** Lets the page run everything already queued: a task, after which every promise callback has run. Not a timer, so not throttled in a hidden page. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function installClock(win: Window & typeof globalThis = window): MockClock {
  const ownSetTimeout = win.setTimeout;
  const ownClearTimeout = win.clearTimeout;
  const realSetTimeout = ownSetTimeout.bind(win) as (run: () => void, ms: number) => number;
  const realClearTimeout = ownClearTimeout.bind(win) as (id?: number) => void;
  const held = new Map<number, Held>();
  let now = 0;
  let installed = true;

  const fakeSetTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function') throw new Error('the mock clock runs functions only, not strings');
    const id = nextId++;
    held.set(id, { id, at: now + Math.max(0, Number(delay) || 0), run: () => handler(...args) });
    return id;
  };
  const fakeClearTimeout = (id?: number): void => {
    if (id !== undefined) held.delete(id);
  };
  win.setTimeout = fakeSetTimeout as typeof win.setTimeout;
  win.clearTimeout = fakeClearTimeout as typeof win.clearTimeout;

  const due = (until: number): Held | undefined => {
    let first: Held | undefined;
    for (const t of held.values())
      if (t.at <= until && (!first || t.at < first.at || (t.at === first.at && t.id < first.id))) first = t;
    return first;
  };

  return {
    async tick(ms) {
      if (!installed) throw new Error('the mock clock was uninstalled');
      const until = now + ms;
      for (let t = due(until); t; t = due(until)) {
        held.delete(t.id);
        now = t.at;
        try {
          t.run();
        } catch (error) {
          // As a real timer's would: reported to the window, not thrown into the test.
          win.reportError(error);
        }
        await nextTask();
      }
      now = until;
    },
    timeLeft() {
      return [...held.values()].map((t) => t.at - now);
    },
    uninstall() {
      if (!installed) return;
      installed = false;
      win.setTimeout = ownSetTimeout;
      win.clearTimeout = ownClearTimeout;
      if (!held.size) return;
      // Hand the timers still held to the real clock; clearTimeout follows them by their
      // mock ids until the last has run or been cleared, then is the window's own again.
      const handed = new Map<number, number>();
      const clear = (id?: number) => {
        const real = id === undefined ? undefined : handed.get(id);
        if (real !== undefined) handed.delete(id!);
        realClearTimeout(real ?? id);
        if (!handed.size && win.clearTimeout === clear) win.clearTimeout = ownClearTimeout;
      };
      for (const t of held.values()) {
        handed.set(
          t.id,
          realSetTimeout(
            () => {
              handed.delete(t.id);
              if (!handed.size && win.clearTimeout === clear) win.clearTimeout = ownClearTimeout;
              t.run();
            },
            Math.max(0, t.at - now),
          ),
        );
      }
      held.clear();
      win.clearTimeout = clear as typeof win.clearTimeout;
    },
  };
}
