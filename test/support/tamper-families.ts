/**
 * A compromised service, for the Solana and Cosmos transaction forms: named tampering cases,
 * each a function route JSON -> tampered route JSON (a copy), with the refusal code the widget
 * must answer with, and the honest route kinds they apply to. The Solana cases edit the
 * compiled message with @solana/kit's own codecs, so the result is still a well-formed
 * transaction that differs from the honest one in one rule only.
 */
import { bech32 } from '@scure/base';
import {
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getU32Encoder,
  getU64Encoder,
  type Address,
} from '@solana/kit';
import {
  associatedTokenAccount,
  seededAddress,
  JUPITER,
  SYSTEM,
  TOKEN,
  WSOL,
  ATA_PROGRAM,
  anchorDiscriminator,
} from '../../demo/server/solana-tx.js';
import { AFFILIATE_SOLANA_OWNERS } from '../../demo/server/affiliates.js';
import type { CosmosRefusalCode } from '../../src/domain/checks/cosmos-msgs.js';
import type { RefusalCode } from '../../src/domain/checks/refusals.js';
import type { SolanaRefusalCode } from '../../src/domain/checks/solana-tx.js';

export type TamperRoute = Record<string, unknown> & {
  sellAsset: string;
  sourceAddress?: string;
  inboundAddress?: string;
  memo?: string;
  tx?: unknown;
};

export interface FamilyTamper {
  readonly name: string;
  readonly family: 'solana' | 'cosmos';
  /** The refusal code the checks answer with (a route-level one for the route tamperings). */
  readonly code: RefusalCode;
  /** The honest routes it applies to (see `HONEST_FAMILY_KINDS`); others are not tampered. */
  readonly appliesTo: (route: TamperRoute) => boolean;
  readonly tamper: (route: TamperRoute) => TamperRoute;
  /** Optional inputs of the Solana check this case needs to be caught. */
  readonly needs?: 'minimumOut' | 'recipient';
  /**
   * The refusal of the whole route's check where it comes before the transaction reader's
   * (`code`): a rule of the route (its addresses, its protocol) that the transaction reader
   * alone cannot see.
   */
  readonly routeCode?: RefusalCode;
}

export const ATTACKER_SOL = seededAddress('attacker');
/** The Solana owner the reference service pays affiliate `sw`'s platform fee to (demo/server/affiliates.ts). */
export const FEE_OWNER = AFFILIATE_SOLANA_OWNERS.sw! as Address;
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;

/**
 * The affiliate a widget quoting `request` is configured with: the request's name and fee,
 * and `affiliate-addresses` naming the reference service's fee owner for it on Solana.
 */
export function widgetAffiliate(request: { affiliate?: string; affiliateFee?: number }): {
  name?: string;
  bps: number;
  addresses?: Record<string, string>;
} {
  return request.affiliate
    ? { name: request.affiliate, bps: request.affiliateFee ?? 0, addresses: { SOL: FEE_OWNER } }
    : { bps: 0 };
}
const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

// ---- Solana: the compiled message, edited -----------------------------------------------------

interface Ix {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: Uint8Array;
}
interface Msg {
  version: 'legacy' | 0;
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
  staticAccounts: Address[];
  lifetimeToken: string;
  instructions: Ix[];
  addressTableLookups?: { lookupTableAddress: Address; writableIndexes: number[]; readonlyIndexes: number[] }[];
}

function readTx(b64: string): Msg {
  const bytes = Buffer.from(b64, 'base64');
  const m = getCompiledTransactionMessageDecoder().decode(bytes.subarray(1 + 64 * bytes[0]!)) as unknown as Msg;
  return structuredClone({
    ...m,
    instructions: m.instructions.map((ix) => ({
      ...ix,
      accountIndices: [...(ix.accountIndices ?? [])],
      data: new Uint8Array(ix.data ?? []),
    })),
  });
}

function writeTx(m: Msg): string {
  const message = getCompiledTransactionMessageEncoder().encode(m as never);
  const n = m.header.numSignerAccounts;
  return Buffer.concat([Buffer.from([n]), Buffer.alloc(64 * n), Buffer.from(message)]).toString('base64');
}

/** Moves every index at or after `at` one place on (a key was inserted there). */
function shift(m: Msg, at: number): void {
  for (const ix of m.instructions) {
    if (ix.programAddressIndex >= at) ix.programAddressIndex++;
    ix.accountIndices = (ix.accountIndices ?? []).map((i) => (i >= at ? i + 1 : i));
  }
}

/** The static index of `address`, added as a writable or read-only non-signer when missing. */
function staticIndex(m: Msg, address: Address, writable: boolean): number {
  const found = m.staticAccounts.indexOf(address);
  if (found >= 0) return found;
  const at = writable ? m.staticAccounts.length - m.header.numReadonlyNonSignerAccounts : m.staticAccounts.length;
  shift(m, at);
  m.staticAccounts.splice(at, 0, address);
  if (!writable) m.header.numReadonlyNonSignerAccounts++;
  return at;
}

/** Loads `address` as a writable account through a new lookup table; its index. */
function loadedIndex(m: Msg, table: Address): number {
  const lookups = (m.addressTableLookups ??= []);
  const at = m.staticAccounts.length + lookups.reduce((n, l) => n + l.writableIndexes.length, 0);
  shift(m, at);
  lookups.push({ lookupTableAddress: table, writableIndexes: [7], readonlyIndexes: [] });
  return at;
}

function addIx(
  m: Msg,
  program: Address,
  accounts: readonly (readonly [Address, boolean])[],
  data: Uint8Array | number[],
): void {
  const indices = accounts.map(([a, w]) => staticIndex(m, a, w));
  m.instructions.push({
    programAddressIndex: staticIndex(m, program, false),
    accountIndices: indices,
    data: new Uint8Array(data),
  });
}

