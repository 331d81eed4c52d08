/**
 * What the checks of a route's parts share: the facts read once from the request (decimals,
 * units, slippage floor), the form of a route's transaction, and the refusal of a route.
 *
 * Plain TypeScript; no DOM.
 */
import * as z from 'zod/mini';
import { MsgTx } from '../../schemas/service.js';
import { normalizeAddressForCompare } from '../chains/address.js';
import { parseAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { isChainNative, MAX_TOKEN_DECIMALS } from './decimals.js';
import { refusal, type RefusalCode } from './refusals.js';
import type { CheckContext, CheckResult } from './plans.js';

export type EvmTxLike = { to: string; from: string; value: string; data: string; chain_id?: number | undefined };

export function isEvmTx(tx: unknown): tx is EvmTxLike {
  const t = tx as EvmTxLike;
  return typeof tx === 'object' && tx !== null && typeof t.to === 'string' && typeof t.data === 'string' && typeof t.from === 'string' && typeof t.value === 'string';
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

type Params = Readonly<Record<string, string | number | bigint | undefined>>;

export const reject = (code: RefusalCode, params?: Params): CheckResult => ({ ok: false, code: 'route-rejected', refusal: refusal(code, params) });

export function sameAddress(chain: string, a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  return normalizeAddressForCompare(chain, a) === normalizeAddressForCompare(chain, b);
}

export { isChainNative };

/**
 * Decimals of an asset: a chain's native asset (no contract, not synthetic, its chain's
 * native symbol) counts in the chain's own decimals; every other asset in its trusted
 * decimals (`CheckContext.decimals`). Undefined when neither gives them.
 */
export function assetDecimals(asset: string, decimals: (asset: string) => number | undefined): number | undefined {
  const parts = parseAsset(asset);
  if (!parts) return undefined;
  if (isChainNative(asset)) return chainInfo(parts.chain)!.nativeDecimals;
  const d = decimals(asset);
  return d !== undefined && Number.isInteger(d) && d >= 0 && d <= MAX_TOKEN_DECIMALS ? d : undefined;
}

/** What the checks of the parts share. */
export interface Facts {
  ctx: CheckContext;
  sellChain: string;
  buyChain: string;
  sellDecimals: number;
  /**
   * The buy asset's trusted decimals; when none is trusted, 8 (the 1e8 units of protocol
   * memos, the strictest room a memo's limit can have) and `buyDecimalsTrusted` false: a
   * check that signs a minimum in the buy asset's base units must then refuse.
   */
  buyDecimals: number;
  buyDecimalsTrusted: boolean;
  sellUnits: bigint;
  expectedUnits: bigint;
  minimumUnits: bigint;
  bps: bigint;
  expiresAt: number | undefined;
}
