/**
 * The hostile service through the real widget: one case of each attack class of
 * test/support/hostile-cases.ts (the Node suite runs them all), served by the tamper proxy
 * (`api-url="/__tamper/<case>"`, see web-test-runner.config.js). The route is shown refused,
 * `swap-error` `route-rejected` names the reason, and nothing is handed out. Also: a forged
 * status on the tracking channel changes nothing the widget does not keep.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import '../../src/index.js';
import { STORAGE_KEY } from '../../src/domain/tracking/swap-store.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import {
  HONEST_TWINS,
  HOSTILE_CASES,
  SCENARIOS,
  scenarioAttributes,
  type AttackClass,
} from '../support/hostile-cases.js';
import {
  LOCAL_NODES,
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

/** One case per class, and how the widget's message names its reason. */
const PICKS: Record<AttackClass, [name: string, reason: RegExp | 'expired']> = {
  'memo-asset': ['memo-asset-btc', /its memo buys BTC\.BTC, not ETH\.ETH/],
  'memo-abbreviation': [
    'memo-abbrev-shared-suffix',
    /its memo names ETH\.WBTC-599, which may also be ETH\.WBTC-0x0+ee599/,
  ],
  'memo-destination': ['memo-dest-attacker', /its memo pays to 0x0+dEaD/],
  'memo-limit': ['memo-limit-zero', /its memo accepts as little as 0 \(1e8 units\)/],
  'memo-affiliate': ['memo-affiliate-other', /its memo pays affiliate "evil"/],
  'memo-length': ['memo-length-utf8', /its memo is 8\d bytes long, more than the 80 bytes/],
  'tx-from': ['tx-from-aggregator', /sent from another address than yours/],
  'tx-value': ['tx-value-token', /also sends 1 wei with a token sell/],
  'tx-chain': ['tx-chain-bsc', /its transaction is for chain 56, not 1/],
  approval: [
    'approval-to-permit2',
    /its approval would go to 0x000000000022D473030F116dDEE9F6B43aC78BA3, not to the contract that takes the tokens/,
  ],
  expiry: ['expiry-past-seconds', 'expired'],
  'asset-amount': ['route-sell-amount', /it sells 25005, not the 2500\.5 asked for/],
  precision: ['precision-zero-minimum', /its minimum output 0 is below the 2\.\d+ a 1% slippage allows/],
  refund: ['refund-attacker', /its memo sends refunds to 0x0+dEaD, not to your source address/],
  'memo-streaming': ['streaming-a-week', /streams 100800 sub-swaps 1 blocks apart/],
  'router-decode': ['router-memo-other', /its router call carries another memo than the one it shows/],
  'evm-memo-without-router': ['evm-memo-no-tx', /a deposit from ETH must be a call of the protocol's router/],
  decimals: [
    'decimals-sell-12-consistent',
    /the token list says ETH\.USDC-0x[0-9a-fA-F]{40} has 12 decimals, but the widget's table of known tokens says 6/,
  ],
  selectors: [
    'call-transferandcall',
    /its transaction makes a call \(0x4000aea0\) of 1inch that the widget cannot read/,
  ],
  'aggregator-decode': ['oneinch-receiver', /its swap call pays 0x0+dEaD/],
  'expiry-units': ['expiry-ms-number-past', 'expired'],
  'affiliate-fees': [
    'affiliate-fee-ten-percent',
    /its affiliate fee of [\d.]+ ETH\.USDC-0x[0-9a-fA-F]+ is more than the configured 25 bps allow/,
  ],
  'inbound-address': ['inbound-evm-for-btc', /its inbound address 0x0+dEaD is not a BTC address/],
  'deposit-channel': ['channel-zero-address', /the deposit channel's address 0x0{40} is not a ETH address/],
  'tx-form': ['tx-form-array', /its transaction is in a form the widget cannot read/],
  'provider-name': [
    'name-broker-on-memo',
    /it is a deposit-channel route but also carries a memo or an inbound address/,
  ],
  'evm-allowlist': [
    'allow-aave-withdraw',
    /its transaction calls 0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2, which is not a contract the widget can read a swap of/,
  ],
  labels: ['label-two-legs-on-same-chain', /its swap call pays 0x0+dEaD, not your destination address/],
  'protocol-addresses': [
    'vault-attacker',
    /it pays bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4, which is not the vault the protocol lists/,
  ],
  'node-down': ['node-down-btc-memo', /THORChain's node did not answer, so the address it pays cannot be checked/],
  // The node answers after the widget's 5 s limit: this one case waits for it.
  'node-slow': ['node-slow-btc-memo', /THORChain's node answered too late to check the address it pays/],
  'node-lying': ['node-lying-erc20-router', /THORChain's node gave an answer that cannot be read/],
  'node-halted': ['node-halted-btc-memo', /THORChain has halted trading on BTC/],
  'node-off': ['node-off-eth-router', /this app turned off the check of THORChain's vaults/],
  'vault-call': [
    'vault-other-dst-address',
    /its Vault call pays bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4, not your destination address/,
  ],
  unoswap: [
    'unoswap-wrong-direction',
    /its swap call buys 0x[0-9a-fA-F]{40}, not ETH\.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48/,
  ],
};

async function mount(attrs: Record<string, string>, decimals?: Readonly<Record<string, number>>): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  if (decimals) el.decimals = decimals;
  await fixture(html`<div>${el}</div>`);
  return el;
}

describe('a hostile service, through the widget', () => {
  afterEach(() => fixtureCleanup());

  for (const [attack, [name, reason]] of Object.entries(PICKS) as [AttackClass, [string, RegExp | 'expired']][]) {
    const c = HOSTILE_CASES[name]!;
    it(`${attack}: ${name} (${SCENARIOS[c.scenario].kind})`, async () => {
      expect(c.attack).to.equal(attack);
      const key = scope(name);
      // The route shapes the scenario needs (a Vault call, an unoswap), asked of the reference service.
      const shapes = SCENARIOS[c.scenario].control;
      if (shapes) await control(key, shapes);
      // The protocols' nodes behind the same proxy: a case may alter what they list.
      const tampered = `/__tamper/${name}`;
      const el = await mount(
        {
          'api-key': key,
          'api-url': tampered,
          'thornode-url': c.nodesOff?.includes('thorchain') ? 'off' : tampered,
          'mayanode-url': c.nodesOff?.includes('mayachain') ? 'off' : tampered,
          ...scenarioAttributes(SCENARIOS[c.scenario], location.origin),
        },
        c.hostDecimals ?? SCENARIOS[c.scenario].hostDecimals,
      );
      const seen = record(el, 'swap-error', 'swap-tx', 'swap-memo');
      await until(() => routeButtons(el).length > 0, 'no routes');
      const list = shadow(el).querySelector('swap-route-list')!;
      if (reason === 'expired') {
        // An expired route is shown so; pressing it asks for a new quote, and a swap of it
        // (the new answer's route has expired too) is refused: nothing is handed out.
        await list.updateComplete;
        expect(/Expired/.test(list.textContent ?? ''), 'not shown as expired').to.equal(true);
        routeButtons(el)[0]!.click();
        await until(async () => (await requests(key, '/v1/quote')).length >= 2, 'no re-quote');
        await el.updateComplete;
        const swap = shadow(el).querySelector<HTMLButtonElement>('[part="swap-button"]');
        if (swap) {
          swap.click();
          await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
          expect(ofType(seen, 'swap-error').map((e) => e.detail.code)).to.deep.equal(['route-expired']);
        }
      } else {
        routeButtons(el)[0]!.click();
        await el.updateComplete;
        (await reviewButton(el)).click();
        await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error', 15_000);
        const error = ofType(seen, 'swap-error')[0]!.detail;
        expect(error.code).to.equal('route-rejected');
        expect(error.reason, 'the refusal code').to.equal(c.refusal);
        // Addresses and amounts are isolated for bidirectional text (U+2066..U+2069): read without the marks.
        const message = error.message.replace(/[\u2066-\u2069]/g, '');
        expect(message).to.match(/^This route was refused: /);
        expect(message).to.match(reason);
        await el.updateComplete;
        await list.updateComplete;
        if (c.refusal === 'protocol-unverified') {
          // A node that did not vouch now may at the next press: the route is not marked refused for good.
          expect(shadow(el).querySelector('.route.refused'), 'marked refused').to.equal(null);
          expect(shadow(el).querySelector('[part="execution"] .retry')?.textContent?.trim()).to.equal('Try again');
        } else {
          expect(shadow(el).querySelector('.route.refused')?.textContent ?? '').to.match(/Refused/);
        }
      }
      // Counts, never the events themselves: a failing comparison of DOM-bearing objects makes
      // chai walk the whole widget, which freezes the page instead of failing the test.
      expect(ofType(seen, 'swap-tx').length, 'a swap-tx').to.equal(0);
      expect(ofType(seen, 'swap-memo').length, 'a swap-memo').to.equal(0);
    });
  }

  // The honest twins of the shapes issue 30 reads: the widget hands them out, its review naming
  // the contract called and, for the Vault, what its call binds.
  for (const name of [
    'honest-vault-native',
    'honest-vault-token',
    'honest-unoswap-eth-to',
    'honest-unoswap-token-unwrapped',
  ]) {
    const t = HONEST_TWINS[name]!;
    const s = SCENARIOS[t.scenario];
    it(`${name} (${s.kind}): handed out, reviewed as decoded`, async () => {
      const key = scope(name);
      await control(key, s.control ?? {});
      const tampered = `/__tamper/${name}`;
      const el = await mount(
        {
          'api-key': key,
          'api-url': tampered,
          'thornode-url': tampered,
          'mayanode-url': tampered,
          ...scenarioAttributes(s, location.origin),
        },
        s.hostDecimals,
      );
      const seen = record(el, 'swap-error', 'swap-tx');
      el.addEventListener('swap-tx', (e) => {
        e.preventDefault();
        if (e.detail.kind === 'approve') queueMicrotask(() => el.approved());
      });
      await until(() => routeButtons(el).length > 0, 'no routes');
      routeButtons(el)[0]!.click();
      await el.updateComplete;
      (await reviewButton(el)).click();
      await confirmReview(el, { acceptRisk: false });
      await until(
        () => ofType(seen, 'swap-tx').some((e) => e.detail.kind === 'swap') || ofType(seen, 'swap-error').length > 0,
        'nothing handed out',
      );
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const swap = ofType(seen, 'swap-tx').find((e) => e.detail.kind === 'swap')!.detail;
      expect(ofType(seen, 'swap-tx').map((e) => e.detail.kind)).to.deep.equal(
        s.handOut === 'swap' ? ['swap'] : ['approve', 'swap'],
      );
      const review = swap.review;
      if (s.control?.vaultSwaps) {
        expect(review.to).to.deep.equal({
          address: '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc',
          role: 'vault',
          name: 'Chainflip',
        });
        expect(review.call?.destination).to.equal(s.destinationAddress);
        expect(review.call?.refund).to.equal(s.sourceAddress!.toLowerCase());
      } else {
        expect(review.to.role).to.equal('aggregator');
        expect(review.receive.address).to.equal(s.destinationAddress);
      }
    });
  }

  describe('the tracking channel', () => {
    afterEach(() => localStorage.removeItem(STORAGE_KEY));

    it('ignores a forged status for a swap it never stored, and tells what storage says of one it did', async () => {
      const now = Date.now();
      const route = {
        providers: ['PROTOCOL_A'],
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '0.1',
        expectedBuyAmount: '2.8',
        expectedBuyAmountMaxSlippage: '2.77',
        fees: [],
        legs: [],
        warnings: [],
        meta: { assets: [], tags: [] },
      };
      const status = (s: string, outcome: string, final: boolean) => ({
        status: s,
        final,
        stage: final ? 'done' : 'swapping',
        outcome,
        legs: [],
      });
      const stored = {
        id: `0x${'a1'.repeat(32)}@BTC`,
        quoteId: 'q-stored',
        routeIndex: 0,
        hash: `0x${'a1'.repeat(32)}`,
        chainId: 'BTC',
        route,
        createdAt: now - 60_000,
        updatedAt: now - 30_000,
        status: status('completed', 'success', true),
        final: true,
      };
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 2, swaps: [stored] }));
      const el = await mount({ 'api-key': scope('channel-forgery') });
      const seen = record(el, 'swap-status');
      await el.updateComplete;

      const channel = new BroadcastChannel('swap-widget:tracking');
      const forgedHash = `0x${'f0'.repeat(32)}`;
      // A swap the widget never stored, "completed".
      channel.postMessage({
        type: 'status',
        record: {
          ...stored,
          id: `${forgedHash}@ETH`,
          hash: forgedHash,
          chainId: 'ETH',
          quoteId: 'forged',
          updatedAt: now,
        },
      });
      // Junk of every shape.
      for (const junk of [null, 'completed', { type: 'status' }, { type: 'status', record: { id: stored.id } }])
        channel.postMessage(junk);
      // The stored swap, "refunded" by the forger: storage says completed.
      channel.postMessage({
        type: 'status',
        record: { ...stored, updatedAt: now, status: status('refunded', 'refund', true) },
      });
      await until(() => ofType(seen, 'swap-status').length > 0, 'the message about the stored swap was not read');
      channel.close();

      const statuses = ofType(seen, 'swap-status').map((e) => e.detail);
      expect(statuses.map((s) => [s.hash, s.status])).to.deep.equal([[stored.hash, 'completed']]);
      const kept = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as {
        swaps: { hash: string; status: { status: string } }[];
      };
      expect(kept.swaps.map((s) => [s.hash, s.status.status])).to.deep.equal([[stored.hash, 'completed']]);
      expect(shadow(el).textContent).not.to.contain(forgedHash.slice(0, 10));
    });
  });
});
