/**
 * The Jupiter v6 layout reader, against plans encoded independently (kit's Borsh-compatible
 * codecs, from the IDL's field types), and the program constants.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  getArrayEncoder,
  getBooleanEncoder,
  getOptionEncoder,
  getStructEncoder,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  getU8Encoder,
  none,
  some,
  type Encoder,
} from '@solana/kit';
import {
  ALLOWED_PROGRAMS,
  JUPITER_ROUTE,
  JUPITER_SHARED_ACCOUNTS_ROUTE,
  readJupiterSwap,
  WRAPPED_SOL_MINT,
} from '../../../../src/domain/chains/solana-programs.js';
import { addressBytes } from '../../../../src/domain/chains/solana-wire.js';

const disc = (name: string) => [...sha256(new TextEncoder().encode(`global:${name}`)).subarray(0, 8)];

test('Anchor discriminators are sha256("global:<name>")[0..8]', () => {
  assert.deepEqual([...JUPITER_ROUTE], disc('route'));
  assert.deepEqual([...JUPITER_SHARED_ACCOUNTS_ROUTE], disc('shared_accounts_route'));
});

test('every program id and the wrapped-SOL mint are 32-byte addresses', () => {
  for (const p of [...ALLOWED_PROGRAMS, WRAPPED_SOL_MINT]) assert.equal(addressBytes(p)?.length, 32, p);
});

// ---- route plans, encoded from the IDL's types -------------------------------------------------

type FieldValue = boolean | number | bigint | null | { slices: { accountsType: number; length: number }[] };
/** Some variants of the IDL's `Swap` enum, written as their fields' types (debridge-finance/solana-tx-parser-public `tests/idl/jupiter_v6.ts`). */
const VARIANTS: { index: number; fields: ('bool' | 'u8' | 'u32' | 'u64' | 'Side' | 'RemainingAccountsInfo?')[] }[] = [
  { index: 0, fields: [] }, // Saber
  { index: 8, fields: ['bool'] }, // Crema
  { index: 12, fields: ['Side'] }, // Serum
  { index: 29, fields: ['u64', 'u64'] }, // Symmetry
  { index: 33, fields: ['u32'] }, // StakeDexSwapViaStake
  { index: 42, fields: ['u8', 'bool', 'bool'] }, // Clone
  { index: 43, fields: ['u8', 'u8', 'u32', 'u32'] }, // SanctumS
  { index: 44, fields: ['u8', 'u32'] }, // SanctumSAddLiquidity
  { index: 46, fields: [] }, // RaydiumCP
  { index: 47, fields: ['bool', 'RemainingAccountsInfo?'] }, // WhirlpoolSwapV2
  { index: 61, fields: ['bool'] }, // SolFi
];
const remaining = getOptionEncoder(
  getStructEncoder([
    [
      'slices',
      getArrayEncoder(
        getStructEncoder([
          ['accountsType', getU8Encoder()],
          ['length', getU8Encoder()],
        ]),
      ),
    ],
  ]),
);
const encoders: Record<string, Encoder<never>> = {
  bool: getBooleanEncoder() as Encoder<never>,
  u8: getU8Encoder() as Encoder<never>,
  Side: getU8Encoder() as Encoder<never>,
  u32: getU32Encoder() as Encoder<never>,
  u64: getU64Encoder() as Encoder<never>,
  'RemainingAccountsInfo?': remaining as Encoder<never>,
};
const fieldArb = (type: string): fc.Arbitrary<FieldValue> =>
  type === 'bool'
    ? fc.boolean()
    : type === 'u8' || type === 'Side'
      ? fc.integer({ min: 0, max: type === 'Side' ? 1 : 255 })
      : type === 'u32'
        ? fc.nat()
        : type === 'u64'
          ? fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })
          : fc.option(
              fc.record({
                slices: fc.array(
                  fc.record({ accountsType: fc.integer({ min: 0, max: 1 }), length: fc.integer({ min: 0, max: 255 }) }),
                  { maxLength: 4 },
                ),
              }),
              { nil: null },
            );

const step = fc.constantFrom(...VARIANTS).chain((v) =>
  fc.record({
    variant: fc.constant(v),
    values: fc.tuple(...v.fields.map(fieldArb)),
    percent: fc.integer({ min: 0, max: 100 }),
    input: fc.nat(255),
    output: fc.nat(255),
  }),
);
function encodeStep(s: {
  variant: (typeof VARIANTS)[number];
  values: FieldValue[];
  percent: number;
  input: number;
  output: number;
}): number[] {
  const out = [s.variant.index];
  s.variant.fields.forEach((type, i) => {
    const v = s.values[i];
    out.push(
      ...(type === 'RemainingAccountsInfo?'
        ? remaining.encode(v === null ? none() : some(v as never))
        : encoders[type]!.encode(v as never)),
    );
  });
  return [...out, s.percent, s.input, s.output];
}

