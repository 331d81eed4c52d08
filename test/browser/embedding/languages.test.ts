/**
 * The script-tag files as a page loads them (built by the browser tests' pretest): the core,
 * dist/swap-widget.js or its classic twin, carries English; each other language is
 * dist/locales/<locale>.js, a classic script that works beside either core, before it or after.
 */
import { expect } from '@open-wc/testing';
import type { SwapWidget } from '../../../src/swap-widget.js';
import { until } from '../helpers.js';

interface LanguagePage extends Window {
  swapWarnings: string[];
}

const opened: HTMLIFrameElement[] = [];

/** A same-origin page (srcdoc) with `head` and `body`; it records the widget's console warnings from the start. */
async function page(head: string, body: string): Promise<{ win: LanguagePage; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.style.width = '480px';
  frame.style.height = '720px';
  const recorder = `<script>window.swapWarnings = []; const warn = console.warn.bind(console);
    console.warn = (...a) => { if (String(a[0]).startsWith('swap-widget:')) swapWarnings.push(a.join(' ')); else warn(...a); };</script>`;
  frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8">${recorder}${head}</head><body>${body}</body></html>`;
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  document.body.append(frame);
  opened.push(frame);
  await loaded;
  return { win: frame.contentWindow as LanguagePage, doc: frame.contentDocument! };
}

function widgets(doc: Document): SwapWidget[] {
  return [...doc.querySelectorAll('swap-widget')] as SwapWidget[];
}

function legend(el: SwapWidget): string | undefined {
  return el.shadowRoot
    ?.querySelector('swap-quote-form')
    ?.shadowRoot?.querySelector('.side legend')
    ?.textContent?.trim();
}

function lang(el: SwapWidget): string | null | undefined {
  return el.shadowRoot?.querySelector('.widget')?.getAttribute('lang');
}

describe('language files beside the bundle', () => {
  afterEach(() => {
    for (const frame of opened.splice(0)) frame.remove();
  });

  it('the core carries English only; each language file carries its own words', async () => {
    const core = await (await fetch('/dist/swap-widget.js', { cache: 'no-store' })).text();
    const spanish = await (await fetch('/dist/locales/es.js', { cache: 'no-store' })).text();
    expect(core).to.contain('You sell');
    expect(core).not.to.contain('Vendes');
    expect(spanish).to.contain('Vendes');
    expect(spanish).not.to.contain('You sell');
  });

  it('a classic language file before the classic core: Spanish from the first render, no warning', async () => {
    const { win, doc } = await page(
      '<script src="/dist/locales/es.js"></script><script src="/dist/swap-widget.iife.js"></script>',
      '<swap-widget locale="es"></swap-widget>',
    );
    const [el] = widgets(doc);
    await until(() => legend(el!) !== undefined, 'the widget did not render');
    expect(legend(el!)).to.equal('Vendes');
    expect(lang(el!)).to.equal('es');
    expect(win.swapWarnings).to.deep.equal([]);
  });

  it('language files after the module core: each widget speaks its own, no warning', async () => {
    const { win, doc } = await page(
      '<script type="module" src="/dist/swap-widget.js"></script>' +
        '<script type="module" src="/dist/locales/zh-Hans.js"></script><script src="/dist/locales/ar.js" defer></script>',
      '<swap-widget locale="zh-CN"></swap-widget><swap-widget locale="ar"></swap-widget><swap-widget locale="en"></swap-widget>',
    );
    const [zh, ar, en] = widgets(doc);
    await until(
      () => legend(zh!) === '卖出' && legend(ar!) === 'أنت تبيع' && legend(en!) === 'You sell',
      'not each in its language',
    );
    expect(ar!.shadowRoot!.querySelector('.widget')!.getAttribute('dir')).to.equal('rtl');
    expect(win.swapWarnings).to.deep.equal([]);
  });

  it('a language not on the page: English and one warning naming the file; the file added later turns the widgets', async () => {
    const { win, doc } = await page(
      '<script type="module" src="/dist/swap-widget.js"></script>',
      '<swap-widget locale="es"></swap-widget><swap-widget locale="es-MX"></swap-widget>',
    );
    const [a, b] = widgets(doc);
    await until(
      () => legend(a!) !== undefined && legend(b!) !== undefined && win.swapWarnings.length > 0,
      'no warning',
    );
    expect(legend(a!)).to.equal('You sell');
    expect(lang(b!)).to.equal('en');
    expect(win.swapWarnings).to.have.length(1);
    expect(win.swapWarnings[0]).to.contain('locale "es" is not loaded').and.contain('<script src=".../locales/es.js">');

    const script = doc.createElement('script');
    script.src = '/dist/locales/es.js';
    const added = new Promise((resolve) => script.addEventListener('load', resolve, { once: true }));
    doc.head.append(script);
    await added;
    await until(() => legend(a!) === 'Vendes' && legend(b!) === 'Vendes', 'the widgets did not turn Spanish');
    expect(lang(a!)).to.equal('es');
    expect(win.swapWarnings).to.have.length(1);
  });
});
