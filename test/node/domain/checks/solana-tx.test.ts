/**
 * checkSolanaTransaction: every honest swap the reference builder can make passes, any
 * bytes are refused, and each rule has a tampered case (test/support/tamper-families.ts)
 * refused with its code beside an honest twin that passes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  checkSolanaTransaction,
  MAX_PRIORITY_FEE_LAMPORTS,
  type SolanaExpectation,
  type SolanaRefusalCode,
} from '../../../../src/domain/checks/solana-tx.js';
import { WRAPPED_SOL_MINT } from '../../../../src/domain/chains/solana-programs.js';
import { seededAddress, solanaSwapTx, type SolanaSwapParams } from '../../../../demo/server/solana-tx.js';
import {
  FAMILY_TAMPERS,
  FAMILY_TWINS,
  FEE_OWNER,
  withoutComputeUnitLimit,
  type TamperRoute,
} from '../../../support/tamper-families.js';
import { associatedTokenAccount } from '../../../../demo/server/solana-tx.js';
import type { Address } from '@solana/kit';
import { honestParams } from './solana-arbitraries.js';

const USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

const floor = (p: SolanaSwapParams) => (p.quotedOut * BigInt(10_000 - p.slippageBps)) / 10_000n;
/** The floor the route promises: net of a platform fee in the output mint (all these tests' fees are). */
const netFloor = (p: SolanaSwapParams) => (floor(p) * BigInt(10_000 - (p.platformFee?.bps ?? 0))) / 10_000n;

/** What the widget knows of the swap it asked for, for a transaction built from `p`. */
function expectationOf(p: SolanaSwapParams, withOptional = true): SolanaExpectation {
  return {
    sourceAddress: p.from,
    sellAsset: p.mintIn ? `SOL.TKN-${p.mintIn}` : 'SOL.SOL',
    sellAmount: p.amountIn,
    ...(withOptional
      ? { minimumOut: netFloor(p), recipient: { owner: p.recipient, mint: p.mintOut ?? WRAPPED_SOL_MINT } }
      : {}),
    // Configured as the transaction was built: the fee's rate and owner, else none.
    platformFee: p.platformFee ? { bps: p.platformFee.bps, owner: FEE_OWNER } : { bps: 0 },
  };
}

/** The platform fee of a swap built for `mintOut`: `bps` into the fee owner's account of the output mint. */
const feeInto = (mint: string | undefined, bps: number) => ({
  bps,
  account: associatedTokenAccount(FEE_OWNER, (mint ?? WRAPPED_SOL_MINT) as Address),
});

function refusal(tx: string, expect: SolanaExpectation): SolanaRefusalCode | undefined {
  const r = checkSolanaTransaction(tx, expect);
  return r.ok ? undefined : r.refusal.code;
}

describe('honest swaps pass', () => {
  test('any swap the kit-based builder makes: legacy or v0, lookup table or not, route or shared route, SOL or tokens, to the user or another wallet', () => {
    fc.assert(
      fc.property(honestParams, (p) => {
        const r = checkSolanaTransaction(solanaSwapTx(p), expectationOf(p));
        assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.refusal));
        assert.equal(r.swap.inAmount, p.amountIn);
        assert.equal(r.swap.minimumOut, floor(p));
        assert.equal(r.swap.instruction, p.instruction);
        assert.equal(r.wrappedLamports, p.mintIn ? 0n : p.amountIn);
        assert.equal(r.version, p.version);
        assert.ok(r.priorityFeeLamports <= MAX_PRIORITY_FEE_LAMPORTS);
      }),
      { numRuns: 40 },
    );
  });

  test('to the user, the optional inputs (minimum, recipient) may be left out', () => {
    fc.assert(
      fc.property(honestParams, (p) => {
        const self = { ...p, recipient: p.from };
        assert.equal(refusal(solanaSwapTx(self), expectationOf(self, false)), undefined);
      }),
      { numRuns: 20 },
    );
  });
});

