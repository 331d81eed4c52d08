/**
 * What a page gives the widget's behaviour, in Node: an EventTarget `window` with the page's
 * `location`, a `document` that is visible, a `navigator` in English and online, frames that
 * paint at once. Installed only where a global is missing (Node's own `fetch`, `BroadcastChannel`
 * and timers are the real ones). For Node tests of the session, which has no DOM of its own.
 */
export function installNodePage(href = 'http://localhost:8000/'): void {
  const g = globalThis as Record<string, unknown>;
  const events = new EventTarget();
  g.addEventListener ??= events.addEventListener.bind(events);
  g.removeEventListener ??= events.removeEventListener.bind(events);
  g.dispatchEvent ??= events.dispatchEvent.bind(events);
  g.window ??= globalThis;
  g.location ??= new URL(href);
  g.navigator ??= { language: 'en', languages: ['en'], onLine: true };
  if (!g.document) {
    const doc = new EventTarget() as EventTarget & { visibilityState: string; createTreeWalker(): object };
    doc.visibilityState = 'visible';
    // What lit-html asks of a document when it loads (its own server-side stand-in answers the same).
    doc.createTreeWalker = () => ({});
    g.document = doc;
  }
  g.requestAnimationFrame ??= (callback: (t: number) => void) => setTimeout(() => callback(performance.now()), 0);
}
