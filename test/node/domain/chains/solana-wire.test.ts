/**
 * The hand-written Solana decoder and address rule, against @solana/kit as the oracle:
 * every transaction kit builds is read field for field the same; any bytes are refused
 * without a throw, and whatever is accepted kit reads the same way.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  getAddressDecoder,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  isOffCurveAddress,
  type Address,
} from '@solana/kit';
import {
  addressBytes,
  associatedTokenAddress,
  base64Bytes,
  decodeWireTransaction,
  isOnCurve,
  TRANSACTION_SIZE_LIMIT,
} from '../../../../src/domain/chains/solana-wire.js';
import { solanaSwapTx } from '../../../../demo/server/solana-tx.js';
import { honestParams } from '../checks/solana-arbitraries.js';

const RUNS = { numRuns: 40 };

/** What kit reads from a serialised transaction, in the decoder's own terms. */
function kitRead(bytes: Uint8Array) {
  const tx = getTransactionDecoder().decode(bytes);
  const m = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (m.version === 1) throw new Error('a version-1 message: the decoder refuses those');
  return {
    signatures: Object.keys(tx.signatures).length,
    version: m.version,
    header: [m.header.numSignerAccounts, m.header.numReadonlySignerAccounts, m.header.numReadonlyNonSignerAccounts],
    keys: [...m.staticAccounts],
    blockhash: m.lifetimeToken,
    instructions: m.instructions.map((ix) => ({
      programIndex: ix.programAddressIndex,
      accounts: [...(ix.accountIndices ?? [])],
      data: [...(ix.data ?? [])],
    })),
    lookups: (('addressTableLookups' in m ? m.addressTableLookups : undefined) ?? []).map((l) => ({
      table: l.lookupTableAddress,
      writable: [...l.writableIndexes],
      readonly: [...l.readonlyIndexes],
    })),
  };
}

function ourRead(bytes: Uint8Array) {
  const r = decodeWireTransaction(bytes);
  if (!r.ok) return undefined;
  const t = r.tx;
  return {
    signatures: t.signatures.length,
    version: t.version,
    header: [...t.header],
    keys: [...t.keys],
    blockhash: t.blockhash,
    instructions: t.instructions.map((ix) => ({
      programIndex: ix.programIndex,
      accounts: [...ix.accounts],
      data: [...ix.data],
    })),
    lookups: t.lookups.map((l) => ({ table: l.table, writable: [...l.writable], readonly: [...l.readonly] })),
  };
}

const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));

