import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QuoteResult, SwapApiClient } from '../../api/client.js';
import { NetworkError, ServiceError, isAbort } from '../../api/errors.js';
import type { PoolRates, QuoteRequest } from '../../schemas/service.js';
import { sameRequest } from '../../domain/quotes/request.js';
import { assetDecimals } from '../../domain/checks/decimals.js';
import {
  priceBook,
  rankRoutes,
  unreadableEntries,
  type DecimalsOf,
  type ListedEntry,
  type RouteEntry,
} from '../../domain/quotes/routes.js';
import { delay } from '../../util/abortable-delay.js';
import { untilVisibleAndOnline } from '../../util/page-wake.js';
import type { Quote, QuoteNotice, Selection, ShownProblem } from '../../views/quotes.js';

/** How long input must stay still before a quote is asked for (the service rate-limits keys). */
export const QUOTE_DEBOUNCE_MS = 700;
/** A 429 is retried once after its `Retry-After`, when that is at most this long. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** After a `network` error the quote is asked for again after this, doubling up to `RECOVERY_MAX_MS`. */
export const RECOVERY_FIRST_MS = 2_000;
export const RECOVERY_MAX_MS = 60_000;
/**
 * A 500, 502, 503 or 504 is asked again quietly after each of these waits (no jitter: one
 * widget's quotes are one client's), and said only when the last try fails too.
 */
export const SERVER_RETRY_MS: readonly number[] = [1_000, 2_000];
/** The statuses of a service that failed for now (a 4xx is the request's fault: said at once). */
const PASSING_STATUSES = new Set([500, 502, 503, 504]);

export type { Quote, QuoteNotice, Selection, ShownProblem } from '../../views/quotes.js';

export interface QuoteControllerOptions {
  /** The current request, or undefined while the input is incomplete or invalid. */
  request(): QuoteRequest | undefined;
  client(): SwapApiClient;
  /** USD prices, to rank and value the routes; they are re-ranked when prices change. */
  prices(): PoolRates | undefined;
  /** The token list's decimals of an asset (a native asset counts in its chain's), to read a fee the service wrote in base units. */
  tokenDecimals?: DecimalsOf;
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
 *
 * The service's limits are honoured: a 429 with `Retry-After` is asked again once after the
 * wait (the status line says so); a 5xx is asked again quietly, twice at most
 * (`SERVER_RETRY_MS`), before it is said; after a `network` error the same request is asked
 * again by itself, with a growing wait, while the page is visible and the browser online,
 * until an answer comes or the request changes.
 */
export class QuoteController implements ReactiveController {
  readonly task: Task<[QuoteRequest | undefined, SwapApiClient], Quote>;
  /** Why the controller is waiting on its own, for the status line. */
  notice?: QuoteNotice;
  private immediate = false;
  /** The pending recovery after a `network` error, and how many in a row failed. */
  private recovery?: AbortController;
  private failures = 0;
  /**
   * The last answer. Kept here, not read from the task: the task stores its value only
   * after its callbacks ran, and `onQuote` must see the new answer's routes.
   */
  private latest?: Quote;
  private ranked?: { quote: Quote; prices: PoolRates | undefined; entries: RouteEntry[]; listed: ListedEntry[] };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: QuoteControllerOptions,
  ) {
    host.addController(this);
    this.task = new Task(host, {
      autoRun: false,
      args: () => [options.request(), options.client()],
      argsEqual: ([a, c], [b, d]) => sameRequest(a, b) && c === d,
      task: async ([request, client], { signal }) => {
        // A new run (a new request, a refresh, or the recovery itself) replaces a pending recovery.
        this.recovery?.abort();
        this.recovery = undefined;
        // A refresh asks this run, and only this one, not to wait for input to settle.
        const immediate = this.immediate;
        this.immediate = false;
        if (!request) {
          this.failures = 0;
          this.setNotice(undefined);
          return initialState;
        }
        if (!immediate) await delay(options.debounceMs ?? QUOTE_DEBOUNCE_MS, signal);
        const result = await this.ask(client, request, signal);
        this.failures = 0;
        this.setNotice(undefined);
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
        if (error instanceof NetworkError) {
          this.recover();
          // Told once per run of failures; the status line counts the retries.
          if (this.failures > 1) return;
        } else {
          this.failures = 0;
          this.setNotice(undefined);
        }
        options.onError(error);
      },
    });
  }

