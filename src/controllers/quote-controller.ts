import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QuoteResult, SwapApiClient } from '../api/client.js';
import type { QuoteRequest } from '../api/schemas.js';
import { delay } from './abortable-delay.js';

/** How long input must stay still before a quote is asked for (the service rate-limits keys). */
export const QUOTE_DEBOUNCE_MS = 700;

export interface QuoteControllerOptions {
  /** The request the current input asks for, or undefined while it is incomplete or invalid. */
  request(): QuoteRequest | undefined;
  client(): SwapApiClient;
  onResult(result: QuoteResult, request: QuoteRequest): void;
  onError(error: unknown): void;
  debounceMs?: number;
}

/**
 * Quotes through a `@lit/task`: input settles for `debounceMs`, then one request goes out.
 * A newer input aborts the older run (its debounce or its fetch), and the task drops any
 * answer of a superseded run, so a stale answer never replaces a fresh one.
 */
export class QuoteController implements ReactiveController {
  readonly task: Task<[string, SwapApiClient], QuoteResult>;
  private immediate = false;
  private current?: QuoteRequest;

  constructor(host: ReactiveControllerHost, private readonly options: QuoteControllerOptions) {
    host.addController(this);
    this.task = new Task(host, {
      autoRun: false,
      args: () => {
        this.current = options.request();
        return [this.current ? JSON.stringify(this.current) : '', options.client()] as [string, SwapApiClient];
      },
      task: async ([key, client], { signal }) => {
        const request = this.current;
        if (!key || !request) return initialState;
        if (this.immediate) this.immediate = false;
        else await delay(options.debounceMs ?? QUOTE_DEBOUNCE_MS, signal);
        const result = await client.quote(request, { signal });
        // The task ignores results of superseded runs; this guard keeps callbacks in step with it.
        if (!signal.aborted) options.onResult(result, request);
        return result;
      },
      onError: (error) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) options.onError(error);
      },
    });
  }

  get pending(): boolean {
    return this.task.status === TaskStatus.PENDING;
  }

  /** Quotes again now, without waiting for input to settle. */
  refresh(): Promise<void> {
    this.immediate = true;
    return this.task.run();
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
