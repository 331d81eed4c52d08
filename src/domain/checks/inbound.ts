/**
 * The memo protocols' own word on where funds go: their published `inbound_addresses` (the
 * vault of each chain, its router on EVM chains, and whether the chain is halted), read from
 * a THORNode or Mayanode. A memo route's inbound address, a router call's contract and vault,
 * a Cosmos send's recipient are compared with it; the service's answer alone never decides
 * where the user's funds go.
 *
 * When the list cannot be read (the host turned verification off, no node answered, the
 * answer did not read), nothing is refused for that reason, but the route carries the
 * warning `inbound-unverified` and the user must accept that risk before anything is handed
 * out. A listed chain that is halted, or an address that is not the listed one, is a refusal.
 *
 * Plain TypeScript; no DOM, no network (the list is read by `api/inbound-client.ts`).
 */
import { normalizeAddressForCompare } from '../chains/address.js';
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
}

/** Why a protocol's addresses could not be verified. */
export type UnverifiedReason = 'off' | 'unreachable' | 'unreadable';

/** What the widget knows of a protocol's inbound addresses when a route is checked. */
export type InboundView =
  | {
      readonly status: 'verified';
      readonly protocol: MemoProtocol;
      readonly entries: ReadonlyMap<string, InboundEntry>;
    }
  | { readonly status: 'unverified'; readonly protocol: MemoProtocol; readonly reason: UnverifiedReason };

/** A risk the user must accept before a hand-out: an address the widget could not verify with its protocol. */
export interface UnverifiedAddress {
  readonly code: 'inbound-unverified';
  /** What the address is to the route. */
  readonly role: 'vault' | 'router' | 'deposit-address';
  readonly address: string;
  /** Which protocol should have vouched for it: a memo protocol, or the broker protocol B (whose channels no list publishes). */
  readonly protocol: MemoProtocol | 'B';
  readonly reason: UnverifiedReason | 'broker';
}

/** The view of a list read from a node: one entry per chain (a second entry for a chain makes the list unreadable). */
export function inboundView(protocol: MemoProtocol, entries: readonly InboundEntry[]): InboundView {
  const byChain = new Map<string, InboundEntry>();
  for (const e of entries) {
    const chain = e.chain.toUpperCase();
    if (byChain.has(chain)) return { status: 'unverified', protocol, reason: 'unreadable' };
    byChain.set(chain, { ...e, chain });
  }
  return { status: 'verified', protocol, entries: byChain };
}

/** The memo protocols, in the order their lists are searched. */
export const MEMO_PROTOCOLS: readonly MemoProtocol[] = ['A', 'C'];

/**
 * Where a verified list puts an address on a chain: its vault there (and, when given, `router`
 * its router there), `halted` when it is but trading is halted, `unlisted` otherwise.
 */
export function listing(
  view: InboundView & { status: 'verified' },
  chain: string,
  address: string,
  router?: string,
): 'listed' | 'halted' | 'unlisted' {
  const entry = view.entries.get(chain.toUpperCase());
  if (!entry || normalizeAddressForCompare(chain, entry.address) !== normalizeAddressForCompare(chain, address))
    return 'unlisted';
  if (router !== undefined && (!entry.router || entry.router.toLowerCase() !== router.toLowerCase())) return 'unlisted';
  return entry.halted ? 'halted' : 'listed';
}

export type AddressCheck = { ok: true; warning?: UnverifiedAddress } | { ok: false; refusal: Refusal };

/**
 * Whether `address` is the protocol's vault on `chain` (and, when given, `router` its router
 * there): listed and not halted. Unverifiable: passes with a warning for the user to accept.
 */
export function checkProtocolAddresses(
  view: InboundView,
  chain: string,
  address: string,
  router?: string,
): AddressCheck {
  if (view.status === 'unverified') {
    const role = router === undefined ? 'vault' : 'router';
    return {
      ok: true,
      warning: {
        code: 'inbound-unverified',
        role,
        address: router ?? address,
        protocol: view.protocol,
        reason: view.reason,
      },
    };
  }
  const entry = view.entries.get(chain.toUpperCase());
  if (!entry) return { ok: false, refusal: refusal('inbound-chain-unlisted', { chain, protocol: view.protocol }) };
  if (entry.halted) return { ok: false, refusal: refusal('inbound-chain-halted', { chain, protocol: view.protocol }) };
  if (normalizeAddressForCompare(chain, entry.address) !== normalizeAddressForCompare(chain, address)) {
    return {
      ok: false,
      refusal: refusal('inbound-vault-unlisted', { address, listed: entry.address, protocol: view.protocol }),
    };
  }
  if (router !== undefined) {
    if (!entry.router)
      return {
        ok: false,
        refusal: refusal('router-unlisted', { address: router, listed: '', protocol: view.protocol }),
      };
    if (entry.router.toLowerCase() !== router.toLowerCase()) {
      return {
        ok: false,
        refusal: refusal('router-unlisted', { address: router, listed: entry.router, protocol: view.protocol }),
      };
    }
  }
  return { ok: true };
}
