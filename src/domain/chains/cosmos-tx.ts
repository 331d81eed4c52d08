/**
 * A Cosmos-SDK transaction signed in amino JSON (`SIGN_MODE_LEGACY_AMINO_JSON`), written as
 * the protobuf `TxRaw` a chain accepts, for a wallet's `sendTx`. Only the message types the
 * checks allow (`checks/cosmos-msgs.ts`) are written; the chain re-derives the amino JSON from these
 * messages to verify the signature, so each is the proto form of exactly what was signed.
 *
 * Layouts (field numbers): cosmos-sdk `proto/cosmos/tx/v1beta1/tx.proto` (TxRaw 1 body, 2 auth
 * info, 3 signatures; TxBody 1 messages, 2 memo; AuthInfo 1 signer infos, 2 fee; SignerInfo 1
 * public key, 2 mode info, 3 sequence; ModeInfo 1 single, its 1 mode; Fee 1 amount, 2 gas
 * limit), `signing.proto` (LEGACY_AMINO_JSON = 127), `crypto/secp256k1/keys.proto` (PubKey 1
 * key), `base/v1beta1/coin.proto` (Coin 1 denom, 2 amount), `bank/v1beta1/tx.proto` (MsgSend
 * 1 from, 2 to, 3 amount, strings); thornode `proto/thorchain/v1/types/msg_deposit.proto`
 * (MsgDeposit 1 coins, 2 memo, 3 signer bytes), `msg_send.proto` (MsgSend 1 from bytes, 2 to
 * bytes, 3 amount), `common/common.proto` (Coin 1 asset, 2 amount, 3 decimals; Asset 1 chain,
 * 2 symbol, 3 ticker). Maya's `/types.MsgDeposit` has the same layout (xchainjs
 * `xchain-mayachain`). Plain TypeScript, no DOM.
 */
import { bech32 } from '@scure/base';

/** Amino JSON of a message, as the route gives it and the wallet signs it. */
export interface AminoMsg {
  readonly type: string;
  readonly value: Record<string, unknown>;
}

/** What `signAmino` signs (cosmjs `StdSignDoc`), every number a decimal string. */
export interface StdSignDoc {
  readonly chain_id: string;
  readonly account_number: string;
  readonly sequence: string;
  readonly fee: {
    readonly amount: readonly { readonly denom: string; readonly amount: string }[];
    readonly gas: string;
  };
  readonly msgs: readonly AminoMsg[];
  readonly memo: string;
}

/** Amino names of the messages the checks allow, from the type URLs routes may also use (thornode and cosmos-sdk `codec.go`). */
export function aminoType(type: string, chain: string): string {
  if (type === '/types.MsgDeposit') return chain === 'MAYA' ? 'mayachain/MsgDeposit' : 'thorchain/MsgDeposit';
  if (type === '/types.MsgSend') return 'thorchain/MsgSend';
  if (type === '/cosmos.bank.v1beta1.MsgSend') return 'cosmos-sdk/MsgSend';
  return type;
}

// ---- what is signed: the amino JSON the chain rebuilds ------------------------------------------

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');
/** A decimal integer (an amount of base units) in its one form, no leading zeros; anything else throws a RangeError. */
function digits(v: unknown): string {
  if (typeof v !== 'string' || !/^\d{1,80}$/.test(v)) throw new RangeError(`not an amount: ${String(v)}`);
  return String(BigInt(v));
}
const bankCoin = (c: Record<string, unknown>) => ({
  denom: typeof c.denom === 'string' ? c.denom : '',
  amount: digits(c.amount),
});

