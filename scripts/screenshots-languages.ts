/**
 * Screenshots of the form and the review in the languages whose words run longest or are
 * written in another script (issue 34): French, Russian, Hindi, Japanese and Arabic, 320 and 400 px
 * wide, in headless Chromium against the embedded reference service, each page loading the
 * built bundle and its language file (dist/locales/<locale>.js).
 * `node --import tsx scripts/screenshots-languages.ts [outDir]` (run `npm run build` first)
 * writes `lang-<locale>-<form|review>-<width>.png` into docs/screenshots/ (or outDir).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

const LOCALES = ['fr', 'ru', 'hi', 'ja', 'ar'];
const WIDTHS = [320, 400];

const page = (locale: string, width: number, key: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; padding: ${width === 320 ? 0 : 12}px; background: #e9ecf1; font-family: system-ui; }</style>
<script src="/dist/locales/${locale}.js"></script>
<script type="module" src="/dist/swap-widget.js"></script></head>
<body><swap-widget id="w" theme="light" locale="${locale}" api-key="${key}" thornode-url="/" mayanode-url="/"
  affiliate="sw" affiliate-fee="30" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" providers="PROTOCOL_A"
  destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"></swap-widget></body></html>`;

const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

const part = (tab: Page, name: string) => tab.locator(`#w [part~="${name}"]`).first();

async function shoot(tab: Page, locale: string, view: string, width: number) {
  // Let focus rings and transitions settle.
  await tab.waitForTimeout(150);
  const file = join(out, `lang-${locale}-${view}-${width}.png`);
  await tab.locator('#w').screenshot({ path: file });
  console.log(file);
}

try {
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      const key = `screenshots-languages-${locale}-${width}-${Date.now()}`;
      const tab = await browser.newPage({ viewport: { width, height: 1000 }, colorScheme: 'light' });
      await tab.route(`${server.url}/page`, (route) =>
        route.fulfill({ contentType: 'text/html', body: page(locale, width, key) }),
      );
      await tab.goto(`${server.url}/page`);
      await part(tab, 'route').waitFor({ timeout: 20_000 });
      const review = tab.locator('#w [part="swap-button"][data-step="review"]');
      await review.waitFor({ timeout: 20_000 });
      const lang = await tab.evaluate(
        () => document.querySelector('swap-widget')!.shadowRoot!.querySelector('.widget')!.getAttribute('lang') ?? '',
      );
      if (lang !== locale) throw new Error(`${locale}: the widget speaks ${lang}`);
      await shoot(tab, locale, 'form', width);
      await review.click();
      await part(tab, 'review').waitFor();
      await shoot(tab, locale, 'review', width);
      await tab.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
