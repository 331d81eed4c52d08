/**
 * Tracking: both answer shapes of `POST /v1/track` read into one status, the stages a
 * user sees, and when to ask again. Plain TypeScript.
 */
import * as z from 'zod/mini';
import {
  MAX_TRACK_LEGS,
  type TrackFlat,
  type TrackResult,
  type TrackWrapped,
  type TxStatus,
} from '../../schemas/service.js';
import { lazySchema } from '../../schemas/lazy-schema.js';

/** The tracking states of the service: the spec's `trackingStatus` values, and the real service's `status` words. */
export type SwapStatus =
  | 'not_started'
  | 'starting'
  | 'broadcasted'
  | 'mempool'
  | 'inbound'
  | 'swapping'
  | 'outbound'
  | 'completed'
  | 'refunding'
  | 'refunded'
  | 'partially_refunded'
  | 'dropped'
  | 'reverted'
  | 'replaced'
  | 'retries_exceeded'
  | 'parsing_error'
  | 'pending'
  | 'failed'
  | 'unknown';

export interface SwapStatusDetail {
  quoteId: string;
  routeIndex: number;
  /** The hand-out the tracked transaction answers, when the widget handed it out (absent for a hash given for a route no hand-out was made of). */
  handoutId?: string;
  hash: string;
  /** Chain code, as in the spec's tracking body. */
  chainId: string;
  /** A tracking state of the service; a value a newer service adds passes through as written. */
  status: SwapStatus | (string & {});
  final: boolean;
  buyAmount?: string;
  /** The hash of the transaction the protocol received, when the service says. */
  inboundHash?: string;
  /** The hash of the transaction that paid out, when the service says. */
  outboundHash?: string;
  /** What came back to the user, when the swap was refunded. */
  refund?: { asset: string; amount: string; hash?: string };
  error?: string;
}

/** The `trackingStatus` values after which nothing changes any more. */
export const FINAL_STATES: ReadonlySet<string> = new Set([
  'completed',
  'refunded',
  'partially_refunded',
  'dropped',
  'reverted',
  'replaced',
  'retries_exceeded',
  'parsing_error',
]);

export function isFinal(status: string): boolean {
  return FINAL_STATES.has(status);
}

/** The stages the tracker shows, in order. */
export const STAGES = ['sent', 'inbound', 'swapping', 'outbound', 'done'] as const;
export type Stage = (typeof STAGES)[number];

export type Outcome = 'pending' | 'success' | 'refund' | 'failure';

export interface LegProgress {
  provider: string;
  buyAsset: string;
  buyAmount: string;
  actualBuyAmount?: string;
}

export interface TrackStatus {
  /** The service's `trackingStatus`, lower case (values outside the spec kept as they are). */
  status: string;
  final: boolean;
  stage: Stage;
  outcome: Outcome;
  /** What was received, when the service says. */
  buyAmount?: string;
  expectedBuyAmount?: string;
  buyAsset?: string;
  inboundHash?: string;
  outboundHash?: string;
  /** What came back to the user on a refund, when the service says. */
  refund?: { asset: string; amount: string; hash?: string };
  confirmations?: number;
  streaming?: { percentage?: number; count?: number; quantity?: number };
  legs: LegProgress[];
  error?: string;
}

/** The stage a status belongs to. */
export function stageOf(status: string): Stage {
  switch (status) {
    case 'not_started':
    case 'starting':
    case 'broadcasted':
    case 'mempool':
      return 'sent';
    case 'inbound':
      return 'inbound';
    case 'swapping':
    case 'refunding':
      return 'swapping';
    case 'outbound':
      return 'outbound';
    default:
      return isFinal(status) ? 'done' : 'sent';
  }
}

export function outcomeOf(status: string): Outcome {
  if (status === 'completed') return 'success';
  if (status === 'refunded' || status === 'partially_refunded' || status === 'refunding') return 'refund';
  if (isFinal(status)) return 'failure';
  return 'pending';
}

/** Whether an answer is of shape 2 (wrapped in `success` / `data`). */
export function isWrapped(result: TrackResult): result is TrackWrapped {
  const r = result as Partial<TrackWrapped>;
  return typeof r.success === 'boolean' && typeof r.data === 'object' && r.data !== null;
}

