/**
 * What the progress view draws of a tracked swap: the state of each stage (where a swap that
 * failed or was refunded stopped), the transactions to link and on which chain, and the time
 * left against the route's estimate. Plain TypeScript; the words are in the component.
 */
import { assetChain } from '../chains/asset.js';
import { routeSeconds } from '../quotes/routes.js';
import type { SwapRecord } from './swap-store.js';
import { STAGES, stageOf, type Stage, type TrackStatus } from './status.js';

/** A stage's `data-state`: part of the public interface (part `stages`). */
export type StageState = 'done' | 'current' | 'failed' | 'todo' | 'skipped';

export interface StageView {
  stage: Stage;
  state: StageState;
}

/** Statuses of a swap that did not go through (or not wholly): the stage where each stopped. */
const STOPPED_AT: Readonly<Record<string, Stage>> = {
  // The user's own transaction never reached the protocol.
  dropped: 'sent',
  reverted: 'sent',
  replaced: 'sent',
  // The protocol had the funds and did not swap them (or not all): they come back.
  refunding: 'swapping',
  refunded: 'swapping',
  partially_refunded: 'swapping',
};

/** The words of the spec for a transaction not yet received by the protocol: they say where it is. */
const BEFORE_INBOUND = new Set(['not_started', 'starting', 'broadcasted', 'mempool']);

/** Statuses that say the service gave up or failed without saying where: see `stopAfter`. */
const STOPPED_AFTER_SEEN = new Set(['retries_exceeded', 'parsing_error', 'failed']);

/**
 * The furthest stage the status shows evidence of, whatever its name: a hash or confirmations
 * of the inbound transaction, sub-swaps done, a payout. Used where the status word alone does
 * not say (the real service's `pending` or `failed`, a word the widget does not know).
 */
function seenStage(s: TrackStatus): Stage {
  if (s.buyAmount || (s.outboundHash && !s.refund)) return 'outbound';
  if (s.streaming?.count || s.legs.some((l) => l.actualBuyAmount)) return 'swapping';
  if (s.inboundHash || s.confirmations) return 'inbound';
  return 'sent';
}

/**
 * Where a swap seen up to `seen` stopped: after the events (sent, inbound confirmed), at the
 * processes (swapping, paying out), which had begun and did not end.
 */
const stopAfter = (seen: Stage): Stage => (seen === 'sent' ? 'inbound' : seen === 'inbound' ? 'swapping' : seen);

/** The stage a swap stopped at, or undefined for a swap that goes on or completed. */
export function stoppedAt(s: TrackStatus): Stage | undefined {
  const known = STOPPED_AT[s.status];
  if (known) return known;
  if (STOPPED_AFTER_SEEN.has(s.status)) return stopAfter(seenStage(s));
  // Any other final word (a future one) that is not a completion stopped where it was seen.
  if (s.final && s.outcome !== 'success') return stopAfter(seenStage(s));
  return undefined;
}

/**
 * The state of every stage, in order. A swap in progress: the stages before its own are done,
 * its own is current, the rest to do. Completed: all done. A swap that stopped: the stages
 * before the stop done, the stop failed, and the ones after skipped (nothing more happens); while
 * it is not final, to do, but for a refund on its way, whose payout is skipped.
 * A stage after a failure is never done.
 */
export function stageStates(s: TrackStatus | undefined): StageView[] {
  const stop = s && stoppedAt(s);
  if (s && stop) {
    const at = STAGES.indexOf(stop);
    return STAGES.map((stage, i) => ({
      stage,
      state:
        i < at
          ? 'done'
          : i === at
            ? 'failed'
            : s.final || (s.outcome === 'refund' && stage !== 'done')
              ? 'skipped'
              : 'todo',
    }));
  }
  if (s?.status === 'completed') return STAGES.map((stage) => ({ stage, state: 'done' }));
  const named = s ? stageOf(s.status) : 'sent';
  // A word without a stage of its own (the service's `pending`, `unknown`) keeps what was seen.
  const reached = s && named === 'sent' && !BEFORE_INBOUND.has(s.status) ? seenStage(s) : named;
  const at = Math.min(STAGES.indexOf(reached), STAGES.indexOf('outbound'));
  return STAGES.map((stage, i) => ({ stage, state: i < at ? 'done' : i === at ? 'current' : 'todo' }));
}

/** A transaction the view links to, and the chain whose explorer shows it. */
export interface TxLink {
  kind: 'sent' | 'payout' | 'refund';
  chain: string;
  hash: string;
}

const sameHash = (a: string, b: string) => a.replace(/^0x/i, '').toLowerCase() === b.replace(/^0x/i, '').toLowerCase();

/**
 * The user's transaction (on its chain), the payout (on the bought asset's chain) and the
 * refund (on the refunded asset's chain: the sell chain, as refunds are in the sold asset, or
 * on a partial refund an asset of the route). On a full refund the service's "outbound"
 * transaction is the refund, never a payout, so it is not linked on the buy chain.
 */
export function txLinks(record: SwapRecord): TxLink[] {
  const s = record.status;
  const links: TxLink[] = [{ kind: 'sent', chain: record.chainId, hash: record.hash }];
  if (!s) return links;
  const buyAsset = s.buyAsset ?? record.route?.buyAsset;
  // A full refund pays nothing out: the service's outbound transaction is the refund.
  const full = s.status === 'refunded';
  const refundHash = s.refund?.hash ?? (full ? s.outboundHash : undefined);
  const payoutHash =
    s.outboundHash &&
    !full &&
    !(refundHash && sameHash(s.outboundHash, refundHash)) &&
    // While refunding without a refund hash, the outbound transaction may be either: not linked.
    !(s.status === 'refunding' && !refundHash)
      ? s.outboundHash
      : undefined;
  if (payoutHash && buyAsset) links.push({ kind: 'payout', chain: assetChain(buyAsset), hash: payoutHash });
  if (refundHash)
    links.push({
      kind: 'refund',
      chain: assetChain(s.refund?.asset ?? record.route?.sellAsset ?? ''),
      hash: refundHash,
    });
  return links;
}

export interface TimeLeft {
  /** Milliseconds left of the route's estimate; 0 or less once it has passed. */
  leftMs: number;
  /** The route's estimate, in seconds. */
  totalSeconds: number;
  overdue: boolean;
}

/**
 * The time left of a swap in progress against its route's estimate (`estimatedTime.total`
 * seconds from the swap's `createdAt`), or undefined when the swap is final or the route gave
 * no estimate.
 */
export function timeLeft(record: SwapRecord, now: number): TimeLeft | undefined {
  if (record.final || record.status?.final) return undefined;
  const total = record.route && routeSeconds(record.route);
  if (total === undefined || !Number.isFinite(total) || total <= 0) return undefined;
  const leftMs = record.createdAt + total * 1000 - now;
  return { leftMs, totalSeconds: total, overdue: leftMs <= 0 };
}

/** Streaming progress as a percentage: the answer's own, else its sub-swaps done of all; undefined when it says neither. */
export function streamingPercent(p: NonNullable<TrackStatus['streaming']>): number | undefined {
  if (p.percentage !== undefined) return Math.min(100, Math.max(0, p.percentage));
  if (p.count !== undefined && p.quantity) return Math.min(100, (p.count / p.quantity) * 100);
  return undefined;
}
