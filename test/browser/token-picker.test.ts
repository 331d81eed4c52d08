import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import { SwapApiClient } from '../../src/api/client.js';
import type { Token } from '../../src/schemas/service.js';
import { indexTokens } from '../support/token-index.js';
import { chainsConnected } from '../../src/domain/chains/chains.js';
import type { SwapTokenPicker } from '../../src/components/token-picker.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { allowResizeObserverLoopNotice, control, scope, shadow, until } from './helpers.js';
import { deepActiveElement, deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function picker(el: SwapWidget): SwapTokenPicker | null {
  return deepQuery(el, 'swap-quote-form', 'swap-token-picker');
}

function options(p: SwapTokenPicker): HTMLElement[] {
  return [...p.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
}

function assetButton(el: SwapWidget, side: 'sell' | 'buy'): HTMLButtonElement {
  return deepQuery<HTMLButtonElement>(el, 'swap-quote-form', `.asset[data-side="${side}"]`)!;
}

function key(p: SwapTokenPicker, k: string) {
  p.shadowRoot!.querySelector('input')!.dispatchEvent(
    new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }),
  );
}

function search(p: SwapTokenPicker, text: string) {
  const input = p.shadowRoot!.querySelector('input')!;
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

async function open(el: SwapWidget, side: 'sell' | 'buy'): Promise<SwapTokenPicker> {
  assetButton(el, side).click();
  await el.updateComplete;
  await shadow(el).querySelector('swap-quote-form')!.updateComplete;
  const p = picker(el)!;
  await p.updateComplete;
  return p;
}

describe('token picker', () => {
  before(allowResizeObserverLoopNotice);

  it('lists the service tokens grouped by chain and picks one with the keyboard', async () => {
    const k = scope('picker');
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k}></swap-widget>`);
    const p = await open(el, 'sell');
    await until(() => options(p).length > 0, 'no options');
    expect(p.shadowRoot!.querySelectorAll('.chain').length).to.be.greaterThan(1);

    search(p, 'usdc arb');
    await p.updateComplete;
    await until(() => options(p).length > 0, 'no USDC on Arbitrum');
    for (const o of options(p)) expect(o.textContent).to.match(/USDC/);
    key(p, 'ArrowDown');
    key(p, 'ArrowUp');
    key(p, 'Enter');
    await until(() => picker(el) === null, 'picker still open');
    expect(assetButton(el, 'sell').textContent).to.contain('USDC');
    expect(assetButton(el, 'sell').textContent).to.contain('Arbitrum');
    // Focus returns to the button that opened it.
    await until(() => deepActiveElement() === assetButton(el, 'sell'), 'focus not returned');
  });

  it('searches by contract address and by chain name', async () => {
    const k = scope('picker-addr');
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k}></swap-widget>`);
    const p = await open(el, 'sell');
    await until(() => options(p).length > 0, 'no options');
    search(p, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'.toLowerCase());
    await until(() => options(p).length === 1, 'contract search did not find exactly one token');
    expect(options(p)[0]!.textContent).to.contain('USDC');
    search(p, 'bitcoin');
    await until(() => options(p).some((o) => o.textContent!.includes('BTC')), 'chain-name search');
  });

  it('closes on Escape without changing the choice', async () => {
    const k = scope('picker-esc');
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k} sell-asset="BTC.BTC"></swap-widget>`);
    const p = await open(el, 'sell');
    key(p, 'Escape');
    await until(() => picker(el) === null, 'still open');
    expect(assetButton(el, 'sell').textContent).to.contain('BTC');
  });

  it('offers on the buy side only what the sell asset can reach', async () => {
    const k = scope('picker-reach');
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k} sell-asset="DOT.DOT"></swap-widget>`);
    const p = await open(el, 'buy');
    await until(() => options(p).length > 0, 'no options');
    const client = new SwapApiClient({ apiKey: k });
    const { tokens } = await client.tokens();
    const byAsset = new Map(tokens.map((t) => [t.asset.toUpperCase(), t]));
    // Every offered token is on a chain DOT connects to (the path table: BTC SOL ETH ARB).
    search(p, '');
    await p.updateComplete;
    const offered = [...(p.allowed ?? [])];
    expect(offered.length).to.be.greaterThan(0);
    for (const a of offered) expect(chainsConnected('DOT', byAsset.get(a)!.chain), a).to.equal(true);
    search(p, 'LTC');
    await p.updateComplete;
    expect(options(p).filter((o) => /Litecoin/.test(o.textContent!))).to.have.length(0);
  });

  it('shows names as text and only https: or data: images', async () => {
    const tokens: Token[] = [
      {
        asset: 'ETH.EVIL-0x0000000000000000000000000000000000000001',
        chain: 'ETH',
        symbol: 'EVIL',
        name: '<img src=x onerror=alert(1)>',
        decimals: 18,
        providers: [],
        logoURI: 'javascript:alert(1)',
      },
      {
        asset: 'ETH.GOOD-0x0000000000000000000000000000000000000002',
        chain: 'ETH',
        symbol: 'GOOD',
        name: 'Good',
        decimals: 18,
        providers: [],
        logoURI: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
      },
      {
        asset: 'ETH.HTTP-0x0000000000000000000000000000000000000003',
        chain: 'ETH',
        symbol: 'HTTP',
        name: 'Plain',
        decimals: 18,
        providers: [],
        logoURI: 'http://example.com/x.png',
      },
    ];
    const p = await fixture<SwapTokenPicker>(
      html`<swap-token-picker .index=${indexTokens(tokens)} heading="Pick"></swap-token-picker>`,
    );
    await until(() => options(p).length === 3, 'options');
    const evil = options(p).find((o) => o.textContent!.includes('EVIL'))!;
    expect(evil.querySelector('img')).to.equal(null);
    expect(evil.textContent).to.contain('<img src=x onerror=alert(1)>');
    // A logo not shown before comes a frame after its row, which shows its monogram meanwhile.
    const good = () => options(p).find((o) => o.textContent!.includes('GOOD'))!;
    expect(good().querySelector('img')).to.equal(null);
    expect(good().querySelector('.monogram')!.textContent).to.equal('G');
    expect(good().querySelector('.name')!.textContent).to.equal('Good');
    expect(good().querySelector('.contract')!.textContent).to.equal('0x0000…0002');
    await until(() => good().querySelector('img'), 'the GOOD logo');
    expect(good().querySelector('img')!.getAttribute('src')).to.equal(tokens[1]!.logoURI);
    expect(good().querySelector('.monogram')).to.equal(null);
    expect(evil.querySelector('img')).to.equal(null);
    expect(
      options(p)
        .find((o) => o.textContent!.includes('HTTP'))!
        .querySelector('img'),
    ).to.equal(null);
    // Shown once, it comes at once when its row comes back.
    search(p, 'zzz');
    await p.updateComplete;
    await until(() => options(p).length === 0, 'no options');
    search(p, 'good');
    await p.updateComplete;
    await until(() => options(p).length === 1, 'the GOOD option');
    expect(good().querySelector('img')).to.exist;
  });

  it('shows the monogram of a token whose logo fails to load', async () => {
    const tokens: Token[] = [
      {
        asset: 'ETH.BAD-0x0000000000000000000000000000000000000005',
        chain: 'ETH',
        symbol: 'BAD',
        name: 'Broken logo',
        decimals: 18,
        providers: [],
        logoURI: 'data:image/png;base64,AAAA',
      },
    ];
    const p = await fixture<SwapTokenPicker>(
      html`<swap-token-picker .index=${indexTokens(tokens)} heading="Pick"></swap-token-picker>`,
    );
    const failed: string[] = [];
    p.shadowRoot!.addEventListener(
      'error',
      (e) => failed.push((e.target as HTMLImageElement).getAttribute('src') ?? ''),
      true,
    );
    await until(() => options(p).length === 1, 'options');
    // The logo is tried (a frame after the row), fails, and the monogram comes back for good.
    await until(() => failed.length > 0, 'the logo was not tried');
    expect(failed).to.deep.equal([tokens[0]!.logoURI]);
    await until(
      () => options(p)[0]!.querySelector('.monogram')?.textContent === 'B',
      'no monogram after the logo failed',
    );
    expect(options(p)[0]!.querySelector('img')).to.equal(null);
    search(p, 'bad');
    await p.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    expect(options(p)[0]!.querySelector('img')).to.equal(null);
  });

  it('stays usable with 10 000 tokens: a virtual list renders only what is on screen', async () => {
    const k = scope('picker-10k');
    await control(k, { extraTokens: 10_000 });
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k}></swap-widget>`);
    const p = await open(el, 'sell');
    await until(() => options(p).length > 0, 'no options', 15_000);
    expect(p.shadowRoot!.querySelector('[role="status"]')!.textContent).to.match(/10[\s,.\u202f]?\d{3} tokens/);
    expect(options(p).length).to.be.lessThan(200);
    // Keyboard reaches far down the list: the active option is rendered and in view.
    for (let i = 0; i < 30; i++) key(p, 'PageDown');
    await p.updateComplete;
    await until(() => !!p.shadowRoot!.querySelector('.option.active'), 'active option not rendered');
  });

  it('gives chain headings and tokens one height, so a row reused for the other kind keeps its size', async () => {
    const k = scope('picker-rows');
    const el = await fixture<SwapWidget>(html`<swap-widget api-key=${k}></swap-widget>`);
    const p = await open(el, 'sell');
    await until(() => options(p).length > 0, 'no options');
    const rows = () => [...p.shadowRoot!.querySelectorAll<HTMLElement>('#options > .chain, #options > .option')];
    const kinds = () => rows().map((r) => r.className.split(' ')[0]);
    const heights = () => new Set(rows().map((r) => r.getBoundingClientRect().height));
    const before = kinds();
    expect(before.filter((k) => k === 'chain').length).to.be.greaterThan(1);
    expect([...heights()]).to.have.length(1);
    const height = [...heights()][0];
    // Rows are reused by place: with this query, places that held a heading hold a token and
    // the other way round.
    search(p, 'usdc');
    await p.updateComplete;
    await until(() => options(p).length > 0 && options(p).every((o) => o.textContent!.includes('USDC')), 'USDC only');
    const after = kinds();
    expect(
      after.some((k, i) => before[i] !== undefined && k !== before[i]),
      `${before} / ${after}`,
    ).to.equal(true);
    expect([...heights()]).to.deep.equal([height]);
    // A host's larger font on the widget neither changes the rows nor clips their text.
    el.style.fontSize = '24px';
    await p.updateComplete;
    expect([...heights()]).to.deep.equal([height]);
    for (const s of p.shadowRoot!.querySelectorAll<HTMLElement>('.symbol'))
      expect(s.scrollHeight, s.textContent!).to.be.at.most(s.clientHeight);
  });

  it('passes axe', async () => {
    const k = scope('picker-axe');
    const el = await fixture<SwapWidget>(
      html`<swap-widget api-key=${k} sell-asset="BTC.BTC" destination-address=${ETH_ADDRESS}></swap-widget>`,
    );
    const p = await open(el, 'buy');
    await until(() => options(p).length > 0, 'no options');
    await expect(p).to.be.accessible();
  });
});
