// What quoting produces, as the rest of the widget reads it: an answer with its request, a
// route selected in it, and what the status line and the problem box say.
import type { QuoteResult } from '../api/client.js';
import type { ProviderError, QuoteRequest } from '../schemas/service.js';

/**
 * What the status line says while the controller waits on its own: the service asked it to
 * slow down (429, retried once after `Retry-After`), or it could not be reached and the quote
 * is asked for again by itself. `seconds` is the wait, counted when it began.
 */
export interface QuoteNotice {
  code: 'busy' | 'reconnecting';
  seconds: number;
}

/** An answer of the service, with the request it answers. */
export interface Quote {
  readonly result: QuoteResult;
  readonly request: QuoteRequest;
  /** Unix ms the answer arrived. */
  readonly receivedAt: number;
}

export type { Selection } from '../domain/quotes/selection.js';

/** What the problem box shows: a failed request, or an answer without routes. */
export type ShownProblem =
  | { kind: 'error'; error: unknown }
  /** `unreadable`: how many routes the service offered that could not be read (listed beside). */
  /** `sellAsset`, `buyAsset`: the pair asked for (said with its symbols); `message`: the service's own words, for the host only. */
  | {
      kind: 'no-routes';
      sellAsset: string;
      buyAsset: string;
      message?: string;
      providerErrors: readonly ProviderError[];
      unreadable?: number;
    };
