/**
 * The Solana transaction wire format, read by hand, and the program-derived-address rule.
 *
 * Why not `@solana/kit`'s codecs: measured with the widget's own rollup + terser build,
 * `getTransactionDecoder` + `getCompiledTransactionMessageDecoder` + `getProgramDerivedAddress`
 * add 16.1 kB gzip (their error module keeps every message unless the build defines
 * `process.env.NODE_ENV`, which ours does not) and 5.8 kB with it defined; this file adds
 * about 0.6 kB on top of `@noble/hashes` and `@scure/base`, which the widget already ships.
 * It is also synchronous (kit derives addresses with SubtleCrypto, which is async). The
 * tests decode every transaction both ways and compare (test/node/domain/chains/solana-wire.test.ts).
 *
 * Layout (anza-xyz/solana-sdk `message/src/versions`; kit `transaction-messages/src/codecs`):
 * `shortvec(n) · n × 64-byte signatures · message`; the message starts with a version byte
 * when its high bit is set (`0x80 | version`), else it is a legacy message; then the header
 * (3 × u8), `shortvec` static account keys (32 bytes each), the 32-byte recent blockhash,
 * `shortvec` instructions (`u8` program index, `shortvec` account indexes, `shortvec` data),
 * and for v0 `shortvec` address-table lookups (32-byte table, `shortvec` writable indexes,
 * `shortvec` read-only indexes). Plain TypeScript; no DOM.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

/** Largest serialised transaction the network accepts (kit `LEGACY_TRANSACTION_SIZE_LIMIT`). */
export const TRANSACTION_SIZE_LIMIT = 1232;

export interface WireInstruction {
  /** Index of the program in the static keys (never a table-loaded account). */
  readonly programIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
}

export interface WireLookup {
  readonly table: string;
  readonly writable: readonly number[];
  readonly readonly: readonly number[];
}

export interface WireTransaction {
  readonly signatures: readonly Uint8Array[];
  readonly version: 'legacy' | 0;
  /** Signers, read-only signers, read-only non-signers (counts over the static keys). */
  readonly header: readonly [number, number, number];
  /** Static account keys, base58. */
  readonly keys: readonly string[];
  readonly blockhash: string;
  readonly instructions: readonly WireInstruction[];
  readonly lookups: readonly WireLookup[];
  /** Accounts loaded from tables: writable ones, then read-only ones (indexes follow the static keys). */
  readonly loadedWritable: number;
  readonly loadedReadonly: number;
}

export type WireResult =
  | { ok: true; tx: WireTransaction }
  | { ok: false; reason: 'bytes' }
  | { ok: false; reason: 'version'; version: number };

class Malformed extends Error {}

/**
 * Reads a serialised transaction. Refuses (never throws): trailing bytes, non-canonical
 * short-vector lengths, a signature count other than the header's, a static key written twice,
 * a header or an index that points outside the keys, a program that is the fee payer or is
 * loaded from a table, and every message version but legacy and 0.
 */
