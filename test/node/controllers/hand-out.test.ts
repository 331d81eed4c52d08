/**
 * The hand-out lifecycle of the execution controller under the flow: reviewed before anything
 * is handed out, written with an id of its own before it is offered, offered once per press,
 * ended once (tracked, rejected, cancelled, revoked at its expiry or on a request change),
 * restored whole after a reload, answered by one hash only, and said when nothing takes it.
 * Routes come from the reference service (honest), so the checks run as in the widget.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import {
  SwapFlow,
  MAX_QUOTE_AGE_MS,
  requestKey,
  type HandOut,
  type Selection,
} from '../../../src/session/swap-flow.js';
import {
  EXPIRY_MARGIN_MS,
  NO_HANDLER_MS,
  type OfferResult,
} from '../../../src/controllers/execution/execution-types.js';
import { evmApproval } from '../../../src/controllers/execution/handout-details.js';
import { UNDATED_ROUTE_HANDOUT_MS } from '../../../src/domain/flow/handout.js';
import { HANDOUT_RECORDS_KEY } from '../../../src/domain/flow/handout-records.js';
import type { EvmPlan } from '../../../src/domain/checks/route.js';
import { InjectedWallet } from '../../../src/wallet/injected-wallet.js';
import type { SwapRevokeDetail } from '../../../src/events.js';
import { Host, quoteScenario, startHostileServer, type HostileServer } from '../hostile/harness.js';
import { referenceInbound } from '../../support/inbound.js';
import { MemoryStorage, press, settled, storedRecords, swap } from '../../support/execution-rig.js';

const SERVICE = 'https://service.example';

interface Rig {
  controller: SwapFlow;
  offers: HandOut[];
  revokes: SwapRevokeDetail[];
  tracked: { hash: string; chain: string; quoteId: string; handoutId?: string }[];
  /** What storage held when each hand-out was offered. */
  storedAtOffer: (string | null)[];
  /** Codes of the problems told (`swap-error`). */
  problems: string[];
  focus: string[];
}

type Scenario = Awaited<ReturnType<typeof quoteScenario>>;

interface RigOptions {
  /** What the host does with each hand-out (default: takes it). */
  offer?: (h: HandOut) => OfferResult;
  requoted?: Selection[];
  /** What a re-quote answers (default: no route). */
  fresh?: Selection;
  owner?: string;
  skipReview?: boolean;
}

/** Every controller of a test: disconnected after it, which ends its timers. */
const live: SwapFlow[] = [];
afterEach(() => {
  for (const c of live.splice(0)) c.hostDisconnected();
  mock.timers.reset();
});

function rig(base: Scenario, storage: MemoryStorage, o: RigOptions = {}): Rig {
  const r: Omit<Rig, 'controller'> = {
    offers: [],
    revokes: [],
    tracked: [],
    storedAtOffer: [],
    problems: [],
    focus: [],
  };
  const controller = new SwapFlow(
    new Host(),
    {
      client: () => base.client,
      service: () => SERVICE,
      owner: () => o.owner ?? '',
      requote: async (previous) => (o.requoted?.push(previous), o.fresh),
      inbound: async (protocol) => referenceInbound()(protocol),
      tokenDecimals: (asset) => base.listed.get(asset.toUpperCase()),
      affiliate: () => ({
        ...(base.scenario.affiliate ? { code: base.scenario.affiliate } : {}),
        bps: base.scenario.affiliateFee ?? 0,
      }),
      skipReview: () => o.skipReview ?? false,
      offer: (h) => {
        r.storedAtOffer.push(storage.getItem(HANDOUT_RECORDS_KEY));
        r.offers.push(h);
        return o.offer?.(h) ?? { taken: true, unheard: false };
      },
      revoke: (d) => r.revokes.push(d),
      track: (hash, chain, h) =>
        r.tracked.push({ hash, chain, quoteId: h.quoteId, ...(h.handoutId ? { handoutId: h.handoutId } : {}) }),
      error: (p) => r.problems.push(p.code),
      reselect: () => undefined,
      focus: (view) => r.focus.push(view),
    },
    new InjectedWallet({}),
    () => storage as unknown as Storage,
  );
  live.push(controller);
  return { controller, ...r };
}

