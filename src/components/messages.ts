/**
 * Words for what the service reports in codes, for people. Called at render time so they
 * follow the widget's locale.
 */
import { msg, str } from '@lit/localize';
import type { ProviderError } from '../api/schemas.js';
import { providerLabel } from '../domain/providers.js';

export function providerErrorText(e: ProviderError): string {
  const who = e.provider ? providerLabel(e.provider) : msg('A provider');
  switch (e.errorCode) {
    case 'swapAmountTooSmall':
      return msg(str`${who}: the amount is too small for this provider.`);
    case 'insufficientLiquidity':
      return msg(str`${who}: not enough liquidity for this amount; try a smaller one.`);
    case 'tradingHalted':
      return msg(str`${who}: trading is halted on this chain for now.`);
    case 'crossChainNotSupported':
      return msg(str`${who}: cannot swap between these two chains.`);
    case 'tokenNotFound':
      return msg(str`${who}: does not support this token.`);
    case 'unsupportedChainId':
      return msg(str`${who}: does not support this chain.`);
    case 'providerQuoteTimeout':
      return msg(str`${who}: did not answer in time.`);
    case 'invalidSellAmount':
      return msg(str`${who}: the amount is not valid for this provider.`);
    case 'dexAggregationNotSupported':
      return msg(str`${who}: does not swap within one chain.`);
    default:
      return e.message ? `${who}: ${e.message}` : msg(str`${who}: no route (${e.errorCode ?? 'unknown error'}).`);
  }
}
