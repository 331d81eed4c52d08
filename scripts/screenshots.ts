/**
 * Screenshots of the demo in headless Chromium, to look at what a user sees:
 * `node --import tsx scripts/screenshots.ts [outDir]` (run `npm run build` first).
 * Writes demo-light.png, demo-dark.png and demo-arabic.png, each with routes on screen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';

const out = process.argv[2] ?? '.tmp/screenshots';
mkdirSync(out, { recursive: true });
const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  for (const [name, setup] of [
    ['light', { theme: 'light', locale: 'en' }],
    ['dark', { theme: 'dark', locale: 'en' }],
    ['arabic', { theme: 'light', locale: 'ar' }],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
    await page.goto(`${server.url}/`);
    await page.evaluate(({ theme, locale }) => {
      const w = document.getElementById('widget')!;
      w.setAttribute('theme', theme);
      w.setAttribute('locale', locale);
    }, setup);
    // Routes on screen, then the first one selected.
    await page.locator('#widget [part~="route"]').first().waitFor({ timeout: 20_000 });
    await page.locator('#widget [part~="route"]').first().click();
    await page.locator('#widget [part="swap-button"]').waitFor();
    await page.locator('#themed [part~="route"]').first().waitFor({ timeout: 20_000 });
    const file = join(out, `demo-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
