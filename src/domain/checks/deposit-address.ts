/**
 * A route that pays a per-swap deposit address the service gave (SwapKit's NEAR-intents and
 * Chainflip routes, once `/swap` answered): "send the sell amount to this address". No list
 * publishes such addresses, so the plan carries the warning the user must confirm in the review
 * before it is handed out (`deposit-address-unverified`, as a Chainflip channel's address opened
 * by the service of the spec): no host setting skips it, `skip-review` included (the flow shows
 * the review of a route that asks a confirmation). The hand-out is the widget's own transfer of
 * the checked amount to the checked address (a memo plan with an empty memo, as a deposit
 * channel's); a transaction the route carries beside it is never handed out, and when it is an
 * EVM one it must be exactly that transfer.
 *
 * Neither protocol offers the widget a lookup of such an address that it could read (Chainflip's
 * channels are on its own chain, NEAR intents' deposit addresses with the 1Click service that
 * gave them): the consent is always asked.
 *
 * Plain TypeScript; no DOM.
 */
import type { QuoteRequest, Route } from '../../schemas/service.js';
import { compareDecimal } from '../amounts/amount.js';
import { canonicalContract, parseAsset, spellsAsset } from '../chains/asset.js';
import { isValidAddress, sameAddress } from '../chains/address.js';
import { parseQuantity, sameEvmAddress } from '../chains/evm.js';
import { providerLabel } from '../chains/providers.js';
import { isChainNative } from './decimals.js';
import { reject, type CheckResult, type UnverifiedDeposit } from './plans.js';
import { refusal, type Refusal } from './refusals.js';
import { providerCarry } from './support.js';
import { isEvmTx } from './tx-form.js';
import type { Facts } from './facts.js';

export type { DepositRefusalCode } from './support-codes.js';

/** `transfer(address,uint256)` of ERC-20. */
const TRANSFER = '0xa9059cbb';
const word = (hex: string) => hex.padStart(64, '0');

/** The ERC-20 `transfer(to, amount)` calldata, lower case. */
export function transferData(to: string, amount: bigint): string {
  return `${TRANSFER}${word(to.slice(2).toLowerCase())}${word(amount.toString(16))}`;
}