const keyOf = (m: Msg, ix: Ix) => m.staticAccounts[ix.programAddressIndex];
const jupiterIx = (m: Msg) => m.instructions.find((ix) => keyOf(m, ix) === JUPITER)!;
const u64 = (v: bigint) => [...getU64Encoder().encode(v)];
const sellMintOf = (r: TamperRoute) => (/^SOL\.[^-]+-(.+)$/.exec(r.sellAsset)?.[1] ?? WSOL) as Address;
const userOf = (r: TamperRoute) => r.sourceAddress as Address;
const solSell = (r: TamperRoute) => r.sellAsset.toUpperCase() === 'SOL.SOL';

function editSolana(edit: (m: Msg, r: TamperRoute) => void): (r: TamperRoute) => TamperRoute {
  return (r) => {
    const m = readTx(r.tx as string);
    edit(m, r);
    return { ...structuredClone(r), tx: writeTx(m) };
  };
}
const isSolana = (r: TamperRoute) => typeof r.tx === 'string';
/**
 * The transaction without its compute-unit limit instruction (Jupiter's swap API may leave it
 * out): the network then allows the largest limit, and the priority fee counts it.
 */
export function withoutComputeUnitLimit(tx: string): string {
  const m = readTx(tx);
  m.instructions = m.instructions.filter(
    (ix) => !(keyOf(m, ix) === 'ComputeBudget111111111111111111111111111111' && ix.data?.[0] === 2),
  );
  return writeTx(m);
}
const sharedRoute = (ix: Ix) => ix.data![0] === 193;
/** The Jupiter swap's platform fee rate (its last argument) and the place of its fee account. */
const feeBpsOf = (m: Msg) => jupiterIx(m).data!.at(-1)!;
const feeSlot = (ix: Ix) => (sharedRoute(ix) ? 9 : 6);
const outMintOf = (m: Msg) => {
  const ix = jupiterIx(m);
  return m.staticAccounts[ix.accountIndices![sharedRoute(ix) ? 8 : 5]!]!;
};
/** Sets the swap's platform fee: its rate and, when given, its fee account. */
function setFee(m: Msg, bps: number, account?: Address): void {
  const ix = jupiterIx(m);
  ix.data![ix.data!.length - 1] = bps;
  if (!account) return;
  const index = staticIndex(m, account, account !== JUPITER); // may move every index first
  ix.accountIndices![feeSlot(ix)] = index;
}
/** Honest Solana routes with a platform fee (an affiliate was configured), and without. */
const withFee = (r: TamperRoute) => isSolana(r) && feeBpsOf(readTx(r.tx as string)) > 0;
const withoutFee = (r: TamperRoute) => isSolana(r) && feeBpsOf(readTx(r.tx as string)) === 0;
const isSolSell = (r: TamperRoute) => isSolana(r) && solSell(r);

function solana(
  name: string,
  code: SolanaRefusalCode,
  tamper: (r: TamperRoute) => TamperRoute,
  appliesTo = isSolana,
  needs?: FamilyTamper['needs'],
): FamilyTamper {
  return { name, family: 'solana', code, appliesTo, tamper, ...(needs ? { needs } : {}) };
}

