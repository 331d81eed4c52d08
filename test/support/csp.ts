/**
 * A page under a strict Content-Security-Policy, for the embedding tests:
 *
 *   GET /__csp/page.html?key=<scope>[&img=data][&policy=nonce][&dist=tampered|held]
 *
 * answers with the header
 *   Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'
 * (with `img=data`, `; img-src 'self' data:` appended: what docs/theming.md advises for token logos)
 * and a page that loads the real bundle, /__csp/dist/swap-widget.js (dist/ byte for byte), after a same-origin classic
 * script (/__csp/recorder.js) that records every `securitypolicyviolation` and every `swap-*`
 * event on `window`, listening from the start. The page holds no inline script or style.
 * `dist=held`: the later file is answered only once the test requests /__csp/release/<scope>
 * (a page on its first frame for as long as the test needs).
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";
/** The nonce of `policy=nonce`: a page that allows only scripts carrying it, and what they load (`strict-dynamic`). */
export const NONCE = 'c3dhcC13aWRnZXQtbm9uY2U';
export const NONCE_CSP = `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'self'; connect-src 'self'`;
import { TAMPERED_MARK } from './csp-marks.js';

const RECORDER = `// Records what the strict-CSP page's test reads (same origin, so the test sees this window).
window.cspViolations = [];
window.swapEvents = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.cspViolations.push({
    directive: e.effectiveDirective || e.violatedDirective,
    blockedURI: e.blockedURI,
    sample: e.sample,
    source: e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber,
  });
});
['swap-quote', 'swap-route', 'swap-tx', 'swap-memo', 'swap-status', 'swap-error'].forEach(function (type) {
  document.addEventListener(type, function (e) {
    window.swapEvents.push({ type: type, detail: e.detail });
  });
});
`;

/**
 * `/__csp/dist/<file>`: the built files byte for byte, as a CDN serves them (the test runner's own
 * server rewrites the JavaScript it serves, which the later file's hash would rightly refuse);
 * `/__csp/tampered/<file>`: the same, with the later file changed by one statement (so it no
 * longer matches the hash the first file carries).
 */
function built(file: string, tamper: boolean): string | undefined {
  if (!/^swap-widget(\.rest\.[\w-]+)?\.js$/.test(file) || !readdirSync('dist').includes(file)) return undefined;
  const code = readFileSync(`dist/${file}`, 'utf8');
  return file === 'swap-widget.js' || !tamper ? code : `window.${TAMPERED_MARK} = true;\n${code}`;
}

function page(key: string, nonce: boolean, dist: string): string {
  const n = nonce ? ` nonce="${NONCE}"` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>swap-widget under a strict CSP</title>
    <script${n} src="/__csp/recorder.js"></script>
    <script${n} type="module" src="${dist}/swap-widget.js"></script>
  </head>
  <body>
    <swap-widget
      id="csp-${key}"
      api-key="${key}"
      providers="PROTOCOL_A"
      sell-asset="BTC.BTC"
      buy-asset="ETH.ETH"
      sell-amount="0.1"
      destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
      thornode-url="/"
      mayanode-url="/"
    ></swap-widget>
  </body>
</html>
`;
}

const held = new Map<string, { released: Promise<void>; release: () => void }>();

/** The gate of a page whose later file is held (`dist=held`): opened by /__csp/release/<key>. */
function heldUntil(key: string): { released: Promise<void>; release: () => void } {
  let gate = held.get(key);
  if (!gate) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    gate = { released, release };
    held.set(key, gate);
  }
  return gate;
}

/** Answers /__csp/* and returns true (once answered: a held file later); false for any other request. */
export function cspMiddleware(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith('/__csp/')) return false;
  if (url.pathname === '/__csp/recorder.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(RECORDER);
    return true;
  }
  const release = /^\/__csp\/release\/([\w.-]+)$/.exec(url.pathname);
  if (release) {
    heldUntil(release[1]!).release();
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
    return true;
  }
  const files = /^\/__csp\/(dist|tampered|held-([\w.-]+))\/([^/]+)$/.exec(url.pathname);
  if (files) {
    const [, folder, heldKey, file] = files as unknown as [string, string, string | undefined, string];
    const send = () => {
      const code = built(file, folder === 'tampered');
      res.writeHead(code === undefined ? 404 : 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(code ?? 'not found');
    };
    // `held-<key>`: the later file is answered once the test asks for /__csp/release/<key>.
    if (heldKey && file !== 'swap-widget.js') return heldUntil(heldKey).released.then(() => (send(), true));
    send();
    return true;
  }
  if (url.pathname === '/__csp/page.html') {
    const key = (url.searchParams.get('key') ?? 'csp').replace(/[^\w.-]/g, '');
    const nonce = url.searchParams.get('policy') === 'nonce';
    const base = nonce ? NONCE_CSP : STRICT_CSP;
    const policy = url.searchParams.get('img') === 'data' ? `${base}; img-src 'self' data:` : base;
    const which = url.searchParams.get('dist');
    const dist = which === 'tampered' ? '/__csp/tampered' : which === 'held' ? `/__csp/held-${key}` : '/__csp/dist';
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': policy,
    });
    res.end(page(key, nonce, dist));
    return true;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
  return true;
}
