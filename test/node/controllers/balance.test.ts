/**
 * The sell asset's balance as the root holds it (`src/controllers/balance-controller.ts`): the
 * host's `balances` entry wins over a read (nothing is read then), a change of asset or account
 * aborts the read under way and an answer that comes after it is never shown, and a bad entry
 * of the host's map is ignored, never a crash.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BalanceController, type BalanceOptions } from '../../../src/controllers/balance-controller.js';
import { Host } from '../hostile/harness.js';

/** A controller on a bare host whose reads wait until the test answers them. */
function rig(o: Partial<BalanceOptions> = {}) {
  const host = new Host();
  const state = { asset: 'ETH.ETH', account: '0xabc' as string | undefined, host: undefined as unknown };
  const reads: { asset: string; signal: AbortSignal; answer(b: string | undefined): void }[] = [];
  const c = new BalanceController(host, {
    asset: () => state.asset,
    account: () => state.account,
    host: () => state.host,
    read: (asset, _account, signal) => new Promise((resolve) => reads.push({ asset, signal, answer: resolve })),
    decimals: () => undefined,
    ...o,
  });
  /** One update of the host: the task sees its arguments. */
  const update = () => host.controllers.forEach((x) => x.hostUpdate?.());
  return { c, state, reads, update };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('the balance the form shows', () => {
  it('read for the connected account: shown with Max leaving the reserve; an amount over it is over', async () => {
    const { c, reads, update } = rig();
    update();
    assert.equal(c.view, undefined, 'nothing before the answer');
    reads[0]!.answer('1');
    await settle();
    assert.deepEqual(c.view, { amount: '1', max: '0.985' });
    assert.equal(c.over('1', 'en'), false);
    assert.equal(c.over('1.000000000000000001', 'en'), true);
    assert.equal(c.over('1,5', 'es'), true, 'read as the form reads it, in its locale');
    assert.equal(c.over('1,5', 'en'), false, 'in English a grouping problem (the field says so), not an amount');
    assert.equal(c.over('1.000.000', 'es'), true);
  });

  it('a change of sell asset aborts the read under way; its late answer is never shown', async () => {
    const { c, state, reads, update } = rig();
    update();
    state.asset = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
    update();
    assert.equal(reads[0]!.signal.aborted, true);
    reads[1]!.answer('5');
    reads[0]!.answer('1');
    await settle();
    assert.deepEqual(c.view, { amount: '5', max: '5' });
  });

  it('a disconnected wallet: nothing read, nothing shown', async () => {
    const { c, state, reads, update } = rig();
    update();
    reads[0]!.answer('0.000000000000000001');
    await settle();
    state.account = undefined;
    update();
    assert.equal(c.view, undefined);
    assert.equal(reads.length, 1);
  });

  it("the host's entry wins over a read, and nothing is read for it", async () => {
    const { c, state, reads, update } = rig();
    state.host = { 'ETH.eth': '0.5' };
    update();
    await settle();
    assert.equal(reads.length, 0);
    assert.deepEqual(c.view, { amount: '0.5', max: '0.485' });
    assert.equal(c.over('0.5', 'en'), false);
    assert.equal(c.over('0.50001', 'en'), true);
  });

  it("every known balance for the picker: the host's entries and the sell asset's, one object until one of them changes", () => {
    const { c, state } = rig({ account: () => undefined });
    state.host = { 'BTC.BTC': '0.1', 'ETH.ETH': '2' };
    const first = c.known;
    assert.deepEqual(first, { 'BTC.BTC': '0.1', 'ETH.ETH': '2' });
    assert.equal(c.known, first, 'the same object while nothing changed');
    state.host = { 'BTC.BTC': '0.2' };
    assert.notEqual(c.known, first);
    assert.deepEqual(c.known, { 'BTC.BTC': '0.2' });
  });

  it('without a wallet, the host alone gives it; a bad entry, or a map that is not one, is ignored without a crash', () => {
    const { c, state } = rig({ account: () => undefined });
    state.host = { 'ETH.ETH': 2, 'BTC.BTC': '0.1' };
    assert.equal(c.view, undefined);
    assert.equal(c.over('5', 'en'), false);
    state.asset = 'BTC.BTC';
    assert.deepEqual(c.view, { amount: '0.1', max: '0.0995' });
    state.host = 'not a map';
    assert.equal(c.view, undefined);
  });
});
