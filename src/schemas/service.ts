/**
 * The single description of the service's resources (docs/service.md describes them, with
 * the real service's quirks that `normalize.ts` reads before these schemas see an answer).
 *
 * Rules that hold for every schema here:
 * - unknown extra fields are accepted and kept (`looseObject`): the spec calls new fields
 *   non-breaking;
 * - an optional field may also be `null` (real answers send `"txType": null`);
 * - enumerations the spec lists (providers, fee types, error codes, states) are kept as
 *   plain strings, so one value the spec did not list never hides a whole answer;
 * - amounts stay decimal strings; nothing here turns them into floats.
 *
 * Built on `zod/mini`: the classic API compiles validators with `new Function`, which a
 * strict Content-Security-Policy forbids. Each schema is a `lazySchema`: it is built when
 * it first parses, not while the widget's module is evaluated (dozens of schemas cost
 * milliseconds that the first render would wait for).
 */
import * as z from 'zod/mini';
import { ASSET_PATTERN } from './asset-pattern.js';
import { lazySchema } from './lazy-schema.js';
import { evmGasOf } from './normalize.js';

export { ASSET_PATTERN };

/** `x` may be missing or `null`; `null` is read as missing. */
const opt = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((v) => v ?? undefined),
    ),
  );

/** A list that may be missing or `null`, read as empty. */
const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(item))),
    z.transform((v) => v ?? []),
  );

const finite = lazySchema(() => z.number().check(z.refine(Number.isFinite, 'must be a finite number')));
/**
 * A number that the real service may also write as a string (`"affiliateFee": "0"`,
 * `"priceImpact": "-1.94"`): read as the number it writes. Not for amounts, which stay strings.
 */
const numeric = lazySchema(() =>
  z.union([
    finite,
    z.pipe(
      z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'must be a number')),
      z.transform((s) => Number(s)),
    ),
  ]),
);
/** Integers in the spec; real answers also write them as `35.0`, which JSON reads as 35. */
const integer = finite;

/** A non-negative decimal amount written as a string ("0.25", "1500", "0"). */
export const DecimalString = lazySchema(() =>
  z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a non-negative decimal string')),
);

/**
 * Asset identifier: `CHAIN.SYMBOL`, `CHAIN.SYMBOL-CONTRACT` or a synthetic form such as
 * `CHAIN.SYMBOL/SYMBOL`. The contract part may be in any case.
 */
export const AssetId = lazySchema(() =>
  z.string().check(z.regex(ASSET_PATTERN, 'must be an asset identifier such as BTC.BTC or ETH.USDC-0x…')),
);

export const Fee = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    asset: z.string(),
    amount: DecimalString,
    chain: opt(z.string()),
    protocol: opt(z.string()),
  }),
);

export const EstimatedTime = lazySchema(() =>
  z.looseObject({
    inbound: opt(finite),
    swap: opt(finite),
    outbound: opt(finite),
    total: finite,
  }),
);

export const Leg = lazySchema(() =>
  z.looseObject({
    provider: z.string(),
    sellAsset: AssetId,
    buyAsset: AssetId,
    sellAmount: DecimalString,
    buyAmount: DecimalString,
    buyAmountMaxSlippage: opt(DecimalString),
    actualBuyAmount: opt(DecimalString),
    fees: list(Fee),
  }),
);

/** An asset of `meta.assets`: the spec names it `asset`, real answers `name`; read as `asset`. */
export const MetaAsset = lazySchema(() =>
  z.pipe(
    z
      .looseObject({
        asset: opt(z.string()),
        name: opt(z.string()),
        price: opt(numeric),
        image: opt(z.string()),
      })
      .check(z.refine((a) => a.asset !== undefined || a.name !== undefined, 'must name its asset (asset or name)')),
    z.transform(({ asset, name, ...rest }) => ({
      ...rest,
      asset: (asset ?? name)!,
      ...(name !== undefined ? { name } : {}),
    })),
  ),
);

export const Meta = lazySchema(() =>
  z.looseObject({
    priceImpact: opt(numeric),
    slippagePercent: opt(numeric),
    assets: list(MetaAsset),
    affiliate: opt(z.string()),
    affiliateFee: opt(numeric),
    tags: list(z.string()),
    txType: opt(z.string()),
    approvalAddress: opt(z.string()),
  }),
);

