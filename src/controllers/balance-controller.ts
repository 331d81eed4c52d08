import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { balanceText, hostBalance, maxAmount, overBalance, parseHostBalances, type Balance } from '../domain/balances.js';
import { amountValue } from '../domain/draft.js';
import type { BalanceRead } from '../wallet/balance-reads.js';

export interface BalanceOptions {
  /** The sell asset ('' while none is picked). */
  asset(): string;
  /** The account whose balance is read: the connected wallet's, when it is the source address; else none. */
  account(): string | undefined;
  /** The host's `balances` property, as set. */
  host(): unknown;
  read: BalanceRead;
  /** The asset's trusted decimals, when known (Max is cut to them). */
  decimals(asset: string): number | undefined;
}

/** What the form shows: the balance, and Max when the widget knows what to leave for gas. */
export interface BalanceView {
  amount: string;
  max?: string;
}

/**
 * The sell asset's balance: the host's entry in `balances` when it has one, else the one read
 * for the connected wallet's account, through a task keyed by the asset and the account (a
 * change aborts the read under way, and an answer for another asset or account is never shown).
 */
export class BalanceController implements ReactiveController {
  private readonly task: Task<[string, string], { asset: string; account: string; balance?: Balance | undefined }>;
  private parsed?: { raw: unknown; balances: Record<string, string> };

  constructor(
    host: ReactiveControllerHost,
    private readonly o: BalanceOptions,
  ) {
    host.addController(this);
    this.task = new Task(host, {
      args: () => [o.asset(), o.account() ?? ''] as [string, string],
      task: async ([asset, account], { signal }) => {
        if (!asset || !account || this.fromHost(asset)) return initialState;
        return { asset, account, balance: await o.read(asset, account, signal) };
      },
    });
  }

  hostConnected(): void {}

  /** The sell asset's balance as things stand, or undefined when it is not known. */
  get balance(): Balance | undefined {
    const asset = this.o.asset();
    const host = asset ? this.fromHost(asset) : undefined;
    if (host) return host;
    const read = this.task.status === TaskStatus.COMPLETE ? this.task.value : undefined;
    return read?.asset === asset && read.account === this.o.account() ? read.balance : undefined;
  }

  get view(): BalanceView | undefined {
    const b = this.balance;
    const asset = this.o.asset();
    const max = b && maxAmount(asset, b, this.o.decimals(asset));
    return b && { amount: balanceText(b), ...(max !== undefined ? { max } : {}) };
  }

  /** The amount as typed is over the known balance. */
  over(typed: string): boolean {
    return overBalance(amountValue(typed), this.balance);
  }

  /** The host's balance of the asset; a bad entry of its map is left out, and said once in the console. */
  private fromHost(asset: string): Balance | undefined {
    const raw = this.o.host();
    if (raw === undefined || raw === null) return undefined;
    if (this.parsed?.raw !== raw) {
      const { balances, bad } = parseHostBalances(raw);
      if (bad.length) console.warn('[swap-widget] balances: entries left out (an asset identifier to a decimal string):', bad);
      this.parsed = { raw, balances };
    }
    return hostBalance(this.parsed.balances, asset);
  }
}
