/**
 * The memo protocols' inbound lists for tests that check routes without a node: the reference
 * service's own stand-in lists (`demo/server/nodes.ts`, the vaults and routers its routes pay),
 * a list written by the test, or none read (`unverified`: every route that pays a memo protocol is then refused).
 */
import { inboundAddresses } from '../../demo/server/nodes.js';
import {
  inboundView,
  type InboundEntry,
  type InboundView,
  type MemoProtocol,
  type UnverifiedReason,
} from '../../src/domain/checks/inbound.js';

type Lookup = (protocol: MemoProtocol) => InboundView;

function freshScope() {
  return {
    name: '',
    faults: [],
    halted: new Set<string>(),
    extraTokens: 0,
    customTokens: [],
    deprecated: false,
    dialect: 'spec' as const,
    requests: [],
    seq: 0,
    tracked: new Map(),
  };
}

/** The lists the reference service's nodes answer (optionally with halted chains). */
export function referenceInbound(halted: readonly string[] = []): Lookup {
  const scope = { ...freshScope(), halted: new Set(halted) };
  const views = new Map<MemoProtocol, InboundView>(
    (['A', 'C'] as const).map((p) => [
      p,
      inboundView(
        p,
        (
          inboundAddresses(p === 'A' ? 'PROTOCOL_A' : 'PROTOCOL_C', scope) as {
            chain: string;
            address: string;
            router?: string;
            halted: boolean;
            dust_threshold: string;
          }[]
        ).map((e) => ({
          chain: e.chain,
          address: e.address,
          ...(e.router ? { router: e.router } : {}),
          halted: e.halted,
          dustThreshold: BigInt(e.dust_threshold),
        })),
      ),
    ]),
  );
  return (protocol) => views.get(protocol)!;
}

/** Lists written by the test, per protocol (a protocol left out lists nothing). */
export function listedInbound(lists: Partial<Record<MemoProtocol, InboundEntry[]>>): Lookup {
  return (protocol) => inboundView(protocol, lists[protocol] ?? []);
}

/** No list could be read. */
export function unverifiedInbound(reason: UnverifiedReason = 'unreachable'): Lookup {
  return (protocol) => ({ status: 'unverified', protocol, reason });
}

/** The reference lists, but `protocol`'s could not be read (`reason`). */
export function oneUnverified(protocol: MemoProtocol, reason: UnverifiedReason = 'unreachable'): Lookup {
  const lists = referenceInbound();
  return (p) => (p === protocol ? { status: 'unverified', protocol: p, reason } : lists(p));
}
