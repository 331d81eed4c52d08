/**
 * The notation of an asset identifier: `CHAIN.SYMBOL`, `CHAIN.SYMBOL-CONTRACT`, synthetic
 * `CHAIN.SYMBOL/SYMBOL`. The contract part may be in any case. The schemas check it here;
 * `domain/chains/asset.ts` reads the parts.
 */
export const ASSET_PATTERN = /^[A-Z][A-Z0-9]{1,9}[./~][A-Za-z0-9$._+/~-]{1,120}$/;
