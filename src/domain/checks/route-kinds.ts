/**
 * Route kinds the spec names that the widget does not carry out, refused with a reason that
 * names them (never "a route the widget does not know"):
 *
 * - An atomic swap (`PROTOCOL_D`, "atomic-swap protocol D" in the spec's provider table; the
 *   real service's `GARDEN`): the user locks the amount in a hashed-timelock contract the other
 *   side redeems with a secret. The spec's route carries no transaction and no memo for it, only
 *   a `targetAddress`; the lock's hash, redeemer and refund time are nowhere in it, so nothing
 *   the widget could hand out can be checked.
 * - Protocol B then aggregator A (`PROTOCOL_B->AGGREGATOR_A`, "two-leg route: protocol B then
 *   aggregator A"): the deposit channel's protocol pays out on the buy chain, where a second
 *   swap through the aggregator must follow. The spec's deposit-channel request carries no
 *   minimum, no call and no recipient for that second swap (`POST /v1/protocol-b-deposit-channel`:
 *   `buyAsset`, `sellAsset`, `destinationAddress`, affiliate and boost fields), and the channel's
 *   answer says nothing of it (`depositAddress`, `channelId`, blocks): what the user would
 *   receive at the end binds to nothing the widget checks.
 *
 * Both are known by their shape: no transaction and no memo, and the providers (or legs) of
 * the kind. A route of these providers that does carry a transaction or a memo is checked as
 * that transaction or memo, as every route is.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { providerLabel, providerRole, providerSteps } from '../chains/providers.js';
import { refusal, type Refusal } from './refusals.js';

/** The single steps of a route, in order: its providers', else its legs'. */
function steps(route: Route): string[] {
  const named = route.providers.flatMap(providerSteps);
  return named.length ? named : route.legs.map((l) => l.provider);
}

/** Why a route with neither a transaction nor a memo is of a kind the widget names and does not carry out, or undefined. */
export function unsupportedKind(route: Route): Refusal | undefined {
  const all = steps(route);
  const atomic = all.find((s) => providerRole(s) === 'atomic');
  if (atomic) return refusal('atomic-swap-unsupported', { provider: providerLabel(atomic) });
  const [first, then] = all;
  if (all.length === 2 && providerRole(first!) === 'broker' && providerRole(then!) === 'dex') {
    const chain = route.legs[1]?.sellAsset.split('.')[0] ?? route.buyAsset.split('.')[0];
    return refusal('channel-second-swap-unsupported', {
      first: providerLabel(first!),
      then: providerLabel(then!),
      chain,
    });
  }
  return undefined;
}
