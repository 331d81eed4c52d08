/**
 * Real, unsigned Solana swap transactions for aggregator-B routes, built with @solana/kit
 * (its own message compiler, lookup-table compression and wire encoder), in the shape
 * Jupiter's swap API answers: compute budget; for a SOL sell, wrap the sell amount into the
 * user's wrapped-SOL account; create the output account; one Jupiter v6 `route` (or
 * `sharedAccountsRoute`); unwrap what is left. The reference service builds these with its own
 * code: nothing here comes from the widget's `src/domain/solana*.ts`.
 */
import { createHash } from 'node:crypto';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressDecoder,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getStructEncoder,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  getU8Encoder,
  isAddress,
  isOffCurveAddress,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { seedBytes } from './addresses.js';

export const SYSTEM = '11111111111111111111111111111111' as Address;
export const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
export const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4' as Address;
export const WSOL = 'So11111111111111111111111111111111111111112' as Address;

const addressEncoder = getAddressEncoder();
const addressDecoder = getAddressDecoder();
const bytesOf = (a: Address) => addressEncoder.encode(a) as Uint8Array;

/** Whether `s` is a Solana address (base58, 32 bytes). */
export function isSolanaAddress(s: string | undefined): s is string {
  return !!s && isAddress(s);
}

/** A deterministic address from a seed. */
export function seededAddress(seed: string): Address {
  return addressDecoder.decode(seedBytes(`sol:${seed}`));
}

/** `find_program_address` with node's sha256 and kit's curve check (synchronous, unlike kit's own). */
export function programAddress(seeds: readonly Uint8Array[], program: Address): Address {
  for (let bump = 255; bump > 0; bump--) {
    const hash = createHash('sha256');
    for (const s of seeds) hash.update(s);
    hash.update(Uint8Array.of(bump)).update(bytesOf(program)).update('ProgramDerivedAddress');
    const candidate = addressDecoder.decode(new Uint8Array(hash.digest()));
    if (isOffCurveAddress(candidate)) return candidate;
  }
  throw new Error('no program address');
}

export function associatedTokenAccount(owner: Address, mint: Address, tokenProgram: Address = TOKEN): Address {
  return programAddress([bytesOf(owner), bytesOf(tokenProgram), bytesOf(mint)], ATA_PROGRAM);
}

/** sha256("global:<name>")[0..8], Anchor's instruction discriminator. */
export function anchorDiscriminator(name: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`global:${name}`).digest().subarray(0, 8));
}

const ro = (address: Address) => ({ address, role: AccountRole.READONLY });
const rw = (address: Address) => ({ address, role: AccountRole.WRITABLE });
const signer = (address: Address) => ({ address, role: AccountRole.WRITABLE_SIGNER });

function createAtaIdempotent(payer: Address, owner: Address, mint: Address): Instruction {
  return {
    programAddress: ATA_PROGRAM,
    accounts: [signer(payer), rw(associatedTokenAccount(owner, mint)), ro(owner), ro(mint), ro(SYSTEM), ro(TOKEN)],
    data: Uint8Array.of(1),
  };
}

/** A route plan step: one of Jupiter's `Swap` variants (index, payload), `percent`, input and output indexes. */
interface Step {
  readonly variant: number;
  readonly payload: readonly number[];
  readonly percent: number;
  readonly input: number;
  readonly output: number;
}
/** A few unit and one-byte variants of Jupiter's `Swap` enum: Raydium 7, Whirlpool 17 (`a_to_b`), MeteoraDlmm 38, RaydiumCP 46. */
const VARIANTS: readonly (readonly [number, readonly number[]])[] = [
  [7, []],
  [17, [1]],
  [38, []],
  [46, []],
];

function jupiterData(
  name: 'route' | 'shared_accounts_route',
  steps: readonly Step[],
  inAmount: bigint,
  quotedOut: bigint,
  slippageBps: number,
  platformFeeBps: number,
): Uint8Array {
  const plan = new Uint8Array(steps.flatMap((s) => [s.variant, ...s.payload, s.percent, s.input, s.output]));
  const tail = getStructEncoder([
    ['inAmount', getU64Encoder()],
    ['quotedOutAmount', getU64Encoder()],
    ['slippageBps', getU16Encoder()],
    ['platformFeeBps', getU8Encoder()],
  ]).encode({ inAmount, quotedOutAmount: quotedOut, slippageBps, platformFeeBps });
  const head = name === 'shared_accounts_route' ? [...anchorDiscriminator(name), 0] : [...anchorDiscriminator(name)];
  return new Uint8Array([...head, ...getU32Encoder().encode(steps.length), ...plan, ...tail]);
}

