/**
 * The Solana programs a swap transaction may call, and the instruction layouts the checks
 * read. Every value names its source; plain TypeScript, no DOM.
 */

/** solana-program/system `clients/js/src/generated/programs/system.ts`. */
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** solana-program/compute-budget `clients/js/src/generated/programs/computeBudget.ts`. */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/** solana-program/token `clients/js/src/generated/programs/token.ts`. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** solana-program/token-2022 `clients/js/src/generated/programs/token2022.ts`. */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** solana-program/associated-token-account `interface/src/lib.rs`. */
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
/** jup-ag/jupiter-cpi `src/lib.rs` (`declare_id!`). */
export const JUPITER_V6_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** solana-program/memo `interface/src/lib.rs`: versions 1, 3 and 4 (a memo moves nothing). */
export const MEMO_PROGRAMS: readonly string[] = [
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH',
];
/** The native mint (wrapped SOL) of the token program (solana-program/token `interface/src/native_mint.rs`). */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

/** Every program a transaction may call at top level. */
export const ALLOWED_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  JUPITER_V6_PROGRAM,
  ...MEMO_PROGRAMS,
]);

/** Token and Token-2022 instruction numbers (first data byte; solana-program/token `generated/instructions`). */
export const TOKEN_IX = {
  transfer: 3,
  approve: 4,
  revoke: 5,
  setAuthority: 6,
  closeAccount: 9,
  transferChecked: 12,
  approveChecked: 13,
  syncNative: 17,
} as const;

/** System instruction numbers (u32 little-endian; solana-program/system). */
export const SYSTEM_IX = { transfer: 2 } as const;

/** Compute Budget instruction numbers (u8; solana-program/compute-budget). */
export const COMPUTE_BUDGET_IX = {
  requestHeapFrame: 1,
  setComputeUnitLimit: 2,
  setComputeUnitPrice: 3,
  setLoadedAccountsDataSizeLimit: 4,
} as const;

/** Largest compute-unit limit (kit `MAX_COMPUTE_UNIT_LIMIT`): assumed when no limit is set. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;

/** Associated Token Account instructions: `Create` (0, or no data), `CreateIdempotent` (1). */
export const ATA_IX = { create: 0, createIdempotent: 1 } as const;

// ---- Jupiter v6 ------------------------------------------------------------------------------

/**
 * Anchor discriminators, `sha256("global:<name>")[0..8]` (computed; the same bytes are in the
 * program's IDL, debridge-finance/solana-tx-parser-public `tests/idl/jupiter_v6.ts`).
 */
export const JUPITER_ROUTE = Uint8Array.of(229, 23, 203, 151, 122, 227, 173, 42);
export const JUPITER_SHARED_ACCOUNTS_ROUTE = Uint8Array.of(193, 32, 155, 51, 65, 214, 156, 129);

/**
 * Payload bytes of each variant of the `Swap` enum in a route plan step, by variant index
 * (IDL of JUP6…: debridge-finance/solana-tx-parser-public @ ff51fa9 `tests/idl/jupiter_v6.ts`;
 * the first 32 agree with jup-ag/jupiter-cpi @ 81d1ebd `idl.json`). Borsh writes `bool`,
 * `u8` and the unit enum `Side` as one byte; -1 marks `WhirlpoolSwapV2`
 * (`bool, Option<{ slices: Vec<{ u8 enum, u8 }> }>`). A later variant is unknown: the
 * amount after the plan cannot be found, and the transaction is refused.
 */
const SWAP_VARIANT_BYTES: readonly number[] = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  0,
  0,
  1,
  0,
  0,
  1,
  1,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  1,
  0,
  0,
  1,
  1,
  16,
  0,
  0, // 0-31
  0,
  4,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  4,
  3,
  10,
  5,
  5,
  0,
  -1,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  1, // 32-61
];

/** Largest route plan read (Jupiter's own plans have a handful of steps). */
const MAX_ROUTE_STEPS = 32;

