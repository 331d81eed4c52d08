/**
 * An injected wallet for browser tests, backed by the real local EVM node (through the test
 * server's same-origin proxy, /__evm/rpc by default). It behaves like a wallet extension:
 *
 * - EIP-1193 provider: `request({ method, params })`, `on` / `removeListener` (`accountsChanged`,
 *   `chainChanged`, `connect`, `disconnect`), errors are `ProviderRpcError`s with a numeric `code`.
 * - Announced with EIP-6963 (`eip6963:announceProvider` on window, and again on every
 *   `eip6963:requestProvider`); optionally also set as `window.ethereum`.
 * - Accounts: one account (an unlocked node account, the first by default), answered in lower case
 *   like MetaMask does. `eth_requestAccounts`
 *   connects (if not already) and answers it; `eth_accounts` answers it once connected, [] before.
 *   With `connected: true` (the default) the site is already authorised. Requests that need
 *   authorisation before connecting fail with 4100.
 * - Chains: the wallet tracks its current chain, initially the node's (or `chainId`).
 *   `wallet_switchEthereumChain` to a chain it knows (the node's, the initial one, `chains`, ones
 *   added with `wallet_addEthereumChain`) succeeds and emits `chainChanged` when the chain changes;
 *   to another chain it fails with 4902. Only the node's chain is served: while the wallet is on
 *   another chain, every chain-dependent request fails with 4901, so a dapp that forgot to switch
 *   fails visibly. `eth_sendTransaction` with a `chainId` field other than the current chain fails
 *   (-32602), like MetaMask.
 * - `eth_sendTransaction` goes to the node (accounts are unlocked there; the node fills nonce, gas
 *   and fees like a wallet would) and answers the hash; the node mines instantly. `from` defaults
 *   to the wallet's account and must be it (else 4100).
 * - Any other method is forwarded to the node as is.
 * - Prompts can be rejected: `rejectNext` (option or handle method) makes the next matching request
 *   fail with 4001 (user rejected). By default it targets the next request that would show a prompt
 *   (connect, send, sign, switch/add chain, watch asset); a method name (or names) targets the next
 *   request of that method, whatever it is; a predicate targets what it accepts.
 *
 * Browser code only (no Node imports).
 */
import type { Address } from 'viem';
import { EVM_RPC_URL } from './client.js';

/** EIP-1193 error: `code` is the standard numeric code (4001, 4100, 4200, 4900, 4901, 4902, JSON-RPC). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ProviderRpcError';
  }
}

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

type Listener = (...args: unknown[]) => void;

export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: Listener): Eip1193Provider;
  removeListener(event: string, listener: Listener): Eip1193Provider;
  /** Informative flags some dapps look at. */
  readonly isTestWallet: true;
  readonly isMetaMask: false;
}

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data: URI (RFC 2397), as EIP-6963 requires. */
  icon: string;
  rdns: string;
}

/** Which request(s) `rejectNext` rejects: see the module comment. */
export type RejectSpec =
  true | string | readonly string[] | ((request: { method: string; params: unknown }) => boolean);

export interface LoggedWalletRequest {
  method: string;
  params: unknown;
  /** Set once answered. */
  result?: unknown;
  /** Set if it failed. */
  error?: { code: number; message: string };
  /** True if it was rejected on purpose (rejectNext). */
  rejected?: boolean;
}

export interface InjectedWalletOptions {
  /** JSON-RPC endpoint of the node (default '/__evm/rpc', the test server's proxy). */
  rpcUrl?: string;
  /** The wallet's account: an address (must be unlocked on the node), or an index into the
   *  node's `eth_accounts` (default 0). */
  account?: Address | number;
  /** Announce with EIP-6963 (default true). */
  announce?: boolean;
  /** Also set `window.ethereum` (default false); the previous value is restored by `uninstall()`. */
  setWindowEthereum?: boolean;
  /** Reject the first matching request with 4001 (see `RejectSpec`). */
  rejectNext?: RejectSpec;
  /** The site is already authorised (`eth_accounts` answers the account without a prompt). Default true. */
  connected?: boolean;
  /** Chain id the wallet is on at install (default: the node's). */
  chainId?: number;
  /** Other chain ids the wallet knows (switching to them succeeds, but they are not served). */
  chains?: number[];
  /** Overrides of the EIP-6963 info. */
  info?: Partial<Eip6963ProviderInfo>;
}

