import { expect, fixture, html } from '@open-wc/testing';
import { decodeFunctionData, erc20Abi } from 'viem';
import '../../src/index.js';
import { EXPIRY_MARGIN_MS } from '../../src/session/swap-flow.js';
import { parseSwapMemo, SHORT_ASSETS } from '../../src/domain/chains/memo.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import {
  LOCAL_NODES,
  acceptRisk,
  confirmReview,
  control,
  reviewButton,
  reviewOf,
  ofType,
  record,
  requests,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

async function mount(attrs: Record<string, string>): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  await fixture(html`<div>${el}</div>`);
  return el;
}

async function selectFirstRoute(el: SwapWidget) {
  await until(() => routeButtons(el).length > 0, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  return reviewButton(el);
}

/** Presses Review swap on the first route and confirms the review. */
async function swapFirstRoute(el: SwapWidget) {
  (await selectFirstRoute(el)).click();
  await confirmReview(el);
}

describe('executing a route', () => {
  it('hands a memo route to a host that cancels swap-memo, then tracks what the host sent', async () => {
    const key = scope('memo-host');
    await control(key, { timeScale: 60 });
    const el = await mount({
      'api-key': key,
      providers: 'PROTOCOL_A',
      affiliate: 'sw',
      'affiliate-fee': '25',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'source-address': BTC_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-status', 'swap-error', 'swap-tx');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    await swapFirstRoute(el);
    await until(() => ofType(seen, 'swap-memo').length === 1, 'no swap-memo');
    const memo = ofType(seen, 'swap-memo')[0]!.detail;
    expect(memo).to.include({ chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' });
    expect(memo.address).to.match(/^bc1/);
    expect(Date.parse(memo.expiresAt!)).to.be.greaterThan(Date.now());
    const parsed = parseSwapMemo(memo.memo, SHORT_ASSETS);
    expect(parsed.ok).to.equal(true);
    if (parsed.ok) {
      expect(parsed.memo.destination.toLowerCase()).to.equal(ETH_ADDRESS.toLowerCase());
      expect(parsed.memo.affiliates).to.deep.equal(['sw']);
      expect(parsed.memo.feesBps).to.deep.equal([25]);
    }
    // The host took over: no memo flow on screen.
    expect(shadow(el).querySelector('swap-memo-flow')).to.equal(null);
    expect(ofType(seen, 'swap-tx')).to.have.length(0);

    const hash = makeHash('completed', 'wrapped', { evm: false, seed: key });
    el.track(hash);
    await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
    const statuses = ofType(seen, 'swap-status').map((e) => e.detail);
    expect(statuses[0]).to.include({ hash, chainId: 'BTC', final: false });
    expect(statuses.at(-1)).to.include({ status: 'completed', final: true });
    expect(statuses.at(-1)!.quoteId).to.equal(statuses[0]!.quoteId);
    const tracked = await requests(key, '/v1/track');
    expect(tracked[0]!.body).to.include({ hash, chainId: 'BTC' });
    expect(ofType(seen, 'swap-error')).to.have.length(0);
  });

  it('shows the memo flow when swap-memo is not cancelled, and a pasted hash starts tracking', async () => {
    const key = scope('memo-flow');
    await control(key, { timeScale: 60 });
    const el = await mount({
      'api-key': key,
      providers: 'PROTOCOL_A',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-status');
    await swapFirstRoute(el);
    await until(() => !!shadow(el).querySelector('swap-memo-flow'), 'no memo flow');
    const flow = shadow(el).querySelector('swap-memo-flow')!;
    await flow.updateComplete;
    const root = flow.shadowRoot!;
    const detail = ofType(seen, 'swap-memo')[0]!.detail;
    expect(root.querySelector('[data-field="address"]')!.textContent).to.equal(detail.address);
    expect(root.querySelector('[data-field="memo"]')!.textContent).to.equal(detail.memo);
    expect(root.querySelector('[data-field="amount"]')!.textContent).to.contain('0.1');
    expect(root.querySelectorAll('[part="copy-button"]').length).to.equal(3);
    expect(root.querySelector('svg[part="qr"] path')!.getAttribute('d')!.length).to.be.greaterThan(100);
    expect(root.textContent).to.match(/memo is required/i);
    expect(root.textContent).to.match(/Send within \d+:\d\d/);
    await expect(flow).to.be.accessible();

    const input = root.querySelector<HTMLInputElement>('[part="hash-input"]')!;
    input.value = 'not a hash';
    root.querySelector('form')!.requestSubmit();
    await flow.updateComplete;
    expect(root.querySelector('#hash-error')!.textContent).to.match(/does not look/);
    const hash = makeHash('completed', 'flat', { evm: false, seed: key });
    input.value = hash;
    root.querySelector('form')!.requestSubmit();
    await until(
      () => ofType(seen, 'swap-status').some((e) => e.detail.status === 'completed'),
      'not completed',
      20_000,
    );
    expect(ofType(seen, 'swap-status')[0]!.detail.hash).to.equal(hash);
  });

  it("checks the vault with the protocol's node: when the node does not answer, the route is refused (no box to tick), and a later press reads it again", async () => {
    const key = scope('node-down');
    // The node of this scope fails its next answer (a dropped connection the browser would retry): the vault
    // cannot be verified at the first press.
    await control(key, { faults: [{ kind: '500', path: '/thorchain/', times: 1 }] });
    const el = await mount({
      'api-key': key,
      providers: 'PROTOCOL_A',
      'thornode-url': `/__node/${key}`,
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-memo', 'swap-error');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    (await selectFirstRoute(el)).click();
    await until(() => ofType(seen, 'swap-error').length === 1, 'not refused');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect([error.code, error.reason]).to.deep.equal(['route-rejected', 'protocol-unverified']);
    expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.match(/THORChain's node did not answer/);
    expect(reviewOf(el), 'a review to confirm').to.equal(null);
    expect(ofType(seen, 'swap-memo')).to.have.length(0);
    // The route is not marked refused for good: Try again asks the node again (nothing of the failure was
    // kept), which answers, and the vault is verified.
    await el.updateComplete;
    await shadow(el).querySelector('swap-execution-view')!.updateComplete;
    const again = shadow(el).querySelector<HTMLButtonElement>('[part="execution"] .retry');
    expect(again?.textContent?.trim(), 'Try again').to.equal('Try again');
    expect(shadow(el).querySelector('.route.refused'), 'the route marked refused for good').to.equal(null);
    again!.click();
    await confirmReview(el, { acceptRisk: false });
    await until(() => ofType(seen, 'swap-memo').length === 1, 'not handed out once the node answered');
    expect(ofType(seen, 'swap-error')).to.have.length(1);
  });

  it('opens a fresh deposit channel for protocol B each time and hands out its address with an empty memo', async () => {
    const key = scope('channel');
    const el = await mount({
      'api-key': key,
      providers: 'PROTOCOL_B',
      affiliate: 'sw',
      'affiliate-fee': '15',
      'sell-asset': 'ETH.ETH',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '1',
      'destination-address': BTC_ADDRESS,
    });
    const memos = record(el, 'swap-memo');
    el.addEventListener('swap-memo', (e) => e.preventDefault());
    (await selectFirstRoute(el)).click();
    // No list vouches for a channel's address: the user accepts it before it is handed out.
    await acceptRisk(el);
    await until(() => memos.length === 1, 'no swap-memo');
    await el.updateComplete;
    // While the hand-out stands, there is no Swap to press; once the host declines it, a new press opens a new channel.
    expect(shadow(el).querySelector('[part="swap-button"]')).to.equal(null);
    el.rejected();
    await el.updateComplete;
    (await selectFirstRoute(el)).click();
    await acceptRisk(el);
    await until(() => memos.length === 2, 'no second swap-memo');
    const [a, b] = memos.map((m) => m.detail);
    expect(a!.memo).to.equal('');
    expect(a!.address).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(b!.address).not.to.equal(a!.address);
    expect(Date.parse(a!.expiresAt!)).to.be.greaterThan(Date.now());
    const opened = await requests(key, '/v1/protocol-b-deposit-channel');
    expect(opened).to.have.length(2);
    expect(opened[0]!.body).to.include({
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      destinationAddress: BTC_ADDRESS,
      affiliateCode: 'sw',
      affiliateBps: 15,
    });
  });

  it('asks a signing host for an exact approval, then the swap, then tracks its hash', async () => {
    const key = scope('evm-host');
    await control(key, { timeScale: 60 });
    const el = await mount({
      'api-key': key,
      providers: 'AGGREGATOR_A',
      'sell-asset': USDC,
      'buy-asset': 'ETH.ETH',
      'sell-amount': '2500.5',
      'source-address': ETH_ADDRESS,
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-tx', 'swap-status', 'swap-quote');
    el.addEventListener('swap-tx', (e) => e.preventDefault());
    await swapFirstRoute(el);
    await until(() => ofType(seen, 'swap-tx').length === 1, 'no approval asked');
    const approve = ofType(seen, 'swap-tx')[0]!.detail;
    if (approve.family !== 'evm') throw new Error(`an EVM approval, not ${approve.family}`);
    const route = ofType(seen, 'swap-quote')[0]!.detail.routes[approve.routeIndex]!;
    expect(approve.kind).to.equal('approve');
    expect(approve.chain).to.equal('ETH');
    expect(approve.tx.chainId).to.equal(1);
    expect(approve.tx.to.toLowerCase()).to.equal('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
    const call = decodeFunctionData({ abi: erc20Abi, data: approve.tx.data as `0x${string}` });
    if (call.functionName !== 'approve') expect.fail(`not an approve: ${call.functionName}`);
    const { args } = call;
    expect(args[0].toLowerCase()).to.equal(String(route.meta.approvalAddress).toLowerCase());
    expect(args[1]).to.equal(2_500_500_000n);
    // 1inch's router is both the contract called and the spender approved.
    expect(String(route.meta.approvalAddress).toLowerCase()).to.equal((route.tx as { to: string }).to.toLowerCase());

    el.approved('0x' + 'ab'.repeat(32));
    await until(() => ofType(seen, 'swap-tx').length === 2, 'no swap asked');
    const swap = ofType(seen, 'swap-tx')[1]!.detail;
    const tx = route.tx as { to: string; from: string; value: string; data: string };
    expect(swap).to.deep.include({ kind: 'swap', chain: 'ETH' });
    expect(swap.tx).to.deep.equal({ to: tx.to, from: tx.from, value: '0', data: tx.data, chainId: 1 });

    const hash = makeHash('completed', 'wrapped', { evm: true, seed: key });
    el.track(hash);
    await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
    expect(ofType(seen, 'swap-status')[0]!.detail.chainId).to.equal('ETH');
  });

  describe('refuses a tampered route and hands nothing out', () => {
    for (const [kind, pattern, attrs] of [
      [
        'memo-destination',
        /pays to/,
        {
          providers: 'PROTOCOL_A',
          'sell-asset': 'BTC.BTC',
          'buy-asset': 'ETH.ETH',
          'sell-amount': '0.1',
          'destination-address': ETH_ADDRESS,
        },
      ],
      [
        'memo-limit',
        /as little as/,
        {
          providers: 'PROTOCOL_A',
          'sell-asset': 'BTC.BTC',
          'buy-asset': 'ETH.ETH',
          'sell-amount': '0.1',
          'destination-address': ETH_ADDRESS,
        },
      ],
      [
        'memo-affiliate',
        /affiliate/,
        {
          providers: 'PROTOCOL_A',
          affiliate: 'sw',
          'affiliate-fee': '10',
          'sell-asset': 'BTC.BTC',
          'buy-asset': 'ETH.ETH',
          'sell-amount': '0.1',
          'destination-address': ETH_ADDRESS,
        },
      ],
      [
        'tx-from',
        /another address/,
        {
          providers: 'AGGREGATOR_A',
          'sell-asset': 'ETH.ETH',
          'buy-asset': USDC,
          'sell-amount': '1',
          'source-address': ETH_ADDRESS,
          'destination-address': ETH_ADDRESS,
        },
      ],
      [
        'tx-value',
        /wei/,
        {
          providers: 'AGGREGATOR_A',
          'sell-asset': 'ETH.ETH',
          'buy-asset': USDC,
          'sell-amount': '1',
          'source-address': ETH_ADDRESS,
          'destination-address': ETH_ADDRESS,
        },
      ],
      [
        'tx-chain',
        /chain 56/,
        {
          providers: 'AGGREGATOR_A',
          'sell-asset': 'ETH.ETH',
          'buy-asset': USDC,
          'sell-amount': '1',
          'source-address': ETH_ADDRESS,
          'destination-address': ETH_ADDRESS,
        },
      ],
    ] as const) {
      it(kind, async () => {
        const key = scope(kind);
        const el = await mount({ 'api-key': key, 'api-url': `/__tamper/${kind}`, ...attrs });
        const seen = record(el, 'swap-error', 'swap-tx', 'swap-memo');
        (await selectFirstRoute(el)).click();
        await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
        const error = ofType(seen, 'swap-error')[0]!.detail;
        expect(error.code).to.equal('route-rejected');
        // Numbers and addresses inside the sentence are isolated left to right (U+2066..U+2069).
        expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.match(pattern);
        expect(ofType(seen, 'swap-tx')).to.have.length(0);
        expect(ofType(seen, 'swap-memo')).to.have.length(0);
        await el.updateComplete;
        const list = shadow(el).querySelector('swap-route-list')!;
        await list.updateComplete;
        expect(shadow(el).querySelector('.route.refused')?.textContent).to.match(/Refused/);
      });
    }

    it('re-quotes an expired route first, and refuses it when it comes back expired', async () => {
      const key = scope('expired');
      // The tampered service's first answer expires in 20 s: valid, but inside the margin in
      // which Swap quotes again first. Its re-quote comes back already expired.
      const el = await mount({
        'api-key': key,
        'api-url': '/__tamper/expiring',
        providers: 'PROTOCOL_A',
        'sell-asset': 'BTC.BTC',
        'buy-asset': 'ETH.ETH',
        'sell-amount': '0.1',
        'destination-address': ETH_ADDRESS,
      });
      const seen = record(el, 'swap-quote', 'swap-error', 'swap-memo', 'swap-tx');
      const swap = await selectFirstRoute(el);
      const first = ofType(seen, 'swap-quote')[0]!.detail;
      const left = Number(first.routes[0]!.expiration) * 1000 - Date.now();
      expect(left, 'the chosen route has not expired').to.be.above(0);
      expect(left, 'but expires within the re-quote margin').to.be.below(EXPIRY_MARGIN_MS);
      expect(await requests(key, '/v1/quote')).to.have.length(1);

      const pressed = Date.now();
      swap.click();
      await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
      expect(ofType(seen, 'swap-error')[0]!.detail.code).to.equal('route-expired');
      // It asked for a fresh quote after the press, got the expired one, and refused it.
      const quotes = await requests(key, '/v1/quote');
      expect(quotes).to.have.length(2);
      expect(quotes[1]!.time).to.be.at.least(pressed - 5);
      const again = ofType(seen, 'swap-quote');
      expect(again).to.have.length(2);
      expect(Number(again[1]!.detail.routes[0]!.expiration) * 1000).to.be.below(pressed);
      // Nothing was handed out, and the execution view says why.
      expect(ofType(seen, 'swap-memo')).to.have.length(0);
      expect(ofType(seen, 'swap-tx')).to.have.length(0);
      await el.updateComplete;
      await shadow(el).querySelector('swap-execution-view')!.updateComplete;
      expect(shadow(el).querySelector('[part="execution"][role="alert"]')?.textContent).to.match(/The route expired/);
    });
  });
});
