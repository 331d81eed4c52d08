/**
 * The persisted store of tracked swaps (src/domain/tracking/swap-store.ts) over a storage written by
 * hand: write-through, reload, dismissal, the migration of version 1, a document of a newer
 * widget, an unreadable document, and every way the storage can fail.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Route } from '../../../../src/schemas/service.js';
import {
  STORAGE_KEY,
  STORE_VERSION,
  SwapStore,
  migrate,
  newSwapRecord,
  swapId,
  type KeyValueStorage,
  type SwapRecord,
} from '../../../../src/domain/tracking/swap-store.js';
import { FINAL_STATES, type TrackStatus } from '../../../../src/domain/tracking/status.js';
import { MOVING_STATUSES } from '../../../fixtures/golden/enumerations.js';

/** A Web Storage stand-in; `fail` makes the next calls of a method throw. */
class FakeStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  fail: Partial<Record<'getItem' | 'setItem' | 'removeItem', Error>> = {};
  writes = 0;

  getItem(key: string): string | null {
    if (this.fail.getItem) throw this.fail.getItem;
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.fail.setItem) throw this.fail.setItem;
    this.writes += 1;
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    if (this.fail.removeItem) throw this.fail.removeItem;
    this.data.delete(key);
  }
  /** The stored document, parsed. */
  doc(): { version: number; swaps: SwapRecord[] } {
    return JSON.parse(this.data.get(STORAGE_KEY)!);
  }
}

const ROUTE = {
  providers: ['PROTOCOL_A'],
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.1',
  expectedBuyAmount: '2.4',
  expectedBuyAmountMaxSlippage: '2.37',
  fees: [],
  legs: [],
  warnings: [],
  meta: { assets: [], tags: [] },
} as unknown as Route;

const DONE: TrackStatus = { status: 'completed', final: true, stage: 'done', outcome: 'success', legs: [] };

function record(hash: string, at: number, over: Partial<SwapRecord> = {}): SwapRecord {
  return {
    ...newSwapRecord({ hash, chainId: 'btc', quoteId: `q-${hash}`, routeIndex: 0, route: ROUTE, now: at }),
    ...over,
  };
}

const quota = () => Object.assign(new Error('quota'), { name: 'QuotaExceededError' });

describe('SwapStore: records', () => {
  test('a new record is keyed hash@CHAIN with the chain in capitals, not final, created now', () => {
    assert.equal(swapId('abc', 'eth'), 'abc@ETH');
    const r = newSwapRecord({ hash: 'abc', chainId: 'eth', quoteId: 'q', routeIndex: 2, route: ROUTE, now: 1000 });
    assert.deepEqual(r, {
      id: 'abc@ETH',
      quoteId: 'q',
      routeIndex: 2,
      hash: 'abc',
      chainId: 'ETH',
      route: ROUTE,
      createdAt: 1000,
      updatedAt: 1000,
      final: false,
    });
  });

  test('put writes through before it returns; a store over the same storage (a reload) reads it back', () => {
    const storage = new FakeStorage();
    const store = new SwapStore(storage);
    const r = record('aa', 1000);
    store.put(r);
    assert.deepEqual(storage.doc(), { version: STORE_VERSION, swaps: [r] });
    assert.equal(STORE_VERSION, 2);
    const reloaded = new SwapStore(storage);
    assert.deepEqual(reloaded.get(r.id), r);
    assert.equal(reloaded.mode, 'storage');
    assert.equal(reloaded.problem, undefined);
  });

  test('lists the newest first', () => {
    const store = new SwapStore(new FakeStorage());
    for (const [hash, at] of [
      ['b', 2000],
      ['a', 1000],
      ['c', 3000],
    ] as const)
      store.put(record(hash, at));
    assert.deepEqual(
      store.list().map((r) => r.hash),
      ['c', 'b', 'a'],
    );
  });

  test('put replaces a swap with the same id', () => {
    const storage = new FakeStorage();
    const store = new SwapStore(storage);
    store.put(record('a', 1000));
    store.put(record('a', 1000, { status: DONE, final: true, updatedAt: 5000 }));
    assert.equal(store.list().length, 1);
    assert.deepEqual(
      storage.doc().swaps.map((s) => [s.id, s.final, s.updatedAt]),
      [['a@BTC', true, 5000]],
    );
  });

  test('only a final swap can be dismissed; it leaves storage too', () => {
    const storage = new FakeStorage();
    const store = new SwapStore(storage);
    store.put(record('open', 1000));
    store.put(record('done', 2000, { status: DONE, final: true }));
    assert.equal(store.dismiss('open@BTC'), false);
    assert.equal(store.dismiss('nope@BTC'), false);
    assert.equal(store.dismiss('done@BTC'), true);
    assert.deepEqual(
      store.list().map((r) => r.hash),
      ['open'],
    );
    assert.deepEqual(
      storage.doc().swaps.map((r) => r.hash),
      ['open'],
    );
  });
});

