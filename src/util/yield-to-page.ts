/**
 * Gives the page a turn (input, rendering) before long work goes on: resolves in a task of
 * its own, or rejects with an `AbortError` if `signal` was aborted meanwhile.
 */
export function yieldToPage(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) =>
    setTimeout(() => (signal?.aborted ? reject(new DOMException('Aborted', 'AbortError')) : resolve()), 0),
  );
}
