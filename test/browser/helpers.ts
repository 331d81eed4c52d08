/**
 * Test helpers for browser tests: talk to the reference service's control endpoint (it is
 * mounted on the test server's origin) and wait for the widget's events. Each test uses
 * its own API key, which is the service's scope for faults, settings and the request log,
 * so tests running side by side do not see each other.
 */
import { waitUntil } from '@open-wc/testing';
import type { SwapWidget } from '../../src/swap-widget.js';
import type { SwapReview } from '../../src/components/review.js';
import type { SwapWidgetEventMap } from '../../src/events.js';

let counter = 0;
/** A fresh scope (sent as the widget's `api-key`). */
export function scope(name = 't'): string {
  counter += 1;
  return `${name}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface Fault {
  kind: 'latency' | '500' | '429' | 'malformed' | 'wrong-types' | 'hang' | 'drop';
  path?: string;
  ms?: number;
  retryAfter?: number;
  times?: number;
}

export async function control(key: string, body: Record<string, unknown>): Promise<unknown> {
  const res = await fetch('/__ref/control', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scope: key, ...body }),
  });
  if (!res.ok) throw new Error(`control answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export interface LoggedRequest {
  method: string;
  path: string;
  time: number;
  body?: Record<string, unknown>;
  /** The answer's status; absent while the request is still being answered, 0 when the connection closed. */
  status?: number;
}

/** The service's log of API requests made with this key. */
export async function requests(key: string, path?: string): Promise<LoggedRequest[]> {
  const res = await fetch(`/__ref/requests?scope=${encodeURIComponent(key)}`);
  type Raw = Omit<LoggedRequest, 'time'> & { time: string | number };
  const body = (await res.json()) as { requests: Raw[] } | Raw[];
  const list = (Array.isArray(body) ? body : body.requests).map((r) => ({
    ...r,
    time: typeof r.time === 'number' ? r.time : Date.parse(r.time),
  }));
  return path ? list.filter((r) => r.path.startsWith(path)) : list;
}

export interface StartedRequest {
  path: string;
  body?: Record<string, unknown>;
}

/**
 * Every request the window starts with `fetch` from now on, recorded as `fetch` is called:
 * proof that a request was not sent holds at once, where the service's log only holds what
 * has arrived. `stop()` puts the window's own `fetch` back.
 */
export function watchFetch(win: Window & typeof globalThis = window): { started: StartedRequest[]; stop(): void } {
  const original = win.fetch;
  const started: StartedRequest[] = [];
  const watching: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.href);
    let body: Record<string, unknown> | undefined;
    try {
      body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    started.push({ path: url.pathname, ...(body ? { body } : {}) });
    return original.call(win, input, init);
  };
  win.fetch = watching;
  return {
    started,
    stop: () => {
      if (win.fetch === watching) win.fetch = original;
    },
  };
}

/** Collects every event of these types the element dispatches. */
export function record<K extends keyof SwapWidgetEventMap>(el: EventTarget, ...types: K[]): SwapWidgetEventMap[K][] {
  const seen: SwapWidgetEventMap[K][] = [];
  for (const t of types) el.addEventListener(t, (e) => seen.push(e as SwapWidgetEventMap[K]));
  return seen;
}

export function shadow(el: SwapWidget): ShadowRoot {
  return el.shadowRoot!;
}

/** The routes on screen (each a radio): the selected one, and the others once "N more routes" is open (`allRoutes`). */
export function routeButtons(el: SwapWidget): HTMLButtonElement[] {
  return [...shadow(el).querySelectorAll<HTMLButtonElement>('[part~="route"]')];
}

/** Opens "N more routes" as a user would, when the other routes are hidden, and returns every route. */
export async function allRoutes(el: SwapWidget): Promise<HTMLButtonElement[]> {
  const more = shadow(el).querySelector<HTMLButtonElement>('[part="more-routes"]');
  if (more?.getAttribute('aria-expanded') === 'false') {
    more.click();
    await shadow(el).querySelector('swap-route-list')!.updateComplete;
  }
  return routeButtons(el);
}

/** The card a route's radio sits in: its fee breakdown, warnings, refusal and what blocks it are there, beside the radio. */
export function routeCard(route: Element): HTMLElement {
  return route.closest<HTMLElement>('.route')!;
}

export async function until(check: () => unknown, message: string, timeout = 10_000): Promise<void> {
  await waitUntil(check, message, { timeout, interval: 20 });
}

/** The recorded events of one type, typed. */
export function ofType<K extends keyof SwapWidgetEventMap>(events: readonly Event[], type: K): SwapWidgetEventMap[K][] {
  return events.filter((e) => e.type === type) as SwapWidgetEventMap[K][];
}