describe('SwapStore: two tabs on one storage', () => {
  test('a write loads first, so it never drops what the other tab wrote', () => {
    const storage = new FakeStorage();
    const a = new SwapStore(storage);
    const b = new SwapStore(storage);
    a.put(record('from-a', 1000));
    b.put(record('from-b', 2000));
    assert.deepEqual(
      storage
        .doc()
        .swaps.map((r) => r.hash)
        .sort(),
      ['from-a', 'from-b'],
    );
    a.load();
    assert.deepEqual(
      a.list().map((r) => r.hash),
      ['from-b', 'from-a'],
    );
  });

  test('the newer update of a swap wins, whichever tab holds it', () => {
    const storage = new FakeStorage();
    const a = new SwapStore(storage);
    const b = new SwapStore(storage);
    a.put(record('s', 1000));
    b.load();
    b.put(record('s', 1000, { status: DONE, final: true, updatedAt: 9000 }));
    a.load();
    assert.equal(a.get('s@BTC')!.updatedAt, 9000);
    // An older copy in storage does not replace the newer one in memory.
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 2, swaps: [record('s', 1000, { updatedAt: 4000 })] }));
    a.load();
    assert.equal(a.get('s@BTC')!.updatedAt, 9000);
  });

  test('a final swap dismissed in the other tab goes; an unfinished one storage lost stays', () => {
    const storage = new FakeStorage();
    const a = new SwapStore(storage);
    a.put(record('done', 1000, { status: DONE, final: true }));
    a.put(record('open', 2000));
    const b = new SwapStore(storage);
    assert.equal(b.dismiss('done@BTC'), true);
    a.load();
    assert.deepEqual(
      a.list().map((r) => r.hash),
      ['open'],
    );
    // Storage emptied behind its back: the unfinished swap is not forgotten, and goes back on the next write.
    storage.data.set(STORAGE_KEY, JSON.stringify({ version: 2, swaps: [] }));
    a.load();
    assert.deepEqual(
      a.list().map((r) => r.hash),
      ['open'],
    );
    a.put(record('later', 3000));
    assert.deepEqual(
      storage
        .doc()
        .swaps.map((r) => r.hash)
        .sort(),
      ['later', 'open'],
    );
  });
});

describe('SwapStore: documents of other versions', () => {
  test('version 1 is migrated and written back as version 2', () => {
    const storage = new FakeStorage();
    storage.data.set(
      STORAGE_KEY,
      JSON.stringify({
        version: 1,
        swaps: [
          { txHash: 'h1', chain: 'btc', quoteId: 'q1', routeIndex: 1, status: 'MEMPOOL', startedAt: 1000 },
          { txHash: 'h2', chain: 'ETH', quoteId: 'q2', status: 'Completed', startedAt: 2000, route: ROUTE },
          { txHash: 'h3', chain: 'BTC', quoteId: 'q3', status: 'refunded', startedAt: 3000 },
          { chain: 'BTC', quoteId: 'no hash' },
          { txHash: 'no chain' },
          null,
        ],
      }),
    );
    const store = new SwapStore(storage);
    const [h3, h2, h1] = store.list();
    assert.deepEqual(
      [h1!.id, h1!.chainId, h1!.quoteId, h1!.routeIndex, h1!.createdAt, h1!.updatedAt, h1!.final],
      ['h1@BTC', 'BTC', 'q1', 1, 1000, 1000, false],
    );
    assert.deepEqual([h2!.id, h2!.routeIndex, h2!.final, h2!.route], ['h2@ETH', 0, true, ROUTE]);
    assert.equal(h3!.final, true);
    // Version 1 kept no route: the record has none (nothing stands in for one).
    assert.equal(h1!.route, undefined);
    assert.equal('route' in h1!, false);
    assert.equal(store.list().length, 3);
    const doc = storage.doc();
    assert.equal(doc.version, 2);
    assert.deepEqual(doc.swaps.map((s) => s.id).sort(), ['h1@BTC', 'h2@ETH', 'h3@BTC']);
  });

  test("a version 1 swap is final exactly in tracking's final states, in any case", () => {
    const finalOf = (status: string) =>
      migrate({ version: 1, swaps: [{ txHash: 'h', chain: 'BTC', quoteId: 'q', status }] }).swaps[0]!.final;
    for (const s of FINAL_STATES) {
      assert.equal(finalOf(s), true, s);
      assert.equal(finalOf(s.toUpperCase()), true, s.toUpperCase());
    }
    for (const s of MOVING_STATUSES) assert.equal(finalOf(s), false, s);
  });

  test('a version 1 swap without a start time is dated now', () => {
    const before = Date.now();
    const { swaps } = migrate({ version: 1, swaps: [{ txHash: 'h', chain: 'BTC', quoteId: 'q' }] });
    assert.ok(swaps[0]!.createdAt >= before && swaps[0]!.createdAt <= Date.now());
  });

  test('a document without a version is read as version 1; anything but an object as empty', () => {
    assert.deepEqual(
      migrate({ swaps: [{ txHash: 'h', chain: 'btc', quoteId: 'q', startedAt: 5 }] }).swaps.map((s) => s.id),
      ['h@BTC'],
    );
    for (const junk of [null, 42, 'swaps', []])
      assert.deepEqual(migrate(junk), { swaps: [], readOnly: false }, JSON.stringify(junk));
  });

  test('version 2 records without a hash or chain are left out', () => {
    const ok = record('ok', 1000);
    const { swaps } = migrate({ version: 2, swaps: [ok, { ...ok, hash: undefined }, { ...ok, chainId: 7 }, null] });
    assert.deepEqual(swaps, [ok]);
  });

  test("a newer widget's document is read as far as it goes and never written over", () => {
    const storage = new FakeStorage();
    const theirs = JSON.stringify({ version: 3, swaps: [record('new', 1000)], somethingNew: true });
    storage.data.set(STORAGE_KEY, theirs);
    const store = new SwapStore(storage);
    assert.deepEqual([store.mode, store.problem], ['read-only', 'newer-version']);
    assert.deepEqual(
      store.list().map((r) => r.hash),
      ['new'],
    );
    store.put(record('mine', 2000));
    assert.equal(storage.data.get(STORAGE_KEY), theirs);
    assert.deepEqual(
      store.list().map((r) => r.hash),
      ['mine', 'new'],
    );
  });
});

