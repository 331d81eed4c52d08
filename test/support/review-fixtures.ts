/**
 * Hand-written reviews (`src/domain/flow/review.ts`), one per family of route, for `<swap-review>`'s
 * component suite and its screenshots (scripts/screenshots-review.ts). Plain data: no DOM.
 * Addresses are well-formed for their chains; amounts are what such a swap would carry.
 */
import type { Review } from '../../src/domain/flow/review.js';

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const SOL_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
export const THOR_ADDRESS = 'thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt';
export const BTC_VAULT = 'bc1qzkt9jwdfzvrrpu0wgqq7y3k0dr4vzymw6psh4l';
export const THOR_ROUTER = '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146';
export const ONEINCH_V6 = '0x111111125421cA6dc452d289314280a0f8842A65';
export const JUPITER_V6 = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** What the review's builder names as the module a `MsgDeposit` goes to (it has no address of its own). */
export const THOR_MODULE = 'THORChain (THOR)';
export const CHANNEL_ADDRESS = 'bc1pxdqxahxp2z4zf9ts9g8r2mrhsuw5gcqlsq0yxxq3pr3u7q0ku3ws8cm4vp';
export const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDT = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** The fixed clock of the suite: 4 min 32 s before every review below expires. */
export const NOW = Date.parse('2025-06-01T12:00:00Z');
const EXPIRES_AT = '2025-06-01T12:04:32Z';

