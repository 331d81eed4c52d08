import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isValidAddress, normalizeAddressForCompare, validateAddress } from '../../../../src/domain/chains/address.js';

/**
 * Real public addresses: published test vectors (BIP-173, BIP-350, BIP-86, EIP-55, the
 * cashaddr specification), well-known accounts (Bitcoin's genesis output, vitalik.eth,
 * THORChain and Maya module accounts, XRP's genesis and "black hole" accounts, Polkadot's
 * treasury, the USDC and SPL Token programs) and addresses used in other projects' tests.
 * Each one passes a checksum, so a mistyped vector could not sneak in.
 */
const VALID: Record<string, readonly string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis output
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // BIP-173, upper case
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP-173
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP-173 P2WSH, 62 chars
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP-350 taproot
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', // BIP-86
  ],
  LTC: [
    'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
    'LTpYZG19YmfvY2bBDYtCKpunVRw7nVgRHW',
    'Lb6wDP2kHGyWC7vrZuZAgV7V4ECyDdH7a6',
    '3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt',
    'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  ],
  DOGE: [
    'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
    'DPpJVPpvPNP6i6tMj4rTycAGh8wReTqaSU',
    'DNzLUN6MyYVS5zf4Xc2yK69V3dXs6Mxia5',
    'A7JjzK9k9x5b2MkkQzqt91WZsuu7wTu6iS', // P2SH
  ],
  BCH: [
    // cashaddr specification vectors, with and without the prefix
    'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy',
    'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
    'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e',
    'qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r',
    'BITCOINCASH:PQQ3728YW0Y47SQN6L2NA30MCW6ZM78DZQ5UCQZC37',
    // the legacy form of the first vector
    '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
  ],
  DASH: [
    'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6b',
    'XcY4WJ6Z2Q8w7vcYER1JypC8s2oa3SQ1b1',
    'XqMkVUZnqe3w4xvgdZRtZoe7gMitDudGs4',
  ],
  ZEC: [
    't1U9yhDa5XEjgfnTgZoKddeSiEN1aoLkQxq',
    't1Q879cLgqaCd7zKRi79wQYuGBenmNX6cKn',
    't3Vz22vK5z2LcKEdg16Yv4FFneEL1zg9ojd',
  ],
  GAIA: [
    'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
    'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
    'cosmos1fl48vsnmsdzcv85q5d2q4z5ajdha8yu34mf0eh',
  ],
  THOR: ['thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt', 'thor1g98cy3n9mmjrpn0sxmn63lztelera37n8n67c0'],
  MAYA: ['maya1g98cy3n9mmjrpn0sxmn63lztelera37n8yyjwl', 'maya17gw75axcnr8747pkanye45pnrwk7p9c3chd5xu'],
  KUJI: [
    'kujira1twcrqa8e5vfqxfp8q9hq0ux84mmmnn9apwej57',
    'kujira1mjq48r6435aewerpruwc8up3tz3rzan2a3u0vl',
    'kujira14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9sl4e867', // 32-byte contract
  ],
  SOL: [
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program
    'GThUX1Atko4tqhN2NaiTazWSeFWMuiUvfFnyJyUghFMJ',
    '11111111111111111111111111111111', // System program
  ],
  XRP: [
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', // genesis account
    'rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn',
    'r3kmLJN5D28dHuH8vZNUZpMC43pEHpaocV',
    'rrrrrrrrrrrrrrrrrrrrrhoLvTp', // ACCOUNT_ZERO
    'rrrrrrrrrrrrrrrrrrrrBZbvji', // ACCOUNT_ONE
  ],
  DOT: [
    '13UVJyLnbVp9RBZYFwFGyDvVd1y27Tt8tkntv6Q7JVPhFsTB', // treasury
    '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', // the well-known development key "Alice"
    '167ZvRqc7V6HrEUSvtV8c3JRUtPjJhHXUpAwhmPktAGj1uzq',
  ],
  FLIP: ['cFNyy169p7yCy3F9p4bb7mW27Tse3F1v8hw8yTv21Qzwq23xW', 'cFNz3kSjvCHubkrtfYtBkzY2WpACDmXqQ9YGxbMgRD2iu1LCc'],
  XRD: [
    'account_rdx12xjdx9ntkjl60r7fuv9az8uzmad0d05mqmjstrpkpvtcew87crahw6',
    'account_rdx128r289p58222hcvev7frs6kue76pl7pdcnw8725aw658v0zggkh9ws',
    'account_rdx12y7md4spfq5qy7e3mfjpa52937uvkxf0nmydsu5wydkkxw3qx6nghn',
  ],
  ETH: [
    '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', // vitalik.eth
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // EIP-55 vectors
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7', // EIP-55: all upper case
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77', // EIP-55: all lower case
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', // USDC, lower case
  ],
};

