/**
 * What the main button says: the next thing the user must do, never a live button that leads to
 * a refusal the widget could foresee. Select a token, enter an amount, enter the destination
 * address, connect a wallet (or, when the host signs, enter the source address the app must
 * give), a sell token whose decimals nothing trusted gives, an amount over the balance, then the
 * review (or, with `skip-review`, the swap).
 *
 * Plain TypeScript; no DOM, no words (a code the button puts in words).
 */
import { assetChain } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
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
  | { readonly code: 'decimals-unknown' }
  /** The host's settings hold quoting (a locked address that no longer fits, an invalid attribute): only the app can fix them. */
  | { readonly code: 'fix-config' }
  /** Routes are on their way: nothing to press yet. */
  | { readonly code: 'wait' }
  /** The answer has no route to select (the status line says why). */
  | { readonly code: 'no-route' }
  /** The selected route was refused by the checks (it says why): another must be chosen. */
  | { readonly code: 'route-refused' }
  | { readonly code: 'review' }
  | { readonly code: 'swap' };

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
  if (!d.amount.trim()) return { code: 'enter-amount' };
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
  if (i.sellDecimals === 'unknown') return { code: 'decimals-unknown' };
  if (i.sellDecimals === 'reading') return { code: 'wait' };
  if (i.overBalance) return { code: 'insufficient-balance' };
  if (!i.selected) return { code: i.quoting ? 'wait' : 'no-route' };
  if (i.selectedRefused) return { code: 'route-refused' };
  return { code: i.skipReview ? 'swap' : 'review' };
}