/**
 * A checked message as the chain rebuilds its amino JSON to verify the signature: from the
 * protobuf form `messageAny` writes of what this returns, by the encoder THORNode signs
 * `SIGN_MODE_LEGACY_AMINO_JSON` with (cosmos-sdk `x/tx/signing/aminojson/json_marshal.go`
 * @ 04921f01: an `int64` or `uint64` is written as a quoted decimal, a field left unset is
 * left out; thornode `app/params/amino.go`: the signer's and a THORChain send's address bytes
 * as bech32, a coin's asset as its string). So a deposit coin is `{ amount, asset }`, with
 * `decimals` only when it is not 0 and then as a decimal string (`"8"`), never the number the
 * route may write; addresses in lower case (bech32 is written so), the asset in upper case,
 * amounts without leading zeros, an empty memo left out. Throws a RangeError on a number that
 * is not a `uint64` and on a type the checks do not allow. The type is the amino name.
 */
export function aminoSignMsg(msg: AminoMsg, chain: string): AminoMsg {
  const type = aminoType(msg.type, chain);
  const v = msg.value;
  switch (type) {
    case 'cosmos-sdk/MsgSend':
    case 'thorchain/MsgSend':
      return {
        type,
        value: {
          from_address: lower(v.from_address),
          to_address: lower(v.to_address),
          amount: list(v.amount).map(bankCoin),
        },
      };
    case 'thorchain/MsgDeposit':
    case 'mayachain/MsgDeposit': {
      const coins = list(v.coins).map((c) => {
        const decimals = uint64(c.decimals ?? 0);
        return {
          amount: digits(c.amount),
          asset: text(c.asset).toUpperCase(),
          ...(decimals ? { decimals: String(decimals) } : {}),
        };
      });
      return { type, value: { coins, ...(text(v.memo) ? { memo: text(v.memo) } : {}), signer: lower(v.signer) } };
    }
    default:
      throw new RangeError(`no amino form for ${msg.type}`);
  }
}

/**
 * The document a wallet signs for the checked messages, memo and fee, with the account's
 * number and sequence: every part as the chain rebuilds it from the transaction
 * `encodeAminoTx` writes of it (`aminoSignMsg`; `account_number`, `sequence` and `gas` as
 * decimal strings without leading zeros, as the encoder writes a `uint64`). Throws a
 * RangeError on anything that cannot be written.
 */
export function aminoSignDoc(
  parts: {
    readonly chainId: string;
    readonly accountNumber: string;
    readonly sequence: string;
    readonly fee: { readonly amount: unknown; readonly gas: unknown };
    readonly msgs: readonly AminoMsg[];
    readonly memo: string;
  },
  chain: string,
): StdSignDoc {
  return {
    chain_id: parts.chainId,
    account_number: String(uint64(parts.accountNumber)),
    sequence: String(uint64(parts.sequence)),
    fee: { amount: list(parts.fee.amount).map(bankCoin), gas: String(uint64(parts.fee.gas)) },
    msgs: parts.msgs.map((m) => aminoSignMsg(m, chain)),
    memo: parts.memo,
  };
}

// ---- protobuf, the few wire types needed ---------------------------------------------------

type Bytes = Uint8Array;
const utf8 = (s: string) => new TextEncoder().encode(s);

function cat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The largest `uint64`, the widest varint written (10 bytes); a gas or number the checks accept must fit it. */
export const U64_MAX = 2n ** 64n - 1n;

/**
 * A protobuf varint of a `uint64`. A negative or wider number throws at once (a negative
 * bigint shifted right never reaches 0: the loop would not end), and the loop is bounded anyway.
 */
function varint(value: bigint): Bytes {
  if (value < 0n || value > U64_MAX) throw new RangeError(`not a uint64: ${value}`);
  const out: number[] = [];
  let v = value;
  for (let i = 0; i < 10; i++) {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? low | 0x80 : low);
    if (!v) break;
  }
  return Uint8Array.from(out);
}

/**
 * A number of the document as a `uint64`: a non-negative safe integer, or digits (what amino
 * JSON writes); anything else (negative, fractional, NaN, 1e300, text) throws a RangeError.
 */