const SOLANA: FamilyTamper[] = [
  solana('solana-not-base64', 'solana-undecodable', (r) => ({ ...structuredClone(r), tx: `${r.tx as string}!` })),
  solana('solana-trailing-byte', 'solana-undecodable', (r) => ({
    ...structuredClone(r),
    tx: Buffer.concat([Buffer.from(r.tx as string, 'base64'), Buffer.from([0])]).toString('base64'),
  })),
  solana(
    'solana-version-1',
    'solana-version',
    (r) => {
      const b = Buffer.from(r.tx as string, 'base64');
      b[1 + 64 * b[0]!] = 0x81;
      return { ...structuredClone(r), tx: b.toString('base64') };
    },
    (r) => isSolana(r) && readTx(r.tx as string).version === 0,
  ),
  solana(
    'solana-fee-payer',
    'solana-signer',
    editSolana((m) => void (m.staticAccounts[0] = ATTACKER_SOL)),
  ),
  solana(
    'solana-second-signer',
    'solana-signer',
    editSolana((m) => {
      shift(m, 1);
      m.staticAccounts.splice(1, 0, ATTACKER_SOL);
      m.header.numSignerAccounts = 2;
    }),
  ),
  solana(
    'solana-unknown-program',
    'solana-program',
    editSolana((m) => addIx(m, seededAddress('drainer-program'), [], [1, 2, 3])),
  ),
  solana(
    'solana-approve-delegate',
    'solana-approve',
    editSolana((m, r) => {
      const ata = associatedTokenAccount(userOf(r), sellMintOf(r));
      addIx(
        m,
        TOKEN,
        [
          [ata, true],
          [ATTACKER_SOL, false],
          [userOf(r), false],
        ],
        [4, ...u64(2n ** 64n - 1n)],
      );
    }),
  ),
  solana(
    'solana-set-authority',
    'solana-set-authority',
    editSolana((m, r) => {
      const ata = associatedTokenAccount(userOf(r), sellMintOf(r));
      addIx(
        m,
        TOKEN,
        [
          [ata, true],
          [userOf(r), false],
        ],
        [6, 2, 1, ...getAddressEncoder().encode(ATTACKER_SOL)],
      );
    }),
  ),
  solana(
    'solana-close-to-attacker',
    'solana-close-account',
    editSolana((m, r) => {
      addIx(
        m,
        TOKEN,
        [
          [associatedTokenAccount(userOf(r), WSOL), true],
          [ATTACKER_SOL, true],
          [userOf(r), false],
        ],
        [9],
      );
    }),
  ),
  solana(
    'solana-token-transfer',
    'solana-token-transfer',
    editSolana((m, r) => {
      const ata = associatedTokenAccount(userOf(r), sellMintOf(r));
      addIx(
        m,
        TOKEN,
        [
          [ata, true],
          [sellMintOf(r), false],
          [associatedTokenAccount(ATTACKER_SOL, sellMintOf(r)), true],
          [userOf(r), false],
        ],
        [12, ...u64(1n), 6],
      );
    }),
  ),
  solana(
    'solana-sol-to-attacker',
    'solana-sol-transfer',
    editSolana((m, r) => {
      addIx(
        m,
        SYSTEM,
        [
          [userOf(r), true],
          [ATTACKER_SOL, true],
        ],
        [...getU32Encoder().encode(2), ...u64(1n)],
      );
    }),
  ),
  solana(
    'solana-durable-nonce',
    'solana-instruction',
    editSolana((m, r) => {
      addIx(
        m,
        SYSTEM,
        [
          [seededAddress('nonce'), true],
          [seededAddress('recent-blockhashes'), false],
          [userOf(r), false],
        ],
        [...getU32Encoder().encode(4)],
      );
    }),
  ),
  solana(
    'solana-token-burn',
    'solana-instruction',
    editSolana((m, r) => {
      addIx(
        m,
        TOKEN,
        [
          [associatedTokenAccount(userOf(r), sellMintOf(r)), true],
          [sellMintOf(r), true],
          [userOf(r), false],
        ],
        [8, ...u64(1n)],
      );
    }),
  ),
  solana(
    'solana-priority-fee',
    'solana-priority-fee',
    editSolana((m) => {
      const price = m.instructions.find(
        (ix) => keyOf(m, ix) === 'ComputeBudget111111111111111111111111111111' && ix.data?.[0] === 3,
      )!;
      price.data = new Uint8Array([3, ...u64(10n ** 12n)]);
    }),
  ),
  solana(
    'solana-second-compute-price',
    'solana-priority-fee',
    editSolana((m) => {
      addIx(m, 'ComputeBudget111111111111111111111111111111' as Address, [], [3, ...u64(1n)]);
    }),
  ),
  solana(
    'solana-close-from-table',
    'solana-lookup-account',
    editSolana((m, r) => {
      const account = staticIndex(m, associatedTokenAccount(userOf(r), WSOL), true);
      const owner = staticIndex(m, userOf(r), false);
      const program = staticIndex(m, TOKEN, false);
      const destination = loadedIndex(m, seededAddress('attacker-table'));
      m.instructions.push({
        programAddressIndex: program,
        accountIndices: [account, destination, owner],
        data: Uint8Array.of(9),
      });
    }),
    (r) => isSolana(r) && readTx(r.tx as string).version === 0,
  ),
  solana(
    'solana-in-amount',
    'solana-amount',
    editSolana((m) => {
      const ix = jupiterIx(m);
      const at = ix.data!.length - 19;
      ix.data!.set(u64(new DataView(ix.data!.buffer, ix.data!.byteOffset).getBigUint64(at, true) * 2n), at);
    }),
  ),
  solana(
    'solana-wrap-amount',
    'solana-amount',
    editSolana((m) => {
      const ix = m.instructions.find((i) => keyOf(m, i) === SYSTEM)!;
      ix.data!.set(u64(new DataView(ix.data!.buffer, ix.data!.byteOffset).getBigUint64(4, true) + 1n), 4);
    }),
    isSolSell,
  ),
  solana(
    'solana-no-swap',
    'solana-swap',
    editSolana((m) => void m.instructions.splice(m.instructions.indexOf(jupiterIx(m)), 1)),
  ),
  solana(
    'solana-token-ledger-route',
    'solana-swap',
    editSolana((m) => jupiterIx(m).data!.set(anchorDiscriminator('route_with_token_ledger'), 0)),
  ),
  solana(
    'solana-two-swaps',
    'solana-swap',
    editSolana((m) => void m.instructions.push(structuredClone(jupiterIx(m)))),
  ),
  solana(
    'solana-source-account',
    'solana-source-account',
    editSolana((m, r) => {
      const ix = jupiterIx(m);
      const other = associatedTokenAccount(userOf(r), seededAddress('another-mint'));
      const index = staticIndex(m, other, true);
      const shared = ix.data![0] === 193;
      ix.accountIndices![shared ? 3 : 2] = index;
    }),
  ),
  solana(
    'solana-slippage-10000',
    'solana-minimum-out',
    editSolana((m) => {
      const ix = jupiterIx(m);
      ix.data!.set([0x10, 0x27], ix.data!.length - 3);
    }),
    isSolana,
    'minimumOut',
  ),
  solana(
    'solana-output-to-attacker',
    'solana-destination',
    editSolana((m) => {
      // The account the output lands in: `sharedAccountsRoute` 6; `route` its optional
      // destination (4) when set, else the user's destination (3).
      const ix = jupiterIx(m);
      const shared = ix.data![0] === 193;
      const mint = m.staticAccounts[ix.accountIndices![shared ? 8 : 5]!]!;
      const optionalSet = !shared && m.staticAccounts[ix.accountIndices![4]!] !== JUPITER;
      const index = staticIndex(m, associatedTokenAccount(ATTACKER_SOL, mint), true);
      ix.accountIndices![shared ? 6 : optionalSet ? 4 : 3] = index;
    }),
    isSolana,
    'recipient',
  ),
  solana(
    'solana-intermediate-to-attacker',
    'solana-destination',
    editSolana((m) => {
      // `route` to another wallet: the user's own destination account (3) swapped for the attacker's.
      const ix = jupiterIx(m);
      const mint = m.staticAccounts[ix.accountIndices![5]!]!;
      const index = staticIndex(m, associatedTokenAccount(ATTACKER_SOL, mint), true);
      ix.accountIndices![3] = index;
    }),
    (r) => {
      if (!isSolana(r)) return false;
      const m = readTx(r.tx as string);
      const ix = jupiterIx(m);
      return ix.data![0] === 229 && m.staticAccounts[ix.accountIndices![4]!] !== JUPITER;
    },
    'recipient',
  ),
  solana(
    'solana-output-mint',
    'solana-destination',
    editSolana((m) => {
      const ix = jupiterIx(m);
      const shared = ix.data![0] === 193;
      const index = staticIndex(m, seededAddress('another-mint'), false);
      ix.accountIndices![shared ? 8 : 5] = index;
    }),
    isSolana,
    'recipient',
  ),
  solana(
    'solana-swap-authority',
    'solana-signer',
    editSolana((m) => {
      const ix = jupiterIx(m);
      const shared = ix.data![0] === 193;
      const index = staticIndex(m, ATTACKER_SOL, false);
      ix.accountIndices![shared ? 2 : 1] = index;
    }),
  ),
  solana(
    'solana-swap-plan-unknown-step',
    'solana-swap',
    editSolana((m) => {
      // The first step's `Swap` variant set to one past the known ones: the amount cannot be found.
      const ix = jupiterIx(m);
      ix.data![(ix.data![0] === 193 ? 9 : 8) + 4] = 200;
    }),
  ),
  solana(
    'solana-swap-trailing-byte',
    'solana-swap',
    editSolana((m) => {
      const ix = jupiterIx(m);
      ix.data = new Uint8Array([...ix.data!, 0]);
    }),
  ),
  solana(
    'solana-close-short',
    'solana-instruction',
    editSolana((m, r) => addIx(m, TOKEN, [[associatedTokenAccount(userOf(r), WSOL), true]], [9])),
  ),
  // A Jupiter platform fee (issue 22, item 6): only the configured rate, into the configured
  // owner's token account of the input or output mint, and the floor held net of it.
  solana(
    'solana-platform-fee-255-to-attacker',
    'solana-platform-fee-unconfigured',
    editSolana((m) => setFee(m, 255, associatedTokenAccount(ATTACKER_SOL, outMintOf(m)))),
    withoutFee,
  ),
  solana(
    'solana-platform-fee-unconfigured',
    'solana-platform-fee-unconfigured',
    editSolana((m) => setFee(m, 30, associatedTokenAccount(FEE_OWNER, outMintOf(m)))),
    withoutFee,
  ),
  solana(
    'solana-platform-fee-account-unconfigured',
    'solana-platform-fee-unconfigured',
    editSolana((m) => setFee(m, 0, associatedTokenAccount(ATTACKER_SOL, outMintOf(m)))),
    withoutFee,
  ),
  solana(
    'solana-platform-fee-255',
    'solana-platform-fee-rate',
    editSolana((m) => setFee(m, 255)),
    withFee,
  ),
  solana(
    'solana-platform-fee-to-attacker',
    'solana-platform-fee-account',
    editSolana((m) => setFee(m, feeBpsOf(m), associatedTokenAccount(ATTACKER_SOL, outMintOf(m)))),
    withFee,
  ),
  solana(
    'solana-platform-fee-to-owner-of-other-mint',
    'solana-platform-fee-account',
    editSolana((m) => setFee(m, feeBpsOf(m), associatedTokenAccount(FEE_OWNER, seededAddress('another-mint')))),
    withFee,
  ),
  solana(
    'solana-platform-fee-no-account',
    'solana-platform-fee-account',
    editSolana((m) => setFee(m, feeBpsOf(m), JUPITER)),
    withFee,
  ),
  solana(
    'solana-platform-fee-floor-gross',
    'solana-minimum-out',
    editSolana((m) => {
      // The quoted output net of the fee: the floor holds before the fee, not after.
      const ix = jupiterIx(m);
      const at = ix.data!.length - 19 + 8;
      const quoted = new DataView(ix.data!.buffer, ix.data!.byteOffset).getBigUint64(at, true);
      ix.data!.set(u64((quoted * BigInt(10_000 - feeBpsOf(m))) / 10_000n), at);
    }),
    withFee,
    'minimumOut',
  ),
  solana(
    'solana-ata-for-attacker',
    'solana-ata-create',
    editSolana((m, r) => {
      addIx(
        m,
        ATA_PROGRAM,
        [
          [userOf(r), true],
          [associatedTokenAccount(ATTACKER_SOL, WSOL), true],
          [ATTACKER_SOL, false],
          [WSOL, false],
          [SYSTEM, false],
          [TOKEN, false],
        ],
        [1],
      );
    }),
  ),
];

