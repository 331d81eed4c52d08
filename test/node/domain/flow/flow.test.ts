/**
 * The swap's state machine (src/domain/flow/flow.ts), row by row of its table: each row's
 * transition and effects, for every other input in that state no change at all, and the table
 * in docs/flow.md is this one, row for row (a row added to either without the other fails).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  consentFor,
  persistable,
  screenOf,
  step,
  swapPressable,
  type FlowInput,
  type FlowState,
  type OpenHandout,
  type PersistedFlow,
  type RouteRef,
  type UserPayment,
} from '../../../../src/domain/flow/flow.js';
import { CONFIRMED_WARNINGS, type Review, type ReviewWarning } from '../../../../src/domain/flow/review.js';

const ROUTE: RouteRef = { quoteId: 'q1', routeIndex: 2, requestKey: 'req-1' };
const REVIEW: Review = {
  from: { chain: 'BTC', asset: 'BTC.BTC', amount: '0.1' },
  to: { address: 'bc1qvault', role: 'vault', name: 'THORChain' },
  receive: { asset: 'ETH.ETH', expected: '2.4', minimum: '2.37', address: '0xdest' },
  fees: [],
  expiresAt: '2030-01-01T00:00:00.000Z',
  warnings: [],
};
/** Every risk the review asks the user to accept, whatever their codes are now. */
const RISKS: ReviewWarning[] = [...CONFIRMED_WARNINGS];
const RISKY: Review = { ...REVIEW, warnings: RISKS };
const HANDOUT: OpenHandout = {
  id: 'h1',
  quoteId: 'q1',
  routeIndex: 2,
  kind: 'memo',
  chain: 'BTC',
  expiresAt: 1_000_000,
  holder: 'host',
};
const PAY: UserPayment = {
  chain: 'BTC',
  asset: 'BTC.BTC',
  amount: '0.1',
  address: 'bc1qvault',
  memo: '=:ETH.ETH:0xdest:237000000',
  to: { address: 'bc1qvault', role: 'vault', name: 'THORChain' },
};
const USER: OpenHandout = { ...HANDOUT, holder: 'user' };
const APPROVAL: OpenHandout = { ...HANDOUT, id: 'h0', kind: 'approve', chain: 'ETH' };
const WALLET_APPROVAL: OpenHandout = { ...APPROVAL, holder: 'wallet' };

/** The states of the table, by the names docs/flow.md gives them. */
const S = {
  idle: { phase: 'idle' },
  preparing: { phase: 'preparing', route: ROUTE },
  'price-moved': { phase: 'price-moved', route: ROUTE, was: '2.4', now: '2.1' },
  reviewing: { phase: 'reviewing', route: ROUTE, review: REVIEW, consent: [] },
  'reviewing (risk)': { phase: 'reviewing', route: ROUTE, review: RISKY, consent: RISKS },
  'handing-out (none yet)': { phase: 'handing-out', route: ROUTE },
  'handing-out': { phase: 'handing-out', route: ROUTE, handout: HANDOUT },
  'handing-out (user pays)': { phase: 'handing-out', route: ROUTE, handout: USER, pay: PAY },
  'handing-out (approval, host)': { phase: 'handing-out', route: ROUTE, handout: APPROVAL },
  'handing-out (approval, wallet)': { phase: 'handing-out', route: ROUTE, handout: WALLET_APPROVAL },
  'handing-out (restored)': { phase: 'handing-out', route: ROUTE, handout: HANDOUT, restored: true },
  'handing-out (restored approval, wallet)': {
    phase: 'handing-out',
    route: ROUTE,
    handout: WALLET_APPROVAL,
    restored: true,
  },
  tracking: { phase: 'tracking', swapId: 's1', handoutId: 'h1', by: 'hand-out' },
  'tracking (approval)': { phase: 'tracking', swapId: 's1', handoutId: 'h0', by: 'hand-out' },
  'tracking (host)': { phase: 'tracking', swapId: 's2', by: 'host' },
  'tracking (late)': { phase: 'tracking', swapId: 's2', handoutId: 'h9', by: 'late' },
  'tracking (shown)': { phase: 'tracking', swapId: 's3' },
  final: { phase: 'final', swapId: 's1' },
  'final (shown)': { phase: 'final', swapId: 's3' },
  stopped: { phase: 'stopped', stop: 'refused', route: ROUTE },
  'stopped (expired)': { phase: 'stopped', stop: 'expired', route: ROUTE },
  'stopped (no-handler)': { phase: 'stopped', stop: 'no-handler', route: ROUTE },
  'stopped (wallet)': { phase: 'stopped', stop: 'wallet', route: ROUTE },
} satisfies Record<string, FlowState>;
type StateName = keyof typeof S;
const STOPPED: StateName[] = ['stopped', 'stopped (expired)', 'stopped (no-handler)', 'stopped (wallet)'];
const SHOWN: StateName[] = [
  'tracking',
  'tracking (approval)',
  'tracking (host)',
  'tracking (late)',
  'tracking (shown)',
  'final',
  'final (shown)',
];

