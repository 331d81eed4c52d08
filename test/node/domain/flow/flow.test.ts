/**
 * The swap's state machine (src/domain/flow/flow.ts), row by row of its table (docs/flow.md): each
 * row's transition and effects, and for every other input in that state, no change at all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  step,
  swapPressable,
  type FlowInput,
  type FlowState,
  type OpenHandout,
  type RouteRef,
} from '../../../../src/domain/flow/flow.js';
import type { Review } from '../../../../src/domain/flow/review.js';

const ROUTE: RouteRef = { quoteId: 'q1', routeIndex: 2, requestKey: 'req-1' };
const REVIEW: Review = {
  from: { chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' },
  to: { address: 'bc1qvault', role: 'vault', name: 'THORChain' },
  receive: { asset: 'ETH.ETH', expected: '2.4', minimum: '2.37', address: '0xdest' },
  fees: [],
  expiresAt: '2030-01-01T00:00:00.000Z',
  warnings: [],
};
const RISKY: Review = { ...REVIEW, warnings: ['deposit-address-unverified'] };
const EXTREME: Review = { ...REVIEW, warnings: ['slippage-extreme', 'price-impact'] };
const HANDOUT: OpenHandout = {
  id: 'h1',
  quoteId: 'q1',
  routeIndex: 2,
  kind: 'memo',
  chain: 'BTC',
  expiresAt: 1_000_000,
  holder: 'host',
};
const APPROVAL: OpenHandout = { ...HANDOUT, id: 'h0', kind: 'approve', chain: 'ETH' };

const S = {
  idle: { phase: 'idle' },
  preparing: { phase: 'preparing', route: ROUTE },
  priceMoved: { phase: 'price-moved', route: ROUTE, was: '2.4', now: '2.1' },
  reviewing: { phase: 'reviewing', route: ROUTE, review: REVIEW, needsConsent: false },
  reviewingRisky: { phase: 'reviewing', route: ROUTE, review: RISKY, needsConsent: true },
  handingOutNone: { phase: 'handing-out', route: ROUTE },
  handingOut: { phase: 'handing-out', route: ROUTE, handout: HANDOUT },
  approving: { phase: 'handing-out', route: ROUTE, handout: APPROVAL },
  tracking: { phase: 'tracking', swapId: 's1', handoutId: 'h1' },
  final: { phase: 'final', swapId: 's1' },
  stopped: { phase: 'stopped', stop: 'refused', route: ROUTE },
  restored: { phase: 'idle', restored: HANDOUT },
} satisfies Record<string, FlowState>;

const I = {
  press: { type: 'press-swap', route: ROUTE, requestKey: 'req-1', skipReview: false },
  pressStale: { type: 'press-swap', route: ROUTE, requestKey: 'req-2', skipReview: false },
  priceMoved: { type: 'price-moved', was: '2.4', now: '2.1', route: ROUTE },
  acceptPrice: { type: 'accept-price' },
  prepared: { type: 'prepared', review: REVIEW, skipReview: false, route: ROUTE },
  preparedSkip: { type: 'prepared', review: REVIEW, skipReview: true, route: ROUTE },
  preparedSkipRisky: { type: 'prepared', review: RISKY, skipReview: true, route: ROUTE },
  prepareFailed: { type: 'prepare-failed', stop: 'refused' },
  confirm: { type: 'confirm', riskAccepted: false },
  confirmRisk: { type: 'confirm', riskAccepted: true },
  cancel: { type: 'cancel' },
  handedOut: { type: 'handed-out', handout: HANDOUT },
  handedOutOther: { type: 'handed-out', handout: { ...HANDOUT, quoteId: 'q0' } },
  approved: { type: 'approved' },
  rejected: { type: 'rejected' },
  expired: { type: 'expired', handoutId: 'h1', now: 1_000_000 },
  expiredEarly: { type: 'expired', handoutId: 'h1', now: 999_999 },
  expiredOther: { type: 'expired', handoutId: 'h0', now: 2_000_000 },
  notTaken: { type: 'not-taken', handoutId: 'h1' },
  failed: { type: 'failed', stop: 'wallet' },
  requestChanged: { type: 'request-changed' },
  hash: { type: 'hash', hash: '0xabc', swapId: 's1' },
  hashNamed: { type: 'hash', hash: '0xabc', swapId: 's1', handoutId: 'h1' },
  hashOther: { type: 'hash', hash: '0xabc', swapId: 's1', handoutId: 'h9' },
  status: { type: 'status', swapId: 's1', final: false },
  statusFinal: { type: 'status', swapId: 's1', final: true },
  statusOther: { type: 'status', swapId: 's9', final: true },
  newSwap: { type: 'new-swap' },
  restore: { type: 'restore', handout: HANDOUT, now: 500_000 },
  restoreExpired: { type: 'restore', handout: HANDOUT, now: 1_000_000 },
  payByMemo: { type: 'pay-by-memo', review: REVIEW, skipReview: false },
  payByMemoSkip: { type: 'pay-by-memo', review: REVIEW, skipReview: true },
  payByMemoSkipRisky: { type: 'pay-by-memo', review: RISKY, skipReview: true },
} satisfies Record<string, FlowInput>;

/** Every (state, input) pair the table has a row for; all others must change nothing. */
const ROWS: Record<string, [keyof typeof S, keyof typeof I, FlowState, string[]]> = {
  'idle + press-swap -> preparing, prepare': ['idle', 'press', S.preparing, ['prepare']],
  'stopped + press-swap -> preparing, prepare': ['stopped', 'press', S.preparing, ['prepare']],
  'preparing + price-moved -> price-moved': ['preparing', 'priceMoved', S.priceMoved, []],
  'price-moved + accept-price -> preparing, prepare (worse accepted)': [
    'priceMoved',
    'acceptPrice',
    S.preparing,
    ['prepare'],
  ],
  'preparing + prepared -> reviewing, focus the review': ['preparing', 'prepared', S.reviewing, ['focus']],
  'preparing + prepared (skip-review, nothing to confirm) -> handing-out, hand out': [
    'preparing',
    'preparedSkip',
    S.handingOutNone,
    ['hand-out'],
  ],
  'preparing + prepared (skip-review, a risk to confirm) -> reviewing all the same, focus the review': [
    'preparing',
    'preparedSkipRisky',
    S.reviewingRisky,
    ['focus'],
  ],
  'preparing + prepare-failed -> stopped, report': [
    'preparing',
    'prepareFailed',
    { phase: 'stopped', stop: 'refused', route: ROUTE },
    ['report'],
  ],
  'reviewing + confirm -> handing-out, hand out': ['reviewing', 'confirm', S.handingOutNone, ['hand-out']],
  'reviewing (risk) + confirm with the box ticked -> handing-out': [
    'reviewingRisky',
    'confirmRisk',
    S.handingOutNone,
    ['hand-out'],
  ],
  'reviewing + confirm with the box ticked (no risk listed) -> handing-out': [
    'reviewing',
    'confirmRisk',
    S.handingOutNone,
    ['hand-out'],
  ],
  'reviewing + cancel -> idle': ['reviewing', 'cancel', S.idle, ['stop', 'focus']],
  'reviewing (risk) + cancel -> idle': ['reviewingRisky', 'cancel', S.idle, ['stop', 'focus']],
  'preparing + cancel -> idle': ['preparing', 'cancel', S.idle, ['stop', 'focus']],
  'price-moved + cancel -> idle': ['priceMoved', 'cancel', S.idle, ['stop', 'focus']],
  'stopped + cancel -> idle': ['stopped', 'cancel', S.idle, ['stop', 'focus']],
  'handing-out + cancel -> idle, revoke rejected': [
    'handingOut',
    'cancel',
    S.idle,
    ['stop', 'revoke:rejected', 'focus'],
  ],
  'handing-out (approval) + cancel -> idle, revoke rejected': [
    'approving',
    'cancel',
    S.idle,
    ['stop', 'revoke:rejected', 'focus'],
  ],
  'handing-out (none yet) + cancel -> idle': ['handingOutNone', 'cancel', S.idle, ['stop', 'focus']],
  'handing-out + handed-out -> handing-out with it, arm its expiry': [
    'handingOutNone',
    'handedOut',
    S.handingOut,
    ['arm-expiry'],
  ],
  'handing-out (approval) + handed-out (the swap) -> the swap open': [
    'approving',
    'handedOut',
    S.handingOut,
    ['arm-expiry'],
  ],
  'handing-out (approval, host) + approved -> continue': ['approving', 'approved', S.approving, ['continue']],
  'handing-out + rejected -> idle, revoke rejected': [
    'handingOut',
    'rejected',
    S.idle,
    ['stop', 'revoke:rejected', 'focus'],
  ],
  'handing-out (approval) + rejected -> idle, revoke rejected': [
    'approving',
    'rejected',
    S.idle,
    ['stop', 'revoke:rejected', 'focus'],
  ],
  'handing-out + expired at its time -> stopped, revoke expired': [
    'handingOut',
    'expired',
    { phase: 'stopped', stop: 'expired', route: ROUTE },
    ['stop', 'revoke:expired', 'report'],
  ],
  'handing-out (approval) + its own expiry -> stopped, revoke expired': [
    'approving',
    'expiredOther',
    { phase: 'stopped', stop: 'expired', route: ROUTE },
    ['stop', 'revoke:expired', 'report'],
  ],
  'handing-out + not-taken -> stopped (no-handler)': [
    'handingOut',
    'notTaken',
    { phase: 'stopped', stop: 'no-handler', route: ROUTE },
    ['stop', 'report'],
  ],
  'handing-out + failed -> stopped, report': [
    'handingOut',
    'failed',
    { phase: 'stopped', stop: 'wallet', route: ROUTE },
    ['stop', 'report'],
  ],
  'handing-out (approval) + failed -> stopped, report': [
    'approving',
    'failed',
    { phase: 'stopped', stop: 'wallet', route: ROUTE },
    ['stop', 'report'],
  ],
  'handing-out (none yet) + failed -> stopped, report': [
    'handingOutNone',
    'failed',
    { phase: 'stopped', stop: 'wallet', route: ROUTE },
    ['stop', 'report'],
  ],
  'preparing + request-changed -> idle': ['preparing', 'requestChanged', S.idle, ['stop']],
  'reviewing + request-changed -> idle': ['reviewing', 'requestChanged', S.idle, ['stop']],
  'reviewing (risk) + request-changed -> idle': ['reviewingRisky', 'requestChanged', S.idle, ['stop']],
  'price-moved + request-changed -> idle': ['priceMoved', 'requestChanged', S.idle, ['stop']],
  'handing-out + request-changed -> idle, revoke request-changed': [
    'handingOut',
    'requestChanged',
    S.idle,
    ['stop', 'revoke:request-changed'],
  ],
  'handing-out (approval) + request-changed -> idle, revoke request-changed': [
    'approving',
    'requestChanged',
    S.idle,
    ['stop', 'revoke:request-changed'],
  ],
  'handing-out (none yet) + request-changed -> idle': ['handingOutNone', 'requestChanged', S.idle, ['stop']],
  'stopped + request-changed -> idle': ['stopped', 'requestChanged', S.idle, []],
  'handing-out + hash -> tracking, track, focus progress': [
    'handingOut',
    'hash',
    S.tracking,
    ['stop', 'track', 'focus'],
  ],
  'handing-out + hash naming it -> tracking': ['handingOut', 'hashNamed', S.tracking, ['stop', 'track', 'focus']],
  'tracking + final status -> final': ['tracking', 'statusFinal', S.final, []],
  'tracking + new-swap -> idle': ['tracking', 'newSwap', S.idle, ['focus']],
  'final + new-swap -> idle': ['final', 'newSwap', S.idle, ['focus']],
  'idle + restore -> idle with it open, arm its expiry': ['idle', 'restore', S.restored, ['arm-expiry']],
  'idle + restore (past its expiry) -> idle, revoke expired': ['idle', 'restoreExpired', S.idle, ['revoke:expired']],
  'idle (restored) + press-swap -> preparing, revoke it first': [
    'restored',
    'press',
    S.preparing,
    ['revoke:request-changed', 'prepare'],
  ],
  'idle (restored) + rejected -> idle, revoke rejected': ['restored', 'rejected', S.idle, ['revoke:rejected']],
  'idle (restored) + its expiry -> idle, revoke expired, report': [
    'restored',
    'expired',
    S.idle,
    ['revoke:expired', 'report'],
  ],
  'idle (restored) + hash -> tracking it': ['restored', 'hash', S.tracking, ['track', 'focus']],
  'idle (restored) + hash naming it -> tracking it': ['restored', 'hashNamed', S.tracking, ['track', 'focus']],
  'stopped + pay-by-memo -> reviewing the memo plan, focus': ['stopped', 'payByMemo', S.reviewing, ['focus']],
  'stopped + pay-by-memo (skip-review, nothing to confirm) -> handing-out, hand-out': [
    'stopped',
    'payByMemoSkip',
    S.handingOutNone,
    ['hand-out'],
  ],
  'stopped + pay-by-memo (skip-review, a risk to confirm) -> reviewing all the same, focus': [
    'stopped',
    'payByMemoSkipRisky',
    S.reviewingRisky,
    ['focus'],
  ],
};

