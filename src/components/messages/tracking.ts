/**
 * Words for the tracking of a sent swap and for the store that keeps tracked swaps.
 */
import { msg, str } from '@lit/localize';
import type { TrackingProblem } from '../../views/tracking.js';
import type { StoreProblem } from '../../domain/tracking/swap-store.js';
import type { StageState } from '../../domain/tracking/stages.js';
import type { Stage, TrackStatus } from '../../domain/tracking/status.js';

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

/** The status line of the progress view: one sentence per state. */
export function headlineText(s: TrackStatus | undefined): string {
  if (!s) return msg('Waiting for the swap service to see your transaction…');
  switch (s.status) {
    case 'completed':
      return msg('Swap complete.');
    case 'refunded':
      return msg('The swap could not be completed and your funds were refunded.');
    case 'partially_refunded':
      return msg('Part of the swap went through; the rest was refunded.');
    case 'refunding':
      return msg('The swap could not be completed; a refund is on its way.');
    case 'dropped':
      return msg('Your transaction was dropped by the network: nothing was sent.');
    case 'reverted':
      return msg('Your transaction was reverted on chain: nothing was swapped.');
    case 'replaced':
      return msg('Your transaction was replaced by another one in your wallet.');
    case 'retries_exceeded':
      return msg('The swap service stopped following this swap.');
    case 'parsing_error':
      return msg('The swap service could not read this transaction.');
    case 'failed':
      return msg('The swap service reports this swap as failed; it is still being followed.');
    case 'not_started':
    case 'starting':
      return msg('Waiting for the swap service to see your transaction…');
    default:
      return msg(str`In progress: ${stageLabel(s.stage)}.`);
  }
}

/** What to do after a swap that did not go through, or undefined. */
export function adviceText(status: string): string | undefined {
  switch (status) {
    case 'refunded':
    case 'partially_refunded':
      return msg('Check the refund in your wallet. You can quote again; prices may have moved.');
    case 'dropped':
    case 'reverted':
      return msg('Your funds did not leave your wallet (only network fees may be spent). You can try the swap again.');
    case 'replaced':
      return msg('Look up the replacing transaction in your wallet; track it by pasting its hash if it is a swap.');
    case 'retries_exceeded':
    case 'parsing_error':
    case 'failed':
      return msg('Keep your transaction hash and contact the support of the swap service with it.');
    default:
      return undefined;
  }
}

/** The service's own reason (`error`), already made a sentence, introduced as its words. */
export function reasonSentence(reason: string): string {
  return msg(str`The swap service says: ${reason}`);
}

export function stageLabel(stage: Stage): string {
  switch (stage) {
    case 'sent':
      return msg('Sent');
    case 'inbound':
      return msg('Inbound confirmed');
    case 'swapping':
      return msg('Swapping');
    case 'outbound':
      return msg('Paying out');
    case 'done':
      return msg('Done');
  }
}

/** A stage's state, for screen readers (the marks say it to the eye). */
export function stageStateText(state: StageState): string {
  switch (state) {
    case 'done':
      return msg('done');
    case 'current':
      return msg('in progress');
    case 'failed':
      return msg('stopped here');
    case 'skipped':
      return msg('skipped');
    case 'todo':
      return msg('not yet');
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
      if (p.field === 'buy-amount' || p.field === 'refund-amount')
        return msg(
          str`The swap service's answer could not be read: it reports an amount this swap cannot have paid. It was not applied; checking again in ${p.seconds} s.`,
        );
      return msg(
        str`The swap service answered with ${mismatchText(p.field)} that is not this swap's, so its answer was not applied; checking again in ${p.seconds} s.`,
      );
    case 'unreadable':
      return msg(
        str`The swap service's answer could not be read, so it was not applied; checking again in ${p.seconds} s.`,
      );
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
    case 'recipient':
      return msg('a recipient');
    default:
      return msg('a refund');
  }
}

export function storeProblemText(p: StoreProblem): string {
  switch (p) {
    case 'unavailable':
      return msg(
        'Your swaps cannot be saved in this browser (storage is not available): keep this page open until they finish.',
      );
    case 'read-failed':
    case 'unreadable':
    case 'write-failed':
      return msg(
        'Your swaps cannot be saved in this browser (its storage fails): keep this page open until they finish.',
      );
    case 'full':
      return msg(
        'Your swaps cannot be saved in this browser (its storage is full): keep this page open until they finish.',
      );
    case 'newer-version':
      return msg('Swaps were saved by a newer version of the widget: new swaps are kept only while this page is open.');
  }
}
