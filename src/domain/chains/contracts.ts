/**
 * The EVM contracts the widget can carry out a call to, by chain: an allowlist. A route's
 * transaction goes to one of them, with a call the widget decodes for that contract, or it is
 * refused. The memo protocols' routers are not here: they are read, with their vaults, from the
 * protocol's own `inbound_addresses` (`checks/inbound.ts`), since they change with the protocol.
 *
 * Every entry names its source. Plain TypeScript; no DOM.
 */
import { VAULT_SWAP_NATIVE_SELECTOR, VAULT_SWAP_TOKEN_SELECTOR } from './chainflip-vault.js';
import { ONEINCH_SWAP_SELECTOR } from './evm.js';
import { UNOSWAP_SELECTORS } from './oneinch-unoswap.js';

/** What a contract of the table is to a route. */
export type ContractRole = 'aggregator' | 'vault';

export interface KnownContract {
  readonly chain: string;
  /** Checksummed, as the source writes it. */
  readonly address: string;
  readonly role: ContractRole;
  /** Who runs it, for people (`1inch`). */
  readonly name: string;
  /** The calls the widget decodes for it (4-byte selectors, lower case). */
  readonly selectors: readonly string[];
}

/**
 * 1inch Aggregation Router v6: "identical for all chains except zkSync"
 * (1inch/1inch-sdk-go @ 7f082a7d, `constants/contracts.go`). The widget decodes its `swap`
 * only: the other entry points (`unoswap*`, `clipperSwap*`, `fillOrder*`, `permitAndCall`) do
 * not name the token bought or hide the receiver, so their minimum cannot be checked.
 */
export const ONEINCH_V6_ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65';
const ONEINCH_CHAINS = ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC'] as const;

/**
 * Protocol B's (Chainflip's) mainnet Vault contracts, whose `xSwapNative`/`xSwapToken` start a
 * swap that carries its destination, asset and minimum price (chainflip-io/chainflip-docs @
 * d36f2796, `pages/swapping/supported-chains-and-assets/mainnet-addresses.mdx`). Tokens merely
 * sent to a Vault (an aggregator's swap paying it) start nothing for the user: refused.
 */
export const BROKER_VAULTS: Readonly<Record<string, string>> = {
  ETH: '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc',
  ARB: '0x79001a5e762f3bEFC8e5871b42F6734e00498920',
};

const CONTRACTS: readonly KnownContract[] = [
  ...ONEINCH_CHAINS.map((chain): KnownContract => ({
    chain,
    address: ONEINCH_V6_ROUTER,
    role: 'aggregator',
    name: '1inch',
    selectors: [ONEINCH_SWAP_SELECTOR, ...UNOSWAP_SELECTORS],
  })),
  ...Object.entries(BROKER_VAULTS).map(([chain, address]): KnownContract => ({
    chain,
    address,
    role: 'vault',
    name: 'Chainflip',
    selectors: [VAULT_SWAP_NATIVE_SELECTOR, VAULT_SWAP_TOKEN_SELECTOR],
  })),
];

const byChainAndAddress = new Map(CONTRACTS.map((c) => [`${c.chain}:${c.address.toLowerCase()}`, c]));

/** The table's contract at `address` on `chain` (any case), if any. */
export function knownContract(chain: string, address: string): KnownContract | undefined {
  return byChainAndAddress.get(`${chain.toUpperCase()}:${address.toLowerCase()}`);
}
