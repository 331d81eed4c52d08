// The host's properties the configuration is read from: the element reads them, the session checks them.

/** The host's properties the configuration is read from. */
export const CONFIG_PROPS = [
  'apiUrl',
  'apiDialect',
  'apiKey',
  'affiliate',
  'affiliateFee',
  'affiliateAddresses',
  'sellAsset',
  'buyAsset',
  'sellAmount',
  'slippage',
  'sourceAddress',
  'destinationAddress',
  'lockAddresses',
  'providers',
  'theme',
  'locale',
  'bridge',
  'cosmosRest',
  'thornodeUrl',
  'mayanodeUrl',
  'rpcUrls',
  'decimals',
] as const;
export type ConfigProp = (typeof CONFIG_PROPS)[number];
