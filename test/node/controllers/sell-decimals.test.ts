/**
 * Whether the sell token's decimals come from somewhere trusted, known before anything is
 * pressed (`src/controllers/sell-decimals-controller.ts`): read on chain as soon as the token is
 * picked, `reading` meanwhile, `unknown` once every source was tried and none gave them (the main
 * button then says so: `next-step.ts`), with what the integrator should give.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SellDecimalsController } from '../../../src/controllers/sell-decimals-controller.js';
import { TrustedDecimals, type TokenRef } from '../../../src/domain/checks/decimals.js';
import { configIssueText } from '../../../src/components/messages.js';
import { Host } from '../hostile/harness.js';

const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** A controller on a bare host whose reads on chain wait until the test answers them. */
function rig(asset: string, host: Record<string, number> = {}) {
  const h = new Host();
  const state = { asset, sources: 'rpc', host };
  const reads: { token: TokenRef; answer(d: number | undefined): void; fail(): void }[] = [];
  const trusted = new TrustedDecimals({
    host: () => state.host,
    cache: new Map(),
    read: (token) =>
      new Promise((resolve, reject) =>
        reads.push({ token, answer: resolve, fail: () => reject(new Error('reverted')) }),
      ),
  });
  const c = new SellDecimalsController(h, { asset: () => state.asset, sources: () => state.sources, trusted });
  const update = () => h.controllers.forEach((x) => x.hostUpdate?.());
  return { c, state, reads, update };
}
const settle = () => new Promise((r) => setImmediate(r));

describe("the sell token's decimals, before anything is pressed", () => {
  it('a token no trusted source gives: reading, then unknown once the read failed; the integrator is told what to give', async () => {
    const { c, reads, update } = rig(LINK);
    update();
    assert.equal(c.state, 'reading');
    assert.deepEqual(c.notices(), []);
    assert.equal(reads.length, 1);
    reads[0]!.fail();
    await settle();
    assert.equal(c.state, 'unknown');
    const [notice] = c.notices();
    assert.deepEqual(notice, { field: 'decimals', code: 'decimals-unknown', value: LINK, chain: 'ETH' });
    assert.match(
      configIssueText(notice!).replace(/[\u2066-\u2069]/g, ''),
      /^No trusted source gives the decimals of ETH\.LINK-0x5149\w+, so it cannot be sold: set them in the decimals property, or an RPC endpoint for ETH in rpc-urls\.$/,
    );
  });

  it('the honest twins: read on chain, given by the host, in the sourced table, or a native coin', async () => {
    const read = rig(LINK);
    read.update();
    read.reads[0]!.answer(18);
    await settle();
    assert.equal(read.c.state, 'known');
    const host = rig(LINK, { [LINK]: 18 });
    host.update();
    assert.equal(host.c.state, 'known');
    assert.equal(host.reads.length, 0, 'nothing read');
    for (const asset of [USDC, 'ETH.ETH', 'BTC.BTC']) {
      const r = rig(asset);
      r.update();
      assert.equal(r.c.state, 'known', asset);
      assert.equal(r.reads.length, 0, asset);
    }
  });

  it('read again when its sources change (an endpoint named, a wallet connected); the host giving them later is known at once', async () => {
    const { c, state, reads, update } = rig(LINK);
    update();
    reads[0]!.answer(undefined);
    await settle();
    assert.equal(c.state, 'unknown');
    state.sources = 'rpc|0xabc';
    update();
    assert.equal(c.state, 'reading');
    reads[1]!.answer(18);
    await settle();
    assert.equal(c.state, 'known');
    const later = rig(LINK);
    later.update();
    later.reads[0]!.answer(undefined);
    await settle();
    assert.equal(later.c.state, 'unknown');
    later.state.host = { [LINK]: 18 };
    assert.equal(later.c.state, 'known');
  });
});
