/**
 * The form as the user left it (the draft), its problems field by field, and the quote
 * request it asks for. Plain TypeScript: problems are codes with parameters; the
 * components say them in words.
 */
import { validateAddress, type AddressProblem } from './address.js';
import { compareDecimal, fractionDigits, isDecimalString } from './amount.js';
import { assetChain, sameAsset } from './asset.js';
import { chainsConnected } from './chains.js';
import { slippageProblem, type SlippageProblem } from './slippage.js';

export interface Draft {
  sellAsset: string;
  buyAsset: string;
  /** As typed: never changed behind the user's back (a bad value is marked, not rewritten). */
  amount: string;
  slippage: string;
  sourceAddress: string;
  destinationAddress: string;
}

export type DraftField = keyof Draft;

export const EMPTY_DRAFT: Draft = { sellAsset: '', buyAsset: '', amount: '', slippage: '1', sourceAddress: '', destinationAddress: '' };

/** Whole digits beyond this are more than any token's supply: a slip of the keyboard or a paste. */
export const MAX_WHOLE_DIGITS = 20;

export type FieldProblem =
  | { code: 'amount-format' }
  | { code: 'amount-too-large'; digits: number }
  | { code: 'amount-decimals'; symbol: string; decimals: number }
  | SlippageProblem
  | { code: 'same-asset' }
  | { code: 'no-path'; sellChain: string; buyChain: string }
  | { code: 'address'; problem: AddressProblem };

export type FieldProblems = Partial<Record<DraftField, FieldProblem>>;

/** Why no quote is asked for although the form is complete: shown above the routes. */
export type HoldReason = { code: 'config' } | { code: 'field'; field: DraftField; problem: FieldProblem } | { code: 'amount-zero' };

/**
 * The amount as a decimal string: what was typed, with spaces around it left out and a
 * decimal comma (`0,25`, one comma and no point) read as the point. Anything else is
 * returned as typed, to be refused with its reason.
 */
export function amountValue(typed: string): string {
  const s = typed.trim();
  return /^\d*,\d*$/.test(s) ? s.replace(',', '.') : s;
}

/** The fields in the order the form shows them, for the first problem to tell. */
export const FIELD_ORDER: readonly DraftField[] = ['amount', 'sellAsset', 'buyAsset', 'sourceAddress', 'destinationAddress', 'slippage'];

/**
 * The draft's problems. `sellToken` is the sell asset's symbol and decimals when known (the
 * chain's own for a native asset, else the token list's).
 */
export function checkDraft(d: Draft, sellToken?: { symbol: string; decimals: number }): FieldProblems {
  const problems: FieldProblems = {};
  const amount = amountValue(d.amount);
  if (d.amount && !isDecimalString(amount)) problems.amount = { code: 'amount-format' };
  else if (d.amount && amount.split('.')[0]!.replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) {
    problems.amount = { code: 'amount-too-large', digits: MAX_WHOLE_DIGITS };
  } else if (d.amount && sellToken && fractionDigits(amount) > sellToken.decimals) {
    problems.amount = { code: 'amount-decimals', symbol: sellToken.symbol, decimals: sellToken.decimals };
  }
  const slippage = slippageProblem(d.slippage);
  if (slippage) problems.slippage = slippage;
  if (d.sellAsset && d.buyAsset && sameAsset(d.sellAsset, d.buyAsset)) problems.buyAsset = { code: 'same-asset' };
  else if (d.sellAsset && d.buyAsset && !chainsConnected(assetChain(d.sellAsset), assetChain(d.buyAsset))) {
    problems.buyAsset = { code: 'no-path', sellChain: assetChain(d.sellAsset), buyChain: assetChain(d.buyAsset) };
  }
  for (const [field, asset] of [['sourceAddress', d.sellAsset], ['destinationAddress', d.buyAsset]] as const) {
    const address = d[field];
    if (!address || !asset) continue;
    const check = validateAddress(assetChain(asset), address);
    if (!check.ok) problems[field] = { code: 'address', problem: check.problem };
  }
  return problems;
}

/** Why nothing is quoted for a complete-looking form, or undefined when there is nothing to say. */
export function holdReason(d: Draft, problems: FieldProblems, configBroken: boolean): HoldReason | undefined {
  if (configBroken) return { code: 'config' };
  for (const field of FIELD_ORDER) {
    const problem = problems[field];
    if (problem) return { code: 'field', field, problem };
  }
  const amount = amountValue(d.amount);
  if (d.sellAsset && d.buyAsset && isDecimalString(amount) && compareDecimal(amount, '0') === 0) return { code: 'amount-zero' };
  return undefined;
}
