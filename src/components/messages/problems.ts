/**
 * Words for the problems of quoting: provider errors, the service's errors, waits and retries.
 */
import { msg, str } from '@lit/localize';
import { ApiError, BadResponseError, NetworkError, ServiceError } from '../../api/errors.js';
import type { ProviderError } from '../../schemas/service.js';
import { assetSymbol } from '../../domain/chains/asset.js';
import { providerLabel } from '../../domain/chains/providers.js';
import { ltrText } from '../machine-text.js';
import type { QuoteNotice, ShownProblem } from '../../views/quotes.js';
import type { SwapErrorCode } from '../../events.js';

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

export type { ShownProblem };

/** The `swap-error` code of a problem. */
export function problemCode(p: ShownProblem): SwapErrorCode {
  if (p.kind === 'no-routes') return 'no-routes';
  return p.error instanceof ApiError ? p.error.code : 'network';
}

export function problemText(p: ShownProblem): string {
  if (p.kind === 'no-routes') {
    if (p.unreadable) return msg('The swap service offered routes, but none of them could be read.');
    // The widget's own words, with symbols: the service's message (English, with identifiers) goes to the host in swap-error.
    const sell = ltrText(assetSymbol(p.sellAsset));
    const buy = ltrText(assetSymbol(p.buyAsset));
    return msg(str`No route from ${sell} to ${buy} for now. Try another amount or pair.`);
  }
  const e = p.error;
  if (e instanceof ServiceError)
    return e.status === 429 ? msg('The swap service is busy; wait a moment and try again.') : e.detail;
  if (e instanceof NetworkError) {
    return e.timeout
      ? msg('The swap service did not answer in time. Check your connection and try again.')
      : msg('The swap service cannot be reached. Check your connection and try again.');
  }
  if (e instanceof BadResponseError) return msg('The swap service sent an answer the widget cannot read.');
  return e instanceof Error ? e.message : String(e);
}

/** What `swap-error` says of a problem: the widget's words, and the service's own when it gave some. */
export function problemMessage(p: ShownProblem): string {
  const text = problemText(p);
  return p.kind === 'no-routes' && p.message ? `${text} (${p.message})` : text;
}

export function problemDetails(p: ShownProblem): string[] {
  if (p.kind === 'no-routes') return p.providerErrors.map(providerErrorText);
  const e = p.error;
  return e instanceof ServiceError ? e.errors.map((x) => (x.field ? `${x.field}: ${x.message}` : x.message)) : [];
}

/**
 * What the status line says while quoting waits on its own. No seconds: the line is a live
 * region, and a wait that counted down there would be spoken every second.
 */
export function quoteNoticeText(n: QuoteNotice): string {
  return n.code === 'busy'
    ? msg('The swap service is busy; asking again in a moment.')
    : msg('The swap service cannot be reached; trying again automatically.');
}

/** What the route list says of a route the service offered that could not be read. */
export function unreadableRouteText(): string {
  return msg('This route could not be read, so it cannot be used.');
}

/**
 * What the route list says of the routes of an answer it did not read: `count` more than the
 * `kept` first that read (the widget reads at most that many; `count` is already formatted).
 */
export function unreadRoutesText(count: string, kept: number, plural: Intl.LDMLPluralRule): string {
  return plural === 'one'
    ? msg(str`The swap service offered ${count} more route, not read: the widget reads the first ${kept}.`)
    : msg(str`The swap service offered ${count} more routes, not read: the widget reads the first ${kept}.`);
}

/** Whether quoting failed for want of a service to answer: no connection, a time-out, a 5xx, or busy (429). */
export function serviceUnreachable(p: ShownProblem): boolean {
  if (p.kind !== 'error') return false;
  const e = p.error;
  return e instanceof NetworkError || (e instanceof ServiceError && (e.status === 429 || e.status >= 500));
}

/** Provider errors that may be gone a moment later. */
const PASSING_PROVIDER_ERRORS = new Set(['providerQuoteTimeout', 'httpError', 'unknownError', 'tradingHalted']);

/**
 * Whether asking again can help: a network problem, a busy or failing service, an unreadable
 * answer (it may be passing), a provider that timed out; not a request the service refused
 * (4xx) nor routes no provider offers for this amount.
 */
export function retryHelps(p: ShownProblem): boolean {
  if (p.kind === 'no-routes') return p.providerErrors.some((e) => PASSING_PROVIDER_ERRORS.has(e.errorCode ?? ''));
  const e = p.error;
  if (e instanceof ServiceError) return e.status === 429 || e.status >= 500;
  return true;
}
