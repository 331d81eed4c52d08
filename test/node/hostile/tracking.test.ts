/**
 * Tracking against the hostile service (issue 26): every tampering of test/support/
 * tamper-answers.ts through the real client and tracker, against the reference service behind
 * the tamper proxy over HTTP, in both answer shapes. A tampered answer must not be applied:
 * nothing of it reaches `swap-status`, the host is told (`swap-error` `tracking`, in words)
 * and polling goes on. Its honest twins (both shapes, a streaming swap, refunds and partial
 * refunds, the real service's records, other spellings of the same hash, chain and asset)
 * must be applied to the end.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { trackingProblemText } from '../../../src/components/messages.js';
import { sameAsset } from '../../../src/domain/chains/asset.js';
import { finalStatus, type HashOutcome, type HashShape } from '../../../demo/server/hashes.js';
import { OTHER, TRACK_TAMPERS, TRACK_TAMPERS_30, TRACK_TWINS_30 } from '../../support/tamper-answers.js';
import { startHostileServer, type HostileServer } from './harness.js';
import { PAIRS, trackCase, type TrackCase, type TrackRun } from './tracking-harness.js';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(async () => {
  await server.close();
});

const SHAPES: HashShape[] = ['flat', 'wrapped'];

/** An honest run: final in the outcome's state, every answer applied, no problem told. */
function assertApplied(run: TrackRun, outcome: HashOutcome) {
  assert.deepEqual(run.problems, [], `a problem was told: ${JSON.stringify(run.problems)}`);
  const last = run.told.at(-1)!;
  assert.equal(last.status, finalStatus(outcome));
  assert.equal(last.final, true);
  assert.equal(run.final?.final, true);
  assert.ok(run.told.length >= 3, `went through states: ${run.told.map((t) => t.status)}`);
}

/**
 * A tampered run: the problem told (naming `field`, unless the answer contradicts the swap in
 * several things), polling went on, nothing of the tampered answers told.
 */
function assertRefused(run: TrackRun, field: string | undefined) {
  assert.ok(run.problems.length >= 1, `no problem told; told ${JSON.stringify(run.told.at(-1))}`);
  const p = run.problems[0]!;
  assert.equal(p.code, 'mismatch');
  if (field) assert.equal(p.field, field);
  assert.match(trackingProblemText(p), /not applied; checking again in \d+ s\./);
  assert.equal(run.final?.final, false, 'the swap was made final');
  assert.ok(
    run.told.every((t) => !t.final),
    'a final status was told',
  );
  for (const t of run.told) {
    assert.notEqual(t.buyAmount, OTHER.amount);
    assert.notEqual(t.refund?.amount, OTHER.amount);
    assert.ok(!t.refund || sameAsset(t.refund.asset, run.record.route!.sellAsset), `refund told in ${t.refund?.asset}`);
  }
  // Polling went on after the problem: the harness waits for the next request.
  assert.ok(run.trackCalls >= 2);
}

const track = (c: TrackCase) => trackCase(server, c);

describe('tracking answers that describe the swap are applied (honest twins)', () => {
  for (const shape of SHAPES) {
    it(`completed, ${shape}: the amount received`, async () => {
      const run = await track({ name: 'honest', outcome: 'completed', shape });
      assertApplied(run, 'completed');
      assert.match(run.told.at(-1)!.buyAmount ?? '', /^\d+\.\d+$/);
      assert.ok(run.told.at(-1)!.outboundHash);
    });

    it(`a streaming swap, ${shape}: its progress, then completed`, async () => {
      const run = await track({
        name: 'honest',
        outcome: 'streaming',
        shape,
        pair: 'btc-eth-streaming',
        provider: 'PROTOCOL_A_STREAMING',
      });
      assertApplied(run, 'streaming');
      assert.equal(run.final?.status?.streaming?.percentage, 100);
      assert.ok((run.final?.status?.streaming?.quantity ?? 0) > 1);
    });

    it(`refunded, ${shape}: the refund in the sold asset`, async () => {
      const run = await track({ name: 'honest', outcome: 'refunded', shape, pair: 'btc-eth' });
      assertApplied(run, 'refunded');
      const refund = run.told.at(-1)!.refund;
      assert.equal(refund?.asset, 'BTC.BTC');
      assert.match(refund?.amount ?? '', /^0\.\d+$/);
    });

    it(`partially refunded, ${shape}: what was bought and the rest refunded in the sold asset`, async () => {
      const run = await track({ name: 'honest', outcome: 'partially_refunded', shape, pair: 'btc-eth' });
      assertApplied(run, 'partially_refunded');
      const last = run.told.at(-1)!;
      assert.equal(last.refund?.asset, 'BTC.BTC');
      assert.ok(last.buyAmount);
    });

    it(`a partial refund in the bought asset (an asset of the route), ${shape}`, async () => {
      const run = await track({
        name: 'track-partial-refund-bought-asset',
        outcome: 'partially_refunded',
        shape,
        pair: 'btc-eth',
      });
      assertApplied(run, 'partially_refunded');
      assert.equal(run.told.at(-1)!.refund?.asset, 'ETH.ETH');
    });

    it(`the same hash in upper case without 0x, ${shape}`, async () => {
      assertApplied(await track({ name: 'track-hash-spelling', outcome: 'completed', shape }), 'completed');
    });

    for (const pair of ['eth-btc', 'btc-eth'] as const) {
      it(`the chain as the real service names it (${PAIRS[pair].sellAsset.split('.')[0]}), ${shape}`, async () => {
        assertApplied(await track({ name: 'track-chain-service-id', outcome: 'completed', shape, pair }), 'completed');
      });
    }

    it(`the sold token's contract in upper case, ${shape}`, async () => {
      assertApplied(
        await track({ name: 'track-asset-case', outcome: 'completed', shape, pair: 'usdc-btc' }),
        'completed',
      );
    });
  }

  for (const outcome of ['completed', 'refunded'] as const) {
    it(`the real service's transaction record (${outcome}): its hash, chain id and quote id are the swap's`, async () => {
      const run = await track({ name: 'honest', outcome, shape: 'flat', pair: 'btc-eth', dialect: 'real' });
      assertApplied(run, outcome);
    });
  }
});