describe('anything else is refused, never thrown', () => {
  const expect: SolanaExpectation = { sourceAddress: USER, sellAsset: 'SOL.SOL', sellAmount: 1n };
  test('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1300 }), (b) => {
        assert.equal(checkSolanaTransaction(Buffer.from(b).toString('base64'), expect).ok, false);
      }),
      { numRuns: 1000 },
    );
  });
  test('random strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        assert.equal(checkSolanaTransaction(s, expect).ok, false);
      }),
      { numRuns: 500 },
    );
  });
  test('random instructions in a real envelope: refused, or honest', () => {
    // A legacy transaction whose Jupiter data is random: it must never be accepted with an
    // amount other than the one asked for.
    const tx = Buffer.from(
      solanaSwapTx({
        from: USER,
        mintIn: USDC,
        mintOut: JUP,
        amountIn: 5n,
        quotedOut: 5n,
        slippageBps: 0,
        recipient: USER,
        seed: 'r',
        version: 'legacy',
      }),
      'base64',
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (data) => {
        const r = checkSolanaTransaction(
          Buffer.concat([tx.subarray(0, tx.length - 40), data.subarray(0, 40)]).toString('base64'),
          {
            sourceAddress: USER,
            sellAsset: `SOL.USDC-${USDC}`,
            sellAmount: 5n,
          },
        );
        if (r.ok) assert.equal(r.swap.inAmount, 5n);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the sell asset', () => {
  const p: SolanaSwapParams = {
    from: USER,
    amountIn: 1_000n,
    quotedOut: 10n,
    slippageBps: 50,
    recipient: USER,
    seed: 'a',
    mintOut: USDC,
  };
  test('a Solana asset with an address mint; the honest twin passes', () => {
    const tx = solanaSwapTx(p);
    assert.equal(refusal(tx, expectationOf(p)), undefined);
    assert.equal(refusal(tx, { ...expectationOf(p), sellAsset: 'ETH.ETH' }), 'solana-sell-asset');
    assert.equal(refusal(tx, { ...expectationOf(p), sellAsset: 'SOL.BAD-notanaddress' }), 'solana-sell-asset');
    assert.equal(
      refusal(tx, { ...expectationOf(p), sourceAddress: '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4' }),
      'solana-sell-asset',
    );
  });
  test('another amount asked for than the transaction swaps', () => {
    const tx = solanaSwapTx(p);
    assert.equal(refusal(tx, { ...expectationOf(p), sellAmount: 999n }), 'solana-amount');
  });
  test('selling a token the transaction does not spend', () => {
    const token = { ...p, mintIn: USDC, mintOut: JUP };
    const tx = solanaSwapTx(token);
    assert.equal(refusal(tx, expectationOf(token)), undefined);
    assert.equal(refusal(tx, { ...expectationOf(token), sellAsset: `SOL.JUP-${JUP}` }), 'solana-source-account');
    // A SOL sell claimed for a token transaction: nothing wrapped.
    assert.equal(refusal(tx, { ...expectationOf(token), sellAsset: 'SOL.SOL' }), 'solana-source-account');
  });
});

describe('each rule: a tampered transaction is refused with its code, its honest twin passes', () => {
  const other = seededAddress('friend');
  const kinds: { name: string; p: SolanaSwapParams }[] = [
    {
      name: 'SOL sell, v0 with a lookup table',
      p: {
        from: USER,
        amountIn: 3_000_000_000n,
        quotedOut: 450_000_000n,
        slippageBps: 50,
        recipient: USER,
        seed: 'k1',
        mintOut: USDC,
      },
    },
    {
      name: 'token sell to another wallet, two hops',
      p: {
        from: USER,
        mintIn: USDC,
        mintOut: JUP,
        amountIn: 120_000_000n,
        quotedOut: 90_000_000n,
        slippageBps: 100,
        recipient: other,
        seed: 'k2',
        hops: 2,
      },
    },
    {
      name: 'token sell for SOL, legacy, shared-accounts route',
      p: {
        from: USER,
        mintIn: USDC,
        amountIn: 250_000_000n,
        quotedOut: 1_600_000_000n,
        slippageBps: 30,
        recipient: USER,
        seed: 'k3',
        version: 'legacy',
        instruction: 'shared_accounts_route',
      },
    },
    {
      name: 'SOL sell with a platform fee in USDC',
      p: {
        from: USER,
        amountIn: 3_000_000_000n,
        quotedOut: 450_000_000n,
        slippageBps: 50,
        recipient: USER,
        seed: 'k4',
        mintOut: USDC,
        platformFee: feeInto(USDC, 30),
      },
    },
    {
      name: 'token sell for SOL with a platform fee, shared-accounts route',
      p: {
        from: USER,
        mintIn: USDC,
        amountIn: 250_000_000n,
        quotedOut: 1_600_000_000n,
        slippageBps: 30,
        recipient: USER,
        seed: 'k5',
        instruction: 'shared_accounts_route',
        platformFee: feeInto(undefined, 25),
      },
    },
  ];
  const built = new Map<SolanaSwapParams, TamperRoute>();
  const routeOf = (p: SolanaSwapParams): TamperRoute => {
    if (!built.has(p))
      built.set(p, {
        sellAsset: p.mintIn ? `SOL.TKN-${p.mintIn}` : 'SOL.SOL',
        sourceAddress: p.from,
        tx: solanaSwapTx(p),
      });
    return built.get(p)!;
  };

  for (const t of FAMILY_TAMPERS.filter((x) => x.family === 'solana')) {
    test(t.name, () => {
      let applied = 0;
      for (const k of kinds) {
        const route = routeOf(k.p);
        if (!t.appliesTo(route)) continue;
        applied++;
        const expect = expectationOf(k.p);
        assert.equal(refusal(route.tx as string, expect), undefined, `${k.name}: the honest twin`);
        const tampered = t.tamper(route);
        assert.equal(refusal(tampered.tx as string, expect), t.code, k.name);
        assert.notEqual(tampered.tx, route.tx);
      }
      assert.ok(applied > 0, 'applies to some honest kind');
    });
  }

  for (const t of FAMILY_TWINS.filter((x) => x.family === 'solana')) {
    test(`honest twin: ${t.name}`, () => {
      let applied = 0;
      for (const k of kinds) {
        const route = routeOf(k.p);
        if (!t.appliesTo(route)) continue;
        applied++;
        assert.equal(refusal(t.tamper(route).tx as string, expectationOf(k.p)), undefined, k.name);
      }
      assert.ok(applied > 0, 'applies to some honest kind');
    });
  }

  test('a priority fee just under the cap passes, just over is refused', () => {
    const base = kinds[0]!.p;
    const limit = 1_000_000;
    const at = (price: bigint) =>
      refusal(solanaSwapTx({ ...base, computeUnitLimit: limit, computeUnitPrice: price }), expectationOf(base));
    assert.equal(at(5_000_000n), undefined); // 5 000 000 lamports exactly
    assert.equal(at(5_000_001n), 'solana-priority-fee');
  });

  test('the minimum may be one unit under the route floor, not two', () => {
    const p = kinds[0]!.p;
    const tx = solanaSwapTx(p);
    assert.equal(refusal(tx, { ...expectationOf(p), minimumOut: floor(p) + 1n }), undefined);
    assert.equal(refusal(tx, { ...expectationOf(p), minimumOut: floor(p) + 2n }), 'solana-minimum-out');
  });

  test('with a platform fee in the output mint, the floor net of the fee: one unit under the route minimum passes, two do not', () => {
    const p = kinds.find((k) => k.p.platformFee)!.p;
    const tx = solanaSwapTx(p);
    const net = (floor(p) * BigInt(10_000 - p.platformFee!.bps)) / 10_000n;
    assert.ok(net < floor(p) - 1n, 'the fee is more than the tolerance');
    assert.equal(refusal(tx, { ...expectationOf(p), minimumOut: net + 1n }), undefined);
    assert.equal(refusal(tx, { ...expectationOf(p), minimumOut: net + 2n }), 'solana-minimum-out');
    // The same transaction read without its fee (the fee in the input mint): the gross floor.
    const inputMint = {
      ...p,
      platformFee: { bps: p.platformFee!.bps, account: associatedTokenAccount(FEE_OWNER, WRAPPED_SOL_MINT as Address) },
    };
    assert.equal(
      refusal(solanaSwapTx(inputMint), { ...expectationOf(inputMint), minimumOut: floor(p) + 1n }),
      undefined,
    );
  });

  test('an output account created for someone the widget was not told about', () => {
    const p = kinds[1]!.p;
    assert.equal(
      refusal(solanaSwapTx(p), { ...expectationOf(p), recipient: { owner: USER, mint: JUP } }),
      'solana-ata-create',
    );
  });
});

describe('every limit of the transaction, one unit each side', () => {
  const p: SolanaSwapParams = {
    from: USER,
    mintIn: USDC,
    mintOut: JUP,
    amountIn: 120_000_000n,
    quotedOut: 90_000_000n,
    slippageBps: 100,
    recipient: USER,
    seed: 'limits',
  };

  test('a token sell swaps the sell amount exactly: one unit more or less is refused', () => {
    assert.equal(refusal(solanaSwapTx(p), expectationOf(p)), undefined);
    for (const amountIn of [p.amountIn + 1n, p.amountIn - 1n])
      assert.equal(refusal(solanaSwapTx({ ...p, amountIn }), expectationOf(p)), 'solana-amount', String(amountIn));
  });

  test('a SOL sell wraps and swaps the sell amount exactly: one lamport more or less is refused', () => {
    const sol: SolanaSwapParams = { ...p, mintIn: undefined, amountIn: 3_000_000_000n, mintOut: USDC };
    assert.equal(refusal(solanaSwapTx(sol), expectationOf(sol)), undefined);
    for (const amountIn of [sol.amountIn + 1n, sol.amountIn - 1n])
      assert.equal(refusal(solanaSwapTx({ ...sol, amountIn }), expectationOf(sol)), 'solana-amount', String(amountIn));
  });

  test('the priority fee is rounded up to a whole lamport before the cap: 5 000 000.99… lamports is over it', () => {
    // 1 000 001 units at 4 999 995 micro-lamports: 4 999 999.999995 lamports, 5 000 000 rounded up; at 4 999 996: 5 000 000.999996, 5 000 001.
    const at = (price: bigint) =>
      refusal(solanaSwapTx({ ...p, computeUnitLimit: 1_000_001, computeUnitPrice: price }), expectationOf(p));
    assert.equal(at(4_999_995n), undefined);
    assert.equal(at(4_999_996n), 'solana-priority-fee');
    assert.equal(at(20_000n), undefined, 'an honest price');
  });

  test('without a compute-unit limit, the fee counts the largest one (1 400 000 units)', () => {
    // 3 571 428 micro-lamports × 1.4 M: 4 999 999.2 lamports, 5 000 000 rounded up; 3 571 429: 5 000 000.6, 5 000 001.
    const at = (price: bigint) =>
      refusal(withoutComputeUnitLimit(solanaSwapTx({ ...p, computeUnitPrice: price })), expectationOf(p));
    assert.equal(at(3_571_428n), undefined);
    assert.equal(at(3_571_429n), 'solana-priority-fee');
    assert.equal(at(20_000n), undefined, 'an honest price');
  });
});
