/**
 * Screenshots of the screens a reload brings back (issue 31), in headless Chromium against the
 * embedded reference service: the page really reloads (the tab's own reload) on the memo screen,
 * the deposit screen, the host's waiting panel, an approval waiting for `approved()`, and while a
 * swap is tracked. Light, dark, right to left (Arabic) and 320 px wide.
 * `node --import tsx scripts/screenshots-restored.ts [outDir]` (run `npm run build` first) writes
 * `restored-<screen>-<theme>.png` into docs/screenshots/ (or outDir).
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
  light: { theme: 'light', width: 480, locale: 'en' },
  dark: { theme: 'dark', width: 480, locale: 'en' },
  ar: { theme: 'light', width: 480, locale: 'ar' },
  '320': { theme: 'light', width: 320, locale: 'en' },
} as const;

const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SCREENS: Record<string, { attrs: string; hostSigns: boolean; track?: boolean }> = {
  memo: {
    attrs: `providers="PROTOCOL_A" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH}"`,
    hostSigns: false,
  },
  deposit: {
    attrs: `providers="PROTOCOL_B" sell-asset="ETH.ETH" buy-asset="BTC.BTC" sell-amount="1" destination-address="${BTC}"`,
    hostSigns: false,
  },
  waiting: {
    attrs: `providers="AGGREGATOR_B" sell-asset="SOL.SOL" buy-asset="SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" sell-amount="3" source-address="udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4"`,
    hostSigns: true,
  },
  approval: {
    attrs: `providers="AGGREGATOR_A" sell-asset="ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" buy-asset="ETH.ETH" sell-amount="2500.5" source-address="${ETH}" destination-address="${ETH}"`,
    hostSigns: true,
  },
  progress: {
    attrs: `providers="PROTOCOL_A" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH}"`,
    hostSigns: true,
    track: true,
  },
};

const page = (
  t: (typeof THEMES)[keyof typeof THEMES],
  key: string,
  attrs: string,
  hostSigns: boolean,
) => `<!doctype html>
<html lang="${t.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; padding: ${t.width === 320 ? 0 : 12}px; background: ${t.theme === 'dark' ? '#0b0d11' : '#e9ecf1'}; font-family: system-ui; }</style>
${t.locale === 'ar' ? '<script src="/dist/locales/ar.js"></script>' : ''}
<script type="module" src="/dist/swap-widget.js"></script></head>
<body><swap-widget id="w" theme="${t.theme}" locale="${t.locale}" api-key="${key}" thornode-url="/" mayanode-url="/" ${hostSigns ? 'host-signs' : ''} ${attrs}></swap-widget></body></html>`;

const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const part = (tab: Page, name: string) => tab.locator(`#w [part~="${name}"]`).first();

try {
  for (const [name, t] of Object.entries(THEMES)) {
    for (const [screen, s] of Object.entries(SCREENS)) {
      const key = `screenshots-restored-${screen}-${name}-${Date.now()}`;
      const tab = await browser.newPage({
        viewport: { width: t.width, height: 1000 },
        colorScheme: t.theme === 'dark' ? 'dark' : 'light',
      });
      // Swaps play out slowly enough to be caught under way.
      await tab.request.post(`${server.url}/__ref/control`, { data: { scope: key, timeScale: 2 } });
      await tab.route(`${server.url}/page`, (route) =>
        route.fulfill({ contentType: 'text/html', body: page(t, key, s.attrs, s.hostSigns) }),
      );
      await tab.goto(`${server.url}/page`);
      await part(tab, 'route').waitFor({ timeout: 30_000 });
      await tab.locator('#w [part="swap-button"][data-step="review"]').click();
      await part(tab, 'review').waitFor();
      const risk = part(tab, 'confirm-risk');
      if (await risk.count()) await risk.check();
      await part(tab, 'confirm-button').click();
      if (s.track) {
        await part(tab, 'execution').waitFor();
        const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
        await tab.evaluate((h) => document.querySelector('swap-widget')!.track(h), hash);
        await part(tab, 'tracker').waitFor();
      } else {
        await (s.hostSigns ? part(tab, 'execution') : part(tab, 'memo-flow')).waitFor();
      }
      await tab.reload();
      await (s.track ? part(tab, 'tracker') : s.hostSigns ? part(tab, 'execution') : part(tab, 'memo-flow')).waitFor({
        timeout: 20_000,
      });
      await tab.waitForTimeout(300);
      const file = join(out, `restored-${screen}-${name}.png`);
      await tab.locator('#w').screenshot({ path: file });
      console.log(file);
      await tab.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