/**
 * Transaction form 1: an EVM transaction. The spec writes `chain_id` and `gas_limit`; the real
 * service's clients read `gas` (a JSON integer) and `gasPrice` (a decimal string) and no chain
 * id (real-service notes: Vultisig's El Dorito model), so the chain is the sell asset's and `gas`
 * is read as `gas_limit` (`evmGasOf`, normalize.ts). Gas is not handed out: the wallet estimates it.
 */
export const EvmTx = lazySchema(() =>
  z.pipe(
    z.looseObject({
      to: z.string(),
      from: z.string(),
      value: z.string(),
      data: z.string(),
      chain_id: opt(integer),
      gas_limit: opt(z.string()),
      gas: opt(z.int().check(z.gte(0))),
      gasPrice: opt(DecimalString),
    }),
    z.transform(evmGasOf),
  ),
);

const Coin = lazySchema(() => z.looseObject({ denom: z.string(), amount: z.string() }));

/**
 * Transaction form 2: Cosmos-style messages with a fee. Each message names its type with
 * `type` (amino JSON, the spec) or `typeUrl` (protobuf JSON, real answers); a `typeUrl` alone is
 * read as the `type` (`/types.MsgDeposit`).
 */
export const MsgTx = lazySchema(() =>
  z.looseObject({
    msgs: z.array(
      z.pipe(
        z
          .looseObject({
            type: opt(z.string()),
            typeUrl: opt(z.string()),
            value: z.looseObject({
              sender: opt(z.string()),
              from_address: opt(z.string()),
              to_address: opt(z.string()),
              amount: opt(z.union([z.string(), z.array(Coin)])),
              memo: opt(z.string()),
              delegator_address: opt(z.string()),
              validator_address: opt(z.string()),
              contract: opt(z.string()),
              msg: opt(z.unknown()),
              funds: opt(z.array(Coin)),
            }),
          })
          .check(
            z.refine((m) => m.type !== undefined || m.typeUrl !== undefined, 'must name its type (type or typeUrl)'),
          ),
        z.transform(({ type, ...rest }) => ({ ...rest, type: (type ?? rest.typeUrl)! })),
      ),
    ),
    fee: z.looseObject({ amount: z.array(Coin), gas: z.string() }),
    memo: opt(z.string()),
  }),
);

/**
 * A route's `tx`: the spec's three forms (EVM, messages, or a string such as a serialised
 * Solana transaction or a PSBT), or any other JSON value, kept as the service sent it. A form
 * the widget does not know never makes the route unreadable: the route checks refuse it, and
 * say why (`tx-form-unknown`).
 */
export const RouteTx = lazySchema(() => z.union([EvmTx, MsgTx, z.string(), z.unknown()]));

export const LegacyTransaction = lazySchema(() =>
  z.looseObject({
    to: z.string(),
    from: z.string(),
    value: z.string(),
    data: z.string(),
    chain: opt(z.string()),
  }),
);

export const Warning = lazySchema(() =>
  z.union([z.string(), z.looseObject({ code: opt(z.string()), display: opt(z.string()), tooltip: opt(z.string()) })]),
);

export const Route = lazySchema(() =>
  z.looseObject({
    providers: z.array(z.string()),
    sellAsset: AssetId,
    buyAsset: AssetId,
    sellAmount: DecimalString,
    expectedBuyAmount: DecimalString,
    expectedBuyAmountMaxSlippage: DecimalString,
    sourceAddress: opt(z.string()),
    destinationAddress: opt(z.string()),
    targetAddress: opt(z.string()),
    inboundAddress: opt(z.string()),
    expiration: opt(z.union([z.string(), finite])),
    memo: opt(z.string()),
    fees: list(Fee),
    tx: opt(RouteTx),
    transaction: opt(LegacyTransaction),
    estimatedTime: opt(z.union([EstimatedTime, finite])),
    totalSlippageBps: opt(finite),
    legs: list(Leg),
    meta: z.pipe(
      z.optional(z.nullable(Meta)),
      z.transform((m) => m ?? { assets: [], tags: [] }),
    ),
    warnings: list(Warning),
  }),
);

export const ProviderError = lazySchema(() =>
  z.looseObject({
    provider: opt(z.string()),
    errorCode: opt(z.string()),
    message: opt(z.string()),
  }),
);

