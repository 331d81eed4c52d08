/**
 * `<swap-tracker>` on its own: a stored swap in each state the tracker can be in, as the
 * root passes it (the record, a passing problem, the time), without a service.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
// The later file's components, defined as the widget's arrival defines them.
import '../../../src/define-rest.js';
import type { SwapTracker } from '../../../src/components/tracker.js';
import type { TrackingProblem } from '../../../src/components/messages.js';
import type { SwapRecord } from '../../../src/domain/tracking/swap-store.js';
import { isFinal, outcomeOf, stageOf, type TrackStatus } from '../../../src/domain/tracking/status.js';
import { deepQuery, deepQueryAll } from '../shadow.js';
import { route, swap, text } from './fixtures.js';

async function tracker(record: SwapRecord | undefined, problem?: TrackingProblem, now?: number): Promise<SwapTracker> {
  return fixture<SwapTracker>(
    html`<swap-tracker locale="en" .record=${record} .problem=${problem} .now=${now ?? Date.now()}></swap-tracker>`,
  );
}

/** A tracked swap whose status is consistent in itself, as `normalizeTrack` makes it. */
function tracked(status: string, extra: Partial<TrackStatus> = {}): SwapRecord {
  return swap({ status, final: isFinal(status), stage: stageOf(status), outcome: outcomeOf(status), ...extra });
}

/** Each stage's name with its `data-state`, and `*` on the one that is `aria-current`. */
function stages(el: SwapTracker): string[] {
  return deepQueryAll(el, '[part="stages"] li').map(
    (li) => `${text(li.querySelector('.label'))}:${li.dataset.state}${li.getAttribute('aria-current') ? '*' : ''}`,
  );
}

const headline = (el: SwapTracker) => text(deepQuery(el, '.headline'));
const links = (el: SwapTracker) => deepQueryAll<HTMLAnchorElement>(el, '[part="explorer-link"]');
const REFUND_HASH = 'ef'.repeat(32);

