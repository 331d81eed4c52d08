/**
 * The token picker in the widget: it covers the widget's box, takes the host's theme tokens
 * whatever the system's colour scheme, narrows to a chain, lists popular tokens first, shows
 * balances, and answers the keyboard wherever the focus is in it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/index.js';
import type { Token } from '../../src/schemas/service.js';
import type { SwapTokenPicker } from '../../src/components/token-picker.js';
import { chainsConnected } from '../../src/domain/chains/chains.js';
import { indexTokens } from '../support/token-index.js';
import { backdrop, textContrast } from './contrast.js';
import { WidgetHarness } from './harness.js';
import { allowResizeObserverLoopNotice, scope, shadow, until } from './helpers.js';
import { deepActiveElement } from './shadow.js';

/** A host's dark brand: every colour token set, on a page whose system scheme is light. */
const DARK_BRAND =
  '--swap-bg: #0d1b2a; --swap-fg: #f1f5f9; --swap-muted: #9fb0c3; --swap-surface: #1b2b3c; --swap-border: #33475b; --swap-accent: #f59e0b; --swap-accent-fg: #111111; --swap-focus-ring: #fbbf24';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function widget(attrs = '', style = ''): Promise<WidgetHarness> {
  const wrap = await fixture<HTMLElement>(html`<div></div>`);
  wrap.setAttribute('style', style);
  wrap.innerHTML = `<swap-widget api-key="${scope('picker-fit')}" ${attrs}></swap-widget>`;
  const el = wrap.querySelector('swap-widget')!;
  await el.updateComplete;
  return new WidgetHarness(el);
}

async function open(h: WidgetHarness, side: 'sell' | 'buy' = 'sell'): Promise<SwapTokenPicker> {
  const p = await h.openPicker(side);
  await until(() => h.options(p).length > 0, 'no options');
  return p;
}

const $ = <E extends Element = HTMLElement>(p: SwapTokenPicker, selector: string) =>
  p.shadowRoot!.querySelector<E>(selector)!;
