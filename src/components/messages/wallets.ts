/**
 * Words for a wallet's failures.
 */
import { msg, str } from '@lit/localize';
import type { WalletAction, WalletProblem } from '../../domain/flow/wallet-problem.js';
import { ltrText } from '../machine-text.js';

function walletActionText(action: WalletAction, chain?: string): string {
  switch (action) {
    case 'connect':
      return msg('the connection');
    case 'switch':
      return msg(str`the switch to ${chain ?? ''}`);
    case 'allowance':
      return msg('reading the allowance');
    case 'token':
      return msg('reading the token');
    case 'approval':
      return msg('the approval');
    case 'swap':
      return msg('the swap');
  }
}

/** A wallet's failure, in words a user can act on. */
export function walletProblemText(p: WalletProblem): string {
  switch (p.code) {
    case 'declined':
      if (p.action === 'switch')
        return msg(str`You declined to switch your wallet to ${p.chain ?? ''}. The swap needs it: try again.`);
      return msg(str`You declined ${walletActionText(p.action, p.chain)} in your wallet. You can try again.`);
    case 'unauthorised':
      return msg('Your wallet has not authorised this site. Connect it and try again.');
    case 'disconnected':
      return msg('Your wallet is disconnected from the network. Reconnect it and try again.');
    case 'request-pending':
      return msg('Your wallet already has a request waiting: open it to answer.');
    case 'failed':
      return msg(str`Your wallet could not complete ${walletActionText(p.action, p.chain)}: ${p.detail}`);
    case 'no-wallet':
      return p.family === 'evm'
        ? msg('No browser wallet was found. Install one, or copy the transaction into the wallet you use.')
        : msg(
            str`No wallet for ${p.chain} was found in this page. Install one, or sign the transaction in the wallet you use.`,
          );
    case 'wrong-account':
      return msg(
        str`Your wallet is connected with ${ltrText(p.seen ?? msg('no account'))}, but this swap is sent from ${ltrText(p.account)}. Switch the account in your wallet, or change the source address.`,
      );
    case 'unknown-chain':
      return msg(str`Your wallet does not know ${p.chain}. Add ${p.chain} to your wallet, then try again.`);
    case 'still-wrong-chain':
      return msg(str`Your wallet is still on another network. Switch it to ${p.chain} and try again.`);
    case 'approval-reverted':
      return msg('The approval transaction failed on chain. Nothing was swapped; try again.');
    case 'approval-slow':
      return msg('The approval is taking too long to confirm. Check it in your wallet, then try again.');
  }
}
