import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { normalizeTrack, parseStatusMessage } from '../../../../src/domain/tracking/status.js';

const record = (status: string, over: Record<string, unknown> = {}) => {
  const s = normalizeTrack({ trackingStatus: status } as never);
  return {
    type: 'status',
    record: {
      id: '0xab@ETH',
      hash: '0xab',
      chainId: 'ETH',
      quoteId: 'q',
      routeIndex: 0,
      updatedAt: 1_800_000_000_000,
      final: s.final,
      status: s,
      ...over,
    },
  };
};

describe('tracking channel messages', () => {
  it('read what a widget posts', () => {
    const m = parseStatusMessage(record('completed'));
    assert.ok(m);
    assert.deepEqual(
      [m.id, m.hash, m.chainId, m.status.status, m.status.final, m.status.outcome],
      ['0xab@ETH', '0xab', 'ETH', 'completed', true, 'success'],
    );
    assert.ok(parseStatusMessage(record('swapping')));
  });

  it('refuse a status inconsistent in itself or of another shape', () => {
    const forged = record('completed');
    forged.record.status = { ...forged.record.status, final: false };
    assert.equal(parseStatusMessage(forged), undefined, 'completed but not final');
    const stage = record('completed');
    stage.record.status = { ...stage.record.status, stage: 'sent' };
    assert.equal(parseStatusMessage(stage), undefined, 'completed at the sent stage');
    assert.equal(parseStatusMessage(record('completed', { final: false })), undefined, 'record and status disagree');
    assert.equal(parseStatusMessage(record('completed', { updatedAt: 'now' })), undefined);
    assert.equal(parseStatusMessage(record('completed', { hash: 5 })), undefined);
    const amount = record('completed');
    amount.record.status = { ...amount.record.status, buyAmount: '1e9' } as never;
    assert.equal(parseStatusMessage(amount), undefined, 'an amount that is not a decimal string');
    for (const junk of [
      null,
      undefined,
      'completed',
      5,
      {},
      { type: 'status' },
      { type: 'other', record: record('completed').record },
    ]) {
      assert.equal(parseStatusMessage(junk), undefined);
    }
  });

  it('property: never throws on anything', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        parseStatusMessage(data);
        parseStatusMessage({ type: 'status', record: data });
      }),
      { numRuns: 300 },
    );
  });
});
