import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QuoteResult, SwapApiClient } from '../api/client.js';
import { isAbort } from '../api/errors.js';
import type { PoolRates, ProviderError, QuoteRequest } from '../api/schemas.js';
import { sameRequest } from '../domain/request.js';
import { priceBook, rankRoutes, type RouteEntry } from '../domain/routes.js';
import { delay } from './abortable-delay.js';

/** How long input must stay still before a quote is asked for (the service rate-limits keys). */
export const QUOTE_DEBOUNCE_MS = 700;

/** An answer of the service, with the request it answers. */
export interface Quote {
  readonly result: QuoteResult;
  readonly request: QuoteRequest;
  /** Unix ms the answer arrived. */
  readonly receivedAt: number;
}

/** A route picked by the user, with the quote it belongs to. */
export interface Selection {
  quoteId: string;
  entry: RouteEntry;
  request: QuoteRequest;
  /** Unix ms the quote arrived. */
  receivedAt: number;
}

/** What the problem box shows: a failed request, or an answer without routes. */
export type ShownProblem =
  | { kind: 'error'; error: unknown }
  | { kind: 'no-routes'; message?: string; providerErrors: readonly ProviderError[] };

export interface QuoteControllerOptions {
  /** The current request, or undefined while the input is incomplete or invalid. */
  request(): QuoteRequest | undefined;
  client(): SwapApiClient;
  /** USD prices, to rank and value the routes; they are re-ranked when prices change. */
  prices(): PoolRates | undefined;
  /** The service index of the route selected in the last answer. */
  selected(): number | undefined;
  /** An answer arrived for the current request; `select` is the route to select in it. */
  onQuote(quote: Quote, select: number | undefined): void;
  onError(error: unknown): void;
  debounceMs?: number;
}

/**
 * Quotes through a `@lit/task` keyed by the request itself (compared with `sameRequest`):
 * input settles for `debounceMs`, then one request goes out. A newer request aborts the older
 * run (its debounce or its fetch), and the task drops the answer of a superseded run. The
 * routes on screen are derived from the task's value and the current prices.
 */
export class QuoteController implements ReactiveController {
  readonly task: Task<[QuoteRequest | undefined, SwapApiClient], Quote>;
  private immediate = false;
  /**
   * The last answer. Kept here, not read from the task: the task stores its value only
   * after its callbacks ran, and `onQuote` must see the new answer's routes.
   */
  private latest?: Quote;
  private ranked?: { quote: Quote; prices: PoolRates | undefined; entries: RouteEntry[] };

  constructor(host: ReactiveControllerHost, private readonly options: QuoteControllerOptions) {
    host.addController(this);
    this.task = new Task(host, {
      autoRun: false,
      args: () => [options.request(), options.client()],
      argsEqual: ([a, c], [b, d]) => sameRequest(a, b) && c === d,
      task: async ([request, client], { signal }) => {
        if (!request) return initialState;
        if (this.immediate) this.immediate = false;
        else await delay(options.debounceMs ?? QUOTE_DEBOUNCE_MS, signal);
        const result = await client.quote(request, { signal });
        const quote: Quote = { result, request, receivedAt: Date.now() };
        // The task ignores results of superseded runs; this guard keeps the callback in step with it.
        if (!signal.aborted) {
          const previous = this.selection(options.selected());
          this.latest = quote;
          options.onQuote(quote, this.reselect(previous));
        }
        return quote;
      },
      onError: (error) => {
        if (isAbort(error)) return;
        this.latest = undefined;
        options.onError(error);
      },
    });
  }

  get pending(): boolean {
    return this.task.status === TaskStatus.PENDING;
  }

  /** The last answer (it stays while a newer request is quoted; compare its `request`). */
  get quote(): Quote | undefined {
    return this.latest;
  }

  /** Why the last run failed, unless it was superseded or stopped. */
  get error(): unknown {
    return this.task.status === TaskStatus.ERROR && !isAbort(this.task.error) ? this.task.error : undefined;
  }

  /** The last answer's routes, best first, valued with the current prices. */
  get entries(): RouteEntry[] {
    const quote = this.quote;
    if (!quote) return [];
    const prices = this.options.prices();
    if (this.ranked?.quote !== quote || this.ranked.prices !== prices) {
      this.ranked = { quote, prices, entries: rankRoutes(quote.result.routes, quote.result.routeIndexes, priceBook(prices)) };
    }
    return this.ranked.entries;
  }

  /** The last answer, if it answers `request` (the current request). */
  current(request: QuoteRequest | undefined): Quote | undefined {
    const quote = this.quote;
    return quote && request && sameRequest(quote.request, request) ? quote : undefined;
  }

  /** What went wrong quoting `request`: the last run failed, or its answer has no route. */
  problem(request: QuoteRequest | undefined): ShownProblem | undefined {
    if (!request) return undefined;
    if (this.error) return { kind: 'error', error: this.error };
    const result = this.current(request)?.result;
    if (!result || result.routes.length) return undefined;
    return { kind: 'no-routes', ...(result.error ? { message: result.error } : {}), providerErrors: result.providerErrors };
  }

  /**
   * The route to select in a new answer: the same providers as `previous` (an index names a
   * route of one answer only), else the best.
   */
  private reselect(previous: Selection | undefined): number | undefined {
    const key = previous?.entry.route.providers.join('|');
    const same = key === undefined ? undefined : this.entries.find((e) => e.route.providers.join('|') === key);
    return (same ?? this.entries[0])?.index;
  }

  /** The route at this service index of the last answer, with its quote. */
  selection(index: number | undefined): Selection | undefined {
    const quote = this.quote;
    const entry = index === undefined ? undefined : this.entries.find((e) => e.index === index);
    if (!quote || !entry) return undefined;
    return { quoteId: quote.result.quoteId, entry, request: quote.request, receivedAt: quote.receivedAt };
  }

  /** The same route (same providers) in the last answer, if it still answers `request`. */
  match(previous: Selection): Selection | undefined {
    const quote = this.quote;
    if (!quote || !sameRequest(quote.request, previous.request)) return undefined;
    const key = previous.entry.route.providers.join('|');
    return this.selection(this.entries.find((e) => e.route.providers.join('|') === key)?.index);
  }

  /** Quotes again now, without waiting for input to settle. */
  refresh(): Promise<void> {
    this.immediate = true;
    return this.task.run();
  }

  /** Quotes the same request again now and finds the same route in the answer. */
  async requote(previous: Selection): Promise<Selection | undefined> {
    await this.refresh();
    return this.match(previous);
  }

  /** Quotes from now on, whenever the request changes. */
  start(): void {
    this.task.autoRun = true;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.task.abort();
  }
}
