/**
 * Words for what stops the swap under way, and for the host's calls of `track()` and `approved()`.
 */
import { msg, str } from '@lit/localize';
import type { ExecutionProblem } from '../../views/execution.js';
import type { SwapErrorCode } from '../../events.js';
import { problemText } from './problems.js';
import { refusalHostNote, refusalText } from './refusals.js';
import { walletProblemText } from './wallets.js';

/** The `swap-error` code of a problem of the swap under way. */
export function executionProblemCode(p: ExecutionProblem): SwapErrorCode {
  switch (p.code) {
    case 'route-rejected':
      return 'route-rejected';
    case 'route-expired':
    case 'revoked':
      return 'route-expired';
    case 'wallet':
      return 'wallet';
    case 'service':
      return p.error.code;
    case 'no-handler':
      return 'no-handler';
    case 'internal':
      return 'internal';
  }
}

/** What stopped the swap under way, in words. */
export function executionProblemText(p: ExecutionProblem): string {
  switch (p.code) {
    case 'route-rejected': {
      const reason = refusalText(p.refusal);
      return msg(str`This route was refused: ${reason}.`);
    }
    case 'route-expired':
      return p.gone
        ? msg('The route expired and the same route is not offered any more. Choose another route.')
        : msg('The route expired. Quote again and choose a route.');
    case 'revoked':
      return msg('The route expired before a transaction was sent. Press Swap to quote it again.');
    case 'wallet':
      return walletProblemText(p.wallet);
    case 'service':
      return problemText({ kind: 'error', error: p.error });
    case 'no-handler':
      return msg(
        'Nothing took the transaction to sign: the app showing this widget did not answer. Nothing was sent; try again, or open the swap in your wallet app.',
      );
    case 'internal':
      return msg(
        "Something went wrong inside the widget. Check your wallet's activity before you try again: a transaction may have been sent. If it happens again, tell the site.",
      );
  }
}

/** What only the app can do about a problem of the swap under way, for `swap-error` and the console (English); usually none. */
export function executionProblemHostNote(p: ExecutionProblem): string | undefined {
  return p.code === 'route-rejected' ? refusalHostNote(p.refusal) : undefined;
}

/** Why `track()` or `approved()` could not be followed, in words. */
export function trackCallText(
  p: 'no-hand-out' | 'bad-hash' | 'late' | 'second-hash' | 'approval-open' | 'unknown-hand-out',
): string {
  switch (p) {
    case 'second-hash':
      return msg('This hand-out was already answered with another transaction: the second hash is not tracked.');
    case 'approval-open':
      return msg('An approval is waiting: call approved() once it is mined, then track() the swap.');
    case 'unknown-hand-out':
      return msg('No hand-out of this widget has that id.');
    case 'no-hand-out':
      return msg('Select a route before tracking a transaction.');
    case 'bad-hash':
      return msg('track() needs the hash of the sent transaction.');
    case 'late':
      return msg(
        'This transaction answers a hand-out that had been withdrawn (it expired, or the request changed). It is tracked, but the service may refund it.',
      );
  }
}
