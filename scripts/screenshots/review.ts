/**
 * `<swap-review>` alone for each family of review in test/support/review-fixtures.ts (the
 * families the reference service does not all answer with: Cosmos, Solana, a router deposit, an
 * approval reset first): light, dark, right to left (`ar`), 320 px wide, and a phone's screen
 * (360 x 740, what shows without scrolling: Confirm must). Writes `review-<family>-<look>.png`.
 *
 * The review sits in a box styled by the root's own stylesheet (its palettes and its `.widget`
 * box), so it looks as it does inside `<swap-widget>`; the clock is the fixtures' fixed `NOW`.
 * The page loads the built one-file bundle (dist/swap-widget.iife.js: the later file of
 * dist/swap-widget.js comes only for a `<swap-widget>`) and dist/locales/ar.js.
 */
import { consentFor } from '../../src/domain/flow/flow.js';
import { NOW, REVIEWS } from '../../test/support/review-fixtures.js';
import { frameStyles } from '../../test/support/widget-frame.js';
import { PAGE_BG, newTab, open, shoot, type Gallery } from './gallery.js';

const LOOKS: Record<string, { theme: 'light' | 'dark'; locale: string; width: number; screen?: number }> = {
  light: { theme: 'light', locale: 'en', width: 480 },
  dark: { theme: 'dark', locale: 'en', width: 480 },
  ar: { theme: 'light', locale: 'ar', width: 480 },
  '320': { theme: 'light', locale: 'en', width: 320 },
  // A phone: the screen as the user sees it, the details folded.
  phone: { theme: 'light', locale: 'en', width: 360, screen: 740 },
};

const page = (theme: 'light' | 'dark', locale: string, width: number) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: ${width <= 360 ? 0 : 12}px; background: ${PAGE_BG[theme]}; }
  ${frameStyles()}
</style>
<script src="/dist/locales/ar.js"></script>
<script src="/dist/swap-widget.iife.js"></script></head>
<body><div class="frame" theme="${theme}"><div class="widget" lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"><swap-review locale="${locale}"></swap-review></div></div></body></html>`;

export async function reviews(g: Gallery): Promise<void> {
  for (const [name, t] of Object.entries(LOOKS)) {
    // A desktop's window for the 480 px shots (the details open), a phone's for 320 and 360 (folded).
    const tab = await newTab(g, t.width > 360 ? 800 : t.width, t.screen ?? 800, t.theme);
    await open(g, tab, page(t.theme, t.locale, t.width));
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
      await shoot(g, t.screen ? tab : tab.locator('.frame'), `review-${family}-${name}`);
    }
    await tab.close();
  }
}
