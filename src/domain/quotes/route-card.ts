/**
 * What a route's card says beside its amount: the fee total per asset, how many parts a
 * streaming swap is cut into, and its warnings once per cause. Plain TypeScript; amounts stay
 * decimal strings.
 */
import type { Route } from '../../schemas/service.js';
import { addDecimal } from '../amounts/amount.js';
import { parseSwapMemo, SHORT_ASSETS } from '../chains/memo.js';

/** An amount of one asset. */
export interface AssetAmount {
  asset: string;
  amount: string;
}

/** A warning of the service, as the card shows it. */
export interface RouteWarning {
  code?: string;
  text: string;
  tooltip?: string;
}

/** The fee lines summed per asset (upper-case match), in the order the assets first appear. */
export function feeTotals(fees: readonly AssetAmount[]): AssetAmount[] {
  const sums = new Map<string, AssetAmount>();
  for (const f of fees) {
    const key = f.asset.toUpperCase();
    const sum = sums.get(key);
    sums.set(
      key,
      sum ? { asset: sum.asset, amount: addDecimal(sum.amount, f.amount) } : { asset: f.asset, amount: f.amount },
    );
  }
  return [...sums.values()];
}

/**
 * The sub-swaps of a streaming route, when its memo names them (`LIM/INTERVAL/QUANTITY`); undefined
 * when it has no memo, none that reads, or a quantity of 0 (the protocol chooses).
 */
export function streamingParts(route: Pick<Route, 'memo'>): number | undefined {
  if (!route.memo) return undefined;
  const parsed = parseSwapMemo(route.memo, SHORT_ASSETS);
  return parsed.ok && parsed.memo.quantity ? parsed.memo.quantity : undefined;
}

/** What a warning is about, read from its code or, without one, from its words. */
function cause(w: RouteWarning): 'impact' | 'streaming' | undefined {
  const said = `${w.code ?? ''} ${w.code ? '' : w.text}`.toLowerCase();
  if (/price.?impact/.test(said)) return 'impact';
  if (/streaming/.test(said)) return 'streaming';
  return undefined;
}

/**
 * The service's warnings of a route, each cause once: those the card already says in its own
 * words (a price impact it warns about, a streaming swap it describes) are left out, and a text
 * said twice (letter case and spaces aside) is kept once.
 */
export function cardWarnings(
  warnings: readonly RouteWarning[],
  said: { impact: boolean; streaming: boolean },
): RouteWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const c = cause(w);
    if (c && said[c]) return false;
    const key = w.text.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