/**
 * The quote answer. Routes are checked one by one by the client (see `client.ts`), so
 * this envelope only asks for an array of them.
 */
export const QuoteEnvelope = lazySchema(() =>
  z.looseObject({
    quoteId: z.string(),
    routes: z.array(z.unknown()),
    error: opt(z.string()),
    providerErrors: list(ProviderError),
  }),
);

export const QuoteRequest = lazySchema(() =>
  z.object({
    sellAsset: AssetId,
    buyAsset: AssetId,
    sellAmount: DecimalString,
    slippage: z.number().check(z.gte(0), z.lte(100)),
    providers: z.optional(z.array(z.string())),
    sourceAddress: z.optional(z.string()),
    destinationAddress: z.optional(z.string()),
    affiliate: z.optional(z.string()),
    affiliateFee: z.optional(z.int().check(z.gte(0), z.lte(1000))),
    includeTx: z.optional(z.boolean()),
  }),
);

// ---- tracking -------------------------------------------------------------------------

export const TrackParams = lazySchema(() =>
  z.looseObject({
    hash: opt(z.string()),
    chain: opt(z.string()),
    chainId: opt(z.string()),
  }),
);

export const QuoteInfo = lazySchema(() =>
  z.looseObject({
    quoteId: opt(z.string()),
    routeIndex: opt(integer),
    senderAddress: opt(z.string()),
    recipientAddress: opt(z.string()),
    provider: opt(z.string()),
    trackParams: opt(TrackParams),
  }),
);

export const TxLeg = lazySchema(() =>
  z.looseObject({
    hash: opt(z.string()),
    amount: opt(DecimalString),
    asset: opt(z.string()),
    confirmations: opt(integer),
    blockNumber: opt(integer),
  }),
);

export const SwapInfo = lazySchema(() =>
  z.looseObject({
    swapId: opt(z.string()),
    status: opt(z.string()),
    swapTime: opt(finite),
  }),
);

/**
 * The most legs a tracked route may have: the spec's routes have one or two (its multi-leg
 * providers are `A->B` pairs); eight leaves room for longer ones. A track answer with more is
 * unreadable, as a quote answer of too many values is (`read-routes.ts`), and the widgets of a
 * page tell each other of statuses with at most this many (`parseStatusMessage`).
 */
export const MAX_TRACK_LEGS = 8;

/** A route inside a tracking answer: fewer fields are guaranteed than in a quote. */
export const TrackedRoute = lazySchema(() =>
  z.looseObject({
    providers: list(z.string()),
    sellAsset: opt(z.string()),
    sellAmount: opt(DecimalString),
    buyAsset: opt(z.string()),
    expectedBuyAmount: opt(DecimalString),
    expectedBuyAmountMaxSlippage: opt(DecimalString),
    actualBuyAmount: opt(DecimalString),
    sourceAddress: opt(z.string()),
    destinationAddress: opt(z.string()),
    estimatedTime: opt(z.union([EstimatedTime, finite])),
    legs: z.pipe(
      z.optional(
        z.nullable(z.array(Leg).check(z.maxLength(MAX_TRACK_LEGS, `must hold at most ${MAX_TRACK_LEGS} legs`))),
      ),
      z.transform((v) => v ?? []),
    ),
  }),
);

export const StreamingProgress = lazySchema(() =>
  z.looseObject({
    percentage: opt(finite),
    count: opt(finite),
    quantity: opt(finite),
    interval: opt(finite),
  }),
);

/** `trackMeta`: the payout's hash, and on a refund what came back (the reference service's flat answers). */
export const TrackMeta = lazySchema(() =>
  z.looseObject({
    outputTxHash: opt(z.string()),
    refundTxHash: opt(z.string()),
    refundAmount: opt(DecimalString),
    refundAsset: opt(z.string()),
  }),
);

const trackingExtras = () => ({
  isStreaming: opt(z.boolean()),
  streamingProgress: opt(StreamingProgress),
  trackMeta: opt(TrackMeta),
  error: opt(z.string()),
});

/**
 * Track answer, shape 1 (flat). An answer wrapped as shape 2 (`success`, `data`) is not one,
 * even when it fails shape 2: it is read as what it says it is (`isWrapped`), so a part that does
 * not read (a route of too many legs, a negative payout) makes it unreadable, never unchecked.
 */
