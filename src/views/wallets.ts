// What the form shows of the page's wallets and of the sell asset's balance.
import type { WalletProblem } from '../domain/flow/wallet-problem.js';

export type WalletFamily = 'evm' | 'solana' | 'cosmos';

/** A wallet the user can pick. `icon` is a `data:image/…` URI or absent. */
export interface WalletChoice {
  id: string;
  name: string;
  icon?: string;
}

/** What the wallet button shows for the sell chain. */
export interface WalletView {
  family: WalletFamily;
  /** The sell chain's name. */
  chain: string;
  wallets: readonly WalletChoice[];
  /** The connected wallet and account, when it is of this family. */
  connected?: { name: string; account: string };
  /** Connecting now. */
  pending: boolean;
  problem?: WalletProblem;
}

/** What the form shows: the balance, and Max when the widget knows what to leave for gas. */
export interface BalanceView {
  amount: string;
  max?: string | undefined;
}
