/**
 * Public entry of `swap-widget`: the service client, its schemas and errors, and the
 * domain helpers a host may reuse.
 */
export * from './api/index.js';
export { parseAsset, assetChain, isNativeAsset, sameAsset } from './domain/asset.js';
export { CHAINS, chainInfo, chainsConnected, reachableChains } from './domain/chains.js';
