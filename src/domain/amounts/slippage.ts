/**
 * The slippage a user may set, and what the widget says of it. Plain TypeScript: percents are
 * decimal strings compared exactly (never floats), judgements are codes; the components say
 * them in words.
 *
 * - Refused, with a reason: anything that is not a decimal number, below `MIN_SLIPPAGE`, or
 *   `MAX_SLIPPAGE` and more. 0 % is refused rather than warned of: its minimum is the expected
 *   amount itself, and a price never stands still between the quote and the swap (blocks pass,
 *   other swaps move the pool), so the swap fails almost surely, and a failed swap still costs
 *   (a memo protocol refunds less its fees both ways, an EVM call that reverts burns its gas).
 *   The floor is one basis point, the smallest tolerance the service counts in
 *   (`slippageBps`): anything less reaches it as 0. 100 % and more allow nothing to arrive.
 * - Said, not refused: below `LOW_SLIPPAGE` the swap may fail; above `HIGH_SLIPPAGE` up to that
 *   much less may arrive; from `EXTREME_SLIPPAGE` the review asks the user to confirm it.
 */
import {
  compareDecimal,
  fractionDigits,
  fromUnits,
  isDecimalString,
  slippageBps,
  slippageFloor,
  toUnits,
} from './amount.js';

/** The presets the settings offer, in percent. */
export const SLIPPAGE_PRESETS: readonly string[] = ['0.5', '1', '3'];
/** The least slippage accepted (percent): one basis point. */
export const MIN_SLIPPAGE = '0.01';
/** The slippage from which a value is refused (percent): nothing would be guaranteed to arrive. */
export const MAX_SLIPPAGE = '100';
/** Below this (percent) the settings say the swap may fail. */
export const LOW_SLIPPAGE = '0.1';
/** Above this (percent) the settings and the review say how much less may arrive. */
export const HIGH_SLIPPAGE = 5;
/** From this (percent) the user must confirm the slippage in the review. */
export const EXTREME_SLIPPAGE = 20;

/** Why a typed slippage is refused. */
export type SlippageProblem =
  { code: 'slippage-format' } | { code: 'slippage-too-low' } | { code: 'slippage-too-high' };

/** What the settings say of an accepted slippage: it may make the swap fail, or let less arrive (`confirm`: the review will ask). */
export type SlippageNote = { code: 'may-fail' } | { code: 'less'; confirm: boolean };

/** Why a slippage (percent, as typed) is refused, or undefined when it is accepted. */
export function slippageProblem(typed: string): SlippageProblem | undefined {
  if (!isDecimalString(typed)) return { code: 'slippage-format' };
  if (compareDecimal(typed, MIN_SLIPPAGE) < 0) return { code: 'slippage-too-low' };
  if (compareDecimal(typed, MAX_SLIPPAGE) >= 0) return { code: 'slippage-too-high' };
  return undefined;
}

/** What to tell the user of an accepted slippage, or undefined when there is nothing to say (or it is refused). */
export function slippageNote(typed: string): SlippageNote | undefined {
  if (slippageProblem(typed)) return undefined;
  if (compareDecimal(typed, LOW_SLIPPAGE) < 0) return { code: 'may-fail' };
  if (compareDecimal(typed, String(HIGH_SLIPPAGE)) > 0)
    return { code: 'less', confirm: mustConfirmSlippage(Number(typed)) };
  return undefined;
}

/** Whether the review must ask the user to confirm this slippage (percent): from `EXTREME_SLIPPAGE` on. */
export function mustConfirmSlippage(percent: number): boolean {
  return percent >= EXTREME_SLIPPAGE;
}

/**
 * The least that may arrive of `expected` at a slippage (percent, accepted), as the route
 * checks hold a minimum: `expected × (1 − bps / 10 000)` cut toward zero, at the expected
 * amount's own precision (at least 8 digits after the point).
 */
export function minimumAt(expected: string, slippage: string): string | undefined {
  if (!isDecimalString(expected) || slippageProblem(slippage)) return undefined;
  const digits = Math.max(8, fractionDigits(expected));
  return fromUnits(slippageFloor(toUnits(expected, digits), slippageBps(Number(slippage))), digits);
}
