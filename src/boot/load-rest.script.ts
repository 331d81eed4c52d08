/**
 * Loads the widget's later file in the script-tag build: a module `<script>` next to the first
 * file (wherever that is served from), with the `integrity` the build wrote into the first file
 * (`rest-manifest.ts`), the page's nonce when the first file carried one, and `crossorigin` so a
 * CDN's copy is checked too. A file that does not match its hash is not run by the browser: the
 * promise rejects and the widget says it cannot start; nothing is loaded without the check.
 * Works under a strict Content-Security-Policy (no inline script, no eval) and under a nonce with
 * `strict-dynamic` (a script the first file creates is trusted through it).
 *
 * The later file imports what it shares with this one from `./swap-widget.js`: loaded under
 * another name (or with a query), the page would hold two copies, so the widget refuses to start
 * and says how to serve it.
 */
import { arrived } from './handoff.js';
import type { RestModule } from './load-rest.js';
import { REST_FILE, REST_INTEGRITY } from './rest-manifest.js';

export type { RestModule } from './load-rest.js';

/** The first file's own name: the later file imports it by that name. */
const FIRST_FILE = 'swap-widget.js';

/** The later file could not be loaded, did not match its hash, or the first file is not served under its name. */
export class RestLoadError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'RestLoadError';
  }
}

let loading: Promise<RestModule> | undefined;

export function loadRest(): Promise<RestModule> {
  return (loading ??= new Promise<RestModule>((resolve, reject) => {
    const own = new URL(FIRST_FILE, import.meta.url).href;
    if (own !== import.meta.url)
      return reject(
        new RestLoadError(import.meta.url, `serve the widget's files under their names (${FIRST_FILE}, no query)`),
      );
    const url = new URL(REST_FILE, import.meta.url).href;
    const nonce = ownNonce();
    // Fetched at once (a module preload, checked against the same hash), run after the first
    // frame is painted: its evaluation no longer delays the form's first paint.
    const preload = checked(document.createElement('link'), nonce);
    preload.rel = 'modulepreload';
    preload.href = url;
    document.head.append(preload);
    afterFirstPaint(() => run(url, nonce, resolve, reject));
  }));
}

/**
 * Runs `task` once, after the next frame has been painted (a frame, then a task after it), or
 * after `HIDDEN_PAGE_MS` in a page that paints no frame (a tab in the background).
 */
function afterFirstPaint(task: () => void): void {
  let ran = false;
  const once = () => ran || ((ran = true), task());
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, HIDDEN_PAGE_MS);
}

/** A background tab paints no frame: the later file runs after this long all the same. */
const HIDDEN_PAGE_MS = 250;

/** Inserts the later file's module script, with its integrity, and settles with what it hands over. */
function run(url: string, nonce: string | undefined, resolve: (rest: RestModule) => void, reject: (e: Error) => void) {
  const script = checked(document.createElement('script'), nonce);
  script.type = 'module';
  script.src = url;
  let done = false;
  void arrived.then((rest) => ((done = true), resolve(rest as RestModule)));
  script.onerror = () => reject(new RestLoadError(url, 'did not load, or did not match its integrity hash'));
  // A file that ran without handing itself over is not the widget's.
  script.onload = () => queueMicrotask(() => done || reject(new RestLoadError(url, "is not the widget's")));
  document.head.append(script);
}

/**
 * The later file's element (its preload, its script) with the integrity the build wrote, the
 * CORS mode that has a CDN's copy checked too, and the page's nonce: the same on both, so the
 * preloaded file is the one that runs.
 */
function checked<E extends HTMLLinkElement | HTMLScriptElement>(el: E, nonce: string | undefined): E {
  el.integrity = REST_INTEGRITY;
  el.crossOrigin = 'anonymous';
  if (nonce) el.nonce = nonce;
  return el;
}

/** The nonce of the script element that loaded this file, if the page gave it one. */
function ownNonce(): string | undefined {
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
    if (el.src === import.meta.url) return el.nonce || undefined;
  }
  return undefined;
}
