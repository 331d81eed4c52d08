/**
 * The widget against SwapKit's current API, as the reference service speaks it under `/swapkit/`
 * (`api-url="/swapkit"`, `api-dialect="swapkit"`): a swap of each family (a THORChain memo, a
 * Chainflip deposit address, a token sold on 1inch, a Jupiter swap, a THORChain MsgDeposit) is
 * quoted without what is signed, asked for with `/swap` at the press, checked, reviewed, handed
 * out and tracked through `/swapkit/track` to a final state; a route the widget cannot carry out
 * is listed as not supported, with the reason.
 *
 * Assertions compare strings and booleans (never an element from inside the widget).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapTxDetail } from '../../src/events.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import {
  LOCAL_NODES,
  acceptRisk,
  allRoutes,
  confirmReview,
  control,
  ofType,
  record,
  requests,
  reviewButton,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const THOR_USER = 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
const SWAPKIT = { 'api-url': '/swapkit', 'api-dialect': 'swapkit' };

async function mount(
  attrs: Record<string, string>,
  props: Partial<Pick<SwapWidget, 'decimals'>> = {},
): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...SWAPKIT, ...attrs })) el.setAttribute(k, v);
  Object.assign(el, props);
  await fixture(html`<div>${el}</div>`);
  return el;
}

/** Selects the first route and presses Review swap. */
async function press(el: SwapWidget): Promise<void> {
  await until(() => routeButtons(el).length > 0, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  (await reviewButton(el)).click();
}

/** Tracks `hash` and waits for a final status; the last status. */
async function trackToTheEnd(el: SwapWidget, seen: Event[], hash: string) {
  el.track(hash);
  await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
  return ofType(seen, 'swap-status').at(-1)!.detail;
}

describe('SwapKit: a swap of each family, through /quote then /swap', () => {
  beforeEach(() => localStorage.removeItem(STORAGE_KEY));
  afterEach(() => {
    fixtureCleanup();
    localStorage.removeItem(STORAGE_KEY);
  });

  it('a THORChain memo from BTC: /swap gives the memo, handed out, tracked to completed', async function () {
    this.timeout(30_000);
    const key = scope('sk-memo');
    await control(key, { timeScale: 60 });
    const el = await mount({
      'api-key': key,
      providers: 'THORCHAIN',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'source-address': BTC_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-status', 'swap-error', 'swap-quote');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    await until(() => routeButtons(el).length > 0, 'no routes');
    // Quoted without what is signed: no memo yet.
    const quoted = ofType(seen, 'swap-quote').at(-1)!.detail.routes[0]!;
    expect([
      quoted.providers.join(),
      quoted.memo === undefined,
      typeof (quoted as { routeId?: unknown }).routeId,
    ]).to.deep.equal(['THORCHAIN', true, 'string']);
    expect((await requests(key, '/swapkit/swap')).length).to.equal(0);
    await press(el);
    await confirmReview(el);
    await until(() => ofType(seen, 'swap-memo').length === 1 || ofType(seen, 'swap-error').length > 0, 'no swap-memo');
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    const memo = ofType(seen, 'swap-memo')[0]!.detail;
    expect([memo.chain, memo.asset, memo.amount, memo.memo.startsWith('=:')]).to.deep.equal([
      'BTC',
      'BTC.BTC',
      '0.1',
      true,
    ]);
    const swapped = await requests(key, '/swapkit/swap');
    expect(
      swapped.map((r) =>
        Object.keys(r.body ?? {})
          .sort()
          .join(),
      ),
    ).to.deep.equal(['destinationAddress,routeId,sourceAddress']);
    const last = await trackToTheEnd(el, seen, makeHash('completed', 'flat', { evm: false, seed: key }));
    expect([last.status, last.final]).to.deep.equal(['completed', true]);
    const tracked = await requests(key, '/swapkit/track');
    expect(tracked[0]!.body).to.deep.include({ chainId: 'bitcoin' });
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
  });

  it('a Chainflip route: /swap opens the channel, the user accepts the address, it is handed out', async () => {
    const key = scope('sk-chainflip');
    const el = await mount({
      'api-key': key,
      providers: 'CHAINFLIP',
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '1',
      'source-address': ETH_ADDRESS,
      'destination-address': BTC_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-error', 'swap-tx');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    await press(el);
    await acceptRisk(el);
    await until(() => ofType(seen, 'swap-memo').length + ofType(seen, 'swap-error').length > 0, 'nothing handed out');
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    const handOut = ofType(seen, 'swap-memo')[0]!.detail;
    expect([
      handOut.chain,
      handOut.asset,
      handOut.amount,
      handOut.memo,
      /^0x[0-9a-fA-F]{40}$/.test(handOut.address),
    ]).to.deep.equal(['ETH', 'ETH.ETH', '1', '', true]);
    expect((await requests(key, '/swapkit/swap')).length).to.equal(1);
    expect(ofType(seen, 'swap-tx').length).to.equal(0);
  });

  it('a token sold on 1inch: an exact approval, then the swap /swap gave', async () => {
    const key = scope('sk-1inch');
    const el = await mount({
      'api-key': key,
      providers: 'ONEINCH',
      'host-signs': '',
      'sell-asset': USDC,
      'buy-asset': 'ETH.ETH',
      'sell-amount': '2500.5',
      'source-address': ETH_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-tx', 'swap-error');
    el.addEventListener('swap-tx', (e) => {
      e.preventDefault();
      if (e.detail.kind === 'approve') queueMicrotask(() => el.approved());
    });
    await press(el);
    await confirmReview(el);
    await until(
      () => ofType(seen, 'swap-tx').some((e) => e.detail.kind === 'swap') || ofType(seen, 'swap-error').length > 0,
      'no swap-tx',
    );
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    expect(ofType(seen, 'swap-tx').map((e) => e.detail.kind)).to.deep.equal(['approve', 'swap']);
    const approve = ofType(seen, 'swap-tx')[0]!.detail;
    if (approve.family !== 'evm') throw new Error(`an EVM approval was expected, got ${approve.family}`);
    expect(approve.tx.data.toLowerCase().endsWith((2_500_500_000).toString(16).padStart(64, '0'))).to.equal(true);
  });

  for (const c of [
    {
      name: 'a Jupiter swap',
      family: 'solana',
      chain: 'SOL',
      attrs: {
        providers: 'JUPITER',
        'sell-asset': 'SOL.SOL',
        'buy-asset': SOL_USDC,
        'sell-amount': '3',
        'source-address': SOL_USER,
        'destination-address': SOL_USER,
      },
    },
    {
      name: 'a THORChain MsgDeposit',
      family: 'cosmos',
      chain: 'THOR',
      attrs: {
        providers: 'THORCHAIN',
        'sell-asset': 'THOR.RUNE',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '100',
        'source-address': THOR_USER,
        'destination-address': ETH_ADDRESS,
      },
    },
  ] as const) {
    it(`${c.name}: swap-tx of family ${c.family} from /swap's answer, tracked to completed`, async function () {
      this.timeout(30_000);
      const key = scope(`sk-${c.chain}`);
      await control(key, { timeScale: 60 });
      const el = await mount({ 'api-key': key, ...c.attrs });
      const seen = record(el, 'swap-tx', 'swap-status', 'swap-error');
      el.addEventListener('swap-tx', (e) => e.preventDefault());
      await press(el);
      await confirmReview(el);
      await until(() => ofType(seen, 'swap-tx').length === 1 || ofType(seen, 'swap-error').length > 0, 'no swap-tx');
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const detail: SwapTxDetail = ofType(seen, 'swap-tx')[0]!.detail;
      expect(detail).to.include({ family: c.family, kind: 'swap', chain: c.chain });
      const last = await trackToTheEnd(el, seen, makeHash('completed', 'wrapped', { seed: key }));
      expect([last.status, last.final]).to.deep.equal(['completed', true]);
    });
  }
});

describe('SwapKit: routes the widget cannot carry out', () => {
  afterEach(() => fixtureCleanup());

  it('a multi-step route is listed as not supported, with the reason, beside the routes that can be pressed', async () => {
    const key = scope('sk-unsupported');
    // LINK is in no table of the widget: the host gives its decimals (18, its contract's
    // `decimals()`), else the widget rightly warns that it cannot be sold (`decimals-unknown`).
    const el = await mount(
      {
        'api-key': key,
        'sell-asset': LINK,
        'buy-asset': 'BTC.BTC',
        'sell-amount': '100',
        'source-address': ETH_ADDRESS,
        'destination-address': BTC_ADDRESS,
      },
      { decimals: { [LINK]: 18 } },
    );
    const seen = record(el, 'swap-error');
    await until(() => routeButtons(el).length > 0, 'no routes');
    await allRoutes(el);
    const rows = [...shadow(el).querySelectorAll('.route[data-unsupported]')];
    expect(rows.length > 0, 'no route listed as not supported').to.equal(true);
    expect(rows.map((r) => r.getAttribute('data-unsupported'))).to.include('route-steps-unsupported');
    expect(rows[0]!.textContent?.replace(/[\u2066-\u2069]/g, '')).to.match(/Not supported: it has several steps/);
    expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal([]);
  });
});
