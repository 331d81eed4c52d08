/**
 * Driving the execution controller in Node as the root does: Swap pressed on a selection, the
 * review confirmed (or skipped), and waiting until the work under way has nothing left to do
 * on its own. Shared by the controller suites.
 */
import { requestKey, type SwapFlow, type Selection } from '../../src/session/swap-flow.js';
import { HANDOUT_RECORDS_KEY, type HandoutRecord } from '../../src/domain/flow/handout-records.js';
import type { KeyValueStorage } from '../../src/domain/tracking/swap-store.js';

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** Waits (in real time, whatever the mocked clock says) until `done()`; fails after `ms`. */
export async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

/** Nothing is under way that ends by itself: not preparing, and no hand-out being made or in the page wallet's hands. */
export function settled(c: SwapFlow): Promise<void> {
  return until(() => {
    const f = c.flow;
    if (f.phase === 'preparing') return false;
    return f.phase !== 'handing-out' || (!!f.handout && f.handout.holder !== 'wallet');
  }, `the controller to settle (at ${c.flow.phase})`);
}

/** Presses Swap on `selection` (of the request as it stands) and waits for the review, the hand-out or the stop. */
export async function press(c: SwapFlow, selection: Selection, current = requestKey(selection.request)): Promise<void> {
  c.press(selection, current);
  await settled(c);
}

/** Presses Swap and, at the review, Confirm (its box ticked): what one press did before the review existed. */
export async function swap(c: SwapFlow, selection: Selection): Promise<void> {
  await press(c, selection);
  if (c.flow.phase !== 'reviewing') return;
  c.confirm(c.flow.consent);
  await settled(c);
}

/** The records a storage holds for a service. */
export function storedRecords(storage: MemoryStorage, service: string): HandoutRecord[] {
  const raw = storage.getItem(HANDOUT_RECORDS_KEY);
  return raw ? ((JSON.parse(raw) as { records: Record<string, HandoutRecord[]> }).records[service] ?? []) : [];
}
