/** fast-check arbitraries of honest Solana swaps, built by the reference service's kit-based builder. */
import fc from 'fast-check';
import { getAddressDecoder } from '@solana/kit';
import type { SolanaSwapParams } from '../../../../demo/server/solana-tx.js';

const decoder = getAddressDecoder();
/** Random addresses; shrinking toward all zeros would land on the System program's id, so a constant byte is kept. */
export const address32 = fc
  .uint8Array({ minLength: 31, maxLength: 31 })
  .map((b) => decoder.decode(Uint8Array.of(7, ...b)) as string);

/** Any honest swap: SOL or token in and out, to the user or another wallet, every message form. */
export const honestParams: fc.Arbitrary<SolanaSwapParams & { recipientIsUser: boolean }> = fc
  .record({
    from: address32,
    mintIn: fc.option(address32, { nil: undefined }),
    mintOut: fc.option(address32, { nil: undefined }),
    amountIn: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
    quotedOut: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    slippageBps: fc.integer({ min: 0, max: 10_000 }),
    recipientIsUser: fc.boolean(),
    other: address32,
    seed: fc.string({ maxLength: 12 }),
    version: fc.constantFrom(0 as const, 'legacy' as const),
    instruction: fc.constantFrom('route' as const, 'shared_accounts_route' as const),
    lookupTable: fc.boolean(),
    hops: fc.constantFrom(1 as const, 2 as const),
    computeUnitLimit: fc.integer({ min: 1, max: 1_400_000 }),
    priceShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .filter(
    (p) =>
      new Set([p.from, p.mintIn, p.mintOut, p.other].filter(Boolean)).size ===
      [p.from, p.mintIn, p.mintOut, p.other].filter(Boolean).length,
  )
  .filter((p) => p.mintIn !== undefined || p.mintOut !== undefined)
  .map(({ other, priceShare, ...p }) => ({
    ...p,
    recipient: p.recipientIsUser ? p.from : other,
    // Any price up to the 0.005 SOL cap at this limit.
    computeUnitPrice: BigInt(Math.floor((priceShare * 5_000_000 * 1_000_000) / p.computeUnitLimit)),
  }));
