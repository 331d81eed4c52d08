/**
 * A reader of Cosmos transactions generated from the real `.proto` files (test/fixtures/proto,
 * see its README for where each comes from), with protobufjs: nothing here knows a field
 * number, so a field the widget writes under the wrong number reads as absent (or as another
 * field) and the bytes do not survive a round trip through the schema.
 *
 * The files are kept as their repositories have them. Their option-only imports (`gogoproto`,
 * `amino`, `cosmos_proto`: custom options, no types) are not stored: protobufjs parses the
 * options without them. `google/protobuf/any.proto` is protobufjs's own copy.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { bech32 } from '@scure/base';

const BASE = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/proto');
/** The import roots: cosmos-sdk's `proto/` and thornode's `proto/thorchain/v1/`. */
const ROOTS = ['cosmos-sdk', 'thornode'];
/** Imports that declare custom options only: left out of the fixtures, skipped here. */
export const OPTION_ONLY_IMPORTS = ['amino/amino.proto', 'gogoproto/gogo.proto', 'cosmos_proto/cosmos.proto'];

const FILES = [
  'cosmos/tx/v1beta1/tx.proto',
  'cosmos/bank/v1beta1/tx.proto',
  'cosmos/crypto/secp256k1/keys.proto',
  'types/msg_deposit.proto',
  'types/msg_send.proto',
];

/** Every import the files name that is neither stored nor protobufjs's own (must be option-only ones). */
export const skippedImports = new Set<string>();

function load(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => {
    for (const r of ROOTS) {
      const path = join(BASE, r, target);
      if (existsSync(path)) return path;
    }
    // protobufjs serves its bundled google/protobuf/*.proto itself when the path is returned as is.
    if (target.startsWith('google/protobuf/')) return target;
    skippedImports.add(target);
    return null;
  };
  root.loadSync(FILES, { keepCase: true });
  root.resolveAll();
  return root;
}

export const protoRoot = load();
export const protoType = (name: string) => protoRoot.lookupType(name);

/** Decodes `bytes` as message `name` into a plain object: 64-bit numbers as strings, enums by name, bytes as Uint8Array, defaults filled in. */
export function decodeAs(name: string, bytes: Uint8Array): Record<string, unknown> {
  const type = protoType(name);
  const message = type.decode(bytes);
  return type.toObject(message, {
    longs: String,
    enums: String,
    bytes: Array,
    defaults: true,
    arrays: true,
    oneofs: true,
  }) as Record<string, unknown>;
}

/** `bytes` re-encoded through the schema of `name`: equal to `bytes` only when every byte is a field the schema reads, under its own number and wire type. */
export function roundTrip(name: string, bytes: Uint8Array): Uint8Array {
  const type = protoType(name);
  return Uint8Array.from(type.encode(type.decode(bytes)).finish());
}

/** The `Any` message types the widget writes, by type URL. */
const MESSAGE_TYPES: Readonly<Record<string, string>> = {
  '/types.MsgDeposit': 'types.MsgDeposit',
  '/types.MsgSend': 'types.MsgSend',
  '/cosmos.bank.v1beta1.MsgSend': 'cosmos.bank.v1beta1.MsgSend',
  '/cosmos.crypto.secp256k1.PubKey': 'cosmos.crypto.secp256k1.PubKey',
};

type Obj = Record<string, unknown>;
type AnyObj = { type_url: string; value: number[] };

/** Decodes `bytes` as `name` after requiring they re-encode to themselves through its schema. */
function strict(name: string, bytes: Uint8Array): Obj {
  const again = roundTrip(name, bytes);
  if (again.length !== bytes.length || again.some((b, i) => b !== bytes[i])) {
    throw new Error(
      `${name}: bytes the schema does not read (${Buffer.from(bytes).toString('hex')} re-encodes as ${Buffer.from(again).toString('hex')})`,
    );
  }
  return decodeAs(name, bytes);
}

/** An `Any`, its value decoded as the type its URL names (strictly); an unknown URL is an error. */
function unpack(any: AnyObj): { type_url: string; value: Obj } {
  const name = MESSAGE_TYPES[any.type_url];
  if (!name) throw new Error(`an Any of unknown type ${any.type_url}`);
  return { type_url: any.type_url, value: strict(name, Uint8Array.from(any.value)) };
}

/**
 * A `TxRaw` read in full with the real schemas: every level (TxRaw, TxBody, AuthInfo, each
 * `Any` and the key in it) must re-encode to its own bytes, and is returned decoded, every
 * field present (defaults filled in), `Any`s unpacked: bytes as number arrays, 64-bit numbers
 * as decimal strings, enums by name.
 */
export function readTxRaw(bytes: Uint8Array): Obj {
  const raw = strict('cosmos.tx.v1beta1.TxRaw', bytes);
  const body = strict('cosmos.tx.v1beta1.TxBody', Uint8Array.from(raw.body_bytes as number[]));
  const auth = strict('cosmos.tx.v1beta1.AuthInfo', Uint8Array.from(raw.auth_info_bytes as number[]));
  return {
    signatures: raw.signatures,
    body: {
      ...body,
      messages: (body.messages as AnyObj[]).map(unpack),
      extension_options: (body.extension_options as AnyObj[]).map(unpack),
      non_critical_extension_options: (body.non_critical_extension_options as AnyObj[]).map(unpack),
    },
    auth_info: {
      ...auth,
      signer_infos: (auth.signer_infos as (Obj & { public_key: AnyObj | null })[]).map((s) => ({
        ...s,
        public_key: s.public_key && unpack(s.public_key),
      })),
    },
  };
}

