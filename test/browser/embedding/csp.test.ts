/**
 * The built bundle under a strict Content-Security-Policy: /__csp/page.html (served by
 * test/support/csp.ts with `default-src 'self'; script-src 'self'; style-src 'self';
 * connect-src 'self'`) loads /dist/swap-widget.js, built by the browser tests' pretest, after
 * a same-origin script that records every `securitypolicyviolation` from the start.
 */
import { expect } from '@open-wc/testing';
import type { SwapWidget } from '../../../src/swap-widget.js';
import { routeButtons, scope, shadow, until } from '../helpers.js';
import { closeFrames, openFrame, widgetIn, type EmbeddingWindow } from './frame.js';
import { WidgetHarness } from '../harness.js';

type CspWindow = EmbeddingWindow & { swapEvents: { type: string; detail: { code?: string } }[] };

/** Two frames and a task: violations are reported asynchronously. */
const settle = (win: Window) => new Promise<void>((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => setTimeout(resolve, 50))));

async function openPicker(el: SwapWidget) {
  const w = new WidgetHarness(el);
  w.assetButton('sell').click();
  await until(() => w.options().length > 3, 'the token picker shows no tokens');
  const picker = w.picker!;
  const images = [...picker.shadowRoot!.querySelectorAll('img')];
  return { picker, images };
}

describe('strict Content-Security-Policy', () => {
  afterEach(closeFrames);

  it('the page really is under the policy', async () => {
    const res = await fetch('/__csp/page.html?key=x');
    expect(res.headers.get('content-security-policy')).to.equal("default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'");
    const body = await res.text();
    expect(body).to.contain('<script type="module" src="/dist/swap-widget.js"></script>');
    expect(body).not.to.match(/<script>|<style|style=/);
    const bundle = await fetch('/dist/swap-widget.js', { cache: 'no-store' });
    expect(bundle.ok, '/dist/swap-widget.js is missing: npm run build (npm run test:browser does it)').to.equal(true);
  });

  it('the bundle quotes with zero securitypolicyviolation events', async function () {
    this.timeout(30_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp')}`);
    const win = w as CspWindow;
    await until(() => win.swapEvents?.some((e) => e.type === 'swap-quote'), 'no swap-quote under the strict CSP', 20_000);
    const el = widgetIn(doc);
    await until(() => routeButtons(el).length > 0, 'no routes shown');
    await settle(win);
    expect(win.swapEvents.filter((e) => e.type === 'swap-error')).to.deep.equal([]);
    expect(win.cspViolations).to.deep.equal([]);
    // The styles applied (constructable style sheets are allowed by style-src 'self').
    expect(getComputedStyle(shadow(el).querySelector('[part~="widget"]')!).borderTopLeftRadius).to.equal('16px');

    // Control: the recorder does see a violation, so the zero above means something.
    doc.body.insertAdjacentHTML('beforeend', '<p style="color: red">inline style</p>');
    await until(() => (win.cspViolations?.length ?? 0) > 0, 'the recorder saw no violation from an inline style');
    expect(win.cspViolations![0]!.directive).to.match(/^style-src/);
  });

  it('opening the token picker: its data: logos are the only violations, and `img-src data:` clears them', async function () {
    this.timeout(30_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp-picker')}`);
    const win = w as CspWindow;
    const el = widgetIn(doc);
    await until(() => win.swapEvents?.some((e) => e.type === 'swap-quote'), 'no swap-quote', 20_000);
    const { images } = await openPicker(el);
    await settle(win);
    const violations = win.cspViolations ?? [];
    // Report what the policy blocks (see the README: token logos need img-src).
    console.log(`strict CSP, picker open: ${images.length} logo images, ${violations.length} violations`, JSON.stringify([...new Set(violations.map((v) => `${v.directive} ${v.blockedURI}`))]));
    for (const v of violations) {
      expect(v.directive).to.equal('img-src');
      expect(v.blockedURI).to.equal('data');
    }
    // Refused logos give way to monograms: no broken images stay on screen.
    const picker = new WidgetHarness(el).picker!;
    await until(() => picker.shadowRoot!.querySelectorAll('img').length === 0, 'broken logos stay on screen');
    expect(picker.shadowRoot!.querySelectorAll('.monogram').length).to.be.greaterThan(3);
    closeFrames();

    // With the README's advice applied, the picker is clean too.
    const { win: w2, doc: doc2 } = await openFrame(`/__csp/page.html?key=${scope('csp-img')}&img=data`);
    const win2 = w2 as CspWindow;
    await until(() => win2.swapEvents?.some((e) => e.type === 'swap-quote'), 'no swap-quote', 20_000);
    const opened = await openPicker(widgetIn(doc2));
    await until(() => opened.images.filter((i) => i.complete).length === opened.images.length, 'logos did not load');
    await settle(win2);
    expect(win2.cspViolations).to.deep.equal([]);
    expect(opened.images.every((i) => i.naturalWidth > 0)).to.equal(true);
  });
});