export interface SolanaSwapParams {
  /** The user: fee payer, only signer, owner of the source account. */
  readonly from: string;
  /** Mint sold; undefined for SOL (wrapped first). */
  readonly mintIn?: string;
  /** Mint bought; undefined for SOL (bought as wrapped SOL, unwrapped when the user receives it). */
  readonly mintOut?: string;
  readonly amountIn: bigint;
  readonly quotedOut: bigint;
  readonly slippageBps: number;
  /** Owner of the account the output goes to (the user, another wallet, a deposit address). */
  readonly recipient: string;
  /**
   * Create the recipient's output account when the recipient is not the user (default true);
   * off for a protocol's deposit address, whose account exists already.
   */
  readonly createRecipientAccount?: boolean;
  /** Blockhash, pools and the lookup table follow from it. */
  readonly seed: string;
  readonly version?: 0 | 'legacy';
  readonly instruction?: 'route' | 'shared_accounts_route';
  /** v0 only: pool accounts loaded from an address lookup table (default true). */
  readonly lookupTable?: boolean;
  readonly computeUnitLimit?: number;
  /** Micro-lamports per compute unit. */
  readonly computeUnitPrice?: bigint;
  /** Route plan steps (1 or 2). */
  readonly hops?: 1 | 2;
  /**
   * A platform fee (`platform_fee_bps`, a u8) paid into `account`, a token account of the input
   * or output mint (Jupiter's swap API); none by default (rate 0, the program id in its place).
   */
  readonly platformFee?: { readonly bps: number; readonly account: Address };
  /**
   * v0 only: the mints are loaded from the shared table of mints (`MINT_LOOKUP_TABLE`, its
   * addresses here), as Jupiter's transactions load popular mints from shared tables: the output
   * mint the swap names is then no static key. The table is served by the RPC stand-in (`rpc.ts`).
   */
  readonly mintTable?: readonly Address[];
}

/** The shared lookup table of mints (`mintTable`): its address. */
export const MINT_LOOKUP_TABLE = seededAddress('lookup-table:mints');

/** The mints the shared table holds: wrapped SOL, then the listed Solana tokens' mints, in the list's order. */
export function mintLookupTable(tokens: readonly { chain: string; contract?: string }[]): Address[] {
  const mints = tokens.filter((t) => t.chain === 'SOL' && t.contract && isAddress(t.contract)).map((t) => t.contract!);
  return [...new Set([WSOL, ...mints])].slice(0, 256) as Address[];
}

/**
 * A lookup table account's data as the chain stores it (anza-xyz/solana-sdk,
 * `address-lookup-table-interface/src/state.rs`): the bincode `ProgramState::LookupTable` (u32 1)
 * and its meta (active: `deactivation_slot` u64::MAX; last extended at slot 1 from index 0; an
 * authority), zero-filled to 56 bytes, then the addresses, 32 bytes each. Written here with the
 * service's own code, not the widget's reader.
 */
export function lookupTableAccountData(addresses: readonly Address[], authority: Address): Uint8Array {
  const meta = new Uint8Array(56);
  const view = new DataView(meta.buffer);
  view.setUint32(0, 1, true);
  view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true);
  view.setBigUint64(12, 1n, true);
  meta[20] = 0;
  meta[21] = 1;
  meta.set(bytesOf(authority), 22);
  return new Uint8Array([...meta, ...addresses.flatMap((a) => [...bytesOf(a)])]);
}

/** The lookup table of a transaction built from `seed` and the addresses it holds. */
export function lookupTableOf(seed: string): { table: Address; addresses: Address[] } {
  return {
    table: seededAddress(`${seed}:lookup-table`),
    addresses: Array.from({ length: 8 }, (_, i) => seededAddress(`${seed}:pool:${i}`)),
  };
}

