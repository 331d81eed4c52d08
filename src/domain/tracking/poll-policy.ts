/** How often a tracked swap is asked about: the element's `poll-interval` starts from it. */

export interface PollPolicy {
  /** First interval: the real service gives keys about 10 requests a minute, shared with quoting. */
  firstMs: number;
  /** Longest interval for long swaps and for errors. */
  maxMs: number;
  /** How long to keep the first interval before backing off. */
  steadyForMs: number;
}

export const DEFAULT_POLICY: PollPolicy = { firstMs: 10_000, maxMs: 180_000, steadyForMs: 120_000 };
