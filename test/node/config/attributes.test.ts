/**
 * Attribute values -> validated configuration (`src/config/config.ts`): every attribute, its bad
 * values and the issue each one reports ({field, code, value?, problem?, unknown?}), the
 * affiliate fee bounds, and that one bad attribute never hides another.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AFFILIATE_NAME_ADVISED,
  DEFAULT_SLIPPAGE,
  MAX_AFFILIATE_FEE_BPS,
  parseConfig,
  uncheckedConfig,
  type ConfigIssue,
  type ConfigResult,
  type RawConfig,
} from '../../../src/config/config.js';
import { PROVIDER_IDS } from '../../fixtures/golden/enumerations.js';

const PAGE = 'https://shop.example/pay/checkout.html';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

const parse = (raw: RawConfig, extraProviders?: string[]): ConfigResult =>
  parseConfig(raw, { pageUrl: PAGE, ...(extraProviders ? { extraProviders } : {}) });

/** The one error a single attribute gives. */
function errorOf(raw: RawConfig): ConfigIssue {
  const r = parse(raw);
  assert.equal(r.errors.length, 1, JSON.stringify(r.errors));
  return r.errors[0]!;
}

/** Parses and insists on no errors. */
function ok(raw: RawConfig): ConfigResult {
  const r = parse(raw);
  assert.deepEqual(r.errors, [], JSON.stringify(raw));
  return r;
}

describe('parseConfig: nothing set', () => {
  test('every field at its default, no issue', () => {
    assert.deepEqual(parse({}), {
      config: {
        apiUrl: '',
        affiliateFee: 0,
        slippage: 1,
        lockAddresses: false,
        theme: 'auto',
        bridge: false,
        nodeUrls: {},
      },
      errors: [],
      warnings: [],
    });
    assert.equal(DEFAULT_SLIPPAGE, 1);
  });

  test('null, empty and blank values count as not set', () => {
    const blank: RawConfig = {
      apiUrl: '  ',
      apiKey: '',
      affiliate: null,
      affiliateFee: null,
      sellAsset: '',
      buyAsset: null,
      sellAmount: '  ',
      slippage: '',
      sourceAddress: ' ',
      destinationAddress: null,
      providers: null,
      theme: '',
      locale: ' ',
    };
    assert.deepEqual(parse(blank), parse({}));
  });

  test('the boolean attributes are taken as they are', () => {
    assert.equal(parse({ lockAddresses: true }).config.lockAddresses, true);
    assert.equal(parse({ bridge: true }).config.bridge, true);
    assert.equal(parse({ lockAddresses: null, bridge: null }).config.bridge, false);
  });
});

describe('api-url', () => {
  test('relative URLs resolve against the page; trailing slashes go', () => {
    assert.equal(ok({ apiUrl: 'api/' }).config.apiUrl, 'https://shop.example/pay/api');
    assert.equal(ok({ apiUrl: '/swap//' }).config.apiUrl, 'https://shop.example/swap');
    assert.equal(ok({ apiUrl: 'https://swap.example/v/' }).config.apiUrl, 'https://swap.example/v');
    assert.equal(ok({ apiUrl: ' http://localhost:8000 ' }).config.apiUrl, 'http://localhost:8000');
  });

  test('only http(s), no query, no fragment, a URL at all', () => {
    assert.deepEqual(errorOf({ apiUrl: 'ftp://swap.example' }), {
      field: 'api-url',
      code: 'api-url-protocol',
      value: 'ftp://swap.example',
    });
    assert.deepEqual(errorOf({ apiUrl: 'javascript:alert(1)' }), {
      field: 'api-url',
      code: 'api-url-protocol',
      value: 'javascript:alert(1)',
    });
    assert.deepEqual(errorOf({ apiUrl: 'data:text/plain,x' }), {
      field: 'api-url',
      code: 'api-url-protocol',
      value: 'data:text/plain,x',
    });
    assert.deepEqual(errorOf({ apiUrl: 'https://swap.example/?key=1' }), {
      field: 'api-url',
      code: 'api-url-query',
      value: 'https://swap.example/?key=1',
    });
    assert.deepEqual(errorOf({ apiUrl: 'https://swap.example/#v1' }), {
      field: 'api-url',
      code: 'api-url-query',
      value: 'https://swap.example/#v1',
    });
    assert.deepEqual(errorOf({ apiUrl: 'http://[::1' }), {
      field: 'api-url',
      code: 'api-url-invalid',
      value: 'http://[::1',
    });
  });

  test('a bad URL leaves the default (the page origin)', () => {
    assert.equal(parse({ apiUrl: 'ftp://x' }).config.apiUrl, '');
  });
});