/**
 * Chromium reports "ResizeObserver loop completed with undelivered notifications" as a
 * window error when the virtual list measures rows it has just laid out. It is a notice,
 * not a failure (the observations are delivered in the next frame; see the CSSWG's
 * resize-observer issue 5488), but mocha's `window.onerror` takes it for an uncaught
 * exception. This lets that one notice through and nothing else.
 */
export function allowResizeObserverLoopNotice(): void {
  const previous = window.onerror;
  window.onerror = function (message, ...rest) {
    if (String(message).includes('ResizeObserver loop completed with undelivered notifications')) return true;
    return previous ? previous.call(window, message, ...rest) : false;
  };
}

/**
 * The memo protocols' nodes the local reference service stands in for (`/thorchain/…`,
 * `/mayachain/…` at the page's origin): where the widget verifies vaults and routers. A widget
 * left on the public defaults cannot reach them here, and refuses every route that pays a vault.
 */
export const LOCAL_NODES: Readonly<Record<string, string>> = { 'thornode-url': '/', 'mayanode-url': '/' };

/** The review of what will be signed, when it is shown (it has a shadow root of its own). */
export function reviewOf(el: SwapWidget): SwapReview | null {
  return el.shadowRoot!.querySelector('swap-review');
}

/**
 * The user reads the review and confirms it, as a user does: waits for it, ticks its box when it
 * asks to accept a risk (refused with `acceptRisk: false`), presses Confirm.
 */
export async function confirmReview(
  el: SwapWidget,
  o: { acceptRisk?: boolean; requireRisk?: boolean } = {},
): Promise<void> {
  const confirm = () => reviewOf(el)?.shadowRoot?.querySelector<HTMLButtonElement>('[part="confirm-button"]');
  await until(() => confirm(), 'the review was not shown');
  const review = reviewOf(el)!;
  await review.updateComplete;
  const box = review.shadowRoot!.querySelector<HTMLInputElement>('[part="confirm-risk"]');
  if (o.requireRisk && !box) throw new Error('the review did not ask to accept a risk');
  if (box) {
    if (o.acceptRisk === false)
      throw new Error(`the review asks to accept a risk: ${box.parentElement?.textContent?.trim()}`);
    box.click();
    await review.updateComplete;
  }
  if (confirm()!.disabled) throw new Error('Confirm is still disabled');
  confirm()!.click();
  await el.updateComplete;
}

/**
 * The user accepts the address the widget could not verify (every deposit channel's): waits for
 * the review, which must ask, ticks its box and presses Confirm.
 */
export async function acceptRisk(el: SwapWidget): Promise<void> {
  await confirmReview(el, { requireRisk: true });
}

/**
 * The main button once it offers the review (a route selected, nothing missing; or, on a page
 * with no wallet of the route's family, `no-wallet`, which opens the review all the same: the
 * host may take the hand-out), with what it says instead when it does not in time.
 */
export async function reviewButton(el: SwapWidget, timeout = 10_000): Promise<HTMLButtonElement> {
  const button = () =>
    el.shadowRoot!.querySelector<HTMLButtonElement>(
      `[part="swap-button"]:is([data-step="review"]${el.skipReview ? '' : ', [data-step="no-wallet"]'}):not([disabled])`,
    );
  await until(() => button(), 'the main button does not offer the review', timeout).catch((e: Error) => {
    const main = el.shadowRoot!.querySelector('[part="swap-button"]');
    const view = el.shadowRoot!.querySelector('.widget')?.getAttribute('data-view');
    throw new Error(
      `${e.message}: it is ${main ? `${main.getAttribute('data-step')}${main.hasAttribute('disabled') ? ' (disabled)' : ''}` : 'absent'}, the view ${view}`,
    );
  });
  return button()!;
}

/** Presses the main button (Review swap) and confirms the review. */
export async function swapAndConfirm(el: SwapWidget, o: { acceptRisk?: boolean } = {}): Promise<void> {
  (await reviewButton(el)).click();
  await el.updateComplete;
  await confirmReview(el, o);
}

/**
 * Presses Review swap, then confirms the review when one is shown; a route refused while it was
 * checked stops before any review (its reason on screen), and that is left for the test to read.
 */
export async function pressSwap(el: SwapWidget): Promise<void> {
  (await reviewButton(el)).click();
  const stopped = () => el.shadowRoot!.querySelector('[part="execution"][role="alert"]');
  await until(() => reviewOf(el) || stopped(), 'neither a review nor a stop after Review swap', 15_000);
  if (reviewOf(el)) await confirmReview(el);
}