// ---- Cosmos: the message form, edited ----------------------------------------------------------

type MsgJson = { type: string; value: Record<string, unknown> };
type CosmosTxJson = {
  msgs: MsgJson[];
  fee: { amount: { denom: string; amount: string }[]; gas: string };
  memo?: string;
};

const isCosmos = (r: TamperRoute) =>
  typeof r.tx === 'object' && r.tx !== null && Array.isArray((r.tx as CosmosTxJson).msgs);
const isDeposit = (r: TamperRoute) => isCosmos(r) && /MsgDeposit$/.test((r.tx as CosmosTxJson).msgs[0]!.type);
const isSend = (r: TamperRoute) => isCosmos(r) && /MsgSend$/.test((r.tx as CosmosTxJson).msgs[0]!.type);
const paysFee = (r: TamperRoute) => isCosmos(r) && (r.tx as CosmosTxJson).fee.amount.length > 0;

function editCosmos(edit: (tx: CosmosTxJson, r: TamperRoute) => void): (r: TamperRoute) => TamperRoute {
  return (r) => {
    const copy = structuredClone(r);
    edit(copy.tx as CosmosTxJson, copy);
    return copy;
  };
}
function cosmos(
  name: string,
  code: CosmosRefusalCode,
  tamper: (r: TamperRoute) => TamperRoute,
  appliesTo = isCosmos,
  routeCode?: RefusalCode,
): FamilyTamper {
  return { name, family: 'cosmos', code, appliesTo, tamper, ...(routeCode ? { routeCode } : {}) };
}
/** Another valid address of the same chain: the same prefix, other bytes. */
export function otherBech32(address: string): string {
  const { prefix, words } = bech32.decode(address as `${string}1${string}`);
  const bytes = bech32.fromWords(words);
  bytes[0] = bytes[0]! ^ 0xff;
  return bech32.encode(prefix, bech32.toWords(bytes));
}
const userOfCosmos = (tx: CosmosTxJson) => (tx.msgs[0]!.value.signer ?? tx.msgs[0]!.value.from_address) as string;
const isDepositMsg = (tx: CosmosTxJson) => /MsgDeposit$/.test(tx.msgs[0]!.type);
const coinsOf = (m: MsgJson) =>
  (m.value.coins ?? m.value.amount) as { amount: string; asset?: string; denom?: string }[];