/** The inputs of the table, by the names docs/flow.md gives them. */
const I = {
  'press-swap': { type: 'press-swap', route: ROUTE, requestKey: 'req-1' },
  'press-swap (earlier request)': { type: 'press-swap', route: ROUTE, requestKey: 'req-2' },
  'price-moved': { type: 'price-moved', was: '2.4', now: '2.1', route: ROUTE },
  'accept-price': { type: 'accept-price' },
  prepared: { type: 'prepared', review: REVIEW, skipReview: false, route: ROUTE },
  'prepared (risk)': { type: 'prepared', review: RISKY, skipReview: false, route: ROUTE },
  'prepared (skip-review)': { type: 'prepared', review: REVIEW, skipReview: true, route: ROUTE },
  'prepared (skip-review, risk)': { type: 'prepared', review: RISKY, skipReview: true, route: ROUTE },
  'prepare-failed': { type: 'prepare-failed', stop: 'refused' },
  confirm: { type: 'confirm', accepted: [] },
  'confirm (risks accepted)': { type: 'confirm', accepted: RISKS },
  cancel: { type: 'cancel' },
  'handed-out': { type: 'handed-out', handout: HANDOUT },
  'handed-out (user pays)': { type: 'handed-out', handout: USER, pay: PAY },
  'handed-out (another route)': { type: 'handed-out', handout: { ...HANDOUT, quoteId: 'q0' } },
  approved: { type: 'approved' },
  rejected: { type: 'rejected' },
  expired: { type: 'expired', handoutId: 'h1', now: 1_000_000 },
  'expired (early)': { type: 'expired', handoutId: 'h1', now: 999_999 },
  'expired (approval)': { type: 'expired', handoutId: 'h0', now: 2_000_000 },
  'not-taken': { type: 'not-taken', handoutId: 'h1' },
  failed: { type: 'failed', stop: 'wallet' },
  'request-changed': { type: 'request-changed' },
  hash: { type: 'hash', hash: '0xabc', swapId: 's1' },
  'hash (naming it)': { type: 'hash', hash: '0xabc', swapId: 's1', handoutId: 'h1' },
  'hash (naming another)': { type: 'hash', hash: '0xabc', swapId: 's1', handoutId: 'h9' },
  'track-swap (host)': { type: 'track-swap', swapId: 's2', by: 'host' },
  'track-swap (late)': { type: 'track-swap', swapId: 's2', by: 'late', handoutId: 'h9' },
  'show-swap': { type: 'show-swap', swapId: 's3', final: false },
  'show-swap (final)': { type: 'show-swap', swapId: 's3', final: true },
  status: { type: 'status', swapId: 's1', final: false },
  'status (final)': { type: 'status', swapId: 's1', final: true },
  'status (another swap)': { type: 'status', swapId: 's9', final: true },
  'new-swap': { type: 'new-swap' },
  restore: { type: 'restore', state: S['handing-out'], now: 500_000 },
  'restore (user pays)': { type: 'restore', state: S['handing-out (user pays)'], now: 500_000 },
  'restore (approval, wallet)': { type: 'restore', state: S['handing-out (approval, wallet)'], now: 500_000 },
  'restore (past its expiry)': { type: 'restore', state: S['handing-out'], now: 1_000_000 },
  'restore (none yet)': { type: 'restore', state: S['handing-out (none yet)'], now: 500_000 },
  'restore (tracking)': { type: 'restore', state: S.tracking, now: 500_000 },
  'pay-by-memo': { type: 'pay-by-memo', review: REVIEW, skipReview: false },
  'pay-by-memo (skip-review)': { type: 'pay-by-memo', review: REVIEW, skipReview: true },
  'pay-by-memo (skip-review, risk)': { type: 'pay-by-memo', review: RISKY, skipReview: true },
} satisfies Record<string, FlowInput>;
type InputName = keyof typeof I;