const args = fc.record({
  shared: fc.boolean(),
  id: fc.nat(255),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
  inAmount: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  quotedOut: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  slippageBps: fc.integer({ min: 0, max: 10_000 }),
  platformFeeBps: fc.nat(255),
});
type Args = typeof args extends fc.Arbitrary<infer T> ? T : never;
function encode(a: Args): Uint8Array {
  const tail = getStructEncoder([
    ['inAmount', getU64Encoder()],
    ['quotedOut', getU64Encoder()],
    ['slippageBps', getU16Encoder()],
    ['platformFeeBps', getU8Encoder()],
  ]).encode(a);
  return new Uint8Array([
    ...(a.shared ? [...JUPITER_SHARED_ACCOUNTS_ROUTE, a.id] : [...JUPITER_ROUTE]),
    ...getU32Encoder().encode(a.steps.length),
    ...a.steps.flatMap(encodeStep),
    ...tail,
  ]);
}

describe('readJupiterSwap', () => {
  test('reads the amounts after any plan of known steps', () => {
    fc.assert(
      fc.property(args, (a) => {
        const r = readJupiterSwap(encode(a));
        assert.ok(typeof r === 'object', String(r));
        assert.equal(r.instruction, a.shared ? 'shared_accounts_route' : 'route');
        assert.equal(r.inAmount, a.inAmount);
        assert.equal(r.quotedOutAmount, a.quotedOut);
        assert.equal(r.slippageBps, a.slippageBps);
        assert.equal(r.platformFeeBps, a.platformFeeBps);
        assert.equal(r.minimumOut, (a.quotedOut * BigInt(10_000 - a.slippageBps)) / 10_000n);
      }),
      { numRuns: 400 },
    );
  });

  test('any cut, any added byte: refused as layout, never thrown', () => {
    fc.assert(
      fc.property(args, fc.nat(), (a, cut) => {
        const data = encode(a);
        const prefix = data.subarray(0, cut % data.length);
        assert.equal(readJupiterSwap(prefix), prefix.length < 8 ? 'other' : 'layout');
        assert.equal(readJupiterSwap(new Uint8Array([...data, 0])), 'layout');
      }),
      { numRuns: 300 },
    );
  });

  test('random bytes after the discriminator: never thrown', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.uint8Array({ maxLength: 200 }), (shared, rest) => {
        const r = readJupiterSwap(
          new Uint8Array([...(shared ? JUPITER_SHARED_ACCOUNTS_ROUTE : JUPITER_ROUTE), ...rest]),
        );
        assert.ok(r === 'layout' || typeof r === 'object');
      }),
      { numRuns: 1000 },
    );
  });

  const one = (over: Partial<Args> = {}) =>
    encode({
      shared: false,
      id: 0,
      steps: [{ variant: VARIANTS[0]!, values: [], percent: 100, input: 0, output: 1 }],
      inAmount: 5n,
      quotedOut: 7n,
      slippageBps: 50,
      platformFeeBps: 0,
      ...over,
    });

  test('refusals: no step, too many steps, an unknown step, a bad option tag, slippage over 100%', () => {
    assert.equal(typeof readJupiterSwap(one()), 'object');
    assert.equal(readJupiterSwap(one({ steps: [] })), 'layout');
    const many = Array.from({ length: 33 }, () => ({
      variant: VARIANTS[0]!,
      values: [],
      percent: 3,
      input: 0,
      output: 1,
    }));
    assert.equal(readJupiterSwap(one({ steps: many })), 'layout');
    assert.equal(typeof readJupiterSwap(one({ steps: many.slice(0, 32) })), 'object');
    const unknown = one();
    unknown[12] = 62; // the first variant past the known ones
    assert.equal(readJupiterSwap(unknown), 'layout');
    // An unknown variant followed by what would read as WhirlpoolSwapV2's payload (a_to_b, None).
    const disguised = new Uint8Array([...one().subarray(0, 12), 62, 0, 0, 100, 0, 1, ...one().subarray(16)]);
    assert.equal(readJupiterSwap(disguised), 'layout');
    const whirl = one({
      steps: [
        { variant: VARIANTS.find((v) => v.index === 47)!, values: [true, null], percent: 100, input: 0, output: 1 },
      ],
    });
    assert.equal(typeof readJupiterSwap(whirl), 'object');
    whirl[14] = 2; // Option tag
    assert.equal(readJupiterSwap(whirl), 'layout');
    assert.equal(readJupiterSwap(one({ slippageBps: 10_001 })), 'layout');
  });

  test('other Jupiter instructions are not read as swaps', () => {
    for (const name of [
      'route_with_token_ledger',
      'shared_accounts_route_with_token_ledger',
      'exact_out_route',
      'shared_accounts_exact_out_route',
      'route_v2',
      'shared_accounts_route_v2',
    ]) {
      const data = one();
      data.set(disc(name), 0);
      assert.equal(readJupiterSwap(data), 'other', name);
    }
  });
});
