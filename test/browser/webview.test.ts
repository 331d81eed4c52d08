/**
 * The wallet-host example, demo/frameworks/webview/, driven as a wallet team would run it:
 * the page (the widget with `bridge`, `host-signs` and locked addresses, and no JavaScript
 * of the host's that cancels events) in an iframe, and native-sim.js playing the app around
 * the webview: the platform's bridge object (React Native's `window.ReactNativeWebView`, or
 * WKWebView's `window.webkit.messageHandlers.swapWidget`) and the native code that receives
 * each posted JSON string, signs what it is handed, and answers with `track()`,
 * `approved()` and `rejected()` through injected JavaScript. The service is the reference
 * service, at a URL of its own (`api-url`), as a wallet's page points at the real one.
 *
 * Every test ends by checking every posted message: a JSON string, of the documented shape,
 * never carrying the API key.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { FLOW_STORE_KEY } from '../../src/domain/flow/flow-store.js';
import { HANDOUT_RECORDS_KEY as HANDOUT_KEY } from '../../src/domain/flow/handout-records.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import { closeFrames, openFrame, widgetIn } from './embedding/frame.js';
import { WidgetHarness } from './harness.js';
import { installClock } from './mock-clock.js';
import {
  LOCAL_NODES,
  allowResizeObserverLoopNotice,
  confirmReview,
  control,
  pressSwap,
  ofType as ofTypeDom,
  record,
  requests,
  scope,
  until,
} from './helpers.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const MEMORY_KEY = 'swap-widget-demo:native-memory';
/**
 * The service, at another URL than the page's origin, as a wallet's page points at the real
 * service: the test server's pass-through proxy (a tamper kind it does not know alters nothing).
 */
const SERVICE = `${location.origin}/__tamper/untouched`;

type Detail = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Message {
  type: string;
  detail: Detail;
}
type Answer = 'sign' | 'reject' | 'hold' | 'ignore';

/** window.nativeSide of native-sim.js: the app. */
interface NativeSide {
  platform: 'react-native' | 'wkwebview';
  raw: unknown[];
  /** Date.now() when each value was posted. */
  receivedAt: number[];
  messages: Message[];
  injected: string[];
  user: (message: Message) => Answer | Promise<Answer>;
  send: (message: Message) => Promise<string>;
  call: (method: string, args?: unknown[]) => void;
  approvalMinedMs: number;
  followsInput: boolean;
}

interface Wallet {
  frame: HTMLIFrameElement;
  native: NativeSide;
  el: SwapWidget;
  h: WidgetHarness;
  /** The DOM events of the widget, seen from outside (to show none was cancelled). */
  dom: Event[];
}

const PLATFORMS = {
  'react-native': 'React Native (window.ReactNativeWebView)',
  wkwebview: 'WKWebView (window.webkit.messageHandlers.swapWidget)',
} as const;
type Platform = keyof typeof PLATFORMS;

/** What a test opened, for the checks every test ends with. */
let opened: { key: string; natives: NativeSide[] } | undefined;

/** Opens the wallet page as the app does, with the service, the key and the pair in the query. */
async function openWallet(platform: Platform, key: string, params: Record<string, string> = {}): Promise<Wallet> {
  // The memo protocols' nodes: the reference service's stand-ins (a wallet would leave the public ones).
  const query = new URLSearchParams({
    platform,
    key,
    api: SERVICE,
    thornode: location.origin,
    mayanode: location.origin,
    poll: '1000',
    ...params,
  });
  const { frame, doc } = await openFrame(`/demo/frameworks/webview/index.html?${query}`);
  const wallet = attach(frame, doc);
  opened = { key, natives: [wallet.native] };
  return wallet;
}

function attach(frame: HTMLIFrameElement, doc: Document): Wallet {
  const native = (frame.contentWindow as Window & { nativeSide: NativeSide }).nativeSide;
  // The person holding the phone signs; the wallet's sends give hashes the service completes.
  native.user = () => 'sign';
  let sent = 0;
  native.send = async (m) =>
    makeHash('completed', 'wrapped', {
      evm: m.detail.family === 'evm' || /^(ETH|ARB|BASE|BSC|AVAX|OP|MATIC)$/.test(m.detail.chain),
      seed: `${Math.random()}:${(sent += 1)}`,
    });
  const el = widgetIn(doc);
  const dom: Event[] = [];
  for (const type of ['swap-tx', 'swap-memo']) el.addEventListener(type, (e) => dom.push(e));
  return { frame, native, el, h: new WidgetHarness(el), dom };
}

