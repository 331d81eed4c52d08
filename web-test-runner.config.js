// @web/test-runner in Debian's Chromium, with the local reference service mounted on the
// same origin (/v1/*, /__ref/*), so component tests talk to the real service over HTTP.
// Run through `node --import tsx` (see package.json) so this file can load the service's TS.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { createReferenceService } from './demo/server/service.ts';

const service = createReferenceService();

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 2,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  middleware: [
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
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
};
