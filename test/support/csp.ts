/**
 * A page under a strict Content-Security-Policy, for the embedding tests:
 *
 *   GET /__csp/page.html?key=<scope>[&img=data][&policy=nonce][&dist=tampered]
 *
 * answers with the header
 *   Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'
 * (with `img=data`, `; img-src 'self' data:` appended: what docs/theming.md advises for token logos)
 * and a page that loads the real bundle, /__csp/dist/swap-widget.js (dist/ byte for byte), after a same-origin classic
 * script (/__csp/recorder.js) that records every `securitypolicyviolation` and every `swap-*`
 * event on `window`, listening from the start. The page holds no inline script or style.
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

/** Answers /__csp/* and returns true; false for any other request. */
export function cspMiddleware(req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith('/__csp/')) return false;
  if (url.pathname === '/__csp/recorder.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(RECORDER);
    return true;
  }
  const files = /^\/__csp\/(dist|tampered)\/([^/]+)$/.exec(url.pathname);
  if (files) {
    const code = built(files[2]!, files[1] === 'tampered');
    res.writeHead(code === undefined ? 404 : 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(code ?? 'not found');
    return true;
  }
  if (url.pathname === '/__csp/page.html') {
    const key = (url.searchParams.get('key') ?? 'csp').replace(/[^\w.-]/g, '');
    const nonce = url.searchParams.get('policy') === 'nonce';
    const base = nonce ? NONCE_CSP : STRICT_CSP;
    const policy = url.searchParams.get('img') === 'data' ? `${base}; img-src 'self' data:` : base;
    const dist = url.searchParams.get('dist') === 'tampered' ? '/__csp/tampered' : '/__csp/dist';
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
