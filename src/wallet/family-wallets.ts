/**
 * The page's wallets of the families beyond EVM, as the execution controller drives them:
 * sign the checked transaction and send it, and answer with its hash. Each family's wallet
 * lives in its own module (`solana-wallet.ts`, `cosmos-wallet.ts`); they fail with the same
 * `WalletError` problems as the EVM wallet.
 */
import { chainInfo } from '../domain/chains/chains.js';
import type { CosmosPlan, SolanaPlan } from '../domain/checks/route.js';
import { WalletError } from './injected-wallet.js';

export interface FamilyWallet<P> {
  /**
   * Signs the plan's transaction with the page's wallet of its family (the one the user
   * connected, else the first that holds the source address) and sends it; the hash.
   * Throws `WalletError`: `no-wallet` when the page has none.
   */
  signAndSend(plan: P): Promise<string>;
}

export interface FamilyWallets {
  solana: FamilyWallet<SolanaPlan>;
  cosmos: FamilyWallet<CosmosPlan>;
}

/** No wallet of either family: what a controller without the page's wallets answers. */
export const NO_FAMILY_WALLETS: FamilyWallets = {
  solana: {
    signAndSend: (plan) =>
      Promise.reject(
        new WalletError({ code: 'no-wallet', family: 'solana', chain: chainInfo(plan.chain)?.name ?? plan.chain }),
      ),
  },
  cosmos: {
    signAndSend: (plan) =>
      Promise.reject(
        new WalletError({ code: 'no-wallet', family: 'cosmos', chain: chainInfo(plan.chain)?.name ?? plan.chain }),
      ),
  },
};