/** A state the doc names by a state's name, or one only a row leads to (written out). */
const R = {
  ...S,
  'handing-out (restored, user pays)': { ...S['handing-out (user pays)'], restored: true },
} satisfies Record<string, FlowState>;
type ResultName = keyof typeof R;

/** The table's rows: [state, input, next state, effects]. Every other (state, input) pair changes nothing. */
type Row = readonly [StateName | readonly StateName[], InputName, ResultName | 'same', readonly string[]];
const ROWS: readonly Row[] = [
  [['idle', ...STOPPED], 'press-swap', 'preparing', ['prepare']],
  ['preparing', 'price-moved', 'price-moved', []],
  ['price-moved', 'accept-price', 'preparing', ['prepare (worse accepted)']],
  ['preparing', 'prepared', 'reviewing', ['focus review']],
  ['preparing', 'prepared (risk)', 'reviewing (risk)', ['focus review']],
  ['preparing', 'prepared (skip-review)', 'handing-out (none yet)', ['hand-out']],
  ['preparing', 'prepared (skip-review, risk)', 'reviewing (risk)', ['focus review']],
  ['preparing', 'prepare-failed', 'stopped', ['report']],
  ['reviewing', 'confirm', 'handing-out (none yet)', ['hand-out', 'focus handout']],
  ['reviewing', 'confirm (risks accepted)', 'handing-out (none yet)', ['hand-out', 'focus handout']],
  ['reviewing (risk)', 'confirm (risks accepted)', 'handing-out (none yet)', ['hand-out', 'focus handout']],
  [['preparing', 'price-moved', 'reviewing', 'reviewing (risk)', ...STOPPED], 'cancel', 'idle', ['stop', 'focus form']],
  [
    [
      'handing-out',
      'handing-out (user pays)',
      'handing-out (approval, host)',
      'handing-out (approval, wallet)',
      'handing-out (restored)',
      'handing-out (restored approval, wallet)',
    ],
    'cancel',
    'idle',
    ['stop', 'revoke rejected', 'focus form'],
  ],
  ['handing-out (none yet)', 'cancel', 'idle', ['stop', 'focus form']],
  [
    ['handing-out (none yet)', 'handing-out (approval, host)', 'handing-out (approval, wallet)'],
    'handed-out',
    'handing-out',
    ['arm-expiry', 'focus handout'],
  ],
  [
    ['handing-out (none yet)', 'handing-out (approval, host)', 'handing-out (approval, wallet)'],
    'handed-out (user pays)',
    'handing-out (user pays)',
    ['arm-expiry', 'focus handout'],
  ],
  [
    'handing-out (restored approval, wallet)',
    'handed-out (user pays)',
    'handing-out (restored, user pays)',
    ['arm-expiry', 'focus handout'],
  ],
  ['handing-out (restored approval, wallet)', 'handed-out', 'handing-out (restored)', ['arm-expiry', 'focus handout']],
  [['handing-out (approval, host)', 'handing-out (restored approval, wallet)'], 'approved', 'same', ['continue']],
  [
    [
      'handing-out',
      'handing-out (user pays)',
      'handing-out (approval, host)',
      'handing-out (approval, wallet)',
      'handing-out (restored)',
      'handing-out (restored approval, wallet)',
    ],
    'rejected',
    'idle',
    ['stop', 'revoke rejected', 'focus form'],
  ],
  [
    ['handing-out', 'handing-out (user pays)', 'handing-out (restored)'],
    'expired',
    'stopped (expired)',
    ['stop', 'revoke expired', 'report'],
  ],
  [
    ['handing-out (approval, host)', 'handing-out (approval, wallet)', 'handing-out (restored approval, wallet)'],
    'expired (approval)',
    'stopped (expired)',
    ['stop', 'revoke expired', 'report'],
  ],
  [
    ['handing-out', 'handing-out (user pays)', 'handing-out (restored)'],
    'not-taken',
    'stopped (no-handler)',
    ['stop', 'report'],
  ],
  [
    [
      'handing-out (none yet)',
      'handing-out',
      'handing-out (user pays)',
      'handing-out (approval, host)',
      'handing-out (approval, wallet)',
      'handing-out (restored)',
      'handing-out (restored approval, wallet)',
    ],
    'failed',
    'stopped (wallet)',
    ['stop', 'report'],
  ],
  [['preparing', 'price-moved', 'reviewing', 'reviewing (risk)'], 'request-changed', 'idle', ['stop']],
  [
    ['handing-out', 'handing-out (user pays)', 'handing-out (approval, host)', 'handing-out (approval, wallet)'],
    'request-changed',
    'idle',
    ['stop', 'revoke request-changed'],
  ],
  ['handing-out (none yet)', 'request-changed', 'idle', ['stop']],
  [STOPPED, 'request-changed', 'idle', []],
  [
    ['handing-out', 'handing-out (user pays)', 'handing-out (restored)'],
    'hash',
    'tracking',
    ['stop', 'track', 'focus progress'],
  ],
  [
    ['handing-out', 'handing-out (user pays)', 'handing-out (restored)'],
    'hash (naming it)',
    'tracking',
    ['stop', 'track', 'focus progress'],
  ],
  [
    ['handing-out (approval, wallet)', 'handing-out (restored approval, wallet)'],
    'hash',
    'tracking (approval)',
    ['stop', 'track', 'focus progress'],
  ],
  [['idle', ...STOPPED, ...SHOWN], 'track-swap (host)', 'tracking (host)', ['track', 'focus progress']],
  [
    ['preparing', 'price-moved', 'reviewing', 'reviewing (risk)'],
    'track-swap (host)',
    'tracking (host)',
    ['stop', 'track', 'focus progress'],
  ],
  [['idle', ...STOPPED, ...SHOWN], 'track-swap (late)', 'tracking (late)', ['track', 'focus progress']],
  [
    ['preparing', 'price-moved', 'reviewing', 'reviewing (risk)'],
    'track-swap (late)',
    'tracking (late)',
    ['stop', 'track', 'focus progress'],
  ],
  [
    [
      'handing-out (none yet)',
      'handing-out',
      'handing-out (user pays)',
      'handing-out (approval, host)',
      'handing-out (approval, wallet)',
      'handing-out (restored)',
      'handing-out (restored approval, wallet)',
    ],
    'track-swap (late)',
    'same',
    ['track'],
  ],
  [['idle', ...STOPPED, ...SHOWN], 'show-swap', 'tracking (shown)', ['focus progress']],
  [['idle', ...STOPPED, ...SHOWN], 'show-swap (final)', 'final (shown)', ['focus progress']],
  [['tracking', 'tracking (approval)'], 'status (final)', 'final', []],
  [
    [
      'tracking',
      'tracking (approval)',
      'tracking (host)',
      'tracking (late)',
      'tracking (shown)',
      'final',
      'final (shown)',
    ],
    'new-swap',
    'idle',
    ['focus form'],
  ],
  ['idle', 'restore', 'handing-out (restored)', ['arm-expiry']],
  ['idle', 'restore (user pays)', 'handing-out (restored, user pays)', ['arm-expiry']],
  ['idle', 'restore (approval, wallet)', 'handing-out (restored approval, wallet)', ['arm-expiry']],
  ['idle', 'restore (past its expiry)', 'stopped (expired)', ['revoke expired', 'report']],
  ['idle', 'restore (tracking)', 'tracking', ['track']],
  [STOPPED, 'pay-by-memo', 'reviewing', ['focus review']],
  [STOPPED, 'pay-by-memo (skip-review)', 'handing-out (none yet)', ['hand-out']],
  [STOPPED, 'pay-by-memo (skip-review, risk)', 'reviewing (risk)', ['focus review']],
];

