import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Token } from '../../../../src/schemas/service.js';
import {
  TokenSearch,
  indexTokensInSteps,
  matchTokens,
  safeImageUrl,
  type TokenIndex,
} from '../../../../src/domain/tokens/tokens.js';
import { indexTokens } from '../../../support/token-index.js';

const token = (asset: string, symbol: string, name?: string): Token =>
  ({ asset, chain: asset.slice(0, asset.indexOf('.')), symbol, decimals: 18, ...(name ? { name } : {}) }) as Token;

const LIST: Token[] = [
  token('ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 'USD Coin'),
  token('BTC.BTC', 'BTC', 'Bitcoin'),
  token('ETH.ETH', 'ETH', 'Ether'),
  token('AVAX.USDC-0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'USDC', 'USD Coin'),
  token('ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 'Tether USD'),
  token('ZZZ.FOO', 'FOO', 'Unknown chain token'),
  token('BASE.ETH', 'ETH', 'Ether'),
];

describe('indexTokens', () => {
  it('groups by chain in the chain table order, natives first, then by symbol; unknown chains last', () => {
    const index = indexTokens(LIST);
    assert.deepEqual(
      index.tokens.map((t) => t.asset.split('-')[0]),
      ['BTC.BTC', 'ETH.ETH', 'ETH.USDC', 'ETH.USDT', 'BASE.ETH', 'AVAX.USDC', 'ZZZ.FOO'],
    );
    assert.equal(index.byAsset.get('ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')?.symbol, 'USDC');
    assert.deepEqual(
      index.keys,
      index.tokens.map((t) => t.asset.toUpperCase()),
    );
    // Searched by symbol, name, chain code and name, and the asset (with its contract).
    assert.equal(index.haystack[0], 'btc\u0000bitcoin\u0000btc\u0000bitcoin\u0000btc.btc');
    assert.equal(index.haystack[6], 'foo\u0000unknown chain token\u0000zzz\u0000\u0000zzz.foo');
  });
});

describe('indexTokensInSteps', () => {
  it('builds the same index as indexTokens, pausing after every slice of each pass', () => {
    const many = Array.from({ length: 5003 }, (_, i) =>
      token(
        `${['ETH', 'BTC', 'AVAX', 'BASE', 'XYZ', 'SOL'][i % 6]}.T${(i * 7919).toString(36).toUpperCase()}-0x${i.toString(16).padStart(40, '0')}`,
        `T${(i * 7919).toString(36).toUpperCase()}`,
        `Token ${i}`,
      ),
    );
    const list = [...LIST, ...many, LIST[0]!];
    const steps = indexTokensInSteps(list, 1000);
    let pauses = 0;
    let index: TokenIndex;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        index = step.value;
        break;
      }
      pauses++;
    }
    const whole = indexTokens(list);
    assert.deepEqual(index.tokens, whole.tokens);
    assert.deepEqual(index.keys, whole.keys);
    assert.deepEqual(index.haystack, whole.haystack);
    assert.deepEqual([...index.byAsset], [...whole.byAsset]);
    // 5 011 tokens: 5 pauses in each of the two passes, one before and one after the sort.
    assert.equal(pauses, 12);
    // The same token listed twice is looked up once.
    assert.equal(index.byAsset.size, list.length - 1);
  });

  it('does not pause for a list of one slice', () => {
    assert.equal(indexTokensInSteps(LIST).next().done, true);
  });
});

describe('matchTokens', () => {
  const index = indexTokens(LIST);
  const assets = (q: string, allowed?: ReadonlySet<string>) =>
    matchTokens(index, q, allowed).map((i) => index.tokens[i]!.asset.split('-')[0]);

  it('matches every word, case-insensitively, against symbol, name, chain and contract', () => {
    assert.deepEqual(assets('usdc'), ['ETH.USDC', 'AVAX.USDC']);
    assert.deepEqual(assets('  USD   coin avax '), ['AVAX.USDC']);
    assert.deepEqual(assets('ethereum'), ['ETH.ETH', 'ETH.USDC', 'ETH.USDT']);
    assert.deepEqual(assets('0xdac17f'), ['ETH.USDT']);
    assert.deepEqual(assets('nothing like it'), []);
    assert.equal(assets('').length, LIST.length);
  });

  it('keeps to the allowed assets', () => {
    assert.deepEqual(assets('eth', new Set(['BASE.ETH'])), ['BASE.ETH']);
  });
});

describe('TokenSearch', () => {
  it('gives the same positions as a whole search, whatever the typing sequence', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      token(
        `${['ETH', 'BTC', 'AVAX', 'BASE', 'XYZ'][i % 5]}.T${i.toString(36).toUpperCase()}-0x${i.toString(16).padStart(40, 'a')}`,
        `T${i.toString(36).toUpperCase()}`,
        `Token ${i % 7} ${['alpha', 'beta', 'gamma'][i % 3]}`,
      ),
    );
    const index = indexTokens([...LIST, ...many]);
    const allowedSets = [undefined, new Set(index.keys.filter((_, i) => i % 3 === 0))];
    const queryChar = fc.constantFrom(...'abeghlmnt 0123456789xusd'.split(''), ' ');
    const step = fc.oneof(
      { weight: 4, arbitrary: fc.record({ type: fc.constant('type' as const), char: queryChar }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('back' as const) }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('allowed' as const), which: fc.nat(1) }) },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const search = new TokenSearch();
        let query = '';
        let allowed = allowedSets[0];
        for (const s of steps) {
          if (s.type === 'type') query += s.char;
          else if (s.type === 'back') query = query.slice(0, -1);
          else allowed = allowedSets[s.which];
          assert.deepEqual(
            search.search(index, query, allowed),
            matchTokens(index, query, allowed),
            `query ${JSON.stringify(query)}`,
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('starts over for another index', () => {
    const search = new TokenSearch();
    const a = indexTokens(LIST);
    const b = indexTokens(LIST.slice(0, 2));
    assert.equal(search.search(a, 'usd').length, 3);
    assert.equal(search.search(b, 'usdc').length, 1);
  });
});

describe('safeImageUrl', () => {
  it('keeps https and image data URLs only', () => {
    assert.equal(safeImageUrl('https://x.test/a.png'), 'https://x.test/a.png');
    assert.equal(safeImageUrl('data:image/png;base64,AAAA'), 'data:image/png;base64,AAAA');
    assert.equal(safeImageUrl('http://x.test/a.png'), undefined);
    assert.equal(safeImageUrl('javascript:alert(1)'), undefined);
    assert.equal(safeImageUrl('data:text/html,<b>'), undefined);
    assert.equal(safeImageUrl('not a url'), undefined);
    assert.equal(safeImageUrl(undefined), undefined);
  });
});
