/**
 * The deposit channel a broker opens for a route: its address and how long it stays open.
 *
 * Plain TypeScript; no DOM.
 */
import type { DepositChannel } from '../api/schemas.js';
import { isValidAddress } from './address.js';
import { chainInfo } from './chains.js';
import { refusal, type Refusal } from './refusals.js';

/** A deposit channel must stay open at least this long, and at most this long (seconds). */
export const CHANNEL_MIN_SECONDS = 15 * 60;
export const CHANNEL_MAX_SECONDS = 48 * 3600;

/**
 * A deposit channel the service opened: its address valid for the sell chain, its blocks
 * given, the expiry block after the issue block, and the time between them (counted in the
 * sell chain's blocks) between `CHANNEL_MIN_SECONDS` and `CHANNEL_MAX_SECONDS` (protocol B
 * closes channels after 24 hours). On success, when it expires (Unix ms).
 */
export function checkDepositChannel(channel: DepositChannel, chain: string, now: number): { ok: true; expiresAt: number } | { ok: false; refusal: Refusal } {
  if (!isValidAddress(chain, channel.depositAddress)) return { ok: false, refusal: refusal('channel-address-invalid', { address: channel.depositAddress, chain }) };
  const issued = channel.issuedBlock;
  const expiry = channel.sourceChainExpiryBlock;
  if (issued === undefined || expiry === undefined || !Number.isSafeInteger(issued) || !Number.isSafeInteger(expiry) || issued < 0) {
    return { ok: false, refusal: refusal('channel-blocks-missing') };
  }
  if (expiry <= issued) return { ok: false, refusal: refusal('channel-expiry-before-issue', { issued, expiry }) };
  const seconds = (expiry - issued) * (chainInfo(chain)?.blockSeconds ?? Number.NaN);
  if (!(seconds >= CHANNEL_MIN_SECONDS && seconds <= CHANNEL_MAX_SECONDS)) {
    return { ok: false, refusal: refusal('channel-duration-invalid', { seconds: Number.isFinite(seconds) ? Math.round(seconds) : 0 }) };
  }
  return { ok: true, expiresAt: now + seconds * 1000 };
}
