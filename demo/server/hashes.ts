/**
 * The reference service's hash convention: a transaction hash decides how the swap it
 * stands for ends and which answer shape `POST /v1/track` uses. Pure TypeScript, no Node
 * imports: browser tests import it to build hashes.
 *
 * Take the hash lower-cased, without a leading `0x`:
 *
 * | first two chars | outcome            | final trackingStatus |
 * |-----------------|--------------------|----------------------|
 * | `fe`            | refunded           | refunded             |
 * | `fa`            | partially_refunded | partially_refunded   |
 * | `d0`            | dropped            | dropped              |
 * | `e0`            | reverted           | reverted             |
 * | `be`            | replaced           | replaced             |
 * | `ee`            | retries_exceeded   | retries_exceeded     |
 * | `ba`            | parsing_error      | parsing_error        |
 * | `5e`            | streaming          | completed (with streamingProgress rising) |
 * | anything else   | completed          | completed            |
 *
 * Third char: `f` -> shape 1 (flat), anything else -> shape 2 (wrapped in success/data).
 *
 * The status moves along `TIMELINES[outcome]` (seconds at time scale 1, counted from the
 * first time the service saw the hash in a scope); the time scale divides the waits.
 */

export type HashOutcome =
  | 'completed'
  | 'streaming'
  | 'refunded'
  | 'partially_refunded'
  | 'dropped'
  | 'reverted'
  | 'replaced'
  | 'retries_exceeded'
  | 'parsing_error';

export type HashShape = 'flat' | 'wrapped';

export type TrackingStatus =
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
  | 'parsing_error';

/** Two-char prefixes and the outcome they pick; any other prefix completes. */
export const OUTCOME_PREFIXES: Readonly<Record<string, HashOutcome>> = {
  fe: 'refunded',
  fa: 'partially_refunded',
  d0: 'dropped',
  e0: 'reverted',
  be: 'replaced',
  ee: 'retries_exceeded',
  ba: 'parsing_error',
  '5e': 'streaming',
};

/** The prefix `makeHash` writes for each outcome (`completed` uses one no rule claims). */
export const PREFIX_OF_OUTCOME: Readonly<Record<HashOutcome, string>> = {
  completed: '0c',
  streaming: '5e',
  refunded: 'fe',
  partially_refunded: 'fa',
  dropped: 'd0',
  reverted: 'e0',
  replaced: 'be',
  retries_exceeded: 'ee',
  parsing_error: 'ba',
};

/** Third char of a flat-shape hash. */
export const FLAT_SHAPE_CHAR = 'f';

export const HASH_OUTCOMES = Object.keys(PREFIX_OF_OUTCOME) as readonly HashOutcome[];

/** States in order with the second (at time scale 1) each one starts. The last one is final. */
export const TIMELINES: Readonly<Record<HashOutcome, ReadonlyArray<readonly [TrackingStatus, number]>>> = {
  completed: [
    ['broadcasted', 0],
    ['mempool', 3],
    ['inbound', 8],
    ['swapping', 20],
    ['outbound', 45],
    ['completed', 60],
  ],
  streaming: [
    ['broadcasted', 0],
    ['mempool', 3],
    ['inbound', 8],
    ['swapping', 20],
    ['outbound', 75],
    ['completed', 90],
  ],
  refunded: [
    ['broadcasted', 0],
    ['mempool', 3],
    ['inbound', 8],
    ['refunding', 25],
    ['refunded', 50],
  ],
  partially_refunded: [
    ['broadcasted', 0],
    ['mempool', 3],
    ['inbound', 8],
    ['swapping', 20],
    ['refunding', 45],
    ['partially_refunded', 65],
  ],
  dropped: [
    ['broadcasted', 0],
    ['mempool', 3],
    ['dropped', 30],
  ],
  reverted: [
    ['broadcasted', 0],
    ['reverted', 15],
  ],
  replaced: [
    ['mempool', 0],
    ['replaced', 20],
  ],
  retries_exceeded: [
    ['starting', 0],
    ['broadcasted', 5],
    ['retries_exceeded', 40],
  ],
  parsing_error: [
    ['starting', 0],
    ['parsing_error', 20],
  ],
};

