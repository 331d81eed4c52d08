/**
 * Address lookup tables: the account of one, as `getAccountInfo` answers it, read into the
 * addresses it holds, so the checks can resolve the accounts a v0 transaction loads from it
 * (`checks/solana-tx.ts`).
 *
 * The account's layout (anza-xyz/solana-sdk @ 64f6fd34, `address-lookup-table-interface/src/state.rs`):
 * the bincode `ProgramState` enum (a u32 little-endian variant: 0 `Uninitialized`, 1
 * `LookupTable`) with its `LookupTableMeta` (`deactivation_slot` u64, `last_extended_slot` u64,
 * `last_extended_slot_start_index` u8, `authority` Option<Pubkey>, `_padding` u16), in the first
 * `LOOKUP_TABLE_META_SIZE` = 56 bytes (zero-filled after the meta); then the addresses, 32 bytes
 * each, at most `LOOKUP_TABLE_MAX_ADDRESSES` = 256. The account is owned by the Address Lookup
 * Table program, `AddressLookupTab1e1111111111111111111111111` (anza-xyz/solana-sdk @ e81b10ef,
 * `sdk-ids/src/lib.rs`, `address_lookup_table`).
 *
 * What a read is worth: a table's addresses are only ever appended (its program's instructions
 * create, freeze, extend, deactivate and close a table; none changes an entry), and a closed
 * table cannot be created again at the same address ("tables must be created at an address
 * derived from a recent slot", the same `state.rs`, `LookupTableMeta::status`). So the address
 * read at an index is the one the chain loads there, or the transaction fails (a deactivated
 * table, an entry appended in the same slot): it never loads another.
 *
 * Plain TypeScript; no DOM.
 */
import { base58 } from '@scure/base';
import { base64Bytes } from './solana-wire.js';

export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const LOOKUP_TABLE_META_SIZE = 56;
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
/** `ProgramState::LookupTable`, bincode's u32 variant index. */
const LOOKUP_TABLE_STATE = 1;

/** The addresses a lookup table account's data holds, or undefined when it is no initialized table. */
export function readLookupTable(data: Uint8Array): string[] | undefined {
  if (data.length < LOOKUP_TABLE_META_SIZE || (data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== LOOKUP_TABLE_STATE) return undefined;
  // The authority's option tag: None (0) or Some (1); bincode writes nothing else.
  if (data[21]! > 1) return undefined;
  const count = (data.length - LOOKUP_TABLE_META_SIZE) / 32;
  if (count > LOOKUP_TABLE_MAX_ADDRESSES) return undefined;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = LOOKUP_TABLE_META_SIZE + i * 32;
    out.push(base58.encode(data.subarray(at, at + 32)));
  }
  return out;
}

/**
 * A `getAccountInfo` answer's `value` (https://solana.com/docs/rpc/http/getaccountinfo, encoding
 * `base64`: `{ data: [base64, "base64"], owner, ... }`, or `null` for no account) read as a lookup
 * table: its addresses, or undefined when it is none (no account, another owner, another encoding,
 * data that is no initialized table).
 */
export function lookupTableOfAccount(value: unknown): string[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { owner, data } = value as { owner?: unknown; data?: unknown };
  if (owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return undefined;
  if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') return undefined;
  const bytes = base64Bytes(data[0]);
  return bytes ? readLookupTable(bytes) : undefined;
}
