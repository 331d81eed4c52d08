// @web/test-runner in Debian's Chromium, with the local reference service mounted on the
// same origin (/v1/*, /__ref/*), so component tests talk to the real service over HTTP.
// Run through `node --import tsx` (see package.json) so this file can load the service's TS.
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

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/browser/**/*.test.ts'],
  // lit's production build, as pages get it (no "Lit is in dev mode" line in every file's output).
  nodeResolve: { exportConditions: ['browser', 'production'] },
  // One test file at a time: files share the origin's localStorage, where the widget keeps swaps.
  concurrency: 1,
  concurrentBrowsers: 1,
  // A guard against a stalled file, not a speed limit: tracking.test.ts plays swaps out over about 95 s.
  testsFinishTimeout: 420_000,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    pageVisibilityPlugin(),
    evm.plugin /* evm-node */,
  ],
  middleware: [
    evm.middleware, // evm-node: /__evm/rpc, /__evm/info
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
