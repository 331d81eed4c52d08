// The bench's HTTP server, on loopback: the reference service (/v1, /__ref) and static files.
//
//   /dist/*           dist/ (what `npm run build` wrote)
//   /build/*          bench/results/build/ (baseline and profile bundles)
//   /pages/*          bench/pages/
//   /widget.html      bench/pages/widget.html with the bundle and the element's attributes
//                     filled in: ?bundle=/dist/swap-widget.js&attrs={json}&defer=1
//                     &classic=1: the bundle as a classic script (dist/swap-widget.iife.js,
//                     the whole widget in one file) instead of a module script
//                     &floor=lit|react: the same page shell with a floor of the cold load in
//                     the widget's place (<floor-lit>, or <div id="root">), its bundle
//                     /build/floor-lit.js or /build/floor-react.js
//   ?probe            on a .js file: served with PROBE_PREFIX as its first line
//   /dist/swap-widget.js  always served with PROBE_PREFIX, and loaded without the query: it
//                     is the first file of the split build, which loads the later file
//                     (dist/swap-widget.rest.<hash>.js, served as it is, so its integrity
//                     matches) from its own folder, and refuses to start when it is not
//                     served under its own name (src/boot/load-rest.script.ts)
//
// Text (HTML, JS, CSS, JSON) is served gzip-compressed (level 9, compressed once and kept)
// to a browser that accepts it, as a host's server or CDN would; the reference service's
// answers (/v1, /__ref) are not.
//
// Runs under `node --import tsx` (it imports the service's TypeScript).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
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

/** The split build's first file: probed without a query (see the top). */
export const FIRST_FILE = '/dist/swap-widget.js';

function escapeAttr(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The floors of the cold load (bench/floors/): what stands in the widget's place, and what the
 * probe watches for as the first render (`data-content`: a selector; `data-content-host`: the
 * element whose shadow root holds it, none for the document).
 */
const FLOOR_PAGES = {
  lit: {
    bundle: '/build/floor-lit.js',
    element: '<floor-lit></floor-lit>',
    probe: ' data-content="button" data-content-host="floor-lit"',
  },
  react: { bundle: '/build/floor-react.js', element: '<div id="root"></div>', probe: ' data-content="button"' },
  // The widget's first frame as static HTML (declarative shadow roots, each root's styles in a
  // <style>), no script: what painting the form costs the browser by itself. An inline script
  // after it marks its first render (the probe's MutationObserver does not see into roots the
  // parser attaches).
  markup: {
    bundle: null,
    element: () =>
      `${staticMarkup}<script>BENCH.mark('content-rendered');BENCH.afterPaint().then(({ raf, painted }) => {` +
      `BENCH.marks['content-raf'] = raf; BENCH.marks['content-painted'] = painted; });</script>`,
    probe: '',
  },
};

/** The `markup` floor's HTML: set by `setStaticMarkup` (the widget's first frame, captured by the bench). */
let staticMarkup = '';

async function widgetPage(url) {
  const template = await readFile(join(MOUNTS.pages, 'widget.html'), 'utf8');
  const floor = url.searchParams.get('floor');
  if (floor && !FLOOR_PAGES[floor]) throw new Error(`bad floor ${floor}`);
  if (floor === 'markup' && !staticMarkup) throw new Error('the markup floor has no markup yet (setStaticMarkup)');
  const bundle = floor ? FLOOR_PAGES[floor].bundle : url.searchParams.get('bundle') || '/dist/swap-widget.js';
  if (bundle !== null && !/^\/(dist|build)\/[\w.-]+\.js$/.test(bundle)) throw new Error(`bad bundle ${bundle}`);
  const attrs = JSON.parse(url.searchParams.get('attrs') || '{}');
  const attrText = Object.entries(attrs)
    .map(([k, v]) => (v === true ? k : `${k}="${escapeAttr(v)}"`))
    .join(' ');
  const defer = url.searchParams.get('defer') === '1';
  const src = bundle === FIRST_FILE ? bundle : `${bundle}?probe`;
  const load =
    bundle === null
      ? ''
      : url.searchParams.get('classic') === '1'
        ? `<script src="${src}"></script>`
        : `<script type="module" src="${src}"></script>`;
  return template
    .replaceAll('%PROBE%', floor ? FLOOR_PAGES[floor].probe : '')
    .replaceAll('%ELEMENT%', () => {
      if (!floor) return `<swap-widget ${attrText}></swap-widget>`;
      const { element } = FLOOR_PAGES[floor];
      return typeof element === 'function' ? element() : element;
    })
    .replaceAll('%BUNDLE%', bundle)
    .replaceAll('%LOAD%', defer ? '' : load);
}

const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/** gzip -9 of static files, computed once per file version (and probe prefix). */
const gzipped = new Map();

function gzipOnce(key, body) {
  const z = gzipSync(body, { level: 9 });
  gzipped.set(key, z);
  return z;
}

/** Sends a text body (or a function that makes it), gzip-compressed when the browser accepts it. */
async function sendText(req, res, type, body, key) {
  const make = typeof body === 'function' ? body : () => body;
  const headers = { 'content-type': type, 'cache-control': 'no-store', vary: 'accept-encoding' };
  if (acceptsGzip(req)) {
    const z = key ? (gzipped.get(key) ?? gzipOnce(key, await make())) : gzipSync(await make(), { level: 9 });
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(z.length) });
    return void res.end(z);
  }
  const raw = await make();
  const b = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  res.writeHead(200, { ...headers, 'content-length': String(b.length) });
  res.end(b);
}

async function serveStatic(req, res, url, mounts = MOUNTS) {
  if (url.pathname === '/widget.html') return sendText(req, res, TYPES['.html'], await widgetPage(url));
  const m = /^\/(dist|build|pages)\/(.+)$/.exec(decodeURIComponent(url.pathname));
  const base = m && mounts[m[1]];
  const file = base && resolve(base, m[2]);
  const info = file && file.startsWith(base + sep) ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return void res.end('not found');
  }
  const probe = (url.searchParams.has('probe') || url.pathname === FIRST_FILE) && file.endsWith('.js');
  if (probe || (/^\.(html|js|css|json|map)$/.test(extname(file)) && acceptsGzip(req))) {
    // With ?probe, the bundle's first statement marks the start of its evaluation (after fetch and parse).
    const body = async () =>
      probe ? Buffer.concat([Buffer.from(PROBE_PREFIX), await readFile(file)]) : readFile(file);
    return sendText(req, res, TYPES[extname(file)], body, `${file}|${probe}|${info.mtimeMs}|${info.size}`);
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
}

/**
 * Starts the server on 127.0.0.1 and a free port. `dist` serves another build's folder as
 * /dist/ (to compare two builds in one run, see bench/compare.js).
 */
export async function startBenchServer({ timeScale = 1, dist } = {}) {
  const mounts = dist ? { ...MOUNTS, dist: resolve(dist) } : MOUNTS;
  const service = createReferenceService({ timeScale });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    service
      .handle(req, res)
      .then((handled) => (handled ? undefined : serveStatic(req, res, url, mounts)))
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
      const r = await fetch(`${url}/__ref/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`control ${r.status}: ${await r.text()}`);
      return r.json();
    },
    /** GET /__ref/requests for a scope (optionally a path prefix). */
    async requests(scope, path) {
      const q = new URLSearchParams({ scope, ...(path ? { path } : {}) });
      const r = await fetch(`${url}/__ref/requests?${q}`);
      return r.json();
    },
    /** The `markup` floor's HTML (the widget's first frame as static HTML, `captureStaticForm`). */
    setStaticMarkup(markup) {
      staticMarkup = markup;
    },
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