const EVM_CODES = ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC', 'HYPE'];

describe('validateAddress: valid addresses', () => {
  for (const [chain, addresses] of Object.entries(VALID)) {
    test(`accepts real ${chain} addresses`, () => {
      for (const a of addresses) assert.deepEqual(validateAddress(chain, a), { ok: true }, `${chain} ${a}`);
    });
  }

  test('every EVM chain accepts EVM addresses', () => {
    for (const chain of EVM_CODES) {
      for (const a of VALID.ETH!) assert.ok(isValidAddress(chain, a), `${chain} ${a}`);
    }
  });

  test('takes path-table labels and lower-case codes', () => {
    assert.ok(isValidAddress('ATOM', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'));
    assert.ok(isValidAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'));
  });
});

describe('validateAddress: refusals', () => {
  const refused = (chain: string, address: string): string => {
    const r = validateAddress(chain, address);
    assert.equal(r.ok, false, `${chain} ${JSON.stringify(address)} should be refused`);
    // The problem's code, then its chain and prefix: `evm-checksum ARB`, `prefix MAYA maya1`.
    return r.ok ? '' : Object.values(r.problem).join(' ');
  };

  test('unknown chain', () => {
    assert.deepEqual(validateAddress('NOPE', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'), {
      ok: false,
      problem: { code: 'unknown-chain' },
    });
    assert.deepEqual(validateAddress('', 'x'), { ok: false, problem: { code: 'unknown-chain' } });
  });

  test('empty and whitespace', () => {
    for (const chain of ['BTC', 'ETH', 'SOL', 'GAIA', 'DOT', 'XRP', 'XRD', 'BCH']) {
      assert.match(refused(chain, ''), /^empty [A-Z]+$/);
      const valid = VALID[chain] ?? VALID.ETH!;
      const a = valid[0]!;
      assert.match(refused(chain, ` ${a}`), /spaces/);
      assert.match(refused(chain, `${a} `), /spaces/);
      assert.match(refused(chain, `${a}\n`), /spaces/);
      assert.match(refused(chain, `${a.slice(0, 10)} ${a.slice(10)}`), /spaces/);
    }
  });

  test('overlong input is refused before decoding', () => {
    const started = performance.now();
    for (const chain of ['BTC', 'SOL', 'DOT', 'XRP', 'BCH'])
      assert.match(refused(chain, '1'.repeat(200_000)), /^too-long /);
    assert.ok(performance.now() - started < 500);
  });

  test('EVM: wrong checksum, length and prefix', () => {
    assert.equal(refused('ETH', '0xd8dA6bF26964aF9D7eEd9e03E53415D37aA96045'), 'evm-checksum ETH');
    assert.equal(refused('ARB', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'), 'evm-checksum ARB');
    assert.equal(refused('ETH', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA9604'), 'evm-format ETH');
    assert.equal(refused('ETH', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA960455'), 'evm-format ETH');
    refused('ETH', 'd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    refused('ETH', '0Xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    refused('ETH', '0xg8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    refused('ETH', 'vitalik.eth');
  });

  test('Bitcoin: BIP-173/BIP-350 invalid vectors, testnet, other chains', () => {
    assert.equal(refused('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'), 'invalid BTC'); // checksum
    refused('BTC', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'); // v0 with a 16-byte program
    refused('BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'); // bech32 checksum on version 2
    refused('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'); // taproot with bech32 (not bech32m)
    refused('BTC', 'bc1gmk9yu'); // empty data
    refused('BTC', 'bc1rw5uspcuh'); // program too short
    refused('BTC', 'Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'); // mixed case
    // Valid by BIP-350 but not yet spendable safely: refused with its own reason.
    assert.equal(refused('BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'), 'unsupported-version BTC');
    refused('BTC', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'); // testnet
    refused('BTC', 'mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef'); // testnet P2PKH
    refused('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'); // base58check checksum
    refused('BTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'); // Litecoin
    refused('BTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea');
    refused('BTC', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    refused('BTC', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a');
  });

  test('Litecoin, Dogecoin, Dash, Zcash: wrong chain and bad checksums', () => {
    refused('LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    refused('LTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    refused('LTC', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L');
    refused('LTC', 'tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms');
    refused('DOGE', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9');
    refused('DOGE', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    refused('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M');
    refused('DASH', 'Xx4dYKgz3Zcv6kheaqog3fynaKWjbahb6c');
    refused('DASH', 'yPv7h2i8v3dJjfSH4L3x91JSJszjdbsJJA'); // testnet
    refused('DASH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    refused('ZEC', 't1Tcr8tigNAFvjm7tZ2Hq4bkFmsQzhuhUfd'); // bad checksum, seen in another project's fixtures
    refused('ZEC', 't2UNzUUx8mWBCRYPRezvA363EYXyEpHokyi'); // testnet
    refused('ZEC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
  });

  test('Bitcoin Cash: cashaddr checksum, prefix, case', () => {
    refused('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b'); // checksum
    refused('BCH', 'bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'); // other prefix
    refused('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvY22gdx6a'); // mixed case
    refused('BCH', 'bitcoincash:');
    refused('BCH', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    refused('BCH', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9');
  });

  test('Cosmos chains: the right prefix and length', () => {
    assert.equal(refused('MAYA', 'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt'), 'prefix MAYA maya1');
    assert.equal(refused('GAIA', 'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt'), 'prefix GAIA cosmos1');
    refused('THOR', 'maya1g98cy3n9mmjrpn0sxmn63lztelera37n8yyjwl');
    refused('KUJI', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02');
    refused('GAIA', 'cosmosvaloper1sxx9mszve0gaedz5ld7qdkjkfv8z992ax69k08'); // validator operator, not an account
    refused('MAYA', 'maya1g98cy3n9mmjrpn0sxmn63lztelera37nu75fmz'); // checksum
    refused('KUJI', 'kujira14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9sl4e866'); // checksum
    refused('THOR', 'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxT'); // mixed case
    refused('THOR', 'thor1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'); // no valid checksum
  });

  test('Solana: exactly 32 bytes of base58', () => {
    refused('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwy'); // 30 bytes
    refused('SOL', '1EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'); // a leading zero byte: 33 bytes
    refused('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv'); // 33 bytes
    refused('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10'); // 0 is not base58
    refused('SOL', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    refused('SOL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
  });

  test('XRP: classic addresses only', () => {
    refused('XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi'); // checksum
    refused('XRP', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'); // Bitcoin alphabet
    refused('XRP', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    refused('XRP', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ'); // X-address: not supported
  });

  test('SS58: network prefix and checksum', () => {
    refused('DOT', '5HBGn6aYFhppQhTvyFS8TtUGdGQ5cPjPQKSTYUQQL5FCqYPL'); // generic Substrate prefix 42
    refused('DOT', 'HgtSQvQt4qkAMHNjxFBMqqGmrgKR4YZrhHCw8gMosThacdf'); // Kusama, same key
    refused('DOT', 'cFNz3kSjvCHubkrtfYtBkzY2WpACDmXqQ9YGxbMgRD2iu1LCc'); // Chainflip, same key
    refused('FLIP', '167ZvRqc7V6HrEUSvtV8c3JRUtPjJhHXUpAwhmPktAGj1uzq'); // Polkadot, same key
    refused('DOT', '167ZvRqc7V6HrEUSvtV8c3JRUtPjJhHXUpAwhmPktAGj1uzr'); // checksum
    refused('FLIP', 'cFNyy169p7yCy3F9p4bb7mW27Tse3F1v8hw8yTv21Qzwq23xV');
    refused('DOT', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'); // Solana
  });

  test('Radix: account addresses only', () => {
    refused('XRD', 'account_rdx12xjdx9ntkjl60r7fuv9az8uzmad0d05mqmjstrpkpvtcew87crahw7'); // checksum
    refused('XRD', 'resource_rdx1tknxxxxxxxxxradxrdxxxxxxxxx009923554798xxxxxxxxxradxrd'); // a resource
    refused('XRD', 'account_tdx_2_128ly7s6494uasmggf9rxy6th2e6zu53hj7p0uxgq2ucdmzf43gqkus'); // stokenet
    refused('XRD', 'account_rdx1282dj2he2pm0qdgrwn9nsymr8v3n2dr59u2rwzfq8t2vrlv9av74j4'); // checksum
  });

  test('every chain refuses an address of a chain of another kind', () => {
    const foreign: Record<string, string> = {
      evm: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      other: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
    };
    for (const chain of [...EVM_CODES, ...Object.keys(VALID).filter((c) => c !== 'ETH')]) {
      refused(chain, EVM_CODES.includes(chain) ? foreign.evm! : foreign.other!);
    }
  });
});

describe('validateAddress: one changed character is refused', () => {
  // Formats with a checksum that catches any single substitution (bech32, bech32m, cashaddr)
  // or all but 1 in 2^32 of them (base58check, XRP). Solana has no checksum; EIP-55 misses
  // about 1 in 4000 and SS58's 16-bit checksum 1 in 65536: those are tested apart.
  const CHECKED = Object.entries(VALID)
    .filter(([chain]) => !['SOL', 'ETH', 'DOT', 'FLIP'].includes(chain))
    .flatMap(([chain, list]) => list.map((a) => [chain, a] as const));
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl:_';

  test('property: substituting one character (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHECKED), fc.nat(), fc.constantFrom(...ALPHABET), ([chain, address], pos, ch) => {
        const i = pos % address.length;
        fc.pre(address[i] !== ch);
        const changed = address.slice(0, i) + ch + address.slice(i + 1);
        // (A bech32 string may change case as a whole; one changed letter makes it mixed case.)
        assert.equal(isValidAddress(chain, changed), false, `${chain} ${changed}`);
      }),
      { numRuns: 400 },
    );
  });

  test('SS58 and EIP-55: every substitution in the checksum-carrying letters', () => {
    // Deterministic sweep instead of random sampling: a 16-bit checksum would make a random test flaky.
    let tried = 0;
    let accepted = 0;
    for (const [chain, list] of [
      ['DOT', VALID.DOT!],
      ['FLIP', VALID.FLIP!],
    ] as const) {
      for (const address of list) {
        for (let i = 0; i < address.length; i++) {
          for (const ch of '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz') {
            if (address[i] === ch) continue;
            tried++;
            if (isValidAddress(chain, address.slice(0, i) + ch + address.slice(i + 1))) accepted++;
          }
        }
      }
    }
    assert.ok(tried > 10_000);
    assert.ok(accepted <= 2, `${accepted} of ${tried} one-character changes passed the SS58 checksum`);

    // EIP-55: flipping the case of one letter of a checksummed address always breaks it.
    const a = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
    for (let i = 2; i < a.length; i++) {
      const c = a[i]!;
      const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      if (flipped === c) continue;
      assert.equal(isValidAddress('ETH', a.slice(0, i) + flipped + a.slice(i + 1)), false, `position ${i}`);
    }
  });
});

describe('normalizeAddressForCompare', () => {
  test('EVM and bech32-family addresses compare in lower case', () => {
    assert.equal(
      normalizeAddressForCompare('ETH', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'),
      '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
    );
    assert.equal(
      normalizeAddressForCompare('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'),
      normalizeAddressForCompare('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'),
    );
    assert.equal(
      normalizeAddressForCompare('THOR', 'THOR1DHEYCDEVQ39QLKXS2A6WUUZYN4AQXHVE4QXTXT'),
      'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt',
    );
    assert.equal(
      normalizeAddressForCompare('ATOM', 'COSMOS1HSK6JRYYQJFHP5DHC55TC9JTCKYGX0EPH6DD02'),
      'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02',
    );
    assert.equal(
      normalizeAddressForCompare('XRD', 'ACCOUNT_RDX12XJDX9NTKJL60R7FUV9AZ8UZMAD0D05MQMJSTRPKPVTCEW87CRAHW6'),
      'account_rdx12xjdx9ntkjl60r7fuv9az8uzmad0d05mqmjstrpkpvtcew87crahw6',
    );
  });

  test('cashaddr compares with its prefix, in lower case', () => {
    const full = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    assert.equal(normalizeAddressForCompare('BCH', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'), full);
    assert.equal(normalizeAddressForCompare('BCH', full.toUpperCase()), full);
  });

  test('base58 forms are case-sensitive and stay as they are', () => {
    for (const [chain, a] of [
      ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
      ['BCH', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
      ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
      ['DOT', '13UVJyLnbVp9RBZYFwFGyDvVd1y27Tt8tkntv6Q7JVPhFsTB'],
      ['FLIP', 'cFNyy169p7yCy3F9p4bb7mW27Tse3F1v8hw8yTv21Qzwq23xW'],
      ['NOPE', 'AbC'],
    ] as const) {
      assert.equal(normalizeAddressForCompare(chain, a), a);
    }
  });
});
