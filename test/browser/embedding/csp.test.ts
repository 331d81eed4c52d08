/**
 * The built bundle under a strict Content-Security-Policy: /__csp/page.html (served by
 * test/support/csp.ts with `default-src 'self'; script-src 'self'; style-src 'self';
 * connect-src 'self'`) loads /dist/swap-widget.js, built by the browser tests' pretest, after
 * a same-origin script that records every `securitypolicyviolation` from the start.
 */
import { expect } from '@open-wc/testing';
import type { SwapWidget } from '../../../src/swap-widget.js';
import { confirmReview, reviewButton, routeButtons, scope, shadow, until } from '../helpers.js';
import { TAMPERED_MARK } from '../../support/csp-marks.js';
import { closeFrames, openFrame, widgetIn, type EmbeddingWindow } from './frame.js';
import { WidgetHarness } from '../harness.js';

type CspWindow = EmbeddingWindow & { swapEvents: { type: string; detail: { code?: string } }[] };
type Violation = NonNullable<EmbeddingWindow['cspViolations']>[number];

/** Two frames of the page: the loads a render starts (the virtual list's rows, their logos) have started. */
const painted = (win: Window) =>
  new Promise<void>((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())));

let markers = 0;
/**
 * The violations reported before this point. The test makes one of its own, a fetch the policy
 * blocks (connect-src) to a made-up host, and waits for its report: Chromium posts each of a
 * document's violation events to one task queue as it finds the violation (blink's
 * ExecutionContextCSPDelegate::DispatchViolationEvent), so every violation that happened
 * before the test's own is reported before it, none is still on its way. It also shows the
 * recorder works, so an empty list means something.
 */
