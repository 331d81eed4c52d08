/**
 * `<swap-recent-swaps>` on its own: the swaps this widget knows, as the root passes them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
// The later file's components, defined as the widget's arrival defines them.
import '../../../src/define-rest.js';
import type { SwapRecentSwaps } from '../../../src/components/recent-swaps.js';
import type { SwapRecord } from '../../../src/domain/tracking/swap-store.js';
import { swap, text } from './fixtures.js';

async function recent(swaps: SwapRecord[]): Promise<SwapRecentSwaps> {
  return fixture<SwapRecentSwaps>(html`<swap-recent-swaps locale="en" .swaps=${swaps}></swap-recent-swaps>`);
}

describe('<swap-recent-swaps>', () => {
  it('names each swap by its amount and pair; one stored by the first version (no route) by its chain and hash', async () => {
    const known = swap({ status: 'completed', final: true, stage: 'done', outcome: 'success' });
    const { route: _none, ...old } = { ...swap(), id: `${'cd'.repeat(32)}@BTC`, hash: 'cd'.repeat(32) };
    const el = await recent([known, old]);
    const rows = [...el.querySelectorAll('li button.link')].map(text);
    expect(rows).to.deep.equal(['0.1 BTC → ETH: completed', 'BTC cdcdcdcdcd…: waiting']);
    await expect(el).to.be.accessible();
  });
});