export interface InjectedWallet {
  provider: Eip1193Provider;
  info: Eip6963ProviderInfo;
  /** Every request the provider received, in order (method, params, then result or error). */
  requests: LoggedWalletRequest[];
  /** Method names of `requests`, in order. */
  methods(): string[];
  /** Reject the next matching request with 4001 (default: the next prompt). Cumulative: each call
   *  queues one rejection. */
  rejectNext(spec?: RejectSpec): void;
  /** The wallet's account, lower case (resolved from the node if given as an index). */
  account(): Promise<Address>;
  /** Current chain id of the wallet. */
  chainId(): Promise<number>;
  /** The node's chain id (the only chain served). */
  nodeChainId(): Promise<number>;
  /** Switch to another (unlocked) node account, as a user would in the extension: emits
   *  `accountsChanged` if connected. */
  switchAccount(account: Address | number): Promise<void>;
  /** Disconnect the site (as if the user revoked it): `eth_accounts` answers [], emits `accountsChanged([])`. */
  disconnect(): void;
  /** Dispatch `eip6963:announceProvider` again. */
  announce(): void;
  /** Stop announcing, restore `window.ethereum`, and make the provider answer 4900 (disconnected). */
  uninstall(): void;
}

/** Requests that show a prompt in a wallet (targets of the default `rejectNext`), when they do. */
const PROMPT_METHODS = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'personal_sign',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
]);

/** Requests the wallet answers itself, whatever chain it is on. */
const CHAINLESS_METHODS = new Set([
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'web3_clientVersion',
]);

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#334155"/>' +
      '<path d="M16 4l-8 12.5L16 21l8-4.5z" fill="#e2e8f0"/><path d="M8 18l8 10 8-10-8 4.6z" fill="#94a3b8"/></svg>',
  );

function uuid(): string {
  // randomUUID needs a secure context (the test server's http://localhost is one).
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const toHex = (n: number): string => `0x${n.toString(16)}`;

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value) || /^0x0+[0-9a-fA-F]/.test(value)) {
    throw new ProviderRpcError(
      -32602,
      `Invalid chainId ${JSON.stringify(value)}: expected a 0x-prefixed hex string without leading zeros`,
    );
  }
  return Number.parseInt(value, 16);
}

let rpcId = 0;

