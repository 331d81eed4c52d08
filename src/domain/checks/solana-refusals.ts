/** Why a route's Solana transaction is refused (`solana-tx.ts`): a code with parameters, never words. */

export type SolanaRefusalCode =
  /** The sell asset is not a Solana asset, or its mint is not an address. */
  | 'solana-sell-asset'
  /** Not base64, not a transaction, trailing bytes, or an inconsistent header. */
  | 'solana-undecodable'
  /** A message version other than legacy and 0 (`version`). */
  | 'solana-version'
  /** The fee payer is not the source address, or the transaction wants more than one signature. */
  | 'solana-signer'
  /** An instruction of a program outside the allowlist (`program`). */
  | 'solana-program'
  /** An instruction of an allowed program that no honest swap needs (`program`, `instruction`). */
  | 'solana-instruction'
  /** A token-program `Approve` or `ApproveChecked`: a delegate for the user's tokens. */
  | 'solana-approve'
  /** A token-program `SetAuthority`. */
  | 'solana-set-authority'
  /** A `CloseAccount` whose lamports go to someone other than the user. */
  | 'solana-close-account'
  /** A top-level token `Transfer` or `TransferChecked`. */
  | 'solana-token-transfer'
  /** SOL moved to anything but the user's own wrapped-SOL account, or moved on a token sell. */
  | 'solana-sol-transfer'
  /** An associated token account created for someone other than the user or the recipient. */
  | 'solana-ata-create'
  /** Duplicate compute-budget settings, or a priority fee over the cap (`lamports`, `cap`). */
  | 'solana-priority-fee'
  /** An account that must be checked is loaded from an address lookup table (`role`). */
  | 'solana-lookup-account'
  /** No Jupiter swap, more than one, or one whose layout cannot be read (`reason`). */
  | 'solana-swap'
  /** The swap spends from an account that is not the user's account of the sell mint. */
  | 'solana-source-account'
  /** The amount swapped or wrapped is not the sell amount (`expected`, `actual`). */
  | 'solana-amount'
  /** The swap's floor is below the route's minimum (`expected`, `actual`). */
  | 'solana-minimum-out'
  /** The swap's output goes to an account that is not the recipient's. */
  | 'solana-destination'
  /** A Jupiter platform fee (`bps`) with no affiliate fee configured, or no Solana address for it (`missing`: `fee` or `address`). */
  | 'solana-platform-fee-unconfigured'
  /** A Jupiter platform fee at another rate than the configured affiliate fee (`got`, `want`). */
  | 'solana-platform-fee-rate'
  /** A Jupiter platform fee paid into an account that is not the configured owner's token account of the input or output mint (`account`). */
  | 'solana-platform-fee-account';

export interface SolanaRefusal {
  readonly code: SolanaRefusalCode;
  readonly params?: Record<string, string | number>;
}
