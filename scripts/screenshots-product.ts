/**
 * Screenshots of the form as a person first meets it, in headless Chromium against the embedded
 * reference service: the form with its best route and "N more routes", the route list opened,
 * the settings opened, and the token picker; light, dark, a host's dark brand on a light system,
 * Arabic (right to left) and 320 px wide.
 * `node --import tsx scripts/screenshots-product.ts [outDir]` (run `npm run build` first) writes
 * `product-<view>-<theme>.png` into docs/screenshots/ (or outDir).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

/** A host's dark brand: every colour token set, on a page whose system scheme is light. */
const BRAND =
  '--swap-bg: #0d1b2a; --swap-fg: #f1f5f9; --swap-muted: #9fb0c3; --swap-surface: #1b2b3c; --swap-border: #33475b; --swap-accent: #f59e0b; --swap-accent-fg: #111111; --swap-focus-ring: #fbbf24';

const THEMES = {
  light: { attrs: 'theme="light" locale="en"', width: 400, scheme: 'light', bg: '#e9ecf1' },
  dark: { attrs: 'theme="dark" locale="en"', width: 400, scheme: 'dark', bg: '#0b0d11' },
  brand: { attrs: `locale="en" style="${BRAND}"`, width: 400, scheme: 'light', bg: '#06101a' },
  ar: { attrs: 'theme="light" locale="ar"', width: 400, scheme: 'light', bg: '#e9ecf1' },
  '320': { attrs: 'theme="light" locale="en"', width: 320, scheme: 'light', bg: '#e9ecf1' },
} as const;

const page = (attrs: string, width: number, bg: string, key: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; padding: ${width === 320 ? 0 : 12}px; background: ${bg}; font-family: system-ui; }</style>
<script type="module" src="/dist/swap-widget.js"></script>${attrs.includes('locale="ar"') ? '<script src="/dist/locales/ar.js"></script>' : ''}</head>
<body><swap-widget id="w" ${attrs} api-key="${key}" thornode-url="/" mayanode-url="/" affiliate="sw" affiliate-fee="30"
  sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1"
  destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"></swap-widget></body></html>`;

const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

const part = (tab: Page, name: string) => tab.locator(`#w [part~="${name}"]`).first();

async function shoot(tab: Page, view: string, theme: string) {
  await tab.waitForTimeout(200);
  const file = join(out, `product-${view}-${theme}.png`);
  await tab.locator('#w').screenshot({ path: file });
  console.log(file);
}

try {
  for (const [name, t] of Object.entries(THEMES)) {
    const key = `screenshots-product-${name}-${Date.now()}`;
    const tab = await browser.newPage({ viewport: { width: t.width, height: 900 }, colorScheme: t.scheme });
    await tab.route(`${server.url}/page`, (route) =>
      route.fulfill({ contentType: 'text/html', body: page(t.attrs, t.width, t.bg, key) }),
    );
    await tab.goto(`${server.url}/page`);
    await part(tab, 'route').waitFor({ timeout: 20_000 });
    await part(tab, 'more-routes').waitFor({ timeout: 20_000 });
    await shoot(tab, 'form', name);

    await part(tab, 'more-routes').click();
    await tab.locator('#w [part~="route"]').nth(2).waitFor();
    await shoot(tab, 'routes', name);
    await part(tab, 'more-routes').click();

    await part(tab, 'settings-button').click();
    await part(tab, 'slippage').waitFor();
    await shoot(tab, 'settings', name);
    await tab.keyboard.press('Escape');

    await tab.locator('#w [part~="asset-button"][data-side="buy"]').click();
    await part(tab, 'picker').waitFor();
    await tab.locator('#w [part~="option"]').first().waitFor();
    await shoot(tab, 'picker', name);
    await tab.close();
  }
} finally {
  await browser.close();
  await server.close();
}