export const TrackFlat = lazySchema(() =>
  z
    .looseObject({
      trackingStatus: z.string(),
      quoteInfo: opt(QuoteInfo),
      route: opt(TrackedRoute),
      ...trackingExtras(),
    })
    .check(
      z.refine(
        (a) => !(typeof a.success === 'boolean' && typeof a.data === 'object' && a.data !== null),
        'a wrapped answer (success, data) must read as shape 2',
      ),
    ),
);

/** Track answer, shape 2 (wrapped in `success` / `data`). */
export const TrackWrapped = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    trackingStatus: z.string(),
    stage: opt(z.string()),
    data: z.looseObject({
      quoteInfo: opt(QuoteInfo),
      inbound: opt(TxLeg),
      swap: opt(SwapInfo),
      outbound: opt(TxLeg),
      /** What came back on a partial refund, beside the payout in `outbound`. */
      refund: opt(TxLeg),
      route: opt(TrackedRoute),
      ...trackingExtras(),
    }),
    ...trackingExtras(),
  }),
);

export const TrackResult = lazySchema(() => z.union([TrackWrapped, TrackFlat]));

/**
 * The body of `POST /v1/track`. The real service's page names the chain `chainId` in its
 * example and `chain` in its schema: the widget sends both, with the same chain code.
 */
export const TrackRequest = lazySchema(() =>
  z.object({
    hash: z.string().check(z.minLength(1)),
    chainId: z.string().check(z.minLength(1)),
    chain: z.optional(z.string().check(z.minLength(1))),
    quoteId: z.optional(z.string()),
    routeIndex: z.optional(z.int().check(z.gte(0))),
  }),
);

export const TxStatus = lazySchema(() =>
  z.looseObject({
    hash: z.string(),
    chain: opt(z.string()),
    status: z.string(),
    confirmations: opt(integer),
    blockHeight: opt(integer),
    timestamp: opt(integer),
    from: opt(z.string()),
    to: opt(z.string()),
    value: opt(z.string()),
    gasUsed: opt(z.string()),
    gasPrice: opt(z.string()),
  }),
);

// ---- lists ----------------------------------------------------------------------------

/**
 * The most decimals a listed token may have (the widget counts no token in more: `MAX_TOKEN_DECIMALS`
 * of `domain/checks/decimals.ts`).
 */
export const MAX_LISTED_DECIMALS = 36;

/**
 * A token of the list. Its `decimals` must be a plain whole number from 0 to 36 (a JSON number;
 * the real service's digit strings are read as numbers first, `tokenOf`): a list entry whose
 * decimals are anything else (`"6.0"`, `6.5`, `-1`, `1e3`) is unreadable and left out, so it
 * decides nothing; a token's amounts are never counted in the list's decimals anyway
 * (`domain/checks/decimals.ts`).
 */
export const Token = lazySchema(() =>
  z.looseObject({
    asset: AssetId,
    chain: z.string(),
    symbol: z.string(),
    name: opt(z.string()),
    decimals: z.int().check(z.gte(0), z.lte(MAX_LISTED_DECIMALS)),
    providers: list(z.string()),
    logoURI: opt(z.string()),
    image: opt(z.string()),
  }),
);

export const TokenList = lazySchema(() =>
  z.looseObject({
    tokens: z.array(z.unknown()),
    total: opt(integer),
  }),
);

export const ProviderInfo = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    provider: z.string(),
    url: opt(z.string()),
    supportedActions: list(z.string()),
    supportedChainIds: list(z.string()),
    logoURI: opt(z.string()),
    count: opt(integer),
    keywords: list(z.string()),
    providers: list(z.string()),
    isDexAgg: opt(z.boolean()),
  }),
);

export const ProviderList = lazySchema(() => z.array(ProviderInfo));

export const PoolRate = lazySchema(() =>
  z.looseObject({
    asset: z.string(),
    priceInCacao: opt(DecimalString),
    priceInUsd: DecimalString,
    poolDepth: opt(DecimalString),
    volume24h: opt(DecimalString),
  }),
);

export const PoolRates = lazySchema(() =>
  z.looseObject({
    rates: z.array(PoolRate),
    cacaoPriceUsd: opt(DecimalString),
    timestamp: opt(integer),
  }),
);

