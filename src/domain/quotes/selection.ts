// A route picked by the user in an answer of the service.
import type { QuoteRequest } from '../../schemas/service.js';
import type { RouteEntry } from './routes.js';

/** A route picked by the user, with the quote it belongs to. */
export interface Selection {
  quoteId: string;
  entry: RouteEntry;
  request: QuoteRequest;
  /** Unix ms the quote arrived. */
  receivedAt: number;
}