describe('api-key', () => {
  test('kept as written, trimmed; never an issue', () => {
    assert.equal(ok({ apiKey: ' k-123 ' }).config.apiKey, 'k-123');
    assert.equal('apiKey' in parse({ apiKey: '' }).config, false);
  });
});

describe('affiliate', () => {
  test(`names of up to ${AFFILIATE_NAME_ADVISED} characters: no warning`, () => {
    const r = ok({ affiliate: 'sw' });
    assert.equal(r.config.affiliate, 'sw');
    assert.deepEqual(r.warnings, []);
    assert.deepEqual(ok({ affiliate: 'abc' }).warnings, []);
  });

  test('longer names work, with a warning (protocol memos carry them)', () => {
    const r = ok({ affiliate: 'abcd' });
    assert.equal(r.config.affiliate, 'abcd');
    assert.deepEqual(r.warnings, [{ field: 'affiliate', code: 'affiliate-long', value: 'abcd' }]);
    assert.equal(ok({ affiliate: 'a'.repeat(64) }).config.affiliate, 'a'.repeat(64));
  });

  test('letters, digits, _ . - only, 1 to 64 of them', () => {
    for (const bad of ['a b', 'sw:1', 'a/b', 'ü', 'a'.repeat(65), 'x;y']) {
      assert.deepEqual(errorOf({ affiliate: bad }), { field: 'affiliate', code: 'affiliate-format', value: bad }, bad);
      assert.equal('affiliate' in parse({ affiliate: bad }).config, false, bad);
    }
    for (const good of ['A_b.c-1', 't', '0']) assert.equal(ok({ affiliate: good }).config.affiliate, good);
  });
});

describe('affiliate-fee', () => {
  test(`basis points from 0 to ${MAX_AFFILIATE_FEE_BPS}, bounds included`, () => {
    assert.equal(MAX_AFFILIATE_FEE_BPS, 1000);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: '0' }).config.affiliateFee, 0);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: '1000' }).config.affiliateFee, 1000);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: ' 25 ' }).config.affiliateFee, 25);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: 30 }).config.affiliateFee, 30);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: '007' }).config.affiliateFee, 7);
  });

  test('above the maximum, negative, fractional, exponent, words: an error, and the fee stays 0', () => {
    for (const [raw, value] of [
      ['1001', '1001'],
      [1001, '1001'],
      ['-5', '-5'],
      [-5, '-5'],
      ['12.5', '12.5'],
      [12.5, '12.5'],
      ['1e3', '1e3'],
      ['0x10', '0x10'],
      ['ten', 'ten'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
    ] as const) {
      const r = parse({ affiliate: 'sw', affiliateFee: raw });
      assert.deepEqual(r.errors, [{ field: 'affiliate-fee', code: 'affiliate-fee', value }], String(raw));
      assert.equal(r.config.affiliateFee, 0, String(raw));
    }
  });

  test('set but empty or blank (affiliate-fee=""): an error like any bad value, never read as 0', () => {
    for (const raw of ['', '  ']) {
      const r = parse({ affiliate: 'sw', affiliateFee: raw });
      assert.deepEqual(r.errors, [{ field: 'affiliate-fee', code: 'affiliate-fee', value: '' }], JSON.stringify(raw));
    }
    // Unset (the attribute removed) is the default, 0.
    assert.equal(ok({ affiliate: 'sw', affiliateFee: null }).config.affiliateFee, 0);
    assert.equal(ok({ affiliate: 'sw', affiliateFee: undefined }).config.affiliateFee, 0);
  });

  test('a fee without an affiliate is a warning; a zero fee is not', () => {
    const r = ok({ affiliateFee: '30' });
    assert.equal(r.config.affiliateFee, 30);
    assert.deepEqual(r.warnings, [{ field: 'affiliate-fee', code: 'fee-without-affiliate' }]);
    assert.deepEqual(ok({ affiliateFee: '0' }).warnings, []);
  });

  test('a fee with a refused affiliate reports the affiliate, not a missing one', () => {
    const r = parse({ affiliate: 'a b', affiliateFee: '30' });
    assert.deepEqual(r.errors, [{ field: 'affiliate', code: 'affiliate-format', value: 'a b' }]);
    assert.deepEqual(r.warnings, []);
  });
});

