/**
 * An address lookup table's account read into its addresses (src/domain/chains/solana-lookup-table.ts),
 * against accounts written by the reference service's own writer (demo/server/solana-tx.ts): the
 * 56-byte meta, then 32 bytes an address; anything else is no table.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Address } from '@solana/kit';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  LOOKUP_TABLE_MAX_ADDRESSES,
  LOOKUP_TABLE_META_SIZE,
  lookupTableOfAccount,
  readLookupTable,
} from '../../../../src/domain/chains/solana-lookup-table.js';
import { lookupTableAccountData, seededAddress } from '../../../../demo/server/solana-tx.js';

const addresses = (n: number) => Array.from({ length: n }, (_, i) => seededAddress(`entry:${i}`));
const AUTHORITY = seededAddress('authority');
const account = (data: Uint8Array, owner = ADDRESS_LOOKUP_TABLE_PROGRAM) => ({
  data: [Buffer.from(data).toString('base64'), 'base64'],
  owner,
  lamports: 1,
  executable: false,
});

describe('a lookup table account', () => {
  test('its addresses, in order, after the 56-byte meta', () => {
    const list = addresses(3);
    assert.deepEqual(readLookupTable(lookupTableAccountData(list, AUTHORITY)), list);
    assert.deepEqual(lookupTableOfAccount(account(lookupTableAccountData(list, AUTHORITY))), list);
  });

  test('an empty table (56 bytes) holds none; 55 bytes or a partial address is no table', () => {
    const empty = lookupTableAccountData([], AUTHORITY);
    assert.equal(empty.length, LOOKUP_TABLE_META_SIZE);
    assert.deepEqual(readLookupTable(empty), []);
    assert.equal(readLookupTable(empty.subarray(0, LOOKUP_TABLE_META_SIZE - 1)), undefined);
    const one = lookupTableAccountData(addresses(1), AUTHORITY);
    assert.equal(readLookupTable(one.subarray(0, one.length - 1)), undefined);
    assert.equal(readLookupTable(new Uint8Array([...one, 0])), undefined);
  });

  test(`at most ${LOOKUP_TABLE_MAX_ADDRESSES} addresses, not one more`, () => {
    assert.equal(readLookupTable(lookupTableAccountData(addresses(256), AUTHORITY))?.length, 256);
    assert.equal(readLookupTable(lookupTableAccountData(addresses(257), AUTHORITY)), undefined);
  });

  test('an uninitialized account (state 0), another state, or a bad authority tag is no table', () => {
    const data = lookupTableAccountData(addresses(2), AUTHORITY);
    for (const [at, value] of [
      [0, 0],
      [0, 2],
      [21, 2],
    ] as const) {
      const bad = new Uint8Array(data);
      bad[at] = value;
      assert.equal(readLookupTable(bad), undefined, `byte ${at} = ${value}`);
    }
    // No authority (a frozen table) is a table.
    const frozen = new Uint8Array(data);
    frozen[21] = 0;
    frozen.fill(0, 22, 54);
    assert.deepEqual(readLookupTable(frozen), addresses(2));
  });

  test("an account of another owner, another encoding, or none, is no table (getAccountInfo's answer)", () => {
    const data = lookupTableAccountData(addresses(2), AUTHORITY);
    assert.equal(lookupTableOfAccount(account(data, seededAddress('other-program') as Address)), undefined);
    assert.equal(
      lookupTableOfAccount({ ...account(data), data: [Buffer.from(data).toString('base64'), 'base58'] }),
      undefined,
    );
    assert.equal(lookupTableOfAccount(null), undefined);
    assert.equal(lookupTableOfAccount({ ...account(data), data: 'AAAA' }), undefined);
  });
});
