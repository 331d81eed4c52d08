/**
 * Reads the sell asset's balance of an account, by family:
 * - EVM: through the page's wallet when it is connected to the asset's chain, else through the
 *   host's endpoint for it (`rpc-urls`): `eth_getBalance` for the native coin, the token's
 *   `balanceOf` through `eth_call`, counted in its trusted decimals (`TrustedDecimals`);
 * - Cosmos: the chain's REST endpoint (the one the wallet's account is read from), cosmos-sdk
 *   bank's `/cosmos/bank/v1beta1/balances/{address}/by_denom` for the chain's own coin;
 * - Solana: the host's `SOL` endpoint, `getBalance` (lamports) or `getTokenAccountsByOwner`
 *   (https://solana.com/docs/rpc/http/gettokenaccountsbyowner), the mint's accounts summed.
 * The balance is a decimal string in whole units. Resolves undefined when there is no way to
 * read it, rejects when a read fails or answers something else than a balance: the balance
 * stays unknown, never guessed.
 */
import { fromUnits } from '../domain/amounts/amount.js';
import { isNativeAsset, parseAsset, sameAsset } from '../domain/chains/asset.js';
import { chainInfo } from '../domain/chains/chains.js';
import { COSMOS_CHAINS } from '../domain/checks/cosmos-msgs.js';
import { tokenRef } from '../domain/checks/decimals.js';
import { balanceOfData } from '../domain/chains/evm.js';
import { rpc } from './decimals-reads.js';
import type { InjectedWallet } from './injected-wallet.js';

export interface BalanceDeps {
  /** The host's JSON-RPC endpoint for a chain code (`rpc-urls`), if any. */
  rpcUrl(chain: string): string | undefined;
  /** The page's injected EVM wallet, when the widget may use it. */
  wallet(): InjectedWallet | undefined;
  /** A Cosmos chain's REST endpoint (the host's `cosmos-rest`, else the default), without a trailing slash. */
  rest(chain: string): string | undefined;
  /** The token's trusted decimals, read first when none is known yet. */
  decimals(asset: string): Promise<number | undefined>;
  fetch?: typeof fetch;
}

export type BalanceRead = (asset: string, account: string, signal: AbortSignal) => Promise<string | undefined>;

/** A count of base units as the answer writes it (digits, or hex with `0x`), else a failed read. */
const units = (v: unknown, pattern: RegExp): bigint => {
  if (typeof v !== 'string' || !pattern.test(v)) throw new Error('balance unread');
  return BigInt(v);
};
const HEX = /^0x[0-9a-fA-F]+$/;
const DIGITS = /^\d+$/;

export function balanceReader(deps: BalanceDeps): BalanceRead {
  const f = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (asset, account, signal) => {
    const parts = parseAsset(asset);
    const info = parts && chainInfo(parts.chain);
    if (!info) return undefined;
    const native = isNativeAsset(asset);
    if (info.kind === 'cosmos') {
      const rule = COSMOS_CHAINS[info.code];
      const base = deps.rest(info.code);
      if (!rule || !base || !sameAsset(rule.asset, asset)) return undefined;
      const res = await f(
        `${base}/cosmos/bank/v1beta1/balances/${encodeURIComponent(account)}/by_denom?denom=${rule.denom}`,
        { signal },
      );
      const body = (res.ok && (await res.json())) as { balance?: { amount?: unknown } } | false;
      return fromUnits(units(body && body.balance?.amount, DIGITS), info.nativeDecimals);
    }
    const url = deps.rpcUrl(info.code);
    if (info.kind === 'solana') {
      if (!url) return undefined;
      if (native) {
        const lamports = ((await rpc(url, 'getBalance', [account], signal, f)) as { value?: unknown } | null)?.value;
        return fromUnits(units(String(lamports), DIGITS), info.nativeDecimals);
      }
      const list = (
        (await rpc(
          url,
          'getTokenAccountsByOwner',
          [account, { mint: parts.contract }, { encoding: 'jsonParsed' }],
          signal,
          f,
        )) as { value?: unknown } | null
      )?.value;
      // No account of that mint: nothing, in any decimals.
      let sum = 0n;
      let decimals = 0;
      // Not a list: `for…of` throws.
      for (const a of list as {
        account?: { data?: { parsed?: { info?: { tokenAmount?: { amount?: unknown; decimals?: number } } } } };
      }[]) {
        const t = a?.account?.data?.parsed?.info?.tokenAmount;
        const d = t?.decimals as number;
        if (!Number.isInteger(d) || d < 0 || d > 36) throw new Error('balance unread');
        sum += units(t?.amount, DIGITS);
        decimals = d;
      }
      return fromUnits(sum, decimals);
    }
    if (info.kind !== 'evm' || info.evmChainId === undefined) return undefined;
    const token = native ? undefined : tokenRef(asset);
    const decimals = native ? info.nativeDecimals : token && (await deps.decimals(asset));
    if (decimals === undefined) return undefined;
    const [method, params] = token
      ? ['eth_call', [{ to: token.contract, data: balanceOfData(account) }, 'latest']]
      : ['eth_getBalance', [account, 'latest']];
    const provider = await deps.wallet()?.connectedProvider(info.evmChainId);
    const result = provider
      ? await provider.request({ method, params })
      : url
        ? await rpc(url, method, params, signal, f)
        : undefined;
    return result === undefined ? undefined : fromUnits(units(result, HEX), decimals);
  };
}
