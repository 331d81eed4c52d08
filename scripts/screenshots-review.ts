/**
 * Screenshots of `<swap-review>` alone, in headless Chromium, for each family of review in
 * test/support/review-fixtures.ts: light, dark, right to left (`ar`), 320 px wide, and a phone's
 * screen (360 x 740, what shows without scrolling: Confirm must).
 * `node --import tsx scripts/screenshots-review.ts [outDir]` (run `npm run build` first: the
 * page loads the built bundle, dist/swap-widget.js, and dist/locales/ar.js) writes
 * `review-<family>-<theme>.png` into docs/screenshots/ (or outDir).
 *
 * The review sits in a box styled by the root's own stylesheet (its palettes and its `.widget`
 * box), so it looks as it does inside `<swap-widget>`; the clock is the fixtures' fixed `NOW`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { consentFor } from '../src/domain/flow/flow.js';
import { NOW, REVIEWS } from '../test/support/review-fixtures.js';
import { frameStyles } from '../test/support/widget-frame.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

const THEMES: Record<string, { theme: string; locale: string; width: number; screen?: number }> = {
  light: { theme: 'light', locale: 'en', width: 480 },
  dark: { theme: 'dark', locale: 'en', width: 480 },
  ar: { theme: 'light', locale: 'ar', width: 480 },
  '320': { theme: 'light', locale: 'en', width: 320 },
  // A phone: the screen as the user sees it, the details folded.
  phone: { theme: 'light', locale: 'en', width: 360, screen: 740 },
};

const page = (theme: string, locale: string, width: number) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: ${width <= 360 ? 0 : 12}px; background: ${theme === 'dark' ? '#0b0d11' : '#e9ecf1'}; }
  ${frameStyles()}
</style></head>
<body><div class="frame" theme="${theme}"><div class="widget" lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><swap-review locale="${locale}"></swap-review></div></div></body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  for (const [name, t] of Object.entries(THEMES)) {
    const tab = await browser.newPage({
      // A desktop's window for the 480 px shots (the details open), a phone's for 320 and 360 (folded).
      viewport: { width: t.width > 360 ? 800 : t.width, height: t.screen ?? 800 },
      colorScheme: t.theme === 'dark' ? 'dark' : 'light',
    });
    await tab.setContent(page(t.theme, t.locale, t.width));
    await tab.addScriptTag({ content: readFileSync('dist/locales/ar.js', 'utf8') });
    await tab.addScriptTag({ content: readFileSync('dist/swap-widget.js', 'utf8'), type: 'module' });
    await tab.evaluate(() => customElements.whenDefined('swap-review'));
    for (const [family, review] of Object.entries(REVIEWS)) {
      await tab.evaluate(
        async ({ review, now, consent }) => {
          const el = document.querySelector('swap-review')!;
          Object.assign(el, { review, now, consent });
          await el.updateComplete;
        },
        { review, now: NOW, consent: consentFor(review) },
      );
      const file = join(out, `review-${family}-${name}.png`);
      if (t.screen) await tab.screenshot({ path: file });
      else await tab.locator('.frame').screenshot({ path: file });
      console.log(file);
    }
    await tab.close();
  }
} finally {
  await browser.close();
}
