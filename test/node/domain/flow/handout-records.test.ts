/**
 * Hand-out records (src/domain/flow/handout-records.ts): written before dispatch, with an id of their
 * own, restored whole after a reload, one owner's never another's, a second hash told apart.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HANDOUT_RECORDS_KEY,
  HandoutRecords,
  MAX_RECORDS,
  RECORD_LIFETIME_MS,
  newHandoutId,
  type HandoutRecord,
} from '../../../../src/domain/flow/handout-records.js';

class MemoryStorage {
  readonly items = new Map<string, string>();
  full = false;
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
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
};
const T0 = 1_800_000_000_000;
const record = (over: Partial<HandoutRecord> = {}): HandoutRecord => ({
  id: newHandoutId(),
  owner: '',
  quoteId: 'q1',
  routeIndex: 0,
  kind: 'memo',
  chain: 'BTC',
  expiresAt: T0 + 600_000,
  holder: 'host',
  route: ROUTE as never,
  handedOutAt: T0,
  ...over,
});

describe('hand-out records', () => {
  it('ids are 32 hex characters, different each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newHandoutId()));
    assert.equal(ids.size, 100);
    for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/);
  });

  it('a record written is read back whole by another instance (a reloaded page)', () => {
    const storage = new MemoryStorage();
    const r = record();
    assert.equal(new HandoutRecords(storage, () => T0).write('svc', r), true);
    const again = new HandoutRecords(storage, () => T0);
    assert.deepEqual(again.get('svc', r.id), r);
    assert.deepEqual(again.open('svc', ''), r);
    assert.ok(storage.getItem(HANDOUT_RECORDS_KEY)!.includes(r.id));
  });

  it("the open hand-out is the owner's last one not answered nor revoked; another widget's is never it", () => {
    const s = new HandoutRecords(new MemoryStorage(), () => T0);
    const a = record({ owner: 'left', handedOutAt: T0 - 2 });
    const b = record({ owner: 'right', handedOutAt: T0 - 1 });
    s.write('svc', a);
    s.write('svc', b);
    assert.equal(s.open('svc', 'left')?.id, a.id);
    assert.equal(s.open('svc', 'right')?.id, b.id);
    assert.equal(s.open('svc', ''), undefined);
    s.revoke('svc', a.id, 'rejected');
    assert.equal(s.open('svc', 'left'), undefined);
    assert.equal(s.get('svc', a.id)?.revoked, 'rejected');
    assert.equal(s.last('svc', 'left')?.id, a.id, 'still there for a late hash');
  });

  it('a hash answers its hand-out once; the same hash again is the same answer; another hash is a second one', () => {
    const s = new HandoutRecords(new MemoryStorage(), () => T0);
    const r = record();
    s.write('svc', r);
    assert.equal(s.answer('svc', r.id, '0xAB').status, 'answered');
    assert.equal(s.answer('svc', r.id, '0xab').status, 'again');
    const second = s.answer('svc', r.id, '0xcd');
    assert.equal(second.status, 'second-hash');
    assert.equal(s.get('svc', r.id)?.hash, '0xAB', 'the first hash stays');
    assert.equal(s.answer('svc', 'nope', '0xab').status, 'unknown');
    assert.equal(s.open('svc', ''), undefined, 'answered: not open');
  });

  it('revoking an answered hand-out changes nothing', () => {
    const s = new HandoutRecords(new MemoryStorage(), () => T0);
    const r = record();
    s.write('svc', r);
    s.answer('svc', r.id, '0xab');
    s.revoke('svc', r.id, 'expired');
    assert.equal(s.get('svc', r.id)?.revoked, undefined);
  });

  it('keeps services apart, at most MAX_RECORDS each, and forgets records older than a day', () => {
    let now = T0;
    const s = new HandoutRecords(new MemoryStorage(), () => now);
    for (let i = 0; i < MAX_RECORDS + 5; i++) s.write('a', record({ handedOutAt: T0 + i }));
    s.write('b', record());
    assert.equal(s.list('a').length, MAX_RECORDS);
    assert.equal(s.list('b').length, 1);
    now = T0 + RECORD_LIFETIME_MS + MAX_RECORDS + 10;
    assert.equal(s.list('a').length, 0);
  });

  it('full or missing storage: the page keeps its records in memory', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    const s = new HandoutRecords(storage, () => T0);
    const r = record();
    assert.equal(s.write('svc', r), false);
    assert.equal(s.open('svc', '')?.id, r.id);
    const none = new HandoutRecords(undefined, () => T0);
    none.write('svc', r);
    assert.equal(none.get('svc', r.id)?.id, r.id);
  });

  it("reads the first version's one hand-out per service (no id, no expiry of its own)", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'swap-widget:hand-out',
      JSON.stringify({
        version: 1,
        handOuts: { svc: { quoteId: 'q9', routeIndex: 1, route: ROUTE, chain: 'BTC', kind: 'memo', handedOutAt: T0 } },
      }),
    );
    const s = new HandoutRecords(storage, () => T0);
    const open = s.open('svc', '');
    assert.equal(open?.quoteId, 'q9');
    assert.equal(open?.id, `v1:q9:1:${T0}`);
    assert.equal(open?.expiresAt, T0 + 600_000);
  });

  it('ignores junk in storage, record by record', () => {
    const storage = new MemoryStorage();
    const good = record();
    storage.setItem(
      HANDOUT_RECORDS_KEY,
      JSON.stringify({
        version: 2,
        records: { svc: [good, { id: 'x' }, null, { ...good, id: 'bad id!' }, { ...good, id: 'k2', kind: 'steal' }] },
      }),
    );
    const s = new HandoutRecords(storage, () => T0);
    assert.deepEqual(
      s.list('svc').map((r) => r.id),
      [good.id],
    );
    storage.setItem(HANDOUT_RECORDS_KEY, '{not json');
    assert.deepEqual(new HandoutRecords(storage, () => T0).list('svc'), []);
  });
});
