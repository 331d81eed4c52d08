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
  if (metaName && (!name || metaName.toLowerCase() !== name.toLowerCase()))
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