/**
 * States after which the service's status no longer changes: its own list, not the widget's
 * (`src/domain/tracking/status.ts`), which the widget's tests hold to the same states.
 */
export const FINAL_STATUSES: ReadonlySet<TrackingStatus> = new Set<TrackingStatus>([
  'completed',
  'refunded',
  'partially_refunded',
  'dropped',
  'reverted',
  'replaced',
  'retries_exceeded',
  'parsing_error',
]);

/** The hash lower-cased, without `0x`. */
export function normalizeHash(hash: string): string {
  const h = hash.trim().toLowerCase();
  return h.startsWith('0x') ? h.slice(2) : h;
}

export function hashOutcome(hash: string): HashOutcome {
  return OUTCOME_PREFIXES[normalizeHash(hash).slice(0, 2)] ?? 'completed';
}

export function hashShape(hash: string): HashShape {
  return normalizeHash(hash).charAt(2) === FLAT_SHAPE_CHAR ? 'flat' : 'wrapped';
}

/** The final status of an outcome. */
export function finalStatus(outcome: HashOutcome): TrackingStatus {
  const line = TIMELINES[outcome];
  return line[line.length - 1]![0];
}

/** Seconds (at time scale 1) until the outcome's final status. */
export function secondsToFinal(outcome: HashOutcome): number {
  const line = TIMELINES[outcome];
  return line[line.length - 1]![1];
}

export interface TimelinePoint {
  readonly status: TrackingStatus;
  /** Second the current state started. */
  readonly since: number;
  /** Second the next state starts, undefined in the final state. */
  readonly until?: number;
  readonly final: boolean;
}

/** Where a swap of this outcome is `elapsed` seconds (time scale 1) after it was first seen. */
export function statusAt(outcome: HashOutcome, elapsed: number): TimelinePoint {
  const line = TIMELINES[outcome];
  let i = 0;
  while (i + 1 < line.length && line[i + 1]![1] <= elapsed) i++;
  const [status, since] = line[i]!;
  const next = line[i + 1];
  return next ? { status, since, until: next[1], final: false } : { status, since, final: FINAL_STATUSES.has(status) };
}

/**
 * Share of the swapping window done at `elapsed` (0 before it starts, 1 once it ended), or
 * undefined for outcomes that never swap.
 */
export function swappingProgress(outcome: HashOutcome, elapsed: number): number | undefined {
  const line = TIMELINES[outcome];
  const i = line.findIndex(([s]) => s === 'swapping');
  if (i < 0) return undefined;
  const start = line[i]![1];
  const end = line[i + 1]?.[1] ?? start;
  if (elapsed <= start) return 0;
  if (elapsed >= end) return 1;
  return (elapsed - start) / (end - start);
}

/** 32-bit FNV-1a of a string: a small deterministic seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** `count` deterministic hex chars from a seed string (xorshift32 stream). */
export function derivedHex(seed: string, count: number): string {
  let x = hashSeed(seed) || 0x9e3779b9;
  let out = '';
  while (out.length < count) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out += x.toString(16).padStart(8, '0');
  }
  return out.slice(0, count);
}

export interface MakeHashOptions {
  /** `0x` + 64 hex (EVM style); otherwise 64 hex without prefix. Default false. */
  readonly evm?: boolean;
  /** Same seed, same hash; without one the hash is random. */
  readonly seed?: number | string;
}

/** A valid hash that the reference service tracks to `outcome`, answered in `shape`. */
export function makeHash(outcome: HashOutcome, shape: HashShape, options: MakeHashOptions = {}): string {
  const seed = options.seed ?? `${Math.random()}:${Date.now()}`;
  const rest = derivedHex(`${outcome}:${shape}:${seed}`, 62);
  let third = rest.charAt(0);
  if (shape === 'flat') third = FLAT_SHAPE_CHAR;
  else if (third === FLAT_SHAPE_CHAR) third = 'a';
  const hex = PREFIX_OF_OUTCOME[outcome] + third + rest.slice(1);
  return options.evm ? `0x${hex}` : hex;
}
