import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SwapApiClient } from '../../api/client.js';
import type { PoolRates, ProviderInfo } from '../../schemas/service.js';
import { assetChain } from '../../domain/chains/asset.js';
import { chainsConnected } from '../../domain/chains/chains.js';
import { indexTokensInSteps, type TokenIndex } from '../../domain/tokens/tokens.js';
import { yieldToPage } from '../../util/yield-to-page.js';

export interface ServiceDataOptions {
  client(): SwapApiClient;
  /** Providers the host restricts quotes to; the token list follows them. */
  providers(): readonly string[] | undefined;
  sellAsset(): string | undefined;
  onError(error: unknown, what: 'tokens' | 'prices' | 'providers' | 'connected-assets'): void;
}

/**
 * The service's lists the form needs: tokens, USD prices, providers, and what the sell
 * asset can reach. Each is a task keyed by what it depends on, so it is fetched once per
 * service (or per sell asset) and again only when that changes. Nothing is fetched before
 * `start()`; nothing goes on after the widget leaves the page, and what was cut short then
 * is fetched again when it comes back.
 */
export class ServiceDataController implements ReactiveController {
  readonly tokens: Task<[SwapApiClient, string], TokenIndex>;
  readonly prices: Task<[SwapApiClient], PoolRates>;
  readonly providerList: Task<[SwapApiClient], ProviderInfo[]>;
  /** Upper-case asset identifiers the sell asset can be swapped to. */
  readonly reachable: Task<[SwapApiClient, string], ReadonlySet<string>>;

  private readonly all: Task<never, unknown>[];
  private interrupted: Task<never, unknown>[] = [];
  private reach?: { sellAsset: string; index: unknown; fromService: unknown; set: ReadonlySet<string> };

  constructor(host: ReactiveControllerHost, options: ServiceDataOptions) {
    host.addController(this);
    const report = (what: Parameters<ServiceDataOptions['onError']>[1]) => (error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) options.onError(error, what);
    };
    this.tokens = new Task(host, {
      autoRun: false,
      args: () => [options.client(), (options.providers() ?? []).join(',')] as [SwapApiClient, string],
      task: async ([client, providers], { signal }) => {
        const list = providers.split(',').filter(Boolean);
        // One provider: the service filters. Several: merge their lists. None: all tokens.
        const lists = await Promise.all(
          (list.length ? list : ['']).map((p) => client.tokens(p ? { provider: p } : {}, { signal })),
        );
        const seen = new Map(lists.flatMap((l) => l.tokens).map((t) => [t.asset.toUpperCase(), t]));
        // Indexed in steps, with the page's turn between them: no long task for a long list.
        const steps = indexTokensInSteps([...seen.values()]);
        for (;;) {
          const step = steps.next();
          if (step.done) return step.value;
          await yieldToPage(signal);
        }
      },
      onError: report('tokens'),
    });
    this.prices = new Task(host, {
      autoRun: false,
      args: () => [options.client()] as [SwapApiClient],
      task: ([client], { signal }) => client.poolRates({ signal }),
      onError: report('prices'),
    });
    this.providerList = new Task(host, {
      autoRun: false,
      args: () => [options.client()] as [SwapApiClient],
      task: ([client], { signal }) => client.providers({ signal }),
      onError: report('providers'),
    });
    this.reachable = new Task(host, {
      autoRun: false,
      args: () => [options.client(), options.sellAsset() ?? ''] as [SwapApiClient, string],
      task: async ([client, sellAsset], { signal }) => {
        // SwapKit publishes no such list: the path table says what a sell asset reaches.
        if (!sellAsset || client.dialect === 'swapkit') return initialState;
        const assets = await client.connectedAssets(sellAsset, { signal });
        return new Set(assets.map((a) => a.toUpperCase()));
      },
      onError: report('connected-assets'),
    });
    this.all = [this.tokens, this.prices, this.providerList, this.reachable];
  }

  /** Fetches from now on (and again whenever what a list depends on changes). */
  start(): void {
    for (const task of this.all) task.autoRun = true;
  }

  /** `reachableFrom`, bound once: the form's property keeps its identity between renders. */
  readonly reachableFn = (sellAsset: string): ReadonlySet<string> => this.reachableFrom(sellAsset);

  /**
   * What `sellAsset` can be swapped to (upper-case identifiers): the service's connected
   * assets when it answered, else every listed token on a chain the path table connects.
   * Kept until its inputs change, so re-renders (the countdown ticks every second) do not redo it.
   */
  reachableFrom(sellAsset: string): ReadonlySet<string> {
    const fromService = this.reachable.status === TaskStatus.COMPLETE ? this.reachable.value : undefined;
    const index = this.tokens.value;
    const memo = this.reach;
    if (memo && memo.sellAsset === sellAsset && memo.index === index && memo.fromService === fromService)
      return memo.set;
    const sell = sellAsset.toUpperCase();
    const chain = assetChain(sellAsset);
    const set = new Set<string>();
    for (const t of index?.tokens ?? []) {
      const id = t.asset.toUpperCase();
      if (id === sell) continue;
      if (fromService ? fromService.has(id) : chainsConnected(chain, t.chain)) set.add(id);
    }
    this.reach = { sellAsset, index, fromService, set };
    return set;
  }

  hostConnected(): void {
    for (const task of this.interrupted) void task.run();
    this.interrupted = [];
  }

  hostDisconnected(): void {
    this.interrupted = this.all.filter((t) => t.status === TaskStatus.PENDING);
    for (const task of this.interrupted) task.abort();
  }
}
