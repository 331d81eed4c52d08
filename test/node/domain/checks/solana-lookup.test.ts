/**
 * A Jupiter v0 transaction whose output mint is loaded from an address lookup table (issue 30,
 * item 7): resolved through the table read before the check, then checked as usual; refused,
 * saying why, when the table could not be read (no Solana RPC endpoint, no answer) or the index
 * is beyond its entries. Transactions built by the reference service (demo/server/solana-tx.ts,
 * with @solana/kit's own compression), tables by its own writer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkSolanaTransaction,
  type LookupTableReads,
  type SolanaExpectation,
} from '../../../../src/domain/checks/solana-tx.js';
import { base64Bytes, decodeWireTransaction } from '../../../../src/domain/chains/solana-wire.js';
import {
  MINT_LOOKUP_TABLE,
  mintLookupTable,
  seededAddress,
  solanaSwapTx,
  type SolanaSwapParams,
} from '../../../../demo/server/solana-tx.js';
import { BASE_TOKENS } from '../../../../demo/server/tokens.js';

const USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINTS = mintLookupTable(BASE_TOKENS);

const params = (over: Partial<SolanaSwapParams> = {}): SolanaSwapParams => ({
  from: USER,
  mintOut: USDC,
  amountIn: 3_000_000_000n,
  quotedOut: 450_000_000n,
  slippageBps: 100,
  recipient: USER,
  seed: 'lookup-mint',
  mintTable: MINTS,
  ...over,
});
const expectation = (lookupTables?: LookupTableReads): SolanaExpectation => ({
  sourceAddress: USER,
  sellAsset: 'SOL.SOL',
  sellAmount: 3_000_000_000n,
  minimumOut: (450_000_000n * 9_900n) / 10_000n,
  recipient: { owner: USER, mint: USDC },
  platformFee: { bps: 0 },
  ...(lookupTables ? { lookupTables } : {}),
});
const outcome = (tx: string, reads?: LookupTableReads) => {
  const r = checkSolanaTransaction(tx, expectation(reads));
  return r.ok ? 'ok' : { code: r.refusal.code, ...r.refusal.params };
};
const read = (entries: readonly string[] | undefined) => new Map([[MINT_LOOKUP_TABLE as string, entries]]);

describe('a Jupiter v0 transaction whose output mint sits in its address lookup table', () => {
  for (const instruction of ['route', 'shared_accounts_route'] as const) {
    const tx = solanaSwapTx(params({ instruction }));

    test(`${instruction}: the mint is loaded from the shared table (no static key)`, () => {
      const decoded = decodeWireTransaction(base64Bytes(tx)!);
      assert.ok(decoded.ok);
      assert.ok(!decoded.tx.keys.includes(USDC), 'the output mint is no static key');
      assert.ok(decoded.tx.lookups.some((l) => l.table === MINT_LOOKUP_TABLE));
    });

    test(`${instruction}: the table read, resolved and checked as usual: handed out (the honest twin)`, () => {
      assert.equal(outcome(tx, read(MINTS)), 'ok');
    });

    test(`${instruction}: without a Solana RPC endpoint, refused saying so`, () => {
      assert.deepEqual(outcome(tx, 'no-rpc'), {
        code: 'solana-lookup-account',
        role: 'swap-mint',
        table: MINT_LOOKUP_TABLE,
        reason: 'no-rpc',
      });
      assert.deepEqual(outcome(tx), outcome(tx, 'no-rpc'), 'nothing read counts as no endpoint');
    });

    test(`${instruction}: a table that could not be read (no answer, no table): refused`, () => {
      assert.deepEqual(outcome(tx, read(undefined)), {
        code: 'solana-lookup-account',
        role: 'swap-mint',
        table: MINT_LOOKUP_TABLE,
        reason: 'unread',
      });
      assert.deepEqual(outcome(tx, new Map()), outcome(tx, read(undefined)));
    });

    test(`${instruction}: the index one past the table's entries is refused; its last entry is read`, () => {
      const at = MINTS.indexOf(USDC as never);
      assert.ok(at >= 0);
      assert.equal(outcome(tx, read(MINTS.slice(0, at + 1))), 'ok');
      assert.deepEqual(outcome(tx, read(MINTS.slice(0, at))), {
        code: 'solana-lookup-account',
        role: 'swap-mint',
        table: MINT_LOOKUP_TABLE,
        reason: 'index',
      });
    });

    test(`${instruction}: a table whose entry there is another mint: the swap buys another mint, refused as usual`, () => {
      const other = MINTS.map((m) => (m === USDC ? seededAddress('look-alike-mint') : m));
      assert.deepEqual(outcome(tx, read(other)), { code: 'solana-destination', reason: 'mint' });
    });
  }

  test('a transaction without the mint table needs no read (static mint)', () => {
    const tx = solanaSwapTx(params({ mintTable: undefined }));
    assert.equal(outcome(tx), 'ok');
    assert.equal(outcome(tx, 'no-rpc'), 'ok');
  });
});
