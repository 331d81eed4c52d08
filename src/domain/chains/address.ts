/**
 * Destination-address checks for every chain of `chains.ts`. Plain TypeScript, no DOM.
 *
 * Every format is decoded with a well-kept library and its checksum verified:
 * - EVM: viem's `isAddress` (EIP-55);
 * - base58check (Bitcoin family), bech32 / bech32m (segwit, Cosmos, Radix), base58 (Solana,
 *   SS58) and the XRP alphabet: `@scure/base`;
 * - SHA-256 (base58check, XRP) and BLAKE2b (SS58): `@noble/hashes`, which viem depends on.
 *   It is imported through its `.js` subpaths, which exist in both its 1.x and 2.x lines.
 * The one checksum no installed library offers is Bitcoin Cash's cashaddr (a 40-bit BCH
 * code, different from bech32's); it is written out below from the cashaddr specification.
 *
 * Deliberately refused (a swap must not pay to them): testnet addresses, segwit witness
 * versions 2 to 16 (valid by BIP-350 but spendable by anyone today), XRP X-addresses
 * (not implemented), Zcash shielded and unified addresses, CashTokens-aware cashaddr
 * types, Litecoin MWEB addresses.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { isAddress } from 'viem';
import { chainInfo, type ChainInfo } from './chains.js';

/**
 * Why an address cannot receive funds on a chain: a code, with the chain's code (and the
 * prefix its addresses start with, where that is the problem). Words are the components'.
 */
export type AddressProblem =
  | { code: 'unknown-chain' }
  | { code: 'spaces-around' | 'spaces' }
  | { code: 'empty' | 'too-long' | 'invalid' | 'evm-format' | 'evm-checksum' | 'unsupported-version'; chain: string }
  | { code: 'prefix'; chain: string; prefix: string };

export type AddressCheck = { ok: true } | { ok: false; problem: AddressProblem };

const OK: AddressCheck = { ok: true };
const MAX_LENGTH = 128;
const fail = (problem: AddressProblem): AddressCheck => ({ ok: false, problem });

/**
 * Whether `address` can receive funds on `chain` (a chain code of `chains.ts`, or a
 * path-table label such as `ATOM`), and why not.
 */
export function validateAddress(chain: string, address: string): AddressCheck {
  const info = chainInfo(chain);
  if (!info) return fail({ code: 'unknown-chain' });
  if (address === '') return fail({ code: 'empty', chain: info.code });
  if (address.trim() !== address) return fail({ code: 'spaces-around' });
  if (/\s/.test(address)) return fail({ code: 'spaces' });
  // No supported format is longer (a prefixed cashaddr of a 64-byte hash is 120); base58
  // decoding is quadratic, so a pasted page never reaches it.
  if (address.length > MAX_LENGTH) return fail({ code: 'too-long', chain: info.code });
  const problem = check(info, address);
  return problem === undefined ? OK : fail(problem);
}

export function isValidAddress(chain: string, address: string): boolean {
  return validateAddress(chain, address).ok;
}

/**
 * The form in which two addresses of a chain compare equal: EVM hex and bech32-family
 * addresses (segwit, Cosmos, Radix, cashaddr) in lower case, cashaddr with its
 * `bitcoincash:` prefix; base58 forms, which are case-sensitive, unchanged.
 */
export function normalizeAddressForCompare(chain: string, address: string): string {
  const info = chainInfo(chain);
  if (!info) return address;
  const lower = address.toLowerCase();
  switch (info.kind) {
    case 'evm':
    case 'cosmos':
    case 'radix':
      return lower;
    case 'utxo': {
      const hrp = SEGWIT_HRP[info.code];
      if (hrp && lower.startsWith(`${hrp}1`)) return lower;
      if (info.code === 'BCH' && cashaddrPayload(address)) {
        return lower.includes(':') ? lower : `${CASHADDR_PREFIX}:${lower}`;
      }
      return address;
    }
    default:
      return address;
  }
}

// ---- dispatch ---------------------------------------------------------------------------

