/**
 * Reads a token's decimals on chain, for `TrustedDecimals` (domain/checks/decimals.ts): an EVM
 * token's `decimals()` through the RPC endpoint the host names for its chain (`rpc-urls`),
 * else through the page's injected wallet when it is connected to that chain; a Solana
 * mint's through the SOL endpoint's `getTokenSupply`, whose answer carries the mint's
 * decimals (https://solana.com/docs/rpc/http/gettokensupply). Resolves undefined when there
 * is no way to read (no endpoint, no wallet on that chain); rejects when a read fails or
 * answers something else than a token's decimals.
 */
import { chainInfo } from '../domain/chains/chains.js';
import { TrustedDecimals, type TokenRef } from '../domain/checks/decimals.js';
import { DECIMALS_DATA } from '../domain/chains/evm.js';
import type { InjectedWallet } from './injected-wallet.js';

export interface ReadDeps {
  /** The host's RPC endpoint for a chain code (`rpc-urls`), if any. */
  rpcUrl(chain: string): string | undefined;
  /** The page's injected EVM wallet, when the widget may use it (never with `host-signs`). */
  wallet(): InjectedWallet | undefined;
  fetch?: typeof fetch;
}

/** A read that failed: why does not matter, the token stays unknown. */
const failed = (): never => {
  throw new Error('decimals unread');
};

/** One JSON-RPC 2.0 call over HTTP POST: its `result`, or a rejection (the balance reads use it too). */
export async function rpc(
  url: string,
  method: string,
  params: unknown[],
  signal: AbortSignal,
  f: typeof fetch,
): Promise<unknown> {
  const res = await f(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal,
  });
  const body = (res.ok && (await res.json())) as { result?: unknown } | null;
  return body && typeof body === 'object' && 'result' in body ? body.result : failed();
}

/** The 32-byte word `decimals()` returns, as a number (the range is `TrustedDecimals`' to judge). */
const decimalsWord = (result: unknown): number =>
  typeof result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(result) ? Number(BigInt(result)) : failed();

export function decimalsReader(deps: ReadDeps): (token: TokenRef, signal: AbortSignal) => Promise<number | undefined> {
  const f = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (token, signal) => {
    const info = chainInfo(token.chain);
    const url = deps.rpcUrl(token.chain);
    if (info?.kind === 'solana') {
      if (!url) return undefined;
      const result = (await rpc(url, 'getTokenSupply', [token.contract], signal, f)) as {
        value?: { decimals?: unknown };
      } | null;
      const d = result?.value?.decimals;
      return typeof d === 'number' ? d : failed();
    }
    if (info?.kind !== 'evm' || info.evmChainId === undefined) return undefined;
    if (url)
      return decimalsWord(
        await rpc(url, 'eth_call', [{ to: token.contract, data: DECIMALS_DATA }, 'latest'], signal, f),
      );
    const wallet = deps.wallet();
    const provider = wallet && (await wallet.connectedProvider(info.evmChainId));
    if (!wallet || !provider) return undefined;
    return (await wallet.decimals(provider, token.contract)) ?? failed();
  };
}

/** The widget's trusted decimals: the host's `decimals` and `rpc-urls` as configured now, and the page's wallet when it may be used. */
export function widgetDecimals(
  config: () => { decimals?: Record<string, number>; rpcUrls?: Record<string, string> },
  wallet: () => InjectedWallet | undefined,
): TrustedDecimals {
  return new TrustedDecimals({
    host: () => config().decimals,
    read: decimalsReader({ rpcUrl: (chain) => config().rpcUrls?.[chain], wallet }),
  });
}
