import { ApiError, BadResponseError, ServiceError } from '../../api/errors.js';
import type { TrackMismatch } from '../../domain/tracking/match.js';
import type { TrackingProblem } from '../../views/tracking.js';

export type { TrackingProblem } from '../../views/tracking.js';

/** A tracking answer that contradicts the swap it is for (see `domain/tracking/match.ts`): not applied. */
export class TrackMismatchError extends Error {
  constructor(readonly mismatch: TrackMismatch) {
    super(`the tracking answer does not match the swap (${mismatch.field})`);
    this.name = 'TrackMismatchError';
  }
}

/** What a failed tracking request means for the user, who is told when the next try comes (`waitMs`). */
export function trackingProblem(error: unknown, waitMs: number): TrackingProblem {
  const seconds = Math.round(waitMs / 1000);
  if (error instanceof TrackMismatchError) return { code: 'mismatch', seconds, field: error.mismatch.field };
  if (error instanceof ServiceError && error.status === 429) return { code: 'busy', seconds };
  if (error instanceof ServiceError && error.status === 404)
    return { code: 'unknown-swap', seconds, detail: error.detail };
  if (error instanceof BadResponseError) return { code: 'unreadable', seconds, detail: error.message };
  if (error instanceof ApiError) return { code: 'interrupted', seconds, detail: error.message };
  return { code: 'interrupted', seconds };
}