/** Reads either answer shape into one status. */
export function normalizeTrack(result: TrackResult): TrackStatus {
  const status = result.trackingStatus.toLowerCase();
  const wrapped = isWrapped(result) ? result : undefined;
  const route = wrapped ? wrapped.data.route : (result as TrackFlat).route;
  const streamingProgress = result.streamingProgress ?? wrapped?.data.streamingProgress;
  const isStreaming = result.isStreaming ?? wrapped?.data.isStreaming;
  const outboundHash =
    wrapped?.data.outbound?.hash ?? result.trackMeta?.outputTxHash ?? wrapped?.data.trackMeta?.outputTxHash;
  const inboundHash = wrapped?.data.inbound?.hash;
  const error = result.error ?? wrapped?.data.error;
  const buyAmount = route?.actualBuyAmount ?? (status === 'completed' ? wrapped?.data.outbound?.amount : undefined);
  const out: TrackStatus = {
    status,
    final: isFinal(status),
    stage: stageOf(status),
    outcome: outcomeOf(status),
    legs: (route?.legs ?? []).map((l) => ({
      provider: l.provider,
      buyAsset: l.buyAsset,
      buyAmount: l.buyAmount,
      ...(l.actualBuyAmount ? { actualBuyAmount: l.actualBuyAmount } : {}),
    })),
  };
  if (buyAmount) out.buyAmount = buyAmount;
  if (route?.expectedBuyAmount) out.expectedBuyAmount = route.expectedBuyAmount;
  if (route?.buyAsset) out.buyAsset = route.buyAsset;
  if (inboundHash) out.inboundHash = inboundHash;
  if (outboundHash) out.outboundHash = outboundHash;
  // What came back on a refund: `data.refund` (beside a partial payout), else the outbound
  // transaction, else `trackMeta`'s refund (shape 1). Whose it is, `match.ts` decides.
  const meta = result.trackMeta ?? wrapped?.data.trackMeta;
  const back =
    wrapped?.data.refund ??
    wrapped?.data.outbound ??
    (meta && { asset: meta.refundAsset, amount: meta.refundAmount, hash: meta.refundTxHash });
  if (out.outcome === 'refund' && back?.asset && back.amount) {
    out.refund = { asset: back.asset, amount: back.amount, ...(back.hash ? { hash: back.hash } : {}) };
  }
  const confirmations = wrapped?.data.inbound?.confirmations;
  if (confirmations !== undefined) out.confirmations = confirmations;
  if (isStreaming || streamingProgress) {
    out.streaming = {
      ...(streamingProgress?.percentage !== undefined ? { percentage: streamingProgress.percentage } : {}),
      ...(streamingProgress?.count !== undefined ? { count: streamingProgress.count } : {}),
      ...(streamingProgress?.quantity !== undefined ? { quantity: streamingProgress.quantity } : {}),
    };
  }
  if (error) out.error = error;
  return out;
}

/** Adds what `track-tx` knows of the source transaction to a status not yet seen by the provider. */
export function withSourceTx(status: TrackStatus, tx: TxStatus): TrackStatus {
  if (status.stage !== 'sent') return status;
  return { ...status, ...(tx.confirmations !== undefined ? { confirmations: tx.confirmations } : {}) };
}

/** Whether two statuses differ in anything the user or host sees. */
export function statusChanged(a: TrackStatus | undefined, b: TrackStatus): boolean {
  return !a || JSON.stringify(a) !== JSON.stringify(b);
}

export { DEFAULT_POLICY, type PollPolicy } from './poll-policy.js';
import type { PollPolicy } from './poll-policy.js';

/** ±20% jitter, so many widgets do not poll in step. */
function jitter(ms: number, random: () => number): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** The wait before the next poll after a good answer, `elapsedMs` into tracking. */
export function nextPollDelay(policy: PollPolicy, elapsedMs: number, random: () => number = Math.random): number {
  if (elapsedMs < policy.steadyForMs) return jitter(policy.firstMs, random);
  const steps = Math.floor((elapsedMs - policy.steadyForMs) / policy.firstMs / 3) + 1;
  return jitter(Math.min(policy.maxMs, policy.firstMs * 1.5 ** steps), random);
}

