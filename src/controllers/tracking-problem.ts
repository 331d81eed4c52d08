import { ApiError, ServiceError } from '../api/errors.js';

/** Why tracking a swap is interrupted for now, and when it asks again. */
export interface TrackingProblem {
  code: 'busy' | 'unknown-swap' | 'interrupted';
  /** Seconds until the next try. */
  seconds: number;
  /** The service's own words, where it gave some. */
  detail?: string;
}

/** What a failed tracking request means for the user, who is told when the next try comes (`waitMs`). */
export function trackingProblem(error: unknown, waitMs: number): TrackingProblem {
  const seconds = Math.round(waitMs / 1000);
  if (error instanceof ServiceError && error.status === 429) return { code: 'busy', seconds };
  if (error instanceof ServiceError && error.status === 404) return { code: 'unknown-swap', seconds, detail: error.detail };
  if (error instanceof ApiError) return { code: 'interrupted', seconds, detail: error.message };
  return { code: 'interrupted', seconds };
}