/** Undefined when valid, else the problem. */
function check(info: ChainInfo, address: string): AddressProblem | undefined {
  const invalid: AddressProblem = { code: 'invalid', chain: info.code };
  switch (info.kind) {
    case 'evm':
      return checkEvm(info, address);
    case 'utxo':
      return checkUtxo(info, address);
    case 'cosmos': {
      const hrp = COSMOS_HRP[info.code];
      if (!hrp) return invalid;
      if (!address.toLowerCase().startsWith(`${hrp}1`)) return { code: 'prefix', chain: info.code, prefix: `${hrp}1` };
      const bytes = bech32Bytes(bech32, address, hrp);
      return bytes && (bytes.length === 20 || bytes.length === 32) ? undefined : invalid;
    }
    case 'solana':
      return decode(base58, address)?.length === 32 ? undefined : invalid;
    case 'xrp':
      return isXrpClassic(address) ? undefined : invalid;
    case 'substrate': {
      const prefix = SS58_PREFIX[info.code];
      return prefix !== undefined && isSs58(address, prefix) ? undefined : invalid;
    }
    case 'radix': {
      if (!address.toLowerCase().startsWith(`${RADIX_HRP}1`))
        return { code: 'prefix', chain: info.code, prefix: `${RADIX_HRP}1` };
      const bytes = bech32Bytes(bech32m, address, RADIX_HRP);
      return bytes && bytes.length === 30 && RADIX_ACCOUNT_ENTITIES.has(bytes[0]!) ? undefined : invalid;
    }
  }
}

// ---- EVM --------------------------------------------------------------------------------

/**
 * viem's `isAddress(a, { strict: true })` accepts all-lower-case hex and mixed case that
 * matches the EIP-55 checksum, and refuses all-upper-case hex (unless that happens to be
 * the checksum). EIP-55 treats all-upper like all-lower (no checksum), so it is accepted here.
 */
function checkEvm(info: ChainInfo, address: string): AddressProblem | undefined {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { code: 'evm-format', chain: info.code };
  if (isAddress(address, { strict: true })) return undefined;
  const hex = address.slice(2);
  if (hex === hex.toUpperCase()) return undefined;
  return { code: 'evm-checksum', chain: info.code };
}

// ---- Bitcoin family ---------------------------------------------------------------------

const base58check = createBase58check(sha256);

/** Version bytes of base58check addresses (P2PKH and P2SH), each followed by a 20-byte hash. */
const BASE58_VERSIONS: Readonly<Record<string, readonly (readonly number[])[]>> = {
  BTC: [[0x00], [0x05]],
  LTC: [[0x30], [0x32], [0x05]],
  DOGE: [[0x1e], [0x16]],
  DASH: [[0x4c], [0x10]],
  ZEC: [
    [0x1c, 0xb8],
    [0x1c, 0xbd],
  ],
  // Legacy Bitcoin Cash addresses: still accepted by wallets and protocols.
  BCH: [[0x00], [0x05]],
};

const SEGWIT_HRP: Readonly<Record<string, string>> = { BTC: 'bc', LTC: 'ltc' };

function checkUtxo(info: ChainInfo, address: string): AddressProblem | undefined {
  const invalid: AddressProblem = { code: 'invalid', chain: info.code };
  const hrp = SEGWIT_HRP[info.code];
  if (hrp && address.toLowerCase().startsWith(`${hrp}1`)) {
    const r = segwit(address, hrp);
    if (r === 'ok') return undefined;
    if (r === 'unsupported') return { code: 'unsupported-version', chain: info.code };
    return invalid;
  }
  if (info.code === 'BCH' && cashaddrPayload(address)) return undefined;
  const versions = BASE58_VERSIONS[info.code];
  const bytes = versions && decode(base58check, address);
  if (!versions || !bytes) return invalid;
  const known = versions.some((v) => bytes.length === v.length + 20 && v.every((b, i) => bytes[i] === b));
  return known ? undefined : invalid;
}

/** Segwit address rules of BIP-173 and BIP-350, for versions 0 (P2WPKH/P2WSH) and 1 (taproot). */
function segwit(address: string, hrp: string): 'ok' | 'invalid' | 'unsupported' {
  const v0 = bech32.decodeUnsafe(address);
  const vm = v0 ? undefined : bech32m.decodeUnsafe(address);
  const decoded = v0 ?? vm;
  if (!decoded || decoded.prefix !== hrp) return 'invalid';
  const [version, ...rest] = decoded.words;
  const program = bech32.fromWordsUnsafe(rest);
  if (version === undefined || !program || program.length < 2 || program.length > 40) return 'invalid';
  if (version === 0) return v0 && (program.length === 20 || program.length === 32) ? 'ok' : 'invalid';
  if (!vm || version > 16) return 'invalid';
  if (version === 1) return program.length === 32 ? 'ok' : 'invalid';
  return 'unsupported';
}

// ---- Bitcoin Cash cashaddr --------------------------------------------------------------