export function uint64(v: unknown): bigint {
  const n =
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
      ? BigInt(v)
      : typeof v === 'string' && /^\d{1,20}$/.test(v)
        ? BigInt(v)
        : -1n;
  if (n < 0n || n > U64_MAX) throw new RangeError(`not a uint64: ${String(v)}`);
  return n;
}

/** A length-delimited field (bytes, string, embedded message); an empty one is left out unless `always`. */
function len(field: number, body: Bytes, always = false): Bytes {
  return body.length || always
    ? cat(varint(BigInt((field << 3) | 2)), varint(BigInt(body.length)), body)
    : new Uint8Array();
}
/** A varint field; zero is left out (proto3). */
function num(field: number, value: bigint): Bytes {
  return value ? cat(varint(BigInt(field << 3)), varint(value)) : new Uint8Array();
}
const str = (field: number, s: string) => len(field, utf8(s));
const any = (typeUrl: string, value: Bytes) => cat(str(1, typeUrl), len(2, value));

// ---- messages -------------------------------------------------------------------------------

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
const coin = (c: Record<string, unknown>) => cat(str(1, text(c.denom)), str(2, text(c.amount)));
const addressBytes = (address: unknown) =>
  Uint8Array.from(bech32.fromWords(bech32.decode(text(address) as `${string}1${string}`).words));

/** thornode `common.Asset` of `CHAIN.SYMBOL` (a native coin: no synth, trade or secured form). */
function asset(id: string): Bytes {
  const [chain = '', symbol = ''] = id.split('.');
  return cat(str(1, chain), str(2, symbol), str(3, symbol.split('-')[0]!));
}

/** A message as `google.protobuf.Any`; throws on a type the checks do not allow. */
export function messageAny(msg: AminoMsg): Bytes {
  const v = msg.value;
  switch (msg.type) {
    case 'cosmos-sdk/MsgSend':
      return any(
        '/cosmos.bank.v1beta1.MsgSend',
        cat(
          str(1, text(v.from_address)),
          str(2, text(v.to_address)),
          ...list(v.amount).map((c) => len(3, coin(c), true)),
        ),
      );
    case 'thorchain/MsgSend':
      return any(
        '/types.MsgSend',
        cat(
          len(1, addressBytes(v.from_address)),
          len(2, addressBytes(v.to_address)),
          ...list(v.amount).map((c) => len(3, coin(c), true)),
        ),
      );
    case 'thorchain/MsgDeposit':
    case 'mayachain/MsgDeposit': {
      const coins = list(v.coins).map((c) =>
        len(1, cat(len(1, asset(text(c.asset)), true), str(2, text(c.amount)), num(3, uint64(c.decimals ?? 0))), true),
      );
      return any('/types.MsgDeposit', cat(...coins, str(2, text(v.memo)), len(3, addressBytes(v.signer))));
    }
    default:
      throw new Error(`no protobuf form for ${msg.type}`);
  }
}

/**
 * The signed transaction's bytes: the signed document's messages, memo and fee, the signer's
 * compressed secp256k1 key and sequence, signed in amino JSON, and the 64-byte signature.
 * Throws a RangeError, at once, on a number that is not a `uint64` (a sequence, the gas, a
 * coin's decimals): the checks refuse such a route before it gets here.
 */
export function encodeAminoTx(signed: StdSignDoc, pubKey: Bytes, signature: Bytes): Bytes {
  const body = cat(...signed.msgs.map((m) => len(1, messageAny(m), true)), str(2, signed.memo));
  const signerInfo = cat(
    len(1, any('/cosmos.crypto.secp256k1.PubKey', len(1, pubKey)), true),
    len(2, len(1, num(1, 127n), true), true),
    num(3, uint64(signed.sequence)),
  );
  const fee = cat(...signed.fee.amount.map((c) => len(1, coin(c), true)), num(2, uint64(signed.fee.gas)));
  const authInfo = cat(len(1, signerInfo, true), len(2, fee, true));
  return cat(len(1, body), len(2, authInfo), len(3, signature, true));
}
