/**
 * The main button's words: the next thing the user must do (`domain/flow/next-step.ts`), and why the
 * selected route cannot be carried out as things stand, said on the route too.
 */
import { msg, str } from '@lit/localize';
import { assetSymbol } from '../../domain/chains/asset.js';
import { chainInfo } from '../../domain/chains/chains.js';
import type { NextStep } from '../../domain/flow/next-step.js';
import { ltrText } from '../machine-text.js';
import { fieldLabel } from './config.js';

const chainName = (code: string) => chainInfo(code)?.name ?? code;

/** What the main button says. */
export function nextStepText(s: NextStep): string {
  switch (s.code) {
    case 'select-token':
      return msg('Select a token');
    case 'enter-amount':
      return msg('Enter an amount');
    case 'decimals-unknown': {
      const symbol = ltrText(assetSymbol(s.asset));
      return msg(str`${symbol} cannot be swapped here`);
    }
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
    case 'fix-config':
      return msg('Waiting for the app’s settings');
    case 'wait':
      return msg('Finding routes…');
    case 'no-route':
      return msg('No route available');
    case 'service-down':
      return msg('Swap service unavailable');
    case 'route-refused':
      return msg('Choose another route');
    case 'review':
      return msg('Review swap');
    case 'swap':
      return msg('Swap');
    case 'no-wallet': {
      const chain = chainName(s.chain);
      const action = nextStepText({ code: s.review ? 'review' : 'swap' });
      return msg(str`${action} (no ${chain} wallet found)`);
    }
  }
}

/** Why the selected route cannot be carried out as things stand, on the route; none when it can. */
export function blockedRouteText(s: NextStep): string | undefined {
  switch (s.code) {
    case 'enter-destination':
      return msg('This route needs the destination address: enter it to go on.');
    case 'decimals-unknown': {
      const symbol = ltrText(assetSymbol(s.asset));
      return msg(str`The widget cannot verify the amounts of ${symbol}: choose another token to sell.`);
    }
    case 'no-wallet':
      return walletNeededText(s.chain);
    default:
      return undefined;
  }
}

/** The selected route is a transaction only a wallet of its chain can send, and the page has none. */
export function walletNeededText(chainCode: string): string {
  const chain = chainName(chainCode);
  return msg(str`This route is a transaction only a ${chain} wallet can send, and none was found in this page.`);
}