// ---- the chain's side of amino signing: the JSON it rebuilds from the bytes ---------------------

const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const option = (field: protobuf.Field, name: string) => (field.options as Obj | undefined)?.[`(${name})`];

/** Whether a field holds its proto3 default (unset): 0, '', false, no bytes, no element, no message. */
function unset(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return true;
  if (typeof value === 'number') return value === 0;
  if (typeof value === 'object' && 'low' in (value as Obj) && 'high' in (value as Obj)) return String(value) === '0';
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * A decoded message as amino JSON, by the rules of the encoder THORNode verifies amino
 * signatures with (cosmos-sdk `x/tx/signing/aminojson/json_marshal.go` @ 04921f01, thornode
 * `app/params/amino.go`), read from the schema's own field types and options, nothing known
 * here by name: a field left unset is left out unless `(amino.dont_omitempty)`; a 64-bit
 * integer is a quoted decimal; `bytes` with `(amino.encoding) = "bech32"` is a bech32 address of
 * `prefix`; a message with `(amino.encoding) = "asset"` (thornode `common.Asset`) is its string
 * `CHAIN.SYMBOL`; other bytes base64. Keys as the schema names the fields.
 */
function aminoOfMessage(type: protobuf.Type, message: Obj, prefix: string): Obj {
  const out: Obj = {};
  for (const field of type.fieldsArray) {
    field.resolve();
    const value = message[field.name];
    if (unset(value) && option(field, 'amino.dont_omitempty') !== true) continue;
    const one = (v: unknown): unknown => {
      const encoding = option(field, 'amino.encoding');
      if (field.resolvedType instanceof protobuf.Type) {
        if (encoding === 'asset') return `${(v as Obj).chain}.${(v as Obj).symbol}`;
        return aminoOfMessage(field.resolvedType, v as Obj, prefix);
      }
      if (INT64.has(field.type)) return String(v);
      if (field.type === 'bytes')
        return encoding === 'bech32'
          ? bech32.encode(prefix, bech32.toWords(v as Uint8Array))
          : Buffer.from(v as Uint8Array).toString('base64');
      return v;
    };
    out[field.name] = field.repeated ? ((value ?? []) as unknown[]).map(one) : one(value);
  }
  return out;
}

/** An `Any` of the transaction as the amino message the chain rebuilds (`aminoName` in place of the schema's `(amino.name)`: Maya's deposit). */
export function aminoOfAny(typeUrl: string, value: Uint8Array, prefix: string, aminoName?: string): Obj {
  const name = MESSAGE_TYPES[typeUrl];
  if (!name) throw new Error(`an Any of unknown type ${typeUrl}`);
  const type = protoType(name);
  const message = type.decode(value) as unknown as Obj;
  return { type: aminoName ?? (type.options as Obj)['(amino.name)'], value: aminoOfMessage(type, message, prefix) };
}

/**
 * The amino sign document the chain rebuilds from a `TxRaw` to verify its signature: the
 * messages (`aminoOfAny`), the memo, the fee (its coins, and the gas limit as a quoted decimal)
 * and the signer's sequence from the bytes; the chain id and the account number from the
 * chain's own state (given). The fee's coin list is written even when empty, as cosmjs's
 * `StdFee` and the legacy `StdSignDoc` write it.
 */
export function rebuiltSignDoc(
  tx: Uint8Array,
  chain: { chainId: string; accountNumber: string; prefix: string; depositName?: string },
): Obj {
  const raw = decodeAs('cosmos.tx.v1beta1.TxRaw', tx);
  const body = protoType('cosmos.tx.v1beta1.TxBody').decode(Uint8Array.from(raw.body_bytes as number[])) as unknown as {
    messages: { type_url: string; value: Uint8Array }[];
    memo: string;
  };
  const auth = decodeAs('cosmos.tx.v1beta1.AuthInfo', Uint8Array.from(raw.auth_info_bytes as number[])) as {
    signer_infos: { sequence: string }[];
    fee: { amount: { denom: string; amount: string }[]; gas_limit: string };
  };
  const coinType = protoType('cosmos.base.v1beta1.Coin');
  return {
    chain_id: chain.chainId,
    account_number: chain.accountNumber,
    sequence: auth.signer_infos[0]!.sequence,
    fee: {
      amount: auth.fee.amount.map((c) => aminoOfMessage(coinType, c as unknown as Obj, chain.prefix)),
      gas: auth.fee.gas_limit,
    },
    msgs: body.messages.map((m) =>
      aminoOfAny(m.type_url, m.value, chain.prefix, m.type_url === '/types.MsgDeposit' ? chain.depositName : undefined),
    ),
    memo: body.memo,
  };
}
