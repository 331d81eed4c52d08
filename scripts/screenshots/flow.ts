/**
 * Swaps through the whole widget as a user meets them, against the reference service, in light,
 * dark, Arabic (right to left) and 320 px wide:
 *
 * - a memo route (protocol A, BTC to ETH, sent from any wallet): its review, the memo hand-out
 *   screen, the progress once the user typed the transaction's hash, completed, and a second swap
 *   refunded;
 * - a deposit channel (protocol B, ETH to BTC): its review and the deposit screen;
 * - an EVM transaction with an approval first (aggregator A, USDC to ETH, a host that signs): its
 *   review.
 *
 * Writes `flow-<screen>-<look>.png`. The progress is shot on the service's own clock (the swap
 * just sent); the service's clock is then sped up to play the swap out.
 */
import type { Page } from 'playwright-core';
import { makeHash } from '../../demo/server/hashes.js';
import { LOOKS, control, newTab, open, part, scopeKey, shoot, widgetPage, type Gallery, type Look } from './gallery.js';

const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

const ROUTES = {
  memo: `providers="PROTOCOL_A" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH}"`,
  deposit: `providers="PROTOCOL_B" sell-asset="ETH.ETH" buy-asset="BTC.BTC" sell-amount="1" destination-address="${BTC}"`,
  approval: `host-signs providers="AGGREGATOR_A" sell-asset="${USDC}" buy-asset="ETH.ETH" sell-amount="2500.5" source-address="${ETH}" destination-address="${ETH}"`,
};

/** Review swap: waits for the routes, presses the main button, waits for the review. */
export async function review(tab: Page): Promise<void> {
  await part(tab, 'route').waitFor({ timeout: 30_000 });
  const main = tab.locator('#w [part="swap-button"][data-step="review"]');
  await main.waitFor();
  await main.click();
  await part(tab, 'review').waitFor();
}

/** Confirm on the review (ticking the risk box first when the review has one). */
export async function confirm(tab: Page): Promise<void> {
  const risk = tab.locator('#w [part~="confirm-risk"]');
  if (await risk.count()) await risk.first().check();
  await part(tab, 'confirm-button').click();
}

/** Types the transaction's hash into the memo screen and presses Track. */
async function sent(tab: Page, hash: string): Promise<void> {
  await part(tab, 'hash-input').fill(hash);
  await tab.locator('#w [part~="memo-flow"] form button[type="submit"]').click();
  await part(tab, 'tracker').waitFor();
}

async function page(g: Gallery, look: Look, name: string, route: keyof typeof ROUTES) {
  const key = scopeKey(`flow-${route}-${name}`);
  const tab = await newTab(g, look.width, 1100, look.theme);
  await control(g, tab, key, { timeScale: 1 });
  await open(g, tab, widgetPage(look, `api-key="${key}" affiliate="sw" affiliate-fee="30" ${ROUTES[route]}`));
  return { tab, key, widget: tab.locator('#w') };
}

export async function flow(g: Gallery): Promise<void> {
  for (const [name, look] of Object.entries(LOOKS)) {
    {
      const { tab, key, widget } = await page(g, look, name, 'memo');
      await review(tab);
      await shoot(g, widget, `flow-review-memo-${name}`);
      await confirm(tab);
      await part(tab, 'memo-flow').waitFor();
      await part(tab, 'qr').waitFor();
      await shoot(g, widget, `flow-memo-${name}`);

      await sent(tab, makeHash('completed', 'wrapped', { evm: false, seed: `${key}-a` }));
      await tab.locator('#w swap-tracker [data-state="current"]').first().waitFor({ timeout: 30_000 });
      await shoot(g, widget, `flow-progress-${name}`);
      await control(g, tab, key, { timeScale: 10_000 });
      await tab.locator('#w swap-tracker [part="stages"] [data-state="done"]').nth(4).waitFor({ timeout: 60_000 });
      await part(tab, 'new-swap-button').waitFor();
      await shoot(g, widget, `flow-completed-${name}`);

      await part(tab, 'new-swap-button').click();
      await review(tab);
      await confirm(tab);
      await part(tab, 'memo-flow').waitFor();
      await sent(tab, makeHash('refunded', 'wrapped', { evm: false, seed: `${key}-b` }));
      await tab.locator('#w swap-tracker [data-state="failed"]').first().waitFor({ timeout: 60_000 });
      await part(tab, 'new-swap-button').waitFor();
      await shoot(g, widget, `flow-refunded-${name}`);
      await tab.close();
    }
    {
      const { tab, widget } = await page(g, look, name, 'deposit');
      await review(tab);
      await shoot(g, widget, `flow-review-deposit-${name}`);
      await confirm(tab);
      await part(tab, 'memo-flow').waitFor();
      await part(tab, 'qr').waitFor();
      await shoot(g, widget, `flow-deposit-${name}`);
      await tab.close();
    }
    {
      const { tab, widget } = await page(g, look, name, 'approval');
      await review(tab);
      await shoot(g, widget, `flow-review-approval-${name}`);
      await tab.close();
    }
  }
}
