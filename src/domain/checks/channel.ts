/**
 * The deposit channel a broker opens for a route: its address, and how long the widget offers it.
 *
 * Plain TypeScript; no DOM.
 */
import type { DepositChannel } from '../../schemas/service.js';
import { isValidAddress } from '../chains/address.js';
import { refusal, type Refusal } from './refusals.js';

/**
 * How long the widget offers a deposit channel's address (seconds). Protocol B closes a channel
 * 24 hours after it opens, counted in blocks of the deposit's chain, and tells users to deposit
 * at once; its answer cannot say when that is without the deposit chain's current height (its
 * issue block is a block of the protocol's own chain). The widget opens a channel at each
 * press and offers it for an hour: the deposit then has the rest of the day to be mined.
 */
export const CHANNEL_HANDOUT_SECONDS = 3600;

/**
 * A deposit channel the service opened: its address is an address of the sell chain, and not
 * the EVM zero address (funds sent there are burnt). Its block heights are not read: the issue
 * block counts the protocol's chain and the expiry block the deposit's chain, so neither says
 * how long the channel stays open, and the real service leaves both out. On success, when the
 * widget stops offering the address (Unix ms, `CHANNEL_HANDOUT_SECONDS` from now).
 */
export function checkDepositChannel(
  channel: DepositChannel,
  chain: string,
  now: number,
): { ok: true; expiresAt: number } | { ok: false; refusal: Refusal } {
  const address = channel.depositAddress;
  if (!isValidAddress(chain, address) || /^0x0{40}$/i.test(address))
    return { ok: false, refusal: refusal('channel-address-invalid', { address, chain }) };
  return { ok: true, expiresAt: now + CHANNEL_HANDOUT_SECONDS * 1000 };
}
