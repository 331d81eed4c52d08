import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  assetChain,
  assetSymbol,
  canonicalContract,
  isAssetId,
  isNativeAsset,
  parseAsset,
  sameAsset,
  spellsAsset,
} from '../../../../src/domain/chains/asset.js';
import { ASSET_PATTERN } from '../../../../src/schemas/service.js';

const USDC_MIXED = 'ETH.USDC-0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const USDC_UPPER = 'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48';
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('parseAsset', () => {
  test('native assets', () => {
    for (const [id, chain, symbol] of [
      ['BTC.BTC', 'BTC', 'BTC'],
      ['ETH.ETH', 'ETH', 'ETH'],
      ['GAIA.ATOM', 'GAIA', 'ATOM'],
      ['THOR.RUNE', 'THOR', 'RUNE'],
      ['MAYA.CACAO', 'MAYA', 'CACAO'],
      ['BASE.ETH', 'BASE', 'ETH'],
      ['MATIC.POL', 'MATIC', 'POL'],
      ['XRD.XRD', 'XRD', 'XRD'],
    ] as const) {
      assert.deepEqual(parseAsset(id), { chain, symbol, synthetic: false }, id);
      assert.ok(isNativeAsset(id), id);
    }
  });

  test('tokens with upper-case, mixed-case and base58 contracts', () => {
    assert.deepEqual(parseAsset(USDC_MIXED), {
      chain: 'ETH',
      symbol: 'USDC',
      contract: '0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      synthetic: false,
    });
    assert.deepEqual(parseAsset(USDC_UPPER), {
      chain: 'ETH',
      symbol: 'USDC',
      contract: '0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
      synthetic: false,
    });
    assert.deepEqual(parseAsset(SOL_USDC), {
      chain: 'SOL',
      symbol: 'USDC',
      contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      synthetic: false,
    });
    assert.equal(parseAsset('ETH.1INCH-0x111111111117dC0aa78b770fA6A738034120C302')?.symbol, '1INCH');
    assert.equal(parseAsset('SOL.$WIF-EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm')?.symbol, '$WIF');
    for (const id of [USDC_MIXED, USDC_UPPER, SOL_USDC]) assert.equal(isNativeAsset(id), false);
  });

  test('synthetic and trade assets', () => {
    assert.deepEqual(parseAsset('BTC/BTC'), { chain: 'BTC', symbol: 'BTC', synthetic: true });
    assert.deepEqual(parseAsset('BTC~BTC'), { chain: 'BTC', symbol: 'BTC', synthetic: true });
    assert.deepEqual(parseAsset('ETH/USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48'), {
      chain: 'ETH',
      symbol: 'USDC',
      contract: '0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
      synthetic: true,
    });
    // The spec's `<CHAIN>.<SYMBOL>/<SYMBOL>`: the chain is the protocol chain, the symbol keeps both parts.
    assert.deepEqual(parseAsset('THOR.BTC/BTC'), { chain: 'THOR', symbol: 'BTC/BTC', synthetic: true });
    // A trade asset written under the protocol chain is no native coin either.
    assert.equal(parseAsset('THOR.BTC~BTC')?.synthetic, true);
    for (const id of ['BTC/BTC', 'BTC~BTC', 'THOR.BTC/BTC', 'THOR.BTC~BTC']) assert.equal(isNativeAsset(id), false, id);
  });

  test('invalid forms', () => {
    for (const id of [
      '',
      'BTC',
      'btc.btc', // lower-case chain
      'BTC.',
      '.BTC',
      'BTC~',
      '~BTC',
      'B.BTC', // one-letter chain
      'ABCDEFGHIJK.X', // 11-letter chain
      '1INCH.X', // chain must start with a letter
      'ETH.ETH-', // empty contract
      'ETH.-0xabc', // empty symbol
      'ETH.US DC',
      'ETH:ETH',
      'ETH.USDC-0x<script>',
      `ETH.${'X'.repeat(121)}`,
    ]) {
      assert.equal(parseAsset(id), undefined, JSON.stringify(id));
      assert.equal(isAssetId(id), false, JSON.stringify(id));
      assert.equal(assetChain(id), '');
      assert.equal(isNativeAsset(id), false);
      assert.equal(assetSymbol(id), id);
    }
  });

  test('parseAsset accepts exactly what ASSET_PATTERN accepts, except a dangling dash', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}[./~][A-Za-z0-9$._+/~-]{1,30}$/), (id) => {
        const p = parseAsset(id);
        assert.ok(ASSET_PATTERN.test(id));
        const rest = id.slice(id.search(/[./~]/) + 1);
        const dash = rest.indexOf('-');
        assert.equal(p === undefined, dash === 0 || dash === rest.length - 1, id);
      }),
      { numRuns: 300 },
    );
  });

  test('property: chain, symbol and contract round-trip', () => {
    const chain = fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}$/);
    const symbol = fc.stringMatching(/^[A-Z0-9$][A-Za-z0-9$.]{0,11}$/);
    const contract = fc.oneof(
      fc.stringMatching(/^0[xX][0-9a-fA-F]{40}$/),
      fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
    );
    fc.assert(
      fc.property(chain, symbol, fc.option(contract, { nil: undefined }), (c, s, k) => {
        const id = k ? `${c}.${s}-${k}` : `${c}.${s}`;
        assert.deepEqual(parseAsset(id), { chain: c, symbol: s, ...(k ? { contract: k } : {}), synthetic: false });
        assert.equal(assetChain(id), c);
        assert.equal(assetSymbol(id), s);
        assert.equal(isNativeAsset(id), !k);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sameAsset', () => {
  test('ignores the case of the contract', () => {
    assert.ok(sameAsset(USDC_MIXED, USDC_UPPER));
    assert.ok(sameAsset(USDC_UPPER, USDC_MIXED));
    assert.ok(sameAsset('ETH.USDC-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', USDC_MIXED));
    assert.ok(sameAsset('BTC.BTC', 'BTC.BTC'));
  });

  test('tells different assets apart', () => {
    assert.equal(sameAsset(USDC_MIXED, 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7'), false);
    assert.equal(sameAsset('ETH.ETH', 'BASE.ETH'), false);
    assert.equal(sameAsset('ETH.ETH', 'ARB.ETH'), false);
    assert.equal(sameAsset('BTC.BTC', 'BTC/BTC'), false);
    assert.equal(sameAsset('BTC/BTC', 'BTC~BTC'), false);
    assert.equal(sameAsset(USDC_MIXED, 'ARB.USDC-0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'), false);
  });

  test('a base58 contract is case-sensitive: two spellings are two tokens', () => {
    assert.ok(sameAsset(SOL_USDC, SOL_USDC));
    assert.ok(sameAsset(SOL_USDC, SOL_USDC.replace('SOL.USDC', 'SOL.usdc')));
    assert.equal(sameAsset(SOL_USDC, SOL_USDC.toUpperCase()), false);
    assert.equal(sameAsset(SOL_USDC, SOL_USDC.replace('EPjF', 'EPJF')), false);
  });

  test('property: any change of case in the contract keeps the asset', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 42, maxLength: 42 }), (flips) => {
        const contract = '0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
        const recased = [...contract].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch.toLowerCase())).join('');
        assert.ok(sameAsset(`ETH.USDC-${recased}`, USDC_MIXED));
      }),
      { numRuns: 200 },
    );
  });
});

