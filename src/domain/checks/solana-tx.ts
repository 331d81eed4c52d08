/**
 * Checks of a route's Solana transaction (the `tx` string, base64) against what the user
 * asked for, before a wallet is asked to sign it. The transaction is decoded, never searched:
 * every top-level instruction is read and must be one the honest shape below needs.
 *
 * The honest shape (what the reference service builds, and what Jupiter's swap API builds):
 * compute-budget limit and price; for a SOL sell, create the user's wrapped-SOL account
 * (idempotent), move the sell amount into it with a System transfer and `SyncNative` it; create
 * the output account (idempotent); one Jupiter v6 `route` or `sharedAccountsRoute`; close the
 * wrapped-SOL account back to the user. Nothing else:
 * - no top-level token `Transfer`/`TransferChecked` at all (the swap moves the user's tokens
 *   inside Jupiter, for exactly its `in_amount`), no `Approve`, no `SetAuthority`;
 * - `CloseAccount` only to the user, owned by the user;
 * - SOL leaves the user only by System `Transfer` into the user's own wrapped-SOL account
 *   (`CreateAccount` would need a second signer; nonce, assign and seed instructions are refused);
 * - an account the checks must know (a transfer or close destination, the swap's source and
 *   output accounts and mint, the owner of a created account) must be a static key, or one
 *   loaded from an address lookup table whose account was read before the check (`lookupTables`,
 *   `chains/solana-lookup-table.ts`: a table's entries never change). One from a table that was
 *   not read (no Solana RPC endpoint to read it with, no answer, no table) or an index beyond its
 *   entries is refused, saying which.
 *
 * Plain TypeScript, no DOM, synchronous.
 */
import { canonicalContract, parseAsset } from '../chains/asset.js';
import {
  ALLOWED_PROGRAMS,
  ASSOCIATED_TOKEN_PROGRAM,
  ATA_IX,
  COMPUTE_BUDGET_IX,
  COMPUTE_BUDGET_PROGRAM,
  JUPITER_V6_PROGRAM,
  MAX_COMPUTE_UNIT_LIMIT,
  MEMO_PROGRAMS,
  SYSTEM_IX,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_IX,
  TOKEN_PROGRAM,
  WRAPPED_SOL_MINT,
  readJupiterSwap,
  type JupiterSwap,
} from '../chains/solana-programs.js';
import { checkPlatformFee } from './solana-fee.js';
import type { SolanaRefusal, SolanaRefusalCode } from './solana-refusals.js';
import {
  addressBytes,
  associatedTokenAddress,
  base64Bytes,
  decodeWireTransaction,
  type WireInstruction,
} from '../chains/solana-wire.js';
import { belowFloor } from './floor.js';

/**
 * Highest priority fee a transaction may set: compute-unit price (micro-lamports) × limit
 * (1 400 000 when unset) / 10⁶. 5 000 000 lamports is 0.005 SOL, above Jupiter's own
 * "veryHigh" priority fees, far below what would hurt a user.
 */
export const MAX_PRIORITY_FEE_LAMPORTS = 5_000_000n;

export type { SolanaRefusal, SolanaRefusalCode } from './solana-refusals.js';

export interface SolanaExpectation {
  /** The user's address (base58): the fee payer and only signer. */
  readonly sourceAddress: string;
  /** The sell asset: `SOL.SOL` or `SOL.SYMBOL-<mint>`. */
  readonly sellAsset: string;
  /** The sell amount in base units (lamports for SOL). */
  readonly sellAmount: bigint;
  /** When given: the least the swap may accept, in the swap output's base units (one unit of rounding is allowed). */
  readonly minimumOut?: bigint;
  /**
   * When given: the mint the swap must buy and, with `owner`, whose associated token account
   * must receive it.
   */
  readonly recipient?: { readonly owner?: string; readonly mint: string };
  /**
   * The affiliate fee the host configured (`bps`, 0 for none) and the Solana address it named
   * for it (`owner`): a Jupiter platform fee is accepted only at that rate, into that owner's
   * token account of the input or output mint.
   */
  readonly platformFee?: { readonly bps: number; readonly owner?: string };
  /**
   * The address lookup tables the transaction loads accounts from, read before the check: each
   * table's addresses (undefined: it could not be read, or is no table), or `no-rpc` when there
   * was no endpoint to read them with. Absent: none were read (as `no-rpc`).
   */
  readonly lookupTables?: LookupTableReads;
}

