/**
 * Why a route (or a deposit channel) is refused: a code and its parameters, never words.
 * `components/messages/refusals.ts` turns a refusal into a sentence in the widget's locale,
 * at render time; hosts and tests read the code.
 *
 * Plain TypeScript; no DOM.
 */

import type { CosmosRefusalCode } from './cosmos-msgs.js';
import type { SolanaRefusalCode } from './solana-tx.js';
import type { DepositRefusalCode, SupportRefusalCode } from './support-codes.js';

export type RefusalCode =
  // ---- every route ----
  | 'route-expired'
  | 'expiry-unreadable'
  | 'sell-asset-mismatch'
  | 'buy-asset-mismatch'
  | 'sell-amount-mismatch'
  | 'sell-amount-precision'
  | 'token-decimals-untrusted'
  | 'token-decimals-mismatch'
  | 'destination-missing'
  | 'destination-mismatch'
  | 'minimum-below-slippage'
  | 'affiliate-fee-unconfigured'
  | 'affiliate-fee-too-high'
  | 'affiliate-fee-asset'
  | 'meta-affiliate-mismatch'
  | 'meta-affiliate-fee-mismatch'
  | 'route-kind-unsupported'
  | 'route-kind-unknown'
  | 'tx-form-unknown'
  // ---- protocol memos ----
  | 'memo-chain-unsupported'
  | 'memo-too-long'
  | 'memo-unreadable'
  | 'memo-asset-mismatch'
  | 'memo-asset-ambiguous'
  | 'memo-destination-mismatch'
  | 'memo-refund-mismatch'
  | 'memo-limit-below-minimum'
  | 'memo-streaming-invalid'
  | 'memo-affiliate-mismatch'
  | 'memo-affiliate-missing'
  | 'memo-fee-mismatch'
  | 'memo-evm-needs-router'
  | 'inbound-address-missing'
  | 'inbound-address-invalid'
  | 'memo-asset-unsourced'
  // ---- the protocols' own lists (inbound.ts) ----
  | 'inbound-chain-unlisted'
  | 'inbound-vault-unlisted'
  | 'router-unlisted'
  | 'broker-route-with-memo'
  | 'deposit-with-inbound'
  | 'memo-protocol-mismatch'
  | 'protocol-unverified'
  | 'protocol-halted'
  | 'amount-below-dust'
  // ---- EVM transactions ----
  | 'tx-chain-not-evm'
  | 'tx-chain-mismatch'
  | 'source-address-missing'
  | 'tx-from-mismatch'
  | 'tx-to-invalid'
  | 'tx-data-invalid'
  | 'tx-no-call'
  | 'tx-to-unknown'
  | 'tx-call-unsupported'
  | 'tx-value-invalid'
  | 'tx-value-mismatch'
  | 'tx-value-with-token'
  | 'sell-token-invalid'
  | 'approval-spender-mismatch'
  | 'router-call-unreadable'
  | 'router-memo-mismatch'
  | 'router-asset-mismatch'
  | 'router-amount-mismatch'
  | 'router-vault-mismatch'
  | 'router-expiry-invalid'
  | 'aggregator-call-unreadable'
  | 'aggregator-src-token-mismatch'
  | 'aggregator-dst-token-mismatch'
  | 'aggregator-amount-mismatch'
  | 'aggregator-receiver-mismatch'
  | 'aggregator-receiver-unverified'
  | 'aggregator-leg-unreadable'
  | 'aggregator-minimum-too-low'
  | 'aggregator-flags-unknown'
  // ---- a first leg that pays a protocol's contract, Chainflip's Vault, 1inch's unoswap ----
  | 'first-leg-unbound'
  | 'vault-call-unreadable'
  | 'vault-asset-unsupported'
  | 'vault-source-mismatch'
  | 'vault-amount-mismatch'
  | 'vault-chain-mismatch'
  | 'vault-asset-mismatch'
  | 'vault-destination-unsupported'
  | 'vault-destination-mismatch'
  | 'vault-parameters-unreadable'
  | 'vault-refund-mismatch'
  | 'vault-parameters-unsupported'
  | 'vault-fee-too-high'
  | 'vault-minimum-too-low'
  | 'unoswap-flags-unknown'
  | 'unoswap-pool-unread'
  | 'unoswap-pool-unverified'
  // ---- deposit channels ----
  | 'channel-address-invalid'
  // ---- kinds the spec names that the widget does not carry out (route-kinds.ts) ----
  | 'atomic-swap-unsupported'
  | 'channel-second-swap-unsupported'
  // ---- Solana transactions and Cosmos messages (solana.ts, cosmos.ts) ----
  | SolanaRefusalCode
  | CosmosRefusalCode
  // ---- routes the widget cannot carry out, per-swap deposit addresses (support.ts, deposit-address.ts) ----
  | SupportRefusalCode
  | DepositRefusalCode;

export interface Refusal {
  code: RefusalCode;
  params?: Readonly<Record<string, string | number>>;
}

/** A refusal; parameters that are undefined are left out. */
export function refusal(
  code: RefusalCode,
  params?: Readonly<Record<string, string | number | bigint | undefined>>,
): Refusal {
  if (!params) return { code };
  const clean: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    clean[k] = typeof v === 'bigint' ? v.toString() : v;
  }
  return { code, params: clean };
}