/** The provider's own parameters a route may carry (`meta.near`): what was asked of the provider. */
interface ProviderParams {
  sellAsset?: unknown;
  buyAsset?: unknown;
  sellAmount?: unknown;
  sourceAddress?: unknown;
  destinationAddress?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The deposit-address route of `route` (its `depositAddress` set), checked; the plan pays that address. */
export function checkDepositAddress(route: Route & { depositAddress: string }, f: Facts): CheckResult {
  const { request } = f.ctx;
  const { sellChain, buyChain } = f;
  const address = route.depositAddress;
  const provider = route.providers[0] ?? '';
  if (route.providers.length !== 1 || providerCarry(provider) !== 'deposit')
    return reject('deposit-provider-unknown', { provider: route.providers.join(', ') });
  if (route.memo) return reject('deposit-with-memo');
  if (!isValidAddress(sellChain, address) || /^0x0{40}$/i.test(address))
    return reject('deposit-address-invalid', { address, chain: sellChain });
  for (const other of [route.targetAddress, route.inboundAddress]) {
    if (other !== undefined && !sameAddress(sellChain, other, address))
      return reject('deposit-address-mismatch', { address, other });
  }
  if (request.sourceAddress && sameAddress(sellChain, address, request.sourceAddress))
    return reject('deposit-address-own', { address });
  if (!request.destinationAddress) return reject('destination-missing');

  // The provider's own parameters, where the route gives them, must be the same swap.
  const params = (route.meta as { near?: ProviderParams }).near;
  if (params) {
    const sell = text(params.sellAsset);
    const buy = text(params.buyAsset);
    const amount = text(params.sellAmount);
    const to = text(params.destinationAddress);
    const from = text(params.sourceAddress);
    if (sell !== undefined && !spellsAsset(sell, request.sellAsset))
      return reject('deposit-params-mismatch', { field: 'sellAsset' });
    if (buy !== undefined && !spellsAsset(buy, request.buyAsset))
      return reject('deposit-params-mismatch', { field: 'buyAsset' });
    if (amount !== undefined && (!/^\d+(\.\d+)?$/.test(amount) || compareDecimal(amount, request.sellAmount) !== 0))
      return reject('deposit-params-mismatch', { field: 'sellAmount' });
    if (to !== undefined && !sameAddress(buyChain, to, request.destinationAddress))
      return reject('deposit-params-mismatch', { field: 'destinationAddress' });
    if (from !== undefined && request.sourceAddress && !sameAddress(sellChain, from, request.sourceAddress))
      return reject('deposit-params-mismatch', { field: 'sourceAddress' });
  }

  // An EVM transaction beside the address: exactly the transfer the widget hands out instead.
  const tx = route.tx;
  if (isEvmTx(tx)) {
    if (request.sourceAddress && !sameEvmAddress(tx.from, request.sourceAddress))
      return reject('deposit-tx-mismatch', { field: 'from' });
    const value = parseQuantity(tx.value);
    if (isChainNative(request.sellAsset)) {
      if (!sameEvmAddress(tx.to, address)) return reject('deposit-tx-mismatch', { field: 'to' });
      if (value !== f.sellUnits) return reject('deposit-tx-mismatch', { field: 'value' });
      if (tx.data !== '0x' && tx.data !== '') return reject('deposit-tx-mismatch', { field: 'data' });
    } else {
      if (!sameEvmAddress(tx.to, canonicalContract(request.sellAsset)))
        return reject('deposit-tx-mismatch', { field: 'to' });
      if (value !== 0n) return reject('deposit-tx-mismatch', { field: 'value' });
      if (tx.data.toLowerCase() !== transferData(address, f.sellUnits))
        return reject('deposit-tx-mismatch', { field: 'data' });
    }
  }

  const name = providerLabel(provider);
  const warning: UnverifiedDeposit = {
    code: 'deposit-address-unverified',
    address,
    protocol: provider.toUpperCase().startsWith('CHAINFLIP') ? 'B' : 'NEAR',
  };
  return {
    ok: true,
    plan: {
      kind: 'memo',
      chain: sellChain,
      asset: request.sellAsset,
      amount: request.sellAmount,
      address,
      memo: '',
      to: { address, role: 'deposit-address', name },
      ...(f.expiresAt !== undefined ? { expiresAt: f.expiresAt } : {}),
      warnings: [warning],
    },
  };
}

/** Whether a route is paid to a deposit address the service gave (SwapKit, after `/swap`). */
export function hasDepositAddress(route: Route): route is Route & { depositAddress: string } {
  return typeof (route as { depositAddress?: unknown }).depositAddress === 'string';
}

/**
 * Chainflip's names of its chains (Ethereum, Polkadot, Bitcoin, Arbitrum, Solana: Chainflip's docs,
 * `vault-swaps/encoding-reference.mdx`), as SwapKit's channel request writes them
 * (`{chain: "Ethereum", asset: "ETH"}`: docs.swapkit.dev/swapkit-api/chainflip-broker-channel-opening-a-chainflip-deposit-channel),
 * by the widget's chain codes.
 */
const CHAINFLIP_CHAINS: Readonly<Record<string, string>> = {
  Ethereum: 'ETH',
  Bitcoin: 'BTC',
  Arbitrum: 'ARB',
  Solana: 'SOL',
  Polkadot: 'DOT',
};

/** A Chainflip route's own channel request (`meta.chainflip`), as far as the widget reads it. */
export interface ChainflipParams {
  readonly sellAsset: { readonly chain: string; readonly asset: string };
  readonly buyAsset: { readonly chain: string; readonly asset: string };
  readonly destinationAddress: string;
  readonly refundParameters?: { readonly refundAddress?: string | undefined } | undefined;
}

/**
 * The channel request a SwapKit Chainflip route carries, before the widget sends it: the same
 * assets (chain and symbol), the user's destination, and any refund to the user's source address.
 * Undefined when it is that swap; else the refusal (`deposit-params-mismatch`, with the field).
 */
export function checkChainflipParams(params: ChainflipParams, request: QuoteRequest): Refusal | undefined {
  const same = (side: ChainflipParams['sellAsset'], asset: string) => {
    const parts = parseAsset(asset);
    return (
      !!parts && CHAINFLIP_CHAINS[side.chain] === parts.chain && side.asset.toUpperCase() === parts.symbol.toUpperCase()
    );
  };
  if (!same(params.sellAsset, request.sellAsset)) return refusal('deposit-params-mismatch', { field: 'sellAsset' });
  if (!same(params.buyAsset, request.buyAsset)) return refusal('deposit-params-mismatch', { field: 'buyAsset' });
  const buyChain = parseAsset(request.buyAsset)!.chain;
  if (!request.destinationAddress || !sameAddress(buyChain, params.destinationAddress, request.destinationAddress))
    return refusal('deposit-params-mismatch', { field: 'destinationAddress' });
  const refund = params.refundParameters?.refundAddress;
  const sellChain = parseAsset(request.sellAsset)!.chain;
  if (refund !== undefined && (!request.sourceAddress || !sameAddress(sellChain, refund, request.sourceAddress)))
    return refusal('deposit-params-mismatch', { field: 'refundAddress' });
  return undefined;
}
