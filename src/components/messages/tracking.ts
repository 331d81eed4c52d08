/**
 * Words for the tracking of a sent swap and for the store that keeps tracked swaps.
 */
import { msg, str } from '@lit/localize';
import type { TrackingProblem } from '../../controllers/tracking-problem.js';
import type { StoreProblem } from '../../domain/swap-store.js';

export type { TrackingProblem };

/** A `trackingStatus` of the spec in words (values outside the spec shown as the service wrote them). */
export function trackingStatusText(status: string | undefined): string {
  switch (status) {
    case undefined:
    case 'not_started':
      return msg('waiting');
    case 'starting':
    case 'broadcasted':
    case 'mempool':
      return msg('sent');
    case 'inbound':
      return msg('received by the protocol');
    case 'swapping':
      return msg('swapping');
    case 'outbound':
      return msg('paying out');
    case 'completed':
      return msg('completed');
    case 'refunding':
      return msg('refunding');
    case 'refunded':
      return msg('refunded');
    case 'partially_refunded':
      return msg('partly refunded');
    case 'dropped':
      return msg('dropped');
    case 'reverted':
      return msg('reverted');
    case 'replaced':
      return msg('replaced');
    case 'retries_exceeded':
      return msg('no longer followed');
    case 'parsing_error':
      return msg('unreadable');
    default:
      return status;
  }
}

export function trackingProblemText(p: TrackingProblem): string {
  switch (p.code) {
    case 'busy':
      return msg(str`The swap service asks to slow down; checking again in ${p.seconds} s.`);
    case 'unknown-swap':
      return msg(str`The swap service does not know this swap yet; checking again in ${p.seconds} s.`);
    case 'interrupted':
      return p.detail
        ? msg(str`Tracking is interrupted (${p.detail}); checking again in ${p.seconds} s.`)
        : msg(str`Tracking is interrupted; checking again in ${p.seconds} s.`);
    case 'mismatch':
      return msg(str`The swap service answered with ${mismatchText(p.field)} that is not this swap's, so its answer was not applied; checking again in ${p.seconds} s.`);
  }
}

/** What of a tracking answer contradicted the swap, as the sentence above names it. */
function mismatchText(field: TrackingProblem['field']): string {
  switch (field) {
    case 'hash':
      return msg('a transaction');
    case 'chain':
      return msg('a chain');
    case 'quote':
      return msg('a quote');
    case 'route-index':
      return msg('a route');
    case 'sell-asset':
      return msg('a sold asset');
    case 'buy-asset':
      return msg('a bought asset');
    case 'payout-asset':
      return msg('a payout');
    default:
      return msg('a refund');
  }
}

export function storeProblemText(p: StoreProblem): string {
  switch (p) {
    case 'unavailable':
      return msg('Your swaps cannot be saved in this browser (storage is not available): keep this page open until they finish.');
    case 'read-failed':
    case 'unreadable':
    case 'write-failed':
      return msg('Your swaps cannot be saved in this browser (its storage fails): keep this page open until they finish.');
    case 'full':
      return msg("Your swaps cannot be saved in this browser (its storage is full): keep this page open until they finish.");
    case 'newer-version':
      return msg('Swaps were saved by a newer version of the widget: new swaps are kept only while this page is open.');
  }
}
