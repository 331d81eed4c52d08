/**
 * The main button's words: the next thing the user must do (`domain/flow/next-step.ts`), and why the
 * selected route cannot be carried out as things stand, said on the route too.
 */
import { msg, str } from '@lit/localize';
import { chainInfo } from '../../domain/chains/chains.js';
import type { NextStep } from '../../domain/flow/next-step.js';
import { fieldLabel } from './config.js';

/** What the main button says. */
export function nextStepText(s: NextStep): string {
  switch (s.code) {
    case 'select-token':
      return msg('Select a token');
    case 'enter-amount':
      return msg('Enter an amount');
    case 'fix-field': {
      const field = fieldLabel(s.field);
      return msg(str`Check: ${field}`);
    }
    case 'enter-destination':
      return msg('Enter the destination address');
    case 'connect-wallet':
      return msg('Connect a wallet');
    case 'enter-source':
      return msg('Enter the source address');
    case 'insufficient-balance':
      return msg('Insufficient balance');
    case 'decimals-unknown':
      return msg('This token cannot be checked');
    case 'fix-config':
      return msg('Waiting for the app’s settings');
    case 'wait':
      return msg('Finding routes…');
    case 'no-route':
      return msg('No route available');
    case 'route-refused':
      return msg('Choose another route');
    case 'review':
      return msg('Review swap');
    case 'swap':
      return msg('Swap');
  }
}

/** Why the selected route cannot be carried out as things stand, on the route; none when it can. */
export function blockedRouteText(s: NextStep): string | undefined {
  if (s.code === 'decimals-unknown')
    return msg('The widget does not know how many decimals this token has, so it cannot check any swap of it.');
  return s.code === 'enter-destination'
    ? msg('This route needs the destination address: enter it to go on.')
    : undefined;
}

/** The selected route is a transaction only a wallet of its chain can send, and the page has none. */
export function walletNeededText(chainCode: string): string {
  const chain = chainInfo(chainCode)?.name ?? chainCode;
  return msg(str`This route is a transaction only a ${chain} wallet can send, and none was found in this page.`);
}
