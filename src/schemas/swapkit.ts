/**
 * SwapKit's current API (`api.swapkit.dev`): the shapes of its answers, as its own SDK declares
 * them (swapkit/SwapKit `packages/helpers/src/api/swapkitApi/types.ts` @
 * d6b21ba91c5d1550303d9a8e4b11ade035610b53) and as recorded answers show them
 * (test/fixtures/real/swapkit/README.md). The SwapKit dialect (`api/dialects/swapkit.ts`) reads
 * an answer with these, then writes each route in the spec's shape (`service.ts`), which is
 * what every check reads.
 *
 * Strict where a hand-out rests on it: amounts are decimal strings, asset identifiers follow
 * the notation, a route names its `routeId` and at least one provider, an EVM transaction's
 * addresses, value and calldata are what they say. Tolerant elsewhere: unknown fields are kept
 * (`looseObject`), `null` reads as absent, provider names, chain codes, fee types and `txType`
 * are plain strings (a provider or chain the widget does not know is "not supported", never an
 * answer that does not read), and a transaction of a form the widget does not know is kept as
 * it is, for the checks to refuse.
 *
 * zod/mini and `lazySchema`, as `service.ts` (no `new Function`, nothing built at load).
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.js';
import { AssetId, DecimalString, EstimatedTime, Warning } from './service.js';

const opt = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((v) => v ?? undefined),
    ),
  );
const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(item))),
    z.transform((v) => v ?? []),
  );
const finite = lazySchema(() => z.number().check(z.refine(Number.isFinite, 'must be a finite number')));
/** `"50"` or `50`: SwapKit writes `meta.affiliateFee` as a string. */
const numeric = lazySchema(() => z.union([finite, z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'must be a number'))]));

/** An EVM address: `0x` and 40 hex digits, any case. */
export const EvmAddress = lazySchema(() => z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')));
/** A quantity as SwapKit writes it: `"0x0"`, `"0x12c25"` or decimal digits. */
export const Quantity = lazySchema(() =>
  z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'must be a hex or decimal quantity')),
);

export const SkFee = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    amount: DecimalString,
    asset: z.string(),
    chain: opt(z.string()),
    protocol: opt(z.string()),
    amountBps: opt(finite),
  }),
);

export const SkLeg = lazySchema(() =>
  z.looseObject({
    provider: z.string(),
    sellAsset: AssetId,
    buyAsset: AssetId,
    sellAmount: DecimalString,
    buyAmount: DecimalString,
    buyAmountMaxSlippage: opt(DecimalString),
    fees: list(SkFee),
  }),
);

/**
 * The EVM transaction of a `/swap` answer: `{to, from, value, data}` with `gas` and `gasPrice`
 * (hex strings in recorded answers: `"0x55730"`), `value` in hex (`"0x0"`) or decimal (`"0"`).
 */
export const SkEvmTx = lazySchema(() =>
  z.looseObject({
    to: EvmAddress,
    from: EvmAddress,
    value: Quantity,
    data: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex calldata')),
    gas: opt(z.union([Quantity, finite])),
    gasPrice: opt(z.union([Quantity, finite])),
  }),
);

/** NEAR intents' own parameters of a route (`meta.near`): what SwapKit asked the provider for. */
export const SkNearParams = lazySchema(() =>
  z.looseObject({
    sellAsset: opt(z.string()),
    buyAsset: opt(z.string()),
    sellAmount: opt(DecimalString),
    sourceAddress: opt(z.string()),
    destinationAddress: opt(z.string()),
    slippage: opt(finite),
    affiliateFees: opt(z.looseObject({ nearId: opt(z.string()), feeBps: opt(finite) })),
  }),
);

/** An asset of a Chainflip request: `{chain: "Ethereum", asset: "ETH"}` (Chainflip's own names). */
const CfAsset = lazySchema(() => z.looseObject({ chain: z.string(), asset: z.string() }));

