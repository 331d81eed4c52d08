/**
 * The affiliate a route pays: its fee lines and `meta` against the configured affiliate and fee.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { compareDecimal, fromUnits, toUnits } from '../amounts/amount.js';
import { spellsAsset } from '../chains/asset.js';
import { readFeeAmount, routeCeilings } from '../amounts/fee-amount.js';
import { refusal, type Refusal } from './refusals.js';
import type { Facts } from './facts.js';
import type { CheckContext } from './plans.js';

export function configuredName(ctx: CheckContext): string | undefined {
  const name = ctx.affiliate.name?.trim();
  return name ? name : undefined;
}

/**
 * AFFILIATE fee lines (any case of the type) and `meta.affiliate` / `meta.affiliateFee`
 * must agree with the configuration: no affiliate fee at all without an affiliate and a
 * fee; otherwise, for each fee asset, at most the configured share of what the swap pays
 * out (in the buy asset: of the output before the affiliate's cut, the route's outbound fee
 * counted at most once more than the output) or of the sell amount (in the sell asset),
 * with one unit of that asset's precision for rounding. A fee in any other asset cannot be
 * checked and is refused. Amounts are read as the route list reads them (`amounts/fee-amount.ts`): a
 * decimal, else base units; one that reads in neither is more than the route pays and refused.
 */
export function checkAffiliateLines(route: Route, f: Facts): Refusal | undefined {
  const { request } = f.ctx;
  const name = configuredName(f.ctx);
  const configured = f.ctx.affiliate.bps;
  const effective = name ? BigInt(configured) : 0n;

  const metaName = route.meta.affiliate?.trim();
  if (metaName && !isPlaceholderAffiliate(route, metaName) && (!name || metaName.toLowerCase() !== name.toLowerCase()))
    return refusal('meta-affiliate-mismatch', { got: metaName });
  const metaFee = route.meta.affiliateFee;
  if (metaFee !== undefined && metaFee !== configured && metaFee !== Number(effective)) {
    return refusal('meta-affiliate-fee-mismatch', { got: metaFee, want: configured });
  }

  // Each amount in the unit it is plausibly written in, as the route list shows it (`amounts/fee-amount.ts`).
  const ceiling = routeCeilings(route);
  const lists = [route.fees, ...route.legs.map((l) => l.fees)];
  for (const fees of lists) {
    const totals = new Map<string, { asset: string; units: bigint; decimals: number }>();
    let outbound = 0n;
    for (const fee of fees) {
      const type = fee.type.toLowerCase();
      const inBuy = spellsAsset(fee.asset, request.buyAsset);
      const decimals = inBuy ? f.buyDecimals : f.sellDecimals;
      const read = readFeeAmount(fee.amount, ceiling(fee.asset), decimals);
      if (type === 'outbound' && inBuy && read.unit !== 'unreadable') outbound += toUnits(read.amount, decimals);
      if (type !== 'affiliate') continue;
      if (compareDecimal(fee.amount, '0') === 0) continue;
      if (effective === 0n) return refusal('affiliate-fee-unconfigured', { amount: fee.amount, asset: fee.asset });
      if (!inBuy && !spellsAsset(fee.asset, request.sellAsset))
        return refusal('affiliate-fee-asset', { asset: fee.asset });
      // More than the route's own amount of the asset, in either unit: more than any share of it.
      if (read.unit === 'unreadable')
        return refusal('affiliate-fee-too-high', { amount: fee.amount, asset: fee.asset, max: '?', bps: configured });
      const key = fee.asset.toUpperCase();
      const t = totals.get(key) ?? { asset: fee.asset, units: 0n, decimals };
      t.units += toUnits(read.amount, decimals);
      totals.set(key, t);
    }
    for (const t of totals.values()) {
      const inBuy = spellsAsset(t.asset, request.buyAsset);
      // fee ≤ bps × base / 10 000 (+1 unit). In the buy asset the fee is cut from the output
      // before it is paid: base = expected + outbound + fee, so fee × (10 000 − bps) ≤ bps × (expected + outbound).
      const ok = inBuy
        ? t.units * (10_000n - effective) <=
          effective * (f.expectedUnits + (outbound < f.expectedUnits ? outbound : f.expectedUnits)) +
            (10_000n - effective)
        : t.units * 10_000n <= effective * f.sellUnits + 10_000n;
      if (!ok) {
        const max = inBuy
          ? (effective * (f.expectedUnits + (outbound < f.expectedUnits ? outbound : f.expectedUnits))) /
              (10_000n - effective) +
            1n
          : (effective * f.sellUnits) / 10_000n + 1n;
        return refusal('affiliate-fee-too-high', {
          amount: fromUnits(t.units, t.decimals),
          asset: t.asset,
          max: fromUnits(max, t.decimals),
          bps: configured,
        });
      }
    }
  }
  return undefined;
}

/**
 * The names a provider writes as the affiliate of a route when no affiliate was asked for: SwapKit
 * puts `notconfigured.near` (with `affiliateFee` `"0"` and `meta.near.affiliateFees` `{nearId:
 * "notconfigured.near", feeBps: 0}`) on its NEAR-intents routes of a request that names none
 * (recorded answers, test/fixtures/real/swapkit/: vultisig-ios sends no affiliate,
 * `SwapKitService.fetchBestRoute` @ 16c7b6b0862f2992d66b448c683775779c723ba3; vultisig-android's
 * `SwapKitQuoteRequest.DEFAULT_AFFILIATE` is the same name, "until the partner-dashboard
 * affiliate ids are set up").
 */
export const PLACEHOLDER_AFFILIATES: readonly string[] = ['notconfigured.near'];

/**
 * A placeholder affiliate with a zero fee is not an affiliate: its name is one of
 * `PLACEHOLDER_AFFILIATES`, `meta.affiliateFee` is 0 or absent, every affiliate fee line of the
 * route and its legs is 0, and so is the provider's own fee for it (`meta.near.affiliateFees.feeBps`).
 * Anything more, and the name must be the configured affiliate's like any other.
 */
export function isPlaceholderAffiliate(route: Route, name: string): boolean {
  if (!PLACEHOLDER_AFFILIATES.includes(name.toLowerCase())) return false;
  if (route.meta.affiliateFee !== undefined && route.meta.affiliateFee !== 0) return false;
  const lines = [...route.fees, ...route.legs.flatMap((l) => l.fees)];
  if (lines.some((fee) => fee.type.toLowerCase() === 'affiliate' && compareDecimal(fee.amount, '0') !== 0))
    return false;
  const near = (route.meta as { near?: { affiliateFees?: { feeBps?: unknown } } }).near;
  const bps = near?.affiliateFees?.feeBps;
  return bps === undefined || bps === 0;
}
