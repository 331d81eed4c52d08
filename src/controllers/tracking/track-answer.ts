import type { SwapApiClient } from '../../api/client.js';
import { isAbort } from '../../api/errors.js';
import { trackMismatch, txMatches } from '../../domain/tracking/match.js';
import type { SwapRecord } from '../../domain/tracking/swap-store.js';
import { normalizeTrack, withSourceTx, type TrackStatus } from '../../domain/tracking/status.js';
import { TrackMismatchError } from './tracking-problem.js';

/**
 * One poll of a swap: `POST /v1/track` read into a status, applied only when it is about
 * this swap (`trackMismatch`: else a `TrackMismatchError`, and nothing of it is used); while
 * the provider has not seen the transaction, what `POST /v1/track-tx` knows of it, when that
 * record is about the swap's own transaction.
 */
export async function trackAnswer(
  client: SwapApiClient,
  record: SwapRecord,
  signal: AbortSignal,
): Promise<TrackStatus> {
  const result = await client.track(
    {
      hash: record.hash,
      chainId: record.chainId,
      ...(record.quoteId ? { quoteId: record.quoteId } : {}),
      routeIndex: record.routeIndex,
    },
    { signal },
  );
  const status = normalizeTrack(result);
  const mismatch = trackMismatch(record, result, status);
  if (mismatch) throw new TrackMismatchError(mismatch);
  if (status.stage !== 'sent') return status;
  const tx = await client.trackTx({ hash: record.hash, chainId: record.chainId }, { signal }).catch((e) => {
    if (isAbort(e)) throw e;
    return undefined;
  });
  return tx && txMatches(record, tx) ? withSourceTx(status, tx) : status;
}
