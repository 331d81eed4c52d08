// The balance rules (`src/domain/amounts/balances.ts`): the host's entry of an asset (a bad one ignored), an amount
// compared with the balance exactly in base units, and Max leaving the gas reserve on a native
// asset only, never below zero.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAS_RESERVE, hostBalance, maxAmount, overBalance } from '../../../../src/domain/amounts/balances.js';
import { CHAINS, chainOfAssetCode } from '../../../../src/domain/chains/chains.js';
import { fromUnits, isDecimalString } from '../../../../src/domain/amounts/amount.js';

const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** A balance read in wei, as the reads give it (whole units). */
const wei = (units: bigint) => fromUnits(units, 18);

describe("the host's balances", () => {
  it("an asset's entry that is a decimal string, found whatever case its contract is written in", () => {
    const balances = {
      'ETH.ETH': '1.25',
      [USDC.replace('0xA0b8', '0xa0B8').toLowerCase().replace('eth.usdc', 'ETH.USDC')]: '100.50',
    };
    assert.equal(hostBalance(balances, 'ETH.ETH'), '1.25');
    assert.equal(hostBalance(balances, USDC), '100.50');
    assert.equal(hostBalance(balances, 'BTC.BTC'), undefined);
  });

  it('a bad entry is ignored: a number, a sign, an exponent, more decimals than any asset has', () => {
    for (const v of [0.5, '-1', '1e3', ' 1', `1.${'0'.repeat(37)}`, null, {}])
      assert.equal(hostBalance({ 'ETH.ETH': v }, 'ETH.ETH'), undefined, String(v));
    assert.equal(hostBalance({ 'ETH.ETH': `1.${'0'.repeat(36)}` }, 'ETH.ETH'), `1.${'0'.repeat(36)}`);
  });

  it('a value that is not a map gives nothing, and never throws', () => {
    for (const v of ['ETH.ETH=1', ['1'], 3, null, undefined, true]) assert.equal(hostBalance(v, 'ETH.ETH'), undefined);
  });
});

describe('an amount against the balance', () => {
  it('the whole balance is not over it; one base unit more is', () => {
    const b = wei(1_500_000_000_000_000_000n);
    assert.equal(overBalance('1.5', b), false);
    assert.equal(overBalance('1.500000000000000000', b), false);
    assert.equal(overBalance('1.500000000000000001', b), true);
    assert.equal(overBalance('1.4999', b), false);
  });

  it("a host's balance written with few digits, against an amount with more", () => {
    const b = '2.5';
    assert.equal(overBalance('2.5000000', b), false);
    assert.equal(overBalance('2.5000001', b), true);
  });

  it('not an amount yet, or no balance known: never over', () => {
    assert.equal(overBalance('', wei(0n)), false);
    assert.equal(overBalance('1.', wei(0n)), false);
    assert.equal(overBalance('5', undefined), false);
    assert.equal(overBalance('0.000000000000000001', wei(0n)), true);
    assert.equal(
      overBalance(`1.${'0'.repeat(80)}1`, '1'),
      false,
      'more digits than any asset counts: the field says so, nothing throws',
    );
  });
});

describe('Max', () => {
  const reserve = 15_000_000_000_000_000n; // ETH: 0.015

  it("leaves the chain's reserve on a native asset", () => {
    assert.equal(maxAmount('ETH.ETH', wei(1_000_000_000_000_000_000n)), '0.985');
    assert.equal(maxAmount('ETH.ETH', wei(reserve + 1n)), '0.000000000000000001');
  });

  it('is never negative: at or under the reserve, zero', () => {
    assert.equal(maxAmount('ETH.ETH', wei(reserve)), '0');
    assert.equal(maxAmount('ETH.ETH', wei(reserve - 1n)), '0');
    assert.equal(maxAmount('ETH.ETH', wei(0n)), '0');
  });

  it('a token is all of it: no reserve', () => {
    assert.equal(maxAmount(USDC, '0.000005'), '0.000005');
    assert.equal(maxAmount(USDC, '0'), '0');
  });

  it("is cut (never rounded up) to the asset's decimals", () => {
    assert.equal(maxAmount(USDC, '12.3456789', 6), '12.345678');
    assert.equal(maxAmount('BTC.BTC', '1', 8), '0.9995');
    assert.equal(maxAmount('BTC.BTC', '0.1'), '0.0995', 'decimals unknown: the digits the subtraction needs');
  });

  it('a native asset of a chain without a reserve has no Max', () => {
    assert.equal(maxAmount('FLIP.FLIP', wei(10n ** 18n)), undefined);
  });

  it('every reserve is a decimal string of a chain the widget knows, and every chain a wallet is read on has one', () => {
    for (const [chain, r] of Object.entries(GAS_RESERVE))
      assert.ok(chainOfAssetCode(chain) && isDecimalString(r), chain);
    for (const c of CHAINS)
      if (c.kind === 'evm' || c.kind === 'solana' || c.kind === 'cosmos') assert.ok(GAS_RESERVE[c.code], c.code);
  });
});
