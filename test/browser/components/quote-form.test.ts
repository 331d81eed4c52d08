/**
 * `<swap-quote-form>` on its own: given a draft, problems, tokens and prices as the root
 * would pass them, it shows them as typed and reports edits and picks as internal events.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
// The picker is part of the later file: defined here as the widget's arrival defines it.
import '../../../src/define-rest.js';
import type { FormInputEvent, PickEvent, SwapQuoteForm } from '../../../src/components/quote-form.js';
import { EMPTY_DRAFT, checkDraft, type Draft, type FieldProblems } from '../../../src/domain/quotes/draft.js';
import { indexTokens } from '../../support/token-index.js';
import { allowResizeObserverLoopNotice, until } from '../helpers.js';
import { deepActiveElement, deepQuery, deepQueryAll } from '../shadow.js';
import { BTC_ADDRESS, ETH_ADDRESS, PRICES, TOKENS, USDC, text } from './fixtures.js';

const DRAFT: Draft = {
  ...EMPTY_DRAFT,
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  amount: '0.5',
  destinationAddress: ETH_ADDRESS,
};

async function form(
  draft: Draft = DRAFT,
  extra: { problems?: FieldProblems; expected?: string; lockAddresses?: boolean } = {},
): Promise<SwapQuoteForm> {
  return fixture<SwapQuoteForm>(html`<swap-quote-form
    locale="en"
    .draft=${draft}
    .problems=${extra.problems ?? checkDraft(draft, { symbol: 'BTC', decimals: 8 })}
    .tokens=${indexTokens(TOKENS)}
    .prices=${PRICES}
    .expected=${extra.expected}
    .reachableFrom=${() => new Set(['ETH.ETH', USDC.toUpperCase()])}
    ?lockAddresses=${extra.lockAddresses ?? false}
  ></swap-quote-form>`);
}

function events<T extends Event>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (e) => seen.push(e as T));
  return seen;
}

const $ = <E extends Element = HTMLElement>(el: SwapQuoteForm, selector: string) => deepQuery<E>(el, selector)!;

describe('<swap-quote-form>', () => {
  before(allowResizeObserverLoopNotice);

  it('shows the draft: assets with their chains, the amount as typed with its USD value, the expected amount with its USD value, not spoken on each quote', async () => {
    const el = await form(DRAFT, { expected: '12.3456789' });
    expect(text($(el, '.asset[data-side="sell"] .symbol'))).to.equal('BTC');
    expect(text($(el, '.asset[data-side="sell"] .chain'))).to.equal('Bitcoin');
    expect(text($(el, '.asset[data-side="buy"] .symbol'))).to.equal('ETH');
    expect($<HTMLInputElement>(el, '#amount').value).to.equal('0.5');
    expect(text($(el, '#amount-usd'))).to.equal('≈ $30,000.00');
    // Rounded for reading, every digit in its title and for screen readers; valued in USD; no live region speaking every quote.
    expect(text($(el, '.expected [aria-hidden="true"]'))).to.equal('12.3456');
    expect($(el, '.expected bdi').title).to.equal('12.3456789');
    expect(text($(el, '.expected .visually-hidden'))).to.equal('12.3456789');
    expect(text($(el, '.expected + .usd'))).to.equal('≈ $30,864.20');
    const buySide = $(el, '.expected').closest('fieldset')!;
    expect(buySide.querySelectorAll('output, [aria-live]').length, 'a live region would speak every quote').to.equal(0);
    expect($<HTMLInputElement>(el, '#destinationAddress').value).to.equal(ETH_ADDRESS);
    expect($(el, '.preset[aria-pressed="true"]').textContent).to.equal('1%');
    await expect(el).to.be.accessible();
  });

  it('without assets, offers to select them and shows no USD value', async () => {
    const el = await form(EMPTY_DRAFT);
    expect(deepQueryAll(el, '.asset .symbol').map(text)).to.deep.equal(['Select', 'Select']);
    expect(text($(el, '#amount-usd'))).to.equal('');
    expect(text($(el, '.expected'))).to.equal('');
    expect(text($(el, '.expected + .usd'))).to.equal('');
    await expect(el).to.be.accessible();
  });

  for (const typed of ['1e30', 'abc', '1'.repeat(31)]) {
    it(`keeps "${typed.length > 12 ? `${typed.length} digits` : typed}" as typed and marks it invalid with the reason`, async () => {
      const draft = { ...DRAFT, amount: typed };
      const el = await form(draft);
      const input = $<HTMLInputElement>(el, '#amount');
      expect(input.value).to.equal(typed);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      const error = $(el, '#amount-error');
      expect(error.getAttribute('role')).to.equal('alert');
      expect(text(error)).to.match(
        typed.length > 20 ? /more than 20 digits before the point/ : /Enter an amount such as 0\.25/,
      );
      expect(input.getAttribute('aria-describedby')).to.contain('amount-error');
      await expect(el).to.be.accessible();
    });
  }

  it('reports each edit as typed: amount and slippage on input, addresses on change, presets on click', async () => {
    const el = await form();
    const seen = events<FormInputEvent>(el, 'form-input');
    const amount = $<HTMLInputElement>(el, '#amount');
    amount.value = ' 0,25 ';
    amount.dispatchEvent(new InputEvent('input'));
    const slippage = $<HTMLInputElement>(el, '#slippage');
    slippage.value = ' 2,5';
    slippage.dispatchEvent(new InputEvent('input'));
    const to = $<HTMLInputElement>(el, '#destinationAddress');
    to.value = `  ${BTC_ADDRESS} `;
    to.dispatchEvent(new Event('change'));
    deepQueryAll<HTMLButtonElement>(el, '.preset')[2]!.click();
    expect(seen.map((e) => [e.field, e.value])).to.deep.equal([
      ['amount', ' 0,25 '],
      ['slippage', ' 2,5'],
      ['destinationAddress', BTC_ADDRESS],
      ['slippage', '3'],
    ]);
    // Internal: they do not leave the root's shadow tree.
    expect(seen.every((e) => !e.bubbles && !e.composed)).to.equal(true);
  });

  it('swaps the sides with the flip button', async () => {
    const el = await form();
    const picks = events<PickEvent>(el, 'pick');
    $<HTMLButtonElement>(el, '[part="flip-button"]').click();
    expect(picks.map((p) => p.side)).to.deep.equal(['flip']);
  });

  it('opens the token picker for a side, reports the pick and gives the focus back to that side', async () => {
    const el = await form();
    const picks = events<PickEvent>(el, 'pick');
    $<HTMLButtonElement>(el, '.asset[data-side="buy"]').click();
    await el.updateComplete;
    const picker = $(el, 'swap-token-picker') as HTMLElement & { updateComplete: Promise<unknown> };
    await picker.updateComplete;
    await until(() => deepQueryAll(el, 'swap-token-picker', '[role="option"]').length > 0, 'no options');
    // The buy side lists what the sell asset reaches.
    const options = deepQueryAll(el, 'swap-token-picker', '[role="option"]');
    expect(options.map(text).join(' '))
      .to.match(/USDC/)
      .and.not.to.match(/Solana/);
    await expect(el).to.be.accessible();
    const usdc = options.find((o) => /USDC/.test(text(o)))!;
    usdc.click();
    await until(() => picks.length === 1, 'no pick');
    expect([picks[0]!.side, picks[0]!.asset.toUpperCase()]).to.deep.equal(['buy', USDC.toUpperCase()]);
    await until(() => !deepQuery(el, 'swap-token-picker'), 'the picker stayed open');
    await until(
      () => deepActiveElement() === $(el, '.asset[data-side="buy"]'),
      'the focus did not come back to the buy button',
    );
  });

  it('opens the settings when a problem appears in one of their fields', async () => {
    const el = await form();
    const details = $<HTMLDetailsElement>(el, 'details.settings');
    expect(details.open).to.equal(false);
    // A Bitcoin address to receive ETH, as the root's check finds it.
    const problems = checkDraft({ ...DRAFT, destinationAddress: BTC_ADDRESS }, { symbol: 'BTC', decimals: 8 });
    expect(problems.destinationAddress).to.exist;
    el.problems = problems;
    await el.updateComplete;
    expect(details.open).to.equal(true);
    const input = $<HTMLInputElement>(el, '#destinationAddress');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(text($(el, '#destinationAddress-error'))).to.not.equal('');
    await expect(el).to.be.accessible();
  });

  it('locks the addresses when told to', async () => {
    const el = await form(DRAFT, { lockAddresses: true });
    expect(deepQueryAll<HTMLInputElement>(el, '[part="address"]').map((i) => i.readOnly)).to.deep.equal([true, true]);
  });
});
