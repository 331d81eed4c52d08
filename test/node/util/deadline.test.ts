import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { Deadline } from '../../../src/util/deadline.js';

const DAY = 24 * 3600 * 1000;

describe('Deadline', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('calls back once the moment has passed, not before', () => {
    const d = new Deadline();
    let calls = 0;
    d.set(Date.now() + 5_000, () => calls++);
    mock.timers.tick(4_999);
    assert.equal(calls, 0);
    mock.timers.tick(1);
    assert.equal(calls, 1);
    mock.timers.tick(60_000);
    assert.equal(calls, 1);
  });

  it('a moment beyond the timer cap (about 24.8 days) waits again for what is left instead of firing at once', () => {
    const d = new Deadline();
    let calls = 0;
    d.set(Date.now() + 30 * DAY, () => calls++);
    mock.timers.tick(1);
    assert.equal(calls, 0);
    mock.timers.tick(2 ** 31 - 1);
    assert.equal(calls, 0, 'fired at the cap, 5 days early');
    mock.timers.tick(30 * DAY - 2 ** 31);
    assert.equal(calls, 1);
  });

  it('a moment already past calls back on the next turn; clear and a new set cancel the old one', () => {
    const d = new Deadline();
    const calls: string[] = [];
    d.set(Date.now() - 1, () => calls.push('past'));
    mock.timers.tick(0);
    assert.deepEqual(calls, ['past']);
    d.set(Date.now() + 1_000, () => calls.push('replaced'));
    d.set(Date.now() + 2_000, () => calls.push('second'));
    mock.timers.tick(1_000);
    assert.deepEqual(calls, ['past']);
    d.clear();
    mock.timers.tick(5_000);
    assert.deepEqual(calls, ['past']);
    d.set(undefined, () => calls.push('never'));
    mock.timers.tick(DAY);
    assert.deepEqual(calls, ['past']);
  });
});
