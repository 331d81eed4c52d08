/**
 * What the route list shows of a route, derived once per answer: order, fee lines, USD
 * values, price-impact level, time, expiry. Plain TypeScript; amounts stay decimal strings.
 */
import type { Route } from '../../schemas/service.js';
import { addDecimal, compareDecimal } from '../amounts/amount.js';
import { readFeeAmount, routeCeilings } from '../amounts/fee-amount.js';
import { isStreamingProvider, providerSteps } from '../chains/providers.js';
import { cardWarnings, feeTotals, streamingParts, type AssetAmount, type RouteWarning } from './route-card.js';

export type { AssetAmount, RouteWarning } from './route-card.js';

export const TAGS = { recommended: 'RECOMMENDED', fastest: 'FASTEST', cheapest: 'CHEAPEST' } as const;

/** Above this price impact (percent) the route is flagged; above the second, strongly. */
export const IMPACT_WARN = 2;
export const IMPACT_HIGH = 5;

/** USD prices by asset identifier (upper case), as decimal strings. */
export { priceBook, usdValue, type PriceBook } from './prices.js';
import { usdValue, type PriceBook } from './prices.js';

export interface FeeLine {
  /** Lower-case fee type: network, liquidity, outbound, affiliate, inbound, or what the service said. */
  type: string;
  asset: string;
  amount: string;
  usd?: string;
}

export type ImpactLevel = 'none' | 'warn' | 'high';

export interface RouteEntry {
  /** A route that read (absent in entries made before unreadable ones were listed). */
  kind?: 'route';
  /** Index in the service's answer. */
  index: number;
  route: Route;
  /** One provider per step: the legs' providers for multi-leg routes. */
  steps: string[];
  streaming: boolean;
  /** The sub-swaps of a streaming route, when it names them. */
  parts?: number;
  tags: string[];
  expected: string;
  minimum: string;
  expectedUsd?: string;
  fees: FeeLine[];
  /** Fee lines whose amount could not be read in either unit (`amounts/fee-amount.ts`): not shown, nor counted in `feesUsd`. */
  unreadableFees?: number;
  feesUsd?: string;
  /** The fees summed per asset (`feeTotals`). */
  feeTotals: AssetAmount[];
  /** Percent (1.5 = 1.5%), when the service gives it. */
  priceImpact?: number;
  impact: ImpactLevel;
  /** Seconds, when the service gives it. */
  seconds?: number;
  /** Unix milliseconds after which the route must not be used; undefined when it has no expiry. */
  expiresAt?: number;
  /** The service's warnings, each cause once, without those the card says in its own words (`cardWarnings`). */
  warnings: RouteWarning[];
}

/**
 * A route of the answer that failed its schema: listed, with the providers it names, so the
 * user sees that the service offered it, and never pressable.
 */
export interface UnreadableEntry {
  kind: 'unreadable';
  /** Index in the service's answer. */
  index: number;
  /** The provider names it gives, as written (possibly none). */
  providers: string[];
  /** Where and how it failed (for the console and tests; not shown as words). */
  problem: string;
  /**
   * It read, but the widget cannot carry it out: why, a refusal of the checks
   * (`domain/checks/support.ts`; typed by its shape here, the checks being a layer above).
   */
  unsupported?: UnsupportedReason;
  expiresAt?: undefined;
}

