/**
 * The form and the review in the languages whose words run longest or are written in another
 * script: French, Russian, Hindi, Japanese and Arabic, 320 and 400 px wide, light. Each page
 * loads the language's file (dist/locales/<locale>.js) before the widget, and the widget must
 * speak it. Writes `lang-<locale>-<form|review>-<width>.png` (docs/languages.md shows them).
 */
import { control, newTab, open, part, scopeKey, shoot, widgetPage, type Gallery } from './gallery.js';

const LOCALES = ['fr', 'ru', 'hi', 'ja', 'ar'] as const;
const WIDTHS = [320, 400] as const;

const FORM =
  'affiliate="sw" affiliate-fee="30" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" providers="PROTOCOL_A" destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"';

export async function languages(g: Gallery): Promise<void> {
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      const key = scopeKey(`lang-${locale}-${width}`);
      const tab = await newTab(g, width, 1000, 'light');
      await control(g, tab, key, { reset: true });
      await open(g, tab, widgetPage({ theme: 'light', locale, width }, `api-key="${key}" ${FORM}`));
      await part(tab, 'route').waitFor({ timeout: 30_000 });
      const review = tab.locator('#w [part="swap-button"][data-step="review"]');
      await review.waitFor({ timeout: 30_000 });
      const lang = await tab.locator('#w .widget').first().getAttribute('lang');
      if (lang !== locale) throw new Error(`${locale}: the widget speaks ${lang}`);
      await shoot(g, tab.locator('#w'), `lang-${locale}-form-${width}`);
      await review.click();
      await part(tab, 'review').waitFor();
      await shoot(g, tab.locator('#w'), `lang-${locale}-review-${width}`);
      await tab.close();
    }
  }
}
