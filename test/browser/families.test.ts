/**
 * Solana and Cosmos swaps in the real widget against the reference service: a host that signs
 * (it cancels `swap-tx`) gets the route's own transaction with `family` `solana` or `cosmos`,
 * reports the hash with `track()`, and the swap is followed to `completed`. A tampered route
 * (through the tamper proxy, test/support/tamper.ts) is refused: `route-rejected`, nothing
 * handed out, the form usable again.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import type { SwapTxDetail } from '../../src/events.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { makeHash } from '../../demo/server/hashes.js';
import {
  LOCAL_NODES,
  confirmReview,
  control,
  ofType,
  reviewButton,
  record,
  requests,
  routeButtons,
  scope,
  shadow,
  until,
} from './helpers.js';

const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const THOR_USER = 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr';
const ATOM_USER = 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The owner the reference service pays affiliate `sw`'s Jupiter platform fee to (demo/server/affiliates.ts). */
const FEE_OWNER = 'GxukoS7PDk37w8hqHRX6i5gXoxifyn7TCbiHGgxzUMHe';
const AFFILIATE = { affiliate: 'sw', 'affiliate-fee': '30' };

async function mount(attrs: Record<string, string>): Promise<SwapWidget> {
  const el = document.createElement('swap-widget');
  el.setAttribute('poll-interval', '1000');
  for (const [k, v] of Object.entries({ ...LOCAL_NODES, ...attrs })) el.setAttribute(k, v);
  // JUP is in none of the widget's tables and its amounts are signed: the host gives its decimals, as a wallet knows them.
  el.decimals = { [SOL_JUP]: 6 };
  await fixture(html`<div>${el}</div>`);
  return el;
}

async function swapButton(el: SwapWidget): Promise<HTMLButtonElement> {
  await until(() => routeButtons(el).length > 0, 'no routes');
  routeButtons(el)[0]!.click();
  await el.updateComplete;
  return reviewButton(el);
}

const CASES = [
  {
    name: 'SOL to Solana USDC (aggregator B)',
    family: 'solana',
    chain: 'SOL',
    attrs: {
      providers: 'AGGREGATOR_B',
      'sell-asset': 'SOL.SOL',
      'buy-asset': SOL_USDC,
      'sell-amount': '3',
      'source-address': SOL_USER,
    },
  },
  {
    name: 'SOL to Solana USDC, the affiliate fee as a platform fee to the owner the host names',
    family: 'solana',
    chain: 'SOL',
    attrs: {
      providers: 'AGGREGATOR_B',
      'sell-asset': 'SOL.SOL',
      'buy-asset': SOL_USDC,
      'sell-amount': '3',
      'source-address': SOL_USER,
      ...AFFILIATE,
      'affiliate-addresses': `SOL=${FEE_OWNER}`,
    },
  },
  {
    name: 'RUNE to ETH (a THORChain MsgDeposit)',
    family: 'cosmos',
    chain: 'THOR',
    attrs: {
      providers: 'PROTOCOL_A',
      'sell-asset': 'THOR.RUNE',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '100',
      'source-address': THOR_USER,
      'destination-address': ETH_ADDRESS,
    },
  },
  {
    name: 'ATOM to BTC (a Cosmos Hub send with a memo)',
    family: 'cosmos',
    chain: 'GAIA',
    attrs: {
      providers: 'PROTOCOL_A',
      'sell-asset': 'GAIA.ATOM',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '150',
      'source-address': ATOM_USER,
      'destination-address': BTC_ADDRESS,
    },
  },
  // Issue 30: sends to the vault protocol C lists, on THORChain and on Kujira.
  {
    name: 'RUNE to BTC through protocol C (a THORChain send to its vault, with the memo)',
    family: 'cosmos',
    chain: 'THOR',
    attrs: {
      providers: 'PROTOCOL_C',
      'sell-asset': 'THOR.RUNE',
      'buy-asset': 'BTC.BTC',
      'sell-amount': '100',
      'source-address': THOR_USER,
      'destination-address': BTC_ADDRESS,
    },
  },
  {
    name: 'KUJI to Ethereum USDC through protocol C (a Kujira send, its memo naming the token in full)',
    family: 'cosmos',
    chain: 'KUJI',
    attrs: {
      providers: 'PROTOCOL_C',
      'sell-asset': 'KUJI.KUJI',
      'buy-asset': 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'sell-amount': '400',
      'source-address': 'kujira15v4qm5a92agk2lc5tjweftgd5guar8j0gxl2tk',
      'destination-address': ETH_ADDRESS,
    },
  },
] as const;

