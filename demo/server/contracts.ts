/**
 * The public contracts the reference service's routes call or pay, written here from their
 * publishers (the service's own copy, not the widget's):
 * - 1inch Aggregation Router v6, "identical for all chains except zkSync"
 *   (1inch/1inch-sdk-go `constants/contracts.go`): aggregator A's router and spender;
 * - protocol B's (Chainflip's) mainnet Vaults (chainflip-io/chainflip-docs
 *   `pages/swapping/supported-chains-and-assets/mainnet-addresses.mdx`): where the first leg of
 *   a two-leg route pays what it bought, for protocol B to swap it on.
 */
export const ONEINCH_V6_ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65' as const;

export const PROTOCOL_B_VAULTS: Readonly<Record<string, `0x${string}`>> = {
  ETH: '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc',
  ARB: '0x79001a5e762f3bEFC8e5871b42F6734e00498920',
};

/** Protocol B's Solana Vault program: the owner of the token accounts a Solana first leg pays into. */
export const PROTOCOL_B_SOLANA_VAULT = 'AusZPVXPoUM8QJJ2SL4KwvRGCQ22cDg6Y4rg7EvFrxi7';