describe('decodeWireTransaction against kit', () => {
  test('every transaction kit compiles (legacy, v0, with and without a lookup table) reads the same', () => {
    fc.assert(
      fc.property(honestParams, (p) => {
        const bytes = bytesOf(solanaSwapTx(p));
        assert.deepEqual(ourRead(bytes), kitRead(bytes));
      }),
      RUNS,
    );
  });

  test('any bytes: no throw; what is accepted, kit reads the same', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1400 }), (bytes) => {
        const ours = ourRead(bytes);
        if (ours) assert.deepEqual(ours, kitRead(bytes));
      }),
      { numRuns: 2000 },
    );
  });

  test('a real transaction with a byte changed, cut or added: no throw; what is accepted, kit reads the same', () => {
    const samples = fc.sample(honestParams, { numRuns: 25, seed: 42 }).map((p) => bytesOf(solanaSwapTx(p)));
    fc.assert(
      fc.property(
        fc.nat(samples.length - 1),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('set', 'cut', 'add'),
        (k, where, value, how) => {
          const good = samples[k]!;
          const at = where % good.length;
          const bytes =
            how === 'set'
              ? good.map((b, i) => (i === at ? value : b))
              : how === 'cut'
                ? good.subarray(0, at)
                : new Uint8Array([...good, value]);
          const ours = ourRead(bytes);
          if (how !== 'set') assert.equal(ours, undefined, 'a cut or longer transaction is refused');
          if (ours) assert.deepEqual(ours, kitRead(bytes));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('decodeWireTransaction refusals', () => {
  const good = () =>
    bytesOf(
      solanaSwapTx({
        from: 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4',
        amountIn: 10n,
        quotedOut: 5n,
        slippageBps: 50,
        recipient: 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4',
        seed: 'x',
      }),
    );
  const messageAt = (b: Uint8Array) => 1 + 64 * b[0]!;

  test('an honest twin decodes', () => {
    assert.equal(decodeWireTransaction(good()).ok, true);
  });

  test('message versions other than legacy and 0', () => {
    for (const [byte, version] of [
      [0x81, 1],
      [0xff, 127],
      [0x85, 5],
    ] as const) {
      const b = good();
      b[messageAt(b)] = byte;
      assert.deepEqual(decodeWireTransaction(b), { ok: false, reason: 'version', version });
    }
    // A version-1 transaction puts its message first.
    assert.deepEqual(decodeWireTransaction(Uint8Array.of(0x81, 1, 0, 0)), { ok: false, reason: 'version', version: 1 });
  });

  test('trailing bytes, a short signature list, an oversized transaction', () => {
    assert.deepEqual(decodeWireTransaction(new Uint8Array([...good(), 0])), { ok: false, reason: 'bytes' });
    const b = good();
    b[0] = 2; // two signatures announced, one signer in the header
    assert.equal(decodeWireTransaction(b).ok, false);
    assert.deepEqual(decodeWireTransaction(new Uint8Array(TRANSACTION_SIZE_LIMIT + 1)), { ok: false, reason: 'bytes' });
  });

  test('a non-canonical short-vector length (0x81 0x00 for 1) is refused', () => {
    const b = good();
    const canonical = decodeWireTransaction(b);
    assert.ok(canonical.ok);
    // The signature count 1 written in two bytes.
    const aliased = new Uint8Array([0x81, 0x00, ...b.subarray(1)]);
    assert.deepEqual(decodeWireTransaction(aliased), { ok: false, reason: 'version', version: 1 });
    // The static key count written in two bytes.
    const at = messageAt(b) + 1 + 3;
    const keys = b[at]!;
    const long = new Uint8Array([...b.subarray(0, at), keys | 0x80, 0x00, ...b.subarray(at + 1)]);
    assert.deepEqual(decodeWireTransaction(long), { ok: false, reason: 'bytes' });
  });

  test('a program that is the fee payer, or an account index past the keys', () => {
    const r = decodeWireTransaction(good());
    assert.ok(r.ok);
    // Rewrite the first instruction's program index to 0: locate it after the blockhash.
    const b = good();
    const v0 = 1;
    const keysAt = messageAt(b) + v0 + 3;
    const firstIx = keysAt + 1 + 32 * r.tx.keys.length + 32 + 1;
    b[firstIx] = 0;
    assert.deepEqual(decodeWireTransaction(b), { ok: false, reason: 'bytes' });
  });
});

describe("the network's sanitize rules (messages written with kit's encoder)", () => {
  const A = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4' as Address;
  const B = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4' as Address;
  const P = 'ComputeBudget111111111111111111111111111111' as Address;
  const T = 'FB4y4XvAbAUUa2tQj4xWiFJBVaUnL2YbuFZZXH7MwzLA' as Address;
  type M = {
    header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
    staticAccounts: Address[];
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
    addressTableLookups?: { lookupTableAddress: Address; writableIndexes: number[]; readonlyIndexes: number[] }[];
  };
  const honest = (): M => ({
    header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
    staticAccounts: [A, P],
    instructions: [{ programAddressIndex: 1, accountIndices: [0, 2], data: Uint8Array.of(2, 0, 0, 0, 1) }],
    addressTableLookups: [{ lookupTableAddress: T, writableIndexes: [3], readonlyIndexes: [] }],
  });
  const wire = (m: M, signatures = m.header.numSignerAccounts) => {
    const message = getCompiledTransactionMessageEncoder().encode({ version: 0, lifetimeToken: A, ...m } as never);
    return new Uint8Array([signatures, ...new Uint8Array(64 * signatures), ...message]);
  };
  const refused = (m: M, signatures?: number) =>
    assert.deepEqual(decodeWireTransaction(wire(m, signatures)), { ok: false, reason: 'bytes' });

  test('the honest twin decodes', () => {
    assert.equal(decodeWireTransaction(wire(honest())).ok, true);
  });
  test('no signer; a read-only fee payer; more read-only keys than non-signers', () => {
    refused({
      ...honest(),
      header: { numSignerAccounts: 0, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
    });
    refused({
      ...honest(),
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 1, numReadonlyNonSignerAccounts: 1 },
    });
    refused({
      ...honest(),
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 2 },
    });
    refused({
      ...honest(),
      header: { numSignerAccounts: 3, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 0 },
    });
  });
  test('a well-formed transaction over 1232 bytes', () => {
    const keys = Array.from({ length: 37 }, (_, i) => getAddressDecoder().decode(new Uint8Array(32).fill(i + 1)));
    const big = {
      ...honest(),
      staticAccounts: [A, ...keys, P],
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
    };
    big.instructions = [{ programAddressIndex: 38, accountIndices: [0], data: Uint8Array.of(2, 0, 0, 0, 1) }];
    assert.ok(wire(big).length > TRANSACTION_SIZE_LIMIT);
    refused(big);
    const fits = { ...big, staticAccounts: [A, ...keys.slice(0, 30), P] };
    fits.instructions = [{ programAddressIndex: 31, accountIndices: [0], data: Uint8Array.of(2, 0, 0, 0, 1) }];
    assert.equal(decodeWireTransaction(wire(fits)).ok, true);
  });
  test('the size limit exactly: a transaction of 1232 bytes decodes, one of 1233 does not', () => {
    /** The honest message with its instruction's data padded until the transaction is `bytes` long. */
    const sized = (bytes: number) => {
      for (let pad = Math.max(0, bytes - wire(honest()).length - 4); pad < bytes; pad++) {
        const m = honest();
        m.instructions = [{ programAddressIndex: 1, accountIndices: [0, 2], data: new Uint8Array(5 + pad).fill(2) }];
        if (wire(m).length === bytes) return m;
      }
      return assert.fail(`no transaction of ${bytes} bytes`);
    };
    assert.equal(TRANSACTION_SIZE_LIMIT, 1232);
    assert.equal(decodeWireTransaction(wire(sized(1232))).ok, true);
    refused(sized(1233));
  });
  test('a signature count other than the header says', () => {
    refused(honest(), 2);
  });
  test('a key written twice', () => {
    refused({
      ...honest(),
      staticAccounts: [A, A, P],
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
    });
  });
  test('a lookup that loads nothing; more than 256 accounts', () => {
    refused({
      ...honest(),
      addressTableLookups: [
        ...honest().addressTableLookups!,
        { lookupTableAddress: B, writableIndexes: [], readonlyIndexes: [] },
      ],
    });
    refused({
      ...honest(),
      addressTableLookups: [
        { lookupTableAddress: T, writableIndexes: Array.from({ length: 255 }, (_, i) => i), readonlyIndexes: [] },
      ],
    });
    assert.equal(
      decodeWireTransaction(
        wire({
          ...honest(),
          addressTableLookups: [
            { lookupTableAddress: T, writableIndexes: Array.from({ length: 254 }, (_, i) => i), readonlyIndexes: [] },
          ],
        }),
      ).ok,
      true,
    );
  });
  test('an account index past the keys; a program loaded from a table or paying the fee', () => {
    refused({ ...honest(), instructions: [{ programAddressIndex: 1, accountIndices: [0, 3] }] });
    refused({ ...honest(), instructions: [{ programAddressIndex: 2, accountIndices: [0] }] });
    refused({ ...honest(), instructions: [{ programAddressIndex: 0, accountIndices: [0] }] });
  });
});

describe('base64Bytes', () => {
  test('strict standard base64', () => {
    assert.deepEqual(base64Bytes('AQID'), Uint8Array.of(1, 2, 3));
    for (const bad of ['AQI', 'AQI*', 'AQ-D', ' AQID', 'AQID\n', '===='])
      assert.equal(base64Bytes(bad), undefined, bad);
  });
});

describe('program-derived addresses', () => {
  const encoder = getAddressEncoder();
  const decoder = getAddressDecoder();
  const address32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => decoder.decode(b));

  test('the curve test agrees with kit on any 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (b) => {
        assert.equal(isOnCurve(b), !isOffCurveAddress(decoder.decode(b)));
      }),
      { numRuns: 500 },
    );
    // A program deployed from a (vanity) key pair is on the curve; an associated token account is not.
    assert.equal(isOnCurve(addressBytes('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')!), true);
    assert.equal(isOnCurve(addressBytes(WSOL_ATA_OF_SOL_USER)!), false);
  });

  test('associated token accounts agree with kit getProgramDerivedAddress (Token and Token-2022)', async () => {
    await fc.assert(
      fc.asyncProperty(
        address32,
        address32,
        fc.constantFrom('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
        async (owner, mint, program) => {
          const [expected] = await getProgramDerivedAddress({
            programAddress: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address,
            seeds: [encoder.encode(owner), encoder.encode(program as Address), encoder.encode(mint)],
          });
          assert.equal(associatedTokenAddress(owner, mint, program), expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('a golden vector: the wrapped-SOL account of a wallet', () => {
    // Independently: kit's getProgramDerivedAddress gives the same (checked above); written
    // here so that a change of both sides still shows.
    assert.equal(
      associatedTokenAddress(
        'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4',
        'So11111111111111111111111111111111111111112',
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      ),
      WSOL_ATA_OF_SOL_USER,
    );
    assert.equal(
      associatedTokenAddress(
        'not an address',
        'So11111111111111111111111111111111111111112',
        'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      ),
      undefined,
    );
  });
});

/** Computed once with kit's getProgramDerivedAddress. */
const WSOL_ATA_OF_SOL_USER = 'FB4y4XvAbAUUa2tQj4xWiFJBVaUnL2YbuFZZXH7MwzLA';
