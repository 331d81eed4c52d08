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