async function violationsBefore(win: CspWindow): Promise<Violation[]> {
  markers += 1;
  const marker = `https://csp-marker.invalid/${markers}`;
  win.fetch(marker).catch(() => undefined);
  const at = () => (win.cspViolations ?? []).findIndex((v) => v.blockedURI === marker);
  await until(() => at() >= 0, 'the violation the test made was not reported');
  const seen = win.cspViolations!;
  expect(seen[at()]!.directive).to.equal('connect-src');
  return seen.slice(0, at());
}

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
    expect(res.headers.get('content-security-policy')).to.equal(
      "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'",
    );
    const body = await res.text();
    expect(body).to.contain('<script type="module" src="/__csp/dist/swap-widget.js"></script>');
    expect(body).not.to.match(/<script>|<style|style=/);
    const bundle = await fetch('/__csp/dist/swap-widget.js', { cache: 'no-store' });
    expect(bundle.ok, '/dist/swap-widget.js is missing: npm run build (npm run test:browser does it)').to.equal(true);
  });

  it('the bundle quotes with zero securitypolicyviolation events', async function () {
    this.timeout(30_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp')}`);
    const win = w as CspWindow;
    await until(
      () => win.swapEvents?.some((e) => e.type === 'swap-quote'),
      'no swap-quote under the strict CSP',
      20_000,
    );
    const el = widgetIn(doc);
    await until(() => routeButtons(el).length > 0, 'no routes shown');
    await painted(win);
    expect(win.swapEvents.filter((e) => e.type === 'swap-error')).to.deep.equal([]);
    expect(await violationsBefore(win)).to.deep.equal([]);
    // The styles applied (constructable style sheets are allowed by style-src 'self').
    expect(getComputedStyle(shadow(el).querySelector('[part~="widget"]')!).borderTopLeftRadius).to.equal('16px');

    // Control: the recorder sees an inline style too, the violation the widget's styles would make.
    const before = win.cspViolations!.length;
    doc.body.insertAdjacentHTML('beforeend', '<p style="color: red">inline style</p>');
    await until(() => win.cspViolations!.length > before, 'the recorder saw no violation from an inline style');
    expect(win.cspViolations![before]!.directive).to.match(/^style-src/);
  });

  it('opening the token picker: its data: logos are the only violations, and `img-src data:` clears them', async function () {
    this.timeout(30_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp-picker')}`);
    const win = w as CspWindow;
    const el = widgetIn(doc);
    await until(() => win.swapEvents?.some((e) => e.type === 'swap-quote'), 'no swap-quote', 20_000);
    const { images } = await openPicker(el);
    await painted(win);
    const violations = await violationsBefore(win);
    // Report what the policy blocks (see docs/theming.md: token logos need img-src).
    console.log(
      `strict CSP, picker open: ${images.length} logo images, ${violations.length} violations`,
      JSON.stringify([...new Set(violations.map((v) => `${v.directive} ${v.blockedURI}`))]),
    );
    for (const v of violations) {
      expect(v.directive).to.equal('img-src');
      expect(v.blockedURI).to.equal('data');
    }
    // Refused logos give way to monograms: no broken images stay on screen.
    const picker = new WidgetHarness(el).picker!;
    await until(() => picker.shadowRoot!.querySelectorAll('img').length === 0, 'broken logos stay on screen');
    expect(picker.shadowRoot!.querySelectorAll('.monogram').length).to.be.greaterThan(3);
    closeFrames();

    // With docs/theming.md's advice applied, the picker is clean too.
    const { win: w2, doc: doc2 } = await openFrame(`/__csp/page.html?key=${scope('csp-img')}&img=data`);
    const win2 = w2 as CspWindow;
    await until(() => win2.swapEvents?.some((e) => e.type === 'swap-quote'), 'no swap-quote', 20_000);
    const opened = await openPicker(widgetIn(doc2));
    await until(() => opened.images.filter((i) => i.complete).length === opened.images.length, 'logos did not load');
    await painted(win2);
    expect(await violationsBefore(win2)).to.deep.equal([]);
    expect(opened.images.every((i) => i.naturalWidth > 0)).to.equal(true);
  });

  /** Review swap, Confirm: the memo screen shows (nobody takes the hand-out), with no violation on the way. */
  async function swapsCleanly(win: CspWindow, el: SwapWidget) {
    await until(() => routeButtons(el).length > 0, 'no routes shown', 20_000);
    (await reviewButton(el, 15_000)).click();
    await confirmReview(el);
    await until(() => shadow(el).querySelector('swap-memo-flow'), 'no memo screen after Confirm', 15_000);
    await until(() => win.swapEvents.some((e) => e.type === 'swap-memo'), 'no swap-memo');
    await painted(win);
    expect(await violationsBefore(win)).to.deep.equal([]);
  }

  it('both files load and a swap is handed out under the strict policy', async function () {
    this.timeout(60_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp-swap')}`);
    const win = w as CspWindow;
    const later = [...doc.querySelectorAll<HTMLScriptElement>('script[src*="swap-widget.rest."]')];
    await swapsCleanly(win, widgetIn(doc));
    expect(later.length + doc.querySelectorAll('script[src*="swap-widget.rest."]').length).to.be.greaterThan(0);
    const script = doc.querySelector<HTMLScriptElement>('script[src*="swap-widget.rest."]')!;
    expect(script.integrity).to.match(/^sha384-[\w+/]+=*$/);
  });

  it("under a nonce with strict-dynamic: the later file is trusted through the first, carries the page's nonce, and a swap is handed out", async function () {
    this.timeout(60_000);
    const res = await fetch('/__csp/page.html?key=x&policy=nonce');
    expect(res.headers.get('content-security-policy')).to.match(/script-src 'nonce-[\w-]+' 'strict-dynamic'/);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp-nonce')}&policy=nonce`);
    const win = w as CspWindow;
    await swapsCleanly(win, widgetIn(doc));
    const script = doc.querySelector<HTMLScriptElement>('script[src*="swap-widget.rest."]')!;
    expect(script.nonce, 'the first file passed its nonce on').to.not.equal('');
  });

  it('a later file that does not match its hash is not run: the widget says it cannot start, swap-error internal, nothing quoted', async function () {
    this.timeout(30_000);
    const { win: w, doc } = await openFrame(`/__csp/page.html?key=${scope('csp-tampered')}&dist=tampered`);
    const win = w as CspWindow & Record<string, unknown>;
    await until(() => win.swapEvents?.some((e) => e.type === 'swap-error'), 'no swap-error', 20_000);
    expect(win.swapEvents.find((e) => e.type === 'swap-error')!.detail.code).to.equal('internal');
    const el = widgetIn(doc);
    await until(() => shadow(el).querySelector('[part="error"]'), 'nothing said in the widget');
    expect(shadow(el).querySelector('[part="error"]')!.textContent).to.match(/cannot start/);
    expect(win[TAMPERED_MARK], 'the tampered file ran').to.equal(undefined);
    expect(win.swapEvents.filter((e) => e.type === 'swap-quote')).to.deep.equal([]);
    // The form painted from the first file stays: what the host set is shown.
    expect(shadow(el).querySelector('swap-quote-form')).to.not.equal(null);
  });
});