/** The effects as the doc writes them. */
function names(effects: readonly { type: string; reason?: string; view?: string; acceptWorse?: boolean }[]) {
  return effects.map((e) =>
    e.type === 'revoke'
      ? `revoke ${e.reason}`
      : e.type === 'focus'
        ? `focus ${e.view}`
        : e.type === 'prepare' && e.acceptWorse
          ? 'prepare (worse accepted)'
          : e.type,
  );
}

const froms = (r: Row): readonly StateName[] => (typeof r[0] === 'string' ? [r[0]] : r[0]);
/** The state a row leads to; the doc writes `same` for a row that keeps the state (an effect only). */
const result = (from: StateName, name: ResultName | 'same'): FlowState => (name === 'same' ? S[from] : R[name]);

describe('the flow: each row of the table', () => {
  for (const row of ROWS) {
    for (const from of froms(row)) {
      it(`${from} + ${row[1]} -> ${row[2]}: ${row[3].join(', ') || 'no effect'}`, () => {
        const t = step(S[from], I[row[1]]);
        assert.deepEqual(t.state, result(from, row[2]));
        assert.deepEqual(names(t.effects), row[3]);
      });
    }
  }
});

describe('the flow: every input without a row changes nothing', () => {
  const rowed = new Set(ROWS.flatMap((r) => froms(r).map((from) => `${from}|${r[1]}`)));
  for (const from of Object.keys(S) as StateName[]) {
    it(`in ${from}`, () => {
      for (const input of Object.keys(I) as InputName[]) {
        if (rowed.has(`${from}|${input}`)) continue;
        const t = step(S[from], I[input]);
        assert.equal(t.state, S[from], `${from} + ${input} changed the state`);
        assert.deepEqual(t.effects, [], `${from} + ${input} had effects`);
      }
    });
  }
});

