/**
 * A Keplr-compatible test wallet (`window.keplr` or `window.leap`): `enable`, `getKey`,
 * `signAmino` and `sendTx` as Keplr's injected API has them, with a real secp256k1 key
 * (@noble/curves). `signAmino` signs the SHA-256 of the sign document's canonical JSON (keys
 * sorted, `&<>` escaped: cosmjs `serializeSignDoc`), written here independently of the widget.
 * `sendTx` plays the chain: it reads the protobuf transaction with its own decoder, requires
 * its messages, memo, fee, key, sign mode and sequence to be what was signed, verifies the
 * signature against the document, records it and answers with its hash, SHA-256 of the bytes.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { base64, bech32 } from '@scure/base';

export type KeplrBehaviour = 'sign' | 'reject' | 'no-signature' | 'no-hash' | 'edits-memo' | 'no-chain';

/** Chain ids and their bech32 prefixes (thornode, Maya, Cosmos Hub, Kujira). */
const PREFIX: Record<string, string> = {
  'thorchain-1': 'thor',
  'mayachain-mainnet-v1': 'maya',
  'cosmoshub-4': 'cosmos',
  'kaiyo-1': 'kujira',
};

type Doc = {
  chain_id: string;
  account_number: string;
  sequence: string;
  fee: { amount: { denom: string; amount: string }[]; gas: string };
  msgs: { type: string; value: Record<string, unknown> }[];
  memo: string;
};

export interface KeplrTestWallet {
  /** The object to put at `window.keplr` / `window.leap`. */
  readonly api: {
    enable(chainIds: string | string[]): Promise<void>;
    getKey(chainId: string): Promise<{
      name: string;
      algo: string;
      pubKey: Uint8Array;
      address: Uint8Array;
      bech32Address: string;
      isNanoLedger: boolean;
    }>;
    signAmino(
      chainId: string,
      signer: string,
      doc: Doc,
      options?: unknown,
    ): Promise<{ signed: Doc; signature: { pub_key: { type: string; value: string }; signature: string } }>;
    sendTx(chainId: string, tx: Uint8Array, mode: string): Promise<Uint8Array>;
  };
  address(chainId: string): string;
  readonly signed: Doc[];
  /** Transactions accepted by `sendTx`, with their hash (hex, upper case). */
  readonly sent: { chainId: string; doc: Doc; hash: string }[];
  behaviour: KeplrBehaviour;
}

/** JSON with keys sorted at every depth (bigints as decimal strings). */
function canonical(v: unknown): string {
  if (typeof v === 'bigint') return JSON.stringify(String(v));
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** The bytes a Keplr wallet signs for an amino document. */
export function signBytes(doc: Doc): Uint8Array {
  return new TextEncoder().encode(
    canonical(doc).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e'),
  );
}

// ---- a protobuf reader of its own ---------------------------------------------------------

type Fields = Map<number, (bigint | Uint8Array)[]>;
function readProto(bytes: Uint8Array): Fields {
  const out: Fields = new Map();
  let at = 0;
  const varint = () => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error('truncated varint');
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
      shift += 7n;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const field = key >> 3;
    const wire = key & 7;
    let value: bigint | Uint8Array;
    if (wire === 0) value = varint();
    else if (wire === 2) {
      const n = Number(varint());
      value = bytes.slice(at, at + n);
      if (value.length !== n) throw new Error('truncated field');
      at += n;
    } else throw new Error(`wire type ${wire}`);
    out.set(field, [...(out.get(field) ?? []), value]);
  }
  return out;
}
const bytesOf = (f: Fields, n: number) => (f.get(n) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array);
const one = (f: Fields, n: number) => bytesOf(f, n)[0] ?? new Uint8Array();
const text = (f: Fields, n: number) => new TextDecoder().decode(one(f, n));
const int = (f: Fields, n: number) => (f.get(n) ?? []).find((v): v is bigint => typeof v === 'bigint') ?? 0n;
const coins = (f: Fields, n: number) =>
  bytesOf(f, n)
    .map((c) => readProto(c))
    .map((c) => ({ denom: text(c, 1), amount: text(c, 2) }));
const same = (a: unknown, b: unknown, what: string) => {
  if (canonical(a) !== canonical(b))
    throw new Error(`broadcast refused: ${what} ${canonical(a)} is not ${canonical(b)}`);
};