describe('Solana and Cosmos swaps signed by the host', () => {
  for (const c of CASES) {
    it(`${c.name}: swap-tx of family ${c.family}, then track() to completed`, async () => {
      const key = scope(`host-${c.chain}`);
      await control(key, { timeScale: 60 });
      const el = await mount({ 'api-key': key, ...c.attrs });
      const seen = record(el, 'swap-tx', 'swap-memo', 'swap-status', 'swap-error', 'swap-quote');
      el.addEventListener('swap-tx', (e) => e.preventDefault());
      (await swapButton(el)).click();
      await confirmReview(el);
      await until(() => ofType(seen, 'swap-tx').length === 1 || ofType(seen, 'swap-error').length > 0, 'no swap-tx');
      expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
      const detail: SwapTxDetail = ofType(seen, 'swap-tx')[0]!.detail;
      expect(detail).to.include({ family: c.family, kind: 'swap', chain: c.chain });
      const route = ofType(seen, 'swap-quote').at(-1)!.detail.routes[detail.routeIndex]!;
      if (detail.family === 'solana') {
        expect(detail.tx).to.deep.equal({ from: c.attrs['source-address'], serialized: route.tx });
      } else if (detail.family === 'cosmos') {
        const tx = route.tx as { msgs: unknown[]; fee: unknown; memo: string };
        expect(detail.tx).to.deep.equal({ from: c.attrs['source-address'], msgs: tx.msgs, fee: tx.fee, memo: tx.memo });
        if (c.chain === 'THOR')
          expect((detail.tx.msgs[0] as { type: string }).type).to.equal(
            c.attrs.providers === 'PROTOCOL_C' ? 'thorchain/MsgSend' : 'thorchain/MsgDeposit',
          );
      }
      expect(detail.summary).to.include({ sellAsset: c.attrs['sell-asset'], sellAmount: c.attrs['sell-amount'] });
      expect(ofType(seen, 'swap-memo')).to.have.length(0);
      // Handed out: no Swap to press until the hand-out ends.
      await el.updateComplete;
      expect(shadow(el).querySelector('[part="swap-button"]')).to.equal(null);

      const hash = makeHash('completed', 'wrapped', { seed: key });
      el.track(hash);
      await until(() => ofType(seen, 'swap-status').some((e) => e.detail.final), 'never final', 20_000);
      const statuses = ofType(seen, 'swap-status').map((e) => e.detail);
      expect(statuses[0]).to.include({
        hash,
        chainId: c.chain,
        quoteId: detail.quoteId,
        routeIndex: detail.routeIndex,
      });
      expect(statuses.at(-1)).to.include({ status: 'completed', final: true });
      const tracked = await requests(key, '/v1/track');
      expect(tracked[0]!.body).to.include({ hash, chainId: c.chain });
      expect(ofType(seen, 'swap-error')).to.have.length(0);
    });
  }
});

describe('a Solana token to ETH over two legs (aggregator B, then protocol B)', () => {
  it("is refused, naming it: Jupiter's swap pays protocol B's Vault and binds neither destination, asset nor minimum", async () => {
    const key = scope('two-leg');
    const el = await mount({
      'api-key': key,
      providers: 'AGGREGATOR_B->PROTOCOL_B',
      'sell-asset': SOL_JUP,
      'buy-asset': 'ETH.ETH',
      'sell-amount': '3000',
      'source-address': SOL_USER,
      'destination-address': ETH_ADDRESS,
    });
    const seen = record(el, 'swap-error', 'swap-tx');
    el.addEventListener('swap-tx', (e) => e.preventDefault());
    (await swapButton(el)).click();
    await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error.code).to.equal('route-rejected');
    expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.match(/first swap on SOL pays Chainflip's Vault/);
    expect(ofType(seen, 'swap-tx')).to.have.length(0);
  });
});

