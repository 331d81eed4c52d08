/**
 * The wallets in the page, for the wallet button: per family (EVM through EIP-6963, Solana
 * through the Wallet Standard, Cosmos through a Keplr-compatible `window.keplr`/`window.leap`),
 * which ones there are, which one the user connected and with what account. The execution
 * controller signs with the same instances, so the connected wallet is the one asked first.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { assetChain } from '../domain/chains/asset.js';
import { chainInfo } from '../domain/chains/chains.js';
import type { WalletProblem } from '../domain/flow/wallet-problem.js';
import type { WalletChoice, WalletFamily, WalletView } from '../views/wallets.js';

export type { WalletChoice, WalletFamily, WalletView } from '../views/wallets.js';
import { CosmosWallets, type CosmosWalletId, type CosmosWindow } from '../wallet/cosmos-wallet.js';
import { InjectedWallet, WalletError } from '../wallet/injected-wallet.js';
import { SolanaWallets } from '../wallet/solana-wallet.js';

/** The family of wallet that signs on a chain (its code), if the widget drives one. */
export function walletFamily(chain: string): WalletFamily | undefined {
  const kind = chainInfo(chain)?.kind;
  return kind === 'evm' || kind === 'solana' || kind === 'cosmos' ? kind : undefined;
}

const dataIcon = (icon: unknown) => (typeof icon === 'string' && /^data:image\//.test(icon) ? { icon } : {});

export class WalletsController implements ReactiveController {
  readonly evm: InjectedWallet;
  readonly solana: SolanaWallets;
  readonly cosmos: CosmosWallets;
  private connected?: { family: WalletFamily; id: string; name: string; account: string };
  private pending = false;
  private problem?: { family: WalletFamily; problem: WalletProblem };
  private unwatch: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    options: { rest: (chain: string) => string | undefined; win?: CosmosWindow & { ethereum?: never } },
  ) {
    this.evm = new InjectedWallet();
    this.solana = new SolanaWallets();
    this.cosmos = new CosmosWallets(options.win ?? (globalThis as CosmosWindow), options.rest);
    host.addController(this);
  }

  hostConnected(): void {
    const update = () => this.host.requestUpdate();
    this.unwatch = [this.evm.watch(update), this.solana.watch(update)];
  }

  hostDisconnected(): void {
    this.unwatch.forEach((off) => off());
    this.unwatch = [];
  }

  /** The wallet button's view for a sell asset; undefined when no family's wallet signs on its chain. */
  view(sellAsset: string): WalletView | undefined {
    const chain = sellAsset ? assetChain(sellAsset) : '';
    const family = walletFamily(chain);
    if (!family) return undefined;
    const c = this.connected?.family === family ? this.connected : undefined;
    return {
      family,
      chain: chainInfo(chain)?.name ?? chain,
      wallets: this.choices(family),
      ...(c ? { connected: { name: c.name, account: c.account } } : {}),
      pending: this.pending,
      ...(this.problem?.family === family ? { problem: this.problem.problem } : {}),
    };
  }

  /**
   * Connects the chosen wallet of the sell chain's family; its account, or undefined when it
   * failed (the view shows why). With `required` (the source address is locked), an account
   * other than it is refused.
   */
  async connect(sellAsset: string, id: string, required?: string): Promise<string | undefined> {
    const chain = assetChain(sellAsset);
    const family = walletFamily(chain);
    const choice = family && this.choices(family).find((w) => w.id === id);
    if (!family || !choice) return undefined;
    this.pending = true;
    this.problem = undefined;
    this.host.requestUpdate();
    try {
      const account =
        family === 'evm'
          ? await this.evm.account(id)
          : family === 'solana'
            ? await this.solana.connect(id)
            : await this.cosmos.connect(id as CosmosWalletId, chain);
      const same = family === 'solana' ? account === required : account.toLowerCase() === required?.toLowerCase();
      if (required && !same) throw new WalletError({ code: 'wrong-account', account: required, seen: account });
      this.connected = { family, id, name: choice.name, account };
      return account;
    } catch (error) {
      const problem: WalletProblem =
        error instanceof WalletError
          ? error.problem
          : { code: 'failed', action: 'connect', detail: error instanceof Error ? error.message : String(error) };
      this.problem = { family, problem };
      return undefined;
    } finally {
      this.pending = false;
      this.host.requestUpdate();
    }
  }

  disconnect(): void {
    if (this.connected?.family === 'solana') void this.solana.disconnect();
    if (this.connected?.family === 'cosmos') this.cosmos.disconnect();
    this.connected = undefined;
    this.problem = undefined;
    this.host.requestUpdate();
  }

  private choices(family: WalletFamily): WalletChoice[] {
    if (family === 'evm')
      return this.evm.providers().map((p) => ({ id: p.info.uuid, name: p.info.name, ...dataIcon(p.info.icon) }));
    if (family === 'solana') return this.solana.list().map((w) => ({ id: w.name, name: w.name, ...dataIcon(w.icon) }));
    return this.cosmos.list().map((w) => ({ id: w.id, name: w.name }));
  }
}