describe('tracking answers that contradict the swap are not applied, said, and polled again', () => {
  const identity = [
    'track-another-swap',
    'track-hash',
    'track-chain',
    'track-chain-unknown',
    'track-quote',
    'track-route-index',
    'track-sell-asset',
    'track-buy-asset',
  ];
  for (const name of identity) {
    for (const shape of SHAPES) {
      it(`${name}, ${shape}`, async () => {
        const run = await track({ name, outcome: 'completed', shape });
        // The red team's answer contradicts the swap in everything: any of the checks refuses it.
        assertRefused(run, name === 'track-another-swap' ? undefined : TRACK_TAMPERS[name]!.field);
        // Every answer was tampered: nothing but the start was told.
        assert.deepEqual(
          run.told.map((t) => t.status),
          ['not_started'],
        );
      });
    }
  }

  for (const name of ['track-hash', 'track-chain', 'track-quote', 'track-sell-asset', 'track-buy-asset']) {
    it(`${name}, the real service's record`, async () => {
      const run = await track({ name, outcome: 'completed', shape: 'flat', pair: 'btc-eth', dialect: 'real' });
      assertRefused(run, TRACK_TAMPERS[name]!.field);
    });
  }

  it('the route index of another route of the same quote, from a route further down the answer', async () => {
    const run = await track({
      name: 'track-route-index',
      outcome: 'completed',
      shape: 'wrapped',
      provider: 'PROTOCOL_B',
    });
    assertRefused(run, 'route-index');
  });

  it('the payout in another asset than the one bought (wrapped)', async () => {
    const run = await track({ name: 'track-payout-asset', outcome: 'completed', shape: 'wrapped' });
    assertRefused(run, 'payout-asset');
    assert.ok(!run.told.some((t) => t.status === 'outbound' || t.status === 'completed'));
  });

  for (const shape of SHAPES) {
    for (const outcome of ['refunded', 'partially_refunded'] as const) {
      it(`a refund in DOGE for a BTC sell (${outcome}), ${shape}`, async () => {
        const run = await track({ name: 'track-refund-asset', outcome, shape, pair: 'btc-eth' });
        assertRefused(run, 'refund-asset');
        assert.ok(!run.told.some((t) => t.status === outcome));
      });
    }

    it(`a full refund in the bought asset (only a partial refund may come back in another asset of the route), ${shape}`, async () => {
      const run = await track({ name: 'track-refund-bought-asset', outcome: 'refunded', shape, pair: 'btc-eth' });
      assertRefused(run, 'refund-asset');
    });
  }
});

describe('issue 30: a track answer naming another recipient, implausible amounts, or too long, is not applied', () => {
  /** Refused as `assertRefused` says, with the problem `field` names: a mismatch's field, or `unreadable`. */
  function assertNotApplied(run: TrackRun, field: string) {
    assert.ok(run.problems.length >= 1, `no problem told; told ${JSON.stringify(run.told.at(-1))}`);
    const p = run.problems[0]!;
    if (field === 'unreadable') assert.equal(p.code, 'unreadable');
    else assert.deepEqual([p.code, p.field], ['mismatch', field]);
    assert.match(trackingProblemText(p), /not applied; checking again in \d+ s\./);
    if (field !== 'recipient') assert.match(trackingProblemText(p), /could not be read/);
    assert.equal(run.final?.final, false, 'the swap was made final');
    assert.ok(
      run.told.every((t) => !t.final),
      'a final status was told',
    );
    for (const t of run.told) assert.ok(!t.buyAmount || t.buyAmount.length < 20, `told ${t.buyAmount}`);
    assert.ok(run.trackCalls >= 2, 'polling went on');
  }

  for (const shape of SHAPES) {
    for (const [name, t] of Object.entries(TRACK_TAMPERS_30)) {
      const outcome = name.startsWith('track-refund') ? 'refunded' : 'completed';
      it(`${name} (${outcome}), ${shape}`, async () => {
        const run = await track({ name, outcome, shape, pair: outcome === 'refunded' ? 'btc-eth' : 'eth-btc' });
        assertNotApplied(run, t.field);
      });
    }
  }

  it('the recipient of a real service record (no recipient named): applied', async () => {
    const run = await track({
      name: 'track-recipient',
      outcome: 'completed',
      shape: 'flat',
      dialect: 'real',
      pair: 'btc-eth',
    });
    assertApplied(run, 'completed');
  });

  describe('honest twins', () => {
    for (const shape of SHAPES) {
      for (const name of Object.keys(TRACK_TWINS_30)) {
        const outcome = name.startsWith('track-refund') ? 'refunded' : 'completed';
        it(`${name} (${outcome}), ${shape}`, async () => {
          const run = await track({ name, outcome, shape, pair: outcome === 'refunded' ? 'btc-eth' : 'eth-btc' });
          assertApplied(run, outcome);
        });
      }
    }
  });
});
