/**
 * The demo server: the reference service under `/v1`, `/v0` and `/__ref`, and static
 * files: `/` -> demo/index.html, `/demo/*` -> demo/, `/dist/*` -> dist/. The playground's
 * test wallets, `/demo/test-wallets.js`, are bundled from test/wallets/inject.ts with esbuild
 * when first asked for.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createReferenceService, type ReferenceService, type ReferenceServiceOptions } from './service.js';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export interface DemoServerOptions {
  /** 0 picks a free port. Default 8000. */
  readonly port?: number;
  /**
   * Interface to listen on. Default (and for `localhost`): the loopback interfaces
   * (127.0.0.1 and ::1, when present), so both http://localhost and http://127.0.0.1 reach it.
   */
  readonly host?: string;
  /** Options of the reference service. */
  readonly service?: ReferenceServiceOptions;
  /** Project root holding demo/ and dist/ (default: this repository). */
  readonly root?: string;
  /**
   * Milliseconds an idle keep-alive connection stays open (default 5000). 0: the server never
   * closes one, only its client does, so no request can meet a socket the server is closing
   * (fetch's race near the keep-alive expiry, nodejs/undici#3141, an ECONNRESET a busy machine
   * makes likely); the tests use 0, and `close()` ends every connection.
   */
  readonly keepAliveTimeoutMs?: number;
}

export interface DemoServer {
  readonly url: string;
  readonly port: number;
  readonly service: ReferenceService;
  close(): Promise<void>;
}

function notFoundText(res: ServerResponse, status = 404, text = 'Not found'): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** The file for a static URL path, or undefined (unknown prefix, traversal, bad encoding). */
export function staticFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  if (decoded === '/' || decoded === '/index.html') return resolve(root, 'demo', 'index.html');
  const m = /^\/(demo|dist)\/(.+)$/.exec(decoded);
  if (!m) return undefined;
  const base = resolve(root, m[1]!);
  const file = resolve(base, m[2]!);
  return file.startsWith(base + sep) ? file : undefined;
}

/** The test wallets' bundle, built once per server. */
async function testWallets(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [resolve(root, 'test', 'wallets', 'inject.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  wallets: () => Promise<string>,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return notFoundText(res, 405, 'Method not allowed');
  if (new URL(req.url ?? '/', 'http://localhost').pathname === '/demo/test-wallets.js') {
    const code = await wallets();
    res.writeHead(200, { 'content-type': CONTENT_TYPES['.js']!, 'cache-control': 'no-store' });
    return void res.end(req.method === 'HEAD' ? undefined : code);
  }
  const file = staticFile(root, new URL(req.url ?? '/', 'http://localhost').pathname);
  if (!file) return notFoundText(res);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return notFoundText(res);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const root = options.root ?? PROJECT_ROOT;
  const service = createReferenceService(options.service);
  let bundle: Promise<string> | undefined;
  const wallets = () => (bundle ??= testWallets(root).catch((e: unknown) => ((bundle = undefined), Promise.reject(e))));
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    service
      .handle(req, res)
      .then((handled) => (handled ? undefined : serveStatic(root, req, res, wallets)))
      .catch((e: unknown) => {
        console.error('demo server:', e);
        if (!res.headersSent) notFoundText(res, 500, 'Internal error');
        else res.destroy();
      });
  };
  const servers: Server[] = [];
  const make = () => {
    const s = createServer(handler);
    s.keepAliveTimeout = options.keepAliveTimeoutMs ?? 5000;
    servers.push(s);
    return s;
  };

  let port: number;
  let urlHost: string;
  if (options.host && options.host !== 'localhost') {
    port = await listen(make(), options.port ?? 8000, options.host);
    urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
    if (options.host === '::' || options.host === '0.0.0.0') urlHost = 'localhost';
  } else {
    port = await listen(make(), options.port ?? 8000, '127.0.0.1');
    // Also on IPv6 loopback where there is one, so "localhost" works whichever it resolves to.
    const v6 = make();
    await listen(v6, port, '::1').catch(() => servers.splice(servers.indexOf(v6), 1));
    urlHost = 'localhost';
  }
  return {
    url: `http://${urlHost}:${port}`,
    port,
    service,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}
