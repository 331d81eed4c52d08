/**
 * Whether a swap of this widget was under way when the page was left, read from the flow's
 * written state before the later file arrives: the first frame then says the swap is being
 * resumed, never a fresh form while money moves. Which state is the widget's own, and what it
 * shows, the later file decides (`session/swap-flow.ts`); this only reads a phase. A widget
 * without `id` counts any state written without one.
 */
import { FLOW_LIFETIME_MS, FLOW_STORE_KEY, SERVICE_KEY_PREFIX, flowKey } from '../domain/flow/flow-store.js';
import { safeLocalStorage } from '../util/storage.js';

export function swapUnderWay(id: string, now: number, storage = safeLocalStorage()): boolean {
  try {
    const doc: unknown = JSON.parse(storage?.getItem(FLOW_STORE_KEY) ?? 'null');
    if (!doc || typeof doc !== 'object') return false;
    const own = id ? flowKey(id, '', '') : undefined;
    return Object.entries(doc as Record<string, unknown>).some(([key, saved]) => {
      if (own ? key !== own : !key.startsWith(SERVICE_KEY_PREFIX)) return false;
      const { state, savedAt } = (saved ?? {}) as { state?: { phase?: unknown }; savedAt?: unknown };
      const fresh = typeof savedAt === 'number' && now - savedAt <= FLOW_LIFETIME_MS;
      return fresh && typeof state?.phase === 'string' && state.phase !== 'idle';
    });
  } catch {
    return false;
  }
}
