import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/config.js';

const PAGE = 'https://shop.example/swap/';

describe('cosmos-rest', () => {
  test('CHAIN=URL pairs, relative URLs resolved against the page, any case of the chain code', () => {
    const r = parseConfig({ cosmosRest: 'GAIA=https://rest.example/cosmos/, thor=/thornode' }, { pageUrl: PAGE });
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.cosmosRest, {
      GAIA: 'https://rest.example/cosmos',
      THOR: 'https://shop.example/thornode',
    });
  });

  test('absent: none set (the public defaults apply)', () => {
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.cosmosRest, undefined);
  });

  for (const bad of [
    'GAIA',
    'ETH=https://rest.example',
    'GAIA=ftp://rest.example',
    'GAIA=https://rest.example?key=1',
    'GAIA=https://a.example,',
    '=https://a.example',
  ]) {
    test(`refused: ${bad}`, () => {
      const r = parseConfig({ cosmosRest: bad }, { pageUrl: PAGE });
      assert.deepEqual(
        r.errors.map((e) => [e.field, e.code]),
        [['cosmos-rest', 'cosmos-rest']],
      );
      assert.equal(r.config.cosmosRest, undefined);
    });
  }
});

describe('affiliate-addresses', () => {
  const SOL = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
  const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  test('CHAIN=address pairs, any case of the chain code, spaces around', () => {
    const r = parseConfig(
      { affiliate: 'sw', affiliateFee: 30, affiliateAddresses: ` sol = ${SOL} , ETH=${ETH}` },
      { pageUrl: PAGE },
    );
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

  for (const bad of [
    SOL,
    `SOL=${SOL.slice(0, -1)}`,
    `SOL=${ETH}`,
    `ETH=${SOL}`,
    `SOL=${SOL},SOL=${SOL}`,
    `SOL=${SOL},`,
    `=${SOL}`,
    `NOPE=${SOL}`,
    `SOL=${SOL.toUpperCase()}`,
  ]) {
    test(`refused: ${bad}`, () => {
      const r = parseConfig({ affiliateAddresses: bad }, { pageUrl: PAGE });
      assert.deepEqual(
        r.errors.map((e) => [e.field, e.code, e.value]),
        [['affiliate-addresses', 'affiliate-addresses', bad]],
      );
      assert.equal(r.config.affiliateAddresses, undefined);
    });
  }

  test('refused as an object too, with the value shown as JSON', () => {
    const r = parseConfig({ affiliateAddresses: { SOL: 'nope' } }, { pageUrl: PAGE });
    assert.deepEqual(
      r.errors.map((e) => [e.field, e.code, e.value]),
      [['affiliate-addresses', 'affiliate-addresses', '{"SOL":"nope"}']],
    );
  });
});

describe('rpc-urls', () => {
  test('CHAIN=URL pairs for EVM chains and SOL, relative URLs resolved, a query kept (endpoints carry keys there)', () => {
    const r = parseConfig(
      { rpcUrls: 'ETH=https://eth.example/v3/key, arb=/rpc/arb ,SOL=https://sol.example/?api-key=k' },
      { pageUrl: PAGE },
    );
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.rpcUrls, {
      ETH: 'https://eth.example/v3/key',
      ARB: 'https://shop.example/rpc/arb',
      SOL: 'https://sol.example/?api-key=k',
    });
  });

  test('the rpcUrls property may be the same map as an object', () => {
    const r = parseConfig(
      { rpcUrls: { BSC: 'https://bsc.example', matic: 'https://polygon.example' } },
      { pageUrl: PAGE },
    );
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.rpcUrls, { BSC: 'https://bsc.example/', MATIC: 'https://polygon.example/' });
  });

  test('absent or blank: none set (reads only through a connected wallet)', () => {
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.rpcUrls, undefined);
    assert.deepEqual(parseConfig({ rpcUrls: '  ' }, { pageUrl: PAGE }).errors, []);
  });

  for (const bad of [
    'ETH',
    'BTC=https://btc.example',
    'GAIA=https://rest.example',
    'ETH=ftp://eth.example',
    'ETH=https://eth.example#x',
    'ETH=https://eth.example,',
    '=https://a.example',
    'XYZ=https://a.example',
  ]) {
    test(`refused: ${bad}`, () => {
      const r = parseConfig({ rpcUrls: bad }, { pageUrl: PAGE });
      assert.deepEqual(
        r.errors.map((e) => [e.field, e.code, e.value]),
        [['rpc-urls', 'rpc-urls', bad]],
      );
      assert.equal(r.config.rpcUrls, undefined);
    });
  }

  test('an object with a value that is not a URL string is refused, named as JSON', () => {
    const r = parseConfig({ rpcUrls: { ETH: 42 } as never }, { pageUrl: PAGE });
    assert.deepEqual(
      r.errors.map((e) => [e.field, e.value]),
      [['rpc-urls', '{"ETH":42}']],
    );
  });
});

describe('decimals (property)', () => {
  const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
  const JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

  test('whole numbers from 0 to 36 by asset identifier', () => {
    const r = parseConfig(
      {
        decimals: {
          [LINK]: 18,
          [JUP]: 6,
          'THOR.TCY': 8,
          'ETH.X-0x0000000000000000000000000000000000000001': 0,
          'BASE.Y-0x0000000000000000000000000000000000000002': 36,
        },
      },
      { pageUrl: PAGE },
    );
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.config.decimals, {
      [LINK]: 18,
      [JUP]: 6,
      'THOR.TCY': 8,
      'ETH.X-0x0000000000000000000000000000000000000001': 0,
      'BASE.Y-0x0000000000000000000000000000000000000002': 36,
    });
  });

  test('each bad entry is an invalid-config problem of its own; the good ones are kept; nothing throws', () => {
    const r = parseConfig(
      {
        decimals: {
          [LINK]: 18,
          [JUP]: 37,
          'ETH.A-0x01': -1,
          'not an asset': 6,
          'ZZZ.TOKEN': 6,
          'ETH.B-0x02': 6.5,
          'ETH.C-0x03': '6',
          'ETH.D-0x04': NaN,
        },
      },
      { pageUrl: PAGE },
    );
    assert.deepEqual(r.config.decimals, { [LINK]: 18 });
    assert.deepEqual(
      r.errors.map((e) => [e.field, e.code, e.value]),
      [
        `${JUP}=37`,
        'ETH.A-0x01=-1',
        'not an asset=6',
        'ZZZ.TOKEN=6',
        'ETH.B-0x02=6.5',
        'ETH.C-0x03=6',
        'ETH.D-0x04=NaN',
      ].map((v) => ['decimals', 'decimals', v]),
    );
  });

  for (const bad of [[18], 'ETH.LINK=18', 6, true]) {
    test(`not a map (${JSON.stringify(bad)}): one problem, no decimals`, () => {
      const r = parseConfig({ decimals: bad }, { pageUrl: PAGE });
      assert.deepEqual(
        r.errors.map((e) => [e.field, e.code]),
        [['decimals', 'decimals']],
      );
      assert.equal(r.config.decimals, undefined);
    });
  }

  test('absent, or an empty map: no problem', () => {
    assert.deepEqual(parseConfig({ decimals: {} }, { pageUrl: PAGE }).errors, []);
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.decimals, undefined);
  });
});
