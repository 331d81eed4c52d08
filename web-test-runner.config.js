// @web/test-runner in Debian's Chromium, with the local reference service mounted on the
// same origin (/v1/*, /__ref/*), so component tests talk to the real service over HTTP.
// Run through `node --import tsx` (see package.json) so this file can load the service's TS.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.js';
import { createReferenceService } from './demo/server/service.ts';
// --- evm-node: a local EVM node (ganache, chain 1, test ERC-20s) started/stopped with the test
// server, exposed as POST /__evm/rpc and GET /__evm/info (see test/evm/wtr.ts) ---
import { evmNodeForWtr } from './test/evm/wtr.ts';
const evm = evmNodeForWtr();
// --- end evm-node ---

// A compromised service for the safety tests: /__tamper/<kind>/v1/... (see test/support/tamper.ts).
import { tamperMiddleware } from './test/support/tamper.ts';
// A command that really hides the test page (minimises its window): see test/support/visibility.ts.
import { pageVisibilityPlugin } from './test/support/visibility.ts';
// --- strict-csp: /__csp/page.html under a strict Content-Security-Policy (see test/support/csp.ts) ---
import { cspMiddleware } from './test/support/csp.ts';
// --- end strict-csp ---

const service = createReferenceService();

/**
 * A port the system hands out (not wtr's first free one from 8000: two runs side by side, or a
 * run beside `npm start`, could both find 8000 free and one then fail to listen on it).
 */
const port = await new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
    probe.close(() => resolve(port));
  });
});

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/browser/**/*.test.ts'],
  // lit's production build, as pages get it (no "Lit is in dev mode" line in every file's output).
  nodeResolve: { exportConditions: ['browser', 'production'] },
  // One test file at a time: files share the origin's localStorage, where the widget keeps swaps.
  concurrency: 1,
  concurrentBrowsers: 1,
  port,
  // Guards against a stuck browser, page or test, not speed limits: a loaded 2-core machine runs
  // the suite three to four times slower than an idle one, and a passing test must stay green.
  // Chromium's start and a test file's first load (esbuild compiles its imports) take a few
  // seconds idle; a file, at most 15 min (tracking.test.ts plays swaps out over about 95 s idle);
  // a test, 2 min unless it says otherwise.
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 900_000,
  testFramework: { config: { timeout: 120_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    pageVisibilityPlugin(),
    evm.plugin /* evm-node */,
  ],
  middleware: [
    evm.middleware, // evm-node: /__evm/rpc, /__evm/info
    function builtFiles(ctx, next) {
      // dist/ byte for byte, as a page's server or CDN serves it: the test server's plugins
      // rewrite the JavaScript they serve, and the first file loads the later one only when it
      // matches the hash written into it.
      const match = /^\/dist\/((?:locales\/)?[\w.-]+\.js)$/.exec(ctx.path);
      if (!match || !existsSync(`dist/${match[1]}`)) return next();
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.set('cache-control', 'no-store');
      ctx.body = readFileSync(`dist/${match[1]}`);
    },
    function strictCspPage(ctx, next) {
      // strict-csp: /__csp/page.html, /__csp/recorder.js
      if (cspMiddleware(ctx.req, ctx.res)) {
        ctx.respond = false;
        return;
      }
      return next();
    },
    async function tamperedService(ctx, next) {
      if (await tamperMiddleware(ctx.req, ctx.res, ctx.origin)) {
        ctx.respond = false;
        return;
      }
      return next();
    },
    async function referenceService(ctx, next) {
      if (await service.handle(ctx.req, ctx.res)) {
        ctx.respond = false;
        return;
      }
      return next();
    },
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
