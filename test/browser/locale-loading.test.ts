/**
 * A page that asks for a language without adding its file: the widget speaks English, warns
 * once with the file to add, and speaks the language as soon as the file is evaluated (here
 * the npm build's module, src/locales/es.ts; embedding/languages.test.ts loads the dist/
 * files beside the bundles).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { shadow, until } from './helpers.js';

function legend(el: SwapWidget): string {
  return shadow(el).querySelector('swap-quote-form')!.shadowRoot!.querySelector('.side legend')!.textContent!.trim();
}

describe('a language whose file is not on the page', () => {
  const warnings: string[] = [];
  const warn = console.warn;
  before(async () => {
    if (document.readyState !== 'complete')
      await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    console.warn = (...args: unknown[]) => {
      if (String(args[0]).startsWith('swap-widget:')) warnings.push(args.join(' '));
      else warn(...args);
    };
  });
  after(() => {
    console.warn = warn;
  });

  it('speaks English, left to right, and warns once per page with the file to add', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <swap-widget locale="es"></swap-widget><swap-widget locale="es-MX"></swap-widget><swap-widget locale="ar"></swap-widget>
    </div>`);
    const [es, mx, ar] = [...wrap.querySelectorAll('swap-widget')] as SwapWidget[];
    await Promise.all([es, mx, ar].map((w) => w!.updateComplete));
    for (const el of [es!, mx!, ar!]) {
      expect(legend(el)).to.equal('You sell');
      expect(shadow(el).querySelector('.widget')!.getAttribute('lang')).to.equal('en');
      expect(shadow(el).querySelector('.widget')!.getAttribute('dir')).to.equal('ltr');
    }
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.equal(
      `swap-widget: locale "es" is not loaded; add <script src=".../locales/es.js"></script> (beside swap-widget.js) or import 'swap-widget/locales/es.js'. Speaking English until then.`,
    );
    expect(warnings[1]).to.contain('locale "ar" is not loaded').and.contain('locales/ar.js');

    // Another widget, or a change at run time, to a language already reported: no new warning.
    const late = await fixture<SwapWidget>(html`<swap-widget locale="en"></swap-widget>`);
    late.locale = 'es-ES';
    await late.updateComplete;
    expect(legend(late)).to.equal('You sell');
    expect(warnings).to.have.length(2);
  });

  it('speaks the language in every widget that asked for it once the file arrives, and nowhere else', async () => {
    const wrap = await fixture<HTMLElement>(html`<div>
      <swap-widget locale="es"></swap-widget><swap-widget locale="es-AR"></swap-widget><swap-widget locale="en"></swap-widget>
    </div>`);
    const [es, ar, en] = [...wrap.querySelectorAll('swap-widget')] as SwapWidget[];
    await Promise.all([es, ar, en].map((w) => w!.updateComplete));
    expect(legend(es!)).to.equal('You sell');

    await import('../../src/locales/es.js');
    await until(() => legend(es!) === 'Vendes' && legend(ar!) === 'Vendes', 'the widgets did not turn Spanish');
    expect(shadow(es!).querySelector('.widget')!.getAttribute('lang')).to.equal('es');
    expect(legend(en!)).to.equal('You sell');
    expect(warnings, 'the file arrived: nothing more to report').to.have.length(2);
  });

  it('locale="auto" asks for no file: English without a warning, the visitor\'s language once its file arrives', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['fr-CA', 'en-US'], configurable: true });
    try {
      const el = await fixture<SwapWidget>(html`<swap-widget locale="auto"></swap-widget>`);
      await el.updateComplete;
      expect(legend(el)).to.equal('You sell');
      expect(warnings, "auto speaks English, the visitor's second language, and warns of nothing").to.have.length(2);
      // The file tells the widget as it registers: its next update (not a later one) speaks French.
      await import('../../src/locales/fr.js');
      await el.updateComplete;
      await (shadow(el).querySelector('swap-quote-form') as HTMLElement & { updateComplete: Promise<boolean> })
        .updateComplete;
      expect(legend(el)).to.equal('Vous vendez');
      expect(shadow(el).querySelector('.widget')!.getAttribute('lang')).to.equal('fr');
    } finally {
      delete (navigator as { languages?: unknown }).languages;
    }
  });
});