  /**
   * One quote: asked again once after `Retry-After` when the service answers 429 with one, and
   * quietly after each wait of `SERVER_RETRY_MS` while it answers a 5xx.
   */
  private async ask(client: SwapApiClient, request: QuoteRequest, signal: AbortSignal): Promise<QuoteResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.quote(request, { signal });
      } catch (error) {
        const passing = error instanceof ServiceError && PASSING_STATUSES.has(error.status);
        const backoff = SERVER_RETRY_MS[attempt];
        if (!passing || backoff === undefined || signal.aborted)
          return this.askAfterBusy(client, request, signal, error);
        await delay(backoff, signal);
      }
    }
  }

  /** A 429 with a `Retry-After` of at most a minute is asked again once after it, the user told; anything else is thrown. */
  private async askAfterBusy(
    client: SwapApiClient,
    request: QuoteRequest,
    signal: AbortSignal,
    error: unknown,
  ): Promise<QuoteResult> {
    const wait = error instanceof ServiceError && error.status === 429 ? error.retryAfterMs : undefined;
    if (wait === undefined || wait > MAX_RETRY_AFTER_MS || signal.aborted) throw error;
    this.setNotice({ code: 'busy', seconds: Math.max(1, Math.ceil(wait / 1000)) });
    await delay(wait, signal);
    return client.quote(request, { signal });
  }

  /**
   * After a `network` error: asks again after a wait that doubles with each failure in a row,
   * once the page is visible and the browser online. A new run cancels it.
   */
  private recover(): void {
    this.recovery?.abort();
    const recovery = new AbortController();
    this.recovery = recovery;
    const wait = Math.min(RECOVERY_MAX_MS, RECOVERY_FIRST_MS * 2 ** Math.min(this.failures, 16));
    this.failures += 1;
    this.setNotice({ code: 'reconnecting', seconds: Math.round(wait / 1000) });
    void (async () => {
      try {
        await delay(wait, recovery.signal);
        await untilVisibleAndOnline(recovery.signal);
      } catch {
        return; // replaced by a newer run, or the host left
      }
      if (this.recovery !== recovery) return;
      this.recovery = undefined;
      this.immediate = true;
      void this.task.run();
    })();
  }

  private setNotice(notice: QuoteNotice | undefined): void {
    if (this.notice?.code === notice?.code && this.notice?.seconds === notice?.seconds) return;
    this.notice = notice;
    this.host.requestUpdate();
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

  /**
   * What the route list shows of the last answer: its routes best first, valued with the
   * current prices, then the routes it offered that could not be read (`kind: 'unreadable'`).
   */
  get entries(): ListedEntry[] {
    this.rank();
    return this.ranked?.listed ?? [];
  }

  /** The last answer's routes that read, best first: the ones that can be selected. */
  get routes(): RouteEntry[] {
    this.rank();
    return this.ranked?.entries ?? [];
  }

  private rank(): void {
    const quote = this.quote;
    if (!quote) {
      this.ranked = undefined;
      return;
    }
    const prices = this.options.prices();
    if (this.ranked?.quote !== quote || this.ranked.prices !== prices) {
      const entries = rankRoutes(quote.result.routes, quote.result.routeIndexes, priceBook(prices), (asset) =>
        assetDecimals(asset, (a) => this.options.tokenDecimals?.(a)),
      );
      this.ranked = { quote, prices, entries, listed: [...entries, ...unreadableEntries(quote.result.dropped)] };
    }
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
    return {
      kind: 'no-routes',
      sellAsset: request.sellAsset,
      buyAsset: request.buyAsset,
      ...(result.error ? { message: result.error } : {}),
      providerErrors: result.providerErrors,
      // Routes that read but cannot be carried out are listed with their reason, not counted as unreadable.
      ...(result.dropped.some((d) => !d.unsupported)
        ? { unreadable: result.dropped.filter((d) => !d.unsupported).length }
        : {}),
    };
  }

  /**
   * The route to select in a new answer: the same providers as `previous` (an index names a
   * route of one answer only), else the best.
   */
  private reselect(previous: Selection | undefined): number | undefined {
    const key = previous?.entry.route.providers.join('|');
    const same = key === undefined ? undefined : this.routes.find((e) => e.route.providers.join('|') === key);
    return (same ?? this.routes[0])?.index;
  }

  /** The route at this service index of the last answer, with its quote. */
  selection(index: number | undefined): Selection | undefined {
    const quote = this.quote;
    const entry = index === undefined ? undefined : this.routes.find((e) => e.index === index);
    if (!quote || !entry) return undefined;
    return { quoteId: quote.result.quoteId, entry, request: quote.request, receivedAt: quote.receivedAt };
  }

  /** The same route (same providers) in the last answer, if it still answers `request`. */
  match(previous: Selection): Selection | undefined {
    const quote = this.quote;
    if (!quote || !sameRequest(quote.request, previous.request)) return undefined;
    const key = previous.entry.route.providers.join('|');
    return this.selection(this.routes.find((e) => e.route.providers.join('|') === key)?.index);
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
    this.recovery?.abort();
    this.recovery = undefined;
  }
}
