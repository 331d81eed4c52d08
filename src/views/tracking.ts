// What the tracker shows of a swap whose tracking is interrupted for now.
import type { MismatchField } from '../domain/tracking/match.js';

/** Why tracking a swap is interrupted for now, and when it asks again. */
export interface TrackingProblem {
  /**
   * `mismatch`: the service answered about another swap, or reported money that is not the
   * user's; `unreadable`: its answer did not read (its shape, its size); neither was applied.
   */
  code: 'busy' | 'unknown-swap' | 'interrupted' | 'mismatch' | 'unreadable';
  /** Seconds until the next try. */
  seconds: number;
  /** The service's own words, where it gave some; for `unreadable`, what did not read (for the console). */
  detail?: string;
  /** With `mismatch`: what of the answer contradicts the swap. */
  field?: MismatchField;
}
