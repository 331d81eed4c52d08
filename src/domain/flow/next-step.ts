/**
 * What the main button says: the next thing the user must do, never a live button that leads to
 * a refusal the widget could foresee. Select a token, enter an amount (above 0), enter the destination
 * address, connect a wallet (or, when the host signs, enter the source address the app must
 * give), a sell token whose decimals nothing trusted gives, an amount over the balance, a
 * service that cannot be reached, then the review (or, with `skip-review`, the swap), said with
 * what the page lacks when the route is a transaction no wallet of the page can send.
 *
 * Plain TypeScript; no DOM, no words (a code the button puts in words).
 */
import { assetChain } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { compareDecimal } from '../amounts/amount.js';
import { readNumber } from '../amounts/number-input.js';
import type { Draft, DraftField, FieldProblems } from '../quotes/draft.js';

export type NextStep =
  | { readonly code: 'select-token'; readonly side: 'sell' | 'buy' }
  | { readonly code: 'enter-amount' }
  | { readonly code: 'fix-field'; readonly field: DraftField }
  | { readonly code: 'enter-destination' }
  | { readonly code: 'connect-wallet' }
  | { readonly code: 'enter-source' }
  | { readonly code: 'insufficient-balance' }
  /**
   * The sell token's decimals come from nowhere the widget trusts (no chain read, not in its
   * sourced table, no host `decimals`): no amount of it can be checked, so every route is refused
   * before its review; the button says so instead of leading there.
   */
  | { readonly code: 'decimals-unknown'; readonly asset: string }
  /** The host's settings hold quoting (a locked address that no longer fits, an invalid attribute): only the app can fix them. */
  | { readonly code: 'fix-config' }
  /** Routes are on their way: nothing to press yet. */
  | { readonly code: 'wait' }
  /** The answer has no route to select (the status line says why). */
  | { readonly code: 'no-route' }
  /** The service could not be reached (no answer, a 5xx, busy): the status line says it tries again. */
  | { readonly code: 'service-down' }
  /** The selected route was refused by the checks (it says why): another must be chosen. */
  | { readonly code: 'route-refused' }
  | { readonly code: 'review' }
  | { readonly code: 'swap' }
  /**
   * The selected route is a transaction only a wallet of its chain can send, the page has none
   * and the host does not sign: the button says so, and stays live (the host may still take
   * the hand-out, `swap-tx` cancelled); `review`: whether it opens the review (else it swaps).
   */
  | { readonly code: 'no-wallet'; readonly chain: string; readonly review: boolean };

export interface NextStepInput {
  readonly draft: Draft;
  readonly problems: FieldProblems;
  /** A route of the current request is selected. */
  readonly selected: boolean;
  /** The selected route was refused by the checks: pressing again would only be refused again. */
  readonly selectedRefused?: boolean;
  /** The selected route is paid by a plain transfer from any wallet (`payableFromAnyWallet`): no source address needed. */
  readonly selectedPayableByHand: boolean;
  /** A quote of the current request is on its way. */
  readonly quoting: boolean;
  /** The page has a wallet of the sell chain's family the widget can drive. */
  readonly walletOfFamily: boolean;
  readonly hostSigns: boolean;
  readonly skipReview: boolean;
  /** The amount is over the sell asset's known balance. */
  readonly overBalance: boolean;
  /**
   * Where the sell asset's decimals stand: `unknown` when every source the widget trusts was
   * tried and none gave them; `reading` while a read on chain is under way (nothing to press yet).
   */
  readonly sellDecimals?: 'known' | 'reading' | 'unknown';
  /** The host's configuration holds quoting (its attributes must change first). */
  readonly configHeld?: boolean;
  /** The selected route is a transaction only a wallet of its chain sends (`routeNeedsWallet`). */
  readonly selectedNeedsWallet?: boolean;
  /** The last quote found no service to answer it (no connection, a 5xx, busy), or quoting waits to try again. */
  readonly serviceDown?: boolean;
  /** The language the amount is typed in (`0,0` reads as zero in Spanish); default `en`. */
  readonly locale?: string;
}

