/**
 * `<swap-tracker>` on its own: a stored swap in each state the tracker can be in, as the
 * root passes it (the record and a passing problem), without a service.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
import type { SwapTracker } from '../../../src/components/tracker.js';
import type { TrackingProblem } from '../../../src/components/messages.js';
import type { SwapRecord } from '../../../src/domain/swap-store.js';
import { deepQuery, deepQueryAll } from '../shadow.js';
import { swap, text } from './fixtures.js';

async function tracker(record: SwapRecord | undefined, problem?: TrackingProblem): Promise<SwapTracker> {
  return fixture<SwapTracker>(html`<swap-tracker locale="en" .record=${record} .problem=${problem}></swap-tracker>`);
}

/** Each stage's name with its state: done, current or todo. */
function stages(el: SwapTracker): string[] {
  return deepQueryAll(el, '[part="stages"] li').map((li) => `${text(li)}:${li.className}${li.getAttribute('aria-current') ? '*' : ''}`);
}

const headline = (el: SwapTracker) => text(deepQuery(el, '.headline'));

describe('<swap-tracker>', () => {
  it('shows nothing without a swap', async () => {
    const el = await tracker(undefined);
    expect(deepQuery(el, '[part="tracker"]')).to.equal(null);
  });

  it('before the first answer: waiting, on the first stage, with a link to the sent transaction', async () => {
    const record = swap();
    const el = await tracker(record);
    expect(headline(el)).to.equal('Waiting for the swap service to see your transaction…');
    expect(deepQuery(el, '.headline')!.getAttribute('role')).to.equal('status');
    expect(stages(el)).to.deep.equal(['Sent:current*', 'Inbound confirmed:todo', 'Swapping:todo', 'Paying out:todo', 'Done:todo']);
    const links = deepQueryAll<HTMLAnchorElement>(el, '[part="explorer-link"]');
    expect(links.map(text)).to.deep.equal(['Your transaction ↗']);
    expect(links[0]!.href).to.match(/^https:\/\//).and.to.contain(record.hash);
    expect(links[0]!.rel).to.contain('noopener');
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH');
    await expect(el).to.be.accessible();
  });

  it('in progress: the stages done so far, the current one, the source confirmations while sent', async () => {
    const el = await tracker(swap({ status: 'mempool', stage: 'sent', confirmations: 1 }));
    expect(text(deepQuery(el, '.tracker'))).to.contain('1 confirmations of your transaction');
    el.record = swap({ status: 'swapping', stage: 'swapping' });
    await el.updateComplete;
    expect(headline(el)).to.equal('In progress: Swapping.');
    expect(stages(el)).to.deep.equal(['Sent:done', 'Inbound confirmed:done', 'Swapping:current*', 'Paying out:todo', 'Done:todo']);
    await expect(el).to.be.accessible();
  });

  it('a streaming swap: its progress bar, labelled, and its sub-swaps', async () => {
    const el = await tracker(swap({ status: 'swapping', stage: 'swapping', streaming: { percentage: 40, count: 12, quantity: 30 } }));
    const progress = deepQuery<HTMLProgressElement>(el, 'progress')!;
    expect(progress.value).to.equal(40);
    expect(text(deepQuery(el, `label[for="${progress.id}"]`))).to.equal('Streaming: 40% swapped');
    expect(text(deepQuery(el, '.streaming'))).to.contain('12 of 30 sub-swaps');
    await expect(el).to.be.accessible();
  });

  it('completed: every stage done, what was received, and the payout transaction', async () => {
    const outboundHash = '0x' + 'cd'.repeat(32);
    const el = await tracker(swap({ status: 'completed', final: true, stage: 'done', outcome: 'success', buyAmount: '2.39', buyAsset: 'ETH.ETH', outboundHash }));
    expect(headline(el)).to.equal('Swap complete.');
    expect(stages(el)).to.deep.equal(['Sent:done', 'Inbound confirmed:done', 'Swapping:done', 'Paying out:done', 'Done:done*']);
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH Received 2.39 ETH');
    const links = deepQueryAll<HTMLAnchorElement>(el, '[part="explorer-link"]');
    expect(links.map(text)).to.deep.equal(['Your transaction ↗', 'Payout transaction ↗']);
    expect(links[1]!.href).to.match(/^https:\/\//).and.to.contain(outboundHash);
    expect(deepQuery(el, '.advice')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('refunded: what came back, in the sold asset, and what to do', async () => {
    const el = await tracker(
      swap({ status: 'refunded', final: true, stage: 'done', outcome: 'refund', buyAmount: '0.0998', refund: { asset: 'BTC.BTC', amount: '0.0998' } }),
    );
    expect(headline(el)).to.equal('The swap could not be completed and your funds were refunded.');
    expect(text(deepQuery(el, '.amounts'))).to.contain('Refunded 0.0998 BTC');
    expect(text(deepQuery(el, '.advice'))).to.match(/Check the refund in your wallet/);
    await expect(el).to.be.accessible();
  });

  it('partially refunded: what was received in the bought asset, and what came back in its own', async () => {
    const el = await tracker(
      swap({ status: 'partially_refunded', final: true, stage: 'done', outcome: 'refund', buyAmount: '1.2', buyAsset: 'ETH.ETH', refund: { asset: 'BTC.BTC', amount: '0.05' } }),
    );
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH Received 1.2 ETH Refunded 0.05 BTC');
    await expect(el).to.be.accessible();
  });

  it('failed: the service\'s error, and that the funds did not leave the wallet', async () => {
    const el = await tracker(swap({ status: 'reverted', final: true, stage: 'done', outcome: 'failure', error: 'execution reverted' }));
    expect(headline(el)).to.equal('Your transaction was reverted on chain: nothing was swapped.');
    expect(text(deepQuery(el, '.advice'))).to.equal('execution reverted Your funds did not leave your wallet (only network fees may be spent). You can try the swap again.');
    await expect(el).to.be.accessible();
  });

  it('tells a passing problem with tracking as an alert, and drops it when it passes', async () => {
    const el = await tracker(swap({ status: 'swapping', stage: 'swapping' }), { code: 'busy', seconds: 8 });
    const problem = deepQuery(el, '.problem')!;
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(text(problem)).to.equal('The swap service asks to slow down; checking again in 8 s.');
    await expect(el).to.be.accessible();
    el.problem = undefined;
    await el.updateComplete;
    expect(deepQuery(el, '.problem')).to.equal(null);
  });

  it('says that an answer about another swap, or with a refund that is not the user\'s, was not applied', async () => {
    const el = await tracker(swap({ status: 'swapping', stage: 'swapping' }), { code: 'mismatch', field: 'quote', seconds: 20 });
    expect(text(deepQuery(el, '.problem')!)).to.equal("The swap service answered with a quote that is not this swap's, so its answer was not applied; checking again in 20 s.");
    el.problem = { code: 'mismatch', field: 'refund-asset', seconds: 40 };
    await el.updateComplete;
    expect(text(deepQuery(el, '.problem')!)).to.equal("The swap service answered with a refund that is not this swap's, so its answer was not applied; checking again in 40 s.");
  });
});