/** The message of a protobuf `Any`, as the amino JSON it stands for. */
function aminoOf(
  anyBytes: Uint8Array,
  prefix: string,
  chainId: string,
): { type: string; value: Record<string, unknown> } {
  const a = readProto(anyBytes);
  const url = text(a, 1);
  const m = readProto(one(a, 2));
  const addr = (b: Uint8Array) => bech32.encode(prefix, bech32.toWords(b));
  switch (url) {
    case '/cosmos.bank.v1beta1.MsgSend':
      return {
        type: 'cosmos-sdk/MsgSend',
        value: { from_address: text(m, 1), to_address: text(m, 2), amount: coins(m, 3) },
      };
    case '/types.MsgSend':
      return {
        type: 'thorchain/MsgSend',
        value: { from_address: addr(one(m, 1)), to_address: addr(one(m, 2)), amount: coins(m, 3) },
      };
    case '/types.MsgDeposit': {
      const list = bytesOf(m, 1)
        .map((c) => readProto(c))
        .map((c) => {
          const asset = readProto(one(c, 1));
          // The coin's `decimals` (an int64) as the chain writes it in amino JSON: quoted, left out when 0.
          const decimals = int(c, 3);
          return {
            asset: `${text(asset, 1)}.${text(asset, 2)}`,
            amount: text(c, 2),
            ...(decimals ? { decimals: String(decimals) } : {}),
          };
        });
      return {
        type: chainId.startsWith('maya') ? 'mayachain/MsgDeposit' : 'thorchain/MsgDeposit',
        value: { coins: list, memo: text(m, 2), signer: addr(one(m, 3)) },
      };
    }
    default:
      throw new Error(`broadcast refused: unknown message ${url}`);
  }
}

/** A test wallet with this private key (random by default). */
export function createKeplrTestWallet(
  options: { privateKey?: Uint8Array; behaviour?: KeplrBehaviour; name?: string } = {},
): KeplrTestWallet {
  const privateKey = options.privateKey ?? secp256k1.utils.randomPrivateKey();
  const pubKey = secp256k1.getPublicKey(privateKey, true);
  const hashed = ripemd160(sha256(pubKey));
  const address = (chainId: string) => bech32.encode(PREFIX[chainId]!, bech32.toWords(hashed));
  const signed: Doc[] = [];
  const sent: KeplrTestWallet['sent'] = [];
  const state = { behaviour: options.behaviour ?? ('sign' as KeplrBehaviour) };
  const known = (chainId: string) => {
    if (!PREFIX[chainId] || state.behaviour === 'no-chain') throw new Error(`There is no chain info for ${chainId}`);
  };

  const api: KeplrTestWallet['api'] = {
    async enable(chainIds) {
      if (state.behaviour === 'reject') throw new Error('Request rejected');
      for (const id of [chainIds].flat()) known(id);
    },
    async getKey(chainId) {
      known(chainId);
      return {
        name: options.name ?? 'test',
        algo: 'secp256k1',
        pubKey,
        address: hashed,
        bech32Address: address(chainId),
        isNanoLedger: false,
      };
    },
    async signAmino(chainId, signer, doc) {
      known(chainId);
      if (signer !== address(chainId)) throw new Error('signer is not this wallet');
      if (doc.chain_id !== chainId) throw new Error('chain id mismatch');
      const what = state.behaviour === 'edits-memo' ? { ...doc, memo: `${doc.memo}:edited` } : doc;
      const signature = secp256k1.sign(sha256(signBytes(what)), privateKey, { lowS: true }).toCompactRawBytes();
      signed.push(structuredClone(what));
      return {
        signed: what,
        signature: {
          pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(pubKey) },
          signature: state.behaviour === 'no-signature' ? '' : base64.encode(signature),
        },
      };
    },
    async sendTx(chainId, tx) {
      known(chainId);
      const doc = signed.at(-1);
      if (!doc) throw new Error('broadcast refused: nothing was signed');
      const raw = readProto(tx);
      const body = readProto(one(raw, 1));
      const auth = readProto(one(raw, 2));
      same(
        bytesOf(body, 1).map((m) => aminoOf(m, PREFIX[chainId]!, chainId)),
        doc.msgs.map((m) => ({ type: m.type, value: { ...m.value } })),
        'messages',
      );
      same(text(body, 2), doc.memo, 'memo');
      const signer = readProto(one(auth, 1));
      const key = readProto(one(signer, 1));
      same(text(key, 1), '/cosmos.crypto.secp256k1.PubKey', 'key type');
      same([...one(readProto(one(key, 2)), 1)], [...pubKey], 'public key');
      same(int(readProto(one(readProto(one(signer, 2)), 1)), 1), 127n, 'sign mode');
      same(String(int(signer, 3)), doc.sequence, 'sequence');
      const fee = readProto(one(auth, 2));
      same({ amount: coins(fee, 1), gas: String(int(fee, 2)) }, doc.fee, 'fee');
      const [signature] = bytesOf(raw, 3);
      if (!signature || !secp256k1.verify(signature, sha256(signBytes(doc)), pubKey, { lowS: true }))
        throw new Error('broadcast refused: bad signature');
      const hash = Array.from(sha256(tx), (b) => b.toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase();
      sent.push({ chainId, doc, hash });
      return state.behaviour === 'no-hash' ? new Uint8Array() : sha256(tx);
    },
  };
  return {
    api,
    address,
    signed,
    sent,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(b: KeplrBehaviour) {
      state.behaviour = b;
    },
  };
}
