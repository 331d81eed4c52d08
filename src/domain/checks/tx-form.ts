/**
 * The form of a route's transaction, read from its shape alone: none, the EVM form
 * (`{ to, from, value, data }`), the message form of Cosmos-SDK chains, a string (a serialised
 * Solana transaction), or anything else. Which check reads it follows from the form, never
 * from a provider's name.
 *
 * Plain TypeScript; no DOM.
 */
import * as z from 'zod/mini';
import { MsgTx } from '../../schemas/service.js';

export type EvmTxLike = { to: string; from: string; value: string; data: string; chain_id?: number | undefined };

export function isEvmTx(tx: unknown): tx is EvmTxLike {
  const t = tx as EvmTxLike;
  return (
    typeof tx === 'object' &&
    tx !== null &&
    typeof t.to === 'string' &&
    typeof t.data === 'string' &&
    typeof t.from === 'string' &&
    typeof t.value === 'string'
  );
}

/**
 * The form of a route's transaction, read from its shape alone: none, the EVM form, the
 * message form, a string (a serialised transaction), or anything else (`unknown`).
 */
export type TxForm = 'none' | 'evm' | 'messages' | 'serialized' | 'unknown';

export function txForm(tx: unknown): TxForm {
  if (tx === undefined || tx === null) return 'none';
  if (isEvmTx(tx)) return 'evm';
  if (typeof tx === 'string') return 'serialized';
  return z.safeParse(MsgTx, tx).success ? 'messages' : 'unknown';
}

export type MsgTxLike = { msgs: unknown[]; fee: unknown; memo?: string | undefined };

export function isMsgTx(tx: unknown): tx is MsgTxLike {
  return typeof tx === 'object' && tx !== null && Array.isArray((tx as MsgTxLike).msgs);
}
