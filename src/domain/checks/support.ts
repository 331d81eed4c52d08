/**
 * Whether the widget can carry out a route at all, before any check of its parts: the provider
 * it names must be one whose routes the widget knows how to hand out, the chains it sells and
 * buys on must be chains the widget knows, and the contract it calls must be one the widget can
 * read. A route that is not supported is listed with the reason and never pressable; it is not
 * "unreadable" (it read) and not refused for a detail (nothing of it could be handed out).
 *
 * Used for SwapKit's routes (`api/dialects/swapkit.ts`), whose providers and chains go beyond
 * the spec's: NEAR intents, Garden, Mayan, Harbor, Flashnet, OKX...; TON, SUI, Cardano, TRON...
 *
 * Plain TypeScript; no DOM.
 */
import { assetChain } from '../chains/asset.js';
import { chainOfAssetCode } from '../chains/chains.js';
import { refusal, type Refusal } from './refusals.js';

export type { SupportRefusalCode } from './support-codes.js';

/**
 * SwapKit's own contracts, through which its API sends the aggregator calls of its routes
 * (1inch): the swap's entry contract and the approval's spender, as recorded `/swap` answers
 * give them (test/fixtures/real/swapkit/v3-erc20-erc20-swap.json: `tx.to`, `meta.approvalAddress`)
 * and as Vultisig's Android client names them (vultisig/vultisig-android
 * `SwapKitQuoteSourceTest`: "SKWrapGeneric (swap entry)", "SKTokenTransferProxy (spender)").
 * Neither SwapKit's SDK (swapkit/SwapKit `packages/contracts` @
 * d6b21ba91c5d1550303d9a8e4b11ade035610b53) nor any public page found publishes their ABI or a
 * verified source; the recorded call (selector `0xda5d4170`) has 1inch pay its output to the
 * entry contract itself, which then pays the user: what it keeps cannot be read. So a route
 * that calls or approves one of them is not supported.
 */
export const SWAPKIT_CONTRACTS: readonly { readonly name: string; readonly address: string }[] = [
  { name: 'SwapKit SKWrapGeneric_V1', address: '0x9025B8ff35Ca44f7018C3a37FE0f69e63DBb0743' },
  { name: 'SwapKit SKTokenTransferProxy', address: '0x6C0AD82f9721A6dc986381d19338601a2E6370e5' },
];

/** SwapKit's contract at `address` (any case), if it is one. */
export function unsourcedContract(address: string | undefined): { name: string; address: string } | undefined {
  if (!address) return undefined;
  const a = address.toLowerCase();
  return SWAPKIT_CONTRACTS.find((c) => c.address.toLowerCase() === a);
}

/**
 * How a provider's route is carried out, for the providers the widget can carry out:
 * - `memo`: THORChain and Maya (streaming or not): a memo to a vault the protocol lists, or from
 *   an EVM chain the router call;
 * - `deposit`: Chainflip and NEAR intents: a per-swap deposit address the service gives, paid as
 *   a plain transfer after the user accepts it (no list publishes these addresses);
 * - `evm`: 1inch: the aggregator's call, decoded;
 * - `solana`: Jupiter: the Solana swap, decoded.
 */
export type CarryKind = 'memo' | 'deposit' | 'evm' | 'solana';

const CARRY: Readonly<Record<string, CarryKind>> = {
  THORCHAIN: 'memo',
  THORCHAIN_STREAMING: 'memo',
  MAYACHAIN: 'memo',
  MAYACHAIN_STREAMING: 'memo',
  CHAINFLIP: 'deposit',
  CHAINFLIP_STREAMING: 'deposit',
  NEAR: 'deposit',
  ONEINCH: 'evm',
  JUPITER: 'solana',
};

export function providerCarry(provider: string): CarryKind | undefined {
  return CARRY[provider.toUpperCase()];
}

/** What the support of a route is read from: a route of either dialect. */
export interface SupportInput {
  readonly providers: readonly string[];
  readonly sellAsset: string;
  readonly buyAsset: string;
  readonly meta?: { readonly approvalAddress?: string | undefined };
  readonly tx?: unknown;
}

export type Support = { ok: true; kind: CarryKind } | { ok: false; refusal: Refusal };

/** Whether the widget can carry out `route`, and how; else why not. */
export function routeSupport(route: SupportInput): Support {
  if (route.providers.length !== 1)
    return { ok: false, refusal: refusal('route-steps-unsupported', { providers: route.providers.join(', ') }) };
  const provider = route.providers[0]!;
  const kind = providerCarry(provider);
  if (!kind) return { ok: false, refusal: refusal('provider-unsupported', { provider }) };
  for (const asset of [route.sellAsset, route.buyAsset]) {
    const chain = assetChain(asset);
    if (!chainOfAssetCode(chain)) return { ok: false, refusal: refusal('chain-unsupported', { chain }) };
  }
  const sellKind = chainOfAssetCode(assetChain(route.sellAsset))!.kind;
  if (kind === 'evm' && sellKind !== 'evm')
    return { ok: false, refusal: refusal('provider-unsupported', { provider }) };
  if (kind === 'solana' && sellKind !== 'solana')
    return { ok: false, refusal: refusal('provider-unsupported', { provider }) };
  const to =
    typeof route.tx === 'object' && route.tx !== null && 'to' in route.tx && typeof route.tx.to === 'string'
      ? route.tx.to
      : undefined;
  const contract = unsourcedContract(to) ?? unsourcedContract(route.meta?.approvalAddress);
  if (contract) return { ok: false, refusal: refusal('contract-unsourced', contract) };
  return { ok: true, kind };
}
