/**
 * Deterministic addresses and transaction hashes in each chain's real format, made from a
 * seed string: bech32 (`bc1q…`, `ltc1…`, `cosmos1…`, `thor1…`), cashaddr (BCH),
 * base58check (DOGE, DASH, ZEC), XRP's base58, base58 public keys (Solana), SS58 (DOT,
 * Chainflip), bech32m (Radix) and checksummed `0x` addresses (EVM).
 */
import { createHash } from 'node:crypto';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { getAddress, keccak256, toBytes } from 'viem';
import { chainInfo } from './chains.js';

const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);

/** 32 bytes from a seed string. */
export function seedBytes(seed: string): Uint8Array {
  return toBytes(keccak256(toBytes(seed)));
}

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function evmAddress(seed: string): `0x${string}` {
  return getAddress(`0x${keccak256(toBytes(seed)).slice(-40)}`);
}

function segwit(hrp: string, program: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

const CASHADDR_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CASHADDR_GEN = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function cashaddrPolymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    CASHADDR_GEN.forEach((g, i) => {
      if ((c0 >> BigInt(i)) & 1n) c ^= g;
    });
  }
  return c ^ 1n;
}

/** Bitcoin Cash P2PKH cashaddr, without the `bitcoincash:` prefix (as protocol A writes it). */
function cashaddr(hash160: Uint8Array): string {
  const prefix = 'bitcoincash';
  const words = bech32.toWords(concat([0], hash160));
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 31);
  const mod = cashaddrPolymod([...prefixWords, 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return [...words, ...checksum].map((w) => CASHADDR_CHARSET[w]).join('');
}

function ss58(prefix: number, publicKey: Uint8Array): string {
  const pre =
    prefix < 64 ? [prefix] : [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6)];
  const payload = concat(pre, publicKey);
  const hash = createHash('blake2b512')
    .update(concat(new TextEncoder().encode('SS58PRE'), payload))
    .digest();
  return base58.encode(concat(payload, hash.subarray(0, 2)));
}

function xrpAddress(accountId: Uint8Array): string {
  const payload = concat([0], accountId);
  return base58xrp.encode(concat(payload, sha256(sha256(payload)).subarray(0, 4)));
}

const COSMOS_HRP: Readonly<Record<string, string>> = { GAIA: 'cosmos', THOR: 'thor', MAYA: 'maya', KUJI: 'kujira' };
const BASE58_VERSIONS: Readonly<Record<string, number[]>> = { DOGE: [0x1e], DASH: [0x4c], ZEC: [0x1c, 0xb8] };

/** An address of `chain` (a chain code) made from `seed`: same seed, same address. */
export function addressFor(chain: string, seed: string): string {
  const info = chainInfo(chain);
  const bytes = seedBytes(`${chain}:${seed}`);
  const h20 = bytes.subarray(0, 20);
  if (!info || info.kind === 'evm') return evmAddress(`${chain}:${seed}`);
  switch (info.code) {
    case 'BTC':
      return segwit('bc', h20);
    case 'LTC':
      return segwit('ltc', h20);
    case 'BCH':
      return cashaddr(h20);
    case 'SOL':
      return base58.encode(bytes);
    case 'DOT':
      return ss58(0, bytes);
    case 'FLIP':
      return ss58(2112, bytes);
    case 'XRP':
      return xrpAddress(h20);
    case 'XRD':
      return bech32m.encode('account_rdx', bech32m.toWords(concat([0xc1], bytes.subarray(0, 29))));
  }
  const hrp = COSMOS_HRP[info.code];
  if (hrp) return bech32.encode(hrp, bech32.toWords(h20));
  const version = BASE58_VERSIONS[info.code];
  if (version) return base58check.encode(concat(version, h20));
  return evmAddress(`${chain}:${seed}`);
}

/** A transaction hash of `chain` in its usual notation, made from `seed`. */
export function txHashFor(chain: string, seed: string): string {
  const info = chainInfo(chain);
  const bytes = seedBytes(`tx:${chain}:${seed}`);
  const hex = Buffer.from(bytes).toString('hex');
  if (!info) return hex;
  switch (info.kind) {
    case 'evm':
    case 'substrate':
      return `0x${hex}`;
    case 'solana':
      return base58.encode(concat(bytes, seedBytes(`tx2:${chain}:${seed}`)));
    case 'cosmos':
    case 'xrp':
      return hex.toUpperCase();
    case 'radix':
      return bech32m.encode('txid_rdx', bech32m.toWords(bytes));
    default:
      return hex;
  }
}
