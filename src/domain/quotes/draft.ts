/**
 * The form as the user left it (the draft), its problems field by field, and the quote
 * request it asks for. Plain TypeScript: problems are codes with parameters; the
 * components say them in words.
 */
import { validateAddress, type AddressProblem } from '../chains/address.js';
import { compareDecimal, fractionDigits } from '../amounts/amount.js';
import { assetChain, sameAsset } from '../chains/asset.js';
import { chainsConnected } from '../chains/chains.js';
import { numberMarks, readNumber, type NumberReading } from '../amounts/number-input.js';
import { slippageProblem, type SlippageProblem } from '../amounts/slippage.js';

export { EMPTY_DRAFT, type Draft, type DraftField } from './draft-shape.js';
import type { Draft, DraftField } from './draft-shape.js';

/** Whole digits beyond this are more than any token's supply: a slip of the keyboard or a paste. */
export const MAX_WHOLE_DIGITS = 20;

export type FieldProblem =
  | { code: 'amount-format'; point: string }
  | { code: 'amount-grouping'; group: string; point: string }
  | { code: 'amount-ambiguous'; mark: string; group: string; point: string }
  | { code: 'amount-too-large'; digits: number }
  | { code: 'amount-decimals'; symbol: string; decimals: number }
  | SlippageProblem
  | { code: 'same-asset' }
  | { code: 'no-path'; sellChain: string; buyChain: string }
  | { code: 'address'; problem: AddressProblem };

export type FieldProblems = Partial<Record<DraftField, FieldProblem>>;

/** Why no quote is asked for although the form is complete: shown above the routes. */
export type HoldReason =
  { code: 'config' } | { code: 'field'; field: DraftField; problem: FieldProblem } | { code: 'amount-zero' };

/** The problem of a number that does not read (`readNumber`), told with the locale's marks. */
function numberProblem(r: NumberReading & { ok: false }, locale: string): FieldProblem {
  const { point, group } = numberMarks(locale);
  if (r.reason === 'grouping') return { code: 'amount-grouping', group, point };
  if (r.reason === 'ambiguous') return { code: 'amount-ambiguous', mark: r.mark ?? '', group, point };
  return { code: 'amount-format', point };
}

/**
 * A field as the host is told it (`swap-input`, the attribute written back): the amount and the
 * slippage as the decimal they read as in the widget's locale (`1,000` in English is `1000`,
 * `0,5` in Spanish `0.5`), so a host that sets it again is obeyed; as typed while unreadable.
 */
export function hostValue(d: Draft, field: DraftField, locale: string): string {
  if (field !== 'amount' && field !== 'slippage') return d[field];
  const read = readNumber(d[field], locale);
  return read.ok ? read.value : d[field];
}

/** The fields in the order the form shows them, for the first problem to tell. */
export const FIELD_ORDER: readonly DraftField[] = [
  'amount',
  'sellAsset',
  'buyAsset',
  'sourceAddress',
  'destinationAddress',
  'slippage',
];

/**
 * The draft's problems, its numbers read in `locale` (the widget's). `sellToken` is the sell
 * asset's symbol and decimals when known (the chain's own for a native asset, else the token list's).
 */
export function checkDraft(d: Draft, sellToken?: { symbol: string; decimals: number }, locale = 'en'): FieldProblems {
  const problems: FieldProblems = {};
  const amount = readNumber(d.amount, locale);
  if (!amount.ok) {
    if (amount.reason !== 'empty') problems.amount = numberProblem(amount, locale);
  } else if (amount.value.split('.')[0]!.length > MAX_WHOLE_DIGITS) {
    problems.amount = { code: 'amount-too-large', digits: MAX_WHOLE_DIGITS };
  } else if (sellToken && fractionDigits(amount.value) > sellToken.decimals) {
    problems.amount = { code: 'amount-decimals', symbol: sellToken.symbol, decimals: sellToken.decimals };
  }
  // Read as the amount is (the locale's marks); then judged as a percent.
  const slippage = readNumber(d.slippage, locale);
  if (!slippage.ok)
    problems.slippage =
      slippage.reason === 'grouping' || slippage.reason === 'ambiguous'
        ? numberProblem(slippage, locale)
        : { code: 'slippage-format' };
  else {
    const problem = slippageProblem(slippage.value);
    if (problem) problems.slippage = problem;
  }
  if (d.sellAsset && d.buyAsset && sameAsset(d.sellAsset, d.buyAsset)) problems.buyAsset = { code: 'same-asset' };
  else if (d.sellAsset && d.buyAsset && !chainsConnected(assetChain(d.sellAsset), assetChain(d.buyAsset))) {
    problems.buyAsset = { code: 'no-path', sellChain: assetChain(d.sellAsset), buyChain: assetChain(d.buyAsset) };
  }
  for (const [field, asset] of [
    ['sourceAddress', d.sellAsset],
    ['destinationAddress', d.buyAsset],
  ] as const) {
    const address = d[field];
    if (!address || !asset) continue;
    const check = validateAddress(assetChain(asset), address);
    if (!check.ok) problems[field] = { code: 'address', problem: check.problem };
  }
  return problems;
}

/** Why nothing is quoted for a complete-looking form, or undefined when there is nothing to say. */
export function holdReason(
  d: Draft,
  problems: FieldProblems,
  configBroken: boolean,
  locale = 'en',
): HoldReason | undefined {
  if (configBroken) return { code: 'config' };
  for (const field of FIELD_ORDER) {
    const problem = problems[field];
    if (problem) return { code: 'field', field, problem };
  }
  const amount = readNumber(d.amount, locale);
  if (d.sellAsset && d.buyAsset && amount.ok && compareDecimal(amount.value, '0') === 0) return { code: 'amount-zero' };
  return undefined;
}