const idOf = (h: HandOut | undefined) => h!.detail.handoutId;
const HASH_A = `0x${'a'.repeat(64)}`;
const BTC_HASH = 'c'.repeat(64);

describe('hand-out lifecycle', () => {
  let server: HostileServer;
  let memo: Scenario;
  let swapRoute: Scenario;
  let token: Scenario;
  before(async () => {
    server = await startHostileServer();
    memo = await quoteScenario(server, 'honest', 'btc-memo');
    swapRoute = await quoteScenario(server, 'honest', 'eth-aggregator');
    token = await quoteScenario(server, 'honest', 'erc20-aggregator');
  });
  after(() => server.close());

  describe('the review comes first', () => {
    it('Swap shows the review and hands out nothing; Confirm hands out what it showed, as detail.review', async () => {
      const r = rig(memo, new MemoryStorage());
      await press(r.controller, memo.selection);
      const state = r.controller.state;
      assert.equal(state.phase, 'reviewing');
      assert.equal(r.offers.length, 0, 'nothing before Confirm');
      assert.deepEqual(r.focus, ['review']);
      const shown = state.phase === 'reviewing' ? state.review : undefined;
      r.controller.confirm([]);
      await settled(r.controller);
      assert.equal(r.offers.length, 1);
      assert.deepEqual(r.offers[0]!.detail.review, shown, 'the host gets what the user saw');
      assert.deepEqual(JSON.parse(JSON.stringify(shown)), shown, 'plain JSON');
    });

    it('Cancel at the review: nothing handed out, nothing revoked, the form focused again', async () => {
      const r = rig(memo, new MemoryStorage());
      await press(r.controller, memo.selection);
      r.controller.cancel();
      assert.deepEqual([r.controller.flow.phase, r.offers.length, r.revokes.length], ['idle', 0, 0]);
      assert.deepEqual(r.focus, ['review', 'form']);
    });

    it('with skip-review, Swap hands out at once, with the same review in the detail', async () => {
      const r = rig(memo, new MemoryStorage(), { skipReview: true });
      await press(r.controller, memo.selection);
      assert.equal(r.offers.length, 1);
      assert.equal(r.offers[0]!.detail.review.from.amount, memo.selection.request.sellAmount);
    });

    it('a route of an earlier request is never prepared', async () => {
      const r = rig(memo, new MemoryStorage());
      await press(r.controller, memo.selection, requestKey({ ...memo.selection.request, sellAmount: '2' }));
      assert.deepEqual([r.controller.flow.phase, r.offers.length], ['idle', 0]);
    });
  });

  it('is written to storage before it is offered, under the id it carries, with its quote, route, expiry and owner', async () => {
    const storage = new MemoryStorage();
    const r = rig(memo, storage, { owner: 'left' });
    await swap(r.controller, memo.selection);
    assert.equal(r.offers.length, 1);
    const offer = r.offers[0]!;
    assert.equal(offer.type, 'swap-memo');
    const stored = (
      JSON.parse(r.storedAtOffer[0]!) as {
        records: Record<
          string,
          { id: string; owner: string; quoteId: string; routeIndex: number; kind: string; expiresAt: number }[]
        >;
      }
    ).records[SERVICE]!;
    assert.equal(stored.length, 1);
    const record = stored[0]!;
    assert.match(offer.detail.handoutId, /^[0-9a-f]{32}$/);
    assert.deepEqual(
      {
        id: record.id,
        owner: record.owner,
        quoteId: record.quoteId,
        routeIndex: record.routeIndex,
        kind: record.kind,
        expiresAt: new Date(record.expiresAt).toISOString(),
      },
      {
        id: offer.detail.handoutId,
        owner: 'left',
        quoteId: memo.selection.quoteId,
        routeIndex: memo.selection.entry.index,
        kind: 'memo',
        expiresAt: offer.detail.expiresAt,
      },
    );
    assert.deepEqual(r.problems, []);
    assert.deepEqual(
      { ...offer.detail.summary },
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
  });

  it('every swap-tx carries its own id and an expiry: the approval and the swap after it are told apart', async () => {
    const r = rig(token, new MemoryStorage());
    await swap(r.controller, token.selection);
    assert.deepEqual(
      r.offers.map((h) => h.type === 'swap-tx' && h.detail.kind),
      ['approve'],
    );
    assert.deepEqual(
      r.controller.answer(HASH_A, undefined),
      { ok: false, problem: 'approval-open' },
      "a hash while the host's approval is open is the approval's",
    );
    assert.equal(r.controller.approved(), true);
    await settled(r.controller);
    assert.deepEqual(
      r.offers.map((h) => h.type === 'swap-tx' && h.detail.kind),
      ['approve', 'swap'],
    );
    const [approve, swapTx] = r.offers;
    assert.notEqual(idOf(approve), idOf(swapTx));
    for (const h of r.offers) assert.ok(h.type === 'swap-tx' && Date.parse(h.detail.expiresAt) > Date.now());
    assert.equal(
      approve!.detail.summary.approveAmount,
      token.selection.request.sellAmount,
      'the approval says the allowance it sets',
    );
    assert.deepEqual(r.controller.answer(HASH_A, undefined), { ok: true, late: false });
    assert.deepEqual(
      r.tracked.map((t) => t.handoutId),
      [idOf(swapTx)],
    );
  });

  it("a USDT-style reset says it sets the allowance to 0, not the swap's amount", () => {
    const approval = {
      token: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      spender: '0x111111125421cA6dc452d289314280a0f8842A65',
      amount: 1_500_000_000n,
      decimals: 6,
      resetFirst: true,
    };
    const plan = {
      kind: 'evm',
      chain: 'ETH',
      chainId: 1,
      tx: { to: approval.spender, from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', value: 0n, data: '0x' },
      approval,
    } as unknown as EvmPlan;
    const reset = evmApproval(plan, approval, token.selection, 0n);
    const real = evmApproval(plan, approval, token.selection, approval.amount);
    assert.equal(reset.detail.summary.approveAmount, '0');
    assert.equal(real.detail.summary.approveAmount, '1500');
  });

  it('a second press while one is under way hands out nothing (in the same task, at the review, and handed out)', async () => {
    const r = rig(swapRoute, new MemoryStorage());
    r.controller.press(swapRoute.selection, requestKey(swapRoute.selection.request));
    r.controller.press(swapRoute.selection, requestKey(swapRoute.selection.request));
    await settled(r.controller);
    await press(r.controller, swapRoute.selection);
    r.controller.confirm([]);
    await settled(r.controller);
    await press(r.controller, swapRoute.selection);
    assert.equal(r.offers.length, 1);
    assert.equal(r.controller.busy, true);
  });

  it('rejected(): revoked once with its id and reason rejected, then Swap hands out a new one', async () => {
    const r = rig(memo, new MemoryStorage());
    await swap(r.controller, memo.selection);
    assert.equal(r.controller.rejected(), true);
    assert.equal(r.controller.rejected(), false, 'a second rejected() finds nothing pending');
    assert.deepEqual(r.revokes, [
      {
        quoteId: memo.selection.quoteId,
        routeIndex: memo.selection.entry.index,
        handoutId: idOf(r.offers[0]),
        reason: 'rejected',
      },
    ]);
    assert.equal(r.controller.state.phase, 'idle');
    await swap(r.controller, memo.selection);
    assert.equal(r.offers.length, 2);
    assert.notEqual(idOf(r.offers[1]), idOf(r.offers[0]));
  });

  it('Cancel while handed out revokes it (rejected), and the form is back', async () => {
    const r = rig(memo, new MemoryStorage());
    await swap(r.controller, memo.selection);
    r.controller.cancel();
    assert.deepEqual(
      r.revokes.map((d) => [d.handoutId, d.reason]),
      [[idOf(r.offers[0]), 'rejected']],
    );
    assert.equal(r.controller.busy, false);
  });

  it('a change of the request revokes it; with nothing handed out, nothing is revoked', async () => {
    const r = rig(memo, new MemoryStorage());
    r.controller.requestChanged();
    await press(r.controller, memo.selection);
    r.controller.requestChanged();
    assert.equal(r.revokes.length, 0, 'a review is not a hand-out');
    await swap(r.controller, memo.selection);
    r.controller.requestChanged();
    assert.deepEqual(
      r.revokes.map((d) => d.reason),
      ['request-changed'],
    );
    assert.equal(r.controller.busy, false);
  });

  it("is revoked at the route's expiry, not a millisecond before", async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
    const r = rig(memo, new MemoryStorage());
    const selection: Selection = { ...memo.selection, entry: { ...memo.selection.entry, expiresAt: now + 45_000 } };
    await swap(r.controller, selection);
    assert.equal(r.offers.length, 1);
    mock.timers.tick(44_999);
    assert.equal(r.revokes.length, 0, 'revoked before its expiry');
    mock.timers.tick(1);
    assert.deepEqual(
      r.revokes.map((d) => d.reason),
      ['expired'],
    );
    assert.equal(r.controller.state.phase, 'failed');
    assert.deepEqual(r.problems, ['revoked']);
  });

  /** The memo route as the real service may send it: without an expiration. */
  const undated = (receivedAt: number): Selection => {
    const { expiration: _, ...route } = memo.selection.entry.route;
    const { expiresAt: __, ...entry } = memo.selection.entry;
    return { ...memo.selection, entry: { ...entry, route }, receivedAt };
  };

  it('a route without an expiry: handed out until its quote is ten minutes old (expiresAt says so), revoked then', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
    const r = rig(memo, new MemoryStorage());
    await swap(r.controller, undated(now - 30_000));
    assert.equal(r.offers.length, 1);
    const offer = r.offers[0]!;
    assert.equal(offer.detail.expiresAt, new Date(now - 30_000 + UNDATED_ROUTE_HANDOUT_MS).toISOString());
    mock.timers.tick(UNDATED_ROUTE_HANDOUT_MS - 30_000 - 1);
    assert.equal(r.revokes.length, 0, 'revoked before the limit');
    mock.timers.tick(1);
    assert.deepEqual(
      r.revokes.map((d) => d.reason),
      ['expired'],
    );
  });

  it('a route without an expiry is quoted again before a hand-out once its quote is more than a minute old, not before', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['Date'], now });
    const fresh: Selection[] = [];
    const a = rig(memo, new MemoryStorage(), { requoted: fresh });
    await swap(a.controller, undated(now - MAX_QUOTE_AGE_MS));
    assert.deepEqual([fresh.length, a.offers.length], [0, 1], 'a minute old: handed out as it is');
    const stale: Selection[] = [];
    const b = rig(memo, new MemoryStorage(), { requoted: stale });
    await swap(b.controller, undated(now - MAX_QUOTE_AGE_MS - 1));
    assert.deepEqual([stale.length, b.offers.length], [1, 0], 'older: quoted again first (the rig offers no route)');
    assert.deepEqual(b.problems, ['route-expired']);
  });

  it('a route expiring 30 s from the press is handed out as it is; 29.999 s from it, quoted again first', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['Date'], now });
    const expiring = (expiresAt: number): Selection => ({
      ...memo.selection,
      entry: { ...memo.selection.entry, expiresAt },
    });
    const fresh: Selection[] = [];
    const a = rig(memo, new MemoryStorage(), { requoted: fresh });
    await swap(a.controller, expiring(now + 30_000));
    assert.deepEqual([fresh.length, a.offers.length], [0, 1], '30 s left: handed out');
    const stale: Selection[] = [];
    const b = rig(memo, new MemoryStorage(), { requoted: stale });
    await swap(b.controller, expiring(now + 29_999));
    assert.deepEqual(
      [stale.length, b.offers.length],
      [1, 0],
      '29.999 s left: quoted again first (the rig offers no route)',
    );
    assert.equal(EXPIRY_MARGIN_MS, 30_000);
  });

  it('the windows are the ones documented: a quote is fresh for a minute, an undated route handed out for ten', () => {
    assert.equal(MAX_QUOTE_AGE_MS, 60_000);
    assert.equal(UNDATED_ROUTE_HANDOUT_MS, 600_000);
  });

  it('a route quoted again is handed out under its new quote: its expiry armed', async () => {
    const now = Date.now();
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
    // The pressed route expires inside the margin; the re-quote gives it a new quote id and 10 minutes.
    const old: Selection = { ...memo.selection, entry: { ...memo.selection.entry, expiresAt: now + 10_000 } };
    const fresh: Selection = {
      ...memo.selection,
      quoteId: 'requoted',
      entry: { ...memo.selection.entry, expiresAt: now + 600_000 },
      receivedAt: now,
    };
    const r = rig(memo, new MemoryStorage(), { fresh, requoted: [] });
    await swap(r.controller, old);
    assert.equal(r.offers.length, 1);
    assert.equal(r.offers[0]!.detail.quoteId, 'requoted');
    assert.equal(r.controller.openHandout?.quoteId, 'requoted', 'the flow holds the hand-out of the re-quoted route');
    const left = Date.parse(r.offers[0]!.detail.expiresAt!) - Date.now();
    assert.ok(left > 10_000, "valid past the old route's expiry");
    mock.timers.tick(left - 1);
    assert.equal(r.revokes.length, 0);
    mock.timers.tick(1);
    assert.deepEqual(
      r.revokes.map((d) => [d.quoteId, d.reason]),
      [['requoted', 'expired']],
    );
  });

  it('approved() with no approval pending does nothing', () => {
    const r = rig(swapRoute, new MemoryStorage());
    assert.equal(r.controller.approved(), false);
    assert.equal(r.offers.length, 0);
  });

  it('a Swap on a quote whose route was already tracked quotes again before handing out', async () => {
    const r = rig(memo, new MemoryStorage());
    await swap(r.controller, memo.selection);
    r.controller.answer(BTC_HASH, undefined);
    r.controller.newSwap();
    await swap(r.controller, memo.selection);
    assert.equal(r.offers.length, 1, 'the spent quote was handed out again');
    assert.equal(r.controller.state.phase, 'failed', 'requote offered nothing (the rig returns no route)');
    assert.deepEqual(r.problems, ['route-expired']);
  });

  describe('one hash per hand-out', () => {
    it('the hash is tracked under the quote and id of the hand-out it answers; the same hash again changes nothing; another is refused', async () => {
      const r = rig(memo, new MemoryStorage());
      await swap(r.controller, memo.selection);
      const id = idOf(r.offers[0]);
      assert.deepEqual(r.controller.answer(BTC_HASH, undefined), { ok: true, late: false });
      assert.deepEqual(r.tracked, [{ hash: BTC_HASH, chain: 'BTC', quoteId: memo.selection.quoteId, handoutId: id }]);
      assert.deepEqual(
        r.controller.answer(BTC_HASH.toUpperCase(), undefined),
        { ok: true, late: false },
        'the same hash, any case',
      );
      assert.deepEqual(r.controller.answer('d'.repeat(64), undefined), { ok: false, problem: 'second-hash' });
      assert.deepEqual(r.controller.answer('d'.repeat(64), undefined, id), { ok: false, problem: 'second-hash' });
      assert.equal(r.tracked.length, 1, 'never a second swap');
    });

    it('a hash naming an id this widget never handed out is refused; none handed out at all: no-hand-out', async () => {
      const r = rig(memo, new MemoryStorage());
      assert.deepEqual(r.controller.answer(BTC_HASH, undefined), { ok: false, problem: 'no-hand-out' });
      await swap(r.controller, memo.selection);
      assert.deepEqual(r.controller.answer(BTC_HASH, undefined, 'f'.repeat(32)), {
        ok: false,
        problem: 'unknown-hand-out',
      });
      assert.equal(r.tracked.length, 0);
    });

    it('a hash for a hand-out that was withdrawn is tracked all the same, and said late', async () => {
      const r = rig(memo, new MemoryStorage());
      await swap(r.controller, memo.selection);
      r.controller.requestChanged();
      assert.deepEqual(r.controller.answer(BTC_HASH, undefined), { ok: true, late: true });
      assert.equal(r.tracked.length, 1);
    });

    it("a hash for a hand-out open in another tab is tracked there, and not said late: late is a withdrawn hand-out's, not any one this tab does not hold", async () => {
      const storage = new MemoryStorage();
      const first = rig(memo, storage);
      await swap(first.controller, memo.selection);
      const id = idOf(first.offers[0]);
      // The second tab shares the storage and the owner, and holds nothing open itself.
      const second = rig(memo, storage);
      assert.equal(second.controller.openHandout, undefined);
      assert.deepEqual(
        second.controller.answer(BTC_HASH, undefined),
        { ok: true, late: false },
        'not withdrawn: nothing to warn about',
      );
      assert.deepEqual(second.tracked, [
        { hash: BTC_HASH, chain: 'BTC', quoteId: memo.selection.quoteId, handoutId: id },
      ]);
    });
  });

  describe('after a reload', () => {
    /** Hands out on one controller, then reloads: a new one over the same storage, restored. */
    async function reloaded(base: Scenario, o: RigOptions = {}) {
      const storage = new MemoryStorage();
      const first = rig(base, storage, o);
      await swap(first.controller, base.selection);
      first.controller.hostDisconnected();
      const second = rig(base, storage, o);
      second.controller.restore(true);
      return { storage, first, second, id: idOf(first.offers[0]) };
    }

    it('the open hand-out is restored whole: its id, quote, kind and expiry', async () => {
      const { second, id, first } = await reloaded(memo);
      const open = second.controller.openHandout;
      assert.deepEqual(
        open && {
          id: open.id,
          quoteId: open.quoteId,
          routeIndex: open.routeIndex,
          kind: open.kind,
          expiresAt: new Date(open.expiresAt).toISOString(),
        },
        {
          id,
          quoteId: memo.selection.quoteId,
          routeIndex: memo.selection.entry.index,
          kind: 'memo',
          expiresAt: first.offers[0]!.detail.expiresAt,
        },
      );
      const flow = second.controller.flow;
      assert.ok(flow.phase === 'handing-out' && flow.restored, 'on the screen it was on, not the form');
      assert.equal(second.controller.busy, true, 'Swap is not pressable');
    });

    it('rejected() revokes it, with its id', async () => {
      const { second, id } = await reloaded(memo);
      assert.equal(second.controller.rejected(), true);
      assert.deepEqual(
        second.revokes.map((d) => [d.handoutId, d.reason]),
        [[id, 'rejected']],
      );
      assert.equal(second.controller.openHandout, undefined);
    });

    /** A memo handed out with 60 s to live, its page gone for `awayMs` (mock clock), then restored by a new widget. */
    async function restoredAfter(awayMs: number) {
      const now = Date.now();
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
      const selection: Selection = { ...memo.selection, entry: { ...memo.selection.entry, expiresAt: now + 60_000 } };
      const storage = new MemoryStorage();
      const first = rig(memo, storage);
      await swap(first.controller, selection);
      first.controller.hostDisconnected();
      mock.timers.tick(awayMs);
      const second = rig(memo, storage);
      second.controller.restore(true);
      return second;
    }

    it('it is revoked at its expiry, not a millisecond before', async () => {
      const second = await restoredAfter(20_000);
      mock.timers.tick(39_999);
      assert.equal(second.revokes.length, 0);
      mock.timers.tick(1);
      assert.deepEqual(
        second.revokes.map((d) => d.reason),
        ['expired'],
      );
      assert.deepEqual(second.problems, ['revoked']);
    });

    it('one that expired while the page was gone is revoked as it is restored', async () => {
      const second = await restoredAfter(60_000);
      assert.deepEqual(
        second.revokes.map((d) => d.reason),
        ['expired'],
      );
      assert.equal(second.controller.openHandout, undefined);
    });

    it('nothing else is handed out while it is open: a press does nothing until the user cancels it (revoked), then it hands out', async () => {
      const { second, id } = await reloaded(memo);
      const events: string[] = [];
      const revoke = second.revokes.push.bind(second.revokes);
      second.revokes.push = (...d: SwapRevokeDetail[]) => (events.push(`revoke ${d[0]!.handoutId}`), revoke(...d));
      await swap(second.controller, swapRoute.selection);
      assert.equal(second.offers.length, 0, 'the press did nothing');
      assert.equal(second.revokes.length, 0);
      second.controller.cancel();
      await swap(second.controller, swapRoute.selection);
      events.push(...second.offers.map((h) => `offer ${h.detail.handoutId}`));
      assert.deepEqual(events, [`revoke ${id}`, `offer ${idOf(second.offers[0])}`]);
      assert.equal(second.revokes[0]!.reason, 'rejected');
    });

    it('track(hash) answers it under its own quote, not the route selected now', async () => {
      const { second, id } = await reloaded(memo);
      assert.deepEqual(second.controller.answer(BTC_HASH, undefined), { ok: true, late: false });
      assert.deepEqual(second.tracked, [
        { hash: BTC_HASH, chain: 'BTC', quoteId: memo.selection.quoteId, handoutId: id },
      ]);
      assert.equal(second.controller.flow.phase, 'tracking');
      assert.deepEqual(second.focus, ['progress']);
    });

    it('track(hash, { handoutId }) answers the hand-out it names, and a second hash for it is refused', async () => {
      const { second, id } = await reloaded(memo);
      assert.deepEqual(second.controller.answer(BTC_HASH, undefined, id), { ok: true, late: false });
      assert.deepEqual(second.controller.answer('e'.repeat(64), undefined, id), { ok: false, problem: 'second-hash' });
      assert.equal(second.tracked.length, 1);
    });

    it('a second hash after another reload is still refused (the record keeps its hash)', async () => {
      const { storage, second, id } = await reloaded(memo);
      second.controller.answer(BTC_HASH, undefined, id);
      second.controller.hostDisconnected();
      const third = rig(memo, storage);
      third.controller.restore(true);
      assert.equal(third.controller.openHandout, undefined, 'answered: nothing open');
      assert.deepEqual(third.controller.answer('e'.repeat(64), undefined, id), { ok: false, problem: 'second-hash' });
      assert.deepEqual(
        storedRecords(storage, SERVICE).map((r) => r.hash),
        [BTC_HASH],
      );
    });

    it("each widget restores its own: another widget's open hand-out of the same service is not its", async () => {
      const { storage, id } = await reloaded(memo, { owner: 'left' });
      const right = rig(memo, storage, { owner: 'right' });
      right.controller.restore(true);
      assert.equal(right.controller.openHandout, undefined);
      assert.deepEqual(right.controller.answer(BTC_HASH, undefined), { ok: false, problem: 'no-hand-out' });
      const left = rig(memo, storage, { owner: 'left' });
      left.controller.restore(true);
      assert.equal(left.controller.openHandout?.id, id);
    });
  });

  describe('a hand-out nothing takes (host-signs, no listener, no bridge)', () => {
    const unheard = () => ({ taken: true, unheard: true });

    it(`is said after ${NO_HANDLER_MS} ms (no-handler), not a millisecond before, and withdrawn`, async () => {
      const now = Date.now();
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
      const r = rig(memo, new MemoryStorage(), { offer: unheard });
      await swap(r.controller, memo.selection);
      mock.timers.tick(NO_HANDLER_MS - 1);
      assert.deepEqual(r.problems, []);
      mock.timers.tick(1);
      assert.deepEqual(r.problems, ['no-handler']);
      assert.equal(r.controller.state.phase, 'failed');
      assert.equal(r.controller.busy, false, 'Swap is pressable again');
    });

    it('a host that answers in time is not told anything', async () => {
      const now = Date.now();
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
      const r = rig(memo, new MemoryStorage(), { offer: unheard });
      await swap(r.controller, memo.selection);
      mock.timers.tick(NO_HANDLER_MS - 1);
      r.controller.answer(BTC_HASH, undefined);
      mock.timers.tick(NO_HANDLER_MS * 2);
      assert.deepEqual(r.problems, []);
      assert.equal(r.tracked.length, 1);
    });

    it('the honest twin: a hand-out someone took waits for its answer without a word', async () => {
      const now = Date.now();
      mock.timers.enable({ apis: ['setTimeout', 'Date'], now });
      const r = rig(memo, new MemoryStorage());
      await swap(r.controller, memo.selection);
      mock.timers.tick(NO_HANDLER_MS * 2);
      assert.deepEqual(r.problems, []);
      assert.equal(r.controller.state.phase, 'handed-out');
    });
  });
});
