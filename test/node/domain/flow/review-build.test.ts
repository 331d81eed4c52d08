/**
 * The review's warnings (src/domain/flow/review-build.ts): which ones a plan and its route give,
 * and which of them the user must confirm (`consentFor` of the flow, which no host setting skips).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import type { MemoPlan } from '../../../../src/domain/checks/plans.js';
import { CONFIRM_PRICE_IMPACT, HIGH_PRICE_IMPACT, buildReview } from '../../../../src/domain/flow/review-build.js';
import { consentFor } from '../../../../src/domain/flow/flow.js';
import type { Review } from '../../../../src/domain/flow/review.js';

/** Whether the review asks the user to confirm a risk before Confirm. */
const needsConsent = (r: Review) => consentFor(r).length > 0;

const VAULT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const request: QuoteRequest = {
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.5',
  slippage: 1,
  destinationAddress: DEST,
};
const plan: MemoPlan = {
  kind: 'memo',
  chain: 'BTC',
  asset: 'BTC.BTC',
  amount: '0.5',
  address: VAULT,
  memo: `=:ETH.ETH:${DEST}:1398222222`,
  to: { address: VAULT, role: 'vault', name: 'THORChain' },
  protocol: 'A',
};
const route = (priceImpact?: number) =>
  z.parse(Route, {
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.5',
    expectedBuyAmount: '14.123456789',
    expectedBuyAmountMaxSlippage: '13.98222222',
    inboundAddress: VAULT,
    memo: plan.memo,
    meta: { tags: [], ...(priceImpact !== undefined ? { priceImpact } : {}) },
  });
const review = (over: { priceImpact?: number; plan?: MemoPlan; slippage?: number } = {}) =>
  buildReview({
    plan: over.plan ?? plan,
    route: route(over.priceImpact),
    request: { ...request, slippage: over.slippage ?? 1 },
    decimals: () => undefined,
    affiliate: { bps: 0 },
    expiresAt: 1_800_000_000_000,
    fees: [],
  });

describe('the review: what must be confirmed', () => {
  it("a price impact of 10 % or more (where Uniswap's interface asks to type confirm) is confirmed; below it is only said; 3 % and less, nothing", () => {
    assert.equal(CONFIRM_PRICE_IMPACT, 10);
    assert.equal(HIGH_PRICE_IMPACT, 3);
    for (const [impact, warnings, consent] of [
      [10, ['price-impact-extreme'], true],
      [-10, ['price-impact-extreme'], true],
      [9.99, ['price-impact'], false],
      [-9.99, ['price-impact'], false],
      [3.01, ['price-impact'], false],
      [3, [], false],
      [undefined, [], false],
    ] as const) {
      const r = review({ priceImpact: impact });
      assert.deepEqual(r.warnings, warnings, String(impact));
      assert.equal(needsConsent(r), consent, String(impact));
    }
  });

  it('a deposit channel no list publishes is confirmed; a vault its protocol listed is not a warning at all', () => {
    const channel: MemoPlan = {
      ...plan,
      memo: '',
      to: { address: VAULT, role: 'deposit-address', name: 'Chainflip' },
      warnings: [{ code: 'deposit-address-unverified', address: VAULT, protocol: 'B' }],
    };
    const c = review({ plan: channel });
    assert.deepEqual(c.warnings, ['deposit-address-unverified']);
    assert.equal(needsConsent(c), true);
    const v = review();
    assert.deepEqual(v.warnings, []);
    assert.equal(needsConsent(v), false);
  });

  it('a slippage of 20 % is confirmed, 19.99 % only said', () => {
    assert.equal(needsConsent(review({ slippage: 20 })), true);
    assert.deepEqual(review({ slippage: 19.99 }).warnings, ['slippage-high']);
  });
});
