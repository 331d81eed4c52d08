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
import {
  aminoSignDoc,
  encodeAminoTx,
  messageAny,
  uint64,
  U64_MAX,
  type AminoMsg,
  type StdSignDoc,
} from '../../../../src/domain/chains/cosmos-tx.js';
import { OPTION_ONLY_IMPORTS, readTxRaw, rebuiltSignDoc, skippedImports } from '../../../support/cosmos-proto.js';

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
      assert.throws(
        () => encodeAminoTx(doc({ sequence: bad }), new Uint8Array(33), new Uint8Array(64)),
        REFUSED,
        `sequence ${bad}`,
      );
      assert.throws(
        () => encodeAminoTx(doc({ fee: { amount: [], gas: bad } }), new Uint8Array(33), new Uint8Array(64)),
        REFUSED,
        `gas ${bad}`,
      );
    }
  });

  test('the boundary: 2^64 - 1 is written in 10 bytes, 2^64 is refused', () => {
    assert.equal(uint64(String(U64_MAX)), U64_MAX);
    assert.throws(() => uint64(String(U64_MAX + 1n)), REFUSED);
    const at = (gas: string) =>
      encodeAminoTx(doc({ fee: { amount: [], gas } }), new Uint8Array(33), new Uint8Array(64)).length;
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

/**
 * The transaction written, read back with a reader generated from the real `.proto` files
 * (cosmos-sdk `tx.proto`, `coin.proto`, `bank/v1beta1/tx.proto`, `secp256k1/keys.proto`;
 * thornode `msg_deposit.proto`, `msg_send.proto`, `common.proto`: test/fixtures/proto). Every
 * field of TxRaw, TxBody, AuthInfo and the message is read and compared with what the signed
 * document says, and every level re-encodes through its schema to the same bytes: a field
 * written under another number (a coin's `decimals` as field 4, say) reads as absent and does
 * not survive the round trip.
 */
describe('the TxRaw, read with the real .proto files', () => {
  const PUBKEY = Uint8Array.from({ length: 33 }, (_, i) => (i === 0 ? 2 : i * 7));
  const SIGNATURE = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
  const bytesOf = (address: string) => [...bech32.fromWords(bech32.decode(address as `${string}1${string}`).words)];
  const THOR_TO = bech32.encode('thor', bech32.toWords(new Uint8Array(20).fill(9)));
  const GAIA_FROM = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(3)));
  const GAIA_TO = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(4)));
  const MAYA_FROM = bech32.encode('maya', bech32.toWords(new Uint8Array(20).fill(5)));
  const MEMO = '=:BTC.BTC:bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3:12345678';
  const native = (chain: string, symbol: string) => ({
    chain,
    symbol,
    ticker: symbol,
    synth: false,
    trade: false,
    secured: false,
  });

  /** The signed document written with this key and signature, and read back. */
  const written = (msg: AminoMsg, over: Partial<StdSignDoc> = {}) => {
    const signed = doc({ msgs: [msg], sequence: '17', ...over });
    return { signed, read: readTxRaw(encodeAminoTx(signed, PUBKEY, SIGNATURE)) };
  };
  /** What the widget means to write for `signed`, its one message being `message` (an unpacked Any). */
  const meant = (signed: StdSignDoc, message: { type_url: string; value: Record<string, unknown> }) => ({
    signatures: [[...SIGNATURE]],
    body: {
      messages: [message],
      memo: signed.memo,
      timeout_height: '0',
      unordered: false,
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [
        {
          public_key: { type_url: '/cosmos.crypto.secp256k1.PubKey', value: { key: [...PUBKEY] } },
          mode_info: { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' }, sum: 'single' },
          sequence: signed.sequence,
        },
      ],
      fee: {
        amount: signed.fee.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
        gas_limit: signed.fee.gas,
        payer: '',
        granter: '',
      },
      tip: null,
    },
  });

  test('the only imports left out of the fixtures declare options, no type', () => {
    assert.deepEqual([...skippedImports].sort(), [...OPTION_ONLY_IMPORTS].sort());
  });

  test('a THORChain MsgDeposit: its coin (asset, amount, decimals), memo and signer', () => {
    const { signed, read } = written(deposit(8));
    assert.deepEqual(
      read,
      meant(signed, {
        type_url: '/types.MsgDeposit',
        value: {
          coins: [{ asset: native('THOR', 'RUNE'), amount: '100000000', decimals: '8' }],
          memo: '=:b:bc1q:0',
          signer: bytesOf(SIGNER),
        },
      }),
    );
  });

  test('a MsgDeposit without decimals: none written (proto3 reads 0)', () => {
    const { signed, read } = written(deposit(undefined));
    assert.deepEqual(
      read,
      meant(signed, {
        type_url: '/types.MsgDeposit',
        value: {
          coins: [{ asset: native('THOR', 'RUNE'), amount: '100000000', decimals: '0' }],
          memo: '=:b:bc1q:0',
          signer: bytesOf(SIGNER),
        },
      }),
    );
  });

  test("a Maya MsgDeposit: CACAO at 10 decimals, Maya's signer", () => {
    const msg: AminoMsg = {
      type: 'mayachain/MsgDeposit',
      value: {
        coins: [{ asset: 'MAYA.CACAO', amount: '50000000000000', decimals: 10 }],
        memo: MEMO,
        signer: MAYA_FROM,
      },
    };
    const { signed, read } = written(msg, { chain_id: 'mayachain-mainnet-v1', memo: MEMO });
    assert.deepEqual(
      read,
      meant(signed, {
        type_url: '/types.MsgDeposit',
        value: {
          coins: [{ asset: native('MAYA', 'CACAO'), amount: '50000000000000', decimals: '10' }],
          memo: MEMO,
          signer: bytesOf(MAYA_FROM),
        },
      }),
    );
  });

  test("a THORChain MsgSend: addresses as bytes, the coin's denom and amount", () => {
    const msg: AminoMsg = {
      type: 'thorchain/MsgSend',
      value: { from_address: SIGNER, to_address: THOR_TO, amount: [{ denom: 'rune', amount: '10000000000' }] },
    };
    const { signed, read } = written(msg, { memo: MEMO, fee: { amount: [], gas: '4000000' } });
    assert.deepEqual(
      read,
      meant(signed, {
        type_url: '/types.MsgSend',
        value: {
          from_address: bytesOf(SIGNER),
          to_address: bytesOf(THOR_TO),
          amount: [{ denom: 'rune', amount: '10000000000' }],
        },
      }),
    );
  });

  test('a Cosmos Hub MsgSend with a fee: addresses as text, amount, fee coin and gas limit', () => {
    const msg: AminoMsg = {
      type: 'cosmos-sdk/MsgSend',
      value: { from_address: GAIA_FROM, to_address: GAIA_TO, amount: [{ denom: 'uatom', amount: '150000000' }] },
    };
    const { signed, read } = written(msg, {
      chain_id: 'cosmoshub-4',
      memo: MEMO,
      fee: { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' },
    });
    assert.deepEqual(
      read,
      meant(signed, {
        type_url: '/cosmos.bank.v1beta1.MsgSend',
        value: { from_address: GAIA_FROM, to_address: GAIA_TO, amount: [{ denom: 'uatom', amount: '150000000' }] },
      }),
    );
  });

  test('the largest numbers: a gas and a sequence of 2^64 - 1 read back exactly', () => {
    const { signed, read } = written(deposit(8), {
      sequence: String(U64_MAX),
      fee: { amount: [], gas: String(U64_MAX) },
    });
    assert.equal(
      (read.auth_info as { signer_infos: { sequence: string }[] }).signer_infos[0]!.sequence,
      '18446744073709551615',
    );
    assert.deepEqual(
      (read.auth_info as { fee: unknown }).fee,
      meant(signed, { type_url: '', value: {} }).auth_info.fee,
    );
  });

  test('a field under a number its schema does not give is caught, not read as absent and passed', () => {
    // The deposit coin's `decimals` (field 3, varint: 0x18 0x08) written as field 4 (0x20): the bytes keep their length.
    const tx = encodeAminoTx(doc({ msgs: [deposit(8)] }), PUBKEY, SIGNATURE);
    const msg = Buffer.from(messageAny(deposit(8)));
    assert.ok(Buffer.from(tx).indexOf(msg) > 0 && msg.indexOf(Buffer.from([0x18, 0x08])) > 0);
    const at = Buffer.from(tx).indexOf(msg) + msg.indexOf(Buffer.from([0x18, 0x08]));
    readTxRaw(tx);
    const bad = Uint8Array.from(tx);
    bad[at] = 0x20;
    assert.throws(() => readTxRaw(bad), /types\.MsgDeposit: bytes the schema does not read/);
  });
});