/** Lookup tables read before a check: by table address, its addresses or undefined; `no-rpc` when nothing could read them. */
export type LookupTableReads = ReadonlyMap<string, readonly string[] | undefined> | 'no-rpc';

export interface SolanaFacts {
  readonly ok: true;
  readonly version: 'legacy' | 0;
  readonly feePayer: string;
  readonly swap: Omit<JupiterSwap, 'accounts'>;
  /** Lamports wrapped into the user's wrapped-SOL account (0 on a token sell). */
  readonly wrappedLamports: bigint;
  readonly priorityFeeLamports: bigint;
  /** Address lookup tables the transaction loads accounts from. */
  readonly lookupTables: readonly string[];
}

export type SolanaCheck = SolanaFacts | { readonly ok: false; readonly refusal: SolanaRefusal };

class Refused extends Error {
  constructor(readonly refusal: SolanaRefusal) {
    super(refusal.code);
  }
}
const refuse = (code: SolanaRefusalCode, params?: Record<string, string | number>): never => {
  throw new Refused(params ? { code, params } : { code });
};

const u32 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset, d.byteLength).getUint32(at, true);
const u64 = (d: Uint8Array, at: number) => new DataView(d.buffer, d.byteOffset, d.byteLength).getBigUint64(at, true);

/** Checks a serialised transaction; see the module comment for the rules. */
export function checkSolanaTransaction(serialized: string, expect: SolanaExpectation): SolanaCheck {
  try {
    return check(serialized, expect);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, refusal: e.refusal };
    throw e;
  }
}

