/**
 * Public entry of `swap-widget`: defines every element of the widget (see `define.ts`) and
 * exports their classes, the public events, the service client with its schemas and errors,
 * and the domain helpers a host may reuse.
 */
import './define.js';

export { SwapWidget } from './swap-widget.js';
export * from './events.js';
export * from './api/index.js';
export type { WidgetConfig, RawConfig, ConfigIssue, ConfigIssueCode } from './config/config.js';
export { parseAsset, assetChain, isNativeAsset, sameAsset } from './domain/chains/asset.js';
export { CHAINS, chainInfo, chainsConnected, reachableChains } from './domain/chains/chains.js';
