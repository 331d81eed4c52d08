// The bench's HTTP server, on loopback: the reference service (/v1, /__ref) and static files.
//
//   /dist/*           dist/ (what `npm run build` wrote)
//   /build/*          bench/results/build/ (baseline and profile bundles)
//   /pages/*          bench/pages/
//   /widget.html      bench/pages/widget.html with the bundle and the element's attributes
//                     filled in: ?bundle=/dist/swap-widget.js&attrs={json}&defer=1
//   ?probe            on a .js file: served with PROBE_PREFIX as its first line
//
// Runs under `node --import tsx` (it imports the service's TypeScript).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReferenceService } from '../demo/server/service.ts';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

const MOUNTS = {
  dist: join(ROOT, 'dist'),
  build: join(ROOT, 'bench', 'results', 'build'),
  pages: join(ROOT, 'bench', 'pages'),
};

/** Prepended to a bundle served with `?probe` (one line, so line numbers shift by one). */
export const PROBE_PREFIX = "globalThis.BENCH?.mark('eval-start');\n";

function escapeAttr(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

async function widgetPage(url) {
  const template = await readFile(join(MOUNTS.pages, 'widget.html'), 'utf8');
  const bundle = url.searchParams.get('bundle') || '/dist/swap-widget.js';
  if (!/^\/(dist|build)\/[\w.-]+\.js$/.test(bundle)) throw new Error(`bad bundle ${bundle}`);
  const attrs = JSON.parse(url.searchParams.get('attrs') || '{}');
  const attrText = Object.entries(attrs)
    .map(([k, v]) => (v === true ? k : `${k}="${escapeAttr(v)}"`))
    .join(' ');
  const defer = url.searchParams.get('defer') === '1';
  return template
    .replaceAll('%ATTRS%', attrText)
    .replaceAll('%BUNDLE%', bundle)
    .replaceAll('%LOAD%', defer ? '' : `<script type="module" src="${bundle}?probe"></script>`);
}

async function serveStatic(req, res, url) {
  if (url.pathname === '/widget.html') {
    const body = await widgetPage(url);
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
    return void res.end(body);
  }
  const m = /^\/(dist|build|pages)\/(.+)$/.exec(decodeURIComponent(url.pathname));
  const base = m && MOUNTS[m[1]];
  const file = base && resolve(base, m[2]);
  const info = file && file.startsWith(base + sep) ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('not found');
  }
  if (url.searchParams.has('probe') && file.endsWith('.js')) {
    // The bundle's first statement marks the start of its evaluation (after fetch and parse).
    const body = Buffer.concat([Buffer.from(PROBE_PREFIX), await readFile(file)]);
    res.writeHead(200, { 'content-type': TYPES['.js'], 'content-length': String(body.length), 'cache-control': 'no-store' });
    return void res.end(body);
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startBenchServer({ timeScale = 1 } = {}) {
  const service = createReferenceService({ timeScale });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    service
      .handle(req, res)
      .then((handled) => (handled ? undefined : serveStatic(req, res, url)))
      .catch((e) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      });
  });
  server.keepAliveTimeout = 5000;
  await new Promise((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** POST /__ref/control. */
    async control(body) {
      const r = await fetch(`${url}/__ref/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`control ${r.status}: ${await r.text()}`);
      return r.json();
    },
    /** GET /__ref/requests for a scope (optionally a path prefix). */
    async requests(scope, path) {
      const q = new URLSearchParams({ scope, ...(path ? { path } : {}) });
      const r = await fetch(`${url}/__ref/requests?${q}`);
      return r.json();
    },
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