const COSMOS: FamilyTamper[] = [
  cosmos(
    'cosmos-two-messages',
    'cosmos-message-count',
    editCosmos((tx) => void tx.msgs.push(structuredClone(tx.msgs[0]!))),
  ),
  cosmos(
    'cosmos-wasm-message',
    'cosmos-message-type',
    editCosmos((tx) => void (tx.msgs[0]!.type = 'wasm/MsgExecuteContract')),
  ),
  cosmos(
    'cosmos-other-signer',
    'cosmos-signer',
    editCosmos((tx) => {
      const v = tx.msgs[0]!.value;
      if ('signer' in v) v.signer = otherBech32(v.signer as string);
      else v.from_address = otherBech32(v.from_address as string);
    }),
  ),
  cosmos(
    'cosmos-amount-doubled',
    'cosmos-amount',
    editCosmos((tx) => {
      const coin = coinsOf(tx.msgs[0]!)[0]!;
      coin.amount = String(BigInt(coin.amount) * 2n);
    }),
  ),
  cosmos(
    'cosmos-other-asset',
    'cosmos-asset',
    editCosmos((tx) => {
      const coin = coinsOf(tx.msgs[0]!)[0]!;
      if (coin.asset) coin.asset = 'THOR.BTC';
      else coin.denom = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
    }),
  ),
  cosmos(
    'cosmos-second-coin',
    'cosmos-asset',
    editCosmos((tx) => {
      const coins = coinsOf(tx.msgs[0]!);
      coins.push({ ...coins[0]!, amount: '1' });
    }),
  ),
  cosmos(
    'cosmos-send-to-attacker',
    'cosmos-recipient',
    editCosmos((tx) => {
      const v = tx.msgs[0]!.value;
      v.to_address = otherBech32(v.to_address as string);
    }),
    isSend,
  ),
  cosmos(
    'cosmos-top-memo',
    'cosmos-memo',
    editCosmos((tx) => void (tx.memo = `${tx.memo ?? ''}:evil:500`)),
  ),
  cosmos(
    'cosmos-message-memo',
    'cosmos-memo',
    editCosmos((tx) => {
      const v = tx.msgs[0]!.value;
      v.memo = `${String(v.memo)}:evil:500`;
    }),
    isDeposit,
  ),
  cosmos(
    'cosmos-fee-denom',
    'cosmos-fee',
    editCosmos((tx) => void (tx.fee.amount[0]!.denom = 'uosmo')),
    paysFee,
  ),
  cosmos(
    'cosmos-fee-over-cap',
    'cosmos-fee',
    editCosmos((tx) => void (tx.fee.amount[0]!.amount = '1000000000')),
    paysFee,
  ),
  cosmos(
    'cosmos-fee-on-native-fee-chain',
    'cosmos-fee',
    editCosmos((tx) => void tx.fee.amount.push({ denom: 'rune', amount: '1' })),
    (r) => isCosmos(r) && !paysFee(r),
  ),
  cosmos(
    'cosmos-send-extra-field',
    'cosmos-shape',
    editCosmos((tx) => void (tx.msgs[0]!.value.funds = [{ denom: 'uatom', amount: '1' }])),
    isSend,
  ),
  cosmos(
    'cosmos-amount-as-string',
    'cosmos-shape',
    editCosmos((tx) => {
      const v = tx.msgs[0]!.value;
      if (v.coins) v.coins = (v.coins as { amount: string }[])[0]!.amount;
      else v.amount = (v.amount as { amount: string }[])[0]!.amount;
    }),
  ),
  cosmos(
    'cosmos-amount-as-number',
    'cosmos-shape',
    editCosmos((tx) => {
      const coin = coinsOf(tx.msgs[0]!)[0]! as { amount: unknown };
      coin.amount = Number(coin.amount);
    }),
  ),
  cosmos(
    'cosmos-gas-not-digits',
    'cosmos-shape',
    editCosmos((tx) => void (tx.fee.gas = 'auto')),
  ),
  cosmos(
    'cosmos-message-not-object',
    'cosmos-shape',
    editCosmos((tx) => void (tx.msgs[0] = null as unknown as MsgJson)),
  ),
  cosmos(
    'cosmos-fee-two-coins',
    'cosmos-fee',
    editCosmos((tx) => void tx.fee.amount.push({ ...tx.fee.amount[0]!, amount: '1' })),
    paysFee,
  ),
  cosmos(
    'cosmos-deposit-extra-field',
    'cosmos-shape',
    editCosmos((tx) => void (tx.msgs[0]!.value.to_address = otherBech32(tx.msgs[0]!.value.signer as string))),
    isDeposit,
  ),
  // A THOR or MAYA native sell is only ever a deposit: naming an address does not make it a send.
  cosmos(
    'cosmos-deposit-with-inbound',
    'cosmos-message-type',
    editCosmos((_, r) => void (r.inboundAddress = otherBech32(r.sourceAddress!))),
    isDeposit,
    'deposit-with-inbound',
  ),
  cosmos(
    'cosmos-send-without-inbound',
    'cosmos-inbound-missing',
    editCosmos((_, r) => void delete r.inboundAddress),
    (r) => isSend(r) && !/^thor/.test(r.sourceAddress ?? ''),
    'inbound-address-missing',
  ),
  cosmos(
    'cosmos-thor-send-without-inbound',
    'cosmos-message-type',
    editCosmos((_, r) => void delete r.inboundAddress),
    (r) => isSend(r) && /^thor/.test(r.sourceAddress ?? ''),
    'memo-protocol-mismatch',
  ),
  // Every key read (issue 22, item 5): a deposit coin's decimals that are not the chain's
  // (the protobuf writer looped on -1), and a key on no allowlist in each object handed out.
  ...(
    [
      ['negative', -1],
      ['fraction', 1.5],
      ['over-64-bits', 2 ** 64],
      ['huge', 1e300],
      ['of-another-chain', 18],
      ['as-text', '8'],
    ] as const
  ).map(([name, decimals]) =>
    cosmos(
      `cosmos-coin-decimals-${name}`,
      'cosmos-shape',
      editCosmos((tx) => void ((tx.msgs[0]!.value.coins as Record<string, unknown>[])[0]!.decimals = decimals)),
      isDeposit,
    ),
  ),
  cosmos(
    'cosmos-deposit-coin-extra-key',
    'cosmos-shape',
    editCosmos((tx) => void ((tx.msgs[0]!.value.coins as Record<string, unknown>[])[0]!.denom = 'rune')),
    isDeposit,
  ),
  cosmos(
    'cosmos-send-coin-extra-key',
    'cosmos-shape',
    editCosmos((tx) => void ((tx.msgs[0]!.value.amount as Record<string, unknown>[])[0]!.asset = 'THOR.RUNE')),
    isSend,
  ),
  cosmos(
    'cosmos-message-extra-key',
    'cosmos-shape',
    editCosmos((tx) => void ((tx.msgs[0] as Record<string, unknown>).signer = otherBech32(userOfCosmos(tx)))),
  ),
  cosmos(
    'cosmos-type-url-disagrees',
    'cosmos-shape',
    editCosmos((tx) => {
      const m = tx.msgs[0] as Record<string, unknown>;
      m.typeUrl = /MsgDeposit$/.test(tx.msgs[0]!.type) ? '/types.MsgSend' : '/types.MsgDeposit';
    }),
  ),
  cosmos(
    'cosmos-fee-granter',
    'cosmos-shape',
    editCosmos((tx) => void ((tx.fee as Record<string, unknown>).granter = otherBech32(userOfCosmos(tx)))),
  ),
  cosmos(
    'cosmos-fee-coin-extra-key',
    'cosmos-shape',
    editCosmos((tx) => void ((tx.fee.amount[0] as Record<string, unknown>).payer = otherBech32(userOfCosmos(tx)))),
    paysFee,
  ),
  cosmos(
    'cosmos-gas-over-64-bits',
    'cosmos-shape',
    editCosmos((tx) => void (tx.fee.gas = String(2n ** 64n))),
  ),
];