export interface JupiterSwap {
  readonly instruction: 'route' | 'shared_accounts_route';
  readonly inAmount: bigint;
  readonly quotedOutAmount: bigint;
  readonly slippageBps: number;
  readonly platformFeeBps: number;
  /** The floor the program enforces: quoted out × (10 000 − slippage) / 10 000. */
  readonly minimumOut: bigint;
  /** Positions in the instruction's own account list (IDL account order). */
  readonly accounts: {
    readonly authority: number;
    readonly source: number;
    /** Where the output lands; for `route`, `optionalDestination` instead when it is set. */
    readonly destination: number;
    readonly optionalDestination?: number;
    readonly destinationMint: number;
    /** The optional `platform_fee_account` (the program id when absent). */
    readonly platformFee: number;
  };
}

/**
 * Reads a Jupiter v6 `route` or `sharedAccountsRoute` instruction (IDL arguments:
 * `[id: u8,] route_plan: Vec<RoutePlanStep>, in_amount: u64, quoted_out_amount: u64,
 * slippage_bps: u16, platform_fee_bps: u8`; `RoutePlanStep = { swap: Swap, percent: u8,
 * input_index: u8, output_index: u8 }`). The plan is walked step by step, so the amount read
 * is the one the program reads, and nothing may follow the last argument.
 * `'other'`: another Jupiter instruction (token-ledger and exact-out routes, the 2025 `*_v2`
 * routes, account management); `'layout'`: a plan with an unknown step or bad lengths.
 */
export function readJupiterSwap(data: Uint8Array): JupiterSwap | 'other' | 'layout' {
  const starts = (d: Uint8Array) => data.length >= 8 && d.every((b, i) => data[i] === b);
  const shared = starts(JUPITER_SHARED_ACCOUNTS_ROUTE);
  if (!shared && !starts(JUPITER_ROUTE)) return 'other';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = shared ? 9 : 8;
  const need = (n: number) => at + n <= data.length;
  if (!need(4)) return 'layout';
  const steps = view.getUint32(at, true);
  at += 4;
  if (steps === 0 || steps > MAX_ROUTE_STEPS) return 'layout';
  // Reads past the end give `undefined`, which no branch accepts; the length check after the
  // plan settles every overrun.
  for (let i = 0; i < steps; i++) {
    const size = SWAP_VARIANT_BYTES[data[at++]!];
    if (size === undefined) return 'layout';
    if (size >= 0) at += size;
    else {
      at += 1; // a_to_b
      const some = data[at++];
      if (some === 1) {
        if (!need(4)) return 'layout';
        at += 4 + 2 * view.getUint32(at, true);
      } else if (some !== 0) return 'layout';
    }
    at += 3; // percent, input_index, output_index
  }
  if (at + 19 !== data.length) return 'layout';
  const inAmount = view.getBigUint64(at, true);
  const quotedOutAmount = view.getBigUint64(at + 8, true);
  const slippageBps = view.getUint16(at + 16, true);
  const platformFeeBps = data[at + 18]!;
  if (slippageBps > 10_000) return 'layout';
  return {
    instruction: shared ? 'shared_accounts_route' : 'route',
    inAmount,
    quotedOutAmount,
    slippageBps,
    platformFeeBps,
    minimumOut: (quotedOutAmount * BigInt(10_000 - slippageBps)) / 10_000n,
    // route: token_program, user_transfer_authority, user_source_token_account,
    // user_destination_token_account, destination_token_account (optional), destination_mint,
    // platform_fee_account (optional), …
    // shared: token_program, program_authority, user_transfer_authority, source_token_account,
    // program_source_token_account, program_destination_token_account, destination_token_account,
    // source_mint, destination_mint, platform_fee_account (optional), …
    // (jup-ag/jupiter-cpi `idl.json` @ 12bc5f67: platform_fee_account 6 in `route`, 9 in `sharedAccountsRoute`.)
    accounts: shared
      ? { authority: 2, source: 3, destination: 6, destinationMint: 8, platformFee: 9 }
      : { authority: 1, source: 2, destination: 3, optionalDestination: 4, destinationMint: 5, platformFee: 6 },
  };
}
