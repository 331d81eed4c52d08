/**
 * `<swap-review>` on its own: a hand-written `Review` of each family of route (a memo route
 * from BTC, an EVM router deposit, an aggregator swap of an ERC-20 with its approval, a Solana
 * swap, a Cosmos `MsgDeposit`, a deposit channel), as the root passes it, with a fixed clock.
 * What the user reads is asserted line by line; Confirm is gated by the box of the risks that
 * must be confirmed, and by the expiry.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../src/define.js';
// The later file's components, defined as the widget's arrival defines them.
import '../../../src/define-rest.js';
import '../../../src/locales/ar.js';
import { ReviewCancelEvent, ReviewConfirmEvent, type SwapReview } from '../../../src/components/review.js';
import type { Review } from '../../../src/domain/flow/review.js';
import { consentFor } from '../../../src/domain/flow/flow.js';
import { frameStyles } from '../../support/widget-frame.js';
import { deepActiveElement, deepQuery, deepQueryAll } from '../shadow.js';
import { text } from './fixtures.js';
import {
  BTC_ADDRESS,
  BTC_VAULT,
  CHANNEL_ADDRESS,
  ETH_ADDRESS,
  JUPITER_V6,
  NOW,
  ONEINCH_V6,
  REVIEWS,
  SOL_ADDRESS,
  THOR_ADDRESS,
  THOR_MODULE,
  THOR_ROUTER,
  aggregatorReset,
  aggregatorSwap,
  cosmosDeposit,
  depositChannel,
  memoRoute,
  routerDeposit,
  solanaInstructions,
  solanaSwap,
} from '../../support/review-fixtures.js';

async function mount(
  review: Review | undefined,
  { now = NOW, locale = 'en', width = '26rem', dir = 'ltr' } = {},
): Promise<SwapReview> {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}" dir=${dir} lang=${locale}>
    <swap-review locale=${locale} .review=${review} .consent=${review ? consentFor(review) : []} .now=${now}></swap-review>
  </div>`);
  const el = wrap.querySelector('swap-review')!;
  await el.updateComplete;
  return el;
}

/** What a user reads of a line, as laid out (a label and its value apart), without the isolates of machine text. */
const line = (el: SwapReview, name: string) => read(deepQuery(el, `[data-line="${name}"]`));
const read = (node: HTMLElement | null) =>
  (node?.innerText ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const confirmButton = (el: SwapReview) => deepQuery<HTMLButtonElement>(el, '[part="confirm-button"]')!;
/** Whether the review shows an element (a boolean: a failing assertion never prints a DOM node). */
const has = (el: SwapReview, selector: string) => deepQuery(el, selector) !== null;
const riskBox = (el: SwapReview) => deepQuery<HTMLInputElement>(el, '[part="confirm-risk"]');
const cancelButton = (el: SwapReview) => deepQuery<HTMLButtonElement>(el, '.cancel')!;

function events(el: EventTarget, type: string): Event[] {
  const seen: Event[] = [];
  el.addEventListener(type, (e) => seen.push(e));
  return seen;
}

async function tick(el: SwapReview) {
  riskBox(el)!.click();
  await el.updateComplete;
}

describe('<swap-review>', () => {
  it('shows nothing without a review', async () => {
    const el = await mount(undefined);
    expect(has(el, '[part="review"]')).to.equal(false);
  });

  it("a memo route from BTC: from any wallet, to the protocol's vault, the memo part by part, fees with a total per asset", async () => {
    const el = await mount(memoRoute);
    expect(text(deepQuery(el, 'h2'))).to.equal('Review your swap');
    expect(line(el, 'send')).to.equal('You send 0.1 BTC on Bitcoin From any wallet');
    expect(line(el, 'to')).to.equal(`To THORChain · The protocol's vault ${BTC_VAULT}`);
    expect(line(el, 'receive')).to.equal(
      `You receive at least 2.376 ETH on Ethereum Expected 2.4 ETH Recipient ${ETH_ADDRESS}`,
    );
    expect(line(el, 'memo')).to.equal(
      `Memo =:e:${ETH_ADDRESS}:237600000/3/0:sw:25 Asset ETH.ETH Destination ${ETH_ADDRESS} Limit 2.376 ETH Affiliate sw Affiliate fee 0.25% ` +
        'Streaming Sub-swaps 3 blocks apart; the protocol chooses how many',
    );
    expect(line(el, 'fees')).to.equal(
      'Fees Network fee 0.00001 BTC Liquidity fee 0.002 ETH Outbound fee 0.0012 ETH Affiliate fee (sw) 0.006 ETH Total in ETH 0.0092 ETH Affiliate sw · 0.25%',
    );
    expect(line(el, 'expiry')).to.equal('4:32 left');
    for (const absent of ['approval', 'instructions', 'warnings'])
      expect(has(el, `[data-line="${absent}"]`), absent).to.equal(false);
    expect(has(el, '[part="confirm-risk"]')).to.equal(false);
    expect(confirmButton(el).disabled).to.equal(false);
    expect(text(confirmButton(el))).to.equal('Confirm');
    await expect(el.parentElement).to.be.accessible();
  });

  it('streaming with a set number of sub-swaps', async () => {
    const el = await mount({ ...memoRoute, memo: { ...memoRoute.memo!, streaming: { interval: 3, quantity: 12 } } });
    expect(line(el, 'memo')).to.contain('Streaming 12 sub-swaps, 3 blocks apart');
  });

  it('an EVM router deposit of ETH: from the address, to the router, the memo, and how much less a high slippage may bring', async () => {
    const el = await mount(routerDeposit);
    expect(line(el, 'send')).to.equal(`You send 1.5 ETH on Ethereum From ${ETH_ADDRESS}`);
    expect(line(el, 'to')).to.equal(`To THORChain · The protocol's router ${THOR_ROUTER}`);
    expect(line(el, 'receive')).to.equal(
      `You receive at least 0.05753 BTC on Bitcoin Expected 0.0612 BTC Recipient ${BTC_ADDRESS}`,
    );
    expect(line(el, 'memo')).to.equal(
      `Memo =:b:${BTC_ADDRESS}:5753000:sw:25 Asset BTC.BTC Destination ${BTC_ADDRESS} Limit 0.05753 BTC Affiliate sw Affiliate fee 0.25%`,
    );
    expect(line(el, 'fees')).to.contain('Total in BTC 0.000203 BTC');
    expect(line(el, 'warnings')).to.equal(
      'Your slippage is above 5%: up to 0.00367 BTC less than expected may arrive.',
    );
    // A high slippage is said, not confirmed.
    expect(has(el, '[part="confirm-risk"]')).to.equal(false);
    expect(confirmButton(el).disabled).to.equal(false);
    await expect(el.parentElement).to.be.accessible();
  });

  it('an aggregator swap of an ERC-20: the token contract, the exact approval to the contract called (named: its address is the To line), the price impact', async () => {
    const el = await mount(aggregatorSwap);
    expect(line(el, 'send')).to.equal(
      `You send 1,500 USDC on Ethereum Token contract 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 From ${ETH_ADDRESS}`,
    );
    expect(line(el, 'to')).to.equal(`To 1inch · The aggregator's contract ${ONEINCH_V6}`);
    expect(line(el, 'approval')).to.equal('Approval, signed first Allow 1inch to spend exactly 1,500 USDC.');
    expect(line(el, 'memo')).to.equal('');
    expect(line(el, 'fees')).to.equal(
      'Fees Network fee 0.0008 ETH Affiliate fee (sw) 0.0018 ETH Total in ETH 0.0026 ETH Affiliate sw · 0.3%',
    );
    expect(line(el, 'warnings')).to.equal(
      'This swap moves the price by more than 3%: you receive noticeably less than the market rate.',
    );
    expect(has(el, '[part="confirm-risk"]')).to.equal(false);
    await expect(el.parentElement).to.be.accessible();
  });

  it('an approval that is reset to zero first: said in the approval and as a warning (once: not again under the approval)', async () => {
    const el = await mount(aggregatorReset);
    expect(line(el, 'approval')).to.equal('Approvals, signed first Allow 1inch to spend exactly 1,500 USDT.');
    expect(line(el, 'warnings')).to.equal(
      "This token's allowance is first set to zero, then to the amount: you sign two approvals.",
    );
    expect(has(el, '[part="confirm-risk"]')).to.equal(false);
  });

  it('an approval to a spender other than the contract called names the spender alone', async () => {
    const spender = '0x' + '12'.repeat(20);
    const el = await mount({ ...aggregatorSwap, approval: { spender, amount: '1500', reset: false } });
    expect(line(el, 'approval')).to.equal(`Approval, signed first Allow ${spender} to spend exactly 1,500 USDC.`);
  });

  it('a Solana swap: the program, each instruction as given, the token received with its mint', async () => {
    const el = await mount(solanaSwap);
    expect(line(el, 'send')).to.equal(`You send 2.5 SOL on Solana From ${SOL_ADDRESS}`);
    expect(line(el, 'to')).to.equal(`To Jupiter · A Solana program ${JUPITER_V6}`);
    expect(line(el, 'receive')).to.equal(
      `You receive at least 373.244 USDC on Solana Expected 375.12 USDC Token contract EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v Recipient ${SOL_ADDRESS}`,
    );
    expect(line(el, 'instructions')).to.equal(`Instructions ${JUPITER_V6} Swaps the amount sent`);
    expect(line(el, 'fees')).to.equal(
      'Fees Network fee 0.000005 SOL Network fee 0.000012 SOL Affiliate fee (sw) 0.9378 USDC Total in SOL 0.000017 SOL Affiliate sw · 0.25%',
    );
    expect(has(el, '[data-line="memo"]')).to.equal(false);
    await expect(el.parentElement).to.be.accessible();
  });

  it('instructions the review does not put in words are shown as given, each under its program', async () => {
    const el = await mount(solanaInstructions);
    const items = deepQueryAll(el, '[data-line="instructions"] li').map(read);
    expect(items).to.deep.equal([
      'ComputeBudget111111111111111111111111111111 SetComputeUnitLimit 240000',
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL CreateIdempotent',
      '11111111111111111111111111111111 Transfer',
      `${JUPITER_V6} Swaps the amount sent`,
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA CloseAccount',
    ]);
  });

  it("a Cosmos MsgDeposit: the chain's own module, the message, the memo", async () => {
    const el = await mount(cosmosDeposit);
    expect(line(el, 'send')).to.equal(`You send 100 RUNE on THORChain From ${THOR_ADDRESS}`);
    expect(line(el, 'to')).to.equal(`To THORChain · The chain's own module ${THOR_MODULE}`);
    expect(line(el, 'instructions')).to.equal('Messages thorchain/MsgDeposit Deposits the amount sent, with the memo');
    expect(line(el, 'memo')).to.equal(
      `Memo =:b:${BTC_ADDRESS}:801900 Asset BTC.BTC Destination ${BTC_ADDRESS} Limit 0.008019 BTC`,
    );
    // One line per asset: no totals; no affiliate configured.
    expect(line(el, 'fees')).to.equal('Fees Network fee 0.02 RUNE Outbound fee 0.00002 BTC');
    await expect(el.parentElement).to.be.accessible();
  });

  it('a deposit channel: the address opened for this swap, why it cannot be verified, and Confirm only once that is accepted', async () => {
    const el = await mount(depositChannel);
    expect(line(el, 'to')).to.equal(`To Chainflip · A deposit address opened for this swap ${CHANNEL_ADDRESS}`);
    expect(has(el, '[data-line="memo"]')).to.equal(false);
    expect(line(el, 'warnings')).to.equal(
      "This deposit address was opened by the service for this swap: Chainflip publishes no list to check it against. If it is not Chainflip's, what you send there is lost.",
    );
    expect(text(deepQuery(el, 'label.confirm-risk'))).to.equal(
      `I understand that ${CHANNEL_ADDRESS} could not be verified, and that what I send is lost if it is not Chainflip's.`,
    );
    expect(confirmButton(el).disabled).to.equal(true);
    await expect(el.parentElement).to.be.accessible();
    await tick(el);
    expect(confirmButton(el).disabled).to.equal(false);
  });

  describe('the box that confirms a risk', () => {
    const extreme: Review = {
      ...memoRoute,
      receive: { ...memoRoute.receive, minimum: '1.92' },
      warnings: ['slippage-high', 'slippage-extreme'],
    };

    it('a deposit channel no list publishes: the sentence names the protocol (the To line gives the address), the box to tick names the address; Confirm disabled until ticked, enabled after, disabled again when unticked', async () => {
      const el = await mount(depositChannel);
      expect(line(el, 'warnings')).to.equal(
        `This deposit address was opened by the service for this swap: Chainflip publishes no list to check it against. If it is not Chainflip's, what you send there is lost.`,
      );
      expect(line(el, 'to')).to.contain(CHANNEL_ADDRESS);
      expect(deepQuery(el, 'label.confirm-risk')!.textContent).to.contain(CHANNEL_ADDRESS);
      const seen = events(el, 'review-confirm');
      expect(confirmButton(el).disabled).to.equal(true);
      confirmButton(el).click();
      expect(seen).to.have.length(0);
      await tick(el);
      expect(confirmButton(el).disabled).to.equal(false);
      confirmButton(el).click();
      expect(seen).to.have.length(1);
      await tick(el);
      expect(confirmButton(el).disabled).to.equal(true);
    });

    it('a price impact of 10 % or more: said, and confirmed by ticking', async () => {
      const el = await mount({ ...memoRoute, warnings: ['price-impact-extreme'] });
      expect(line(el, 'warnings')).to.equal(
        'This swap moves the price by 10% or more: you receive much less than the market rate. Confirm below that you accept it.',
      );
      expect(text(deepQuery(el, 'label.confirm-risk'))).to.equal(
        'I accept that this swap moves the price by 10% or more.',
      );
      expect(confirmButton(el).disabled).to.equal(true);
      await tick(el);
      expect(confirmButton(el).disabled).to.equal(false);
    });

    it('a slippage of 20 % or more: how much less may arrive, confirmed by ticking', async () => {
      const el = await mount(extreme);
      const warnings = deepQueryAll(el, '.warning').map(text);
      expect(warnings).to.deep.equal([
        'Your slippage is above 5%: up to 0.48 ETH less than expected may arrive.',
        'Your slippage is 20% or more: up to 0.48 ETH less than expected may arrive. Confirm below that you accept it.',
      ]);
      expect(text(deepQuery(el, 'label.confirm-risk'))).to.equal(
        'I accept that up to 0.48 ETH less than expected may arrive.',
      );
      expect(confirmButton(el).disabled).to.equal(true);
      await tick(el);
      expect(confirmButton(el).disabled).to.equal(false);
    });

    it('both risks: one box whose label covers each', async () => {
      const el = await mount({
        ...depositChannel,
        receive: { ...depositChannel.receive, minimum: '0.71' },
        warnings: ['deposit-address-unverified', 'slippage-extreme'],
      });
      expect(deepQueryAll(el, '[part="confirm-risk"]')).to.have.length(1);
      expect(text(deepQuery(el, 'label.confirm-risk'))).to.equal(
        `I understand that ${CHANNEL_ADDRESS} could not be verified, and that what I send is lost if it is not Chainflip's. I accept that up to 0.48 ETH less than expected may arrive.`,
      );
      await expect(el.parentElement).to.be.accessible();
    });

    it('no box without a risk to confirm (none, a high slippage, a price impact, a reset approval)', async () => {
      for (const warnings of [[], ['slippage-high'], ['price-impact'], ['approval-reset']] as Review['warnings'][]) {
        const el = await mount({ ...memoRoute, warnings });
        expect(has(el, '[part="confirm-risk"]'), warnings.join()).to.equal(false);
        expect(confirmButton(el).disabled, warnings.join()).to.equal(false);
      }
    });

    it('a new review starts unticked', async () => {
      const el = await mount(depositChannel);
      await tick(el);
      expect(confirmButton(el).disabled).to.equal(false);
      el.review = { ...depositChannel };
      await el.updateComplete;
      expect(riskBox(el)!.checked).to.equal(false);
      expect(confirmButton(el).disabled).to.equal(true);
    });
  });

  it("Confirm and Cancel: internal events that bubble and stay inside the root's shadow tree", async () => {
    const el = await mount(memoRoute);
    const outer = el.parentElement!;
    const confirmed = events(outer, 'review-confirm');
    const cancelled = events(outer, 'review-cancel');
    confirmButton(el).click();
    expect(confirmed).to.have.length(1);
    expect(confirmed[0]).to.be.instanceOf(ReviewConfirmEvent);
    expect([confirmed[0]!.bubbles, confirmed[0]!.composed]).to.deep.equal([true, false]);
    expect(text(cancelButton(el))).to.equal('Cancel');
    cancelButton(el).click();
    expect(cancelled).to.have.length(1);
    expect(cancelled[0]).to.be.instanceOf(ReviewCancelEvent);
    expect([cancelled[0]!.bubbles, cancelled[0]!.composed]).to.deep.equal([true, false]);
    expect(confirmed).to.have.length(1);
  });

  it('Escape closes the review as Cancel does, from the heading or a button, and confirms nothing', async () => {
    const el = await mount(memoRoute);
    const outer = el.parentElement!;
    const cancelled = events(outer, 'review-cancel');
    const confirmed = events(outer, 'review-confirm');
    await el.focusHeading();
    await sendKeys({ press: 'Escape' });
    expect(cancelled).to.have.length(1);
    confirmButton(el).focus();
    await sendKeys({ press: 'Escape' });
    expect(cancelled).to.have.length(2);
    expect(confirmed).to.have.length(0);
  });

  describe('on a phone (360 x 740)', () => {
    const style = document.createElement('style');
    before(async () => {
      style.textContent = `body { margin: 0 } ${frameStyles()}`;
      document.head.append(style);
      await setViewport({ width: 360, height: 740 });
    });
    after(async () => {
      style.remove();
      await setViewport({ width: 800, height: 600 });
    });

    /** The review as the widget shows it on a phone, edge to edge: in the root's box, with its styles. */
    const onPhone = (review: Review) =>
      fixture<HTMLElement>(html`<div class="frame" theme="light">
        <div class="widget" lang="en">
          <swap-review locale="en" .review=${review} .consent=${consentFor(review)} .now=${NOW}></swap-review>
        </div>
      </div>`).then(async (wrap) => {
        const el = wrap.querySelector('swap-review')!;
        await el.updateComplete;
        return el;
      });

    it('Confirm shows without scrolling in every family, the details folded under a line that names them', async () => {
      for (const [family, review] of Object.entries(REVIEWS)) {
        fixtureCleanup();
        const el = await onPhone(review);
        const details = deepQuery<HTMLDetailsElement>(el, 'details.details');
        expect(details?.open, family).to.equal(false);
        expect(confirmButton(el).getBoundingClientRect().bottom, family).to.be.at.most(740);
        // The warnings and the box to tick stay in view, unfolded.
        for (const w of deepQueryAll(el, '.warning, [part="confirm-risk"]'))
          expect(w.getBoundingClientRect().bottom, `${family}: ${w.textContent}`).to.be.at.most(740);
      }
    });

    it('the folded line names what it holds; a press opens it', async () => {
      const el = await onPhone(memoRoute);
      const summary = deepQuery<HTMLElement>(el, 'details.details > summary')!;
      expect(text(summary)).to.equal('Memo · Fees');
      expect(line(el, 'fees')).to.equal('');
      summary.click();
      await el.updateComplete;
      expect(line(el, 'fees')).to.contain('Network fee 0.00001 BTC');
      const solana = await onPhone(solanaSwap);
      expect(text(deepQuery(solana, 'details.details > summary'))).to.equal('Instructions · Fees');
    });

    it('on a wide screen the details are open', async () => {
      await setViewport({ width: 800, height: 600 });
      const el = await onPhone(memoRoute);
      expect(deepQuery<HTMLDetailsElement>(el, 'details.details')!.open).to.equal(true);
      await setViewport({ width: 360, height: 740 });
    });
  });

  it('counts down from now, and once past says it expired and cannot be confirmed (Cancel still works)', async () => {
    const expiry = Date.parse(memoRoute.expiresAt);
    const el = await mount(memoRoute, { now: expiry - 60_001 });
    expect(line(el, 'expiry')).to.equal('1:01 left');
    el.now = expiry - 1_000;
    await el.updateComplete;
    expect(line(el, 'expiry')).to.equal('0:01 left');
    // The last millisecond before the expiry still counts (a second is left, rounded up); the expiry itself does not.
    el.now = expiry - 1;
    await el.updateComplete;
    expect(line(el, 'expiry')).to.equal('0:01 left');
    expect(confirmButton(el).disabled).to.equal(false);
    el.now = expiry;
    await el.updateComplete;
    expect(line(el, 'expiry')).to.equal('Expired');
    expect(confirmButton(el).disabled).to.equal(true);
    const seen = events(el, 'review-confirm');
    confirmButton(el).click();
    expect(seen).to.have.length(0);
    const cancelled = events(el, 'review-cancel');
    cancelButton(el).click();
    expect(cancelled).to.have.length(1);
  });

  it('an expiry that does not read counts as past', async () => {
    const el = await mount({ ...memoRoute, expiresAt: 'soon' });
    expect(line(el, 'expiry')).to.equal('Expired');
    expect(confirmButton(el).disabled).to.equal(true);
  });

  it('focusHeading() moves focus to the heading, which is not in the tab order', async () => {
    const el = await mount(memoRoute);
    await el.focusHeading();
    const heading = deepQuery(el, 'h2')!;
    expect(deepActiveElement()).to.equal(heading);
    expect(heading.getAttribute('tabindex')).to.equal('-1');
    expect(deepQuery(el, '[part="review"]')!.getAttribute('aria-labelledby')).to.equal(heading.id);
  });

  it('shows amounts to six significant digits, grouped for the locale, every digit in their title and for screen readers', async () => {
    const el = await mount({
      ...routerDeposit,
      from: { ...routerDeposit.from, amount: '1234.123456789012345678' },
      receive: { ...routerDeposit.receive, minimum: '0.000012345678912345', expected: '0.0000124999999' },
      fees: [{ type: 'network', asset: 'ETH.ETH', amount: '0.000420000000000001' }],
    });
    const send = deepQuery(el, '[data-line="send"] .amount bdi')!;
    expect(read(send.querySelector('[aria-hidden="true"]') as HTMLElement)).to.equal('1,234.12 ETH');
    expect(send.getAttribute('title')).to.equal('1,234.123456789012345678 ETH');
    expect(send.querySelector('.visually-hidden')!.textContent).to.equal('1,234.123456789012345678 ETH');
    const minimum = deepQuery(el, '[data-line="receive"] .amount bdi')!;
    expect(read(minimum.querySelector('[aria-hidden="true"]') as HTMLElement)).to.equal('0.0000123456 BTC');
    expect(line(el, 'receive')).to.contain('Expected 0.0000124999 BTC');
    expect(deepQuery(el, '[data-line="fees"] dd bdi')!.getAttribute('title')).to.equal('0.000420000000000001 ETH');
    // Short amounts are shown as they are, with no title.
    const short = await mount(routerDeposit);
    expect(deepQuery(short, '[data-line="send"] .amount bdi')!.hasAttribute('title')).to.equal(false);
    expect(line(short, 'send')).to.contain('You send 1.5 ETH');
  });

  it('an approval is shown exactly, every digit: it is what is signed', async () => {
    const el = await mount({
      ...aggregatorSwap,
      from: { ...aggregatorSwap.from, amount: '1500.123456789' },
      approval: { ...aggregatorSwap.approval!, amount: '1500.123456789' },
    });
    expect(line(el, 'approval')).to.contain('spend exactly 1,500.123456789 USDC');
  });

  it('fits 320 px: nothing wider than the box, in any family', async () => {
    for (const [family, review] of Object.entries(REVIEWS)) {
      const el = await mount({ ...review, warnings: [...review.warnings, 'slippage-extreme'] }, { width: '320px' });
      const box = deepQuery(el, '[part="review"]')!;
      expect(box.scrollWidth, family).to.be.at.most(box.clientWidth);
      expect(el.getBoundingClientRect().width, family).to.be.at.most(320);
    }
  });

  describe('in a right-to-left language (ar)', () => {
    /** The x positions of a text node's characters go left to right on each line. */
    function readsLeftToRight(node: Node): boolean {
      const t = node.textContent ?? '';
      const range = document.createRange();
      let previous: DOMRect | undefined;
      for (let i = 0; i < t.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (previous && Math.abs(previous.top - rect.top) < 2 && rect.left < previous.left) return false;
        previous = rect;
      }
      return true;
    }
    const firstText = (el: Element) =>
      document
        .createTreeWalker(el, NodeFilter.SHOW_TEXT, {
          acceptNode: (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
        })
        .nextNode()!;

    function expectIsolatedLtr(el: Element | null, what: string) {
      expect(el, what).to.not.equal(null);
      const style = getComputedStyle(el!);
      expect(style.direction, `${what}: direction`).to.equal('ltr');
      expect(style.unicodeBidi, `${what}: isolation`).to.match(/isolate/);
      expect(readsLeftToRight(firstText(el!)), `${what} is reordered`).to.equal(true);
    }

    it('lays the review out right to left, and every address, memo and amount with its symbol left to right, isolated', async () => {
      const el = await mount(
        // Two risks whose sentences carry machine text: an address, an amount.
        { ...routerDeposit, warnings: ['deposit-address-unverified', 'slippage-extreme'] },
        { locale: 'ar', dir: 'rtl' },
      );
      expect(getComputedStyle(deepQuery(el, '[part="review"]')!).direction).to.equal('rtl');
      expectIsolatedLtr(deepQuery(el, '[data-line="send"] .amount bdi'), 'amount sent');
      expectIsolatedLtr(deepQuery(el, '[data-line="send"] .address bdi'), 'source address');
      expectIsolatedLtr(deepQuery(el, '[data-line="to"] .address bdi'), 'router');
      expectIsolatedLtr(deepQuery(el, '[data-line="receive"] .amount bdi'), 'minimum');
      expectIsolatedLtr(deepQuery(el, '[data-line="receive"] .address bdi'), 'recipient');
      const memo = deepQuery(el, '.memo')!;
      expectIsolatedLtr(memo, 'memo');
      expect(memo.textContent).to.equal(routerDeposit.memo!.text);
      for (const dd of deepQueryAll(el, '[data-line="memo"] dd bdi, [data-line="fees"] dd bdi'))
        expectIsolatedLtr(dd, `detail ${dd.textContent}`);
      // Inside sentences, machine text is wrapped in isolates.
      const warnings = deepQueryAll(el, '.warning').map((w) => w.textContent!);
      expect(warnings[1]).to.match(/\u2066[^\u2069]+ BTC\u2069/);
      expect(deepQuery(el, 'label.confirm-risk')!.textContent).to.contain(`\u2066${THOR_ROUTER}\u2069`);
      await expect(el.parentElement).to.be.accessible();
    });
  });
});
