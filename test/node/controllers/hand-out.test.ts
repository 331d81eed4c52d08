/**
 * The hand-out lifecycle of the execution controller: written ahead, offered once per press,
 * ended once (tracked, rejected, revoked at the route's expiry or on a request change), and
 * found again after a reload. Routes come from the reference service (honest), so the checks
 * run as in the widget.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { ExecutionController, type HandOut, type Selection } from '../../../src/controllers/execution-controller.js';
import { InjectedWallet } from '../../../src/wallet/injected-wallet.js';
import { HANDOUT_KEY, UNDATED_ROUTE_HANDOUT_MS } from '../../../src/domain/handout.js';
import { MAX_QUOTE_AGE_MS } from '../../../src/controllers/execution-controller.js';
import type { KeyValueStorage } from '../../../src/domain/swap-store.js';
import type { SwapRevokeDetail } from '../../../src/events.js';
import { Host, quoteScenario, startHostileServer, type HostileServer } from '../hostile/harness.js';
import { referenceInbound } from '../../support/inbound.js';

class MemoryStorage implements KeyValueStorage {
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

interface Rig {
  controller: ExecutionController;
  offers: HandOut[];
  revokes: SwapRevokeDetail[];
  tracked: string[];
  /** What storage held when each hand-out was offered. */
  storedAtOffer: (string | null)[];
  /** Codes of the problems told (`swap-error`). */
  problems: string[];
}

function rig(base: Awaited<ReturnType<typeof quoteScenario>>, storage: MemoryStorage, take = true, requoted: Selection[] = []): Rig {
  const offers: HandOut[] = [];
  const revokes: SwapRevokeDetail[] = [];
  const tracked: string[] = [];
  const storedAtOffer: (string | null)[] = [];
  const problems: string[] = [];
  const controller = new ExecutionController(
    new Host(),
    {
      client: () => base.client,
      service: () => 'https://service.example',
      requote: async (previous) => void requoted.push(previous),
      inbound: async (protocol) => referenceInbound()(protocol),
      tokenDecimals: (asset) => base.listed.get(asset.toUpperCase()),
      affiliate: () => ({ ...(base.scenario.affiliate ? { code: base.scenario.affiliate } : {}), bps: base.scenario.affiliateFee ?? 0 }),
      offer: (h) => {
        storedAtOffer.push(storage.getItem(HANDOUT_KEY));
        offers.push(h);
        return take;
      },
      revoke: (d) => revokes.push(d),
      track: (hash) => tracked.push(hash),
      error: (p) => problems.push(p.code),
      reselect: () => undefined,
    },
    new InjectedWallet({}),
    () => storage as unknown as Storage,
  );
  return { controller, offers, revokes, tracked, storedAtOffer, problems };
}