export function installInjectedWallet(options: InjectedWalletOptions = {}): InjectedWallet {
  const rpcUrl = options.rpcUrl ?? EVM_RPC_URL;
  const listeners = new Map<string, Set<Listener>>();
  const requests: LoggedWalletRequest[] = [];
  const rejections: RejectSpec[] = options.rejectNext !== undefined ? [options.rejectNext] : [];
  let installed = true;
  let connected = options.connected ?? true;
  const known = new Set<number>(options.chains ?? []);

  const info: Eip6963ProviderInfo = {
    uuid: uuid(),
    name: 'EVM Test Wallet',
    icon: ICON,
    rdns: 'test.swap-widget.evm-wallet',
    ...options.info,
  };

  async function node<T = unknown>(method: string, params: unknown = []): Promise<T> {
    let res: Response;
    try {
      res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      });
    } catch (err) {
      throw new ProviderRpcError(4900, `The wallet cannot reach its node (${rpcUrl}): ${String(err)}`);
    }
    const text = await res.text();
    let body: { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // handled below
    }
    if (body?.error && typeof body.error === 'object') {
      throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
    }
    if (!res.ok || !body) {
      throw new ProviderRpcError(-32603, `Internal error: ${rpcUrl} answered ${res.status}: ${text.slice(0, 300)}`);
    }
    return body.result as T;
  }

  // What the wallet needs from the node, fetched once.
  let accountValue: Promise<Address>;
  // Addresses are answered in lower case, as MetaMask does (dapps must not rely on checksums).
  const resolveAccount = (account: Address | number): Promise<Address> =>
    typeof account === 'string'
      ? Promise.resolve(account.toLowerCase() as Address)
      : node<Address[]>('eth_accounts').then((accounts) => {
          const a = accounts[account];
          if (!a) throw new ProviderRpcError(-32603, `the node has no account #${account}`);
          return a.toLowerCase() as Address;
        });
  accountValue = resolveAccount(options.account ?? 0);
  const nodeChain = node<string>('eth_chainId').then((hex) => Number.parseInt(hex, 16));
  let current: Promise<number> = options.chainId !== undefined ? Promise.resolve(options.chainId) : nodeChain;
  // Avoid unhandled rejections if the test never makes a request.
  accountValue.catch(() => undefined);
  nodeChain.catch(() => undefined);
  if (options.chainId !== undefined) known.add(options.chainId);

  function emit(event: string, ...args: unknown[]): void {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(...args);
      } catch (err) {
        console.error(`[injected-wallet] ${event} listener threw`, err);
      }
    }
  }

  function takeRejection(method: string, params: unknown, prompts: boolean): boolean {
    const i = rejections.findIndex((spec) =>
      spec === true
        ? prompts
        : typeof spec === 'string'
          ? spec === method
          : typeof spec === 'function'
            ? (spec as (r: { method: string; params: unknown }) => boolean)({ method, params })
            : (spec as readonly string[]).includes(method),
    );
    if (i < 0) return false;
    rejections.splice(i, 1);
    return true;
  }

  async function wouldPrompt(method: string, params: unknown[]): Promise<boolean> {
    if (!PROMPT_METHODS.has(method)) return false;
    if (method === 'eth_requestAccounts') return !connected;
    if (method === 'wallet_switchEthereumChain') {
      const target = (params[0] as { chainId?: unknown } | undefined)?.chainId;
      try {
        return parseChainId(target) !== (await current);
      } catch {
        return false;
      }
    }
    return true;
  }

  async function requireAccount(): Promise<Address> {
    if (!connected) {
      throw new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.');
    }
    return accountValue;
  }

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    const chain = await current;
    const served = await nodeChain;

    if (!CHAINLESS_METHODS.has(method) && chain !== served) {
      throw new ProviderRpcError(
        4901,
        `The wallet is on chain ${toHex(chain)}, which this test wallet cannot reach (only ${toHex(served)}, the local node, is served). Switch chain first.`,
      );
    }

    switch (method) {
      case 'eth_chainId':
        return toHex(chain);
      case 'net_version':
        return String(chain);
      case 'web3_clientVersion':
        return 'EVMTestWallet/1.0';
      case 'eth_accounts':
        return connected ? [await accountValue] : [];
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        const account = await accountValue;
        if (!connected) {
          connected = true;
          emit('accountsChanged', [account]);
        }
        return method === 'eth_requestAccounts' ? [account] : [{ parentCapability: 'eth_accounts', caveats: [] }];
      }
      case 'wallet_getPermissions':
        return connected ? [{ parentCapability: 'eth_accounts', caveats: [] }] : [];
      case 'wallet_revokePermissions':
        if (connected) {
          connected = false;
          emit('accountsChanged', []);
        }
        return null;
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId);
        if (target !== served && !known.has(target)) {
          throw new ProviderRpcError(
            4902,
            `Unrecognized chain ID "${toHex(target)}". Try adding the chain using wallet_addEthereumChain first.`,
            { chainId: toHex(target) },
          );
        }
        if (target !== chain) {
          current = Promise.resolve(target);
          emit('chainChanged', toHex(target));
        }
        return null;
      }
      case 'wallet_addEthereumChain': {
        // Like MetaMask: add the chain (if new) and switch to it. Only the node's chain is served.
        const target = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId);
        known.add(target);
        if (target !== chain) {
          current = Promise.resolve(target);
          emit('chainChanged', toHex(target));
        }
        return null;
      }
      case 'eth_sendTransaction': {
        const account = await requireAccount();
        const tx = { ...((params[0] ?? {}) as Record<string, unknown>) };
        if (tx.from === undefined) tx.from = account;
        if (typeof tx.from !== 'string' || tx.from.toLowerCase() !== account.toLowerCase()) {
          throw new ProviderRpcError(
            4100,
            `The requested account ${String(tx.from)} has not been authorized by the user.`,
          );
        }
        if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chain) {
          throw new ProviderRpcError(
            -32602,
            `Invalid chainId: the transaction is for chain ${String(tx.chainId)}, the wallet is on ${toHex(chain)}`,
          );
        }
        return node('eth_sendTransaction', [tx]);
      }
      case 'personal_sign':
      case 'eth_sign':
      case 'eth_signTransaction':
      case 'eth_signTypedData':
      case 'eth_signTypedData_v3':
      case 'eth_signTypedData_v4':
        await requireAccount();
        return node(method, params);
      default:
        return node(method, params);
    }
  }

  const provider: Eip1193Provider = {
    isTestWallet: true,
    isMetaMask: false,
    async request(args: RequestArguments): Promise<unknown> {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
        throw new ProviderRpcError(-32600, 'Invalid request: expected { method: string, params?: unknown[] }');
      }
      const { method } = args;
      const params = args.params === undefined ? [] : Array.isArray(args.params) ? [...args.params] : [args.params];
      const entry: LoggedWalletRequest = { method, params: args.params };
      requests.push(entry);
      try {
        if (!installed) throw new ProviderRpcError(4900, 'The wallet is disconnected (uninstalled).');
        if (takeRejection(method, args.params, await wouldPrompt(method, params))) {
          entry.rejected = true;
          throw new ProviderRpcError(4001, 'User rejected the request.');
        }
        const result = await handle(method, params);
        entry.result = result;
        return result;
      } catch (err) {
        const e =
          err instanceof ProviderRpcError ? err : new ProviderRpcError(-32603, `Internal error: ${String(err)}`);
        entry.error = { code: e.code, message: e.message };
        throw e;
      }
    },
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = (): void => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  };
  const onRequestProvider = (): void => {
    if (installed) announce();
  };

  const win = window as unknown as { ethereum?: unknown };
  const hadEthereum = Object.prototype.hasOwnProperty.call(window, 'ethereum');
  const previousEthereum = win.ethereum;
  if (options.setWindowEthereum) win.ethereum = provider;
  if (options.announce ?? true) {
    window.addEventListener('eip6963:requestProvider', onRequestProvider);
    announce();
  }

  return {
    provider,
    info,
    requests,
    methods: () => requests.map((r) => r.method),
    rejectNext(spec: RejectSpec = true) {
      rejections.push(spec);
    },
    account: () => accountValue,
    chainId: () => current,
    nodeChainId: () => nodeChain,
    async switchAccount(account: Address | number) {
      const next = await resolveAccount(account);
      const prev = await accountValue.catch(() => undefined);
      accountValue = Promise.resolve(next);
      if (connected && prev?.toLowerCase() !== next.toLowerCase()) emit('accountsChanged', [next]);
    },
    disconnect() {
      if (!connected) return;
      connected = false;
      emit('accountsChanged', []);
    },
    announce,
    uninstall() {
      if (!installed) return;
      installed = false;
      window.removeEventListener('eip6963:requestProvider', onRequestProvider);
      if (options.setWindowEthereum && win.ethereum === provider) {
        if (hadEthereum) win.ethereum = previousEthereum;
        else delete win.ethereum;
      }
      emit('disconnect', new ProviderRpcError(4900, 'The wallet was uninstalled.'));
      listeners.clear();
    },
  };
}
