/**
 * Reads a pool on chain for the check of a 1inch `unoswap` call (domain/checks/oneinch-unoswap.ts),
 * as the token-decimals reads do (`decimals-reads.ts`): through the RPC endpoint the host names
 * for the chain (`rpc-urls`), else through the page's injected wallet when it is connected to
 * that chain. The pool's `token0()`, `token1()` and `factory()` (and `fee()`, Uniswap V3), then
 * that factory's own lookup of those tokens (`getPair`, `getPool`): the check takes the pool for
 * genuine only when a factory of its table lists it. Resolves undefined when there is no way to
 * read, or when a read fails, is late, or answers anything but an address (or a fee).
 */
import { concatHex, getAddress, hexToBigInt, type Hex } from 'viem';
import { chainInfo } from '../domain/chains/chains.js';
import { addressWord, uintWord } from '../domain/chains/evm.js';
import { POOL_CALLS, UNISWAP_V3 } from '../domain/chains/oneinch-unoswap.js';
import { DECIMALS_READ_MS } from '../domain/checks/decimals.js';
import type { PoolRef } from '../domain/checks/oneinch-unoswap.js';
import type { PoolFacts } from '../domain/checks/plans.js';
import { rpc, type ReadDeps } from './decimals-reads.js';

export type PoolRead = (ref: PoolRef) => Promise<PoolFacts | undefined>;

/** A 32-byte word as an address: its high 12 bytes must be zero. */
function addressOf(word: unknown): string {
  if (typeof word !== 'string' || !/^0x0{24}[0-9a-fA-F]{40}$/.test(word)) throw new Error('not an address');
  return getAddress(`0x${word.slice(26)}`);
}

/** A 32-byte word as a Uniswap V3 fee (a `uint24`). */
function feeOf(word: unknown): bigint {
  if (typeof word !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(word)) throw new Error('not a fee');
  const fee = hexToBigInt(word as Hex);
  if (fee >= 1n << 24n) throw new Error('not a fee');
  return fee;
}

export function poolReader(deps: ReadDeps, timeoutMs = DECIMALS_READ_MS): PoolRead {
  const f = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (ref) => {
    const info = chainInfo(ref.chain);
    if (info?.kind !== 'evm' || info.evmChainId === undefined) return undefined;
    const url = deps.rpcUrl(ref.chain);
    const wallet = url ? undefined : deps.wallet();
    const provider = wallet && (await wallet.connectedProvider(info.evmChainId));
    if (!url && !provider) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const call = (to: string, data: Hex): Promise<unknown> => {
      const params = [{ to, data }, 'latest'];
      return url
        ? rpc(url, 'eth_call', params, controller.signal, f)
        : provider!.request({ method: 'eth_call', params });
    };
    const read = async (): Promise<PoolFacts> => {
      const v3 = ref.protocol === UNISWAP_V3;
      const [token0, token1, factory, fee] = await Promise.all([
        call(ref.pool, POOL_CALLS.token0).then(addressOf),
        call(ref.pool, POOL_CALLS.token1).then(addressOf),
        call(ref.pool, POOL_CALLS.factory).then(addressOf),
        v3 ? call(ref.pool, POOL_CALLS.fee).then(feeOf) : undefined,
      ]);
      const lookup = concatHex([
        v3 ? POOL_CALLS.getPool : POOL_CALLS.getPair,
        addressWord(token0),
        addressWord(token1),
        ...(fee !== undefined ? [uintWord(fee)] : []),
      ]);
      const listed = addressOf(await call(factory, lookup));
      return { token0, token1, factory, listed };
    };
    const late = new Promise<undefined>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(undefined)),
    );
    try {
      return await Promise.race([read(), late]);
    } catch {
      // A read that fails leaves the pool unread, never guessed.
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