/** The broker-channel request of a Chainflip route (`meta.chainflip`), sent as is to `/chainflip/broker/channel`. */
export const SkChainflipParams = lazySchema(() =>
  z.looseObject({
    sellAsset: CfAsset,
    buyAsset: CfAsset,
    destinationAddress: z.string(),
    refundParameters: opt(
      z.looseObject({ refundAddress: opt(z.string()), minPrice: opt(z.string()), retryDuration: opt(finite) }),
    ),
  }),
);

export const SkMeta = lazySchema(() =>
  z.looseObject({
    tags: list(z.string()),
    assets: list(z.looseObject({ asset: z.string(), price: opt(finite), image: opt(z.string()) })),
    priceImpact: opt(finite),
    affiliate: opt(z.string()),
    affiliateFee: opt(numeric),
    approvalAddress: opt(z.string()),
    txType: opt(z.string()),
    near: opt(SkNearParams),
    chainflip: opt(SkChainflipParams),
  }),
);

/**
 * A route of `/quote` (no `tx`, no addresses it pays yet) or the one route `/swap` answers
 * (with `sourceAddress`, `destinationAddress`, `targetAddress`, `inboundAddress`, `memo` or `tx`,
 * `swapId`). `expiration` is Unix seconds in a string.
 */
export const SkRoute = lazySchema(() =>
  z.looseObject({
    routeId: z.string().check(z.minLength(1), z.maxLength(200)),
    providers: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(8)),
    sellAsset: AssetId,
    buyAsset: AssetId,
    sellAmount: DecimalString,
    expectedBuyAmount: DecimalString,
    expectedBuyAmountMaxSlippage: DecimalString,
    sourceAddress: opt(z.string()),
    destinationAddress: opt(z.string()),
    targetAddress: opt(z.string()),
    inboundAddress: opt(z.string()),
    memo: opt(z.string()),
    expiration: opt(z.union([z.string(), finite])),
    estimatedTime: opt(z.union([EstimatedTime, finite])),
    totalSlippageBps: opt(finite),
    fees: list(SkFee),
    legs: list(SkLeg),
    warnings: list(Warning),
    meta: z.pipe(
      z.optional(z.nullable(SkMeta)),
      z.transform((m) => m ?? { tags: [], assets: [] }),
    ),
    tx: opt(z.unknown()),
    txType: opt(z.string()),
    txHint: opt(z.string()),
    swapId: opt(z.string()),
  }),
);

/** `POST /quote`: routes are read one by one by the dialect, so the envelope asks only for an array. */
export const SkQuote = lazySchema(() =>
  z.looseObject({
    quoteId: z.string(),
    routes: z.array(z.unknown()),
    error: opt(z.string()),
    providerErrors: list(
      z.looseObject({ provider: opt(z.string()), errorCode: opt(z.string()), message: opt(z.string()) }),
    ),
  }),
);

/** `POST /swap`'s body: the route of a quote, and who sends and receives. */
export const SkSwapRequest = lazySchema(() =>
  z.object({
    routeId: z.string().check(z.minLength(1)),
    sourceAddress: z.string().check(z.minLength(1)),
    destinationAddress: z.string().check(z.minLength(1)),
  }),
);

/** `POST /track`'s body: a transaction (`hash` and SwapKit's chain id, `"1"`, `"bitcoin"`), or a deposit channel. */
export const SkTrackRequest = lazySchema(() =>
  z.object({
    hash: z.optional(z.string().check(z.minLength(1))),
    chainId: z.optional(z.string().check(z.minLength(1))),
    depositChannelId: z.optional(z.string().check(z.minLength(1))),
  }),
);

/** `POST /chainflip/broker/channel`'s answer. */
export const SkChannel = lazySchema(() =>
  z.looseObject({
    depositAddress: z.string().check(z.minLength(1)),
    channelId: z.string(),
    explorerUrl: opt(z.string()),
  }),
);

export type SkRoute = z.infer<typeof SkRoute>;
export type SkEvmTx = z.infer<typeof SkEvmTx>;
export type SkQuote = z.infer<typeof SkQuote>;
export type SkSwapRequest = z.infer<typeof SkSwapRequest>;
export type SkTrackRequest = z.infer<typeof SkTrackRequest>;
export type SkChainflipParams = z.infer<typeof SkChainflipParams>;
export type SkChannel = z.infer<typeof SkChannel>;
