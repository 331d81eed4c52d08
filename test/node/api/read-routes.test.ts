/**
 * Reading a quote answer's routes (src/api/read-routes.ts): the first `MAX_ROUTES` that read
 * are kept and the rest counted, unreadable ones listed up to `MAX_UNREADABLE`, a route too
 * large is unreadable, and the page gets a turn as reading goes on. The clock and the turns
 * are the test's: nothing here is timed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MAX_ROUTES,
  MAX_ROUTE_VALUES,
  MAX_UNREADABLE,
  SLICE_MS,
  holdsMoreThan,
  readRoutes,
} from '../../../src/api/read-routes.js';

const route = (i: number) => ({
  providers: [`P${i}`],
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  sellAmount: '0.1',
  expectedBuyAmount: '2.5',
  expectedBuyAmountMaxSlippage: '2.475',
});
const unreadable = (i: number) => ({ providers: [`BAD${i}`], sellAsset: 'BTC.BTC' });
const routes = (n: number, from = 0) => Array.from({ length: n }, (_, i) => route(from + i));

/** A clock that never moves and turns that cost nothing: reading without a turn unless forced. */
const still = { now: () => 0, turn: async () => undefined };

describe('readRoutes', () => {
  it(`keeps every route of an answer of ${MAX_ROUTES}`, async () => {
    const r = await readRoutes(routes(MAX_ROUTES), still);
    assert.equal(r.routes.length, MAX_ROUTES);
    assert.equal(r.unread, 0);
  });

  it(`keeps the first ${MAX_ROUTES} of ${MAX_ROUTES + 1} and counts the last (the boundary), and the first 50 of 6 000`, async () => {
    const one = await readRoutes(routes(MAX_ROUTES + 1), still);
    assert.deepEqual(one.indexes, [...Array(MAX_ROUTES).keys()]);
    assert.equal(one.unread, 1);
    const many = await readRoutes(routes(6000), still);
    assert.deepEqual(
      [many.routes.length, many.unread, many.routes.at(-1)!.providers[0]],
      [MAX_ROUTES, 6000 - MAX_ROUTES, `P${MAX_ROUTES - 1}`],
    );
  });

  it('counts only the routes that read towards the cap, and lists the unreadable ones with their index', async () => {
    const r = await readRoutes([unreadable(0), unreadable(1), unreadable(2), ...routes(60)], still);
    assert.deepEqual(
      r.dropped.map((d) => [d.index, d.providers[0]]),
      [
        [0, 'BAD0'],
        [1, 'BAD1'],
        [2, 'BAD2'],
      ],
    );
    assert.match(r.dropped[0]!.message, /buyAsset/);
    assert.deepEqual([r.routes.length, r.indexes[0], r.indexes.at(-1), r.unread], [MAX_ROUTES, 3, 52, 10]);
  });

  it(`lists at most ${MAX_UNREADABLE} unreadable routes, counts the others, and still reads the routes after them`, async () => {
    const r = await readRoutes(
      [...Array.from({ length: MAX_UNREADABLE + 10 }, (_, i) => unreadable(i)), ...routes(5)],
      still,
    );
    assert.deepEqual(
      [r.dropped.length, r.unread, r.routes.length, r.indexes[0]],
      [MAX_UNREADABLE, 10, 5, MAX_UNREADABLE + 10],
    );
  });

  it(`a route holding more than ${MAX_ROUTE_VALUES} values is unreadable, without being parsed`, async () => {
    const fees = (n: number) => Array.from({ length: n }, () => 'x');
    // The route's own values: the object, 6 keys' values, the array of providers and its item.
    const own = 1 + 6 + 1;
    const at = { ...route(0), warnings: fees(MAX_ROUTE_VALUES - own - 1) };
    const over = { ...route(1), warnings: fees(MAX_ROUTE_VALUES - own) };
    assert.equal(holdsMoreThan(at, MAX_ROUTE_VALUES), false);
    assert.equal(holdsMoreThan(over, MAX_ROUTE_VALUES), true);
    const r = await readRoutes([over, route(2)], still);
    assert.deepEqual(
      r.dropped.map((d) => [d.index, d.message]),
      [[0, `(root): holds more than ${MAX_ROUTE_VALUES} values`]],
    );
    assert.equal(r.routes.length, 1);
  });

  it(`gives the page a turn before reading a long answer, and whenever ${SLICE_MS} ms of reading have passed`, async () => {
    let t = 0;
    const turns: number[] = [];
    // Every reading of the clock is 1 ms later: one per route.
    const r = await readRoutes(routes(200), { now: () => (t += 1), turn: async () => void turns.push(t) });
    assert.equal(r.routes.length, MAX_ROUTES);
    assert.equal(turns[0], 0, 'a turn before the first route');
    for (let i = 1; i < turns.length; i++)
      assert.ok(turns[i]! - turns[i - 1]! <= SLICE_MS + 1, `${turns[i]! - turns[i - 1]!} ms without a turn`);
    assert.ok(turns.length >= MAX_ROUTES / (SLICE_MS + 1), `${turns.length} turns`);
  });

  it('reads a short answer in one go', async () => {
    const turns: number[] = [];
    await readRoutes(routes(10), { now: () => 0, turn: async () => void turns.push(0) });
    assert.deepEqual(turns, []);
  });

  it('stops when the request is aborted while it gives the page a turn', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      readRoutes(routes(MAX_ROUTES + 1), { signal: controller.signal }),
      (e: Error) => e.name === 'AbortError',
    );
  });
});