/** The wait after the `failures`-th failure in a row: Retry-After when the service gave one, else exponential. */
export function errorPollDelay(
  policy: PollPolicy,
  failures: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), policy.maxMs * 2);
  return jitter(Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1)), random);
}

// ---- messages between widgets -------------------------------------------------------------

// Built when the first message arrives, as the service's schemas are (see schemas/lazy-schema.ts):
// building zod schemas while the module is evaluated delays the first render.
const StatusMessage = lazySchema(() => {
  const Text = z.string().check(z.maxLength(256));
  const Amount = z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/));
  return z.object({
    type: z.literal('status'),
    record: z.object({
      id: Text,
      hash: Text,
      chainId: Text,
      updatedAt: z.number().check(z.refine(Number.isSafeInteger)),
      final: z.boolean(),
      status: z.object({
        status: Text,
        final: z.boolean(),
        stage: z.enum(STAGES),
        outcome: z.enum(['pending', 'success', 'refund', 'failure']),
        buyAmount: z.optional(Amount),
        expectedBuyAmount: z.optional(Amount),
        buyAsset: z.optional(Text),
        inboundHash: z.optional(Text),
        outboundHash: z.optional(Text),
        refund: z.optional(z.object({ asset: Text, amount: Amount, hash: z.optional(Text) })),
        confirmations: z.optional(z.number().check(z.refine(Number.isSafeInteger), z.gte(0))),
        streaming: z.optional(
          z.object({
            percentage: z.optional(z.number().check(z.gte(0), z.lte(100))),
            count: z.optional(z.number().check(z.refine(Number.isSafeInteger), z.gte(0))),
            quantity: z.optional(z.number().check(z.refine(Number.isSafeInteger), z.gte(0))),
          }),
        ),
        legs: z
          .array(z.object({ provider: Text, buyAsset: Text, buyAmount: Amount, actualBuyAmount: z.optional(Amount) }))
          .check(z.maxLength(MAX_TRACK_LEGS)),
        error: z.optional(z.string().check(z.maxLength(2000))),
      }),
    }),
  });
});

/** A status another widget (this page or another tab) tells over the tracking channel. */
export interface StatusMessage {
  id: string;
  hash: string;
  chainId: string;
  updatedAt: number;
  status: TrackStatus;
}

/**
 * Reads a message of the tracking channel, which any script of the page's origin can post
 * to: undefined unless it has the shape the widget posts and a status consistent in itself
 * (`final`, `stage` and `outcome` those of `status`). Whether the swap is one the widget
 * keeps is the caller's to decide.
 */
export function parseStatusMessage(data: unknown): StatusMessage | undefined {
  const parsed = z.safeParse(StatusMessage, data);
  if (!parsed.success) return undefined;
  const { id, hash, chainId, updatedAt, final, status } = parsed.data.record;
  const name = status.status;
  if (name !== name.toLowerCase() || status.final !== isFinal(name) || final !== status.final) return undefined;
  if (status.stage !== stageOf(name) || status.outcome !== outcomeOf(name)) return undefined;
  const clean: TrackStatus = {
    status: name,
    final: status.final,
    stage: status.stage,
    outcome: status.outcome,
    legs: status.legs.map((l) => ({ ...l })),
  };
  for (const key of ['buyAmount', 'expectedBuyAmount', 'buyAsset', 'inboundHash', 'outboundHash', 'error'] as const) {
    const v = status[key];
    if (v !== undefined) clean[key] = v;
  }
  if (status.refund)
    clean.refund = {
      asset: status.refund.asset,
      amount: status.refund.amount,
      ...(status.refund.hash ? { hash: status.refund.hash } : {}),
    };
  if (status.confirmations !== undefined) clean.confirmations = status.confirmations;
  if (status.streaming) clean.streaming = { ...status.streaming };
  return { id, hash, chainId, updatedAt, status: clean };
}

/**
 * Whether a string can be a transaction hash: 32 bytes in hex (EVM with `0x`, UTXO and
 * Cosmos chains without), or a base58 signature (Solana). Checked before anything is tracked.
 */
export function isTxHash(hash: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) || /^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(hash);
}
