/**
 * The form as a person first meets it, against the reference service: the form with its best
 * route and "N more routes", the route list opened, the settings opened, and the token picker;
 * light, dark, a host's dark brand on a light system, Arabic (right to left) and 320 px wide.
 * Writes `product-<view>-<look>.png`.
 */
import { LOOKS, newTab, open, part, scopeKey, shoot, widgetPage, type Gallery, type Look } from './gallery.js';

/** A host's dark brand: every colour token set, on a page whose system scheme is light. */
const BRAND =
  '--swap-bg: #0d1b2a; --swap-fg: #f1f5f9; --swap-muted: #9fb0c3; --swap-surface: #1b2b3c; --swap-border: #33475b; --swap-accent: #f59e0b; --swap-accent-fg: #111111; --swap-focus-ring: #fbbf24';

const PRODUCT_LOOKS: Record<string, { look: Look; brand?: boolean }> = {
  light: { look: LOOKS.light },
  dark: { look: LOOKS.dark },
  brand: { look: LOOKS.light, brand: true },
  ar: { look: LOOKS.ar },
  '320': { look: LOOKS['320'] },
};

const FORM =
  'affiliate="sw" affiliate-fee="30" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"';

export async function product(g: Gallery): Promise<void> {
  for (const [name, { look, brand }] of Object.entries(PRODUCT_LOOKS)) {
    const key = scopeKey(`product-${name}`);
    const tab = await newTab(g, look.width, 900, look.theme);
    const attrs = `api-key="${key}" ${FORM}${brand ? ` style="${BRAND}"` : ''}`;
    await open(g, tab, widgetPage(look, attrs, brand ? { bg: '#06101a', themeAttr: false } : {}));
    const widget = tab.locator('#w');
    await part(tab, 'route').waitFor({ timeout: 30_000 });
    await part(tab, 'more-routes').waitFor();
    await shoot(g, widget, `product-form-${name}`);

    await part(tab, 'more-routes').click();
    await tab.locator('#w [part~="route"]').nth(2).waitFor();
    await shoot(g, widget, `product-routes-${name}`);
    await part(tab, 'more-routes').click();

    await part(tab, 'settings-button').click();
    await part(tab, 'slippage').waitFor();
    await shoot(g, widget, `product-settings-${name}`);
    await tab.keyboard.press('Escape');
    await part(tab, 'slippage').waitFor({ state: 'hidden' });

    await tab.locator('#w [part~="asset-button"][data-side="buy"]').click();
    await part(tab, 'picker').waitFor();
    await tab.locator('#w [part~="option"]').first().waitFor();
    await shoot(g, widget, `product-picker-${name}`);
    await tab.close();
  }
}
