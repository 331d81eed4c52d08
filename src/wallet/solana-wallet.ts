/**
 * The page's Solana wallets, discovered through the Wallet Standard (`@wallet-standard/app`'s
 * `getWallets()`: wallets register themselves; no SDK is bundled) and driven through two
 * features: `standard:connect` and `solana:signAndSendTransaction` (wallet-standard and
 * anza-xyz/wallet-standard `features`). Failures are the EVM wallet's `WalletError` problems.
 */
import { getWallets } from '@wallet-standard/app';
import { base58 } from '@scure/base';
import type { SolanaPlan } from '../domain/checks/route.js';
import { base64Bytes, decodeWireTransaction } from '../domain/chains/solana-wire.js';
import type { FamilyWallet } from './family-wallets.js';
import { WalletError, walletError } from './injected-wallet.js';

/** Wallet Standard's chain identifier of Solana's mainnet (anza-xyz/wallet-standard `chains`). */
export const SOLANA_MAINNET = 'solana:mainnet';
const CONNECT = 'standard:connect';
const DISCONNECT = 'standard:disconnect';
const SIGN_AND_SEND = 'solana:signAndSendTransaction';

/** What the widget reads of a Wallet Standard account and wallet (`@wallet-standard/base`). */
export interface StandardAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
}
export interface StandardWallet {
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly string[];
  readonly accounts: readonly StandardAccount[];
  readonly features: Readonly<Record<string, unknown>>;
}
interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>;
}
interface SignAndSendFeature {
  supportedTransactionVersions: readonly ('legacy' | 0)[];
  signAndSendTransaction(
    ...inputs: { account: StandardAccount; transaction: Uint8Array; chain: string }[]
  ): Promise<readonly { signature: Uint8Array }[]>;
}

/** The registry the wallets register with: the page's own, or one a test hands in. */
export interface StandardRegistry {
  get(): readonly StandardWallet[];
  on(event: 'register' | 'unregister', listener: () => void): () => void;
}

/** A wallet that can connect and sign and send Solana transactions. */
export function isSolanaWallet(w: StandardWallet): boolean {
  return CONNECT in w.features && SIGN_AND_SEND in w.features && w.chains.some((c) => c.startsWith('solana:'));
}

export class SolanaWallets implements FamilyWallet<SolanaPlan> {
  /** The wallet the user connected with the wallet button, by name, and its account. */
  private connected?: { name: string; account: StandardAccount };

  constructor(private readonly registry: () => StandardRegistry = getWallets as unknown as () => StandardRegistry) {}

  /** The page's Solana wallets, as they stand now. */
  list(): readonly StandardWallet[] {
    return this.registry().get().filter(isSolanaWallet);
  }

  /** Calls `listener` when a wallet registers or leaves; returns the unsubscribe. */
  watch(listener: () => void): () => void {
    const r = this.registry();
    const offs = [r.on('register', listener), r.on('unregister', listener)];
    return () => offs.forEach((off) => off());
  }

  /** Connects the named wallet (`standard:connect`); its first mainnet account's address. */
  async connect(name: string): Promise<string> {
    const wallet = this.list().find((w) => w.name === name);
    if (!wallet) throw new WalletError({ code: 'no-wallet', family: 'solana', chain: 'Solana' });
    const accounts = await this.accounts(wallet);
    const account = accounts.find(onMainnet);
    if (!account) throw new WalletError({ code: 'still-wrong-chain', chain: 'Solana' });
    this.connected = { name, account };
    return account.address;
  }

  /** Forgets the connected wallet (and tells it, where it has `standard:disconnect`). */
  async disconnect(): Promise<void> {
    const name = this.connected?.name;
    this.connected = undefined;
    const feature = this.list().find((w) => w.name === name)?.features[DISCONNECT] as
      { disconnect?: () => Promise<void> } | undefined;
    await feature?.disconnect?.().catch(() => undefined);
  }

  /**
   * Signs and sends the checked transaction with the wallet that holds the source address
   * (the connected one first); the signature, base58, which is the transaction's id.
   */
  async signAndSend(plan: SolanaPlan): Promise<string> {
    const from = plan.tx.from;
    const bytes = base64Bytes(plan.tx.serialized);
    const decoded = bytes && decodeWireTransaction(bytes);
    if (!bytes || !decoded?.ok)
      throw new WalletError({ code: 'failed', action: 'swap', detail: 'unreadable transaction' });
    const wallets = this.list();
    if (!wallets.length) throw new WalletError({ code: 'no-wallet', family: 'solana', chain: 'Solana' });
    const ordered = [...wallets].sort(
      (a, b) => Number(b.name === this.connected?.name) - Number(a.name === this.connected?.name),
    );
    let seen: string | undefined;
    for (const wallet of ordered) {
      const accounts = await this.accounts(wallet);
      const account = accounts.find((a) => a.address === from);
      seen ??= accounts[0]?.address;
      if (!account) continue;
      if (!onMainnet(account)) throw new WalletError({ code: 'still-wrong-chain', chain: 'Solana' });
      const feature = wallet.features[SIGN_AND_SEND] as SignAndSendFeature;
      if (!feature.supportedTransactionVersions?.includes(decoded.tx.version)) {
        throw new WalletError({
          code: 'failed',
          action: 'swap',
          detail: `${wallet.name} cannot sign version ${decoded.tx.version} transactions`,
        });
      }
      let output: unknown;
      try {
        output = await feature.signAndSendTransaction({ account, transaction: bytes, chain: SOLANA_MAINNET });
      } catch (error) {
        throw walletError(error, 'swap');
      }
      // An answer of another shape is the wallet's failure, read without throwing.
      const signature = Array.isArray(output)
        ? (output[0] as { signature?: unknown } | null | undefined)?.signature
        : undefined;
      if (!(signature instanceof Uint8Array) || signature.length !== 64) {
        throw new WalletError({ code: 'failed', action: 'swap', detail: 'the wallet returned no signature' });
      }
      return base58.encode(signature);
    }
    throw new WalletError({ code: 'wrong-account', account: from, ...(seen ? { seen } : {}) });
  }

  /** The wallet's accounts, asking it to connect when it has none yet. */
  private async accounts(wallet: StandardWallet): Promise<readonly StandardAccount[]> {
    if (wallet.accounts.length) return wallet.accounts;
    try {
      return (await (wallet.features[CONNECT] as ConnectFeature).connect()).accounts;
    } catch (error) {
      throw walletError(error, 'connect');
    }
  }
}

const onMainnet = (a: StandardAccount) => a.chains.includes(SOLANA_MAINNET);
