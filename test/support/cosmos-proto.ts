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
