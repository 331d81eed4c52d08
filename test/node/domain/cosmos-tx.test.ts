/**
 * The protobuf writer of a signed Cosmos transaction refuses, at once, a number that is not a
 * `uint64` (issue 22, item 5: a coin's `decimals: -1` made its varint loop for seconds and
 * gigabytes before failing with the engine's own "Invalid array length"). No timing is
 * asserted: each case must throw the writer's own RangeError ("not a uint64"), which it throws
 * before any byte is written; the engine's error after the loop does not match.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bech32 } from '@scure/base';
import { encodeAminoTx, messageAny, uint64, U64_MAX, type StdSignDoc } from '../../../src/domain/chains/cosmos-tx.js';

const SIGNER = bech32.encode('thor', bech32.toWords(new Uint8Array(20).fill(7)));
const deposit = (decimals: unknown) => ({
  type: 'thorchain/MsgDeposit',
  value: { coins: [{ asset: 'THOR.RUNE', amount: '100000000', decimals }], memo: '=:b:bc1q:0', signer: SIGNER },
});
const doc = (over: Partial<StdSignDoc>): StdSignDoc => ({
  chain_id: 'thorchain-1',
  account_number: '1',
  sequence: '2',
  fee: { amount: [], gas: '500000000' },
  msgs: [deposit(undefined)],
  memo: '=:b:bc1q:0',
  ...over,
});
const REFUSED = { name: 'RangeError', message: /^not a uint64: / };
const BAD = [-1, 2 ** 64, 1e300, Number.NaN, 1.5, Number.POSITIVE_INFINITY, '-1', '18446744073709551616', '1e3', ''];

describe('the varint writer cannot loop', () => {
  test('a coin decimals that is not a uint64 throws a RangeError', () => {
    for (const bad of BAD) assert.throws(() => messageAny(deposit(bad)), REFUSED, String(bad));
  });

  test('a sequence or a gas that is not a uint64 throws a RangeError', () => {
    for (const bad of ['-1', '18446744073709551616', '1e300', 'NaN', '1.5']) {
      assert.throws(() => encodeAminoTx(doc({ sequence: bad }), new Uint8Array(33), new Uint8Array(64)), REFUSED, `sequence ${bad}`);
      assert.throws(() => encodeAminoTx(doc({ fee: { amount: [], gas: bad } }), new Uint8Array(33), new Uint8Array(64)), REFUSED, `gas ${bad}`);
    }
  });

  test('the boundary: 2^64 - 1 is written in 10 bytes, 2^64 is refused', () => {
    assert.equal(uint64(String(U64_MAX)), U64_MAX);
    assert.throws(() => uint64(String(U64_MAX + 1n)), REFUSED);
    const at = (gas: string) => encodeAminoTx(doc({ fee: { amount: [], gas } }), new Uint8Array(33), new Uint8Array(64)).length;
    assert.equal(at(String(U64_MAX)) - at('1'), 9, 'a 10-byte varint where 1 took one byte');
  });

  test('honest numbers: a missing or zero decimals is left out, the chain decimals written', () => {
    const none = messageAny(deposit(undefined));
    assert.deepEqual(messageAny(deposit(0)), none);
    assert.equal(messageAny(deposit(8)).length, none.length + 2);
    assert.equal(uint64(0), 0n);
    assert.equal(uint64(Number.MAX_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER));
  });
});