describe('SwapStore: when storage fails', () => {
  test('an unreadable document is kept aside, not overwritten, and the store goes on', () => {
    const storage = new FakeStorage();
    storage.data.set(STORAGE_KEY, '{not json');
    const store = new SwapStore(storage);
    const aside = [...storage.data.keys()].filter((k) => k.startsWith(`${STORAGE_KEY}:unreadable:`));
    assert.equal(aside.length, 1);
    assert.equal(storage.data.get(aside[0]!), '{not json');
    assert.equal(storage.data.has(STORAGE_KEY), false);
    assert.deepEqual([store.mode, store.problem], ['storage', undefined]);
    store.put(record('a', 1000));
    assert.equal(storage.doc().swaps.length, 1);
  });

  test('an unreadable document that cannot be moved aside: memory only, and it stays as it was', () => {
    const storage = new FakeStorage();
    storage.data.set(STORAGE_KEY, '{not json');
    storage.fail.setItem = quota();
    const store = new SwapStore(storage);
    assert.deepEqual([store.mode, store.problem], ['memory', 'unreadable']);
    delete storage.fail.setItem;
    store.put(record('a', 1000));
    assert.equal(storage.data.get(STORAGE_KEY), '{not json');
    assert.equal(store.list().length, 1);
  });

  test('no storage at all (private mode, a webview without it): memory only', () => {
    const store = new SwapStore(undefined);
    assert.deepEqual([store.mode, store.problem], ['memory', 'unavailable']);
    store.put(record('a', 1000));
    assert.equal(store.get('a@BTC')!.hash, 'a');
  });

  test('storage that throws on read: memory only', () => {
    const storage = new FakeStorage();
    storage.fail.getItem = new Error('SecurityError');
    const store = new SwapStore(storage);
    assert.deepEqual([store.mode, store.problem], ['memory', 'read-failed']);
    delete storage.fail.getItem;
    store.put(record('a', 1000));
    assert.equal(storage.data.size, 0);
  });

  test('full storage: the swap is kept in memory and the store says storage is full', () => {
    const storage = new FakeStorage();
    const store = new SwapStore(storage);
    storage.fail.setItem = quota();
    store.put(record('a', 1000));
    assert.deepEqual([store.mode, store.problem], ['memory', 'full']);
    assert.equal(store.get('a@BTC')!.hash, 'a');
    // It does not try again behind the user's back: later swaps stay in memory too.
    delete storage.fail.setItem;
    store.put(record('b', 2000));
    assert.equal(storage.data.has(STORAGE_KEY), false);
    assert.deepEqual(
      store.list().map((r) => r.hash),
      ['b', 'a'],
    );
  });

  test('any other write failure is told apart from a full storage', () => {
    const storage = new FakeStorage();
    const store = new SwapStore(storage);
    storage.fail.setItem = new Error('disk');
    store.put(record('a', 1000));
    assert.deepEqual([store.mode, store.problem], ['memory', 'write-failed']);
  });
});
