/**
 * What a route check is given and what it gives back: the request with the widget's
 * configuration (the context), and either the plan of what is to be signed or sent, or a refusal.
 *
 * Plain TypeScript; no DOM.
 */
import type { QuoteRequest } from '../../schemas/service.js';
import type { InboundView, MemoProtocol } from './inbound.js';
import { refusal, type Refusal, type RefusalCode } from './refusals.js';
import type { LookupTableReads } from './solana-tx.js';

/** What the address a hand-out pays or calls is to the swap. */
export type ReviewRole = 'router' | 'vault' | 'aggregator' | 'deposit-address' | 'program' | 'module';

/**
 * The affiliate the widget is configured with: its name (none: no affiliate), fee in basis
 * points, and the addresses the host named to receive it, by chain code (`SOL`: the owner of
 * the token accounts a Jupiter platform fee may be paid into).
 */
export interface AffiliateConfig {
  name?: string | undefined;
  bps: number;
  addresses?: Readonly<Record<string, string>> | undefined;
}

/** A pool as the chain answers for it: its tokens, its factory, and the pool its factory lists for them (and its fee, V3). */
export interface PoolFacts {
  readonly token0: string;
  readonly token1: string;
  readonly factory: string;
  /** The pool its factory gives for these tokens: the pool itself when it is genuine. */
  readonly listed: string;
}

/** What the user asked for, and what the widget knows to check it with. */
export interface CheckContext {
  request: QuoteRequest;
  /**
   * The trusted decimals of a token (the widget's sourced table, the host's `decimals`, or
   * read on chain: `decimals.ts`), undefined when none of them gives them; never the token
   * list's. Only asked for tokens: a chain's native asset counts in the chain's own decimals.
   */
  decimals(asset: string): number | undefined;
  /** The configured affiliate and fee (the memo, the fee lines and `meta` must agree with it). */
  affiliate: AffiliateConfig;
  /**
   * A memo protocol's published inbound addresses, read before the check (`inbound.ts`): the
   * vaults and routers a route may pay, or why they could not be read.
   */
  inbound(protocol: MemoProtocol): InboundView;
  /**
   * The asset identifiers of the tokens the widget knows, as written (the token list it
   * loaded): what a protocol memo's contract abbreviation may also name, and where a route's
   * spelling of a leg's asset finds its contract. Absent: none known.
   */
  knownAssets?: readonly string[];
  /**
   * A pool as the chain answered for it, read before the check (the last pool of a 1inch
   * `unoswap` call: `oneinch-unoswap.ts`); undefined when it could not be read.
   */
  pool?(chain: string, pool: string): PoolFacts | undefined;
  /**
   * The address lookup tables a route's Solana transaction loads accounts from, read before the
   * check (`chains/solana-lookup-table.ts`), or `no-rpc` when there was no endpoint to read them
   * with. Absent: none read.
   */
  lookupTables?: LookupTableReads;
  /** Unix milliseconds. */
  now: number;
}

/**
 * A deposit address no list vouches for: a broker's deposit channel, opened by the service for
 * this swap, or a per-swap deposit address SwapKit gives (`deposit-address.ts`). The one risk the
 * widget hands out with, and only once the user confirmed it in the review (no host setting
 * skips that).
 */
export interface UnverifiedDeposit {
  readonly code: 'deposit-address-unverified';
  readonly address: string;
  /** The protocol whose channel it claims to be: the broker protocol B, or NEAR intents. */
  readonly protocol: 'B' | 'NEAR';
}

/**
 * What a plan pays or calls, as the review names it: the contract called (the protocol's router,
 * the aggregator's), the vault or deposit address paid, the program or module the message goes to.
 */
export interface PlanTarget {
  readonly address: string;
  readonly role: ReviewRole;
  readonly name: string;
}

/** The plans whose memo a protocol reads: which one (its short codes are its own). */
interface ReadBy {
  /** The memo protocol whose list vouched for the address. */
  protocol?: MemoProtocol;
}

export interface MemoPlan extends ReadBy {
  kind: 'memo';
  to: PlanTarget;
  chain: string;
  asset: string;
  amount: string;
  address: string;
  memo: string;
  /** Unix ms, when the route has an expiry. */
  expiresAt?: number;
  /** A deposit channel's address: the user confirms it before it is handed out. */
  warnings?: readonly UnverifiedDeposit[];
}

export interface DepositChannelPlan {
  kind: 'deposit-channel';
  chain: string;
  asset: string;
  amount: string;
  buyAsset: string;
  destination: string;
}

export interface EvmPlan extends ReadBy {
  kind: 'evm';
  to: PlanTarget;
  chain: string;
  chainId: number;
  /** For a token sell: the approval the swap needs, exact; `decimals` are the token's trusted ones, which the amount was counted in. */
  approval?: { token: string; spender: string; amount: bigint; decimals: number; resetFirst: boolean };
  tx: { to: string; from: string; value: bigint; data: string; chainId: number };
  expiresAt?: number;
}

/** A serialized Solana transaction (base64), the route's own string, checked. */
export interface SolanaPlan {
  kind: 'solana';
  to: PlanTarget;
  chain: string;
  tx: { from: string; serialized: string };
  expiresAt?: number;
}

/** Cosmos-SDK messages (amino JSON), the route's own, checked; signed on the sell chain. */
export interface CosmosPlan extends ReadBy {
  kind: 'cosmos';
  to: PlanTarget;
  chain: string;
  tx: { from: string; msgs: unknown[]; fee: unknown; memo: string };
  /**
   * The same swap as a transfer with a memo, when the route also names an inbound address:
   * offered when the page has no wallet of the family.
   */
  memo?: MemoPlan;
  expiresAt?: number;
}

export type Plan = MemoPlan | DepositChannelPlan | EvmPlan | SolanaPlan | CosmosPlan;

export type CheckResult =
  { ok: true; plan: Plan } | { ok: false; code: 'route-rejected' | 'route-expired'; refusal: Refusal };

/** A refusal of the route, as a check's result. */
type Params = Readonly<Record<string, string | number | bigint | undefined>>;

export const reject = (code: RefusalCode, params?: Params): CheckResult => ({
  ok: false,
  code: 'route-rejected',
  refusal: refusal(code, params),
});
