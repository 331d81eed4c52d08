/**
 * The form's header and its settings (`<swap-settings>`, in `<swap-quote-form>`): the settings
 * control shows the slippage, opens the settings in place and closes them with Escape, giving
 * the focus back; what a slippage means is said as it is typed.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/define.js';
// The later file's components, defined as the widget's arrival defines them.
import '../../../src/define-rest.js';
import type { FormInputEvent, SwapQuoteForm } from '../../../src/components/quote-form.js';
import { EMPTY_DRAFT, checkDraft, type Draft } from '../../../src/domain/quotes/draft.js';
import { indexTokens } from '../../support/token-index.js';
import { allowResizeObserverLoopNotice, until } from '../helpers.js';
import { deepActiveElement, deepQuery, deepQueryAll } from '../shadow.js';
import { ETH_ADDRESS, TOKENS, text } from './fixtures.js';

const DRAFT: Draft = {
  ...EMPTY_DRAFT,
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  amount: '0.1',
  destinationAddress: ETH_ADDRESS,
};

/** The form as the root renders it: the problems follow the draft, as the root's check finds them. */
async function form(slippage = '1', expected?: string): Promise<SwapQuoteForm> {
  const draft = { ...DRAFT, slippage };
  return fixture<SwapQuoteForm>(
    html`<swap-quote-form locale="en" .draft=${draft} .problems=${checkDraft(draft)} .tokens=${indexTokens(TOKENS)} .expected=${expected}></swap-quote-form>`,
  );
}

/** Types a slippage as a user would, and lets the form follow as the root does. */
async function typeSlippage(el: SwapQuoteForm, value: string): Promise<void> {
  el.addEventListener(
    'form-input',
    (e) => {
      const draft = { ...el.draft, slippage: (e as FormInputEvent).value };
      Object.assign(el, { draft, problems: checkDraft(draft) });
    },
    { once: true },
  );
  const input = $<HTMLInputElement>(el, '#slippage');
  input.value = value;
  input.dispatchEvent(new InputEvent('input'));
  await el.updateComplete;
  await deepQuery<HTMLElement & { updateComplete: Promise<unknown> }>(el, 'swap-settings')!.updateComplete;
}

const $ = <E extends Element = HTMLElement>(el: SwapQuoteForm, selector: string) => deepQuery<E>(el, selector)!;
const button = (el: SwapQuoteForm) => $<HTMLButtonElement>(el, '[part="settings-button"]');
const panel = (el: SwapQuoteForm) => $(el, '#settings');
const note = (el: SwapQuoteForm) => text($(el, '#slippage-note'));