/**
 * Honest twins of the Cosmos cases: alterations an honest service may make, which change
 * nothing the widget checks; the route must still be handed out, unchanged.
 */
export interface FamilyTwin {
  readonly name: string;
  readonly family: 'solana' | 'cosmos';
  readonly appliesTo: (route: TamperRoute) => boolean;
  readonly tamper: (route: TamperRoute) => TamperRoute;
}

export const FAMILY_TWINS: readonly FamilyTwin[] = [
  {
    // The configured fee into the configured owner's account of the input mint (Jupiter's swap API allows either mint).
    name: 'twin-solana-platform-fee-input-mint',
    family: 'solana',
    appliesTo: withFee,
    tamper: editSolana((m, r) => setFee(m, feeBpsOf(m), associatedTokenAccount(FEE_OWNER, sellMintOf(r)))),
  },
  {
    // … or into its Token-2022 account of the output mint.
    name: 'twin-solana-platform-fee-token-2022-account',
    family: 'solana',
    appliesTo: withFee,
    tamper: editSolana((m) => setFee(m, feeBpsOf(m), associatedTokenAccount(FEE_OWNER, outMintOf(m), TOKEN_2022))),
  },
  {
    // dKit's docs write identifiers upper-cased (`SOL.USDC-EPJFWDD5…`, no valid mint): the route
    // still names the picked assets, and the checks use the picked mints, not its spelling.
    name: 'twin-solana-identifiers-upper-case',
    family: 'solana',
    appliesTo: (r) => isSolana(r) && [r.sellAsset, String(r.buyAsset ?? '')].some((a) => a.includes('-')),
    tamper: (r) => {
      const copy = structuredClone(r) as TamperRoute & { buyAsset: string; legs: Record<string, string>[] };
      copy.sellAsset = copy.sellAsset.toUpperCase();
      if (copy.buyAsset) copy.buyAsset = copy.buyAsset.toUpperCase();
      for (const leg of copy.legs ?? [])
        for (const k of ['sellAsset', 'buyAsset']) if (leg[k]?.startsWith('SOL.')) leg[k] = leg[k].toUpperCase();
      return copy;
    },
  },
  {
    // THORNode's `Coin` has `decimals`: the chain's own (RUNE 8, CACAO 10) may be written.
    name: 'twin-cosmos-coin-decimals-of-the-chain',
    family: 'cosmos',
    appliesTo: isDeposit,
    tamper: editCosmos((tx) => {
      const coin = (tx.msgs[0]!.value.coins as Record<string, unknown>[])[0]!;
      coin.decimals = coin.asset === 'MAYA.CACAO' ? 10 : 8;
    }),
  },
  {
    // The proto name beside the amino one, saying the same message.
    name: 'twin-cosmos-type-url-agrees',
    family: 'cosmos',
    appliesTo: isCosmos,
    tamper: editCosmos((tx) => {
      const m = tx.msgs[0] as Record<string, unknown>;
      const t = tx.msgs[0]!.type;
      m.typeUrl = /MsgDeposit$/.test(t)
        ? '/types.MsgDeposit'
        : t === 'thorchain/MsgSend'
          ? '/types.MsgSend'
          : '/cosmos.bank.v1beta1.MsgSend';
    }),
  },
  {
    // Absent optional keys written as null.
    name: 'twin-cosmos-nulls',
    family: 'cosmos',
    appliesTo: isCosmos,
    tamper: editCosmos((tx) => {
      (tx.msgs[0] as Record<string, unknown>).typeUrl = null;
      if (isDepositMsg(tx)) (tx.msgs[0]!.value.coins as Record<string, unknown>[])[0]!.decimals = null;
    }),
  },
];

