/**
 * Stand-ins for the memo protocols' own nodes, which the widget asks where funds may go:
 * `GET /thorchain/inbound_addresses` answers as a THORNode does for protocol A,
 * `GET /mayachain/inbound_addresses` as a Mayanode does for protocol C (the fields of
 * THORNode's `openapi.yaml` `InboundAddress`). They list the vault of each chain the protocol
 * serves (not its own chain, where a swap is a deposit message) and, on EVM chains, its router:
 * exactly the addresses this service's routes pay, so an honest route verifies. A chain the
 * scope halted is listed as halted.
 *
 * Both are also served under `/__node/<scope>/…`, so a page or test pointing `thornode-url` there
 * sees that scope's halted chains and its armed faults (a fault armed with `path: "/thorchain/"`
 * or `"/mayachain/"` makes the node hang or answer late (`hang`, `latency`), fail (`500`,
 * `drop`), answer what is not JSON (`malformed`), or lie (`wrong-types`: its own list with
 * flags that are not booleans and a chain listed twice, `lyingInboundAddresses`), as a real
 * node may; the widget refuses every route such a list would have to vouch for).
 */
import { addressFor, evmAddress } from './addresses.js';
import { chainInfo } from './chains.js';
import { PROTOCOL_CHAIN, PROVIDER_CHAINS } from './providers.js';
import type { ScopeState } from './scope.js';

export type NodeProtocol = 'PROTOCOL_A' | 'PROTOCOL_C';

/** `/__node/<scope>` (optional) + the node's path. */
export const NODE_PATH = /^(?:\/__node\/([^/]+))?\/(thorchain|mayachain)\/inbound_addresses$/;

export function nodeRequest(path: string): { scope: string; protocol: NodeProtocol; nodePath: string } | undefined {
  const m = NODE_PATH.exec(path);
  if (!m) return undefined;
  return {
    scope: m[1] ? decodeURIComponent(m[1]) : '',
    protocol: m[2] === 'thorchain' ? 'PROTOCOL_A' : 'PROTOCOL_C',
    nodePath: `/${m[2]}/inbound_addresses`,
  };
}

/** The vault a protocol's routes pay on a chain. */
export function protocolVault(protocol: NodeProtocol, chain: string): string {
  return addressFor(chain, `${protocol}:vault`);
}

/** The router a protocol's EVM routes call on a chain. */
export function protocolRouter(protocol: NodeProtocol, chain: string): `0x${string}` {
  return evmAddress(`${protocol}:router:${chain}`);
}

/** The protocol's `inbound_addresses`, as its node answers it. */
export function inboundAddresses(protocol: NodeProtocol, scope: ScopeState): unknown[] {
  const pubKeyPrefix = protocol === 'PROTOCOL_A' ? 'thorpub1' : 'mayapub1';
  return PROVIDER_CHAINS[protocol]
    .filter((chain) => chain !== PROTOCOL_CHAIN[protocol])
    .map((chain) => {
      const evm = chainInfo(chain)?.kind === 'evm';
      const halted = scope.halted.has(chain) || scope.halted.has(PROTOCOL_CHAIN[protocol]);
      return {
        chain,
        pub_key: `${pubKeyPrefix}addwnpepq${protocolVault(protocol, chain).slice(-20).toLowerCase()}`,
        address: protocolVault(protocol, chain),
        ...(evm ? { router: protocolRouter(protocol, chain) } : {}),
        halted,
        global_trading_paused: scope.halted.has(PROTOCOL_CHAIN[protocol]),
        chain_trading_paused: scope.halted.has(chain),
        chain_lp_actions_paused: false,
        gas_rate: evm ? '10' : '20',
        gas_rate_units: evm ? 'gwei' : 'satsperbyte',
        outbound_tx_size: evm ? '100000' : '1000',
        outbound_fee: evm ? '240000' : '30000',
        dust_threshold: evm ? '0' : '10000',
      };
    });
}

/**
 * A node that lies in the ways a strict reader must refuse: the protocol's own list, but its
 * flags written as strings or `null` (`"halted": "false"`, `"global_trading_paused": null`) and
 * its first chain listed twice, the second time with another vault.
 */
export function lyingInboundAddresses(list: readonly unknown[]): unknown[] {
  const rows: Record<string, unknown>[] = list.map((e) => ({
    ...(e as Record<string, unknown>),
    halted: 'false',
    global_trading_paused: null,
  }));
  const first = rows[0];
  return first ? [...rows, { ...first, address: `${String(first.address).slice(0, -4)}dead` }] : rows;
}