/**
 * Whether a route is a transaction only a wallet can send (a page with none says so on the
 * route; the host may still take the hand-out, so the button stays live): it carries one (EVM,
 * Solana, Cosmos messages), and not the inbound address and memo a Cosmos sell can also be paid
 * by hand with. A deposit channel or a memo route is sent by hand from any wallet.
 */
export function routeNeedsWallet(
  route: { tx?: unknown; transaction?: unknown; memo?: string | undefined; inboundAddress?: string | undefined },
  sellChain: string,
): boolean {
  if (route.tx === undefined && route.transaction === undefined) return false;
  return !(chainInfo(sellChain)?.kind === 'cosmos' && route.memo && route.inboundAddress);
}

/**
 * Whether a route is paid by a plain transfer from any wallet, with no source address: it carries
 * no transaction and no memo (a deposit channel's shape; the checks still decide it is one).
 */
export function payableFromAnyWallet(route: {
  tx?: unknown;
  transaction?: unknown;
  memo?: string | undefined;
}): boolean {
  return route.tx === undefined && route.transaction === undefined && !route.memo;
}

/** Sell chains whose routes are transactions the widget builds from the source address (no memo to send by hand). */
const TX_FAMILIES = new Set(['evm', 'solana']);

export function nextStep(i: NextStepInput): NextStep {
  const d = i.draft;
  if (i.configHeld) return { code: 'fix-config' };
  if (!d.sellAsset) return { code: 'select-token', side: 'sell' };
  if (!d.buyAsset) return { code: 'select-token', side: 'buy' };
  if (!d.amount.trim() || isZero(d.amount, i.locale ?? 'en')) return { code: 'enter-amount' };
  for (const field of ['amount', 'sourceAddress', 'destinationAddress', 'slippage'] as const)
    if (i.problems[field]) return { code: 'fix-field', field };
  // Across chains the bought asset is paid to an address of its own chain: nothing can be quoted for sure without it.
  if (!d.destinationAddress.trim() && assetChain(d.sellAsset) !== assetChain(d.buyAsset))
    return { code: 'enter-destination' };
  const kind = chainInfo(assetChain(d.sellAsset))?.kind;
  if (
    !d.sourceAddress.trim() &&
    ((TX_FAMILIES.has(kind ?? '') && !i.selectedPayableByHand) || (kind === 'cosmos' && i.walletOfFamily))
  ) {
    // The transaction is built for the source address: a wallet gives it, or the app that signs.
    if (!i.hostSigns && i.walletOfFamily) return { code: 'connect-wallet' };
    if (kind !== 'cosmos') return { code: 'enter-source' };
  }
  // After the wallet: connecting one may be what reads them.
  if (i.sellDecimals === 'unknown') return { code: 'decimals-unknown', asset: d.sellAsset };
  if (i.sellDecimals === 'reading') return { code: 'wait' };
  if (i.overBalance) return { code: 'insufficient-balance' };
  if (!i.selected) return { code: i.serviceDown ? 'service-down' : i.quoting ? 'wait' : 'no-route' };
  if (i.selectedRefused) return { code: 'route-refused' };
  if (i.selectedNeedsWallet && !i.walletOfFamily && !i.hostSigns)
    return { code: 'no-wallet', chain: assetChain(d.sellAsset), review: !i.skipReview };
  return { code: i.skipReview ? 'swap' : 'review' };
}

/** Whether the typed amount reads as zero (`0`, `0.000`, `0,0` in a comma locale): an amount is still to be entered. */
function isZero(text: string, locale: string): boolean {
  const r = readNumber(text, locale);
  return r.ok && compareDecimal(r.value, '0') === 0;
}

/** Steps the button waits on: they say what is missing, and nothing can be pressed. */
const WAITING = new Set<NextStep['code']>([
  'wait',
  'no-route',
  'service-down',
  'route-refused',
  'insufficient-balance',
  'fix-config',
  'decimals-unknown',
]);

/** Steps the button acts on (a field to go to, a wallet to connect, the swap); the others say what is missing and wait. */
export const stepActs = (s: NextStep): boolean => !WAITING.has(s.code);
