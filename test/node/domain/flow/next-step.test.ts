// The main button's next step, row by row: each thing the user must do comes before the
// review, in the order a form is filled, and never a live button a refusal the widget can
// foresee would follow.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Draft } from '../../../../src/domain/quotes/draft.js';
import {
  nextStep,
  payableFromAnyWallet,
  routeNeedsWallet,
  stepActs,
  type NextStepInput,
} from '../../../../src/domain/flow/next-step.js';

const EVM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const draft = (d: Partial<Draft> = {}): Draft => ({
  sellAsset: 'ETH.ETH',
  buyAsset: 'BTC.BTC',
  amount: '1',
  slippage: '1',
  sourceAddress: EVM,
  destinationAddress: BTC,
  ...d,
});
const input = (i: Partial<NextStepInput> = {}): NextStepInput => ({
  draft: draft(),
  problems: {},
  selected: true,
  selectedPayableByHand: false,
  quoting: false,
  walletOfFamily: false,
  hostSigns: false,
  skipReview: false,
  overBalance: false,
  ...i,
});
const code = (i: Partial<NextStepInput>) => nextStep(input(i)).code;

describe('the main button: what comes next', () => {
  it('a filled form with a route selected: Review swap; with skip-review, Swap', () => {
    assert.equal(code({}), 'review');
    assert.equal(code({ skipReview: true }), 'swap');
  });

  it('settings only the app can fix (a locked address that no longer fits) come first: the button waits for the app', () => {
    assert.equal(code({ configHeld: true }), 'fix-config');
    assert.equal(code({ configHeld: true, draft: draft({ sourceAddress: '' }) }), 'fix-config');
    assert.equal(code({ configHeld: false, draft: draft({ sourceAddress: '' }) }), 'enter-source');
  });

  it('tokens first, sell then buy', () => {
    assert.deepEqual(nextStep(input({ draft: draft({ sellAsset: '', buyAsset: '' }) })), {
      code: 'select-token',
      side: 'sell',
    });
    assert.deepEqual(nextStep(input({ draft: draft({ buyAsset: '' }) })), { code: 'select-token', side: 'buy' });
  });

  it("then an amount (blank or spaces), then any field with a problem, in the form's order", () => {
    assert.equal(code({ draft: draft({ amount: '  ' }) }), 'enter-amount');
    assert.deepEqual(
      nextStep(
        input({
          problems: {
            destinationAddress: { code: 'address-invalid' },
            slippage: { code: 'slippage-format' },
          } as unknown as NextStepInput['problems'],
        }),
      ),
      { code: 'fix-field', field: 'destinationAddress' },
    );
  });

  it('across chains, the destination address before anything is quoted for sure; on one chain it may stay empty', () => {
    assert.equal(code({ draft: draft({ destinationAddress: '' }) }), 'enter-destination');
    assert.equal(
      code({
        draft: draft({ buyAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', destinationAddress: '' }),
      }),
      'review',
    );
  });

  it('an EVM or Solana transaction needs its source: connect the wallet the page has, else enter it; never a wallet with host-signs', () => {
    const noSource = draft({ sourceAddress: '' });
    assert.equal(code({ draft: noSource, walletOfFamily: true }), 'connect-wallet');
    assert.equal(code({ draft: noSource }), 'enter-source');
    assert.equal(code({ draft: noSource, walletOfFamily: true, hostSigns: true }), 'enter-source');
    assert.equal(
      code({ draft: draft({ sellAsset: 'SOL.SOL', sourceAddress: '' }), walletOfFamily: true }),
      'connect-wallet',
    );
  });

  it('a deposit channel is paid from any wallet: no source asked for', () => {
    assert.equal(code({ draft: draft({ sourceAddress: '' }), selectedPayableByHand: true }), 'review');
  });

  it('a Cosmos sell connects the wallet the page has; without one its memo is sent by hand', () => {
    const atom = draft({ sellAsset: 'GAIA.ATOM', sourceAddress: '' });
    assert.equal(code({ draft: atom, walletOfFamily: true }), 'connect-wallet');
    assert.equal(code({ draft: atom }), 'review');
  });

  it('a UTXO sell needs no source address', () => {
    assert.equal(
      code({ draft: draft({ sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sourceAddress: '', destinationAddress: EVM }) }),
      'review',
    );
  });

  it('a route the checks refused: choose another (pressing again would be refused again)', () => {
    assert.equal(code({ selectedRefused: true }), 'route-refused');
  });

  it('an amount over a known balance says so before the review', () => {
    assert.equal(code({ overBalance: true }), 'insufficient-balance');
  });

  it('no route yet: finding routes while quoting, else no route', () => {
    assert.equal(code({ selected: false, quoting: true }), 'wait');
    assert.equal(code({ selected: false }), 'no-route');
  });

  it('an amount of zero, however written, still asks for an amount; the smallest amount above it goes on', () => {
    for (const amount of ['0', '0.000', '.0', '00', ' 0 '])
      assert.equal(code({ draft: draft({ amount }) }), 'enter-amount', amount);
    assert.equal(code({ draft: draft({ amount: '0,00' }), locale: 'es' }), 'enter-amount');
    assert.equal(code({ draft: draft({ amount: '0.000000000000000001' }) }), 'review');
    assert.equal(code({ draft: draft({ amount: '0,1' }), locale: 'es' }), 'review');
  });

  it('while the service cannot be reached, the button says so, not "no route"; a fresh answer with routes wins', () => {
    assert.equal(code({ selected: false, serviceDown: true }), 'service-down');
    assert.equal(code({ selected: false, serviceDown: true, quoting: true }), 'service-down');
    assert.equal(code({ selected: false, serviceDown: false }), 'no-route');
    assert.equal(code({ selected: true, serviceDown: true }), 'review');
  });

  it('a sell token whose decimals nothing gives or can read: said once both tokens are picked, with the step that names it', () => {
    const token = 'ETH.TKN-0x0000000000000000000000000000000000000001';
    assert.deepEqual(nextStep(input({ draft: draft({ sellAsset: token }), sellDecimals: 'unknown' })), {
      code: 'decimals-unknown',
      asset: token,
    });
    assert.equal(code({ draft: draft({ sellAsset: token, buyAsset: '' }), sellDecimals: 'unknown' }), 'select-token');
    assert.equal(code({ draft: draft({ sellAsset: token }), sellDecimals: 'known' }), 'review');
    assert.equal(code({ draft: draft({ sellAsset: token }) }), 'review', 'unknown to the caller is not refused');
  });

  it('a transaction no wallet of the page can send: said on the button, which still opens the review (the host may take it)', () => {
    assert.deepEqual(nextStep(input({ selectedNeedsWallet: true })), { code: 'no-wallet', chain: 'ETH', review: true });
    assert.deepEqual(nextStep(input({ selectedNeedsWallet: true, skipReview: true })), {
      code: 'no-wallet',
      chain: 'ETH',
      review: false,
    });
    assert.equal(code({ selectedNeedsWallet: true, walletOfFamily: true }), 'review');
    assert.equal(code({ selectedNeedsWallet: true, hostSigns: true }), 'review');
    assert.equal(code({ selectedNeedsWallet: false }), 'review');
    assert.equal(code({ selectedNeedsWallet: true, selectedRefused: true }), 'route-refused');
  });

  it('the button acts on the steps that lead somewhere, and waits on the others', () => {
    const acts = (i: Partial<NextStepInput>) => stepActs(nextStep(input(i)));
    assert.equal(acts({}), true);
    assert.equal(acts({ selectedNeedsWallet: true }), true);
    assert.equal(acts({ draft: draft({ amount: '0' }) }), true, 'enter-amount goes to the field');
    assert.equal(acts({ sellDecimals: 'unknown' }), false);
    assert.equal(acts({ selected: false, serviceDown: true }), false);
    assert.equal(acts({ selected: false }), false);
    assert.equal(acts({ overBalance: true }), false);
  });
});

describe('what a route needs', () => {
  it('a transaction needs a wallet of its chain; a Cosmos send with an inbound address and memo can be sent by hand', () => {
    assert.equal(routeNeedsWallet({ tx: { to: EVM } }, 'ETH'), true);
    assert.equal(routeNeedsWallet({ tx: 'base64' }, 'SOL'), true);
    assert.equal(
      routeNeedsWallet({ tx: { msgs: [] }, memo: '=:BTC.BTC:bc1', inboundAddress: 'cosmos1x' }, 'GAIA'),
      false,
    );
    assert.equal(routeNeedsWallet({ tx: { msgs: [] }, memo: '=:BTC.BTC:bc1' }, 'THOR'), true);
    assert.equal(routeNeedsWallet({ memo: '=:ETH.ETH:0x', inboundAddress: 'bc1' }, 'BTC'), false);
  });

  it('only a route with neither a transaction nor a memo is paid from any wallet', () => {
    assert.equal(payableFromAnyWallet({}), true);
    assert.equal(payableFromAnyWallet({ memo: '=:BTC.BTC:bc1' }), false);
    assert.equal(payableFromAnyWallet({ tx: {} }), false);
    assert.equal(payableFromAnyWallet({ transaction: {} }), false);
  });
});

describe('the main button: a sell token whose decimals nothing trusted gives (issue 30, item 7)', () => {
  const token = draft({ sellAsset: 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA' });
  it('says so before it is pressed, instead of leading to a review that would refuse every route', () => {
    assert.equal(code({ draft: token, sellDecimals: 'unknown' }), 'decimals-unknown');
    assert.equal(code({ draft: token, sellDecimals: 'unknown', skipReview: true }), 'decimals-unknown');
    // The honest twin: decimals known (the table, the host, a read on chain): the review.
    assert.equal(code({ draft: token, sellDecimals: 'known' }), 'review');
    assert.equal(code({ draft: token }), 'review');
  });

  it('waits while a read on chain is under way: nothing to press yet', () => {
    assert.equal(code({ draft: token, sellDecimals: 'reading' }), 'wait');
  });

  it('comes after the wallet (connecting one may be what reads them) and before the balance', () => {
    const noSource = draft({ sellAsset: token.sellAsset, sourceAddress: '' });
    assert.equal(code({ draft: noSource, sellDecimals: 'unknown', walletOfFamily: true }), 'connect-wallet');
    assert.equal(code({ draft: token, sellDecimals: 'unknown', overBalance: true }), 'decimals-unknown');
    assert.equal(code({ draft: token, sellDecimals: 'unknown', selected: false }), 'decimals-unknown');
  });
});