export const DepositChannelRequest = lazySchema(() =>
  z.object({
    buyAsset: AssetId,
    sellAsset: AssetId,
    destinationAddress: z.string().check(z.minLength(1)),
    affiliateCode: z.optional(z.string()),
    affiliateBps: z.optional(z.int().check(z.gte(0), z.lte(1000))),
    maxBoostFeeBps: z.optional(z.int().check(z.gte(0))),
  }),
);

export const DepositChannel = lazySchema(() =>
  z.looseObject({
    depositAddress: z.string().check(z.minLength(1)),
    channelId: z.string(),
    issuedBlock: opt(integer),
    sourceChainExpiryBlock: opt(integer),
  }),
);

/**
 * `GET /v1/connected-assets?sellAsset=…`: the spec does not show the body. The reference
 * service answers `{ sellAsset, assets: [...] }`; a bare array of identifiers is also read.
 */
export const ConnectedAssets = lazySchema(() =>
  z.union([z.looseObject({ sellAsset: opt(z.string()), assets: z.array(z.string()) }), z.array(z.string())]),
);

/** `GET /v1/networks-graph`: not shown in the spec; read as nodes and directed edges. */
export const NetworksGraph = lazySchema(() =>
  z.looseObject({
    networks: z.array(z.looseObject({ chain: z.string(), name: opt(z.string()) })),
    edges: z.array(z.looseObject({ from: z.string(), to: z.array(z.string()) })),
  }),
);

// ---- the memo protocols' nodes ----------------------------------------------------------

/**
 * One entry of a THORNode's `GET /thorchain/inbound_addresses` (a Mayanode's
 * `/mayachain/inbound_addresses` has the same names; only `halted` is required there):
 * thornode `openapi/openapi.yaml` `InboundAddress`. The widget reads the chain, the vault, the
 * router, the halt flags and the dust threshold; the rest is kept. Read strictly, as what decides
 * where funds go: a flag that is not a JSON boolean (`null`, `"true"`), an empty chain or
 * address, a dust threshold that is not a whole number of base units, does not read.
 */
export const InboundAddress = lazySchema(() =>
  z.looseObject({
    chain: z.string().check(z.minLength(1)),
    address: z.string().check(z.minLength(1)),
    router: opt(z.string()),
    halted: z.boolean(),
    global_trading_paused: z.optional(z.boolean()),
    chain_trading_paused: z.optional(z.boolean()),
    dust_threshold: z.optional(z.string().check(z.regex(/^\d{1,40}$/))),
  }),
);
export const InboundAddresses = lazySchema(() => z.array(InboundAddress));

// ---- errors ---------------------------------------------------------------------------

export const Problem = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    title: z.string(),
    status: integer,
    detail: opt(z.string()),
    instance: opt(z.string()),
    timestamp: opt(z.string()),
    traceId: opt(z.string()),
    errors: list(z.looseObject({ field: opt(z.string()), message: z.string(), code: opt(z.string()) })),
  }),
);

export type Fee = z.infer<typeof Fee>;
export type EstimatedTime = z.infer<typeof EstimatedTime>;
export type Leg = z.infer<typeof Leg>;
export type Meta = z.infer<typeof Meta>;
export type EvmTx = z.infer<typeof EvmTx>;
export type MsgTx = z.infer<typeof MsgTx>;
export type RouteTx = z.infer<typeof RouteTx>;
export type Warning = z.infer<typeof Warning>;
export type Route = z.infer<typeof Route>;
export type ProviderError = z.infer<typeof ProviderError>;
export type QuoteRequest = z.infer<typeof QuoteRequest>;
export type TrackRequest = z.infer<typeof TrackRequest>;
export type TrackFlat = z.infer<typeof TrackFlat>;
export type TrackWrapped = z.infer<typeof TrackWrapped>;
export type TrackResult = z.infer<typeof TrackResult>;
export type TxStatus = z.infer<typeof TxStatus>;
export type Token = z.infer<typeof Token>;
export type ProviderInfo = z.infer<typeof ProviderInfo>;
export type PoolRates = z.infer<typeof PoolRates>;
export type DepositChannelRequest = z.infer<typeof DepositChannelRequest>;
export type DepositChannel = z.infer<typeof DepositChannel>;
export type NetworksGraph = z.infer<typeof NetworksGraph>;
export type Problem = z.infer<typeof Problem>;
export type InboundAddress = z.infer<typeof InboundAddress>;
