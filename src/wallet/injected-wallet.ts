/**
 * The page's injected wallet, driven with direct EIP-1193 requests and viem's helpers
 * (not its wallet client, which weighs about 50 kB more). Wallets are discovered with
 * EIP-6963 (`mipd`), with `window.ethereum` as the fallback.
 */
import { createStore, type EIP6963ProviderDetail, type Store } from 'mipd';
import { hexToBigInt, numberToHex } from 'viem';
import { DECIMALS_DATA, allowanceData } from '../domain/chains/evm.js';
import type { WalletAction, WalletProblem } from '../domain/flow/wallet-problem.js';

export type { WalletAction, WalletProblem };

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** A failure in the wallet, as a code the widget puts in words when it renders (`walletProblemText`). */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly problem: WalletProblem,
    options?: { cause?: unknown },
  ) {
    super(`wallet: ${problem.code}`, options);
  }
}

export interface TxRequest {
  to: string;
  from: string;
  value: bigint;
  data: string;
}

const RECEIPT_POLL_MS = 1000;
const RECEIPT_TIMEOUT_MS = 10 * 60_000;

function rpcCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  const code = e?.code ?? e?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * A fault in code (a TypeError, ReferenceError, RangeError or SyntaxError, with no EIP-1193
 * code), not an answer of the wallet: never put in a wallet's words, it stops the run as an
 * unexpected failure (`internal`, the stack to the console).
 */
export function isCodeFault(error: unknown): error is Error {
  return (
    (error instanceof TypeError ||
      error instanceof ReferenceError ||
      error instanceof RangeError ||
      error instanceof SyntaxError) &&
    rpcCode(error) === undefined
  );
}

/** EIP-1193 and JSON-RPC error codes, as problems; a fault in code (`isCodeFault`) is returned as it is. */
export function walletError(error: unknown, action: WalletAction, chain?: string): WalletError | Error {
  if (error instanceof WalletError || isCodeFault(error)) return error;
  const code = rpcCode(error);
  const on = chain ? { chain } : {};
  if (code === 4001) return new WalletError({ code: 'declined', action, ...on }, { cause: error });
  if (code === 4100) return new WalletError({ code: 'unauthorised' }, { cause: error });
  if (code === 4900 || code === 4901) return new WalletError({ code: 'disconnected' }, { cause: error });
  if (code === -32002) return new WalletError({ code: 'request-pending' }, { cause: error });
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  return new WalletError({ code: 'failed', action, ...on, detail }, { cause: error });
}

/**
 * One per widget. The EIP-6963 store lives as long as the widget is on the page.
 */
export class InjectedWallet {
  private store?: Store;

  /** `win` is the page's window (`globalThis`), or any object with an `ethereum` provider. */
  constructor(private readonly win: { ethereum?: Eip1193Provider } = globalThis as { ethereum?: Eip1193Provider }) {}

  /** Starts listening for EIP-6963 announcements (cheap; no wallet is contacted). */
  listen(): void {
    this.store ??= createStore();
  }

  dispose(): void {
    this.store?.destroy();
    this.store = undefined;
  }

  /** Calls `listener` when a wallet announces itself; returns the unsubscribe. */
  watch(listener: () => void): () => void {
    this.listen();
    return this.store!.subscribe(() => listener());
  }

