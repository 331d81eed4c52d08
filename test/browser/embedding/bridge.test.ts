/**
 * The webview bridge: with `bridge`, every public event also goes, as the JSON string
 * `{"type", "detail"}`, to the native side: React Native's `window.ReactNativeWebView` or
 * iOS WKWebView's `window.webkit.messageHandlers.swapWidget`. Each test installs a stub of
 * one of them on `window` (and removes it afterwards); the stub plays the native app: it reads
 * the posted messages and answers a `swap-memo` by calling `track()` with the hash of the
 * transfer it sent, as a native app does through its JavaScript bridge.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../../src/index.js';
import { STORAGE_KEY } from '../../../src/domain/tracking/swap-store.js';
import type { SwapWidgetEventMap } from '../../../src/events.js';
import type { SwapWidget } from '../../../src/swap-widget.js';
import { makeHash } from '../../../demo/server/hashes.js';
import { LOCAL_NODES, control, ofType, pressSwap, record, routeButtons, scope, until } from '../helpers.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const EVENT_TYPES = ['swap-quote', 'swap-route', 'swap-tx', 'swap-memo', 'swap-status', 'swap-error'] as const;

interface Message {
  type: keyof SwapWidgetEventMap;
  detail: Record<string, unknown>;
  /** The widget's `id` ('' without one). */
  id: string;
}

interface NativeSide {
  /** The raw posted values, in order. */
  raw: unknown[];
  messages(): Message[];
  /** Called for each message, after the page's call returned (a native bridge is asynchronous). */
  onMessage?: (message: Message) => void;
  remove(): void;
}

type BridgeWindow = Window & {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers: { swapWidget: { postMessage(message: unknown): void } } };
};

function nativeSide(kind: 'react-native' | 'wkwebview'): NativeSide {
  const w = window as BridgeWindow;
  const side: NativeSide = {
    raw: [],
    messages: () => side.raw.map((m) => JSON.parse(m as string) as Message),
    remove: () => {
      if (kind === 'react-native') delete w.ReactNativeWebView;
      else delete w.webkit;
    },
  };
  const postMessage = (message: unknown) => {
    side.raw.push(message);
    setTimeout(() => side.onMessage?.(JSON.parse(message as string) as Message));
  };
  if (kind === 'react-native') w.ReactNativeWebView = { postMessage };
  else w.webkit = { messageHandlers: { swapWidget: { postMessage } } };
  return side;
}

async function mount(attrs: Record<string, string>): Promise<{ el: SwapWidget; dom: Event[] }> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  const dom = record(el, ...EVENT_TYPES);
  await fixture(html`<div>${el}</div>`);
  return { el, dom };
}

/** The DOM events as the bridge must have posted them: same order, type and JSON detail. */
const asMessages = (events: Event[]): Message[] =>
  events.map((e) => ({
    type: e.type as Message['type'],
    detail: JSON.parse(JSON.stringify((e as CustomEvent).detail)) as Record<string, unknown>,
    id: (e.target as HTMLElement).id,
  }));

