/**
 * Screenshots of `<swap-review>` alone, in headless Chromium, for each family of review in
 * test/support/review-fixtures.ts: light, dark, right to left (`ar`) and 320 px wide.
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
import { swapWidgetStyles } from '../src/swap-widget.styles.js';
import { NOW, REVIEWS } from '../test/support/review-fixtures.js';

const out = process.argv[2] ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });

/** The root's stylesheet with `:host(x)` and `:host` read as a `.frame` element that stands for it. */
function frameStyles(): string {
  let css = swapWidgetStyles.cssText;
  for (let at = css.indexOf(':host('); at >= 0; at = css.indexOf(':host(')) {
    let depth = 0;
    let end = at + 5;
    do depth += css[end] === '(' ? 1 : css[end] === ')' ? -1 : 0;
    while (depth > 0 && ++end < css.length);
    css = `${css.slice(0, at)}.frame${css.slice(at + 6, end)}${css.slice(end + 1)}`;
  }
  return css.replaceAll(':host', '.frame');
}

const THEMES = {
  light: { theme: 'light', locale: 'en', width: 480 },
  dark: { theme: 'dark', locale: 'en', width: 480 },
  ar: { theme: 'light', locale: 'ar', width: 480 },
  '320': { theme: 'light', locale: 'en', width: 320 },
} as const;

const page = (theme: string, locale: string, width: number) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: ${width === 320 ? 0 : 12}px; background: ${theme === 'dark' ? '#0b0d11' : '#e9ecf1'}; }
  ${frameStyles()}
</style></head>
<body><div class="frame" theme="${theme}"><div class="widget" lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><swap-review locale="${locale}"></swap-review></div></div></body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  for (const [name, t] of Object.entries(THEMES)) {
    const tab = await browser.newPage({
      viewport: { width: t.width, height: 800 },
      colorScheme: t.theme === 'dark' ? 'dark' : 'light',
    });
    await tab.setContent(page(t.theme, t.locale, t.width));
    await tab.addScriptTag({ content: readFileSync('dist/locales/ar.js', 'utf8') });
    await tab.addScriptTag({ content: readFileSync('dist/swap-widget.js', 'utf8'), type: 'module' });
    await tab.evaluate(() => customElements.whenDefined('swap-review'));
    for (const [family, review] of Object.entries(REVIEWS)) {
      await tab.evaluate(
        async ({ review, now }) => {
          const el = document.querySelector('swap-review')!;
          Object.assign(el, { review, now });
          await el.updateComplete;
        },
        { review, now: NOW },
      );
      const file = join(out, `review-${family}-${name}.png`);
      await tab.locator('.frame').screenshot({ path: file });
      console.log(file);
    }
    await tab.close();
  }
} finally {
  await browser.close();
}