describe('canonicalContract: a contract in its chain form, to compare and encode', () => {
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
  test('EVM: 0x and lower-case hex, whatever case the identifier writes (0X included)', () => {
    for (const id of [
      `ETH.USDC-${USDC}`,
      'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
      'ETH.USDC-0Xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    ]) {
      assert.equal(canonicalContract(id), USDC, id);
    }
    assert.equal(
      canonicalContract('ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831'),
      '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    );
  });
  test('EVM: not an address, undefined (an abbreviation, a bad checksum, 39 digits, no 0x)', () => {
    for (const id of [
      'ETH.USDC-6EB48',
      'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4A',
      `ETH.USDC-${USDC.slice(0, -1)}`,
      `ETH.USDC-${USDC.slice(2)}`,
      'ETH.USDC-0Y' + USDC.slice(2),
    ]) {
      assert.equal(canonicalContract(id), undefined, id);
    }
  });
  test('base58 (Solana): exactly as written; natives have none', () => {
    assert.equal(
      canonicalContract('SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    );
    assert.equal(
      canonicalContract('SOL.USDC-EPJFWDD5AUFQSSQEM2QN1XZYBAPC8G4WEGGKZWYTDT1V'),
      'EPJFWDD5AUFQSSQEM2QN1XZYBAPC8G4WEGGKZWYTDT1V',
    );
    assert.equal(canonicalContract('ETH.ETH'), undefined);
    assert.equal(canonicalContract('SOL.SOL'), undefined);
  });
});

describe('sameAsset and spellsAsset: the 0X prefix, and an upper-cased spelling of the picked asset', () => {
  const PICKED = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  test('a hex contract with 0X is the same asset as with 0x', () => {
    assert.ok(
      sameAsset(
        'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
        'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      ),
    );
    assert.ok(
      spellsAsset(
        'ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
        'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      ),
    );
  });
  test('a base58 mint: the upper-cased spelling names the picked asset; another case or another mint does not', () => {
    assert.equal(sameAsset(PICKED.toUpperCase(), PICKED), false, 'not the same mint');
    assert.ok(spellsAsset(PICKED.toUpperCase(), PICKED));
    assert.ok(spellsAsset(PICKED, PICKED));
    assert.equal(spellsAsset(PICKED.toLowerCase(), PICKED), false);
    assert.equal(spellsAsset('SOL.USDC-Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', PICKED), false);
    assert.equal(spellsAsset('SOL.USDC-ES9VMFRZACERMJFRF4H2FYD4KCONKY11MCCE8BENWNYB', PICKED), false);
    assert.equal(spellsAsset('SOL.SOL', 'sol.sol'), true);
  });
});
