/**
 * Screenshots of one swap through the whole widget, in headless Chromium against the embedded
 * reference service: the form with its routes, the review, the progress, a completed swap and a
 * refunded one; light, dark and 320 px wide. A host takes the hand-out (it cancels `swap-memo`)
 * and answers with a hash the reference service plays out (completed, refunded).
 * `node --import tsx scripts/screenshots-flow.ts [outDir]` (run `npm run build` first) writes
 * `flow-<step>-<theme>.png` into docs/screenshots/ (or outDir).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';
import { makeHash } from '../demo/server/hashes.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

const THEMES = {
  light: { theme: 'light', width: 480 },
  dark: { theme: 'dark', width: 480 },
  '320': { theme: 'light', width: 320 },
} as const;

const page = (theme: string, width: number, key: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; padding: ${width === 320 ? 0 : 12}px; background: ${theme === 'dark' ? '#0b0d11' : '#e9ecf1'}; font-family: system-ui; }</style>
<script type="module" src="/dist/swap-widget.js"></script></head>
<body><swap-widget id="w" theme="${theme}" locale="en" api-key="${key}" thornode-url="/" mayanode-url="/" affiliate="sw" affiliate-fee="30"
  sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" providers="PROTOCOL_A"
  destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"></swap-widget></body></html>`;

const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

/** The widget's own parts, through its shadow root (playwright's locators pierce open shadow roots). */
const part = (tab: Page, name: string) => tab.locator(`#w [part~="${name}"]`).first();

async function shoot(tab: Page, step: string, theme: string) {
  // Let focus rings and transitions settle.
  await tab.waitForTimeout(150);
  const file = join(out, `flow-${step}-${theme}.png`);
  await tab.locator('#w').screenshot({ path: file });
  console.log(file);
}

/** Review swap, Confirm, and the host answers the hand-out with a hash of this outcome. */
async function swapTo(tab: Page, outcome: 'completed' | 'refunded', seed: string) {
  await tab.locator('#w [part="swap-button"][data-step="review"]').click();
  await part(tab, 'confirm-button').click();
  const hash = makeHash(outcome, 'wrapped', { evm: false, seed });
  await tab.evaluate((h) => document.querySelector('swap-widget')!.track(h), hash);
  await part(tab, 'tracker').waitFor();
}

try {
  for (const [name, t] of Object.entries(THEMES)) {
    const key = `screenshots-flow-${name}-${Date.now()}`;
    const tab = await browser.newPage({
      viewport: { width: t.width, height: 900 },
      colorScheme: t.theme === 'dark' ? 'dark' : 'light',
    });
    // Swaps play out 60 times faster than the protocols' real pace.
    await tab.request.post(`${server.url}/__ref/control`, { data: { scope: key, timeScale: 60 } });
    await tab.route(`${server.url}/page`, (route) =>
      route.fulfill({ contentType: 'text/html', body: page(t.theme, t.width, key) }),
    );
    await tab.goto(`${server.url}/page`);
    await tab.evaluate(() =>
      document.querySelector('swap-widget')!.addEventListener('swap-memo', (e) => e.preventDefault()),
    );
    await part(tab, 'route').waitFor({ timeout: 20_000 });
    await tab.locator('#w [part="swap-button"][data-step="review"]').waitFor();
    await shoot(tab, 'form', name);

    await tab.locator('#w [part="swap-button"][data-step="review"]').click();
    await part(tab, 'review').waitFor();
    await shoot(tab, 'review', name);
    await part(tab, 'confirm-button').click();
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: `${key}-a` });
    await tab.evaluate((h) => document.querySelector('swap-widget')!.track(h), hash);
    await part(tab, 'tracker').waitFor();
    await tab.locator('#w swap-tracker [data-state="current"]').first().waitFor();
    await shoot(tab, 'progress', name);
    await tab.locator('#w swap-tracker [part="stages"] [data-state="done"]').nth(4).waitFor({ timeout: 60_000 });
    await shoot(tab, 'completed', name);

    await part(tab, 'new-swap-button').click();
    await swapTo(tab, 'refunded', `${key}-b`);
    await tab.locator('#w swap-tracker [data-state="failed"]').first().waitFor({ timeout: 60_000 });
    await tab
      .getByText(/refunded/i)
      .first()
      .waitFor();
    await shoot(tab, 'refunded', name);
    await tab.close();
  }
} finally {
  await browser.close();
  await server.close();
}
