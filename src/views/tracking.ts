// What the tracker shows of a swap whose tracking is interrupted for now.
import type { MismatchField } from '../domain/tracking/match.js';

/** Why tracking a swap is interrupted for now, and when it asks again. */
export interface TrackingProblem {
  /** `mismatch`: the service answered about another swap, or reported money that is not the user's; it was not applied. */
  code: 'busy' | 'unknown-swap' | 'interrupted' | 'mismatch';
  /** Seconds until the next try. */
  seconds: number;
  /** The service's own words, where it gave some. */
  detail?: string;
  /** With `mismatch`: what of the answer contradicts the swap. */
  field?: MismatchField;
}