/** Why a route that read cannot be carried out: a refusal's code and parameters. */
export interface UnsupportedReason {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** What the route list shows: the routes that read, best first, then those that did not. */
export type ListedEntry = RouteEntry | UnreadableEntry;

export function unreadableEntries(
  dropped: readonly { index: number; providers: string[]; message: string; unsupported?: UnsupportedReason }[],
): UnreadableEntry[] {
  return dropped.map((d) => ({
    kind: 'unreadable',
    index: d.index,
    providers: [...d.providers],
    problem: d.message,
    ...(d.unsupported ? { unsupported: d.unsupported } : {}),
  }));
}

/** An ISO 8601 date-time with its offset (`2026-01-31T12:00:00Z`, `…+01:00`): no local times, no bare dates. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * `expiration` as Unix milliseconds. Digits, as a string or a JSON number: 10 digits are
 * seconds, 13 are milliseconds; an ISO date-time with its offset is read as such. Undefined
 * when absent; NaN when present but unreadable (any other length of digits, a fraction, a
 * negative number, any other text), which the checks refuse.
 */
export function parseExpiration(expiration: string | number | undefined): number | undefined {
  if (expiration === undefined || expiration === '') return undefined;
  const digits =
    typeof expiration === 'number'
      ? Number.isSafeInteger(expiration) && expiration >= 0
        ? String(expiration)
        : ''
      : expiration;
  if (/^\d+$/.test(digits)) {
    if (digits.length === 10) return Number(digits) * 1000;
    if (digits.length === 13) return Number(digits);
    return NaN;
  }
  if (typeof expiration === 'string' && ISO_DATE_TIME.test(expiration)) return Date.parse(expiration);
  return NaN;
}

export function routeSeconds(route: Route): number | undefined {
  const t = route.estimatedTime;
  if (t === undefined) return undefined;
  return typeof t === 'number' ? t : t.total;
}

export function impactLevel(impact: number | undefined): ImpactLevel {
  if (impact === undefined) return 'none';
  const size = Math.abs(impact);
  return size > IMPACT_HIGH ? 'high' : size > IMPACT_WARN ? 'warn' : 'none';
}

/** The decimals of an asset, to read a fee written in base units; undefined when unknown. */
export type DecimalsOf = (asset: string) => number | undefined;

/**
 * Fees summed by type and asset, in the order network, inbound, liquidity, outbound, affiliate,
 * others, each amount read in the unit it is plausibly written in (`amounts/fee-amount.ts`); a fee
 * that reads in neither is left out and counted. A route without fees of its own shows its
 * legs' (real answers may give fees only there).
 */
export function readFees(
  route: Route,
  book: PriceBook,
  decimalsOf: DecimalsOf = () => undefined,
): { lines: FeeLine[]; unreadable: number } {
  const order = ['network', 'inbound', 'liquidity', 'outbound', 'affiliate'];
  const lines = new Map<string, FeeLine>();
  const ceiling = routeCeilings(route);
  let unreadable = 0;
  const fees = route.fees.length ? route.fees : route.legs.flatMap((l) => l.fees);
  for (const fee of fees) {
    const read = readFeeAmount(fee.amount, ceiling(fee.asset), decimalsOf(fee.asset));
    if (read.unit === 'unreadable') {
      unreadable++;
      continue;
    }
    const type = fee.type.toLowerCase();
    const key = `${type}|${fee.asset.toUpperCase()}`;
    const line = lines.get(key);
    if (line) line.amount = addDecimal(line.amount, read.amount);
    else lines.set(key, { type, asset: fee.asset, amount: read.amount });
  }
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
  const sorted = [...lines.values()]
    .sort((a, b) => rank(a.type) - rank(b.type))
    .map((l) => {
      const usd = usdValue(book, l.asset, l.amount);
      return usd === undefined ? l : { ...l, usd };
    });
  return { lines: sorted, unreadable };
}

function describe(route: Route, index: number, book: PriceBook, decimalsOf?: DecimalsOf): RouteEntry {
  const steps = route.legs.length ? route.legs.map((l) => l.provider) : route.providers.flatMap(providerSteps);
  const { lines: fees, unreadable } = readFees(route, book, decimalsOf);
  const priced = !unreadable && fees.every((f) => f.usd !== undefined);
  const feesUsd = fees.length && priced ? fees.reduce((sum, f) => addDecimal(sum, f.usd!), '0') : undefined;
  const expectedUsd = usdValue(book, route.buyAsset, route.expectedBuyAmount);
  const seconds = routeSeconds(route);
  const expiresAt = parseExpiration(route.expiration);
  const priceImpact = route.meta.priceImpact;
  const impact = impactLevel(priceImpact);
  const streaming = route.providers.some(isStreamingProvider);
  const parts = streaming ? streamingParts(route) : undefined;
  const warnings = route.warnings
    .map((w): RouteWarning =>
      typeof w === 'string'
        ? { text: w }
        : {
            ...(w.code ? { code: w.code } : {}),
            text: w.display ?? w.code ?? '',
            ...(w.tooltip ? { tooltip: w.tooltip } : {}),
          },
    )
    .filter((w) => w.text);
  return {
    kind: 'route',
    index,
    route,
    steps,
    streaming,
    ...(parts !== undefined ? { parts } : {}),
    tags: route.meta.tags.map((t) => t.toUpperCase()),
    expected: route.expectedBuyAmount,
    minimum: route.expectedBuyAmountMaxSlippage,
    ...(expectedUsd !== undefined ? { expectedUsd } : {}),
    fees,
    ...(unreadable ? { unreadableFees: unreadable } : {}),
    ...(feesUsd !== undefined ? { feesUsd } : {}),
    feeTotals: feeTotals(fees),
    ...(priceImpact !== undefined ? { priceImpact } : {}),
    impact,
    ...(seconds !== undefined ? { seconds } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    warnings: cardWarnings(warnings, { impact: impact !== 'none', streaming }),
  };
}

/**
 * The routes best first: the one the service tags RECOMMENDED, then the others by expected
 * output. The service orders by output and tags independently of that order, so neither the
 * first route nor the first tag is taken blindly. `decimalsOf` reads fees written in base units.
 */
export function rankRoutes(
  routes: readonly Route[],
  indexes: readonly number[],
  book: PriceBook,
  decimalsOf?: DecimalsOf,
): RouteEntry[] {
  const entries = routes.map((r, i) => describe(r, indexes[i] ?? i, book, decimalsOf));
  const recommended = (e: RouteEntry) => (e.tags.includes(TAGS.recommended) ? 1 : 0);
  return entries.sort(
    (a, b) => recommended(b) - recommended(a) || compareDecimal(b.expected, a.expected) || a.index - b.index,
  );
}
