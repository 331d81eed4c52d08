import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Token } from '../../../../src/schemas/service.js';
import { popularRank } from '../../../../src/domain/tokens/popular-tokens.js';
import { balancesByAsset, tokenChains, tokenRows } from '../../../../src/domain/tokens/token-rows.js';
import { matchTokens } from '../../../../src/domain/tokens/tokens.js';
import { indexTokens } from '../../../support/token-index.js';

const token = (asset: string, symbol: string, name?: string): Token =>
  ({ asset, chain: asset.slice(0, asset.indexOf('.')), symbol, decimals: 18, ...(name ? { name } : {}) }) as Token;

const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
const FAKE_USDC = 'ETH.USDC-0x0000000000000000000000000000000000000001';
const LIST: Token[] = [
  token(FAKE_USDC, 'USDC', 'Not USD Coin'),
  token('ETH.AAVE-0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 'AAVE', 'Aave'),
  token(USDT, 'USDT', 'Tether USD'),
  token('SOL.SOL', 'SOL', 'Solana'),
  token(USDC.toLowerCase().replace('eth.usdc', 'ETH.USDC'), 'USDC', 'USD Coin'),
  token('BTC.BTC', 'BTC', 'Bitcoin'),
  token('ETH.ETH', 'ETH', 'Ether'),
];
const index = indexTokens(LIST);
const all = matchTokens(index, '');
const symbolsOf = (tokens: readonly Token[]) =>
  tokens.map((t) => `${t.chain}.${t.symbol}${t.name === 'Not USD Coin' ? '?' : ''}`);

describe('popularRank', () => {
  it('ranks the native asset, then the known-token table in its order (USDC before USDT), then any other', () => {
    assert.equal(popularRank('ETH', 'ETH.ETH'), 0);
    assert.ok(popularRank('ETH', USDC) < popularRank('ETH', USDT));
    assert.ok(popularRank('ETH', USDC) > 0);
    // The contract in any case; the same contract on another chain is another token.
    assert.equal(popularRank('eth', USDC.toLowerCase()), popularRank('ETH', USDC));
    assert.equal(popularRank('ARB', USDC), Infinity);
    // By contract, never by symbol.
    assert.equal(popularRank('ETH', FAKE_USDC), Infinity);
  });
});

describe('indexTokens, popular first', () => {
  it('lists each chain native first, then its well-known tokens, then the others by symbol', () => {
    assert.deepEqual(symbolsOf(index.tokens), [
      'BTC.BTC',
      'ETH.ETH',
      'ETH.USDC',
      'ETH.USDT',
      'ETH.AAVE',
      'ETH.USDC?',
      'SOL.SOL',
    ]);
  });
});

describe('tokenRows', () => {
  it('puts one heading before the first token of each chain, and numbers the options', () => {
    const { rows, options } = tokenRows(index, all);
    assert.deepEqual(
      rows.map((r) => (r.kind === 'chain' ? `#${r.chain}` : `${r.option}:${r.token.symbol}`)),
      ['#BTC', '0:BTC', '#ETH', '1:ETH', '2:USDC', '3:USDT', '4:AAVE', '5:USDC', '#SOL', '6:SOL'],
    );
    assert.deepEqual(options, index.tokens);
  });

  it('keeps to one chain when given, with its one heading', () => {
    const { rows, options } = tokenRows(index, all, 'SOL');
    assert.deepEqual(
      rows.map((r) => r.kind),
      ['chain', 'token'],
    );
    assert.deepEqual(symbolsOf(options), ['SOL.SOL']);
    assert.deepEqual(tokenRows(index, matchTokens(index, 'usdc'), 'SOL'), { rows: [], options: [] });
    assert.deepEqual(symbolsOf(tokenRows(index, matchTokens(index, 'usdc'), 'ETH').options), ['ETH.USDC', 'ETH.USDC?']);
  });

  it('gives no rows without an index', () => {
    assert.deepEqual(tokenRows(undefined, []), { rows: [], options: [] });
  });
});

describe('tokenChains', () => {
  it('lists the chains with a token on offer, in the list order', () => {
    assert.deepEqual(tokenChains(index), ['BTC', 'ETH', 'SOL']);
    assert.deepEqual(tokenChains(index, new Set(['SOL.SOL', USDT.toUpperCase()])), ['ETH', 'SOL']);
    assert.deepEqual(tokenChains(index, new Set()), []);
    assert.deepEqual(tokenChains(undefined), []);
  });
});

describe('balancesByAsset', () => {
  it('keys the decimal strings by upper-case asset and drops anything else', () => {
    const b = balancesByAsset({
      'ETH.ETH': '1.5',
      [USDC.toLowerCase()]: '1234.000001',
      'BTC.BTC': 'lots',
      'SOL.SOL': 2,
      'ETH.USDT': '-1',
      'ETH.X': '1e3',
    });
    assert.deepEqual(
      [...b],
      [
        ['ETH.ETH', '1.5'],
        [USDC.toUpperCase(), '1234.000001'],
      ],
    );
  });

  it('gives no balances for what is not an object', () => {
    for (const bad of [undefined, null, 'ETH.ETH=1', 42, true]) assert.equal(balancesByAsset(bad).size, 0);
  });
});
