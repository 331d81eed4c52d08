import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { routeButtons, scope, shadow, until } from './helpers.js';
import { deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function background(el: SwapWidget): string {
  return getComputedStyle(shadow(el).querySelector('.widget')!).backgroundColor;
}

async function quoted(attrs: string): Promise<SwapWidget> {
  const wrap = await fixture<HTMLElement>(html`<div></div>`);
  wrap.innerHTML = `<swap-widget api-key="${scope('theme')}" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address="${ETH_ADDRESS}" ${attrs}></swap-widget>`;
  const el = wrap.querySelector('swap-widget')!;
  await until(() => routeButtons(el).length > 0, 'no routes');
  return el;
}

describe('theming', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('reads --swap-* custom properties set on any ancestor', async () => {
    const wrap =
      await fixture<HTMLElement>(html`<section style="--swap-bg: rgb(1, 2, 3); --swap-accent: rgb(200, 10, 20); --swap-radius: 3px">
      <div><swap-widget theme="light"></swap-widget></div>
    </section>`);
    const el = wrap.querySelector('swap-widget')!;
    await el.updateComplete;
    expect(background(el)).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(shadow(el).querySelector('.widget')!).borderTopLeftRadius).to.equal('3px');
  });

  it('follows theme="dark", theme="light" and, for auto, prefers-color-scheme', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <swap-widget theme="dark"></swap-widget><swap-widget theme="light"></swap-widget><swap-widget></swap-widget>
    </div>`);
    const [dark, light, auto] = [...wrap.querySelectorAll('swap-widget')] as SwapWidget[];
    await Promise.all([dark!.updateComplete, light!.updateComplete, auto!.updateComplete]);
    expect(background(dark!)).to.equal('rgb(21, 24, 30)');
    expect(background(light!)).to.equal('rgb(255, 255, 255)');
    expect(background(auto!)).to.equal('rgb(255, 255, 255)');
    await emulateMedia({ colorScheme: 'dark' });
    expect(background(auto!)).to.equal('rgb(21, 24, 30)');
    expect(background(light!)).to.equal('rgb(255, 255, 255)');
  });

  it('exposes stable parts, including route and swap-button, to ::part()', async () => {
    const style = document.createElement('style');
    style.textContent = `
      swap-widget::part(route) { outline: 3px solid rgb(9, 8, 7); }
      swap-widget::part(amount) { color: rgb(7, 8, 9); }
      swap-widget::part(swap-button) { color: rgb(1, 1, 1); }`;
    document.head.append(style);
    try {
      const el = await quoted('theme="light"');
      expect(getComputedStyle(routeButtons(el)[0]!).outlineColor).to.equal('rgb(9, 8, 7)');
      const amount = deepQuery(el, 'swap-quote-form', '[part="amount"]')!;
      expect(getComputedStyle(amount).color).to.equal('rgb(7, 8, 9)');
      routeButtons(el)[0]!.click();
      await el.updateComplete;
      expect(getComputedStyle(shadow(el).querySelector('[part="swap-button"]')!).color).to.equal('rgb(1, 1, 1)');
    } finally {
      style.remove();
    }
  });

  it('writes nothing into document.head and binds no inline style', async () => {
    const before = document.head.children.length;
    const el = await quoted('');
    expect(document.head.children.length).to.equal(before);
    const roots = [
      shadow(el),
      ...[...shadow(el).querySelectorAll('*')].flatMap((n) => (n.shadowRoot ? [n.shadowRoot] : [])),
    ];
    for (const root of roots) expect(root.querySelectorAll('[style]').length, 'an inline style attribute').to.equal(0);
  });

  it('passes axe, contrast included, in the dark theme and in the light one', async () => {
    for (const theme of ['dark', 'light']) {
      const el = await quoted(`theme="${theme}" affiliate="sw" affiliate-fee="20"`);
      routeButtons(el)[0]!.click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('drops its transitions when the user asks for reduced motion', async () => {
    const el = await quoted('');
    const button = routeButtons(el)[0]!;
    expect(getComputedStyle(button).transitionDuration).not.to.match(/^0s(, 0s)*$/);
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(button).transitionDuration).to.match(/^0s(, 0s)*$/);
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
