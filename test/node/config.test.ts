import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../src/config.js';

const PAGE = 'https://shop.example/swap/';

describe('cosmos-rest', () => {
  test('CHAIN=URL pairs, relative URLs resolved against the page, any case of the chain code', () => {
    const r = parseConfig({ cosmosRest: 'GAIA=https://rest.example/cosmos/, thor=/thornode' }, { pageUrl: PAGE });
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.cosmosRest, { GAIA: 'https://rest.example/cosmos', THOR: 'https://shop.example/thornode' });
  });

  test('absent: none set (the public defaults apply)', () => {
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.cosmosRest, undefined);
  });

  for (const bad of ['GAIA', 'ETH=https://rest.example', 'GAIA=ftp://rest.example', 'GAIA=https://rest.example?key=1', 'GAIA=https://a.example,', '=https://a.example']) {
    test(`refused: ${bad}`, () => {
      const r = parseConfig({ cosmosRest: bad }, { pageUrl: PAGE });
      assert.deepEqual(r.errors.map((e) => [e.field, e.code]), [['cosmos-rest', 'cosmos-rest']]);
      assert.equal(r.config.cosmosRest, undefined);
    });
  }
});

describe('affiliate-addresses', () => {
  const SOL = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
  const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  test('CHAIN=address pairs, any case of the chain code, spaces around', () => {
    const r = parseConfig({ affiliate: 'sw', affiliateFee: 30, affiliateAddresses: ` sol = ${SOL} , ETH=${ETH}` }, { pageUrl: PAGE });
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.affiliateAddresses, { SOL, ETH });
  });

  test('the property: the same map as an object', () => {
    const r = parseConfig({ affiliateAddresses: { SOL } }, { pageUrl: PAGE });
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.affiliateAddresses, { SOL });
  });

  test('absent or blank: none', () => {
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.affiliateAddresses, undefined);
    assert.equal(parseConfig({ affiliateAddresses: ' ' }, { pageUrl: PAGE }).config.affiliateAddresses, undefined);
    assert.equal(parseConfig({ affiliateAddresses: null }, { pageUrl: PAGE }).config.affiliateAddresses, undefined);
  });

  for (const bad of [SOL, `SOL=${SOL.slice(0, -1)}`, `SOL=${ETH}`, `ETH=${SOL}`, `SOL=${SOL},SOL=${SOL}`, `SOL=${SOL},`, `=${SOL}`, `NOPE=${SOL}`, `SOL=${SOL.toUpperCase()}`]) {
    test(`refused: ${bad}`, () => {
      const r = parseConfig({ affiliateAddresses: bad }, { pageUrl: PAGE });
      assert.deepEqual(r.errors.map((e) => [e.field, e.code, e.value]), [['affiliate-addresses', 'affiliate-addresses', bad]]);
      assert.equal(r.config.affiliateAddresses, undefined);
    });
  }

  test('refused as an object too, with the value shown as JSON', () => {
    const r = parseConfig({ affiliateAddresses: { SOL: 'nope' } }, { pageUrl: PAGE });
    assert.deepEqual(r.errors.map((e) => [e.field, e.code, e.value]), [['affiliate-addresses', 'affiliate-addresses', '{"SOL":"nope"}']]);
  });
});