describe('<swap-settings>: the header and the slippage', () => {
  before(allowResizeObserverLoopNotice);

  it('a header with the title and the settings control, which shows the slippage and says it in its name', async () => {
    const el = await form('0.5');
    expect(text($(el, '.head h2'))).to.equal('Swap');
    expect(text(button(el))).to.equal('0.5%');
    expect(button(el).getAttribute('aria-label')).to.equal('Settings, slippage 0.5%');
    expect(button(el).getAttribute('aria-expanded')).to.equal('false');
    expect(panel(el).hidden).to.equal(true);
    // Above the form, not inside the addresses.
    expect($(el, 'details.settings').textContent).not.to.contain('Slippage');
    expect(text($(el, 'details.settings summary'))).to.equal('Addresses');
    await expect(el).to.be.accessible();
  });

  it('opens with the keyboard, focus in the settings; Escape closes them and gives the focus back', async () => {
    const el = await form();
    button(el).focus();
    await sendKeys({ press: 'Enter' });
    await until(() => !panel(el).hidden, 'Enter did not open the settings');
    expect(button(el).getAttribute('aria-expanded')).to.equal('true');
    await until(
      () => deepActiveElement() === $(el, '.preset[aria-pressed="true"]'),
      'the focus did not move to the chosen preset',
    );
    expect(deepQuery(el, '[part="slippage"]')).to.exist;
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Escape' });
    await until(() => panel(el).hidden, 'Escape did not close the settings');
    expect(deepActiveElement()).to.equal(button(el));
    expect(button(el).getAttribute('aria-expanded')).to.equal('false');
    // The control toggles them too.
    await sendKeys({ press: 'Enter' });
    await until(() => !panel(el).hidden, 'the control did not open them again');
    button(el).click();
    await until(() => panel(el).hidden, 'the control did not close them');
  });

  it('presets and a custom value, reported as typed', async () => {
    const el = await form();
    const seen: string[] = [];
    el.addEventListener('form-input', (e) =>
      seen.push(`${(e as FormInputEvent).field}=${(e as FormInputEvent).value}`),
    );
    expect(deepQueryAll(el, '.preset').map(text)).to.deep.equal(['0.5%', '1%', '3%']);
    deepQueryAll<HTMLButtonElement>(el, '.preset')[0]!.click();
    const input = $<HTMLInputElement>(el, '#slippage');
    input.value = ' 2,5 ';
    input.dispatchEvent(new InputEvent('input'));
    // As typed: the draft reads it in the widget's locale (a comma in English is refused there, never rewritten here).
    expect(seen).to.deep.equal(['slippage=0.5', 'slippage= 2,5 ']);
  });

  it('6 %: up to 6 % less may arrive, at least the minimum, which follows the slippage as it changes', async () => {
    const el = await form('1', '2.4');
    button(el).click();
    expect(note(el)).to.equal('');
    await typeSlippage(el, '6');
    expect(note(el)).to.equal('You may receive up to 6% less: at least 2.256 ETH.');
    expect(text(button(el))).to.equal('6%');
    expect(button(el).getAttribute('aria-label')).to.equal('Settings, slippage 6%');
    expect(button(el).classList.contains('warn')).to.equal(true);
    await typeSlippage(el, '7');
    expect(note(el)).to.equal('You may receive up to 7% less: at least 2.232 ETH.');
    // No route yet: how much, without an amount.
    el.expected = undefined;
    await el.updateComplete;
    await until(() => note(el) === 'You may receive up to 7% less than expected.', `the note says "${note(el)}"`);
    await expect(el).to.be.accessible();
  });

  it('5 % says nothing; 20 % says the review will ask to confirm it', async () => {
    const el = await form('5', '2.4');
    expect(note(el)).to.equal('');
    await typeSlippage(el, '20');
    expect(note(el)).to.equal(
      'You may receive up to 20% less: at least 1.92 ETH. You will be asked to confirm it before the swap.',
    );
  });

  it('0.05 %: the swap may fail; 0.1 % says nothing', async () => {
    const el = await form('0.05');
    expect(note(el)).to.equal('Below 0.1% the swap may fail if the price moves before it is done.');
    await typeSlippage(el, '0.1');
    expect(note(el)).to.equal('');
  });

  for (const [typed, reason] of [
    ['0', 'Below 0.01% no price move is allowed, so the swap would fail: enter at least 0.01%.'],
    ['100', 'At 100% or more nothing is sure to arrive: enter less than 100%.'],
    ['abc', 'Enter a slippage such as 0.5: digits and one decimal point.'],
  ] as const) {
    it(`${typed} is refused with its reason, and nothing else is said of it`, async () => {
      const el = await form(typed, '2.4');
      const input = $<HTMLInputElement>(el, '#slippage');
      expect(input.value).to.equal(typed);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(text($(el, '#slippage-error'))).to.equal(reason);
      expect($(el, '#slippage-error').getAttribute('role')).to.equal('alert');
      expect(note(el)).to.equal('');
      expect(button(el).classList.contains('danger')).to.equal(true);
    });
  }

  it('focusField("slippage") (the main button fixing it) opens the settings on the field', async () => {
    const el = await form('0');
    expect(panel(el).hidden).to.equal(true);
    await el.focusField('slippage');
    expect(panel(el).hidden).to.equal(false);
    expect(deepActiveElement()).to.equal($(el, '#slippage'));
  });
});