const $$ = <E extends Element = HTMLElement>(p: SwapTokenPicker, selector: string) => [
  ...p.shadowRoot!.querySelectorAll<E>(selector),
];
const text = (e: Element | null) => (e?.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim();
const count = (p: SwapTokenPicker) => Number(text($(p, '[role="status"]')).replace(/\D/g, ''));
const activeId = (p: SwapTokenPicker) => $(p, 'input').getAttribute('aria-activedescendant');

async function chooseChain(p: SwapTokenPicker, chain: string) {
  const select = $<HTMLSelectElement>(p, 'select');
  select.value = chain;
  select.dispatchEvent(new Event('change'));
  await p.updateComplete;
}

async function press(p: SwapTokenPicker, key: string) {
  await sendKeys({ press: key });
  await p.updateComplete;
}

describe('token picker in the widget', () => {
  before(allowResizeObserverLoopNotice);
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await setViewport({ width: 800, height: 600 });
  });

  it("covers the widget's box, with room for its list, and the form under it is inert until it closes", async () => {
    const h = await widget('', 'width: 400px');
    const p = await open(h);
    const outer = shadow(h.el).querySelector('.widget')!.getBoundingClientRect();
    const inner = $(p, '[part="picker"]').getBoundingClientRect();
    for (const side of ['left', 'top', 'right', 'bottom'] as const)
      expect(inner[side], side).to.be.closeTo(outer[side], 0.5);
    expect($(p, '.list').getBoundingClientRect().height).to.be.greaterThan(200);
    expect(h.inForm<HTMLFormElement>('form')!.inert).to.equal(true);
    $<HTMLButtonElement>(p, '.close').click();
    await until(() => !h.picker, 'still open');
    expect(h.inForm<HTMLFormElement>('form')!.inert).to.equal(false);
  });

  it('names each chain once, in its heading, and shows whole token names at 400 px', async () => {
    const h = await widget('', 'width: 400px');
    const p = await open(h);
    for (const query of ['', 'wrapped', 'staked', 'governance', 'bridge']) {
      const input = $<HTMLInputElement>(p, 'input');
      input.value = query;
      input.dispatchEvent(new InputEvent('input'));
      await p.updateComplete;
      await until(
        () => h.options(p).length > 0 && h.options(p).every((o) => text(o).toLowerCase().includes(query)),
        `no ${query}`,
      );
      for (const o of h.options(p)) {
        const name = o.querySelector('.name')!;
        expect(name.scrollWidth, text(name)).to.be.at.most(name.clientWidth);
        // The row's chain name is for screen readers (the heading above is aria-hidden).
        expect(o.querySelector('.chain-code')!.getBoundingClientRect().width, text(o)).to.be.at.most(1);
      }
      const headings = $$(p, '.chain').map(text);
      expect(new Set(headings).size, headings.join()).to.equal(headings.length);
    }
  });

  it('narrows the list to the chain picked in the filter, and back to all of them', async () => {
    const h = await widget();
    const p = await open(h);
    const values = [...$<HTMLSelectElement>(p, 'select').options].map((o) => o.value);
    expect(values.slice(0, 4)).to.deep.equal(['', 'BTC', 'ETH', 'SOL']);
    const total = count(p);
    await chooseChain(p, 'SOL');
    await until(
      () => h.options(p).every((o) => text(o.querySelector('.chain-code')) === 'Solana'),
      'other chains listed',
    );
    expect($$(p, '.chain').map(text)).to.deep.equal(['Solana']);
    expect(count(p)).to.be.greaterThan(0).and.lessThan(total);
    await chooseChain(p, '');
    await until(() => count(p) === total, 'not back to every chain');
  });

  it('offers in the filter only the chains the buy side can reach', async () => {
    const h = await widget('sell-asset="DOT.DOT"');
    const p = await open(h, 'buy');
    const chains = [...$<HTMLSelectElement>(p, 'select').options].map((o) => o.value).slice(1);
    expect(chains).to.include('BTC').and.not.include('LTC');
    for (const c of chains) expect(chainsConnected('DOT', c), c).to.equal(true);
  });

  it("lists each chain's native asset and well-known tokens first, then the others by symbol", async () => {
    const h = await widget();
    const p = await open(h);
    await chooseChain(p, 'ETH');
    await until(() => text(h.options(p)[0]!.querySelector('.symbol')) === 'ETH', 'ETH not first');
    const symbols = h.options(p).map((o) => text(o.querySelector('.symbol')));
    expect(symbols.slice(0, 6)).to.deep.equal(['ETH', 'USDC', 'USDT', 'WBTC', 'DAI', 'WETH']);
    const rest = symbols.slice(6);
    expect(rest).to.deep.equal([...rest].sort((a, b) => (a.toUpperCase() < b.toUpperCase() ? -1 : 1)));
  });

  it('picks with ArrowDown then Enter from the search field, and gives the focus back to the asset button', async () => {
    const h = await widget();
    const p = await open(h);
    const input = $<HTMLInputElement>(p, 'input');
    expect(deepActiveElement()).to.equal(input);
    await sendKeys({ type: 'usdc' });
    await until(() => count(p) > 1 && h.options(p).every((o) => /USDC/.test(text(o))), 'USDC only');
    expect(activeId(p)).to.equal('opt-0');
    await press(p, 'ArrowDown');
    expect(activeId(p)).to.equal('opt-1');
    const second = text($(p, '#opt-1 .chain-code'));
    await press(p, 'Enter');
    await until(() => !h.picker, 'still open');
    expect(text(h.assetButton('sell')))
      .to.contain('USDC')
      .and.contain(second);
    await until(() => deepActiveElement() === h.assetButton('sell'), 'focus not on the sell button');
  });

  it('closes on Escape from the search field and from the list, the focus back on the asset button', async () => {
    const h = await widget('sell-asset="BTC.BTC"');
    for (const from of ['search', 'list']) {
      const p = await open(h);
      if (from === 'list') $(p, '.list').focus();
      await sendKeys({ press: 'Escape' });
      await until(() => !h.picker, `still open (${from})`);
      await until(() => deepActiveElement() === h.assetButton('sell'), `focus not on the sell button (${from})`);
      expect(text(h.assetButton('sell'))).to.contain('BTC');
    }
  });

  it('moves with the arrows, Home and End in the list too, picks with Enter there, and keeps Tab inside', async () => {
    const h = await widget();
    const p = await open(h);
    await press(p, 'Tab');
    expect(deepActiveElement()).to.equal($(p, 'select'));
    await press(p, 'Tab');
    const list = $(p, '.list');
    expect(deepActiveElement()).to.equal(list);
    await press(p, 'ArrowDown');
    await press(p, 'ArrowDown');
    expect(list.getAttribute('aria-activedescendant')).to.equal('opt-2');
    await press(p, 'End');
    expect(list.getAttribute('aria-activedescendant')).to.equal(`opt-${count(p) - 1}`);
    await until(() => $(p, `#opt-${count(p) - 1}`), 'the last option is not drawn');
    await press(p, 'Home');
    expect(list.getAttribute('aria-activedescendant')).to.equal('opt-0');
    // Round from the list to Close, and back.
    await press(p, 'Tab');
    expect(deepActiveElement()).to.equal($(p, '.close'));
    await sendKeys({ down: 'Shift' });
    await press(p, 'Tab');
    await sendKeys({ up: 'Shift' });
    expect(deepActiveElement()).to.equal(list);
    await press(p, 'ArrowDown');
    const symbol = text($(p, '#opt-1 .symbol'));
    await press(p, 'Enter');
    await until(() => !h.picker, 'still open');
    expect(text(h.assetButton('sell'))).to.contain(symbol);
  });

  it('Home and End move to the ends from an empty search field, and edit a typed query', async () => {
    const h = await widget();
    const p = await open(h);
    await press(p, 'End');
    expect(activeId(p)).to.equal(`opt-${count(p) - 1}`);
    await press(p, 'Home');
    expect(activeId(p)).to.equal('opt-0');
    await sendKeys({ type: 'usd' });
    await until(() => count(p) > 2 && h.options(p).every((o) => /usd/i.test(text(o))), 'no USD tokens');
    await press(p, 'ArrowDown');
    await press(p, 'Home');
    expect(activeId(p)).to.equal('opt-1');
    expect($<HTMLInputElement>(p, 'input').selectionStart).to.equal(0);
  });

  it('takes a dark brand on a light system: every text of the picker at 4.5:1 at least, and axe finds nothing', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const h = await widget('', `${DARK_BRAND}; background: #0d1b2a`);
    const p = await open(h);
    expect(backdrop($(p, 'h2'))).to.equal('rgb(13, 27, 42)');
    const input = $(p, 'input');
    const texts = {
      title: $(p, 'h2'),
      close: $(p, '.close'),
      search: input,
      symbol: $(p, '.symbol'),
      name: $(p, '.name'),
      heading: $(p, '.chain'),
      count: $(p, '.count'),
      chains: $(p, 'select'),
    };
    for (const [what, el] of Object.entries(texts)) expect(textContrast(el), what).to.be.at.least(4.5);
    expect(textContrast(input, '::placeholder'), 'placeholder').to.be.at.least(4.5);
    await expect(h.el).to.be.accessible();
  });

  it('draws the search placeholder at 4.5:1 at least, light and dark, and axe finds nothing with the picker open', async () => {
    for (const theme of ['light', 'dark']) {
      const h = await widget(`theme="${theme}"`);
      const p = await open(h);
      expect(textContrast($(p, 'input'), '::placeholder'), theme).to.be.at.least(4.5);
      await expect(h.el).to.be.accessible();
      // The next widget in this one's place: a list out of the viewport draws no rows.
      h.el.parentElement!.remove();
    }
  });

  it('fits a 320 px screen: no sideways scroll, the placeholder whole', async () => {
    await setViewport({ width: 320, height: 640 });
    const h = await widget();
    const p = await open(h);
    expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
    const box = $(p, '[part="picker"]').getBoundingClientRect();
    for (const e of $$(p, '[part="picker"] *')) {
      const r = e.getBoundingClientRect();
      if (r.width) expect(r.right, e.className || e.tagName).to.be.at.most(box.right + 0.5);
    }
    const list = $(p, '.list');
    expect(list.scrollWidth).to.be.at.most(list.clientWidth);
    const input = $<HTMLInputElement>(p, 'input');
    const font = getComputedStyle(input, '::placeholder');
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${font.fontWeight} ${font.fontSize} ${font.fontFamily}`;
    const style = getComputedStyle(input);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    expect(ctx.measureText(input.placeholder).width).to.be.at.most(room);
  });
});

describe('token picker balances', () => {
  const TOKENS: Token[] = [
    { asset: 'BTC.BTC', chain: 'BTC', symbol: 'BTC', name: 'Bitcoin', decimals: 8, providers: [] },
    { asset: 'ETH.ETH', chain: 'ETH', symbol: 'ETH', name: 'Ether', decimals: 18, providers: [] },
    { asset: USDC, chain: 'ETH', symbol: 'USDC', name: 'USD Coin', decimals: 6, providers: [] },
  ];
  const balance = (p: SwapTokenPicker, symbol: string) => {
    const row = $$(p, '[role="option"]').find((o) => text(o.querySelector('.symbol')) === symbol)!;
    return row.querySelector('.balance') ? text(row.querySelector('.balance')) : undefined;
  };

  it('shows the balances it is given on their rows (any case of the identifier), and ignores what is not a decimal', async () => {
    const balances = { 'ETH.ETH': '1.5', [USDC.toLowerCase()]: '1234.5', 'BTC.BTC': 'lots' };
    const p = await fixture<SwapTokenPicker>(
      html`<swap-token-picker locale="en" .index=${indexTokens(TOKENS)} .balances=${balances} heading="Pick"></swap-token-picker>`,
    );
    await until(() => $$(p, '[role="option"]').length === 3, 'options');
    expect([balance(p, 'BTC'), balance(p, 'ETH'), balance(p, 'USDC')]).to.deep.equal([undefined, '1.5', '1,234.5']);
    for (const bad of [null, 'ETH.ETH=1', 42]) {
      p.balances = bad as unknown as Record<string, string>;
      await p.updateComplete;
      expect(balance(p, 'ETH'), String(bad)).to.equal(undefined);
    }
  });
});

describe('token picker chain filter', () => {
  it('goes back to every chain when the chain it was narrowed to is no longer on offer', async () => {
    const tokens: Token[] = [
      { asset: 'BTC.BTC', chain: 'BTC', symbol: 'BTC', name: 'Bitcoin', decimals: 8, providers: [] },
      { asset: 'ETH.ETH', chain: 'ETH', symbol: 'ETH', name: 'Ether', decimals: 18, providers: [] },
      { asset: 'SOL.SOL', chain: 'SOL', symbol: 'SOL', name: 'Solana', decimals: 9, providers: [] },
    ];
    const p = await fixture<SwapTokenPicker>(
      html`<swap-token-picker locale="en" .index=${indexTokens(tokens)} heading="Pick"></swap-token-picker>`,
    );
    await until(() => $$(p, '[role="option"]').length === 3, 'options');
    await chooseChain(p, 'ETH');
    await until(() => $$(p, '[role="option"]').length === 1, 'not narrowed to Ethereum');
    // Still on offer: the filter stays.
    p.allowed = new Set(['ETH.ETH', 'SOL.SOL']);
    await p.updateComplete;
    expect($<HTMLSelectElement>(p, 'select').value).to.equal('ETH');
    expect(count(p)).to.equal(1);
    // Gone: every chain on offer again, and the filter says so.
    p.allowed = new Set(['BTC.BTC', 'SOL.SOL']);
    await p.updateComplete;
    expect($<HTMLSelectElement>(p, 'select').value).to.equal('');
    expect([...$<HTMLSelectElement>(p, 'select').options].map((o) => o.value)).to.deep.equal(['', 'BTC', 'SOL']);
    expect(count(p)).to.equal(2);
  });
});
