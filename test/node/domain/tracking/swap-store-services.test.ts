/**
 * The swap store per service: each record names its service and key identity; a store opened
 * for one service sees only its own swaps; records written before services were named are
 * assigned once, to the first store that finds them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Route } from '../../../../src/schemas/service.js';
import { SwapApiClient } from '../../../../src/api/client.js';
import {
  STORAGE_KEY,
  SwapStore,
  newSwapRecord,
  serviceOf,
  type KeyValueStorage,
  type StoreOwner,
} from '../../../../src/domain/tracking/swap-store.js';

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const ROUTE = {
  providers: ['THORCHAIN'],
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.1',
  expectedBuyAmount: '2',
  expectedBuyAmountMaxSlippage: '1.98',
  fees: [],
  legs: [],
  warnings: [],
  meta: { assets: [], tags: [] },
} as unknown as Route;
const record = (hash: string, now = 1_000) =>
  newSwapRecord({ hash, chainId: 'BTC', quoteId: `q-${hash}`, routeIndex: 0, route: ROUTE, now });
const A: StoreOwner = { service: 'https://a.example', keyId: new SwapApiClient({ apiKey: 'key-a' }).keyId };
const B: StoreOwner = { service: 'https://b.example/api', keyId: A.keyId };
const A_OTHER_KEY: StoreOwner = { service: A.service, keyId: new SwapApiClient({ apiKey: 'key-b' }).keyId };
const stored = (storage: MemoryStorage) =>
  JSON.parse(storage.getItem(STORAGE_KEY)!) as { version: number; swaps: Record<string, unknown>[] };

describe('the swap store, per service', () => {
  it('names the service and the key identity (a hash, never the key) in every record it writes', () => {
    const storage = new MemoryStorage();
    new SwapStore(storage, A).put(record('aa'));
    const [r] = stored(storage).swaps;
    assert.equal(r!.service, 'https://a.example');
    assert.equal(r!.keyId, A.keyId);
    assert.ok(!storage.getItem(STORAGE_KEY)!.includes('key-a'), 'the key itself is never stored');
  });

  it("lists, returns and dismisses only its own service's swaps; another key is another owner", () => {
    const storage = new MemoryStorage();
    const a = new SwapStore(storage, A);
    const b = new SwapStore(storage, B);
    const k = new SwapStore(storage, A_OTHER_KEY);
    a.put({ ...record('aa'), final: true });
    b.put(record('bb'));
    for (const s of [a, b, k]) s.load();
    assert.deepEqual(
      a.list().map((r) => r.hash),
      ['aa'],
    );
    assert.deepEqual(
      b.list().map((r) => r.hash),
      ['bb'],
    );
    assert.deepEqual(k.list(), []);
    assert.equal(b.get('aa@BTC'), undefined);
    assert.equal(b.dismiss('aa@BTC'), false, 'another service cannot dismiss it');
    assert.equal(stored(storage).swaps.length, 2, "each store keeps the other's records when it writes");
    assert.equal(a.dismiss('aa@BTC'), true);
    assert.deepEqual(
      stored(storage).swaps.map((r) => r.hash),
      ['bb'],
    );
  });

  it('assigns records without a service once, to the first store that finds them', () => {
    const storage = new MemoryStorage();
    // Written by an earlier widget: version 2 without services, and version 1.
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 2, swaps: [{ ...record('old'), service: undefined }] }));
    const first = new SwapStore(storage, B);
    assert.deepEqual(
      first.list().map((r) => r.hash),
      ['old'],
    );
    assert.equal(stored(storage).swaps[0]!.service, B.service, 'written back with its new owner');
    const second = new SwapStore(storage, A);
    assert.deepEqual(second.list(), [], 'a second widget does not take it too');
    assert.deepEqual(
      new SwapStore(storage, B).list().map((r) => r.hash),
      ['old'],
    );

    const v1 = new MemoryStorage();
    v1.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: 1,
        swaps: [{ txHash: 'legacy', chain: 'BTC', quoteId: 'q', status: 'mempool', startedAt: 5 }],
      }),
    );
    const claimer = new SwapStore(v1, A);
    assert.deepEqual(
      claimer.list().map((r) => [r.hash, r.service]),
      [['legacy', A.service]],
    );
    assert.equal(stored(v1).version, 2);
    assert.deepEqual(new SwapStore(v1, B).list(), []);
  });

  it('without an owner lists everything and assigns nothing (tools)', () => {
    const storage = new MemoryStorage();
    new SwapStore(storage, A).put(record('aa'));
    new SwapStore(storage, B).put(record('bb'));
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: 2, swaps: [...stored(storage).swaps, { ...record('cc'), service: undefined }] }),
    );
    assert.equal(new SwapStore(storage).list().length, 3);
    assert.equal(stored(storage).swaps.find((r) => r.hash === 'cc')!.service, undefined);
  });

  it('follows a new owner: the swaps seen are the new service’s', () => {
    const storage = new MemoryStorage();
    new SwapStore(storage, B).put(record('bb'));
    const s = new SwapStore(storage, A);
    s.put(record('aa'));
    assert.deepEqual(
      s.list().map((r) => r.hash),
      ['aa'],
    );
    s.setOwner(B);
    assert.deepEqual(
      s.list().map((r) => r.hash),
      ['bb'],
    );
  });

  it('a newer document is read, not assigned (it is not ours to write)', () => {
    const storage = new MemoryStorage();
    const doc = JSON.stringify({ version: 99, swaps: [{ ...record('new'), service: undefined }] });
    storage.setItem(STORAGE_KEY, doc);
    const s = new SwapStore(storage, A);
    assert.equal(s.mode, 'read-only');
    assert.deepEqual(
      s.list().map((r) => r.hash),
      ['new'],
    );
    assert.equal(storage.getItem(STORAGE_KEY), doc);
  });

  it('names a service by its absolute base URL', () => {
    assert.equal(serviceOf('', 'https://shop.example/swap/page.html?x=1'), 'https://shop.example');
    assert.equal(serviceOf('/api/', 'https://shop.example/swap/page.html'), 'https://shop.example/api');
    assert.equal(serviceOf('api', 'https://shop.example/swap/page.html'), 'https://shop.example/swap/api');
    assert.equal(serviceOf('HTTPS://API.Example.COM/v/', 'https://shop.example/'), 'https://api.example.com/v');
    assert.notEqual(serviceOf('/__tamper/x', 'http://127.0.0.1:8000/'), serviceOf('', 'http://127.0.0.1:8000/'));
  });
});
