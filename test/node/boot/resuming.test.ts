/**
 * Whether the first frame says a swap is being resumed (src/boot/resuming.ts): read from the
 * flow's written state before the later file arrives, never a fresh form while money moves.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { swapUnderWay } from '../../../src/boot/resuming.js';
import { FLOW_LIFETIME_MS, FLOW_STORE_KEY, flowKey } from '../../../src/domain/flow/flow-store.js';

const NOW = 1_800_000_000_000;

/** A storage holding `doc` as the flow store writes it (or `raw` as it stands). */
function storage(doc: Record<string, unknown> | string): Storage {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc);
  return { getItem: (k: string) => (k === FLOW_STORE_KEY ? text : null) } as Storage;
}
const saved = (phase: string, savedAt = NOW - 1000) => ({ state: { phase }, savedAt });

describe('a swap under way, before the later file arrives', () => {
  it("a widget's own state handing out or tracking is under way; idle, or another widget's, is not", () => {
    assert.equal(swapUnderWay('w', NOW, storage({ [flowKey('w', '', '')]: saved('handing-out') })), true);
    assert.equal(swapUnderWay('w', NOW, storage({ [flowKey('w', '', '')]: saved('tracking') })), true);
    assert.equal(swapUnderWay('w', NOW, storage({ [flowKey('w', '', '')]: saved('idle') })), false);
    assert.equal(swapUnderWay('w', NOW, storage({ [flowKey('other', '', '')]: saved('handing-out') })), false);
  });

  it('a widget without id counts the states written without one, not those of widgets with an id', () => {
    const service = flowKey('', 'https://api.example', 'k1');
    assert.equal(swapUnderWay('', NOW, storage({ [service]: saved('handing-out') })), true);
    assert.equal(swapUnderWay('', NOW, storage({ [flowKey('w', '', '')]: saved('handing-out') })), false);
  });

  it('a state past the store’s lifetime is forgotten: one millisecond inside counts, one outside does not', () => {
    const key = flowKey('w', '', '');
    assert.equal(swapUnderWay('w', NOW, storage({ [key]: saved('tracking', NOW - FLOW_LIFETIME_MS) })), true);
    assert.equal(swapUnderWay('w', NOW, storage({ [key]: saved('tracking', NOW - FLOW_LIFETIME_MS - 1) })), false);
  });

  it('what does not read (no storage, not JSON, no phase, a phase that is no string) is no swap under way', () => {
    assert.equal(swapUnderWay('w', NOW, undefined), false);
    assert.equal(swapUnderWay('w', NOW, storage('{not json')), false);
    assert.equal(swapUnderWay('w', NOW, storage({ [flowKey('w', '', '')]: { savedAt: NOW } })), false);
    assert.equal(
      swapUnderWay('w', NOW, storage({ [flowKey('w', '', '')]: { state: { phase: 1 }, savedAt: NOW } })),
      false,
    );
  });
});