export function decodeWireTransaction(bytes: Uint8Array): WireResult {
  if (bytes.length > TRANSACTION_SIZE_LIMIT) return { ok: false, reason: 'bytes' };
  // Version-1 messages put the message first: its version byte has the high bit set where
  // a legacy or v0 transaction has its signature count (always below 128 in 1232 bytes).
  if (bytes.length && bytes[0]! & 0x80) return { ok: false, reason: 'version', version: bytes[0]! & 0x7f };
  let at = 0;
  const u8 = (): number => {
    if (at >= bytes.length) throw new Malformed();
    return bytes[at++]!;
  };
  const take = (n: number): Uint8Array => {
    if (at + n > bytes.length) throw new Malformed();
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  // Solana's short_vec: 1 to 3 bytes, 7 bits each, at most 0xffff, no trailing zero byte.
  const shortvec = (): number => {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const b = u8();
      value |= (b & 0x7f) << (7 * i);
      if (!(b & 0x80)) {
        if (i > 0 && b === 0) throw new Malformed();
        if (value > 0xffff) throw new Malformed();
        return value;
      }
    }
    throw new Malformed();
  };
  const list = <T>(read: () => T): T[] => Array.from({ length: shortvec() }, read);
  const key = () => base58.encode(take(32));
  const indexes = () => Array.from(take(shortvec()));
  try {
    const signatures = list(() => take(64));
    let version: 'legacy' | 0 = 'legacy';
    if (bytes[at] !== undefined && bytes[at]! & 0x80) {
      const v = u8() & 0x7f;
      if (v !== 0) return { ok: false, reason: 'version', version: v };
      version = 0;
    }
    const header = [u8(), u8(), u8()] as const;
    const keys = list(key);
    const blockhash = key();
    const instructions = list(() => ({ programIndex: u8(), accounts: indexes(), data: take(shortvec()) }));
    const lookups = version === 0 ? list(() => ({ table: key(), writable: indexes(), readonly: indexes() })) : [];
    if (at !== bytes.length) throw new Malformed();

    // The checks of `Message::sanitize` that decide how the keys are read.
    const [signers, readonlySigned, readonlyUnsigned] = header;
    if (signers === 0 || signers > keys.length || readonlySigned >= signers || readonlyUnsigned > keys.length - signers)
      throw new Malformed();
    if (signatures.length !== signers) throw new Malformed();
    if (new Set(keys).size !== keys.length) throw new Malformed();
    const loadedWritable = lookups.reduce((n, l) => n + l.writable.length, 0);
    const loadedReadonly = lookups.reduce((n, l) => n + l.readonly.length, 0);
    if (lookups.some((l) => l.writable.length + l.readonly.length === 0)) throw new Malformed();
    const total = keys.length + loadedWritable + loadedReadonly;
    if (total > 256) throw new Malformed();
    for (const ix of instructions) {
      if (ix.programIndex === 0 || ix.programIndex >= keys.length) throw new Malformed();
      if (ix.accounts.some((i) => i >= total)) throw new Malformed();
    }
    return {
      ok: true,
      tx: { signatures, version, header, keys, blockhash, instructions, lookups, loadedWritable, loadedReadonly },
    };
  } catch (e) {
    if (e instanceof Malformed) return { ok: false, reason: 'bytes' };
    throw e;
  }
}

/** Standard base64 (with padding) to bytes; undefined when it is not base64. */
export function base64Bytes(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The 32 bytes of a base58 address, or undefined. */
export function addressBytes(address: string): Uint8Array | undefined {
  try {
    const b = base58.decode(address);
    return b.length === 32 ? b : undefined;
  } catch {
    return undefined;
  }
}

// ---- program-derived addresses ------------------------------------------------------------

const P = 2n ** 255n - 19n;
const pow = (b: bigint, e: bigint): bigint => {
  let r = 1n;
  for (b %= P; e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
  return r;
};
// Edwards d = -121665 / 121666 (RFC 8032 §5.1).
const D = (((-121665n * pow(121666n, P - 2n)) % P) + P) % P;

/**
 * Whether 32 bytes are a point of ed25519 (RFC 8032 §5.1.3 decoding): y from the low 255
 * bits, x² = u / v with u = y² − 1 and v = d·y² + 1 must be a square (u·v a quadratic residue,
 * Euler's criterion), and x = 0 may not carry the sign bit. A program-derived address is a
 * hash that is *not* on the curve, so no key can sign for it.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  const y2 = (y * y) % P;
  const u = (y2 - 1n + P) % P;
  if (u === 0n) return !(bytes[31]! & 0x80);
  return pow((u * ((D * y2 + 1n) % P)) % P, (P - 1n) / 2n) === 1n;
}

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress');

/**
 * `find_program_address`: sha256(seeds ‖ bump ‖ program ‖ "ProgramDerivedAddress") for bump
 * 255 down to 1, the first result off the curve (solana-sdk `Pubkey::find_program_address`;
 * kit `getProgramDerivedAddress`).
 */
export function findProgramAddress(seeds: readonly Uint8Array[], program: Uint8Array): Uint8Array | undefined {
  for (let bump = 255; bump > 0; bump--) {
    const parts = [...seeds, Uint8Array.of(bump), program, PDA_MARKER];
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    const hash = sha256(all);
    if (!isOnCurve(hash)) return hash;
  }
  return undefined;
}

/**
 * The associated token account of `owner` for `mint` under `tokenProgram`: seeds
 * `[owner, tokenProgram, mint]`, program `ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL`
 * (solana-program/associated-token-account `interface/src/address.rs`). Undefined when an
 * input is not an address.
 */
export function associatedTokenAddress(owner: string, mint: string, tokenProgram: string): string | undefined {
  const o = addressBytes(owner);
  const m = addressBytes(mint);
  const t = addressBytes(tokenProgram);
  const ata = addressBytes('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
  if (!o || !m || !t || !ata) return undefined;
  const pda = findProgramAddress([o, t, m], ata);
  return pda && base58.encode(pda);
}