function check(serialized: string, expect: SolanaExpectation): SolanaFacts {
  const source = expect.sourceAddress;
  const asset = parseAsset(expect.sellAsset);
  if (!asset || asset.chain !== 'SOL' || asset.synthetic || !addressBytes(source)) refuse('solana-sell-asset');
  const solSell = !asset!.contract;
  const sellMint = canonicalContract(expect.sellAsset) ?? WRAPPED_SOL_MINT;
  if (!addressBytes(sellMint)) refuse('solana-sell-asset');

  const bytes = base64Bytes(serialized);
  if (!bytes) return refuse('solana-undecodable');
  const decoded = decodeWireTransaction(bytes);
  if (!decoded.ok)
    return decoded.reason === 'version'
      ? refuse('solana-version', { version: decoded.version })
      : refuse('solana-undecodable');
  const tx = decoded.tx;
  if (tx.header[0] !== 1 || tx.signatures.length !== 1 || tx.keys[0] !== source) refuse('solana-signer');

  // Associated token accounts, derived once each.
  const atas = new Map<string, readonly string[]>();
  const atasOf = (owner: string, mint: string) => {
    const k = `${owner}:${mint}`;
    if (!atas.has(k))
      atas.set(
        k,
        [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((p) => associatedTokenAddress(owner, mint, p) ?? ''),
      );
    return atas.get(k)!;
  };
  const wrappedSol = () => atasOf(source, WRAPPED_SOL_MINT)[0]!;

  // The accounts loaded from tables, in the order their indexes follow the static keys: every
  // table's writable indexes in lookup order, then every table's read-only ones (solana-wire.ts).
  const loaded = [
    ...tx.lookups.flatMap((l) => l.writable.map((at) => ({ table: l.table, at }))),
    ...tx.lookups.flatMap((l) => l.readonly.map((at) => ({ table: l.table, at }))),
  ];
  const reads = expect.lookupTables ?? 'no-rpc';

  /**
   * The address at position `i` of the instruction's accounts: a static key, or the entry of a
   * lookup table that was read; refused when missing, or loaded from a table the check cannot read.
   */
  const staticAccount = (ix: WireInstruction, i: number, role: string): string => {
    const index = ix.accounts[i];
    if (index === undefined) return refuse('solana-instruction', { program: tx.keys[ix.programIndex]!, role });
    if (index < tx.keys.length) return tx.keys[index]!;
    const slot = loaded[index - tx.keys.length];
    if (!slot) return refuse('solana-lookup-account', { role, reason: 'index' });
    if (reads === 'no-rpc') return refuse('solana-lookup-account', { role, table: slot.table, reason: 'no-rpc' });
    const entries = reads.get(slot.table);
    if (!entries) return refuse('solana-lookup-account', { role, table: slot.table, reason: 'unread' });
    return entries[slot.at] ?? refuse('solana-lookup-account', { role, table: slot.table, reason: 'index' });
  };

  let wrapped = 0n;
  let unitLimit: bigint | undefined;
  let unitPrice: bigint | undefined;
  const budgetSeen = new Set<number>();
  let swap: JupiterSwap | undefined;

  for (const ix of tx.instructions) {
    const program = tx.keys[ix.programIndex]!;
    const d = ix.data;
    if (!ALLOWED_PROGRAMS.has(program)) refuse('solana-program', { program });
    const unsupported = () => refuse('solana-instruction', { program, instruction: d[0] ?? -1 });

    if (program === COMPUTE_BUDGET_PROGRAM) {
      const kind = d[0];
      const size = kind === COMPUTE_BUDGET_IX.setComputeUnitPrice ? 9 : 5;
      if (
        kind === undefined ||
        kind < COMPUTE_BUDGET_IX.requestHeapFrame ||
        kind > COMPUTE_BUDGET_IX.setLoadedAccountsDataSizeLimit ||
        d.length !== size
      )
        unsupported();
      if (budgetSeen.has(kind!)) refuse('solana-priority-fee', { duplicate: kind! });
      budgetSeen.add(kind!);
      if (kind === COMPUTE_BUDGET_IX.setComputeUnitLimit) unitLimit = BigInt(u32(d, 1));
      if (kind === COMPUTE_BUDGET_IX.setComputeUnitPrice) unitPrice = u64(d, 1);
    } else if (program === SYSTEM_PROGRAM) {
      if (d.length !== 12 || u32(d, 0) !== SYSTEM_IX.transfer) unsupported();
      const from = staticAccount(ix, 0, 'transfer-source');
      const to = staticAccount(ix, 1, 'transfer-destination');
      if (from !== source || to !== wrappedSol() || !solSell) refuse('solana-sol-transfer', { destination: to });
      wrapped += u64(d, 4);
    } else if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) {
      const kind = d[0];
      if (kind === TOKEN_IX.approve || kind === TOKEN_IX.approveChecked) refuse('solana-approve');
      if (kind === TOKEN_IX.setAuthority) refuse('solana-set-authority');
      if (kind === TOKEN_IX.transfer || kind === TOKEN_IX.transferChecked) refuse('solana-token-transfer');
      if (d.length !== 1 || (kind !== TOKEN_IX.closeAccount && kind !== TOKEN_IX.syncNative)) unsupported();
      if (kind === TOKEN_IX.closeAccount) {
        const destination = staticAccount(ix, 1, 'close-destination');
        const owner = staticAccount(ix, 2, 'close-owner');
        if (destination !== source || owner !== source) refuse('solana-close-account', { destination });
      }
    } else if (program === ASSOCIATED_TOKEN_PROGRAM) {
      if (!(d.length === 0 || (d.length === 1 && (d[0] === ATA_IX.create || d[0] === ATA_IX.createIdempotent))))
        unsupported();
      const payer = staticAccount(ix, 0, 'ata-payer');
      const owner = staticAccount(ix, 2, 'ata-owner');
      if (payer !== source || (owner !== source && owner !== expect.recipient?.owner))
        refuse('solana-ata-create', { owner });
    } else if (program === JUPITER_V6_PROGRAM) {
      const read = readJupiterSwap(d);
      if (read === 'other') refuse('solana-swap', { reason: 'instruction' });
      if (read === 'layout') refuse('solana-swap', { reason: 'layout' });
      if (swap) refuse('solana-swap', { reason: 'several' });
      swap = read as JupiterSwap;
      checkSwap(ix, swap, staticAccount);
    } else if (!MEMO_PROGRAMS.includes(program)) {
      unsupported();
    }
  }

  if (!swap) return refuse('solana-swap', { reason: 'none' });
  if (solSell && wrapped !== expect.sellAmount)
    refuse('solana-amount', { expected: String(expect.sellAmount), actual: String(wrapped) });

  const limit = unitLimit ?? MAX_COMPUTE_UNIT_LIMIT;
  const priorityFee = ((unitPrice ?? 0n) * limit + 999_999n) / 1_000_000n;
  if (priorityFee > MAX_PRIORITY_FEE_LAMPORTS)
    refuse('solana-priority-fee', { lamports: String(priorityFee), cap: String(MAX_PRIORITY_FEE_LAMPORTS) });

  const { accounts: _, ...facts } = swap;
  return {
    ok: true,
    version: tx.version,
    feePayer: source,
    swap: facts,
    wrappedLamports: wrapped,
    priorityFeeLamports: priorityFee,
    lookupTables: tx.lookups.map((l) => l.table),
  };

  /** The swap's platform fee, checked (`solana-fee.ts`): the rate it takes from the output, else 0. */
  function platformFee(ix: WireInstruction, s: JupiterSwap, account: typeof staticAccount): number {
    const fee = checkPlatformFee({
      bps: s.platformFeeBps,
      account: account(ix, s.accounts.platformFee, 'platform-fee'),
      outMint: account(ix, s.accounts.destinationMint, 'swap-mint'),
      inMint: sellMint,
      ...(expect.platformFee ? { configured: expect.platformFee } : {}),
      atasOf,
    });
    return 'refusal' in fee ? refuse(fee.refusal.code, fee.refusal.params) : fee.outputBps;
  }

  function checkSwap(ix: WireInstruction, s: JupiterSwap, account: typeof staticAccount): void {
    const a = s.accounts;
    if (account(ix, a.authority, 'swap-authority') !== source) refuse('solana-signer');
    const from = account(ix, a.source, 'swap-source');
    if (!atasOf(source, sellMint).includes(from)) refuse('solana-source-account', { account: from });
    if (s.inAmount !== expect.sellAmount)
      refuse('solana-amount', { expected: String(expect.sellAmount), actual: String(s.inAmount) });
    const recipient = expect.recipient;
    if (recipient && account(ix, a.destinationMint, 'swap-mint') !== recipient.mint)
      refuse('solana-destination', { reason: 'mint' });
    // A fee in the output mint may be taken after the program checks its floor (Jupiter's
    // source is not public): the floor is held net of it.
    const feeBps = BigInt(platformFee(ix, s, account));
    const floor = (s.minimumOut * (10_000n - feeBps)) / 10_000n;
    if (expect.minimumOut !== undefined && belowFloor(floor, expect.minimumOut)) {
      refuse('solana-minimum-out', {
        expected: String(expect.minimumOut),
        actual: String(floor),
        ...(feeBps ? { feeBps: Number(feeBps) } : {}),
      });
    }
    // No owner (a deposit address the widget cannot know): the mint bought is all that is checked.
    if (recipient?.owner === undefined) return;
    const theirs = atasOf(recipient.owner, recipient.mint);
    const destination = account(ix, a.destination, 'swap-destination');
    const optional =
      a.optionalDestination === undefined ? undefined : account(ix, a.optionalDestination, 'swap-destination');
    if (optional === undefined || optional === JUPITER_V6_PROGRAM) {
      // `sharedAccountsRoute`, or `route` without its optional destination (Anchor passes the
      // program id for an absent optional account): the output lands in `destination`.
      if (!theirs.includes(destination)) refuse('solana-destination', { account: destination });
    } else {
      // `route` with a destination account set: whichever of the two receives the output, it
      // must be the recipient's or, for the intermediate one, the user's own.
      if (!theirs.includes(optional)) refuse('solana-destination', { account: optional });
      if (!theirs.includes(destination) && !atasOf(source, recipient.mint).includes(destination))
        refuse('solana-destination', { account: destination });
    }
  }
}