describe('hand-out lifecycle', () => {
  let server: HostileServer;
  let memo: Awaited<ReturnType<typeof quoteScenario>>;
  let swap: Awaited<ReturnType<typeof quoteScenario>>;
  before(async () => {
    server = await startHostileServer();
    memo = await quoteScenario(server, 'honest', 'btc-memo');
    swap = await quoteScenario(server, 'honest', 'eth-aggregator');
  });
  after(() => server.close());

  it('is written to storage before it is offered, with its quote and route, and carries a summary', async () => {
    const storage = new MemoryStorage();
    const r = rig(memo, storage);
    await r.controller.start(memo.selection);
    assert.equal(r.offers.length, 1);
    const stored = JSON.parse(r.storedAtOffer[0]!) as { handOuts: Record<string, { quoteId: string; routeIndex: number; kind: string }> };
    const record = stored.handOuts['https://service.example']!;
    assert.equal(record.quoteId, memo.selection.quoteId);
    assert.equal(record.routeIndex, memo.selection.entry.index);
    assert.equal(record.kind, 'memo');
    assert.deepEqual(r.problems, []);
    const offer = r.offers[0]!;
    assert.equal(offer.type, 'swap-memo');
    const summary = offer.detail.summary;
    assert.deepEqual(
      { ...summary },
      {
        provider: memo.selection.entry.route.providers.join('->'),
        sellAsset: memo.selection.request.sellAsset,
        sellAmount: memo.selection.request.sellAmount,
        buyAsset: memo.selection.request.buyAsset,
        expectedBuyAmount: memo.selection.entry.expected,
        minimumBuyAmount: memo.selection.entry.minimum,
        decimals: 8,
      },
    );
    r.controller.hostDisconnected();
  });

  it('a second press while it stands hands out nothing (twice in the same task, and later)', async () => {
    const r = rig(swap, new MemoryStorage());
    const a = r.controller.start(swap.selection);
    const b = r.controller.start(swap.selection);
    await Promise.all([a, b]);
    await r.controller.start(swap.selection);
    assert.equal(r.offers.length, 1);
    assert.equal(r.offers[0]!.type, 'swap-tx');
    const detail = r.offers[0]!.detail;
    assert.equal('family' in detail && detail.family, 'evm');
    assert.equal(r.controller.busy, true);
    r.controller.hostDisconnected();
  });

  it('rejected(): revoked once with reason rejected, then Swap hands out again', async () => {
    const r = rig(memo, new MemoryStorage());
    await r.controller.start(memo.selection);
    assert.equal(r.controller.rejected(), true);
    assert.equal(r.controller.rejected(), false, 'a second rejected() finds nothing pending');
    assert.deepEqual(r.revokes, [{ quoteId: memo.selection.quoteId, routeIndex: memo.selection.entry.index, reason: 'rejected' }]);
    assert.equal(r.controller.state.phase, 'idle');
    await r.controller.start(memo.selection);
    assert.equal(r.offers.length, 2);
    r.controller.hostDisconnected();
  });

  it('a change of the request revokes it; with nothing handed out, nothing is revoked', async () => {
    const r = rig(memo, new MemoryStorage());
    r.controller.revoke('request-changed');
    assert.equal(r.revokes.length, 0);
    await r.controller.start(memo.selection);
    r.controller.revoke('request-changed');
    assert.deepEqual(r.revokes.map((d) => d.reason), ['request-changed']);
    assert.equal(r.controller.busy, false);
  });

  it("is revoked at the route's expiry, not before", async () => {
    const r = rig(memo, new MemoryStorage());
    const now = Date.now();
    const selection: Selection = { ...memo.selection, entry: { ...memo.selection.entry, expiresAt: now + 45_000 } };
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
    try {
      await r.controller.start(selection);
      assert.equal(r.offers.length, 1);
      mock.timers.tick(44_000);
      assert.equal(r.revokes.length, 0, 'revoked before its expiry');
      mock.timers.tick(1_000);
      assert.deepEqual(r.revokes.map((d) => d.reason), ['expired']);
      assert.equal(r.controller.state.phase, 'failed');
      assert.deepEqual(r.problems, ['revoked']);
    } finally {
      mock.timers.reset();
      r.controller.hostDisconnected();
    }
  });

  /** The memo route as the real service may send it: without an expiration. */
  const undated = (receivedAt: number): Selection => {
    const { expiration: _, ...route } = memo.selection.entry.route;
    const { expiresAt: __, ...entry } = memo.selection.entry;
    return { ...memo.selection, entry: { ...entry, route }, receivedAt };
  };

  it('a route without an expiry: handed out until its quote is ten minutes old (expiresAt says so), revoked then', async () => {
    const r = rig(memo, new MemoryStorage());
    const now = Date.now();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
    try {
      await r.controller.start(undated(now - 30_000));
      assert.equal(r.offers.length, 1);
      const offer = r.offers[0]!;
      assert.equal(offer.type === 'swap-memo' && offer.detail.expiresAt, new Date(now - 30_000 + UNDATED_ROUTE_HANDOUT_MS).toISOString());
      mock.timers.tick(UNDATED_ROUTE_HANDOUT_MS - 30_000 - 1);
      assert.equal(r.revokes.length, 0, 'revoked before the limit');
      mock.timers.tick(1);
      assert.deepEqual(r.revokes.map((d) => d.reason), ['expired']);
    } finally {
      mock.timers.reset();
      r.controller.hostDisconnected();
    }
  });

  it('a route without an expiry is quoted again before a hand-out once its quote is more than a minute old, not before', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['Date'], now });
    try {
      const fresh: Selection[] = [];
      const a = rig(memo, new MemoryStorage(), true, fresh);
      await a.controller.start(undated(now - MAX_QUOTE_AGE_MS));
      assert.deepEqual([fresh.length, a.offers.length], [0, 1], 'a minute old: handed out as it is');
      a.controller.hostDisconnected();
      const stale: Selection[] = [];
      const b = rig(memo, new MemoryStorage(), true, stale);
      await b.controller.start(undated(now - MAX_QUOTE_AGE_MS - 1));
      assert.deepEqual([stale.length, b.offers.length], [1, 0], 'older: quoted again first (the rig offers no route)');
      assert.deepEqual(b.problems, ['route-expired']);
    } finally {
      mock.timers.reset();
    }
  });

  it('after a reload, the hand-out written ahead answers track(); a revoked one is answered late', async () => {
    const storage = new MemoryStorage();
    const first = rig(memo, storage);
    await first.controller.start(memo.selection);
    first.controller.hostDisconnected();
    // The page reloads: a new controller over the same storage.
    const second = rig(memo, storage);
    const answer = second.controller.answer();
    assert.equal(answer?.record.quoteId, memo.selection.quoteId);
    assert.equal(answer?.record.routeIndex, memo.selection.entry.index);
    assert.equal(answer?.late, false);
    assert.equal(second.controller.answer(), undefined, 'answered once: the swap record holds it now');

    const third = rig(memo, storage);
    await third.controller.start(memo.selection);
    third.controller.revoke('request-changed');
    const late = third.controller.answer();
    assert.equal(late?.late, true);
    assert.equal(late?.record.revoked, 'request-changed');
  });

  it('approved() with no approval pending does nothing', () => {
    const r = rig(swap, new MemoryStorage());
    assert.equal(r.controller.approved(), false);
    assert.equal(r.offers.length, 0);
  });

  it('a Swap on a quote whose route was already tracked quotes again before handing out', async () => {
    const r = rig(memo, new MemoryStorage());
    await r.controller.start(memo.selection);
    r.controller.answer();
    await r.controller.start(memo.selection);
    assert.equal(r.offers.length, 1, 'the spent quote was handed out again');
    assert.equal(r.controller.state.phase, 'failed', 'requote offered nothing (the rig returns no route)');
    assert.deepEqual(r.problems, ['route-expired']);
  });
});