describe('docs/flow.md is the table', () => {
  /** The rows of the doc's transition table: `| state | input | next state | effects |`, names in backticks. */
  function docRows(): string[] {
    const text = readFileSync(new URL('../../../../docs/flow.md', import.meta.url), 'utf8');
    const section = text.split('## Transitions')[1]?.split('\n## ')[0] ?? '';
    const rows: string[] = [];
    for (const line of section.split('\n')) {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      if (cells.length < 4 || !cells[0]!.startsWith('`')) continue;
      const list = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const [states, [input], [next], effects] = cells.slice(0, 4).map(list) as [
        string[],
        string[],
        string[],
        string[],
      ];
      for (const s of states) rows.push(`${s} | ${input} | ${next} | ${effects.join(', ')}`);
    }
    return rows.sort();
  }
  const tableRows = () =>
    ROWS.flatMap((r) => froms(r).map((from) => `${from} | ${r[1]} | ${r[2]} | ${r[3].join(', ')}`)).sort();

  it('has every row of the table, and no other', () => {
    assert.deepEqual(docRows(), tableRows());
  });

  it('names every state and input of the table', () => {
    const text = readFileSync(new URL('../../../../docs/flow.md', import.meta.url), 'utf8');
    for (const name of [...Object.keys(R), ...Object.keys(I)]) assert.ok(text.includes(`\`${name}\``), name);
  });
});

