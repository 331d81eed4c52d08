// The balance rules (`src/domain/balances.ts`): the host's map read entry by entry, an amount
// compared with the balance exactly in base units, and Max leaving the gas reserve on a native
// asset only, never below zero.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAS_RESERVE, hostBalance, maxAmount, overBalance, parseHostBalances, type Balance } from '../../../src/domain/balances.js';
import { CHAINS, chainOfAssetCode } from '../../../src/domain/chains.js';
import { isDecimalString } from '../../../src/domain/amount.js';

const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const wei = (units: bigint): Balance => ({ units, decimals: 18 });

describe("the host's balances", () => {
  it('keeps each asset identifier with a decimal string, and names every other entry', () => {
    const { balances, bad } = parseHostBalances({ 'ETH.ETH': '1.25', [USDC]: '100', 'BTC.BTC': 0.5, 'ETH.DAI-0x6b17': '-1', nope: '1', 'SOL.SOL': '1e3' });
    assert.deepEqual(balances, { 'ETH.ETH': '1.25', [USDC]: '100' });
    assert.deepEqual(bad, ['BTC.BTC=0.5', 'ETH.DAI-0x6b17=-1', 'nope=1', 'SOL.SOL=1e3']);
  });

  it('a value that is not a map is named whole, and gives nothing', () => {
    for (const v of ['ETH.ETH=1', [], 3]) assert.deepEqual(parseHostBalances(v).balances, {});
    assert.deepEqual(parseHostBalances('x').bad, ['"x"']);
  });

  it("an asset's entry is found whatever case its contract is written in, at the precision it was written in", () => {
    assert.deepEqual(hostBalance({ [USDC.toLowerCase().replace('eth.usdc', 'ETH.USDC')]: '12.50' }, USDC), { units: 1250n, decimals: 2 });
    assert.equal(hostBalance({ 'ETH.ETH': '1' }, USDC), undefined);
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
    const b = { units: 25n, decimals: 1 }; // 2.5
    assert.equal(overBalance('2.5000000', b), false);
    assert.equal(overBalance('2.5000001', b), true);
  });

  it('not an amount yet, or no balance known: never over', () => {
    assert.equal(overBalance('', wei(0n)), false);
    assert.equal(overBalance('1.', wei(0n)), false);
    assert.equal(overBalance('5', undefined), false);
    assert.equal(overBalance('0.000000000000000001', wei(0n)), true);
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
    assert.equal(maxAmount(USDC, { units: 5n, decimals: 6 }), '0.000005');
    assert.equal(maxAmount(USDC, { units: 0n, decimals: 6 }), '0');
  });

  it("is cut (never rounded up) to the asset's decimals", () => {
    assert.equal(maxAmount(USDC, { units: 123_456_789n, decimals: 7 }, 6), '12.345678');
    assert.equal(maxAmount('BTC.BTC', { units: 1n, decimals: 0 }, 8), '0.9995');
  });

  it('a native asset of a chain without a reserve has no Max', () => {
    assert.equal(maxAmount('FLIP.FLIP', wei(10n ** 18n)), undefined);
  });

  it('every reserve is a decimal string of a chain the widget knows, and every chain a wallet is read on has one', () => {
    for (const [chain, r] of Object.entries(GAS_RESERVE)) assert.ok(chainOfAssetCode(chain) && isDecimalString(r), chain);
    for (const c of CHAINS) if (c.kind === 'evm' || c.kind === 'solana' || c.kind === 'cosmos') assert.ok(GAS_RESERVE[c.code], c.code);
  });
});
