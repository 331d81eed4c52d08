/**
 * The refusal codes of routes the widget cannot carry out (`support.ts`) and of per-swap deposit
 * addresses (`deposit-address.ts`), apart so that `refusals.ts` reads them without importing
 * the checks that use it.
 *
 * Plain TypeScript; no DOM.
 */

export type SupportRefusalCode =
  /** A provider whose routes the widget cannot hand out (`provider`). */
  | 'provider-unsupported'
  /** A chain the widget does not know (`chain`): it can neither check an address there nor hand out a payment. */
  | 'chain-unsupported'
  /** Several providers in one route (`providers`): each step would need its own hand-out. */
  | 'route-steps-unsupported'
  /** A contract whose code and ABI no source publishes (`name`, `address`): what it does with the funds cannot be decoded. */
  | 'contract-unsourced'
  /** The route `/swap` gave is not the route that was quoted (`field`: what differs). */
  | 'route-changed';

export type DepositRefusalCode =
  /** A deposit address on a route of a provider whose routes are not paid to one (`provider`). */
  | 'deposit-provider-unknown'
  /** A deposit address and a memo: nothing reads a memo sent to such an address. */
  | 'deposit-with-memo'
  /** Not an address of the sell chain, or the EVM zero address (`address`, `chain`). */
  | 'deposit-address-invalid'
  /** The route names two different addresses to pay (`address`, `other`). */
  | 'deposit-address-mismatch'
  /** The deposit address is the user's own source address (`address`): that is no swap. */
  | 'deposit-address-own'
  /** The provider's own parameters of the route say another swap (`field`). */
  | 'deposit-params-mismatch'
  /** The route's EVM transaction is not the transfer of the sell amount to the deposit address (`field`). */
  | 'deposit-tx-mismatch';
