// The slippage a user may set and what is said of it (src/domain/amounts/slippage.ts), each rule
// pinned one step inside and one step outside its boundary; and the review's threshold of
// confirmation, through the review's own builder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { QuoteRequest, Route } from '../../../../src/schemas/service.js';
import { EMPTY_DRAFT, checkDraft } from '../../../../src/domain/quotes/draft.js';
import { buildReview } from '../../../../src/domain/flow/review-build.js';
import type { MemoPlan } from '../../../../src/domain/checks/plans.js';
import {
  EXTREME_SLIPPAGE,
  HIGH_SLIPPAGE,
  LOW_SLIPPAGE,
  MAX_SLIPPAGE,
  MIN_SLIPPAGE,
  SLIPPAGE_PRESETS,
  minimumAt,
  slippageNote,
  slippageProblem,
} from '../../../../src/domain/amounts/slippage.js';

describe('slippage: what is refused', () => {
  it('the bounds are one basis point and 100 %', () => {
    assert.deepEqual(
      [MIN_SLIPPAGE, MAX_SLIPPAGE, LOW_SLIPPAGE, HIGH_SLIPPAGE, EXTREME_SLIPPAGE],
      ['0.01', '100', '0.1', 5, 20],
    );
  });

  it('0 % and anything below 0.01 % (it would reach the service as 0 basis points)', () => {
    for (const s of ['0', '0.0', '0.009', '0.0099999'])
      assert.deepEqual(slippageProblem(s), { code: 'slippage-too-low' }, s);
    for (const s of ['0.01', '0.010', '0.011']) assert.equal(slippageProblem(s), undefined, s);
  });

  it('100 % and more (nothing would be sure to arrive)', () => {
    for (const s of ['100', '100.0', '100.001', '250'])
      assert.deepEqual(slippageProblem(s), { code: 'slippage-too-high' }, s);
    for (const s of ['99.99', '99.999999']) assert.equal(slippageProblem(s), undefined, s);
  });

  it('anything that is not a decimal number, with its own reason', () => {
    for (const s of ['', ' 1', '1%', '-1', '1e1', '.5', '5.', '1,5', 'abc', 'NaN', 'Infinity'])
      assert.deepEqual(slippageProblem(s), { code: 'slippage-format' }, JSON.stringify(s));
  });

  it('the presets are accepted and say nothing', () => {
    for (const s of SLIPPAGE_PRESETS) {
      assert.equal(slippageProblem(s), undefined, s);
      assert.equal(slippageNote(s), undefined, s);
    }
  });

  it('the form marks the field with the same problem', () => {
    assert.deepEqual(checkDraft({ ...EMPTY_DRAFT, slippage: '0' }).slippage, { code: 'slippage-too-low' });
    assert.deepEqual(checkDraft({ ...EMPTY_DRAFT, slippage: '100' }).slippage, { code: 'slippage-too-high' });
    assert.deepEqual(checkDraft({ ...EMPTY_DRAFT, slippage: 'x' }).slippage, { code: 'slippage-format' });
    assert.equal(checkDraft({ ...EMPTY_DRAFT, slippage: '99.99' }).slippage, undefined);
    assert.equal(checkDraft({ ...EMPTY_DRAFT, slippage: '0.01' }).slippage, undefined);
  });
});

describe('slippage: what is said', () => {
  it('below 0.1 %: the swap may fail', () => {
    for (const s of ['0.01', '0.05', '0.099']) assert.deepEqual(slippageNote(s), { code: 'may-fail' }, s);
    assert.equal(slippageNote('0.1'), undefined);
  });

  it('above 5 %: how much less may arrive; from 20 %: confirmed in the review', () => {
    assert.equal(slippageNote('5'), undefined);
    assert.deepEqual(slippageNote('5.01'), { code: 'less', confirm: false });
    assert.deepEqual(slippageNote('19.99'), { code: 'less', confirm: false });
    assert.deepEqual(slippageNote('20'), { code: 'less', confirm: true });
    assert.deepEqual(slippageNote('99.99'), { code: 'less', confirm: true });
  });

  it('nothing of a refused value (its problem says why)', () => {
    for (const s of ['0', '100', 'abc']) assert.equal(slippageNote(s), undefined, s);
  });
});

describe('slippage: the least that may arrive', () => {
  it("expected × (1 − slippage), cut toward zero, at the expected amount's precision", () => {
    assert.equal(minimumAt('2.4', '6'), '2.256');
    assert.equal(minimumAt('2.4', '0.5'), '2.388');
    assert.equal(minimumAt('1', '7'), '0.93');
    // 18 digits: cut, never rounded up.
    assert.equal(minimumAt('1.000000000000000001', '1'), '0.99');
    assert.equal(minimumAt('0.000000033', '50'), '0.000000016');
  });

  it('in basis points, as the service and the route checks count it', () => {
    // 0.015 % is 2 basis points (rounded as the service rounds it).
    assert.equal(minimumAt('10000', '0.015'), '9998');
  });

  it('nothing for a refused slippage or an amount that does not read', () => {
    assert.equal(minimumAt('2.4', '0'), undefined);
    assert.equal(minimumAt('2.4', '100'), undefined);
    assert.equal(minimumAt('', '1'), undefined);
    assert.equal(minimumAt('1e3', '1'), undefined);
  });
});

describe('the review asks to confirm a slippage from exactly 20 %', () => {
  const plan = {
    kind: 'memo',
    to: { address: 'bc1qvault', role: 'vault', name: 'Protocol A' },
    chain: 'BTC',
    asset: 'BTC.BTC',
    amount: '0.1',
    address: 'bc1qvault',
    memo: 'not a swap memo',
    protocol: 'A',
  } as unknown as MemoPlan;
  const route = { expectedBuyAmount: '2.4', expectedBuyAmountMaxSlippage: '1.9', meta: {} } as unknown as Route;
  const warnings = (slippage: number) => {
    const request: QuoteRequest = {
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
      slippage,
      destinationAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    };
    return buildReview({ plan, route, request, decimals: () => 8, affiliate: { bps: 0 }, expiresAt: 0, fees: [] })
      .warnings;
  };

  it('19.99 %: said (how much less), not confirmed; 20 %: confirmed', () => {
    assert.deepEqual(warnings(19.99), ['slippage-high']);
    assert.deepEqual(warnings(20), ['slippage-extreme']);
  });

  it('5 %: nothing; 5.01 %: said', () => {
    assert.deepEqual(warnings(5), []);
    assert.deepEqual(warnings(5.01), ['slippage-high']);
  });
});
