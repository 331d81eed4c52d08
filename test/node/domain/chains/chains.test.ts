import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CHAINS,
  chainCodeOfEvmId,
  chainInfo,
  chainsConnected,
  explorerTxUrl,
  reachableChains,
} from '../../../../src/domain/chains/chains.js';
import {
  PATH_VECTORS,
  TRACKING_CHAIN_CODES as SPEC_TRACKING_CODES,
  pathPairs,
} from '../../../fixtures/golden/chains.js';

const TABLE_CHAINS = [
  'BTC',
  'ETH',
  'SOL',
  'ARB',
  'BASE',
  'BSC',
  'AVAX',
  'XRP',
  'LTC',
  'BCH',
  'DOGE',
  'GAIA',
  'DASH',
  'THOR',
  'MAYA',
  'KUJI',
  'DOT',
  'XRD',
];

describe('chain facts', () => {
  test('codes are unique and every tracking code is known', () => {
    const codes = CHAINS.map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const code of SPEC_TRACKING_CODES) assert.ok(chainInfo(code), code);
  });

  test('the ATOM label maps to GAIA', () => {
    assert.equal(chainInfo('ATOM')?.code, 'GAIA');
    assert.equal(chainInfo('GAIA')?.label, 'ATOM');
    assert.equal(chainInfo('atom')?.code, 'GAIA');
    assert.equal(chainInfo('NOPE'), undefined);
  });

  test('every EVM chain has an EIP-155 id, and only EVM chains do', () => {
    const ids = new Map<number, string>();
    for (const c of CHAINS) {
      if (c.kind === 'evm') {
        assert.ok(Number.isInteger(c.evmChainId) && c.evmChainId! > 0, c.code);
        assert.ok(!ids.has(c.evmChainId!), `${c.code} shares its id with ${ids.get(c.evmChainId!)}`);
        ids.set(c.evmChainId!, c.code);
        assert.equal(chainCodeOfEvmId(c.evmChainId!), c.code);
      } else {
        assert.equal(c.evmChainId, undefined, c.code);
      }
    }
    assert.deepEqual([1, 42161, 8453, 56, 43114, 10, 137].map(chainCodeOfEvmId), [
      'ETH',
      'ARB',
      'BASE',
      'BSC',
      'AVAX',
      'OP',
      'MATIC',
    ]);
    assert.equal(chainCodeOfEvmId(5), undefined);
  });

  test('native decimals and block times are sane', () => {
    for (const c of CHAINS) {
      assert.ok(Number.isInteger(c.nativeDecimals) && c.nativeDecimals >= 0 && c.nativeDecimals <= 18, c.code);
      assert.ok(c.blockSeconds > 0, c.code);
    }
    assert.equal(chainInfo('BTC')?.nativeDecimals, 8);
    assert.equal(chainInfo('ETH')?.nativeDecimals, 18);
    assert.equal(chainInfo('SOL')?.nativeDecimals, 9);
  });
});

describe('path table', () => {
  test('has the 18 chains: exactly they have a row', () => {
    assert.equal(TABLE_CHAINS.length, 18);
    assert.deepEqual(
      CHAINS.filter((c) => reachableChains(c.code).length > 0)
        .map((c) => c.code)
        .sort(),
      [...TABLE_CHAINS].sort(),
    );
  });

  test('rows name only table chains, never the source itself', () => {
    for (const source of TABLE_CHAINS) {
      const row = reachableChains(source);
      assert.ok(row.length > 0, source);
      assert.equal(new Set(row).size, row.length, `${source} lists a chain twice`);
      for (const target of row) {
        assert.ok(TABLE_CHAINS.includes(target), `${source} -> ${target}`);
        assert.notEqual(target, source);
      }
    }
    assert.deepEqual(reachableChains('OP'), []);
    assert.deepEqual(reachableChains('NOPE'), []);
  });

  test('chainsConnected: the same chain, table paths, and nothing else', () => {
    for (const c of CHAINS) assert.ok(chainsConnected(c.code, c.code), c.code);
    assert.ok(chainsConnected('BTC', 'SOL'));
    assert.ok(chainsConnected('BTC', 'ETH'));
    assert.ok(chainsConnected('ETH', 'ATOM'));
    assert.ok(chainsConnected('ETH', 'GAIA'));
    assert.ok(chainsConnected('ATOM', 'BTC'));
    assert.ok(chainsConnected('SOL', 'DOT'));
    assert.ok(chainsConnected('DOT', 'SOL'));
    assert.ok(chainsConnected('THOR', 'XRD'));
    assert.equal(chainsConnected('SOL', 'LTC'), false);
    assert.equal(chainsConnected('DOT', 'LTC'), false);
    assert.equal(chainsConnected('DASH', 'SOL'), false);
    assert.equal(chainsConnected('BTC', 'OP'), false); // OP is not in the table
    assert.equal(chainsConnected('BTC', 'NOPE'), false);
    assert.equal(chainsConnected('NOPE', 'NOPE'), false);
  });

  test("reachableChains gives each row of the spec's table; chainsConnected each pair", () => {
    // Expectations transcribed by hand from the spec (test/fixtures/golden/chains.ts), not
    // computed from the code under test.
    const pairs = pathPairs();
    for (const source of TABLE_CHAINS) {
      const label = source === 'GAIA' ? 'ATOM' : source;
      const row = pairs
        .filter(([s, , connected]) => s === label && connected)
        .map(([, b]) => b)
        .filter((b) => b !== label);
      assert.deepEqual([...reachableChains(source)].sort(), row.map((b) => (b === 'ATOM' ? 'GAIA' : b)).sort(), source);
    }
    for (const [sell, buy, connected] of pairs)
      assert.equal(chainsConnected(sell, buy), connected, `${sell} -> ${buy}`);
    for (const v of PATH_VECTORS)
      assert.equal(chainsConnected(v.sell, v.buy), v.connected, `${v.sell} -> ${v.buy}: ${v.why}`);
  });
});

