// SwapKit's second step, at the press, before the checks and the review (what is signed must
// be in the review): `/swap` with the quoted route's `routeId` and the user's addresses gives
// that route with what is signed or paid (its `tx`, `memo` or deposit address). The answer is
// then held to the quoted route: the same provider, assets, amount and destination, else it is
// refused (`route-changed`); an expected amount below the quoted minimum is a new price the user
// accepts, as after a re-quote. Every check of the widget then runs on it, as on any route.
// The spec's service gives the transaction with the quote: nothing to do there.
import type { SwapApiClient } from '../../api/client.js';
import { compareDecimal } from '../../domain/amounts/amount.js';
import { spellsAsset, assetChain } from '../../domain/chains/asset.js';
import { sameAddress } from '../../domain/chains/address.js';
import { checkChainflipParams, hasDepositAddress, type ChainflipParams } from '../../domain/checks/deposit-address.js';
import { refusal, type Refusal } from '../../domain/checks/refusals.js';
import { providerCarry } from '../../domain/checks/support.js';
import { priceBook, rankRoutes } from '../../domain/quotes/routes.js';
import type { Route } from '../../schemas/service.js';
import type { Selection } from './execution-types.js';

/**
 * How long a quote's `routeId` may be handed to `/swap` (ms). SwapKit documents two lives: "the
 * expiration time of a quote is of 60 seconds" (docs.swapkit.dev/swapkit-api/v3-quote-request-a-swap-quote)
 * and "Quotes are cached for 5 minutes" (docs.swapkit.dev/spotlights). The widget keeps to the
 * shorter, the endpoint's own page: an older quote is quoted again before `/swap`.
 */
export const SWAPKIT_QUOTE_LIFE_MS = 60_000;

export type Materialized =
  /** Nothing to ask: the spec's service, or a route `/swap` already answered. */
  | { readonly kind: 'same'; readonly selection: Selection }
  /** The route with what is signed or paid, to check. */
  | { readonly kind: 'ready'; readonly selection: Selection }
  /** `/swap` answers less than the quoted minimum: a new price for the user to accept. */
  | { readonly kind: 'price-moved'; readonly was: string; readonly now: string; readonly fresh: Selection }
  | { readonly kind: 'refused'; readonly refusal: Refusal };

/** The quoted route's `routeId`, when it is a SwapKit route still to be asked for with `/swap`. */
function pendingRouteId(route: Route): string | undefined {
  const routeId = (route as { routeId?: unknown }).routeId;
  if (typeof routeId !== 'string' || !routeId) return undefined;
  const answered = route.tx !== undefined || route.memo !== undefined || hasDepositAddress(route);
  return answered ? undefined : routeId;
}

/** Whether the selection's `routeId` is too old for `/swap`: it is quoted again first. */
export function routeIdExpired(selection: Selection, client: Pick<SwapApiClient, 'dialect'>, now: number): boolean {
  return (
    client.dialect === 'swapkit' &&
    pendingRouteId(selection.entry.route) !== undefined &&
    now - selection.receivedAt > SWAPKIT_QUOTE_LIFE_MS
  );
}

/** What of the route `/swap` answered is not the quoted route's (the first such field), if anything. */
export function routeChange(quoted: Route, swapped: Route, request: Selection['request']): string | undefined {
  if (swapped.providers.join('|').toUpperCase() !== quoted.providers.join('|').toUpperCase()) return 'providers';
  if (!spellsAsset(swapped.sellAsset, request.sellAsset)) return 'sellAsset';
  if (!spellsAsset(swapped.buyAsset, request.buyAsset)) return 'buyAsset';
  if (compareDecimal(swapped.sellAmount, quoted.sellAmount) !== 0) return 'sellAmount';
  const buyChain = assetChain(request.buyAsset);
  if (swapped.destinationAddress && !sameAddress(buyChain, swapped.destinationAddress, request.destinationAddress))
    return 'destinationAddress';
  return undefined;
}

/**
 * The selection ready to check: for a SwapKit route, `/swap`'s answer held to the quoted route
 * (a Chainflip route without an address opens its channel with its own request, checked first);
 * otherwise the selection as it is.
 */
export async function materialize(
  selection: Selection,
  client: SwapApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<Materialized> {
  const quoted = selection.entry.route;
  const routeId = client.dialect === 'swapkit' ? pendingRouteId(quoted) : undefined;
  if (routeId === undefined) return { kind: 'same', selection };
  const { request } = selection;
  if (!request.sourceAddress) return { kind: 'refused', refusal: refusal('source-address-missing') };
  if (!request.destinationAddress) return { kind: 'refused', refusal: refusal('destination-missing') };

  const answer = await client.swap(
    { routeId, sourceAddress: request.sourceAddress, destinationAddress: request.destinationAddress },
    options,
  );
  if (!answer.ok) return { kind: 'refused', refusal: answer.refusal };
  let swapped: Route = answer.route;
  const changed = routeChange(quoted, swapped, request);
  if (changed) return { kind: 'refused', refusal: refusal('route-changed', { field: changed }) };

  // A Chainflip route whose answer names no address: its channel, opened with its own request.
  const params = (swapped.meta as { chainflip?: ChainflipParams }).chainflip;
  if (providerCarry(swapped.providers[0] ?? '') === 'deposit' && !hasDepositAddress(swapped) && params) {
    const wrong = checkChainflipParams(params, request);
    if (wrong) return { kind: 'refused', refusal: wrong };
    // The route read with SwapKit's schema: `meta.chainflip` is its channel request (`SkChainflipParams`).
    const channel = await client.swapKitChannel(params as Parameters<SwapApiClient['swapKitChannel']>[0], options);
    swapped = { ...swapped, depositAddress: channel.depositAddress };
  }

  const [entry] = rankRoutes([swapped], [selection.entry.index], priceBook(undefined));
  const fresh: Selection = { ...selection, entry: entry! };
  if (compareDecimal(swapped.expectedBuyAmount, selection.entry.minimum) < 0)
    return { kind: 'price-moved', was: selection.entry.expected, now: swapped.expectedBuyAmount, fresh };
  return { kind: 'ready', selection: fresh };
}
