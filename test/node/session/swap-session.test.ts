/**
 * The widget's behaviour without the element (src/session/swap-session.ts): a plain object on a
 * fake host and port, against the reference service over real HTTP. It quotes, hands out only
 * after Confirm, tells the host through the port's one `emit()`, writes the flow's state before
 * the hand-out, and a new session over the same storage (a reload) starts where the swap was.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { installNodePage } from '../../support/node-page.js';
import { MemoryStorage, until } from '../../support/execution-rig.js';
import { startDemoServer, type DemoServer } from '../../../demo/server/http.js';
import { makeHash } from '../../../demo/server/hashes.js';
import type { PublicEvent } from '../../../src/events.js';
import type { FocusView } from '../../../src/domain/flow/flow.js';

installNodePage();
const { CONFIG_PROPS, SwapSession } = await import('../../../src/session/swap-session.js');

/** A host as the element is one: it holds the controllers, runs their lifecycle, and counts updates. */
class FakeHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  readonly updateComplete = Promise.resolve(true);
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(c: ReactiveController): void {
    this.controllers.splice(this.controllers.indexOf(c), 1);
  }
  /** What the element does in its `willUpdate`. */
  willUpdate?: () => void;
  private pending = false;
  requestUpdate(): void {
    this.updates += 1;
    if (this.pending) return;
    this.pending = true;
    // An update as lit runs one: the controllers' hostUpdate, the element's willUpdate, then hostUpdated.
    queueMicrotask(() => {
      this.pending = false;
      for (const c of this.controllers) c.hostUpdate?.();
      this.willUpdate?.();
      for (const c of this.controllers) c.hostUpdated?.();
    });
  }
  connect(): void {
    for (const c of this.controllers) c.hostConnected?.();
  }
  disconnect(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
  }
}

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function session(server: DemoServer, storage: MemoryStorage, attrs: Record<string, unknown>) {
  const host = new FakeHost();
  const events: PublicEvent[] = [];
  const focus: FocusView[] = [];
  const props: Record<string, unknown> = { ...attrs };
  const s = new SwapSession(host, {
    raw: () => Object.fromEntries(CONFIG_PROPS.map((p) => [p, props[p]])),
    owner: () => 'w',
    hostSigns: () => true,
    skipReview: () => false,
    balances: () => undefined,
    pollInterval: () => 1000,
    emit: (e) => (events.push(e), { dispatched: false, bridged: false }),
    write: (p) => Object.assign(props, p),
    focus: (v) => focus.push(v),
    say: (words) => words(),
    storage: () => storage as unknown as Storage,
  });
  host.willUpdate = () => s.sync({ has: () => false });
  host.connect();
  s.sync({ has: (k) => CONFIG_PROPS.includes(k as never) });
  return { host, s, events, focus, server };
}

describe('the session, a plain object on a fake host and port', () => {
  let server: DemoServer;
  before(async () => {
    server = await startDemoServer({ port: 0, host: '127.0.0.1', service: { timeScale: 60 } });
  });
  after(() => server.close());

  it('quotes, reviews, hands out after Confirm, and a reload starts on the same screen', async () => {
    const storage = new MemoryStorage();
    const attrs = {
      apiUrl: server.url,
      apiKey: 'session-node',
      providers: 'PROTOCOL_A',
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.1',
      destinationAddress: ETH_ADDRESS,
      thornodeUrl: server.url,
      mayanodeUrl: server.url,
    };
    const a = session(server, storage, attrs);
    a.s.start();
    await a.s.ready;
    await until(() => a.s.selection !== undefined, 'a route selected', 15_000);
    assert.equal(a.events.filter((e) => e.type === 'swap-quote').length, 1);

    a.s.pressSwap();
    await until(() => a.s.swap.flow.phase !== 'preparing', 'the route checked', 15_000);
    const flow = a.s.swap.flow;
    assert.equal(flow.phase, 'reviewing');
    assert.deepEqual(a.focus, ['review']);
    assert.equal(a.events.filter((e) => e.type === 'swap-memo').length, 0, 'nothing before Confirm');

    a.s.act('confirm', flow.phase === 'reviewing' ? flow.consent : []);
    await until(() => a.events.some((e) => e.type === 'swap-memo'), 'a swap-memo');
    const memo = a.events.find((e) => e.type === 'swap-memo')!;
    assert.equal(memo.type === 'swap-memo' && memo.detail.review.to.role, 'vault');
    assert.equal(a.s.swap.flow.phase, 'handing-out');
    a.host.disconnect();

    // The page reloads: a new session over the same storage, before anything started.
    const b = session(server, storage, attrs);
    const restored = b.s.swap.flow;
    assert.ok(restored.phase === 'handing-out' && restored.restored, `restored at ${restored.phase}`);
    assert.equal(restored.handout?.id, memo.type === 'swap-memo' ? memo.detail.handoutId : '');
    assert.equal(b.s.swap.busy, true, 'Swap is not pressable');

    b.s.start();
    await b.s.ready;
    b.s.track(makeHash('completed', 'wrapped', { evm: false, seed: 'session-node' }));
    await until(() => b.s.swap.flow.phase === 'tracking', 'tracking after the hash');
    await until(() => b.events.some((e) => e.type === 'swap-status'), 'a swap-status');
    const status = b.events.find((e) => e.type === 'swap-status')!;
    assert.equal(status.type === 'swap-status' && status.detail.handoutId, restored.handout?.id);
    assert.equal(
      b.events.filter((e) => e.type === 'swap-memo' || e.type === 'swap-tx').length,
      0,
      'nothing handed out again',
    );
    b.host.disconnect();
  });
});