/** Every tampering case of the two families. */
export const FAMILY_TAMPERS: readonly FamilyTamper[] = [...SOLANA, ...COSMOS];

/**
 * Tamperings only the route checks see (`domain/checks/route.ts`, around the transaction checks):
 * the transaction is left consistent with the route, the route itself lies.
 */
export interface RouteFamilyTamper {
  readonly name: string;
  readonly family: 'solana' | 'cosmos';
  readonly code: RefusalCode;
  readonly appliesTo: (route: TamperRoute) => boolean;
  readonly tamper: (route: TamperRoute) => TamperRoute;
  /** Alters the token list too (`/v1/tokens`). */
  readonly tokens?: (tokens: { asset: string; decimals: number }[]) => void;
}

const ATTACKER_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const isTwoLegSolana = (r: TamperRoute) => isSolana(r) && (r.providers as string[]).length > 1;

export const ROUTE_FAMILY_TAMPERS: readonly RouteFamilyTamper[] = [
  {
    // The route says it buys another mint (its transaction unchanged): the request decides.
    name: 'solana-route-names-other-mint',
    family: 'solana',
    appliesTo: (r) => isSolana(r) && /^SOL\.[^-]+-/.test(r.buyAsset as string),
    tamper: (r) => ({
      ...structuredClone(r),
      buyAsset: (r.buyAsset as string).replace(/-.+$/, `-${seededAddress('another-mint')}`),
    }),
    code: 'buy-asset-mismatch',
  },
  {
    // The memo pays another destination, and every copy of it agrees: the memo rules catch it.
    name: 'cosmos-memo-destination-everywhere',
    family: 'cosmos',
    code: 'memo-destination-mismatch',
    appliesTo: isCosmos,
    tamper: editCosmos((tx, r) => {
      const evil = r.memo!.replace(/^([^:]+:[^:]+:)[^:/]+/, `$1${ATTACKER_BTC}`);
      r.memo = evil;
      tx.memo = evil;
      if ('memo' in tx.msgs[0]!.value) tx.msgs[0]!.value.memo = evil;
    }),
  },
  {
    // A send to an "inbound address" that is no address of the chain, the message agreeing.
    name: 'cosmos-inbound-invalid',
    family: 'cosmos',
    code: 'inbound-address-invalid',
    appliesTo: isSend,
    tamper: editCosmos((tx, r) => {
      const bad = `${r.inboundAddress!.slice(0, -6)}qqqqqq`;
      r.inboundAddress = bad;
      tx.msgs[0]!.value.to_address = bad;
    }),
  },
  {
    // A send to another valid address of the chain as the "inbound address", the message agreeing:
    // a vault no memo protocol lists there (the RUNE send through protocol C included).
    name: 'cosmos-send-to-unlisted-vault',
    family: 'cosmos',
    code: 'inbound-vault-unlisted',
    appliesTo: isSend,
    tamper: editCosmos((tx, r) => {
      const attacker = otherBech32(r.inboundAddress!);
      r.inboundAddress = attacker;
      tx.msgs[0]!.value.to_address = attacker;
    }),
  },
  {
    // Issue 22: a list saying the bought token has 0 decimals, and a Jupiter swap whose floor
    // agrees with it: "at least 515 USDC" on screen, 515 units (0.000515 USDC) signed.
    name: 'solana-buy-decimals-list-0',
    family: 'solana',
    code: 'token-decimals-mismatch',
    appliesTo: (r) => isSolana(r) && (r.providers as string[]).length === 1 && r.buyAsset === SOL_USDC,
    tamper: editSolana((m, r) => {
      const ix = jupiterIx(m);
      const whole = BigInt(String(r.expectedBuyAmount).split('.')[0]!) + 1n;
      ix.data!.set(u64(whole), ix.data!.length - 11);
    }),
    tokens: (tokens) => {
      for (const t of tokens) if (t.asset === SOL_USDC) t.decimals = 0;
    },
  },
  {
    // The first leg's minimum left out: a first leg is refused anyway (it binds nothing, issue 30).
    name: 'solana-leg-minimum-missing',
    family: 'solana',
    code: 'first-leg-unbound',
    appliesTo: isTwoLegSolana,
    tamper: (r) => {
      const copy = structuredClone(r) as TamperRoute & { legs: Record<string, unknown>[] };
      delete copy.legs[0]!.buyAmountMaxSlippage;
      return copy;
    },
  },
  {
    // The first leg claims to buy an asset of another chain: a first leg is refused anyway.
    name: 'solana-leg-off-chain',
    family: 'solana',
    code: 'first-leg-unbound',
    appliesTo: isTwoLegSolana,
    tamper: (r) => {
      const copy = structuredClone(r) as TamperRoute & { legs: Record<string, unknown>[] };
      copy.legs[0]!.buyAsset = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
      return copy;
    },
  },
];

