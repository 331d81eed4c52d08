import { Task, TaskStatus } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import type { ConfigIssue } from '../config/config.js';
import { assetChain, parseAsset } from '../domain/chains/asset.js';
import type { TrustedDecimals } from '../domain/checks/decimals.js';

export interface SellDecimalsOptions {
  /** The sell asset ('' while none is picked). */
  asset(): string;
  /**
   * What the reads of the asset's decimals go through, as a key: the RPC endpoint of its chain
   * (`rpc-urls`) and the connected wallet's account. When it changes, the asset is read again.
   */
  sources(asset: string): string;
  readonly trusted: TrustedDecimals;
}

/**
 * Whether the sell asset's decimals come from somewhere the widget trusts (the chain's own, its
 * sourced table, the host's `decimals`, a read on chain), known before anything is pressed: the
 * asset is read on chain as soon as it is picked (and again when the endpoints or the wallet
 * change), through a task keyed by the asset and its sources. While the read runs nothing is
 * said; once it has run and nothing gave them, `unknown` is true: the main button says so
 * (`next-step.ts`), and the integrator is told what to give (`notices`).
 */
export class SellDecimalsController {
  private readonly task: Task<[string, string], boolean>;

  constructor(
    host: ReactiveControllerHost,
    private readonly o: SellDecimalsOptions,
  ) {
    this.task = new Task(host, {
      args: () => {
        const asset = o.asset();
        return [asset, asset ? o.sources(asset) : ''] as [string, string];
      },
      task: async ([asset]) => {
        if (asset && parseAsset(asset) && !o.trusted.lookup(asset)) await o.trusted.resolve([asset]);
        return true;
      },
    });
  }

  /**
   * Where the sell asset's decimals stand: `known` (or no asset to count yet), `reading` (a read
   * on chain is under way: nothing can be pressed before it ends), `unknown` (every source the
   * widget trusts was tried, and none gave them).
   */
  get state(): 'known' | 'reading' | 'unknown' {
    const asset = this.o.asset();
    // The host's `decimals` or an earlier read may give them now, whatever the last read found.
    if (!asset || !parseAsset(asset) || this.o.trusted.lookup(asset)) return 'known';
    return this.task.status === TaskStatus.COMPLETE || this.task.status === TaskStatus.ERROR ? 'unknown' : 'reading';
  }

  /** The sell asset's decimals are known to come from nowhere the widget trusts: every source was tried. */
  get unknown(): boolean {
    return this.state === 'unknown';
  }

  /** For the integrator (`swap-error` `config-warning`, field `decimals`): what to give, while they are unknown. */
  notices(): ConfigIssue[] {
    const asset = this.o.asset();
    return this.unknown
      ? [{ field: 'decimals', code: 'decimals-unknown', value: asset, chain: assetChain(asset) }]
      : [];
  }
}