describe('explorerTxUrl', () => {
  test('builds https links for every chain', () => {
    for (const c of CHAINS) {
      const hash = c.kind === 'evm' ? `0x${'ab'.repeat(32)}` : 'AB'.repeat(32);
      const url = explorerTxUrl(c.code, hash);
      assert.ok(url, c.code);
      const parsed = new URL(url);
      assert.equal(parsed.protocol, 'https:', c.code);
      assert.ok(url.endsWith(hash), `${c.code}: ${url}`);
    }
  });

  test('escapes the hash and refuses unknown chains', () => {
    assert.equal(explorerTxUrl('NOPE', '0xab'), undefined);
    const url = explorerTxUrl('BTC', '../../x?y#z');
    assert.ok(url?.startsWith('https://mempool.space/tx/'));
    assert.ok(!url?.includes('?') && !url?.includes('#'));
    assert.equal(explorerTxUrl('ATOM', 'ABC'), 'https://www.mintscan.io/cosmos/tx/ABC');
  });

  test('non-EVM hashes lose a 0x prefix', () => {
    assert.equal(explorerTxUrl('BTC', '0xabc'), 'https://mempool.space/tx/abc');
  });

  test('EVM hashes of 32 bytes get their 0x, in lower case, however the service wrote them', () => {
    const hex = 'AB12'.repeat(16);
    const want = `https://etherscan.io/tx/0x${hex.toLowerCase()}`;
    for (const written of [hex, hex.toLowerCase(), `0x${hex}`, `0X${hex}`])
      assert.equal(explorerTxUrl('ETH', written), want, written);
    assert.equal(explorerTxUrl('BTC', hex), `https://mempool.space/tx/${hex}`);
    // Anything else is linked as written (escaped): never made up into a hash.
    assert.equal(explorerTxUrl('ETH', `${hex}0`), `https://etherscan.io/tx/${hex}0`);
  });
});

describe("the EVM chains' facts, written in src/domain/chains/chains.ts, are viem's", () => {
  // The bundle leaves viem's chain objects out (their RPC endpoints, contracts and serializers
  // are never used); viem stays the source of the facts the widget keeps of them.
  test('EIP-155 id, native symbol and decimals, explorer', async () => {
    const viem = await import('viem/chains');
    const pairs: [
      string,
      {
        id: number;
        nativeCurrency: { symbol: string; decimals: number };
        blockExplorers?: { default: { url: string } };
      },
    ][] = [
      ['ETH', viem.mainnet],
      ['ARB', viem.arbitrum],
      ['BASE', viem.base],
      ['BSC', viem.bsc],
      ['AVAX', viem.avalanche],
      ['OP', viem.optimism],
      ['MATIC', viem.polygon],
      ['HYPE', viem.hyperEvm],
    ];
    for (const [code, chain] of pairs) {
      const info = chainInfo(code)!;
      assert.equal(info.evmChainId, chain.id, code);
      assert.equal(info.nativeSymbol, chain.nativeCurrency.symbol, code);
      assert.equal(info.nativeDecimals, chain.nativeCurrency.decimals, code);
      assert.equal(info.explorerTx, `${chain.blockExplorers!.default.url}/tx/{hash}`, code);
    }
    assert.equal(CHAINS.filter((c) => c.kind === 'evm').length, pairs.length, 'every EVM chain is compared');
  });
});
