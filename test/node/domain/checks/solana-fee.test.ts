/**
 * A Jupiter platform fee against the configured affiliate fee (issue 22, item 6): each rule
 * with its refusal and the boundary beside it; the transaction-level cases are in
 * test/support/tamper-families.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPlatformFee, type PlatformFeeInput } from '../../../../src/domain/checks/solana-fee.js';
import { JUPITER_V6_PROGRAM } from '../../../../src/domain/chains/solana-programs.js';

const OWNER = 'GxukoS7PDk37w8hqHRX6i5gXoxifyn7TCbiHGgxzUMHe';
const IN = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OUT = 'So11111111111111111111111111111111111111112';
/** Stand-ins for derived accounts: `<owner>/<mint>/<program>`. */
const atasOf = (owner: string, mint: string) => [`${owner}/${mint}/token`, `${owner}/${mint}/token-2022`];
const base: PlatformFeeInput = {
  bps: 30,
  account: `${OWNER}/${OUT}/token`,
  inMint: IN,
  outMint: OUT,
  configured: { bps: 30, owner: OWNER },
  atasOf,
};
const at = (over: Partial<PlatformFeeInput>) => checkPlatformFee({ ...base, ...over });

describe('a Jupiter platform fee', () => {
  test('none: rate 0 and no account (the program id in its place), whatever is configured', () => {
    for (const configured of [undefined, { bps: 0 }, { bps: 30, owner: OWNER }]) {
      assert.deepEqual(
        at({ bps: 0, account: JUPITER_V6_PROGRAM, ...(configured ? { configured } : { configured: undefined }) }),
        { outputBps: 0 },
      );
    }
  });
  test('the configured rate into the owner account of the output mint (Token or Token-2022): held against the floor', () => {
    assert.deepEqual(at({}), { outputBps: 30 });
    assert.deepEqual(at({ account: `${OWNER}/${OUT}/token-2022` }), { outputBps: 30 });
  });
  test('of the input mint: accepted, the floor untouched', () => {
    assert.deepEqual(at({ account: `${OWNER}/${IN}/token` }), { outputBps: 0 });
  });
  test('the rate: the configured one, not one unit more or less; 0 (nothing taken) into the configured account', () => {
    assert.deepEqual(at({ bps: 31 }), { refusal: { code: 'solana-platform-fee-rate', params: { got: 31, want: 30 } } });
    assert.deepEqual(at({ bps: 29 }), { refusal: { code: 'solana-platform-fee-rate', params: { got: 29, want: 30 } } });
    assert.deepEqual(at({ bps: 0 }), { outputBps: 0 });
  });
  test('nothing configured, or no Solana address for it', () => {
    assert.deepEqual(at({ configured: undefined }), {
      refusal: { code: 'solana-platform-fee-unconfigured', params: { bps: 30, missing: 'fee' } },
    });
    assert.deepEqual(at({ configured: { bps: 0, owner: OWNER } }), {
      refusal: { code: 'solana-platform-fee-unconfigured', params: { bps: 30, missing: 'fee' } },
    });
    assert.deepEqual(at({ configured: { bps: 30 } }), {
      refusal: { code: 'solana-platform-fee-unconfigured', params: { bps: 30, missing: 'address' } },
    });
    assert.deepEqual(
      at({ bps: 0, configured: undefined }),
      { refusal: { code: 'solana-platform-fee-unconfigured', params: { bps: 0, missing: 'fee' } } },
      'an account without a fee',
    );
  });
  test('any other account: another owner, another mint, none at all', () => {
    for (const account of [`attacker/${OUT}/token`, `${OWNER}/other-mint/token`, JUPITER_V6_PROGRAM, OWNER]) {
      assert.deepEqual(
        at({ account }),
        { refusal: { code: 'solana-platform-fee-account', params: { account } } },
        account,
      );
    }
  });
});
