/**
 * Long quote answers, for the bench (`quoteRoutes` of `POST /__ref/control`): a quote's routes
 * padded to a given count with copies of them in turn, each made compact as a real service's
 * route can be (no logos in `meta.assets`, no legs, fee lines without
 * their optional chain and protocol), so that 6 000 routes of
 * a cross-chain pair weigh about 5 MB. Every copy is a route the spec allows.
 */
import type { BuiltRoute } from './quote.js';

function compactCopy(route: BuiltRoute): BuiltRoute {
  const { json } = route;
  return {
    ...route,
    json: {
      ...json,
      fees: (json.fees ?? []).map(({ type, asset, amount }) => ({ type, asset, amount })),
      legs: [],
      meta: { ...(json.meta ?? {}), assets: [] },
    },
  };
}

/** `routes`, then compact copies of them in turn until there are `count` (no padding without routes). */
export function padRoutes(routes: readonly BuiltRoute[], count: number | undefined): readonly BuiltRoute[] {
  if (!count || routes.length === 0 || routes.length >= count) return routes;
  const copies = routes.map(compactCopy);
  const out = [...routes];
  for (let i = 0; out.length < count; i++) out.push(copies[i % copies.length]!);
  return out;
}

type TrackJson = { route?: Record<string, unknown> | null; data?: { route?: Record<string, unknown> | null } };

/**
 * A track answer whose route is padded to `count` legs (`trackLegs` of `POST /__ref/control`):
 * its own legs in turn, or one leg of the whole route when it has none. Either shape of the spec.
 * The red team's 20 000 legs weigh about 2.5 MB, under the widget's 8 MB limit of an answer.
 */
export function padTrackLegs<T>(answer: T, count: number | undefined): T {
  const a = answer as TrackJson;
  const route = a.data ? a.data.route : a.route;
  if (!count || !route) return answer;
  const own = Array.isArray(route.legs) ? (route.legs as unknown[]) : [];
  const model = own.length
    ? own
    : [
        {
          provider: Array.isArray(route.providers) ? String(route.providers[0] ?? 'PROTOCOL_A') : 'PROTOCOL_A',
          sellAsset: route.sellAsset,
          buyAsset: route.buyAsset,
          sellAmount: route.sellAmount,
          buyAmount: route.expectedBuyAmount,
          fees: [],
        },
      ];
  // Compact copies, as the red team's: a leg's required fields only.
  const compact = model.map((l) => {
    const { provider, sellAsset, buyAsset, sellAmount, buyAmount } = l as Record<string, unknown>;
    return { provider, sellAsset, buyAsset, sellAmount, buyAmount };
  });
  const legs = Array.from({ length: count }, (_, i) => compact[i % compact.length]);
  const padded = { ...route, legs };
  return (a.data ? { ...a, data: { ...a.data, route: padded } } : { ...a, route: padded }) as T;
}
