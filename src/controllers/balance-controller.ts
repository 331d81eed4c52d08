import { Task, TaskStatus, initialState } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { hostBalance, maxAmount, overBalance } from '../domain/amounts/balances.js';
import { readNumber } from '../domain/amounts/number-input.js';
import type { BalanceRead } from '../wallet/balance-reads.js';
import type { BalanceView } from '../views/wallets.js';

export type { BalanceView } from '../views/wallets.js';

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

/**
 * The sell asset's balance: the host's entry in `balances` when it has one, else the one read
 * for the connected wallet's account, through a task keyed by the asset and the account (a
 * change aborts the read under way, and the task never shows an answer of an earlier run). The
 * task is the host's controller; this class only reads it.
 */
export class BalanceController {
  private readonly task: Task<[string, string], string | undefined>;

  constructor(
    host: ReactiveControllerHost,
    private readonly o: BalanceOptions,
  ) {
    this.task = new Task(host, {
      args: () => [o.asset(), o.account() ?? ''] as [string, string],
      task: async ([asset, account], { signal }) => {
        if (!asset || !account || hostBalance(o.host(), asset)) return initialState;
        return o.read(asset, account, signal);
      },
    });
  }

  /** The sell asset's balance as things stand (a decimal string), or undefined when it is not known. */
  get balance(): string | undefined {
    const asset = this.o.asset();
    const host = hostBalance(this.o.host(), asset);
    if (host) return host;
    // Only a read of the asset and account as they stand: a change starts another (pending) at once.
    return this.task.status === TaskStatus.COMPLETE ? this.task.value : undefined;
  }

  get view(): BalanceView | undefined {
    const b = this.balance;
    const asset = this.o.asset();
    return b === undefined ? undefined : { amount: b, max: maxAmount(asset, b, this.o.decimals(asset)) };
  }

  /** Every balance known, for the token picker's rows: the host's entries (the picker reads them as it reads any map) and the sell asset's. */
  get known(): Readonly<Record<string, unknown>> {
    const host = this.o.host();
    const asset = this.o.asset();
    const b = this.balance;
    // The same object while nothing changed, so the picker does not re-read its rows' balances on every render.
    const k = this.knownFor;
    if (k && k.host === host && k.asset === asset && k.balance === b) return k.map;
    const map = {
      ...(host && typeof host === 'object' ? (host as Record<string, unknown>) : {}),
      ...(asset && b !== undefined ? { [asset]: b } : {}),
    };
    this.knownFor = { host, asset, balance: b, map };
    return map;
  }

  private knownFor?: {
    host: unknown;
    asset: string;
    balance: string | undefined;
    map: Readonly<Record<string, unknown>>;
  };

  /** The amount as typed is over the known balance. */
  over(typed: string, locale: string): boolean {
    const read = readNumber(typed, locale);
    return read.ok && overBalance(read.value, this.balance);
  }
}
