import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
// The languages besides English, as a page adds them (see locale-loading.test.ts for a page without).
import '../../src/locales/es.js';
import '../../src/locales/zh-Hans.js';
import '../../src/locales/ar.js';
import '../../src/locales/fr.js';
import '../../src/locales/de.js';
import '../../src/locales/it.js';
import '../../src/locales/pt.js';
import '../../src/locales/pl.js';
import { targetLocales } from '../../src/locales/locale-codes.js';
import { resolveLocale } from '../../src/locales/localize.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { control, routeButtons, scope, shadow, until } from './helpers.js';
import { deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function legend(el: SwapWidget): string {
  return deepQuery(el, 'swap-quote-form', '.side legend')!.textContent!.trim();
}

describe('languages', () => {
  it("resolves tags to the widget's languages", () => {
    expect(resolveLocale('es-MX')).to.equal('es');
    expect(resolveLocale('zh-CN')).to.equal('zh-Hans');
    expect(resolveLocale('zh')).to.equal('zh-Hans');
    expect(resolveLocale('zh-TW')).to.equal('en');
    expect(resolveLocale('ar-EG')).to.equal('ar');
    expect(resolveLocale('fr-CA')).to.equal('fr');
    expect(resolveLocale('pt-BR')).to.equal('pt');
    expect(resolveLocale('pt-PT')).to.equal('pt');
    expect(resolveLocale('sw')).to.equal('en');
    expect(resolveLocale('not a tag')).to.equal('en');
    expect(resolveLocale(undefined)).to.equal('en');
  });

  it('speaks the browser language without a locale attribute, and each widget its own language side by side', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <swap-widget></swap-widget><swap-widget locale="es"></swap-widget><swap-widget locale="zh-CN"></swap-widget><swap-widget locale="ar"></swap-widget>
    </div>`);
    const [def, es, zh, ar] = [...wrap.querySelectorAll('swap-widget')] as SwapWidget[];
    await Promise.all([def, es, zh, ar].map((w) => w!.updateComplete));
    const expectedDefault = resolveLocale(navigator.language) === 'en' ? 'You sell' : undefined;
    if (expectedDefault) expect(legend(def!)).to.equal(expectedDefault);
    const texts = new Set([legend(def!), legend(es!), legend(zh!), legend(ar!)]);
    expect(texts.size, 'four languages, four texts').to.equal(4);
    expect(shadow(es!).querySelector('.widget')!.getAttribute('lang')).to.equal('es');
    expect(shadow(zh!).querySelector('.widget')!.getAttribute('lang')).to.equal('zh-Hans');
    expect(legend(zh!)).to.match(/[\u4e00-\u9fff]/);
    expect(legend(ar!)).to.match(/[\u0600-\u06ff]/);
  });

  it('speaks each loaded language in its own words, right to left only in Arabic', async () => {
    const langs = ['fr', 'de', 'it', 'pt', 'pl'].filter((l) => (targetLocales as readonly string[]).includes(l));
    const widgets = await Promise.all(
      langs.map((l) => fixture<SwapWidget>(html`<swap-widget locale=${l}></swap-widget>`)),
    );
    const legends = widgets.map(legend);
    expect(new Set([...legends, 'You sell']).size, legends.join(' | ')).to.equal(langs.length + 1);
    for (const [i, el] of widgets.entries()) {
      const box = shadow(el).querySelector('.widget')!;
      expect(box.getAttribute('lang')).to.equal(langs[i]);
      expect(box.getAttribute('dir')).to.equal('ltr');
    }
  });

  it('locale="auto": the first of the visitor\'s languages whose file is on the page, numbers in its tag', async () => {
    const form = (el: SwapWidget) =>
      shadow(el).querySelector('swap-quote-form') as HTMLElement & { updateComplete: Promise<boolean> };
    Object.defineProperty(navigator, 'languages', { value: ['sw', 'de-CH', 'fr', 'en'], configurable: true });
    try {
      const el = await fixture<SwapWidget>(
        html`<swap-widget locale="auto" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="1234.5"></swap-widget>`,
      );
      await form(el).updateComplete;
      // Swahili has no file: German, with Swiss German's decimal point (German writes a comma).
      expect(legend(el)).to.equal('Sie verkaufen');
      expect(shadow(el).querySelector('.widget')!.getAttribute('lang')).to.equal('de');
      expect((deepQuery(el, 'swap-quote-form', 'input#amount') as HTMLInputElement).value).to.equal('1234.5');

      // Another visitor, `auto` in capitals: Portuguese from Portugal speaks pt.
      Object.defineProperty(navigator, 'languages', { value: ['pt-PT', 'de'], configurable: true });
      el.locale = 'AUTO';
      await el.updateComplete;
      await form(el).updateComplete;
      expect(legend(el)).to.equal('Você vende');
      expect(shadow(el).querySelector('.widget')!.getAttribute('lang')).to.equal('pt');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
    }
  });

  it('lays Arabic out right to left', async () => {
    const el = await fixture<SwapWidget>(html`<swap-widget locale="ar"></swap-widget>`);
    const box = shadow(el).querySelector('.widget')!;
    expect(box.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(deepQuery(el, 'swap-quote-form', 'form')!).direction).to.equal('rtl');
  });

  it("keeps the service's own words (English) left to right in an Arabic widget, and the widget's own right to left", async function () {
    this.timeout(30_000);
    const key = scope('rtl-words');
    await control(key, { faults: [{ kind: '500', path: '/v1/quote', times: 10_000 }] });
    const el = await fixture<SwapWidget>(
      html`<swap-widget api-key=${key} locale="ar" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address=${ETH_ADDRESS}></swap-widget>`,
    );
    const words = () => shadow(el).querySelector<HTMLElement>('[part="error"] p');
    await until(() => !!words(), 'no problem box', 20_000);
    expect(words()!.textContent).to.match(/^[\x20-\x7e]+$/, "the service's own words, as it wrote them");
    expect(getComputedStyle(words()!).direction, 'its English laid out left to right').to.equal('ltr');
    const retry = shadow(el).querySelector<HTMLElement>('[part="error"] .retry')!;
    expect(getComputedStyle(retry).direction, "the widget's Arabic stays right to left").to.equal('rtl');

    // The widget's own words in the same box: Arabic, right to left.
    const down = await fixture<SwapWidget>(
      html`<swap-widget api-key=${scope('rtl-own')} api-url="http://127.0.0.1:9" locale="ar" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address=${ETH_ADDRESS}></swap-widget>`,
    );
    const own = () => shadow(down).querySelector<HTMLElement>('[part="error"] p');
    await until(() => !!own(), 'no problem box for a service that cannot be reached', 20_000);
    expect(own()!.textContent).to.match(/[\u0600-\u06ff]/, 'the widget says it in Arabic');
    expect(getComputedStyle(own()!).direction).to.equal('rtl');
  });

  it('formats amounts with Intl for the locale, without float rounding', async () => {
    const el = await fixture<SwapWidget>(
      html`<swap-widget api-key=${scope('fmt')} locale="es" sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" destination-address=${ETH_ADDRESS}></swap-widget>`,
    );
    const quotes: CustomEvent[] = [];
    el.addEventListener('swap-quote', (e) => quotes.push(e as CustomEvent));
    await until(() => routeButtons(el).length > 0 && quotes.length > 0, 'no routes');
    const button = routeButtons(el)[0]!;
    const route = quotes[0]!.detail.routes[Number(button.dataset.index)];
    const shown = button.querySelector('.expected bdi')!;
    // Spanish writes a decimal comma; the digits are the service's: cut for reading (never
    // rounded up), every one of them in the title.
    const [whole = '', frac = ''] = String(route.expectedBuyAmount).split('.');
    expect(shown.textContent).to.contain(`${whole},${frac.slice(0, 6 - whole.length).replace(/0+$/, '')}`);
    expect(shown.getAttribute('title') ?? shown.textContent).to.equal(`${whole},${frac} ETH`);
    // Decimal strings reach Intl as strings: 18 digits survive where a float would not.
    expect(
      new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format('0.123456789012345678' as unknown as number),
    ).to.equal('0.123456789012345678');
  });

  it('changes language at run time', async () => {
    const el = await fixture<SwapWidget>(html`<swap-widget locale="en"></swap-widget>`);
    const english = legend(el);
    el.locale = 'es';
    await el.updateComplete;
    await shadow(el).querySelector('swap-quote-form')!.updateComplete;
    expect(legend(el)).not.to.equal(english);
  });
});
