/**
 * Screenshots of the progress view alone (`<swap-tracker>` of the built bundle, in the
 * widget's frame and palette), 320 px wide, in headless Chromium:
 * `node --import tsx scripts/tracker-screenshots.ts [outDir]` (run `npm run build` first).
 * Writes tracker-<state>-<theme>.png for the states in-progress, completed, refunded and
 * partially-refunded, in the themes light, dark and ar (Arabic, right to left), into
 * docs/screenshots/ unless told otherwise.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';
import { swapWidgetStyles } from '../src/swap-widget.styles.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

const CREATED = Date.UTC(2026, 10, 25, 12, 0, 0);
const HASH = 'ab'.repeat(32);
const route = {
  providers: ['PROTOCOL_A'],
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.1',
  expectedBuyAmount: '2.4',
  expectedBuyAmountMaxSlippage: '2.376',
  estimatedTime: { inbound: 600, swap: 6, outbound: 30, total: 636 },
  fees: [],
  legs: [],
  warnings: [],
  meta: { assets: [], tags: [] },
};

/** A tracked BTC -> ETH swap in one state, as the store keeps it. */
function record(status: Record<string, unknown>) {
  const final = status.final === true;
  return {
    id: `${HASH}@BTC`,
    quoteId: 'q-1',
    routeIndex: 0,
    hash: HASH,
    chainId: 'BTC',
    route,
    createdAt: CREATED,
    updatedAt: CREATED,
    final,
    status: { legs: [], ...status },
  };
}

const STATES: Record<string, ReturnType<typeof record>> = {
  'in-progress': record({
    status: 'swapping',
    final: false,
    stage: 'swapping',
    outcome: 'pending',
    inboundHash: HASH,
    streaming: { percentage: 40, count: 4, quantity: 10 },
  }),
  completed: record({
    status: 'completed',
    final: true,
    stage: 'done',
    outcome: 'success',
    buyAmount: '2.3912',
    buyAsset: 'ETH.ETH',
    outboundHash: `0x${'cd'.repeat(32)}`,
  }),
  refunded: record({
    status: 'refunded',
    final: true,
    stage: 'done',
    outcome: 'refund',
    outboundHash: 'ef'.repeat(32),
    refund: { asset: 'BTC.BTC', amount: '0.0998', hash: 'ef'.repeat(32) },
    error: 'swap refunded: output would be below the limit of 2.376 ETH.ETH',
  }),
  'partially-refunded': record({
    status: 'partially_refunded',
    final: true,
    stage: 'done',
    outcome: 'refund',
    buyAmount: '1.2',
    buyAsset: 'ETH.ETH',
    outboundHash: `0x${'cd'.repeat(32)}`,
    refund: { asset: 'BTC.BTC', amount: '0.0497', hash: 'ef'.repeat(32) },
    error: 'swap partially filled: 50.0% swapped before the price passed the limit, the rest refunded',
  }),
};

const THEMES = {
  light: { theme: 'light', locale: 'en', dir: 'ltr' },
  dark: { theme: 'dark', locale: 'en', dir: 'ltr' },
  ar: { theme: 'light', locale: 'ar', dir: 'rtl' },
} as const;

// The root's palette and frame (src/swap-widget.styles.ts), on a div instead of the host.
const frameCss = swapWidgetStyles.cssText
  .replaceAll(":host(:not([theme='light']):not([theme='dark']))", ".frame[data-theme='auto']")
  .replaceAll(":host([theme='dark'])", ".frame[data-theme='dark']")
  .replaceAll(':host([hidden])', '.frame[hidden]')
  .replaceAll(':host', '.frame');

const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const pageUrl = `${server.url}/__tracker-screenshots.html`;
const pageHtml = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; background: #888; } ${frameCss}</style>
<script src="/dist/locales/ar.js"></script>
<script type="module" src="/dist/swap-widget.js"></script>
</head><body><div class="frame"><div class="widget"><swap-tracker></swap-tracker></div></div></body></html>`;
try {
  for (const [themeName, theme] of Object.entries(THEMES)) {
    for (const [stateName, rec] of Object.entries(STATES)) {
      const page = await browser.newPage({ viewport: { width: 320, height: 800 }, deviceScaleFactor: 2 });
      await page.route(pageUrl, (r) => r.fulfill({ contentType: 'text/html', body: pageHtml }));
      await page.goto(pageUrl);
      await page.waitForFunction(() => customElements.get('swap-tracker') !== undefined);
      await page.evaluate(
        ({ theme, rec, now }) => {
          const frame = document.querySelector<HTMLElement>('.frame')!;
          frame.dataset.theme = theme.theme;
          const widget = frame.querySelector<HTMLElement>('.widget')!;
          widget.lang = theme.locale;
          widget.dir = theme.dir;
          const t = document.querySelector('swap-tracker')! as HTMLElement & {
            record: unknown;
            now: number;
            locale: string;
            updateComplete: Promise<boolean>;
          };
          t.locale = theme.locale;
          t.now = now;
          t.record = rec;
          return t.updateComplete;
        },
        // Three minutes and a half into a swap estimated at 10 min 36 s.
        { theme, rec, now: CREATED + 210_000 },
      );
      const file = join(out, `tracker-${stateName}-${themeName}.png`);
      await page.locator('.frame').screenshot({ path: file, animations: 'disabled' });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