  /** Asks the wallet with this EIP-6963 `uuid` for its accounts; the first. */
  async account(uuid: string): Promise<string> {
    const wallet = this.providers().find((w) => w.info.uuid === uuid);
    if (!wallet) throw new WalletError({ code: 'no-wallet', family: 'evm', chain: 'EVM' });
    let accounts: unknown;
    try {
      accounts = await (wallet.provider as unknown as Eip1193Provider).request({ method: 'eth_requestAccounts' });
    } catch (error) {
      throw walletError(error, 'connect');
    }
    const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof first !== 'string')
      throw new WalletError({ code: 'failed', action: 'connect', detail: 'the wallet gave no account' });
    return first;
  }

  /** The announced wallets, else `window.ethereum`. */
  providers(): readonly Pick<EIP6963ProviderDetail, 'info' | 'provider'>[] {
    const announced = this.store?.getProviders() ?? [];
    if (announced.length) return announced;
    const legacy = this.win.ethereum;
    return legacy
      ? [
          {
            info: {
              uuid: 'window.ethereum',
              name: 'Browser wallet',
              icon: 'data:image/svg+xml,',
              rdns: 'window.ethereum',
            },
            provider: legacy as never,
          },
        ]
      : [];
  }

  /**
   * Connects and returns the provider whose account is `account` (the route's source):
   * the first wallet that has it, or a clear error.
   */
  async connect(account: string, chain: string): Promise<Eip1193Provider> {
    this.listen();
    const wallets = this.providers();
    if (!wallets.length) throw new WalletError({ code: 'no-wallet', family: 'evm', chain });
    let seen: string[] = [];
    for (const w of wallets) {
      const provider = w.provider as unknown as Eip1193Provider;
      let accounts: string[];
      try {
        accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      } catch (error) {
        throw walletError(error, 'connect');
      }
      if (accounts.some((a) => a.toLowerCase() === account.toLowerCase())) return provider;
      seen = seen.concat(accounts);
    }
    throw new WalletError({ code: 'wrong-account', account, ...(seen[0] ? { seen: seen[0] } : {}) });
  }

  /**
   * A wallet the site is already connected to (`eth_accounts` answers an account without a
   * prompt) whose current chain is `chainId`; undefined when none is. Asks nothing of the user.
   */
  async connectedProvider(chainId: number): Promise<Eip1193Provider | undefined> {
    for (const w of this.providers()) {
      const provider = w.provider as unknown as Eip1193Provider;
      try {
        const accounts = await provider.request({ method: 'eth_accounts' });
        const chain = await provider.request({ method: 'eth_chainId' });
        if (Array.isArray(accounts) && accounts.length && typeof chain === 'string' && Number(chain) === chainId)
          return provider;
      } catch {
        // A wallet that does not answer is not connected.
      }
    }
    return undefined;
  }

  /** Makes the wallet use chain `chainId` (EIP-155), asking it to switch when needed. */
  async ensureChain(provider: Eip1193Provider, chainId: number, chainName: string): Promise<void> {
    const current = await provider.request({ method: 'eth_chainId' }).catch(() => undefined);
    if (typeof current === 'string' && Number(current) === chainId) return;
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] });
    } catch (error) {
      const code = rpcCode(error);
      if (code === 4902) {
        throw new WalletError({ code: 'unknown-chain', chain: chainName }, { cause: error });
      }
      throw walletError(error, 'switch', chainName);
    }
    const after = await provider.request({ method: 'eth_chainId' });
    if (typeof after !== 'string' || Number(after) !== chainId) {
      throw new WalletError({ code: 'still-wrong-chain', chain: chainName });
    }
  }

  async allowance(provider: Eip1193Provider, token: string, owner: string, spender: string): Promise<bigint> {
    try {
      const result = await provider.request({
        method: 'eth_call',
        params: [{ to: token, data: allowanceData(owner, spender) }, 'latest'],
      });
      return typeof result === 'string' && result !== '0x' ? hexToBigInt(result as `0x${string}`) : 0n;
    } catch (error) {
      throw walletError(error, 'allowance');
    }
  }

  /**
   * The token's own `decimals()`, read on chain through the wallet; undefined when the
   * contract does not answer with a number a token could have (0 to 255).
   */
  async decimals(provider: Eip1193Provider, token: string): Promise<number | undefined> {
    let result: unknown;
    try {
      result = await provider.request({ method: 'eth_call', params: [{ to: token, data: DECIMALS_DATA }, 'latest'] });
    } catch (error) {
      throw walletError(error, 'token');
    }
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) return undefined;
    const value = hexToBigInt(result as `0x${string}`);
    return value <= 255n ? Number(value) : undefined;
  }

  /** Sends a transaction and returns its hash once the wallet has broadcast it. */
  async send(provider: Eip1193Provider, tx: TxRequest, action: 'approval' | 'swap'): Promise<string> {
    try {
      const hash = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: tx.from, to: tx.to, value: numberToHex(tx.value), data: tx.data }],
      });
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
        throw new Error('the wallet returned no transaction hash');
      return hash;
    } catch (error) {
      throw walletError(error, action);
    }
  }

  /** Waits until the transaction is mined; fails when it reverted. */
  async waitForReceipt(provider: Eip1193Provider, hash: string, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const receipt = (await provider
        .request({ method: 'eth_getTransactionReceipt', params: [hash] })
        .catch(() => null)) as { status?: string } | null;
      if (receipt) {
        if (receipt.status === '0x0') throw new WalletError({ code: 'approval-reverted' });
        return;
      }
      await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS));
    }
    throw new WalletError({ code: 'approval-slow' });
  }
}