/** A memo route from BTC (protocol A), sent from any wallet, streaming. */
export const memoRoute: Review = {
  from: { chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' },
  to: { address: BTC_VAULT, role: 'vault', name: 'THORChain' },
  receive: { asset: 'ETH.ETH', expected: '2.4', minimum: '2.376', address: ETH_ADDRESS },
  memo: {
    text: `=:e:${ETH_ADDRESS}:237600000/3/0:sw:25`,
    asset: 'ETH.ETH',
    destination: ETH_ADDRESS,
    limit: '2.376',
    affiliate: 'sw',
    fee: 25,
    streaming: { interval: 3, quantity: 0 },
  },
  fees: [
    { type: 'NETWORK', asset: 'BTC.BTC', amount: '0.00001' },
    { type: 'LIQUIDITY', asset: 'ETH.ETH', amount: '0.002' },
    { type: 'OUTBOUND', asset: 'ETH.ETH', amount: '0.0012' },
    { type: 'AFFILIATE', asset: 'ETH.ETH', amount: '0.006' },
  ],
  affiliate: { name: 'sw', bps: 25 },
  expiresAt: EXPIRES_AT,
  warnings: [],
};

/** An EVM router deposit of ETH (protocol A's `depositWithExpiry`), with a slippage above 5 %. */
export const routerDeposit: Review = {
  from: { address: ETH_ADDRESS, chain: 'ETH', asset: 'ETH.ETH', amount: '1.5' },
  to: { address: THOR_ROUTER, role: 'router', name: 'THORChain' },
  receive: { asset: 'BTC.BTC', expected: '0.0612', minimum: '0.05753', address: BTC_ADDRESS },
  memo: {
    text: `=:b:${BTC_ADDRESS}:5753000:sw:25`,
    asset: 'BTC.BTC',
    destination: BTC_ADDRESS,
    limit: '0.05753',
    affiliate: 'sw',
    fee: 25,
  },
  fees: [
    { type: 'network', asset: 'ETH.ETH', amount: '0.00042' },
    { type: 'liquidity', asset: 'BTC.BTC', amount: '0.00003' },
    { type: 'outbound', asset: 'BTC.BTC', amount: '0.00002' },
    { type: 'affiliate', asset: 'BTC.BTC', amount: '0.000153' },
  ],
  affiliate: { name: 'sw', bps: 25 },
  expiresAt: EXPIRES_AT,
  warnings: ['slippage-high'],
};

/** An aggregator swap of an ERC-20 (USDC) on Ethereum: an approval of the exact amount first. */
export const aggregatorSwap: Review = {
  from: { address: ETH_ADDRESS, chain: 'ETH', asset: USDC, amount: '1500' },
  to: { address: ONEINCH_V6, role: 'aggregator', name: '1inch' },
  receive: { asset: 'ETH.ETH', expected: '0.6', minimum: '0.597', address: ETH_ADDRESS },
  approval: { spender: ONEINCH_V6, amount: '1500', reset: false },
  fees: [
    { type: 'network', asset: 'ETH.ETH', amount: '0.0008' },
    { type: 'affiliate', asset: 'ETH.ETH', amount: '0.0018' },
  ],
  affiliate: { name: 'sw', bps: 30 },
  expiresAt: EXPIRES_AT,
  warnings: ['price-impact'],
};

/** The same with USDT, whose allowance is set to zero first (two approvals). */
export const aggregatorReset: Review = {
  ...aggregatorSwap,
  from: { address: ETH_ADDRESS, chain: 'ETH', asset: USDT, amount: '1500' },
  approval: { spender: ONEINCH_V6, amount: '1500', reset: true },
  warnings: ['approval-reset'],
};

/** A Solana swap through Jupiter v6, SOL to USDC, to the user's own account (one instruction named, as the review's builder names it). */
export const solanaSwap: Review = {
  from: { address: SOL_ADDRESS, chain: 'SOL', asset: 'SOL.SOL', amount: '2.5' },
  to: { address: JUPITER_V6, role: 'program', name: 'Jupiter' },
  receive: { asset: SOL_USDC, expected: '375.12', minimum: '373.244', address: SOL_ADDRESS },
  instructions: [{ program: JUPITER_V6, what: 'swap' }],
  fees: [
    { type: 'network', asset: 'SOL.SOL', amount: '0.000005' },
    { type: 'network', asset: 'SOL.SOL', amount: '0.000012' },
    { type: 'affiliate', asset: SOL_USDC, amount: '0.9378' },
  ],
  affiliate: { name: 'sw', bps: 25 },
  expiresAt: EXPIRES_AT,
  warnings: [],
};

/** The same Solana swap with every instruction listed, as given (long program ids: the layout must hold them). */
export const solanaInstructions: Review = {
  ...solanaSwap,
  instructions: [
    { program: 'ComputeBudget111111111111111111111111111111', what: 'SetComputeUnitLimit 240000' },
    { program: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', what: 'CreateIdempotent' },
    { program: '11111111111111111111111111111111', what: 'Transfer' },
    { program: JUPITER_V6, what: 'swap' },
    { program: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', what: 'CloseAccount' },
  ],
};

/** A Cosmos `MsgDeposit` of RUNE on THORChain (no inbound address: the chain's own module, named as the builder names it). */
export const cosmosDeposit: Review = {
  from: { address: THOR_ADDRESS, chain: 'THOR', asset: 'THOR.RUNE', amount: '100' },
  to: { address: THOR_MODULE, role: 'module', name: 'THORChain' },
  receive: { asset: 'BTC.BTC', expected: '0.0081', minimum: '0.008019', address: BTC_ADDRESS },
  memo: { text: `=:b:${BTC_ADDRESS}:801900`, asset: 'BTC.BTC', destination: BTC_ADDRESS, limit: '0.008019' },
  instructions: [{ program: 'thorchain/MsgDeposit', what: 'deposit' }],
  fees: [
    { type: 'network', asset: 'THOR.RUNE', amount: '0.02' },
    { type: 'outbound', asset: 'BTC.BTC', amount: '0.00002' },
  ],
  expiresAt: EXPIRES_AT,
  warnings: [],
};

/** A deposit channel (protocol B) from BTC: an address the service opened, which no list publishes. */
export const depositChannel: Review = {
  from: { address: BTC_ADDRESS, chain: 'BTC', asset: 'BTC.BTC', amount: '0.05' },
  to: { address: CHANNEL_ADDRESS, role: 'deposit-address', name: 'Chainflip' },
  receive: { asset: 'ETH.ETH', expected: '1.19', minimum: '1.1781', address: ETH_ADDRESS },
  fees: [
    { type: 'inbound', asset: 'BTC.BTC', amount: '0.00002' },
    { type: 'liquidity', asset: 'ETH.ETH', amount: '0.0006' },
    { type: 'affiliate', asset: 'ETH.ETH', amount: '0.0029' },
  ],
  affiliate: { name: 'sw', bps: 25 },
  expiresAt: EXPIRES_AT,
  warnings: ['deposit-address-unverified'],
};

/** Every family, by the name its screenshots carry (`review-<family>-<theme>.png`). */
export const REVIEWS: Readonly<Record<string, Review>> = {
  memo: memoRoute,
  'router-deposit': routerDeposit,
  aggregator: aggregatorSwap,
  'aggregator-reset': aggregatorReset,
  solana: solanaSwap,
  'solana-instructions': solanaInstructions,
  cosmos: cosmosDeposit,
  'deposit-channel': depositChannel,
};
