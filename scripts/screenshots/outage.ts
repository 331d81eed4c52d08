/**
 * What a user sees when the service fails, armed on the reference service (`/__ref/control`
 * faults, demo/server/faults.ts) for the page's own scope, in light, dark, Arabic (right to
 * left) and 320 px wide:
 *
 * - `outage-down`: the service cannot be reached (every quote and token request has its
 *   connection dropped): the main button says so, and one problem box;
 * - `outage-5xx`: the service answers every quote with a 500 (asked again quietly, then said):
 *   the problem box with the service's reason and Try again.
 *
 * Writes `outage-<kind>-<look>.png`.
 */
import { LOOKS, control, newTab, open, part, scopeKey, shoot, widgetPage, type Gallery } from './gallery.js';

const FORM =
  'affiliate="sw" affiliate-fee="30" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"';

const OUTAGES = {
  down: {
    faults: [
      { kind: 'drop', path: '/v1/quote', times: 10_000 },
      { kind: 'drop', path: '/v1/tokens', times: 10_000 },
    ],
    code: 'network',
    step: 'service-down',
  },
  '5xx': { faults: [{ kind: '500', path: '/v1/quote', times: 10_000 }], code: 'service', step: undefined },
} as const;

export async function outages(g: Gallery): Promise<void> {
  for (const [name, look] of Object.entries(LOOKS)) {
    for (const [kind, o] of Object.entries(OUTAGES)) {
      const key = scopeKey(`outage-${kind}-${name}`);
      const tab = await newTab(g, look.width, 900, look.theme);
      await control(g, tab, key, { faults: o.faults });
      await open(g, tab, widgetPage(look, `api-key="${key}" ${FORM}`));
      await tab.locator(`#w [part="error"][data-code="${o.code}"]`).waitFor({ timeout: 30_000 });
      if (o.step) await tab.locator(`#w [part="swap-button"][data-step="${o.step}"]`).waitFor();
      await part(tab, 'quote-status').waitFor();
      await shoot(g, tab.locator('#w'), `outage-${kind}-${name}`);
      await tab.close();
    }
  }
}
