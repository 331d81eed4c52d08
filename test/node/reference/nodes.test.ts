/**
 * The reference service's THORNode and Mayanode stand-ins (demo/server/nodes.ts), read by the
 * widget's own reader (src/api/inbound-client.ts) over real HTTP: an honest node's list is
 * verified and holds the vaults the service's routes pay; a node that is down, fails, answers
 * garbage, lies, or is too slow leaves the list unverified (every route it would vouch for is
 * then refused); a halted chain is listed halted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inboundSource } from '../../../src/api/inbound-client.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { protocolRouter, protocolVault } from '../../../demo/server/nodes.js';
import { control, startRef } from './helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(async () => {
  await server.close();
});

/** The widget's reader pointed at a scope's nodes. */
const reader = (scope: string, timeout?: (ms: number) => AbortSignal) =>
  inboundSource({
    urls: { A: `${server.url}/__node/${scope}`, C: `${server.url}/__node/${scope}` },
    ...(timeout ? { timeout } : {}),
  });

describe("the reference service's protocol nodes, read as the widget reads them", () => {
  it('honest: both lists read, each with the vaults and routers the service pays, the UTXO dust threshold', async () => {
    const nodes = reader('nodes-honest');
    const a = await nodes.view('A');
    const c = await nodes.view('C');
    assert.ok(a.status === 'verified' && c.status === 'verified');
    assert.deepEqual(a.entries.get('ETH'), {
      chain: 'ETH',
      address: protocolVault('PROTOCOL_A', 'ETH'),
      router: protocolRouter('PROTOCOL_A', 'ETH'),
      halted: false,
      dustThreshold: 0n,
    });
    assert.equal(a.entries.get('BTC')?.dustThreshold, 10_000n);
    assert.equal(c.entries.get('BTC')?.address, protocolVault('PROTOCOL_C', 'BTC'));
  });

  it('a halted chain is listed halted', async () => {
    await control(server, 'nodes-halted', { halted: ['BTC'] });
    const a = await reader('nodes-halted').view('A');
    assert.ok(a.status === 'verified');
    assert.equal(a.entries.get('BTC')?.halted, true);
    assert.equal(a.entries.get('ETH')?.halted, false);
  });

  for (const [kind, reason] of [
    ['drop', 'unreachable'],
    ['500', 'unreachable'],
    ['malformed', 'unreadable'],
    ['wrong-types', 'unreadable'],
  ] as const) {
    it(`a node that answers ${kind}: unverified (${reason}), and read again once it answers`, async () => {
      const scope = `nodes-${kind}`;
      await control(server, scope, { faults: [{ kind, path: '/thorchain/', times: 1 }] });
      const nodes = reader(scope);
      assert.deepEqual(await nodes.view('A'), { status: 'unverified', protocol: 'A', reason });
      assert.equal((await nodes.view('C')).status, 'verified', "the other protocol's node is not touched");
      assert.equal((await nodes.view('A')).status, 'verified', 'the failure was not kept');
    });
  }

  it('a node that does not answer: unverified (late) when the wait ends', async () => {
    await control(server, 'nodes-hang', { faults: [{ kind: 'hang', path: '/thorchain/', times: 1 }] });
    const timer = new AbortController();
    const pending = reader('nodes-hang', () => timer.signal).view('A');
    timer.abort(new DOMException('timed out', 'TimeoutError'));
    assert.deepEqual(await pending, { status: 'unverified', protocol: 'A', reason: 'late' });
  });
});