describe('tampered Solana and Cosmos routes are refused in the widget', () => {
  for (const [tamper, c, pattern] of [
    ['solana-approve-delegate', CASES[0], /spend your tokens/],
    ['solana-output-to-attacker', CASES[0], /pays out to another account/],
    ['solana-fee-payer', CASES[0], /paid or signed by another account/],
    ['solana-platform-fee-255-to-attacker', CASES[0], /takes a platform fee of 255 bps that this app has not set up/],
    [
      'solana-platform-fee-to-attacker',
      CASES[1],
      /pays its platform fee to \w+, not to the configured affiliate's token account/,
    ],
    ['cosmos-coin-decimals-negative', CASES[2], /not in the form the widget reads \(coins\.decimals\)/],
    ['cosmos-other-signer', CASES[2], /signed by another address/],
    ['cosmos-memo-destination-everywhere', CASES[2], /pays to/],
    ['cosmos-send-to-attacker', CASES[3], /another address than the route's inbound address/],
    // The affiliate configured, but not where its Solana fee goes: the service's platform fee is refused.
    [
      'honest',
      { ...CASES[1], attrs: { ...CASES[1].attrs, 'affiliate-addresses': '' } },
      /takes a platform fee of 30 bps that this app has not set up\. A platform fee needs affiliate-fee and a SOL owner in affiliate-addresses/,
    ],
  ] as const) {
    it(`${tamper} on ${c.name}`, async () => {
      const key = scope(tamper);
      const el = await mount({ 'api-key': key, 'api-url': `/__tamper/${tamper}`, ...c.attrs });
      const seen = record(el, 'swap-error', 'swap-tx', 'swap-memo');
      el.addEventListener('swap-tx', (e) => e.preventDefault());
      (await swapButton(el)).click();
      await until(() => ofType(seen, 'swap-error').length > 0, 'no swap-error');
      const error = ofType(seen, 'swap-error')[0]!.detail;
      expect(error.code).to.equal('route-rejected');
      expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.match(pattern);
      expect(ofType(seen, 'swap-tx')).to.have.length(0);
      expect(ofType(seen, 'swap-memo')).to.have.length(0);
      await el.updateComplete;
      expect(shadow(el).querySelector('.route.refused')?.textContent).to.match(/Refused/);
      // The form is usable again: the routes can be chosen, the main button asks for another route.
      expect(routeButtons(el).every((b) => !b.disabled)).to.equal(true);
      expect(shadow(el).querySelector('[part="swap-button"]')?.getAttribute('data-step')).to.equal('route-refused');
    });
  }
});

describe('a Jupiter route whose output mint sits in its address lookup table (issue 30)', () => {
  const attrs = {
    providers: 'AGGREGATOR_B',
    'sell-asset': 'SOL.SOL',
    'buy-asset': SOL_USDC,
    'sell-amount': '3',
    'source-address': SOL_USER,
  };

  it('with rpc-urls naming a Solana endpoint: the table is read there and the swap handed out', async () => {
    const key = scope('lookup-rpc');
    await control(key, { solanaMintTable: true });
    const el = await mount({ 'api-key': key, ...attrs, 'rpc-urls': `SOL=${location.origin}/__ref/rpc/SOL` });
    const seen = record(el, 'swap-tx', 'swap-error', 'swap-quote');
    el.addEventListener('swap-tx', (e) => e.preventDefault());
    (await swapButton(el)).click();
    await confirmReview(el);
    await until(() => ofType(seen, 'swap-tx').length === 1 || ofType(seen, 'swap-error').length > 0, 'no swap-tx');
    expect(ofType(seen, 'swap-error').map((e) => e.detail.message)).to.deep.equal([]);
    const detail = ofType(seen, 'swap-tx')[0]!.detail;
    const route = ofType(seen, 'swap-quote').at(-1)!.detail.routes[detail.routeIndex]!;
    expect(detail).to.include({ family: 'solana', kind: 'swap', chain: 'SOL' });
    expect(detail.tx).to.deep.equal({ from: SOL_USER, serialized: route.tx });
  });

  it('without one: refused, saying a Solana RPC endpoint is needed; nothing handed out', async () => {
    const key = scope('lookup-none');
    await control(key, { solanaMintTable: true });
    const el = await mount({ 'api-key': key, ...attrs });
    const seen = record(el, 'swap-tx', 'swap-error');
    el.addEventListener('swap-tx', (e) => e.preventDefault());
    (await swapButton(el)).click();
    await until(() => ofType(seen, 'swap-error').length > 0, 'no refusal');
    const error = ofType(seen, 'swap-error')[0]!.detail;
    expect(error.code).to.equal('route-rejected');
    expect(error.message.replace(/[\u2066-\u2069]/g, '')).to.contain('Solana RPC endpoint (SOL in rpc-urls)');
    expect(ofType(seen, 'swap-tx')).to.have.length(0);
  });
});
