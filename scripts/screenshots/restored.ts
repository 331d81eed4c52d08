/**
 * The screens a reload brings back (issue 31), against the reference service: the page really
 * reloads (the tab's own reload) on the memo screen, the deposit screen, the host's waiting
 * panel, an approval waiting for `approved()`, and while a swap is tracked. Light, dark, right
 * to left (Arabic) and 320 px wide. Writes `restored-<screen>-<look>.png`.
 */
import { makeHash } from '../../demo/server/hashes.js';
import { confirm, review } from './flow.js';
import { LOOKS, control, newTab, open, part, scopeKey, shoot, widgetPage, type Gallery } from './gallery.js';

const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const SCREENS: Record<string, { attrs: string; shown: 'memo-flow' | 'execution' | 'tracker'; track?: boolean }> = {
  memo: {
    attrs: `providers="PROTOCOL_A" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH}"`,
    shown: 'memo-flow',
  },
  deposit: {
    attrs: `providers="PROTOCOL_B" sell-asset="ETH.ETH" buy-asset="BTC.BTC" sell-amount="1" destination-address="${BTC}"`,
    shown: 'memo-flow',
  },
  waiting: {
    attrs: `host-signs providers="AGGREGATOR_B" sell-asset="SOL.SOL" buy-asset="SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" sell-amount="3" source-address="udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4"`,
    shown: 'execution',
  },
  approval: {
    attrs: `host-signs providers="AGGREGATOR_A" sell-asset="ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" buy-asset="ETH.ETH" sell-amount="2500.5" source-address="${ETH}" destination-address="${ETH}"`,
    shown: 'execution',
  },
  progress: {
    attrs: `host-signs providers="PROTOCOL_A" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH}"`,
    shown: 'tracker',
  },
};

export async function restored(g: Gallery): Promise<void> {
  for (const [name, look] of Object.entries(LOOKS)) {
    for (const [screen, s] of Object.entries(SCREENS)) {
      const key = scopeKey(`restored-${screen}-${name}`);
      const tab = await newTab(g, look.width, 1100, look.theme);
      // The service's own clock: a tracked swap is caught just sent, before and after the reload.
      await control(g, tab, key, { timeScale: 1 });
      await open(g, tab, widgetPage(look, `api-key="${key}" ${s.attrs}`));
      await review(tab);
      await confirm(tab);
      if (s.shown === 'tracker') {
        await part(tab, 'execution').waitFor();
        const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
        await tab.evaluate((h) => document.querySelector('swap-widget')!.track(h), hash);
      }
      await part(tab, s.shown).waitFor();
      await tab.reload();
      await part(tab, s.shown).waitFor({ timeout: 30_000 });
      if (s.shown === 'tracker') await tab.locator('#w swap-tracker [data-state="current"]').first().waitFor();
      await shoot(g, tab.locator('#w'), `restored-${screen}-${name}`);
      await tab.close();
    }
  }
}
