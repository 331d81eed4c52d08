/**
 * A Jupiter v6 swap's platform fee (its `platform_fee_bps` argument and its optional
 * `platform_fee_account`, jup-ag/jupiter-cpi `idl.json` @ 12bc5f67), against the affiliate fee
 * the host configured. Jupiter's swap API (https://dev.jup.ag/docs/swap/add-fees-to-swap):
 * the fee account is a token account of the swap's input or output mint, and the fee is taken
 * in that mint. Plain TypeScript, no DOM.
 */
import { JUPITER_V6_PROGRAM } from '../chains/solana-programs.js';
import type { SolanaRefusal } from './solana-refusals.js';

export interface PlatformFeeInput {
  /** The instruction's `platform_fee_bps`. */
  readonly bps: number;
  /** The instruction's `platform_fee_account` (the program id when absent). */
  readonly account: string;
  readonly inMint: string;
  readonly outMint: string;
  /** The configured affiliate fee (0: none) and the Solana owner the host named for it. */
  readonly configured?: { readonly bps: number; readonly owner?: string };
  /** The associated token accounts (SPL Token, Token-2022) of an owner for a mint. */
  atasOf(owner: string, mint: string): readonly string[];
}

/**
 * None (rate 0, no account), or the configured rate (0 taken too: nothing is charged) into the
 * configured owner's token account of the input or output mint; anything else refused. On
 * success, the rate taken from the output (the floor is then held net of it), else 0.
 */
export function checkPlatformFee(p: PlatformFeeInput): { outputBps: number } | { refusal: SolanaRefusal } {
  if (p.bps === 0 && p.account === JUPITER_V6_PROGRAM) return { outputBps: 0 };
  const fee = p.configured;
  if (!fee?.bps || !fee.owner)
    return {
      refusal: {
        code: 'solana-platform-fee-unconfigured',
        params: { bps: p.bps, missing: fee?.bps ? 'address' : 'fee' },
      },
    };
  if (p.bps !== 0 && p.bps !== fee.bps)
    return { refusal: { code: 'solana-platform-fee-rate', params: { got: p.bps, want: fee.bps } } };
  if (p.atasOf(fee.owner, p.outMint).includes(p.account)) return { outputBps: p.bps };
  if (p.atasOf(fee.owner, p.inMint).includes(p.account)) return { outputBps: 0 };
  return { refusal: { code: 'solana-platform-fee-account', params: { account: p.account } } };
}