const CASHADDR_PREFIX = 'bitcoincash';
const CASHADDR_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CASHADDR_GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
/** Hash sizes in bytes by the three size bits of the version byte. */
const CASHADDR_SIZES = [20, 24, 28, 32, 40, 48, 56, 64];

/** The cashaddr checksum: a BCH code over GF(2^5); the value is 0 for a valid address. */
function cashaddrPolymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= CASHADDR_GENERATORS[i]!;
  }
  return c ^ 1n;
}

/**
 * Version byte and hash of a mainnet cashaddr (`bitcoincash:q…` or `q…`, one case), P2PKH
 * or P2SH; undefined when it is not one.
 */
function cashaddrPayload(address: string): Uint8Array | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const s = address.toLowerCase();
  const colon = s.indexOf(':');
  const prefix = colon < 0 ? CASHADDR_PREFIX : s.slice(0, colon);
  const payload = colon < 0 ? s : s.slice(colon + 1);
  if (prefix !== CASHADDR_PREFIX || payload.length <= 8) return undefined;
  const words = [...payload].map((ch) => CASHADDR_CHARSET.indexOf(ch));
  if (words.some((w) => w < 0)) return undefined;
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  if (cashaddrPolymod([...prefixWords, 0, ...words]) !== 0n) return undefined;
  const data = bech32.fromWordsUnsafe(words.slice(0, -8));
  const version = data?.[0];
  if (!data || version === undefined || version & 0x80) return undefined;
  const type = version >> 3;
  if ((type !== 0 && type !== 1) || data.length !== 1 + CASHADDR_SIZES[version & 7]!) return undefined;
  return data;
}

// ---- Cosmos, Radix ----------------------------------------------------------------------

const COSMOS_HRP: Readonly<Record<string, string>> = { GAIA: 'cosmos', THOR: 'thor', MAYA: 'maya', KUJI: 'kujira' };

const RADIX_HRP = 'account_rdx';
/** Entity-type bytes of Radix accounts: allocated, pre-allocated secp256k1, pre-allocated Ed25519. */
const RADIX_ACCOUNT_ENTITIES = new Set([0xc1, 0xd1, 0x51]);

function bech32Bytes(coder: typeof bech32, address: string, hrp: string): Uint8Array | undefined {
  const decoded = coder.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== hrp) return undefined;
  return coder.fromWordsUnsafe(decoded.words) || undefined;
}

// ---- XRP ----------------------------------------------------------------------------------

/** Classic address: XRP-alphabet base58 of version 0, a 20-byte account id and a double-SHA-256 checksum. */
function isXrpClassic(address: string): boolean {
  const bytes = decode(base58xrp, address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0) return false;
  const sum = sha256(sha256(bytes.subarray(0, 21)));
  return sum.subarray(0, 4).every((b, i) => bytes[21 + i] === b);
}

// ---- SS58 (Polkadot, Chainflip) ---------------------------------------------------------

const SS58_PREFIX: Readonly<Record<string, number>> = { DOT: 0, FLIP: 2112 };
const SS58PRE = new TextEncoder().encode('SS58PRE');

/** An SS58 address of a 32-byte account with the given network prefix. */
function isSs58(address: string, expectedPrefix: number): boolean {
  const data = decode(base58, address);
  const b0 = data?.[0];
  const b1 = data?.[1];
  if (!data || b0 === undefined || b1 === undefined || b0 & 0x80) return false;
  const prefixLength = b0 & 0x40 ? 2 : 1;
  const prefix = prefixLength === 1 ? b0 : ((b0 & 0x3f) << 2) | (b1 >> 6) | ((b1 & 0x3f) << 8);
  const body = prefixLength + 32;
  if (prefix !== expectedPrefix || data.length !== body + 2) return false;
  const input = new Uint8Array(SS58PRE.length + body);
  input.set(SS58PRE);
  input.set(data.subarray(0, body), SS58PRE.length);
  const hash = blake2b(input, { dkLen: 64 });
  return hash[0] === data[body] && hash[1] === data[body + 1];
}

// ---- helpers ------------------------------------------------------------------------------

function decode(coder: { decode(s: string): Uint8Array }, s: string): Uint8Array | undefined {
  try {
    return coder.decode(s);
  } catch {
    return undefined;
  }
}

/** Whether two addresses are the same account on `chain` (compared the way the chain compares them). */
export function sameAddress(chain: string, a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return normalizeAddressForCompare(chain, a) === normalizeAddressForCompare(chain, b);
}