describe('the flow: what cannot happen', () => {
  it('a Swap press while a swap is being prepared, reviewed, handed out or tracked does nothing', () => {
    for (const name of Object.keys(S) as StateName[]) {
      const s = S[name];
      const pressable = name === 'idle' || name.startsWith('stopped');
      assert.equal(swapPressable(s), pressable, name);
      if (!pressable) assert.equal(step(s, I['press-swap']).state, s, name);
    }
  });

  it('a route of an earlier request is never prepared', () => {
    assert.deepEqual(step(S.idle, I['press-swap (earlier request)']), { state: S.idle, effects: [] });
  });

  it('a risk the review lists is handed out only with every one of them accepted, whatever the host set', () => {
    assert.ok(RISKS.length > 0);
    for (const risk of RISKS) {
      const one: Review = { ...REVIEW, warnings: [risk] };
      const shown = step(S.preparing, { type: 'prepared', review: one, skipReview: true, route: ROUTE }).state;
      assert.equal(shown.phase, 'reviewing', `${risk}: skip-review skipped its consent`);
      assert.equal(step(shown, { type: 'confirm', accepted: [] }).state, shown, `${risk} confirmed unaccepted`);
      assert.equal(step(shown, { type: 'confirm', accepted: [risk] }).state.phase, 'handing-out');
    }
    const both = step(S.preparing, I['prepared (risk)']).state;
    if (RISKS.length > 1) assert.equal(step(both, { type: 'confirm', accepted: [RISKS[0]!] }).state, both);
    assert.deepEqual(consentFor({ ...REVIEW, warnings: ['slippage-high', 'approval-reset'] }), []);
  });

  it("a route quoted again is the swap's route from then on: its hand-outs are taken (another request's are not)", () => {
    const fresh: RouteRef = { ...ROUTE, quoteId: 'q2', routeIndex: 0 };
    const reviewing = step(S.preparing, { type: 'prepared', review: REVIEW, skipReview: false, route: fresh }).state;
    assert.deepEqual(reviewing, { ...S.reviewing, route: fresh });
    const handing = step(step(reviewing, I.confirm).state, {
      type: 'handed-out',
      handout: { ...HANDOUT, quoteId: 'q2', routeIndex: 0 },
    });
    assert.deepEqual(names(handing.effects), ['arm-expiry', 'focus handout']);
    const other = { type: 'prepared', review: REVIEW, skipReview: false, route: { ...fresh, requestKey: 'req-2' } };
    assert.equal(step(S.preparing, other as FlowInput).state, S.preparing);
  });

  it("a hand-out of another route than the one prepared is not taken for this swap's", () => {
    assert.equal(step(S['handing-out (none yet)'], I['handed-out (another route)']).state, S['handing-out (none yet)']);
  });

  it("an expiry is its own hand-out's, at its time: not another's, not a moment early", () => {
    assert.equal(step(S['handing-out'], I['expired (approval)']).state, S['handing-out']);
    assert.equal(step(S['handing-out'], I['expired (early)']).state, S['handing-out']);
  });

  it("a host's hash while its approval is open is not the swap's; approved() answers only the host's (or a restored wallet's)", () => {
    assert.equal(step(S['handing-out (approval, host)'], I.hash).state, S['handing-out (approval, host)']);
    assert.equal(step(S['handing-out (approval, wallet)'], I.approved).effects.length, 0);
    assert.equal(step(S['handing-out'], I.approved).effects.length, 0);
  });

  it('a restored hand-out is ended by the host or the user, not by the request the reloaded page derives', () => {
    assert.equal(step(S['handing-out (restored)'], I['request-changed']).state, S['handing-out (restored)']);
  });

  it('what is written before the effects: an open hand-out and a swap of this widget, never a review or a swap picked in the list', () => {
    for (const name of Object.keys(S) as StateName[]) {
      const s = S[name];
      const saved = persistable(s);
      const kept = s.phase === 'handing-out' || (s.phase === 'tracking' && name !== 'tracking (shown)');
      assert.equal(saved !== undefined, kept, name);
      if (saved) {
        assert.equal((saved as { restored?: true }).restored, undefined, `${name}: written as restored`);
        assert.deepEqual(JSON.parse(JSON.stringify(saved)), saved, `${name}: not plain JSON`);
      }
    }
  });

  it('a state read back after a reload shows the screen it was on', () => {
    const restored = (s: PersistedFlow) => step(S.idle, { type: 'restore', state: s, now: 0 }).state;
    assert.equal(screenOf(restored(S['handing-out (user pays)'])), 'pay');
    assert.equal(screenOf(restored(S['handing-out'])), 'waiting');
    assert.equal(screenOf(restored(S['handing-out (approval, host)'])), 'waiting');
    assert.equal(screenOf(restored(S.tracking)), 'progress');
    assert.equal(screenOf(restored(S['handing-out (none yet)'])), 'form');
  });
});