for (const kind of ['react-native', 'wkwebview'] as const) {
  describe(`webview bridge: ${kind === 'react-native' ? 'React Native (window.ReactNativeWebView)' : 'WKWebView (window.webkit.messageHandlers.swapWidget)'}`, () => {
    let native: NativeSide;
    beforeEach(() => {
      localStorage.removeItem(STORAGE_KEY);
      native = nativeSide(kind);
    });
    afterEach(() => {
      fixtureCleanup();
      native.remove();
      localStorage.removeItem(STORAGE_KEY);
    });

    it('posts every event of a memo swap, and the native side tracks it with track() until final', async function () {
      this.timeout(40_000);
      const key = scope(`bridge-${kind}`);
      await control(key, { timeScale: 100 });
      const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
      // The native app: when asked for a memo transfer, it sends it and reports the hash.
      const answered: string[] = [];
      native.onMessage = (message) => {
        if (message.type !== 'swap-memo') return;
        answered.push(message.detail.memo as string);
        el.track(hash);
      };
      const { el, dom } = await mount({
        bridge: '',
        'api-key': key,
        'poll-interval': '1000',
        providers: 'PROTOCOL_A',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      });

      // The quote arrives on both sides, as a JSON string with the same detail.
      await until(() => native.messages().some((m) => m.type === 'swap-quote'), 'no swap-quote posted');
      expect(native.raw.every((m) => typeof m === 'string')).to.equal(true);
      const quote = native.messages().find((m) => m.type === 'swap-quote')!;
      // With the widget's id ('' without one), so a page's widgets are told apart.
      expect(Object.keys(quote).sort()).to.deep.equal(['detail', 'id', 'type']);
      expect(quote.id).to.equal(el.id);
      expect(quote.detail).to.deep.equal(JSON.parse(JSON.stringify(ofType(dom, 'swap-quote')[0]!.detail)));
      expect((quote.detail.routes as unknown[]).length).to.be.greaterThan(0);

      // The user picks the route and presses Swap: the memo goes to the native side.
      await until(() => routeButtons(el).length > 0, 'no routes');
      routeButtons(el)[0]!.click();
      await el.updateComplete;
      await pressSwap(el);
      await until(() => answered.length === 1, 'the native side got no swap-memo');
      const memo = native.messages().find((m) => m.type === 'swap-memo')!;
      expect(memo.detail).to.include({ chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' });
      expect(memo.detail.memo).to.be.a('string').and.not.equal('');
      // Through the bridge the native side cannot cancel the DOM event.
      expect(ofType(dom, 'swap-memo')[0]!.defaultPrevented).to.equal(false);

      // Its track() starts tracking; every status comes back through the bridge until final.
      await until(
        () => native.messages().some((m) => m.type === 'swap-status' && m.detail.final === true),
        'no final swap-status posted',
        30_000,
      );
      const statuses = native
        .messages()
        .filter((m) => m.type === 'swap-status')
        .map((m) => m.detail);
      expect(statuses[0]).to.include({ hash, chainId: 'BTC', final: false });
      expect(statuses.at(-1)).to.include({ hash, status: 'completed', final: true });
      expect(statuses.filter((s) => s.final)).to.have.length(1);

      // Every DOM event went through the bridge, in order, with the same detail, and nothing else did.
      await until(() => native.raw.length === dom.length, 'the bridge and the DOM saw different numbers of events');
      expect(native.messages()).to.deep.equal(asMessages(dom));
      expect(native.messages().map((m) => m.type)).to.include.members([
        'swap-quote',
        'swap-route',
        'swap-memo',
        'swap-status',
      ]);
      expect(ofType(dom, 'swap-error')).to.have.length(0);
    });

    it('posts swap-error (invalid-config) too', async () => {
      const { dom } = await mount({
        bridge: '',
        'api-key': scope('bridge-error'),
        'affiliate-fee': 'abc',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
      });
      await until(() => native.messages().some((m) => m.type === 'swap-error'), 'no swap-error posted');
      const error = native.messages().find((m) => m.type === 'swap-error')!;
      expect(error.detail).to.include({ code: 'invalid-config', field: 'affiliate-fee' });
      expect(error.detail.message).to.be.a('string').and.not.equal('');
      expect(error.detail).to.deep.equal(JSON.parse(JSON.stringify(ofType(dom, 'swap-error')[0]!.detail)));
    });

    it('posts nothing without the bridge attribute, and starts when it is set', async () => {
      const key = scope('no-bridge');
      const { el, dom } = await mount({
        'api-key': key,
        providers: 'PROTOCOL_A',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
      });
      await until(() => ofType(dom, 'swap-quote').length > 0, 'no swap-quote');
      await el.updateComplete;
      expect(native.raw).to.deep.equal([]);
      el.bridge = true;
      await el.refresh();
      await until(
        () => native.messages().some((m) => m.type === 'swap-quote'),
        'no swap-quote posted once bridge was set',
      );
    });
  });
}

describe('webview bridge: both present', () => {
  afterEach(() => fixtureCleanup());

  it('posts to React Native only, as the contract orders', async () => {
    const rn = nativeSide('react-native');
    const wk = nativeSide('wkwebview');
    try {
      await mount({ bridge: '', 'api-key': scope('both'), 'affiliate-fee': '5000' });
      await until(() => rn.raw.length > 0, 'nothing posted to React Native');
      expect(wk.raw).to.deep.equal([]);
    } finally {
      rn.remove();
      wk.remove();
    }
  });
});
