/**
 * Numbers people read and type, through the whole widget against the reference service: the
 * amount field reads the widget's locale (a grouping separator is never a decimal point),
 * refuses what it cannot read with the reason and no USD value, and routes show amounts
 * rounded for reading with every digit in their title.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { LOCAL_NODES, record, requests, routeButtons, scope, until } from './helpers.js';
import { deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

async function widget(key: string, attrs: Record<string, string> = {}): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({
    ...LOCAL_NODES,
    'api-key': key,
    providers: 'PROTOCOL_A',
    'sell-asset': 'BTC.BTC',
    'buy-asset': 'ETH.ETH',
    'destination-address': ETH_ADDRESS,
    ...attrs,
  })) {
    el.setAttribute(k, v);
  }
  await fixture(html`<div style="width: 26rem">${el}</div>`);
  await el.updateComplete;
  return el;
}

const amountInput = (el: SwapWidget) => deepQuery<HTMLInputElement>(el, 'swap-quote-form', '#amount')!;
const usdLine = (el: SwapWidget) => deepQuery(el, 'swap-quote-form', '#amount-usd')!.textContent!.trim();
const amountError = (el: SwapWidget) => deepQuery(el, 'swap-quote-form', '#amount-error')!.textContent!.trim();

async function type(el: SwapWidget, text: string) {
  const input = amountInput(el);
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** The sell amounts the reference service was asked to quote with this key. */
async function quoted(key: string): Promise<unknown[]> {
  return (await requests(key, '/v1/quote')).map((r) => r.body?.sellAmount);
}

async function quotedAfterTyping(el: SwapWidget, key: string, text: string): Promise<unknown> {
  const quotes = record(el, 'swap-quote');
  await type(el, text);
  await until(() => quotes.length > 0, `no quote for ${text}`);
  return (await quoted(key)).at(-1);
}

