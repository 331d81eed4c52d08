/**
 * The flow's written state (src/domain/flow/flow-store.ts): written per widget, read back field
 * by field, forgotten when old, and a storage that refuses or is full is said while the swap in
 * memory goes on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FLOW_LIFETIME_MS,
  FLOW_STORE_KEY,
  FlowStore,
  MAX_WIDGETS,
  flowKey,
  readPersisted,
  type SavedFlow,
} from '../../../../src/domain/flow/flow-store.js';
import type { PersistedFlow } from '../../../../src/domain/flow/flow.js';

class MemoryStorage {
  readonly items = new Map<string, string>();
  fail?: 'full' | 'refused';
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.fail === 'full') throw new DOMException('full', 'QuotaExceededError');
    if (this.fail === 'refused') throw new Error('refused');
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const NOW = 1_800_000_000_000;
const HANDING_OUT: PersistedFlow = {
  phase: 'handing-out',
  route: { quoteId: 'q1', routeIndex: 0, requestKey: '{"sellAsset":"BTC.BTC"}' },
  handout: {
    id: 'h1',
    quoteId: 'q1',
    routeIndex: 0,
    kind: 'memo',
    chain: 'BTC',
    expiresAt: NOW + 60_000,
    holder: 'user',
  },
  pay: {
    chain: 'BTC',
    asset: 'BTC.BTC',
    amount: '0.1',
    address: 'bc1qvault',
    memo: '=:ETH.ETH:0xdest:1',
    to: { address: 'bc1qvault', role: 'vault', name: 'THORChain' },
  },
};
const TRACKING: PersistedFlow = { phase: 'tracking', swapId: '0xabc@ETH', handoutId: 'h1', by: 'hand-out' };
const saved = (state: PersistedFlow, at = NOW): SavedFlow => ({ state, savedAt: at });

describe('the flow store', () => {
  it('keeps each widget apart: by its id, else by its service and key', () => {
    assert.equal(flowKey('left', 'https://api.example', 'k1'), 'id:left');
    assert.notEqual(flowKey('', 'https://api.example', 'k1'), flowKey('', 'https://api.example', 'k2'));
    const storage = new MemoryStorage();
    const store = new FlowStore(storage);
    store.write('id:left', saved(HANDING_OUT), NOW);
    store.write('id:right', saved(TRACKING), NOW);
    assert.deepEqual(store.read('id:left', NOW)?.state, HANDING_OUT);
    assert.deepEqual(store.read('id:right', NOW)?.state, TRACKING);
    store.write('id:left', undefined, NOW);
    assert.equal(store.read('id:left', NOW), undefined);
    assert.deepEqual(store.read('id:right', NOW)?.state, TRACKING, 'clearing one leaves the other');
  });

  it('reads back exactly what it wrote, and nothing that does not read', () => {
    assert.deepEqual(readPersisted(JSON.parse(JSON.stringify(HANDING_OUT))), HANDING_OUT);
    assert.deepEqual(readPersisted(TRACKING), TRACKING);
    const broken: unknown[] = [
      { ...HANDING_OUT, phase: 'reviewing' },
      { ...HANDING_OUT, route: { ...HANDING_OUT.route, routeIndex: '0' } },
      { ...HANDING_OUT, handout: { ...HANDING_OUT.handout, holder: 'attacker' } },
      { ...HANDING_OUT, handout: { ...HANDING_OUT.handout, kind: 'transfer' } },
      { ...HANDING_OUT, handout: { ...HANDING_OUT.handout, chain: 'btc<script>' } },
      { ...HANDING_OUT, handout: { ...HANDING_OUT.handout, expiresAt: 'tomorrow' } },
      { ...HANDING_OUT, pay: { ...HANDING_OUT.pay, amount: '1e9' } },
      { ...HANDING_OUT, pay: { ...HANDING_OUT.pay, to: 'bc1q' } },
      { ...TRACKING, by: 'picked' },
      { ...TRACKING, swapId: 7 },
      null,
      'handing-out',
    ];
    for (const b of broken) assert.equal(readPersisted(b), undefined, JSON.stringify(b));
  });

  it('forgets a state older than its lifetime: one millisecond inside is read, at the limit it is not', () => {
    const storage = new MemoryStorage();
    const store = new FlowStore(storage);
    store.write('id:w', saved(TRACKING, NOW), NOW);
    assert.ok(store.read('id:w', NOW + FLOW_LIFETIME_MS));
    assert.equal(store.read('id:w', NOW + FLOW_LIFETIME_MS + 1), undefined);
  });

  it(`keeps the newest ${MAX_WIDGETS} widgets`, () => {
    const storage = new MemoryStorage();
    const store = new FlowStore(storage);
    for (let i = 0; i <= MAX_WIDGETS; i++) store.write(`id:w${i}`, saved(TRACKING, NOW + i), NOW + i);
    const doc = JSON.parse(storage.getItem(FLOW_STORE_KEY)!) as Record<string, unknown>;
    assert.equal(Object.keys(doc).length, MAX_WIDGETS);
    assert.equal(store.read('id:w0', NOW + MAX_WIDGETS), undefined, 'the oldest went');
  });

  it('a storage that is full or refuses is said, and a write that works again clears it', () => {
    const storage = new MemoryStorage();
    const store = new FlowStore(storage);
    storage.fail = 'full';
    assert.equal(store.write('id:w', saved(TRACKING), NOW), false);
    assert.equal(store.problem, 'full');
    storage.fail = 'refused';
    assert.equal(store.write('id:w', saved(TRACKING), NOW), false);
    assert.equal(store.problem, 'write-failed');
    storage.fail = undefined;
    assert.equal(store.write('id:w', saved(TRACKING), NOW), true);
    assert.equal(store.problem, undefined);
    assert.equal(new FlowStore(undefined).problem, 'unavailable');
  });

  it('a document that does not read is no state at all', () => {
    const storage = new MemoryStorage();
    storage.items.set(FLOW_STORE_KEY, '{not json');
    assert.equal(new FlowStore(storage).read('id:w', NOW), undefined);
    storage.items.set(FLOW_STORE_KEY, JSON.stringify({ 'id:w': { state: TRACKING, savedAt: 'now' } }));
    assert.equal(new FlowStore(storage).read('id:w', NOW), undefined);
  });
});