/** Reloads the page (the renderer was killed): a new widget, the same storage, the same app memory. */
async function reload(w: Wallet): Promise<Wallet> {
  const loaded = new Promise<void>((resolve) => w.frame.addEventListener('load', () => resolve(), { once: true }));
  w.frame.contentWindow!.location.reload();
  await loaded;
  const again = attach(w.frame, w.frame.contentDocument!);
  opened!.natives.push(again.native);
  return again;
}

const ofType = (native: NativeSide, type: string) =>
  native.messages.filter((m) => m.type === type).map((m) => m.detail);

/**
 * The messages posted from the `from`-th on, as they were posted: the bridge object records
 * each value when the widget posts it, and hands it to the app's code only a task later.
 */
const postedSince = (native: NativeSide, from = 0) =>
  native.raw.slice(from).map((raw) => JSON.parse(raw as string) as Message);

/**
 * What the widget posts when the app calls one of its methods (`native.call`): before the call
 * returns (a host call does its work at once), in the render after it, and in whatever it sets
 * off on a timer within ten seconds. The page's timers run on a mock clock meanwhile, so
 * proving that nothing comes takes no waiting.
 */
async function postedBy(w: Wallet, method: string, args?: unknown[]): Promise<Message[]> {
  const from = w.native.raw.length;
  const clock = installClock(w.frame.contentWindow as Window & typeof globalThis);
  try {
    w.native.call(method, args);
    await w.el.updateComplete;
    await clock.tick(10_000);
  } finally {
    clock.uninstall();
  }
  return postedSince(w.native, from);
}

/** The user picks the first route and taps Swap (`taps` times in one task: a double tap). */
async function pressSwapOnFirstRoute(w: Wallet, taps = 1): Promise<void> {
  await until(() => ofType(w.native, 'swap-quote').length > 0, 'no swap-quote posted', 15_000);
  await until(() => w.h.routes.length > 0, 'no routes shown');
  w.h.routes[0]!.click();
  await w.el.updateComplete;
  await until(() => w.h.swapButton && !w.h.swapButton.disabled, 'no Swap button');
  const button = w.h.swapButton!;
  for (let i = 0; i < taps; i++) button.click();
}

const injectedCalls = (native: NativeSide) =>
  native.injected.map(
    (code) =>
      /^document\.(?:querySelector\('swap-widget'\)|getElementById\("[^"]*"\))\.(\w+)\(/.exec(code)?.[1] ?? code,
  );

// ---- the documented shape of every posted message ----

const isStr = (v: unknown) => typeof v === 'string';
const isDecimal = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);
const isIndex = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const STATUSES = [
  'not_started',
  'starting',
  'broadcasted',
  'mempool',
  'inbound',
  'swapping',
  'outbound',
  'completed',
  'refunding',
  'refunded',
  'partially_refunded',
  'dropped',
  'reverted',
  'replaced',
  'retries_exceeded',
  'parsing_error',
  'pending',
  'failed',
  'unknown',
];
const ERROR_CODES = [
  'invalid-config',
  'network',
  'service',
  'bad-response',
  'no-routes',
  'route-rejected',
  'route-expired',
  'wallet',
  'tracking',
  'no-handler',
  'config-warning',
  'internal',
];
const isId = (v: unknown) => isStr(v) && /^[0-9a-f]{32}$/.test(v as string);
const isDate = (v: unknown) => isStr(v) && !Number.isNaN(Date.parse(v as string));

