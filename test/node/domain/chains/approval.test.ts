/**
 * The one approval rule (`approvalSteps`, src/domain/evm.ts): which allowances are set, in
 * order, before a swap spends a token, for a host that signs (the allowance unknown) and for
 * the page's wallet (the allowance read first).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { approvalSteps, needsApprovalReset } from '../../../../src/domain/chains/evm.js';

const AMOUNT = 1_500_000_000n;
const usdt = { amount: AMOUNT, resetFirst: needsApprovalReset('ETH', '0xdAC17F958D2ee523a2206206994597C13D831ec7') };
const usdc = { amount: AMOUNT, resetFirst: needsApprovalReset('ETH', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') };

describe('approval steps', () => {
  it("USDT is in the widget's table of tokens to reset; USDC is not", () => {
    assert.equal(usdt.resetFirst, true);
    assert.equal(usdc.resetFirst, false);
  });

  it('a host that signs (allowance unknown): the exact amount, after a reset to 0 for a token of the table', () => {
    assert.deepEqual(approvalSteps(usdc), [AMOUNT]);
    assert.deepEqual(approvalSteps(usdt), [0n, AMOUNT]);
  });

  it('the page wallet (allowance read): nothing when it covers the amount; a leftover of any token reset first; none, no reset', () => {
    for (const approval of [usdc, usdt]) {
      assert.deepEqual(approvalSteps(approval, AMOUNT), []);
      assert.deepEqual(approvalSteps(approval, AMOUNT + 1n), []);
      assert.deepEqual(approvalSteps(approval, 0n), [AMOUNT], 'nothing to reset');
      assert.deepEqual(approvalSteps(approval, 1n), [0n, AMOUNT]);
      assert.deepEqual(approvalSteps(approval, AMOUNT - 1n), [0n, AMOUNT]);
    }
  });

  it('property: the last allowance set is the exact amount; a reset comes only first, and only where a non-zero allowance may stand', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 128n }),
        fc.boolean(),
        fc.option(fc.bigInt({ min: 0n, max: 2n ** 129n }), { nil: undefined }),
        (amount, resetFirst, allowance) => {
          const steps = approvalSteps({ amount, resetFirst }, allowance);
          if (allowance !== undefined && allowance >= amount) return steps.length === 0;
          const mayStand = allowance === undefined ? resetFirst : allowance > 0n;
          return steps.at(-1) === amount && (mayStand ? steps.length === 2 && steps[0] === 0n : steps.length === 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