/**
 * What a wallet signs must be what the chain rebuilds from the bytes broadcast, or the chain
 * refuses the signature. The oracle (`rebuiltSignDoc`, test/support/cosmos-proto.ts) rebuilds the
 * amino JSON from the transaction read with the real `.proto` files, by the encoder's rules
 * (cosmos-sdk `x/tx/signing/aminojson/json_marshal.go`): a coin's `decimals` (an `int64`) as a
 * quoted decimal and left out when 0, `account_number`, `sequence` and `gas` as quoted
 * decimals, addresses in bech32 as the bytes give them.
 */
describe('what is signed is what the chain rebuilds (THORChain amino JSON)', () => {
  const PUBKEY = Uint8Array.from({ length: 33 }, (_, i) => (i === 0 ? 3 : i));
  const SIG = new Uint8Array(64).fill(1);
  const THOR_TO = bech32.encode('thor', bech32.toWords(new Uint8Array(20).fill(9)));
  const GAIA_FROM = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(3)));
  const GAIA_TO = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(4)));
  const MAYA_FROM = bech32.encode('maya', bech32.toWords(new Uint8Array(20).fill(5)));
  const CHAINS = {
    THOR: { chainId: 'thorchain-1', prefix: 'thor' },
    MAYA: { chainId: 'mayachain-mainnet-v1', prefix: 'maya', depositName: 'mayachain/MsgDeposit' },
    GAIA: { chainId: 'cosmoshub-4', prefix: 'cosmos' },
  } as const;
  /** JSON with keys sorted (what wallets sign: cosmjs `serializeSignDoc`). */
  const sorted = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(sorted).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${sorted((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);

  /** The document the widget signs for `msg`, and the one the chain rebuilds from what the widget broadcasts. */
  function signedAndRebuilt(
    chain: keyof typeof CHAINS,
    msg: AminoMsg,
    over: { accountNumber?: string; sequence?: string; gas?: string; fee?: unknown[] } = {},
  ) {
    const c = CHAINS[chain];
    const signed = aminoSignDoc(
      {
        chainId: c.chainId,
        accountNumber: over.accountNumber ?? '4242',
        sequence: over.sequence ?? '17',
        fee: { amount: over.fee ?? [], gas: over.gas ?? '500000000' },
        msgs: [msg],
        memo: MEMO_TEXT,
      },
      chain,
    );
    const tx = encodeAminoTx(signed, PUBKEY, SIG);
    const rebuilt = rebuiltSignDoc(tx, { ...c, accountNumber: String(BigInt(over.accountNumber ?? '4242')) });
    return { signed: sorted(signed), rebuilt: sorted(rebuilt), doc: signed };
  }
  const MEMO_TEXT = '=:BTC.BTC:bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3:12345678';
  const depositOf = (decimals: unknown, over: Record<string, unknown> = {}): AminoMsg => ({
    type: 'thorchain/MsgDeposit',
    value: {
      coins: [{ asset: 'THOR.RUNE', amount: '100000000', ...(decimals === 'absent' ? {} : { decimals }), ...over }],
      memo: MEMO_TEXT,
      signer: SIGNER,
    },
  });

  test('a deposit coin\'s decimals: the chain\'s 8 signed as the string "8"; 0, null or none left out, as wallets sign it', () => {
    for (const decimals of [8, '8', 0, null, 'absent']) {
      const { signed, rebuilt, doc } = signedAndRebuilt('THOR', depositOf(decimals));
      assert.equal(signed, rebuilt, String(decimals));
      const coin = (doc.msgs[0]!.value.coins as Record<string, unknown>[])[0]!;
      assert.deepEqual(
        coin,
        decimals === 8 || decimals === '8'
          ? { amount: '100000000', asset: 'THOR.RUNE', decimals: '8' }
          : { amount: '100000000', asset: 'THOR.RUNE' },
      );
    }
  });

  test('the route as written (decimals as a JSON number) is not what the chain rebuilds: signing it would be refused', () => {
    const { rebuilt, doc } = signedAndRebuilt('THOR', depositOf(8));
    const asWritten = { ...doc, msgs: [depositOf(8)] };
    assert.notEqual(sorted(asWritten), rebuilt);
    assert.match(rebuilt, /"decimals":"8"/);
  });

  test('account number, sequence and gas as decimals without leading zeros; the largest uint64 passes', () => {
    const big = String(U64_MAX);
    for (const over of [
      { accountNumber: '0042', sequence: '007', gas: '0500000000' },
      { accountNumber: big, sequence: big, gas: big },
      { accountNumber: '0', sequence: '0', gas: '1' },
    ]) {
      const { signed, rebuilt, doc } = signedAndRebuilt('THOR', depositOf('absent'), over);
      assert.equal(signed, rebuilt, JSON.stringify(over));
      assert.equal(doc.sequence, String(BigInt(over.sequence)));
      assert.equal(doc.account_number, String(BigInt(over.accountNumber)));
      assert.equal(doc.fee.gas, String(BigInt(over.gas)));
    }
    assert.throws(() => signedAndRebuilt('THOR', depositOf('absent'), { sequence: String(U64_MAX + 1n) }), REFUSED);
  });

  test('a Maya deposit (CACAO at 10 decimals), a THORChain send and a Cosmos Hub send with a fee', () => {
    const maya: AminoMsg = {
      type: 'mayachain/MsgDeposit',
      value: {
        coins: [{ asset: 'MAYA.CACAO', amount: '50000000000000', decimals: 10 }],
        memo: MEMO_TEXT,
        signer: MAYA_FROM,
      },
    };
    const thorSend: AminoMsg = {
      type: '/types.MsgSend',
      value: { from_address: SIGNER, to_address: THOR_TO, amount: [{ denom: 'rune', amount: '10000000000' }] },
    };
    const gaiaSend: AminoMsg = {
      type: '/cosmos.bank.v1beta1.MsgSend',
      value: { from_address: GAIA_FROM, to_address: GAIA_TO, amount: [{ denom: 'uatom', amount: '150000000' }] },
    };
    for (const [chain, msg, fee] of [
      ['MAYA', maya, []],
      ['THOR', thorSend, []],
      ['GAIA', gaiaSend, [{ denom: 'uatom', amount: '5000' }]],
    ] as const) {
      const { signed, rebuilt } = signedAndRebuilt(chain, msg, { fee: [...fee], gas: '200000' });
      assert.equal(signed, rebuilt, msg.type);
    }
  });

  test('addresses in upper case and a lower-case asset are signed as the chain rebuilds them: bech32 in lower case, the asset in upper case', () => {
    const upper = depositOf('absent');
    (upper.value as Record<string, unknown>).signer = SIGNER.toUpperCase();
    (upper.value.coins as Record<string, unknown>[])[0]!.asset = 'thor.rune';
    const { signed, rebuilt, doc } = signedAndRebuilt('THOR', upper);
    assert.equal(signed, rebuilt);
    assert.equal(doc.msgs[0]!.value.signer, SIGNER);
  });
});