const names = (effects: readonly { type: string; reason?: string }[]) =>
  effects.map((e) => (e.type === 'revoke' ? `revoke:${e.reason}` : e.type));

describe('the flow: each row of the table', () => {
  for (const [title, [from, input, to, effects]] of Object.entries(ROWS)) {
    it(title, () => {
      const t = step(S[from], I[input]);
      assert.deepEqual(t.state, to);
      assert.deepEqual(names(t.effects), effects);
    });
  }
});

describe('the flow: every input without a row changes nothing', () => {
  const rowed = new Set(Object.values(ROWS).map(([from, input]) => `${from}|${input}`));
  for (const from of Object.keys(S) as (keyof typeof S)[]) {
    it(`in ${from}`, () => {
      for (const input of Object.keys(I) as (keyof typeof I)[]) {
        if (rowed.has(`${from}|${input}`)) continue;
        // `status` without final in tracking, and `status` of another swap, are rows that change nothing too.
        const t = step(S[from], I[input]);
        assert.equal(t.state, S[from], `${from} + ${input} changed the state`);
        assert.deepEqual(t.effects, [], `${from} + ${input} had effects`);
      }
    });
  }
});

describe('the flow: what cannot happen', () => {
  it('a Swap press while a swap is being prepared, reviewed, handed out or tracked does nothing', () => {
    for (const s of [S.preparing, S.priceMoved, S.reviewing, S.handingOut, S.approving, S.tracking, S.final]) {
      assert.equal(step(s, I.press).state, s);
      assert.equal(swapPressable(s), false);
    }
    assert.equal(swapPressable(S.idle), true);
    assert.equal(swapPressable(S.stopped), true);
  });

  it('a route of an earlier request is never prepared', () => {
    assert.deepEqual(step(S.idle, I.pressStale), { state: S.idle, effects: [] });
  });

  it('no host setting skips a confirmation: with skip-review, every review that asks one is shown', () => {
    for (const warning of ['deposit-address-unverified', 'slippage-extreme', 'price-impact-extreme'] as const) {
      const review: Review = { ...REVIEW, warnings: [warning] };
      const prepared = step(S.preparing, { type: 'prepared', review, skipReview: true, route: ROUTE });
      assert.deepEqual(prepared.state, { phase: 'reviewing', route: ROUTE, review, needsConsent: true }, warning);
      const byMemo = step(S.stopped, { type: 'pay-by-memo', review, skipReview: true });
      assert.equal(byMemo.state.phase, 'reviewing', warning);
      assert.equal(step(prepared.state, I.confirm).state, prepared.state, `${warning}: unticked`);
    }
    // The warnings that ask nothing do not stop skip-review.
    const mild: Review = { ...REVIEW, warnings: ['slippage-high', 'price-impact', 'approval-reset'] };
    assert.equal(
      step(S.preparing, { type: 'prepared', review: mild, skipReview: true, route: ROUTE }).state.phase,
      'handing-out',
    );
  });

  it('a risk the review lists is never confirmed without the box ticked', () => {
    assert.equal(step(S.reviewingRisky, I.confirm).state, S.reviewingRisky);
    const extreme = step(S.preparing, { type: 'prepared', review: EXTREME, skipReview: false, route: ROUTE }).state;
    assert.ok(extreme.phase === 'reviewing' && extreme.needsConsent);
    const mild = step(S.preparing, {
      type: 'prepared',
      review: { ...REVIEW, warnings: ['slippage-high', 'price-impact', 'approval-reset'] },
      skipReview: false,
      route: ROUTE,
    }).state;
    assert.ok(mild.phase === 'reviewing' && !mild.needsConsent);
  });

  it("a route quoted again is the swap's route from then on: its hand-outs are taken (another request's are not)", () => {
    const fresh: RouteRef = { ...ROUTE, quoteId: 'q2', routeIndex: 0 };
    const reviewing = step(S.preparing, { type: 'prepared', review: REVIEW, skipReview: false, route: fresh }).state;
    assert.deepEqual(reviewing, { ...S.reviewing, route: fresh });
    const handing = step(step(reviewing, I.confirm).state, {
      type: 'handed-out',
      handout: { ...HANDOUT, quoteId: 'q2', routeIndex: 0 },
    });
    assert.deepEqual(names(handing.effects), ['arm-expiry']);
    assert.equal(
      step(S.preparing, {
        type: 'prepared',
        review: REVIEW,
        skipReview: false,
        route: { ...fresh, requestKey: 'req-2' },
      }).state,
      S.preparing,
    );
    const moved = step(S.preparing, { type: 'price-moved', was: '2.4', now: '2.1', route: fresh }).state;
    assert.deepEqual(moved, { ...S.priceMoved, route: fresh });
  });

  it("a hand-out of another route than the one prepared is not taken for this swap's", () => {
    assert.equal(step(S.handingOutNone, I.handedOutOther).state, S.handingOutNone);
  });

  it("an expiry is its own hand-out's, at its time: not another's, not a moment early", () => {
    assert.equal(step(S.handingOut, I.expiredOther).state, S.handingOut);
    assert.equal(step(S.handingOut, I.expiredEarly).state, S.handingOut);
  });

  it('a hash naming another hand-out does not track this one', () => {
    assert.equal(step(S.handingOut, I.hashOther).state, S.handingOut);
  });

  it("a host's hash while its approval is open is not the swap's; the page wallet's is", () => {
    assert.equal(step(S.approving, I.hash).state, S.approving);
    const wallet: FlowState = { ...S.approving, handout: { ...APPROVAL, holder: 'wallet' } };
    assert.deepEqual(step(wallet, I.hash).state, { phase: 'tracking', swapId: 's1', handoutId: 'h0' });
  });

  it('approved() only answers an approval the host holds', () => {
    assert.equal(step(S.handingOut, I.approved).state, S.handingOut);
    assert.equal(step({ ...S.approving, handout: { ...APPROVAL, holder: 'wallet' } }, I.approved).effects.length, 0);
  });

  it('a restored hand-out never replaces a swap under way, nor another restored one', () => {
    for (const s of [S.preparing, S.reviewing, S.handingOut, S.tracking, S.restored])
      assert.equal(step(s, I.restore).state, s);
  });

  it('a restored hand-out is not revoked by the request the reloaded page derives (only by a press of Swap)', () => {
    assert.equal(step(S.restored, I.requestChanged).state, S.restored);
  });
});
