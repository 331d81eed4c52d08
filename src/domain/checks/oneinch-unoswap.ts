/**
 * A call of 1inch v6's `unoswap` family (`chains/oneinch-unoswap.ts` reads it) against the
 * request: it sells exactly the sell amount of the sell token (or the coin, for the `eth`
 * forms), its pools set no flag the layout does not name (nor Permit2: the widget approves the
 * router itself, nor "do not wrap" on the coin it sends), its last pool is a genuine pool whose
 * output side is the asset asked for (read on chain: `token0`/`token1` by the direction bit, the
 * pool found at its factory; the coin itself when the pool unwraps the chain's wrapped coin),
 * its `minReturn` holds the route's minimum, and it pays the destination: `to` for the `To`
 * forms, else the sender, which is then the only destination it can pay.
 *
 * Plain TypeScript; no DOM.
 */
import type { Hex } from 'viem';
import type { Route, QuoteRequest } from '../../schemas/service.js';
import { assetChain, canonicalContract } from '../chains/asset.js';
import { ONEINCH_V6_ROUTER } from '../chains/contracts.js';
import { sameEvmAddress, selector } from '../chains/evm.js';
import {
  UNISWAP_V2,
  UNISWAP_V3,
  UNOSWAP_FACTORIES,
  WRAPPED_NATIVE,
  addressOfWord,
  decodeUnoswap,
  encodeUnoswap,
  parseDex,
} from '../chains/oneinch-unoswap.js';
import { isChainNative } from './decimals.js';
import { refusal, type Refusal } from './refusals.js';
import type { Facts } from './facts.js';
import type { PoolFacts } from './plans.js';

export type { PoolFacts };
import { isEvmTx } from './tx-form.js';

/** A pool to read before a route is checked: on which chain, and of which protocol (which factory call finds it). */
export interface PoolRef {
  readonly chain: string;
  readonly pool: string;
  readonly protocol: typeof UNISWAP_V2 | typeof UNISWAP_V3;
}

/**
 * The pool a route's unoswap call ends in, when its transaction is one (to 1inch's router, on
 * the sell chain): the one the checks need read on chain. Undefined for any other route.
 */
export function unoswapPool(route: Route, request: QuoteRequest): PoolRef | undefined {
  const tx = route.tx ?? route.transaction;
  if (!isEvmTx(tx) || !sameEvmAddress(tx.to, ONEINCH_V6_ROUTER)) return undefined;
  const call = decodeUnoswap(tx.data);
  const last = call && parseDex(call.dexes.at(-1)!);
  if (!last || (last.protocol !== UNISWAP_V2 && last.protocol !== UNISWAP_V3)) return undefined;
  return { chain: assetChain(request.sellAsset), pool: last.pool, protocol: last.protocol };
}

/** The key a pool's facts are kept under. */
export const poolKey = (chain: string, pool: string) => `${chain}:${pool.toLowerCase()}`;

/**
 * Reads an unoswap call against the request: the calldata to hand out and the least it pays
 * (in the bought asset's base units), or why it is refused. `token`: the sell token's contract,
 * undefined for the chain's coin (sent as the value, which `checkEvm` holds to the sell amount).
 */
export function checkUnoswap(
  data: string,
  token: string | undefined,
  f: Facts,
): { data: Hex; minimumUnits: bigint } | Refusal {
  const { request } = f.ctx;
  const call = decodeUnoswap(data);
  if (!call) return refusal('aggregator-call-unreadable');
  const source = request.sourceAddress!;
  const receiver = request.destinationAddress ?? source;
  // It pays on the sell chain, with nothing that carries a swap on: never a first leg.
  if (f.buyChain !== f.sellChain) return refusal('first-leg-unbound', { got: selector(data), chain: f.sellChain });

  // What it sells.
  if (call.entry.eth !== (token === undefined))
    return refusal('aggregator-src-token-mismatch', {
      got: call.entry.eth ? 'native' : 'a token',
      want: token ?? 'native',
    });
  if (call.token !== undefined) {
    const sold = addressOfWord(call.token);
    if (sold.flags !== 0n || !sameEvmAddress(sold.address, token))
      return refusal('aggregator-src-token-mismatch', { got: `0x${call.token.toString(16)}`, want: token });
    if (call.amount !== f.sellUnits)
      return refusal('aggregator-amount-mismatch', { got: call.amount, want: f.sellUnits });
  }

  // Its pools: only the flags the layout names, where the router reads them.
  const dexes = call.dexes.map(parseDex);
  for (const [i, d] of dexes.entries()) {
    const last = i === dexes.length - 1;
    const misplaced = d.permit2 || (d.unwrapWeth && !last) || (d.noWrap && i === 0 && call.entry.eth);
    if (d.unknown !== 0n || misplaced)
      return refusal('unoswap-flags-unknown', { flags: `0x${call.dexes[i]!.toString(16)}` });
    if (d.protocol !== UNISWAP_V2 && d.protocol !== UNISWAP_V3)
      return refusal('unoswap-pool-unverified', { pool: d.pool, protocol: d.protocol });
    if (d.protocol === UNISWAP_V3 && d.numerator !== 0n)
      return refusal('unoswap-flags-unknown', { flags: `0x${call.dexes[i]!.toString(16)}` });
  }

  // What it buys: the last pool's side the direction bit points to, from a genuine pool.
  const last = dexes.at(-1)!;
  const facts = f.ctx.pool?.(f.sellChain, last.pool);
  if (!facts) return refusal('unoswap-pool-unread', { pool: last.pool, chain: f.sellChain });
  const factory = UNOSWAP_FACTORIES[f.sellChain]?.[last.protocol];
  if (!factory || !sameEvmAddress(facts.factory, factory) || !sameEvmAddress(facts.listed, last.pool))
    return refusal('unoswap-pool-unverified', { pool: last.pool, protocol: last.protocol });
  const out = last.zeroForOne ? facts.token1 : facts.token0;
  const native = isChainNative(request.buyAsset);
  const want = native ? WRAPPED_NATIVE[f.sellChain] : canonicalContract(request.buyAsset);
  if (native !== last.unwrapWeth || !sameEvmAddress(out, want))
    return refusal('aggregator-dst-token-mismatch', {
      got: last.unwrapWeth ? `${out} (unwrapped)` : out,
      want: request.buyAsset,
    });

  // The least it pays, in the bought asset's base units: only its trusted decimals count them.
  if (!f.buyDecimalsTrusted) return refusal('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
  if (call.minReturn < f.minimumUnits || call.minReturn === 0n)
    return refusal('aggregator-minimum-too-low', { got: call.minReturn, want: f.minimumUnits });

  // Whom it pays.
  const to = call.to === undefined ? undefined : addressOfWord(call.to);
  if (to ? to.flags !== 0n || !sameEvmAddress(to.address, receiver) : !sameEvmAddress(receiver, source))
    return refusal('aggregator-receiver-mismatch', { got: to ? `0x${call.to!.toString(16)}` : source, want: receiver });
  return { data: encodeUnoswap(call), minimumUnits: call.minReturn };
}