describe('slippage', () => {
  test('a percent from 0.01 to less than 100, as the settings accept it', () => {
    assert.equal(ok({ slippage: '0.01' }).config.slippage, 0.01);
    assert.equal(ok({ slippage: '0.5' }).config.slippage, 0.5);
    assert.equal(ok({ slippage: '99.99' }).config.slippage, 99.99);
    assert.equal(ok({ slippage: 3 }).config.slippage, 3);
  });

  test('anything else is an error and the default stays: 0 and 100 too (see domain/amounts/slippage.ts)', () => {
    for (const [raw, value] of [
      ['0', '0'],
      [0, '0'],
      ['0.009', '0.009'],
      ['100', '100'],
      ['100.01', '100.01'],
      ['-1', '-1'],
      [-1, '-1'],
      ['1%', '1%'],
      ['1e1', '1e1'],
      ['.5', '.5'],
      ['abc', 'abc'],
      [Number.NaN, 'NaN'],
    ] as const) {
      const r = parse({ slippage: raw });
      assert.deepEqual(r.errors, [{ field: 'slippage', code: 'slippage', value }], String(raw));
      assert.equal(r.config.slippage, DEFAULT_SLIPPAGE, String(raw));
    }
  });
});

describe('sell-asset and buy-asset', () => {
  test('identifiers of chains the widget knows', () => {
    const r = ok({ sellAsset: 'BTC.BTC', buyAsset: USDC });
    assert.equal(r.config.sellAsset, 'BTC.BTC');
    assert.equal(r.config.buyAsset, USDC);
    assert.equal(ok({ buyAsset: 'GAIA.ATOM' }).config.buyAsset, 'GAIA.ATOM');
  });

  test('not an identifier: asset-format; an unknown chain: asset-chain', () => {
    assert.deepEqual(errorOf({ sellAsset: 'bitcoin' }), {
      field: 'sell-asset',
      code: 'asset-format',
      value: 'bitcoin',
    });
    assert.deepEqual(errorOf({ sellAsset: 'btc.btc' }), {
      field: 'sell-asset',
      code: 'asset-format',
      value: 'btc.btc',
    });
    assert.deepEqual(errorOf({ buyAsset: 'ETH USDC' }), {
      field: 'buy-asset',
      code: 'asset-format',
      value: 'ETH USDC',
    });
    assert.deepEqual(errorOf({ buyAsset: 'NOPE.NOPE' }), {
      field: 'buy-asset',
      code: 'asset-chain',
      value: 'NOPE.NOPE',
    });
    assert.deepEqual(errorOf({ buyAsset: 'TRON.TRX' }), { field: 'buy-asset', code: 'asset-chain', value: 'TRON.TRX' });
    assert.equal('sellAsset' in parse({ sellAsset: 'bitcoin' }).config, false);
  });

  test('a path-table label is not a chain code of asset notation', () => {
    // The spec: "XRP and ATOM appear here [the path table], while GAIA is the code used in asset notation".
    assert.deepEqual(errorOf({ buyAsset: 'ATOM.ATOM' }), {
      field: 'buy-asset',
      code: 'asset-chain',
      value: 'ATOM.ATOM',
    });
  });
});