describe('<swap-tracker>', () => {
  it('shows nothing without a swap', async () => {
    const el = await tracker(undefined);
    expect(!!deepQuery(el, '[part="tracker"]')).to.equal(false);
  });

  it('before the first answer: waiting, on the first stage, with a link to the sent transaction', async () => {
    const record = swap();
    const el = await tracker(record);
    expect(headline(el)).to.equal('Waiting for the swap service to see your transaction…');
    expect(deepQuery(el, '.headline')!.getAttribute('role')).to.equal('status');
    expect(stages(el)).to.deep.equal([
      'Sent:current*',
      'Inbound confirmed:todo',
      'Swapping:todo',
      'Paying out:todo',
      'Done:todo',
    ]);
    expect(links(el).map(text)).to.deep.equal(['Your transaction ↗']);
    expect(links(el)[0]!.href).to.equal(`https://mempool.space/tx/${record.hash}`);
    expect(links(el)[0]!.rel).to.contain('noopener');
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH');
    await expect(el).to.be.accessible();
  });

  it('a swap stored by the first version (no route): no amount is expected until the service says one', async () => {
    const { route: _none, ...old } = swap();
    const el = await tracker(old);
    expect(headline(el)).to.equal('Waiting for the swap service to see your transaction…');
    expect(links(el).map(text)).to.deep.equal(['Your transaction ↗']);
    expect(!!deepQuery(el, '.amounts'), 'nothing stands in for the amount it never kept').to.equal(false);
    el.record = {
      ...old,
      status: {
        status: 'swapping',
        final: false,
        stage: 'swapping',
        outcome: 'pending',
        legs: [],
        expectedBuyAmount: '2.4',
        buyAsset: 'ETH.ETH',
      },
    };
    await el.updateComplete;
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH');
  });

  it('in progress: the stages done so far, the current one, the source confirmations while sent', async () => {
    const el = await tracker(tracked('mempool', { confirmations: 1 }));
    expect(text(deepQuery(el, '.tracker'))).to.contain('1 confirmations of your transaction');
    el.record = tracked('swapping');
    await el.updateComplete;
    expect(headline(el)).to.equal('In progress: Swapping.');
    expect(stages(el)).to.deep.equal([
      'Sent:done',
      'Inbound confirmed:done',
      'Swapping:current*',
      'Paying out:todo',
      'Done:todo',
    ]);
    // Each stage says its state to a screen reader, not only by its colour.
    expect(deepQueryAll(el, '[part="stages"] li').map(text)).to.deep.equal([
      'Sent: done',
      'Inbound confirmed: done',
      'Swapping: in progress',
      'Paying out: not yet',
      'Done: not yet',
    ]);
    await expect(el).to.be.accessible();
  });

  it('a streaming swap: its progress bar, labelled, and its sub-swaps', async () => {
    const el = await tracker(tracked('swapping', { streaming: { percentage: 40, count: 12, quantity: 30 } }));
    const progress = deepQuery<HTMLProgressElement>(el, 'progress')!;
    expect(progress.value).to.equal(40);
    expect(text(deepQuery(el, `label[for="${progress.id}"]`))).to.equal('Streaming: 40% swapped');
    expect(text(deepQuery(el, '.streaming'))).to.contain('12 of 30 sub-swaps');
    await expect(el).to.be.accessible();
    // Without a percentage, the sub-swaps done of all.
    el.record = tracked('swapping', { streaming: { count: 3, quantity: 12 } });
    await el.updateComplete;
    expect(deepQuery<HTMLProgressElement>(el, 'progress')!.value).to.equal(25);
    expect(text(deepQuery(el, '.streaming'))).to.equal('Streaming: 25% swapped 3 of 12 sub-swaps');
  });

  it('completed: every stage done, what was received, the payout transaction, and New swap', async () => {
    const outboundHash = '0x' + 'cd'.repeat(32);
    const el = await tracker(tracked('completed', { buyAmount: '2.39', buyAsset: 'ETH.ETH', outboundHash }));
    expect(headline(el)).to.equal('Swap complete.');
    expect(stages(el)).to.deep.equal([
      'Sent:done',
      'Inbound confirmed:done',
      'Swapping:done',
      'Paying out:done',
      'Done:done',
    ]);
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH Received 2.39 ETH');
    expect(links(el).map(text)).to.deep.equal(['Your transaction ↗', 'Payout transaction ↗']);
    expect(links(el)[1]!.href).to.equal(`https://etherscan.io/tx/${outboundHash}`);
    expect(!!deepQuery(el, '.advice')).to.equal(false);
    expect(!!deepQuery(el, '.time')).to.equal(false);
    expect(deepQuery(el, '[part="new-swap-button"]')!.classList.contains('primary')).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('refunded: drawn as a refund, stopped at Swapping, with the amount, the asset and the refund on the sell chain (BTC: no 0x)', async () => {
    // Shape 1 names the refund as the "output" transaction too: it is not a payout.
    const el = await tracker(
      tracked('refunded', {
        buyAsset: 'ETH.ETH',
        outboundHash: REFUND_HASH,
        refund: { asset: 'BTC.BTC', amount: '0.0998', hash: REFUND_HASH },
        error: 'swap refunded: output would be below the limit of 2.376 ETH.ETH',
      }),
    );
    expect(headline(el)).to.equal('The swap could not be completed and your funds were refunded.');
    expect(stages(el)).to.deep.equal([
      'Sent:done',
      'Inbound confirmed:done',
      'Swapping:failed*',
      'Paying out:skipped',
      'Done:skipped',
    ]);
    expect(text(deepQuery(el, '.amounts'))).to.equal('Refunded 0.0998 BTC');
    expect(links(el).map(text)).to.deep.equal(['Your transaction ↗', 'Refund transaction ↗']);
    expect(links(el)[1]!.href).to.equal(`https://mempool.space/tx/${REFUND_HASH}`);
    // The service's reason is a sentence of its own, and the advice another.
    expect(text(deepQuery(el, '.reason'))).to.equal(
      'The swap service says: Swap refunded: output would be below the limit of 2.376 ETH.ETH.',
    );
    expect(text(deepQuery(el, '.advice'))).to.equal(
      'Check the refund in your wallet. You can quote again; prices may have moved.',
    );
    expect(
      deepQuery(el, '.reason')!.nextElementSibling === deepQuery(el, '.advice'),
      'the advice follows the reason',
    ).to.equal(true);
    expect(text(deepQuery(el, '.tracker'))).not.to.contain('ETH.ETHCheck');
    await expect(el).to.be.accessible();
  });

  it('refunded, selling from an EVM chain: the refund links to its explorer with 0x, however the service wrote it', async () => {
    const record = tracked('refunded', {
      refund: { asset: 'ETH.ETH', amount: '2.39', hash: REFUND_HASH.toUpperCase() },
    });
    const el = await tracker({
      ...record,
      chainId: 'ETH',
      hash: `0x${'ab'.repeat(32)}`,
      route: route({
        sellAsset: 'ETH.ETH',
        buyAsset: 'BTC.BTC',
        sellAmount: '2.4',
        expectedBuyAmount: '0.1',
        expectedBuyAmountMaxSlippage: '0.099',
      }),
    });
    expect(links(el).map((a) => a.href)).to.deep.equal([
      `https://etherscan.io/tx/0x${'ab'.repeat(32)}`,
      `https://etherscan.io/tx/0x${REFUND_HASH}`,
    ]);
    expect(text(deepQuery(el, '.amounts'))).to.equal('Refunded 2.39 ETH');
  });

  it('partially refunded: both parts, what was received and what came back, each on its chain', async () => {
    const outboundHash = '0x' + 'cd'.repeat(32);
    const el = await tracker(
      tracked('partially_refunded', {
        buyAmount: '1.2',
        buyAsset: 'ETH.ETH',
        outboundHash,
        refund: { asset: 'BTC.BTC', amount: '0.05', hash: REFUND_HASH },
        error: 'swap partially filled: 50.0% swapped before the price passed the limit, the rest refunded',
      }),
    );
    expect(headline(el)).to.equal('Part of the swap went through; the rest was refunded.');
    expect(stages(el)).to.deep.equal([
      'Sent:done',
      'Inbound confirmed:done',
      'Swapping:failed*',
      'Paying out:skipped',
      'Done:skipped',
    ]);
    expect(text(deepQuery(el, '.amounts'))).to.equal('Expected 2.4 ETH Received 1.2 ETH Refunded 0.05 BTC');
    expect(links(el).map(text)).to.deep.equal(['Your transaction ↗', 'Payout transaction ↗', 'Refund transaction ↗']);
    expect(
      links(el)
        .map((a) => a.href)
        .slice(1),
    ).to.deep.equal([`https://etherscan.io/tx/${outboundHash}`, `https://mempool.space/tx/${REFUND_HASH}`]);
    expect(text(deepQuery(el, '.reason'))).to.equal(
      'The swap service says: Swap partially filled: 50.0% swapped before the price passed the limit, the rest refunded.',
    );
    await expect(el).to.be.accessible();
  });

  it('the data-state of every stage for each outcome', async () => {
    const table: [string, string][] = [
      ['inbound', 'done current todo todo todo'],
      ['outbound', 'done done done current todo'],
      ['completed', 'done done done done done'],
      ['refunding', 'done done failed skipped todo'],
      ['refunded', 'done done failed skipped skipped'],
      ['partially_refunded', 'done done failed skipped skipped'],
      ['dropped', 'failed skipped skipped skipped skipped'],
      ['reverted', 'failed skipped skipped skipped skipped'],
      ['replaced', 'failed skipped skipped skipped skipped'],
      ['retries_exceeded', 'done failed skipped skipped skipped'],
      ['parsing_error', 'done failed skipped skipped skipped'],
      ['failed', 'done failed todo todo todo'],
      ['pending', 'current todo todo todo todo'],
    ];
    const el = await tracker(tracked('swapping'));
    for (const [status, want] of table) {
      el.record = tracked(status);
      await el.updateComplete;
      expect(
        deepQueryAll(el, '[part="stages"] li')
          .map((li) => li.dataset.state)
          .join(' '),
        status,
      ).to.equal(want);
      expect(headline(el), status).not.to.equal('');
    }
  });

  it("failed: the service's reason as a sentence, and that the funds did not leave the wallet", async () => {
    const el = await tracker(tracked('reverted', { error: 'execution reverted' }));
    expect(headline(el)).to.equal('Your transaction was reverted on chain: nothing was swapped.');
    expect(text(deepQuery(el, '.reason'))).to.equal('The swap service says: Execution reverted.');
    expect(text(deepQuery(el, '.advice'))).to.equal(
      'Your funds did not leave your wallet (only network fees may be spent). You can try the swap again.',
    );
    expect(!!deepQuery(el, '.amounts')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it("counts down from the route's estimate, then says the swap takes longer than estimated", async () => {
    const record = tracked('swapping');
    const start = record.createdAt;
    const el = await tracker(record, undefined, start);
    const time = () => text(deepQuery(el, '.time'));
    expect(time()).to.equal('About 10:00 left');
    el.now = start + 599_000;
    await el.updateComplete;
    expect(time()).to.equal('About 0:01 left');
    el.now = start + 599_999;
    await el.updateComplete;
    expect(time()).to.equal('About 0:00 left');
    el.now = start + 600_000;
    await el.updateComplete;
    expect(time()).to.equal('Taking longer than estimated (10m); still tracking.');
    // The countdown is never in a live region.
    expect(!!deepQuery(el, '.time')!.closest('[aria-live], [role="status"], [role="alert"]')).to.equal(false);
    await expect(el).to.be.accessible();
    el.record = tracked('completed');
    await el.updateComplete;
    expect(!!deepQuery(el, '.time')).to.equal(false);
  });

  it('announces the status line once per change: the live region is not touched when nothing changed', async () => {
    const record = tracked('swapping');
    const el = await tracker(record, undefined, record.createdAt);
    const live = deepQuery(el, '[role="status"]')!;
    expect(live.getAttribute('aria-live')).to.equal('polite');
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((m) => changes.push(...m));
    observer.observe(live, { subtree: true, childList: true, characterData: true, attributes: true });
    el.now = record.createdAt + 5_000;
    el.record = { ...record, updatedAt: record.updatedAt + 10_000, status: { ...record.status! } };
    await el.updateComplete;
    changes.push(...observer.takeRecords());
    expect(changes, 'touched with nothing changed').to.have.length(0);
    el.record = tracked('outbound');
    await el.updateComplete;
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes.length).to.be.greaterThan(0);
    expect(text(live)).to.equal('In progress: Paying out.');
  });

  it('New swap: the new-swap event (bubbling, not composed), offered while the swap goes on too', async () => {
    const el = await tracker(tracked('swapping'));
    const got: Event[] = [];
    el.parentElement!.addEventListener('new-swap', (e) => got.push(e));
    const button = deepQuery<HTMLButtonElement>(el, '[part="new-swap-button"]')!;
    expect(text(button)).to.equal('New swap');
    expect(button.classList.contains('primary')).to.equal(false);
    expect(text(deepQuery(el, '.actions'))).to.equal('New swap This swap goes on under Recent swaps.');
    button.click();
    expect(got).to.have.length(1);
    expect([got[0]!.bubbles, got[0]!.composed]).to.deep.equal([true, false]);
    el.record = tracked('refunded');
    await el.updateComplete;
    expect(deepQuery(el, '[part="new-swap-button"]')!.classList.contains('primary')).to.equal(true);
    expect(text(deepQuery(el, '.actions'))).to.equal('New swap');
  });

  it('focusHeading() moves focus to the heading, which can take it', async () => {
    const el = await tracker(tracked('swapping'));
    const h2 = deepQuery(el, 'h2')!;
    expect(h2.getAttribute('tabindex')).to.equal('-1');
    await el.focusHeading();
    expect(el.shadowRoot!.activeElement === h2, 'focus on the heading').to.equal(true);
    // The heading is described by the status line, so focusing it says where the swap is.
    expect(
      deepQuery(el, `#${h2.getAttribute('aria-describedby')}`) === deepQuery(el, '[role="status"]'),
      'described by the status line',
    ).to.equal(true);
  });

  it('focusHeading() before the first render focuses the heading once it is drawn', async () => {
    const el = document.createElement('swap-tracker');
    el.locale = 'en';
    el.record = tracked('swapping');
    const focused = el.focusHeading();
    document.body.append(el);
    await focused;
    const onHeading = el.shadowRoot!.activeElement === deepQuery(el, 'h2');
    el.remove();
    expect(onHeading, 'focus on the heading').to.equal(true);
  });

  it('tells a passing problem with tracking as an alert, and drops it when it passes', async () => {
    const el = await tracker(tracked('swapping'), { code: 'busy', seconds: 8 });
    const problem = deepQuery(el, '.problem')!;
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(text(problem)).to.equal('The swap service asks to slow down; checking again in 8 s.');
    await expect(el).to.be.accessible();
    el.problem = undefined;
    await el.updateComplete;
    expect(!!deepQuery(el, '.problem')).to.equal(false);
  });

  it("says that an answer about another swap, or with a refund that is not the user's, was not applied", async () => {
    const el = await tracker(tracked('swapping'), { code: 'mismatch', field: 'quote', seconds: 20 });
    expect(text(deepQuery(el, '.problem')!)).to.equal(
      "The swap service answered with a quote that is not this swap's, so its answer was not applied; checking again in 20 s.",
    );
    el.problem = { code: 'mismatch', field: 'refund-asset', seconds: 40 };
    await el.updateComplete;
    expect(text(deepQuery(el, '.problem')!)).to.equal(
      "The swap service answered with a refund that is not this swap's, so its answer was not applied; checking again in 40 s.",
    );
  });
});