describe('numbers people type and read', () => {
  it('English: 1,000 quotes one thousand, and the field keeps what was typed', async () => {
    const key = scope('num-en');
    const el = await widget(key, { locale: 'en' });
    const inputs = record(el, 'swap-input');
    expect(await quotedAfterTyping(el, key, '1,000')).to.equal('1000');
    expect(amountInput(el).value).to.equal('1,000');
    expect(amountInput(el).getAttribute('aria-invalid')).to.equal('false');
    // The host is told the number, not the text: setting it back is obeyed, and the field keeps what was typed.
    expect((inputs.at(-1) as CustomEvent).detail.sellAmount).to.equal('1000');
    expect(el.getAttribute('sell-amount')).to.equal('1000');
    await el.updateComplete;
    expect(amountInput(el).value).to.equal('1,000');
  });

  it('.5 and 5. are read as 0.5 and 5', async () => {
    const key = scope('num-dot');
    const el = await widget(key, { locale: 'en' });
    expect(await quotedAfterTyping(el, key, '.5')).to.equal('0.5');
    expect(await quotedAfterTyping(el, key, '5.')).to.equal('5');
    expect(amountInput(el).value).to.equal('5.');
  });

  it('Arabic: Arabic-Indic digits with the Arabic separators are read, and kept as typed', async () => {
    const key = scope('num-ar');
    const el = await widget(key, { locale: 'ar' });
    expect(await quotedAfterTyping(el, key, '١٬٠٠٠٫٥')).to.equal('1000.5');
    expect(amountInput(el).value).to.equal('١٬٠٠٠٫٥');
    // Left to right, the digits in the order typed.
    expect(getComputedStyle(amountInput(el)).direction).to.equal('ltr');
  });

  it('a grouping separator out of place is refused with its reason, with no USD value and no quote', async () => {
    const key = scope('num-refused');
    const el = await widget(key, { locale: 'en' });
    expect(await quotedAfterTyping(el, key, '2')).to.equal('2');
    await until(() => usdLine(el) !== '', 'no USD value for a readable amount');

    await type(el, '1,00');
    expect(amountInput(el).value).to.equal('1,00');
    expect(amountInput(el).getAttribute('aria-invalid')).to.equal('true');
    expect(amountError(el)).to.equal(
      'Here 1,000 is one thousand: write decimals as 0.25.'.replace(/(1,000|0\.25)/g, '\u2066$1\u2069'),
    );
    expect(usdLine(el)).to.equal('');
    // The reason takes its own row: the field keeps its width, what was typed stays in view.
    expect(amountInput(el).getBoundingClientRect().width).to.be.greaterThan(100);

    // An amount the asset refuses (9 decimals of BTC's 8) has no USD value either; 8 have one.
    await type(el, '0.123456789');
    expect(amountError(el)).to.match(/at most 8 decimals/);
    expect(usdLine(el)).to.equal('');
    expect(await quotedAfterTyping(el, key, '0.12345678')).to.equal('0.12345678');
    expect(usdLine(el)).to.match(/^≈ \$/);
    // Nothing of the refused texts was asked for: neither 1 nor 100 nor 0.123456789.
    expect(await quoted(key)).to.deep.equal(['2', '0.12345678']);
  });

  it('French: a dot that could group or be a point is refused as ambiguous, saying so', async () => {
    const key = scope('num-fr');
    const el = await widget(key, { locale: 'fr' });
    await type(el, '1.000');
    expect(amountError(el)).to.contain('could separate thousands or decimals');
    expect(usdLine(el)).to.equal('');
    expect(await quotedAfterTyping(el, key, '1\u202f000,5')).to.equal('1000.5');
  });

  it("Spanish: the host's sell-amount is shown as Spanish types it, and quoted as it was set", async () => {
    const key = scope('num-es');
    const quotes: Event[] = [];
    const el = document.createElement('swap-widget');
    el.addEventListener('swap-quote', (e) => quotes.push(e));
    for (const [k, v] of Object.entries({
      ...LOCAL_NODES,
      'api-key': key,
      providers: 'PROTOCOL_A',
      locale: 'es',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      slippage: '0.5',
      'destination-address': ETH_ADDRESS,
    })) {
      el.setAttribute(k, v);
    }
    await fixture(html`<div>${el}</div>`);
    await until(() => quotes.length > 0, 'no quote');
    expect(amountInput(el as SwapWidget).value).to.equal('0,1');
    expect(deepQuery<HTMLInputElement>(el, 'swap-quote-form', '#slippage')!.value).to.equal('0,5');
    const sent = await requests(key, '/v1/quote');
    expect(sent.map((r) => [r.body?.sellAmount, r.body?.slippage])).to.deep.equal([['0.1', 0.5]]);
  });

  it('a route amount is rounded for reading, with every digit in its title and for screen readers', async () => {
    const key = scope('num-route');
    const el = await widget(key, { locale: 'en' });
    const quotes = record(el, 'swap-quote');
    await type(el, '0.1');
    await until(() => quotes.length > 0 && routeButtons(el).length > 0, 'no routes');
    const button = routeButtons(el)[0]!;
    const expected = quotes[0]!.detail.routes[Number(button.dataset.index)]!.expectedBuyAmount;
    const [whole = '', frac = ''] = expected.split('.');
    // The service quotes ETH to more than six significant digits.
    expect(whole.length + frac.length, expected).to.be.greaterThan(6);
    const full = `${new Intl.NumberFormat('en', { maximumFractionDigits: 100 }).format(expected as unknown as number)} ETH`;
    const shown = button.querySelector('.expected bdi')!;
    expect(shown.getAttribute('title')).to.equal(full);
    expect(shown.querySelector('.visually-hidden')!.textContent).to.equal(full);
    const rounded = shown.querySelector('[aria-hidden="true"]')!.textContent!;
    expect(rounded).to.not.equal(full);
    expect(rounded.replace(/\D/g, '').length, rounded).to.equal(Math.max(6, whole.length));
    expect(full.replace(/,/g, '').startsWith(rounded.replace(/,/g, '').replace(' ETH', ''))).to.equal(true);
    await expect(el).to.be.accessible();
  });
});
