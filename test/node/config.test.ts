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