type Shape = Record<string, (v: unknown) => boolean>;
function shapeProblems(where: string, value: unknown, required: Shape, optional: Shape = {}): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where}: not an object`];
  const v = value as Detail;
  const problems: string[] = [];
  for (const [k, ok] of Object.entries(required))
    if (!(k in v) || !ok(v[k])) problems.push(`${where}.${k}: ${JSON.stringify(v[k])}`);
  for (const [k, ok] of Object.entries(optional))
    if (k in v && !ok(v[k])) problems.push(`${where}.${k}: ${JSON.stringify(v[k])}`);
  for (const k of Object.keys(v))
    if (!(k in required) && !(k in optional)) problems.push(`${where}: unexpected field ${k}`);
  return problems;
}

const summaryProblems = (where: string, s: unknown, approve: boolean) =>
  shapeProblems(where, s, {
    provider: isStr,
    sellAsset: isStr,
    sellAmount: isDecimal,
    buyAsset: isStr,
    expectedBuyAmount: isDecimal,
    minimumBuyAmount: isDecimal,
    decimals: (d) => Number.isInteger(d) && (d as number) >= 0,
    ...(approve ? { spender: isStr, approveAmount: isDecimal } : {}),
  });

/** `detail.review`: what is signed, in the documented parts. */
const reviewProblems = (where: string, r: unknown) => {
  const d = r as Detail;
  return [
    ...shapeProblems(
      where,
      r,
      {
        from: (f) => !!f && typeof f === 'object',
        to: (t) => !!t && typeof t === 'object',
        receive: (x) => !!x && typeof x === 'object',
        fees: Array.isArray,
        expiresAt: isDate,
        warnings: Array.isArray,
      },
      {
        memo: (m) => !!m && typeof m === 'object',
        approval: (a) => !!a && typeof a === 'object',
        instructions: Array.isArray,
        affiliate: (a) => !!a && typeof a === 'object',
      },
    ),
    ...shapeProblems(`${where}.from`, d?.from, { chain: isStr, asset: isStr, amount: isDecimal }, { address: isStr }),
    ...shapeProblems(`${where}.to`, d?.to, {
      address: isStr,
      role: (x) => ['router', 'vault', 'aggregator', 'deposit-address', 'program', 'module'].includes(x as string),
      name: isStr,
    }),
    ...shapeProblems(`${where}.receive`, d?.receive, {
      asset: isStr,
      expected: isDecimal,
      minimum: isDecimal,
      address: isStr,
    }),
  ];
};

function messageProblems(m: Message): string[] {
  const d = m.detail;
  const where = m.type;
  switch (m.type) {
    case 'swap-quote':
      return shapeProblems(where, d, { quoteId: isStr, routes: Array.isArray });
    case 'swap-route':
      return shapeProblems(where, d, {
        quoteId: isStr,
        routeIndex: isIndex,
        route: (r) => !!r && typeof r === 'object',
      });
    case 'swap-tx': {
      const problems = shapeProblems(where, d, {
        quoteId: isStr,
        routeIndex: isIndex,
        handoutId: isId,
        kind: (k) => k === 'approve' || k === 'swap',
        chain: isStr,
        family: (f) => f === 'evm' || f === 'solana' || f === 'cosmos',
        tx: (t) => !!t && typeof t === 'object',
        summary: () => true,
        expiresAt: isDate,
        review: () => true,
      });
      problems.push(...reviewProblems(`${where}.review`, d?.review));
      if (d?.family === 'evm') {
        problems.push(
          ...shapeProblems(`${where}.tx`, d.tx, {
            to: isStr,
            from: isStr,
            value: (v) => isStr(v) && /^\d+$/.test(v as string),
            data: (x) => isStr(x) && /^0x[0-9a-fA-F]*$/.test(x as string),
            chainId: Number.isInteger,
          }),
        );
      }
      return [...problems, ...summaryProblems(`${where}.summary`, d?.summary, d?.kind === 'approve')];
    }
    case 'swap-memo':
      return [
        ...shapeProblems(where, d, {
          quoteId: isStr,
          routeIndex: isIndex,
          handoutId: isId,
          chain: isStr,
          asset: isStr,
          amount: isDecimal,
          address: isStr,
          memo: isStr,
          expiresAt: isDate,
          summary: () => true,
          review: () => true,
        }),
        ...summaryProblems(`${where}.summary`, d?.summary, false),
        ...reviewProblems(`${where}.review`, d?.review),
      ];
    case 'swap-status':
      return [
        ...shapeProblems(
          where,
          d,
          {
            quoteId: isStr,
            routeIndex: isIndex,
            hash: isStr,
            chainId: (c) => isStr(c) && /^[A-Z0-9]{2,12}$/.test(c as string),
            status: (s) => STATUSES.includes(s as string),
            final: (f) => typeof f === 'boolean',
          },
          {
            handoutId: isId,
            buyAmount: isDecimal,
            inboundHash: isStr,
            outboundHash: isStr,
            refund: () => true,
            error: isStr,
          },
        ),
        ...('refund' in (d ?? {})
          ? shapeProblems(`${where}.refund`, d.refund, { asset: isStr, amount: isDecimal }, { hash: isStr })
          : []),
      ];
    case 'swap-error':
      return shapeProblems(
        where,
        d,
        { code: (c) => ERROR_CODES.includes(c as string), message: (x) => isStr(x) && (x as string).length > 0 },
        { field: isStr },
      );
    case 'swap-revoke':
      return shapeProblems(where, d, {
        quoteId: isStr,
        routeIndex: isIndex,
        handoutId: isId,
        reason: (r) => r === 'expired' || r === 'request-changed' || r === 'rejected',
      });
    case 'swap-input':
      return shapeProblems(where, d, {
        sellAsset: isStr,
        buyAsset: isStr,
        sellAmount: isStr,
        sourceAddress: isStr,
        destinationAddress: isStr,
        slippage: isStr,
      });
    default:
      return [`unknown message type ${JSON.stringify(m.type)}`];
  }
}

/** Every posted value: a JSON string `{type, detail, id}` of the documented shape (`id`: the widget's), without the key. */
function checkPosted(native: NativeSide, key: string): void {
  for (const raw of native.raw) {
    expect(raw, 'posted a string').to.be.a('string');
    const parsed = JSON.parse(raw as string) as Message;
    expect(Object.keys(parsed).sort()).to.deep.equal(['detail', 'id', 'type']);
    expect((parsed as Message & { id: unknown }).id, 'the widget of the page').to.be.a('string');
    expect(messageProblems(parsed), raw as string).to.deep.equal([]);
    expect((raw as string).includes(key), 'the API key was posted').to.equal(false);
  }
  // The same status is never posted twice in a row for a swap.
  const statuses = ofType(native, 'swap-status').map((s) => JSON.stringify(s));
  statuses.forEach((s, i) => expect(s === statuses[i - 1], `swap-status posted twice: ${s}`).to.equal(false));
}

function clearStorage() {
  localStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(HANDOUT_KEY);
  localStorage.removeItem(FLOW_STORE_KEY);
  sessionStorage.removeItem(MEMORY_KEY);
}

describe('wallet in a webview (demo/frameworks/webview)', () => {
  before(allowResizeObserverLoopNotice);
  beforeEach(() => {
    clearStorage();
    opened = undefined;
  });
  afterEach(function () {
    // Every posted message of the test, on every page it opened.
    if (this.currentTest?.state === 'passed' && opened)
      for (const native of opened.natives) checkPosted(native, opened.key);
    closeFrames();
    clearStorage();
  });

  for (const [platform, name] of Object.entries(PLATFORMS) as [Platform, string][]) {
    describe(name, () => {
      it('a memo swap: the app signs the swap-memo it was posted and calls track(); statuses come back until final', async function () {
        this.timeout(40_000);
        const key = scope(`wv-memo-${platform}`);
        await control(key, { timeScale: 100 });
        const w = await openWallet(platform, key);
        expect(w.native.platform).to.equal(platform);
        await pressSwapOnFirstRoute(w);

        await until(() => ofType(w.native, 'swap-status').some((s) => s.final), 'no final swap-status posted', 20_000);
        const [memo, ...more] = ofType(w.native, 'swap-memo');
        expect(more).to.have.length(0);
        expect(memo).to.deep.include({ chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' });
        expect(memo!.memo).to.match(/^=:/);
        expect(memo!.summary).to.deep.include({
          provider: 'PROTOCOL_A',
          sellAsset: 'BTC.BTC',
          sellAmount: '0.1',
          buyAsset: 'ETH.ETH',
          decimals: 8,
        });
        // Nothing cancelled the DOM event; host-signs made it the app's all the same.
        expect(w.dom.filter((e) => e.type === 'swap-memo').map((e) => e.defaultPrevented)).to.deep.equal([false]);
        expect(w.h.memoFlow).to.equal(null);

        expect(injectedCalls(w.native)).to.deep.equal(['track']);
        const statuses = ofType(w.native, 'swap-status');
        expect(statuses[0]).to.deep.include({
          quoteId: memo!.quoteId,
          routeIndex: memo!.routeIndex,
          chainId: 'BTC',
          final: false,
        });
        expect(w.native.injected[0]).to.contain(JSON.stringify(statuses[0]!.hash));
        expect(statuses.at(-1)).to.deep.include({ status: 'completed', final: true });
        expect(statuses.filter((s) => s.final)).to.have.length(1);
        expect(statuses.at(-1)!.outboundHash).to.be.a('string');
        expect(ofType(w.native, 'swap-error')).to.deep.equal([]);
        expect(w.native.messages.map((m) => m.type).filter((t, i, all) => all.indexOf(t) === i)).to.deep.equal([
          'swap-quote',
          'swap-route',
          'swap-memo',
          'swap-status',
        ]);
      });

      it('an approval, then the swap: approved() after the approval is mined, then track(); tx.chainId is a number, swap-status.chainId a chain code', async function () {
        this.timeout(40_000);
        const key = scope(`wv-approve-${platform}`);
        await control(key, { timeScale: 100 });
        const w = await openWallet(platform, key, {
          providers: 'AGGREGATOR_A',
          sell: USDC,
          buy: 'ETH.ETH',
          amount: '2500.5',
          from: ETH_ADDRESS,
          to: ETH_ADDRESS,
        });
        let approveSeenAt = 0;
        let swapSeenAt = 0;
        const user = w.native.user;
        w.native.user = (m) => {
          if (m.detail.kind === 'approve') approveSeenAt = performance.now();
          else swapSeenAt = performance.now();
          return user(m);
        };
        await pressSwapOnFirstRoute(w);

        await until(() => ofType(w.native, 'swap-tx').length === 1, 'no approval posted');
        const approve = ofType(w.native, 'swap-tx')[0]!;
        expect(approve).to.deep.include({ kind: 'approve', chain: 'ETH', family: 'evm' });
        expect(approve.tx.chainId).to.equal(1);
        expect(approve.tx.to.toLowerCase()).to.equal('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
        expect(approve.summary).to.deep.include({ sellAsset: USDC, sellAmount: '2500.5', decimals: 6 });
        expect(approve.summary.spender).to.match(/^0x[0-9a-fA-F]{40}$/);
        // While the approval is out, there is no Swap to press.
        await w.el.updateComplete;
        expect(w.h.swapButton).to.equal(null);

        await until(() => ofType(w.native, 'swap-status').length > 0, 'the swap was not tracked', 15_000);
        const [, swap, ...more] = ofType(w.native, 'swap-tx');
        expect(more).to.have.length(0);
        expect(swap).to.deep.include({
          kind: 'swap',
          chain: 'ETH',
          family: 'evm',
          quoteId: approve.quoteId,
          routeIndex: approve.routeIndex,
        });
        expect(swap!.tx.chainId).to.equal(1);
        expect(swap!.summary).to.not.have.property('spender');
        expect(injectedCalls(w.native)).to.deep.equal(['approved', 'track']);
        // The app waited for the approval to be mined before the widget handed out the swap.
        expect(swapSeenAt - approveSeenAt).to.be.at.least(w.native.approvalMinedMs);
        const status = ofType(w.native, 'swap-status')[0]!;
        expect(status).to.deep.include({ chainId: 'ETH', quoteId: swap!.quoteId, routeIndex: swap!.routeIndex });
        expect(w.dom.map((e) => e.defaultPrevented)).to.deep.equal([false, false]);
        expect(ofType(w.native, 'swap-error')).to.deep.equal([]);
      });
    });
  }

  describe('React Native: the rest of the lifecycle', () => {
    it('a deposit channel arrives as swap-memo with an empty memo, and is tracked', async function () {
      this.timeout(40_000);
      const key = scope('wv-channel');
      await control(key, { timeScale: 100 });
      const w = await openWallet('react-native', key, { providers: 'PROTOCOL_B' });
      await pressSwapOnFirstRoute(w);
      // No list vouches for a channel's address: the user accepts that in the widget's review,
      // which skip-review does not skip; the app's own sheet is told so too.
      await confirmReview(w.el, { requireRisk: true });
      await until(() => ofType(w.native, 'swap-status').length > 0, 'the channel deposit was not tracked', 15_000);
      const [memo, ...more] = ofType(w.native, 'swap-memo');
      expect(memo!.review.warnings).to.include('deposit-address-unverified');
      expect(memo!.review.to).to.deep.include({ role: 'deposit-address', address: memo!.address });
      expect(more).to.have.length(0);
      expect(memo).to.deep.include({ chain: 'BTC', asset: 'BTC.BTC', amount: '0.1', memo: '' });
      expect(memo!.address).to.match(/^bc1/);
      expect(memo!.summary.provider).to.equal('PROTOCOL_B');
      expect(ofType(w.native, 'swap-status')[0]).to.deep.include({
        quoteId: memo!.quoteId,
        routeIndex: memo!.routeIndex,
        chainId: 'BTC',
      });
      expect(await requests(key, '/v1/protocol-b-deposit-channel')).to.have.length(1);
      expect(ofType(w.native, 'swap-error')).to.deep.equal([]);
    });

    it('a rejection: rejected() revokes the hand-out (once, even when called twice) and Swap hands out again', async function () {
      this.timeout(40_000);
      const key = scope('wv-reject');
      await control(key, { timeScale: 100 });
      const w = await openWallet('react-native', key);
      w.native.user = () => 'reject';
      await pressSwapOnFirstRoute(w);
      await until(() => ofType(w.native, 'swap-revoke').length === 1, 'no swap-revoke posted');
      const [memo] = ofType(w.native, 'swap-memo');
      expect(ofType(w.native, 'swap-revoke')[0]).to.deep.equal({
        quoteId: memo!.quoteId,
        routeIndex: memo!.routeIndex,
        handoutId: memo!.handoutId,
        reason: 'rejected',
      });
      expect(injectedCalls(w.native)).to.deep.equal(['rejected']);
      // A second rejected(): nothing is pending, nothing happens.
      expect(await postedBy(w, 'rejected'), 'posted after a second rejected()').to.deep.equal([]);
      expect(ofType(w.native, 'swap-revoke')).to.have.length(1);
      expect(ofType(w.native, 'swap-error')).to.deep.equal([]);

      // Back to the selected route: Swap is pressable and hands out again; this time the user signs.
      await w.el.updateComplete;
      expect(w.h.swapButton!.disabled).to.equal(false);
      w.native.user = () => 'sign';
      w.h.swapButton!.click();
      await until(() => ofType(w.native, 'swap-status').length > 0, 'the second hand-out was not tracked', 15_000);
      expect(ofType(w.native, 'swap-memo')).to.have.length(2);
      expect(ofType(w.native, 'swap-revoke')).to.have.length(1);
      expect(ofType(w.native, 'swap-error')).to.deep.equal([]);
    });

    it('an expiry: a hand-out the app never answers is revoked (expired) at the route’s expiry; a late track() is warned about and still tracked', async function () {
      this.timeout(40_000);
      const key = scope('wv-expiry');
      // Routes valid for 8 s: pressing Swap re-quotes (less than 30 s left), then hands out for 8 s.
      await control(key, { timeScale: 100, routeTtl: 8 });
      const w = await openWallet('react-native', key);
      w.native.user = () => 'ignore';
      await pressSwapOnFirstRoute(w);
      await until(() => ofType(w.native, 'swap-memo').length === 1, 'no swap-memo posted');
      const memo = ofType(w.native, 'swap-memo')[0]!;
      const expiresAt = Date.parse(memo.expiresAt);
      expect(expiresAt - Date.now()).to.be.within(0, 8_000);
      await until(() => ofType(w.native, 'swap-revoke').length === 1, 'no swap-revoke at expiry', 15_000).catch(
        (e: Error) => {
          throw new Error(
            `${e.message}: ${JSON.stringify(w.native.messages.map((m) => [m.type, m.detail.reason ?? m.detail.code ?? '']))}`,
          );
        },
      );
      const revokedAt = w.native.receivedAt[w.native.messages.findIndex((m) => m.type === 'swap-revoke')]!;
      expect(ofType(w.native, 'swap-revoke')[0]).to.deep.equal({
        quoteId: memo.quoteId,
        routeIndex: memo.routeIndex,
        handoutId: memo.handoutId,
        reason: 'expired',
      });
      // At the expiry, not a margin before it.
      expect(revokedAt).to.be.at.least(expiresAt);
      expect(ofType(w.native, 'swap-error').map((e) => e.code)).to.deep.equal(['route-expired']);
      await w.el.updateComplete;
      expect(w.h.swapButton!.disabled).to.equal(false);

      // The app answers after all: money may have moved, so it is tracked, with a warning.
      const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
      w.native.call('track', [hash]);
      await until(() => ofType(w.native, 'swap-status').length > 0, 'the late hash was not tracked');
      expect(ofType(w.native, 'swap-status')[0]).to.deep.include({
        hash,
        quoteId: memo.quoteId,
        routeIndex: memo.routeIndex,
      });
      const late = ofType(w.native, 'swap-error').at(-1)!;
      expect(late.code).to.equal('tracking');
      expect(late.message).to.match(/withdrawn/);
    });

    it('a reload between hand-out and track(): the new page finds the hand-out written ahead, and track(hash) tracks it', async function () {
      this.timeout(40_000);
      const key = scope('wv-reload');
      await control(key, { timeScale: 100 });
      const w = await openWallet('react-native', key);
      w.native.user = () => 'hold';
      await pressSwapOnFirstRoute(w);
      await until(() => ofType(w.native, 'swap-memo').length === 1, 'no swap-memo posted');
      const memo = ofType(w.native, 'swap-memo')[0]!;
      // Written before it was posted, under its id, with its quote and route.
      const stored = JSON.parse(localStorage.getItem(HANDOUT_KEY)!) as {
        records: Record<string, { id: string; quoteId: string; routeIndex: number; kind: string }[]>;
      };
      expect(Object.values(stored.records)[0]!.at(-1)).to.deep.include({
        id: memo.handoutId,
        quoteId: memo.quoteId,
        routeIndex: memo.routeIndex,
        kind: 'memo',
      });
      // The user signed; the renderer is killed before the app could answer.
      await until(
        () =>
          (JSON.parse(sessionStorage.getItem(MEMORY_KEY) ?? '{"held":[]}') as { held: unknown[] }).held.length === 1,
        'the app did not sign',
      );
      const { hash } = (JSON.parse(sessionStorage.getItem(MEMORY_KEY)!) as { held: { hash: string }[] }).held[0]!;
      expect(injectedCalls(w.native)).to.deep.equal([]);

      const again = await reload(w);
      expect(again.el).to.not.equal(w.el);
      // The app reports the hash as soon as the page has loaded, before the widget has even quoted.
      await until(() => ofType(again.native, 'swap-status').length > 0, 'no swap-status after the reload', 15_000);
      expect(injectedCalls(again.native)).to.deep.equal(['track']);
      expect(ofType(again.native, 'swap-status')[0]).to.deep.include({
        hash,
        quoteId: memo.quoteId,
        routeIndex: memo.routeIndex,
        chainId: 'BTC',
      });
      expect(ofType(again.native, 'swap-error')).to.deep.equal([]);
      await until(async () => (await requests(key, '/v1/track')).length > 0, 'no tracking request');
      expect((await requests(key, '/v1/track'))[0]!.body).to.include({ hash, quoteId: memo.quoteId });
      // The hand-out ended: its record holds the hash that answered it (a second hash is refused).
      const after = JSON.parse(localStorage.getItem(HANDOUT_KEY)!) as {
        records: Record<string, { id: string; hash?: string }[]>;
      };
      expect(Object.values(after.records)[0]!.find((r) => r.id === memo.handoutId)?.hash).to.equal(hash);
    });

    it('a double press posts exactly one hand-out; approved() with nothing pending does nothing', async function () {
      this.timeout(30_000);
      const key = scope('wv-double');
      const w = await openWallet('react-native', key);
      w.native.user = () => 'ignore';
      // Two taps in the same task (before the button is drawn disabled), and more once the
      // widget has drawn what the first one changed.
      const button = w.h.swapButton;
      await pressSwapOnFirstRoute(w, 2);
      await w.el.updateComplete;
      // The button first pressed, pressed again after it left the screen, and whatever is there now.
      button?.click();
      w.h.swapButton?.click();
      // A second hand-out could only come from one of these taps, all made before the app can
      // have the first (it gets each message a task after it is posted). The checks a tap
      // starts wait on the same answer as the first press's (the node's list of vaults, one
      // request shared while it is fresh), so a second hand-out would be posted by then too.
      await until(() => ofType(w.native, 'swap-memo').length > 0, 'no swap-memo posted');
      expect(postedSince(w.native).filter((m) => m.type === 'swap-memo')).to.have.length(1);
      expect(w.h.swapButton).to.equal(null);

      // approved() when the pending hand-out is not an approval: nothing.
      expect(await postedBy(w, 'approved', [`0x${'ab'.repeat(32)}`])).to.deep.equal([]);
      expect(w.h.swapButton).to.equal(null);
    });

    it('track() with a malformed hash posts swap-error (tracking) and tracks nothing; approved() before any hand-out does nothing', async function () {
      this.timeout(30_000);
      const key = scope('wv-bad-input');
      const w = await openWallet('react-native', key);
      await until(() => ofType(w.native, 'swap-quote').length > 0, 'no swap-quote posted', 15_000);
      await w.el.updateComplete;
      expect(await postedBy(w, 'approved', [`0x${'cd'.repeat(32)}`])).to.deep.equal([]);

      // A swap the widget tracks is told with swap-status as tracking starts, inside track(),
      // before its first poll is sent: the swap-error alone means nothing is tracked or polled.
      const told = await postedBy(w, 'track', ['0x1234']);
      expect(told.map((m) => m.type)).to.deep.equal(['swap-error']);
      expect(told[0]!.detail).to.deep.include({ code: 'tracking' });
      expect(await requests(key, '/v1/track')).to.deep.equal([]);
    });

    it('without host-signs nor injected JavaScript, an EVM route goes looking for a browser wallet: swap-error wallet, and approved() is ignored', async function () {
      this.timeout(30_000);
      const key = scope('wv-no-host-signs');
      const w = await openWallet('react-native', key, {
        hostSigns: '0',
        providers: 'AGGREGATOR_A',
        sell: USDC,
        buy: 'ETH.ETH',
        amount: '2500.5',
        from: ETH_ADDRESS,
        to: ETH_ADDRESS,
      });
      expect(w.el.hasAttribute('host-signs')).to.equal(false);
      await pressSwapOnFirstRoute(w);
      await until(() => ofType(w.native, 'swap-error').length > 0, 'no swap-error posted');
      expect(ofType(w.native, 'swap-error')[0]).to.deep.include({ code: 'wallet' });
      // The app signed the approval it was posted and answered; nothing was waiting for it. The
      // call did its work before it returned, and the widget's render after it: nothing more
      // posted by then is nothing posted.
      await until(() => injectedCalls(w.native).includes('approved'), 'the app did not answer');
      await w.el.updateComplete;
      expect(
        postedSince(w.native)
          .filter((m) => m.type === 'swap-tx')
          .map((m) => m.detail.kind),
      ).to.deep.equal(['approve']);
    });

    it('without host-signs, the injected lines that cancel swap-tx and swap-memo make the app the signer', async function () {
      this.timeout(30_000);
      const key = scope('wv-cancel');
      await control(key, { timeScale: 100 });
      const w = await openWallet('react-native', key, {
        hostSigns: '0',
        cancel: '1',
        providers: 'AGGREGATOR_A',
        sell: USDC,
        buy: 'ETH.ETH',
        amount: '2500.5',
        from: ETH_ADDRESS,
        to: ETH_ADDRESS,
      });
      await pressSwapOnFirstRoute(w);
      await until(() => ofType(w.native, 'swap-status').length > 0, 'the swap was not tracked', 15_000);
      expect(ofType(w.native, 'swap-tx').map((t) => t.kind)).to.deep.equal(['approve', 'swap']);
      expect(w.dom.map((e) => e.defaultPrevented)).to.deep.equal([true, true]);
      expect(ofType(w.native, 'swap-error')).to.deep.equal([]);
    });

    it('the user picks another sell chain: the app is told (swap-input), supplies its address there, and nothing is quoted with the wrong one', async function () {
      this.timeout(30_000);
      const key = scope('wv-follow');
      const w = await openWallet('react-native', key, { providers: '', buy: USDC });
      await until(() => ofType(w.native, 'swap-quote').length > 0, 'no swap-quote posted', 15_000);
      await w.h.pickAsset('sell', 'ETH', 'Ethereum');
      const quotes = ofType(w.native, 'swap-quote').length;
      await until(
        async () => (await requests(key, '/v1/quote')).some((r) => r.body?.sellAsset === 'ETH.ETH'),
        'no quote for ETH after the app supplied its address',
        15_000,
      );
      await until(() => ofType(w.native, 'swap-quote').length > quotes, 'no swap-quote posted for ETH', 15_000);
      expect(ofType(w.native, 'swap-input')[0]).to.deep.include({ sellAsset: 'ETH.ETH', sourceAddress: BTC_ADDRESS });
      expect(ofType(w.native, 'swap-error')[0]).to.deep.include({ code: 'invalid-config', field: 'source-address' });
      expect(w.native.injected).to.deep.equal([
        `document.querySelector('swap-widget').setAttribute('source-address', ${JSON.stringify(ETH_ADDRESS)}); true;`,
      ]);
      const ethQuotes = (await requests(key, '/v1/quote')).filter((r) => r.body?.sellAsset === 'ETH.ETH');
      expect(ethQuotes.length).to.be.greaterThan(0);
      expect(ethQuotes.every((r) => r.body!.sourceAddress === ETH_ADDRESS)).to.equal(true);
    });
  });
});

describe('track() before the widget has started', () => {
  afterEach(() => {
    fixtureCleanup();
    clearStorage();
  });

  it('a native side that answers at once after a reload (before the first paint) still tracks the hand-out written ahead', async function () {
    this.timeout(30_000);
    const key = scope('wv-early');
    await control(key, { timeScale: 100 });
    const attrs = {
      'api-url': SERVICE,
      'api-key': key,
      'host-signs': '',
      'poll-interval': '1000',
      providers: 'PROTOCOL_A',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    };
    const make = () => {
      const el = document.createElement('swap-widget');
      for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
      return el;
    };
    const first = make();
    const memos: CustomEvent[] = [];
    first.addEventListener('swap-memo', (e) => memos.push(e));
    await fixture(html`<div>${first}</div>`);
    const h = new WidgetHarness(first);
    await until(() => h.routes.length > 0, 'no routes');
    await pressSwap(first);
    await until(() => memos.length === 1, 'no swap-memo');
    const memo = memos[0]!.detail as { quoteId: string; routeIndex: number };
    // The renderer dies; the page comes back with a new widget, and the app answers at once.
    fixtureCleanup();
    const again = make();
    const seen = record(again, 'swap-status', 'swap-error');
    document.body.append(again);
    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    again.track(hash);
    try {
      await until(() => seen.length > 0, 'nothing after track()', 15_000);
      expect(seen.map((e) => e.type)).to.deep.equal(['swap-status']);
      expect(ofTypeDom(seen, 'swap-status')[0]!.detail).to.deep.include({
        hash,
        quoteId: memo.quoteId,
        routeIndex: memo.routeIndex,
        chainId: 'BTC',
      });
    } finally {
      again.remove();
    }
  });
});
