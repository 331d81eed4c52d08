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
    const script = document.createElement('script');
    script.type = 'module';
    script.src = url;
    script.integrity = REST_INTEGRITY;
    script.crossOrigin = 'anonymous';
    const nonce = ownNonce();
    if (nonce) script.nonce = nonce;
    let done = false;
    void arrived.then((rest) => ((done = true), resolve(rest as RestModule)));
    script.onerror = () => reject(new RestLoadError(url, 'did not load, or did not match its integrity hash'));
    // A file that ran without handing itself over is not the widget's.
    script.onload = () => queueMicrotask(() => done || reject(new RestLoadError(url, "is not the widget's")));
    document.head.append(script);
  }));
}

/** The nonce of the script element that loaded this file, if the page gave it one. */
function ownNonce(): string | undefined {
  for (const el of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
    if (el.src === import.meta.url) return el.nonce || undefined;
  }
  return undefined;
}