export const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
const SOL_JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
/**
 * The host's `decimals` of these routes, as a wallet knows them: JUP is in none of the
 * widget's tables, and its amounts are signed (sold, or bought with a minimum).
 */
export const FAMILY_HOST_DECIMALS: Readonly<Record<string, number>> = { [SOL_JUP]: 6 };
const BTC = 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3';

/**
 * Quote requests (to the reference service) whose routes carry each honest transaction kind;
 * `provider` names the route to take. All ask for `includeTx: true`: without it the service
 * leaves `tx` out, and the widget must send it for Solana and Cosmos sells too.
 */
export const HONEST_FAMILY_KINDS = [
  {
    name: 'solana-sol-sell',
    family: 'solana',
    provider: 'AGGREGATOR_B',
    request: { sellAsset: 'SOL.SOL', buyAsset: SOL_USDC, sellAmount: '3', sourceAddress: SOL_USER },
  },
  {
    name: 'solana-token-sell',
    family: 'solana',
    provider: 'AGGREGATOR_B',
    request: { sellAsset: SOL_USDC, buyAsset: 'SOL.SOL', sellAmount: '250', sourceAddress: SOL_USER },
  },
  // An affiliate the reference service knows: its fee is the swap's platform fee, in the output mint.
  {
    name: 'solana-sol-sell-affiliate-fee',
    family: 'solana',
    provider: 'AGGREGATOR_B',
    request: {
      sellAsset: 'SOL.SOL',
      buyAsset: SOL_USDC,
      sellAmount: '3',
      sourceAddress: SOL_USER,
      affiliate: 'sw',
      affiliateFee: 30,
    },
  },
  {
    name: 'solana-token-sell-affiliate-fee',
    family: 'solana',
    provider: 'AGGREGATOR_B',
    request: {
      sellAsset: SOL_USDC,
      buyAsset: 'SOL.SOL',
      sellAmount: '250',
      sourceAddress: SOL_USER,
      affiliate: 'sw',
      affiliateFee: 30,
    },
  },
  {
    name: 'solana-token-sell-to-another-wallet',
    family: 'solana',
    provider: 'AGGREGATOR_B',
    request: {
      sellAsset: SOL_USDC,
      buyAsset: SOL_JUP,
      sellAmount: '120',
      sourceAddress: SOL_USER,
      destinationAddress: seededAddress('friend'),
    },
  },
  // A Jupiter swap paying protocol B's Solana Vault: a transfer to it, which names neither the
  // destination, the asset bought nor a minimum (issue 30): refused, never handed out.
  {
    name: 'solana-two-leg-to-protocol-b',
    family: 'solana',
    provider: 'AGGREGATOR_B->PROTOCOL_B',
    request: {
      sellAsset: SOL_JUP,
      buyAsset: 'BTC.BTC',
      sellAmount: '3000',
      sourceAddress: SOL_USER,
      destinationAddress: BTC,
    },
    refusedBy: 'first-leg-unbound',
  },
  {
    name: 'thor-deposit',
    family: 'cosmos',
    provider: 'PROTOCOL_A',
    request: {
      sellAsset: 'THOR.RUNE',
      buyAsset: 'BTC.BTC',
      sellAmount: '100',
      sourceAddress: 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr',
      destinationAddress: BTC,
    },
  },
  {
    name: 'maya-deposit',
    family: 'cosmos',
    provider: 'PROTOCOL_C',
    request: {
      sellAsset: 'MAYA.CACAO',
      buyAsset: 'BTC.BTC',
      sellAmount: '5000',
      sourceAddress: 'maya15v4qm5a92agk2lc5tjweftgd5guar8j0l7699n',
      destinationAddress: BTC,
    },
  },
  // RUNE sold through protocol C: a THORChain MsgSend to the vault C lists on THOR, with the memo
  // (issue 30; once refused as a deposit naming an address).
  {
    name: 'thor-send-to-protocol-c',
    family: 'cosmos',
    provider: 'PROTOCOL_C',
    request: {
      sellAsset: 'THOR.RUNE',
      buyAsset: 'BTC.BTC',
      sellAmount: '100',
      sourceAddress: 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr',
      destinationAddress: BTC,
    },
  },
  {
    name: 'gaia-send',
    family: 'cosmos',
    provider: 'PROTOCOL_A',
    request: {
      sellAsset: 'GAIA.ATOM',
      buyAsset: 'BTC.BTC',
      sellAmount: '150',
      sourceAddress: 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu',
      destinationAddress: BTC,
    },
  },
  {
    name: 'kuji-send',
    family: 'cosmos',
    provider: 'PROTOCOL_C',
    request: {
      sellAsset: 'KUJI.KUJI',
      buyAsset: 'BTC.BTC',
      sellAmount: '400',
      sourceAddress: 'kujira15v4qm5a92agk2lc5tjweftgd5guar8j0gxl2tk',
      destinationAddress: BTC,
    },
  },
  // A token bought through protocol C, its memo naming it in full (`=:ETH.USDC-0xA0b8…:…`, issue 30).
  {
    name: 'kuji-send-for-a-token',
    family: 'cosmos',
    provider: 'PROTOCOL_C',
    request: {
      sellAsset: 'KUJI.KUJI',
      buyAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      sellAmount: '400',
      sourceAddress: 'kujira15v4qm5a92agk2lc5tjweftgd5guar8j0gxl2tk',
      destinationAddress: '0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9',
    },
  },
] as const;

/** The kinds the widget hands out (all but those it refuses by its own rules). */
export const HANDED_OUT_FAMILY_KINDS = HONEST_FAMILY_KINDS.filter(
  (k): k is Exclude<(typeof HONEST_FAMILY_KINDS)[number], { refusedBy: string }> => !('refusedBy' in k),
);