describe('sell-amount', () => {
  test('a decimal string, kept as written', () => {
    assert.equal(ok({ sellAmount: '0.1' }).config.sellAmount, '0.1');
    assert.equal(ok({ sellAmount: '007.50' }).config.sellAmount, '007.50');
    assert.equal(ok({ sellAmount: 2 }).config.sellAmount, '2');
  });

  test('exponents, signs, commas and words are refused', () => {
    for (const [raw, value] of [
      ['1e3', '1e3'],
      [1e30, '1e+30'],
      ['-1', '-1'],
      ['.5', '.5'],
      ['1,5', '1,5'],
      ['1.', '1.'],
      ['abc', 'abc'],
    ] as const) {
      const r = parse({ sellAmount: raw });
      assert.deepEqual(r.errors, [{ field: 'sell-amount', code: 'amount', value }], String(raw));
      assert.equal('sellAmount' in r.config, false, String(raw));
    }
  });
});

describe('source-address and destination-address', () => {
  test("checked against their asset's chain: the sell asset's for the source, the buy asset's for the destination", () => {
    const r = ok({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sourceAddress: BTC_ADDRESS,
      destinationAddress: ETH_ADDRESS,
    });
    assert.equal(r.config.sourceAddress, BTC_ADDRESS);
    assert.equal(r.config.destinationAddress, ETH_ADDRESS);
  });

  test('an address of another chain is an error with the reason', () => {
    const r = parse({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sourceAddress: ETH_ADDRESS,
      destinationAddress: BTC_ADDRESS,
    });
    assert.deepEqual(
      r.errors.map((e) => [e.field, e.code, e.value]),
      [
        ['source-address', 'address', ETH_ADDRESS],
        ['destination-address', 'address', BTC_ADDRESS],
      ],
    );
    for (const e of r.errors) assert.ok(e.problem && e.problem.code !== 'unknown-chain', JSON.stringify(e));
    assert.equal('sourceAddress' in r.config, false);
    assert.equal('destinationAddress' in r.config, false);
  });

  test('an EVM address with a broken checksum says so', () => {
    const broken = ETH_ADDRESS.replace('dA6B', 'Da6b');
    assert.deepEqual(errorOf({ buyAsset: 'ETH.ETH', destinationAddress: broken }), {
      field: 'destination-address',
      code: 'address',
      value: broken,
      problem: { code: 'evm-checksum', chain: 'ETH' },
    });
  });

  test('without its asset (unset or refused), an address waits, unchecked, for the draft', () => {
    assert.equal(ok({ destinationAddress: 'anything' }).config.destinationAddress, 'anything');
    const r = parse({ sellAsset: 'bitcoin', sourceAddress: 'not-checked-yet' });
    assert.deepEqual(r.errors, [{ field: 'sell-asset', code: 'asset-format', value: 'bitcoin' }]);
    assert.equal(r.config.sourceAddress, 'not-checked-yet');
  });
});

describe('providers', () => {
  const [a, b] = PROVIDER_IDS;

  test('a comma list or an array of known providers', () => {
    assert.deepEqual(ok({ providers: ` ${a}, ${b} ` }).config.providers, [a, b]);
    assert.deepEqual(ok({ providers: [a!] }).config.providers, [a]);
    assert.equal('providers' in ok({ providers: ' , ' }).config, false);
    assert.equal('providers' in ok({ providers: [] }).config, false);
  });

  test('unknown ones are listed in the issue, and no list is kept', () => {
    const r = parse({ providers: `${a},NOPE,also_nope` });
    assert.deepEqual(r.errors, [{ field: 'providers', code: 'providers', unknown: ['NOPE', 'also_nope'] }]);
    assert.equal('providers' in r.config, false);
    assert.deepEqual(errorOf({ providers: [a!.toLowerCase()] }), {
      field: 'providers',
      code: 'providers',
      unknown: [a!.toLowerCase()],
    });
  });

  test('providers the service reported beyond the spec are known', () => {
    assert.deepEqual(parse({ providers: `${a},NEW_ONE` }, ['NEW_ONE']).config.providers, [a, 'NEW_ONE']);
  });
});

