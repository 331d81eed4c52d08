/**
 * The memo protocols' own word on where funds go: their published `inbound_addresses` (the
 * vault of each chain, its router on EVM chains, whether the chain is halted, its dust
 * threshold), read from a THORNode or Mayanode. A memo route's inbound address, a router
 * call's contract and vault, a Cosmos send's recipient are looked up in them; the service's
 * answer alone never decides where the user's funds go.
 *
 * Fail closed: an address is handed out only when a list that was read holds it. The list
 * that holds it says which protocol reads the memo (never the route's providers). A list that
 * could not be read (the host turned it off, the node did not answer in time, its answer did
 * not read strictly) vouches for nothing, and an address no read list holds is refused, with
 * `protocol-unverified` when a list that might have held it could not be read. A listed chain
 * that is halted is `protocol-halted`.
 *
 * Plain TypeScript; no DOM, no network (the list is read by `api/inbound-client.ts`).
 */
import { normalizeAddressForCompare } from '../chains/address.js';
import { chainInfo } from '../chains/chains.js';
import type { Refusal } from './refusals.js';
import { refusal } from './refusals.js';

/** The two memo protocols: A (THORChain) and its fork C (Maya). */
export type MemoProtocol = 'A' | 'C';

/** The protocols' names, for people: the memo protocols, and the broker protocol B whose channels no list publishes. */
export const PROTOCOL_NAMES: Readonly<Record<MemoProtocol | 'B', string>> = {
  A: 'THORChain',
  C: 'Maya Protocol',
  B: 'Chainflip',
};

/** One chain's entry of a protocol's `inbound_addresses`, as the widget reads it. */
export interface InboundEntry {
  /** Chain code (`BTC`, `ETH`, `GAIA`). */
  readonly chain: string;
  /** The vault's address on that chain. */
  readonly address: string;
  /** The router contract, on EVM chains. */
  readonly router?: string;
  /** Trading is unavailable on that chain: halted, or paused globally or for the chain. */
  readonly halted: boolean;
  /** Amounts of the chain's own coin below this (its base units) are ignored by the protocol; absent: none stated. */
  readonly dustThreshold?: bigint;
}

/**
 * Why a protocol's list could not be used: the host set its node `off`; the node did not answer
 * (unreachable, or an error status); it answered after the limit; its answer did not read strictly.
 */
export type UnverifiedReason = 'off' | 'unreachable' | 'late' | 'unreadable';

/** What the widget knows of a protocol's inbound addresses when a route is checked. */
export type InboundView =
  | {
      readonly status: 'verified';
      readonly protocol: MemoProtocol;
      readonly entries: ReadonlyMap<string, InboundEntry>;
    }
  | { readonly status: 'unverified'; readonly protocol: MemoProtocol; readonly reason: UnverifiedReason };

/**
 * The view of a list read from a node, read strictly: one entry per chain, each with its vault,
 * and on an EVM chain its router. A chain listed twice (which vault would be the chain's?), an
 * empty address, or an EVM chain without a router makes the whole list unreadable.
 */
export function inboundView(protocol: MemoProtocol, entries: readonly InboundEntry[]): InboundView {
  const unreadable: InboundView = { status: 'unverified', protocol, reason: 'unreadable' };
  const byChain = new Map<string, InboundEntry>();
  for (const e of entries) {
    const chain = e.chain.toUpperCase();
    if (byChain.has(chain) || !e.address) return unreadable;
    if (chainInfo(chain)?.kind === 'evm' && !e.router) return unreadable;
    byChain.set(chain, { ...e, chain });
  }
  return { status: 'verified', protocol, entries: byChain };
}

/** The memo protocols, in the order their lists are searched. */
export const MEMO_PROTOCOLS: readonly MemoProtocol[] = ['A', 'C'];

export type Located = { ok: true; protocol: MemoProtocol; entry: InboundEntry } | { ok: false; refusal: Refusal };

/**
 * The protocol whose read list has `address` as its vault on `chain` (and, when given,
 * `router` as its router there), and that list's entry; or why none vouches for it:
 * - the vault is listed but the chain halted: `protocol-halted`;
 * - the vault is listed with another router: `router-unlisted`;
 * - no read list holds it, and some list could not be read: `protocol-unverified` (the first
 *   such protocol, and why), since that list might have held it;
 * - every list was read: `inbound-vault-unlisted` when one lists the chain (its vault named),
 *   `inbound-chain-unlisted` when none does.
 */
export function locateVault(
  inbound: (protocol: MemoProtocol) => InboundView,
  chain: string,
  address: string,
  router?: string,
): Located {
  const want = normalizeAddressForCompare(chain, address);
  let unread: (InboundView & { status: 'unverified' }) | undefined;
  let otherRouter: { protocol: MemoProtocol; entry: InboundEntry } | undefined;
  let listsChain: { protocol: MemoProtocol; entry: InboundEntry } | undefined;
  for (const protocol of MEMO_PROTOCOLS) {
    const view = inbound(protocol);
    if (view.status !== 'verified') {
      unread ??= view;
      continue;
    }
    const entry = view.entries.get(chain.toUpperCase());
    if (!entry) continue;
    listsChain ??= { protocol, entry };
    if (normalizeAddressForCompare(chain, entry.address) !== want) continue;
    if (entry.halted) return { ok: false, refusal: refusal('protocol-halted', { protocol, chain }) };
    if (router !== undefined && (!entry.router || entry.router.toLowerCase() !== router.toLowerCase())) {
      otherRouter ??= { protocol, entry };
      continue;
    }
    return { ok: true, protocol, entry };
  }
  if (otherRouter) {
    const { protocol, entry } = otherRouter;
    return {
      ok: false,
      refusal: refusal('router-unlisted', { address: router, listed: entry.router ?? '', protocol }),
    };
  }
  if (unread)
    return { ok: false, refusal: refusal('protocol-unverified', { protocol: unread.protocol, reason: unread.reason }) };
  if (listsChain) {
    const { protocol, entry } = listsChain;
    return { ok: false, refusal: refusal('inbound-vault-unlisted', { address, listed: entry.address, protocol }) };
  }
  return { ok: false, refusal: refusal('inbound-chain-unlisted', { chain }) };
}

/**
 * Whether a refusal may go away by itself: a list that could not be read now may be read at the
 * next press (nothing of a failed read is kept). Such a route is not marked refused for good,
 * and the user may try again.
 */
export function refusalMayPass(refusal: Refusal): boolean {
  return refusal.code === 'protocol-unverified';
}