/** An unsigned swap transaction, base64 (the spec's third transaction form). */
export function solanaSwapTx(p: SolanaSwapParams): string {
  const user = p.from as Address;
  const mintIn = (p.mintIn ?? WSOL) as Address;
  const mintOut = (p.mintOut ?? WSOL) as Address;
  const recipient = p.recipient as Address;
  const name = p.instruction ?? 'route';
  const version = p.version ?? 0;
  const pools = lookupTableOf(p.seed);
  const source = associatedTokenAccount(user, mintIn);
  const userOut = associatedTokenAccount(user, mintOut);
  const theirOut = associatedTokenAccount(recipient, mintOut);
  const toOther = recipient !== user;

  const instructions: Instruction[] = [];
  if (!p.mintIn) {
    instructions.push(
      createAtaIdempotent(user, user, WSOL),
      {
        programAddress: SYSTEM,
        accounts: [signer(user), rw(source)],
        data: new Uint8Array([...getU32Encoder().encode(2), ...getU64Encoder().encode(p.amountIn)]),
      },
      { programAddress: TOKEN, accounts: [rw(source)], data: Uint8Array.of(17) },
    );
  }
  instructions.push(createAtaIdempotent(user, user, mintOut));
  if (toOther && p.createRecipientAccount !== false) instructions.push(createAtaIdempotent(user, recipient, mintOut));

  const pick = seedBytes(`${p.seed}:plan`);
  const variant = (i: number) => VARIANTS[pick[i]! % VARIANTS.length]!;
  const steps: Step[] =
    (p.hops ?? 1) === 1
      ? [{ variant: variant(0)[0], payload: variant(0)[1], percent: 100, input: 0, output: 1 }]
      : [
          { variant: variant(0)[0], payload: variant(0)[1], percent: 100, input: 0, output: 2 },
          { variant: variant(1)[0], payload: variant(1)[1], percent: 100, input: 2, output: 1 },
        ];
  const eventAuthority = programAddress([new TextEncoder().encode('__event_authority')], JUPITER);
  const authority = programAddress([new TextEncoder().encode('authority'), Uint8Array.of(0)], JUPITER);
  const poolAccounts = pools.addresses.map((a, i) => (i % 2 ? ro(a) : rw(a)));
  // The optional platform fee account (jupiter-cpi `idl.json`: 6th of `route`, 9th of `sharedAccountsRoute`, counting from 0).
  const feeAccount = p.platformFee ? rw(p.platformFee.account) : ro(JUPITER);
  const accounts =
    name === 'route'
      ? [
          ro(TOKEN),
          { address: user, role: AccountRole.READONLY_SIGNER },
          rw(source),
          rw(userOut),
          toOther ? rw(theirOut) : ro(JUPITER),
          ro(mintOut),
          feeAccount,
          ro(eventAuthority),
          ro(JUPITER),
        ]
      : [
          ro(TOKEN),
          ro(authority),
          { address: user, role: AccountRole.READONLY_SIGNER },
          rw(source),
          rw(associatedTokenAccount(authority, mintIn)),
          rw(associatedTokenAccount(authority, mintOut)),
          rw(toOther ? theirOut : userOut),
          ro(mintIn),
          ro(mintOut),
          feeAccount,
          ro(JUPITER),
          ro(eventAuthority),
          ro(JUPITER),
        ];
  instructions.push({
    programAddress: JUPITER,
    accounts: [...accounts, ...poolAccounts],
    data: jupiterData(name, steps, p.amountIn, p.quotedOut, p.slippageBps, p.platformFee?.bps ?? 0),
  });
  // Unwrap: what is left of a SOL sell, or SOL bought by the user.
  if (!p.mintIn || (!p.mintOut && !toOther)) {
    instructions.push({
      programAddress: TOKEN,
      accounts: [
        rw(associatedTokenAccount(user, WSOL)),
        rw(user),
        { address: user, role: AccountRole.READONLY_SIGNER },
      ],
      data: Uint8Array.of(9),
    });
  }

  const blockhash = addressDecoder.decode(seedBytes(`${p.seed}:blockhash`)) as string as Blockhash;
  const lifetime = { blockhash, lastValidBlockHeight: 0n };
  const limit = p.computeUnitLimit ?? 300_000;
  const price = p.computeUnitPrice ?? 20_000n;
  if (version === 'legacy') {
    const legacy = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(user, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => setTransactionMessageComputeUnitLimit(limit, m),
      (m) => setTransactionMessageComputeUnitPrice(price, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    return getBase64EncodedWireTransaction(compileTransaction(legacy));
  }
  const v0 = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(user, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => setTransactionMessageComputeUnitLimit(limit, m),
    (m) => setTransactionMessageComputeUnitPrice(price, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tables = {
    ...(p.lookupTable === false ? {} : { [pools.table]: pools.addresses }),
    ...(p.mintTable ? { [MINT_LOOKUP_TABLE]: [...p.mintTable] } : {}),
  };
  const message = Object.keys(tables).length ? compressTransactionMessageUsingAddressLookupTables(v0, tables) : v0;
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