describe('theme and locale', () => {
  test('theme: light, dark or auto, exactly', () => {
    assert.equal(ok({ theme: 'dark' }).config.theme, 'dark');
    assert.equal(ok({ theme: 'light' }).config.theme, 'light');
    for (const bad of ['Dark', 'blue', 'auto ,dark']) {
      assert.deepEqual(errorOf({ theme: bad }), { field: 'theme', code: 'theme', value: bad }, bad);
      assert.equal(parse({ theme: bad }).config.theme, 'auto');
    }
  });

  test('locale: a BCP 47 tag, canonicalised', () => {
    assert.equal(ok({ locale: 'es' }).config.locale, 'es');
    assert.equal(ok({ locale: 'EN-us' }).config.locale, 'en-US');
    assert.equal(ok({ locale: 'zh-hans' }).config.locale, 'zh-Hans');
    // `auto`: the visitor's best language among those on the page (src/locales/localize.ts).
    assert.equal(ok({ locale: 'auto' }).config.locale, 'auto');
    assert.equal(ok({ locale: ' AUTO ' }).config.locale, 'auto');
    for (const bad of ['not a locale', 'en_US', '12', 'auto-fr']) {
      assert.deepEqual(errorOf({ locale: bad }), { field: 'locale', code: 'locale', value: bad }, bad);
      assert.equal('locale' in parse({ locale: bad }).config, false);
    }
  });
});

describe('one bad attribute never hides another', () => {
  test('every error is reported, in attribute order, and each field falls back alone', () => {
    const r = parse({
      apiUrl: 'ftp://x',
      affiliate: 'sw',
      affiliateFee: '5000',
      slippage: '200',
      sellAsset: 'BTC.BTC',
      buyAsset: 'nope',
      sellAmount: '1e3',
      sourceAddress: ETH_ADDRESS,
      providers: 'NOPE',
      theme: 'blue',
      locale: 'en_US',
    });
    assert.deepEqual(
      r.errors.map((e) => e.field),
      [
        'api-url',
        'affiliate-fee',
        'slippage',
        'buy-asset',
        'sell-amount',
        'source-address',
        'providers',
        'theme',
        'locale',
      ],
    );
    assert.deepEqual(r.config, {
      apiUrl: '',
      affiliate: 'sw',
      affiliateFee: 0,
      slippage: 1,
      sellAsset: 'BTC.BTC',
      lockAddresses: false,
      theme: 'auto',
      bridge: false,
      nodeUrls: {},
    });
    assert.deepEqual(r.warnings, []);
  });
});

describe('uncheckedConfig', () => {
  test('the values as the host wrote them, for the first render', () => {
    const c = uncheckedConfig({
      sellAsset: ' BTC.BTC ',
      buyAsset: 'nope',
      sellAmount: '1e3',
      slippage: '2',
      destinationAddress: 'x',
      theme: 'dark',
    });
    assert.deepEqual(c, {
      apiUrl: '',
      affiliateFee: 0,
      slippage: 2,
      lockAddresses: false,
      theme: 'auto',
      bridge: false,
      nodeUrls: {},
      sellAsset: 'BTC.BTC',
      buyAsset: 'nope',
      sellAmount: '1e3',
      destinationAddress: 'x',
    });
    assert.equal(uncheckedConfig({ slippage: 'abc' }).slippage, DEFAULT_SLIPPAGE);
  });

  test('the locale as written, so the first render is in the page’s language, not the browser’s', () => {
    assert.equal(uncheckedConfig({ locale: ' es ' }).locale, 'es');
    assert.equal(uncheckedConfig({}).locale, undefined);
  });
});
