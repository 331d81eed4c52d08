/**
 * Tracking against the hostile service, in Node: the real `TrackerController` on a minimal
 * host, its client pointed at `/__tamper/<name>` (the reference service behind the tamper
 * proxy, over HTTP, its clock sped up for the case's scope), following one swap the way the
 * widget does after `track(hash)`. It records every `swap-status` detail and tracking problem
 * the widget would dispatch, and the statuses it applied.
 *
 * The tracker reads a few page globals (the document's visibility, window listeners, Web
 * Locks): `installPageGlobals` stands in a visible page without locks.
 */
import { swapId } from '../../../src/domain/tracking/swap-store.js';
import { SwapApiClient, type RequestOptions } from '../../../src/api/client.js';
import type { QuoteRequest, TrackRequest } from '../../../src/schemas/service.js';
import { TrackerController } from '../../../src/controllers/tracking/tracker-controller.js';
import type { TrackingProblem } from '../../../src/controllers/tracking/tracking-problem.js';
import type { KeyValueStorage, SwapRecord } from '../../../src/domain/tracking/swap-store.js';
import { statusDetail } from '../../../src/domain/tracking/swap-store.js';
import type { SwapStatusDetail } from '../../../src/events.js';
import { makeHash, type HashOutcome, type HashShape } from '../../../demo/server/hashes.js';
import { Host, type HostileServer } from './harness.js';
import { CLIENT_TIMEOUT_MS } from '../reference/helpers.js';

/** A visible page, window listeners, no Web Locks: what the tracker reads of the page. */
export function installPageGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  if (g.document) return;
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const win = new EventTarget();
  g.document = doc;
  g.addEventListener = win.addEventListener.bind(win);
  g.removeEventListener = win.removeEventListener.bind(win);
  g.navigator ??= {};
}

class MemoryStorage implements KeyValueStorage {
  private readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** The client, counting `POST /v1/track` calls and telling a waiter when there have been `n`. */
class CountingClient extends SwapApiClient {
  calls = 0;
  private waiters: { n: number; done: () => void }[] = [];
  override async track(request: TrackRequest, options?: RequestOptions) {
    this.calls += 1;
    for (const w of this.waiters.filter((x) => this.calls >= x.n)) w.done();
    this.waiters = this.waiters.filter((x) => this.calls < x.n);
    return super.track(request, options);
  }
  /** Resolves once `track` has been called `n` times in all. */
  untilCalls(n: number): Promise<void> {
    return this.calls >= n ? Promise.resolve() : new Promise((done) => this.waiters.push({ n, done }));
  }
}

/** The pairs a tracked swap can sell: native ETH or BTC, or an ERC-20 (USDC). */
export const PAIRS = {
  'eth-btc': {
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    slippage: 1,
    destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
  },
  'btc-eth': {
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.5',
    slippage: 1,
    destinationAddress: '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4',
  },
  'btc-eth-streaming': {
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '20',
    slippage: 1,
    destinationAddress: '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4',
    providers: ['PROTOCOL_A_STREAMING'],
  },
  'usdc-btc': {
    sellAsset: 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    buyAsset: 'BTC.BTC',
    sellAmount: '5000',
    slippage: 1,
    destinationAddress: 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3',
  },
} satisfies Record<string, QuoteRequest>;
export type Pair = keyof typeof PAIRS;

export interface TrackCase {
  /** The tampering (`honest`: none). */
  readonly name: string;
  readonly outcome: HashOutcome;
  readonly shape: HashShape;
  readonly pair?: Pair;
  /** The reference service's dialect for the case's scope. */
  readonly dialect?: 'spec' | 'real';
  /** The provider of the route tracked (the first route of the answer by default). */
  readonly provider?: string;
}

export interface TrackRun {
  readonly record: SwapRecord;
  /** Every `swap-status` detail the widget would dispatch, in order. */
  readonly told: SwapStatusDetail[];
  /** Every tracking problem told to the host. */
  readonly problems: TrackingProblem[];
  /** The swap as stored at the end. */
  readonly final?: SwapRecord;
  readonly trackCalls: number;
}

/** A fast poll: 10 ms between answers, at most 40 ms after failures. */
const POLICY = { firstMs: 10, maxMs: 40, steadyForMs: 60_000 };
/** The reference service's clock for a case: the longest timeline (90 s) takes 90 ms. */
const TIME_SCALE = 1000;

let scopes = 0;

/**
 * Tracks a swap of the case until the first of: it is final (an honest case), or a problem was
 * told and the tracker polled once more after it (a tampered one: not applied, and polling
 * goes on). Then the tracker stops.
 */
export async function trackCase(server: HostileServer, c: TrackCase): Promise<TrackRun> {
  installPageGlobals();
  const scope = `track-${c.name}-${c.outcome}-${c.shape}-${(scopes += 1)}`;
  await fetch(`${server.url}/__ref/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scope, reset: true, timeScale: TIME_SCALE, dialect: c.dialect ?? 'spec' }),
  });
  const client = new CountingClient({
    baseUrl: c.name === 'honest' ? server.url : `${server.url}/__tamper/${c.name}`,
    apiKey: scope,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  const request = PAIRS[c.pair ?? 'eth-btc'];
  const quote = await client.quote(request);
  const at = c.provider ? quote.routes.findIndex((r) => r.providers.join('->') === c.provider) : 0;
  if (at < 0 || !quote.routes[at])
    throw new Error(`no ${c.provider ?? ''} route for ${c.pair ?? 'eth-btc'}: ${JSON.stringify(quote.providerErrors)}`);
  const chainId = request.sellAsset.split('.')[0]!;
  const hash = makeHash(c.outcome, c.shape, { evm: chainId !== 'BTC', seed: scope });

  const told: SwapStatusDetail[] = [];
  const problems: TrackingProblem[] = [];
  let settle!: () => void;
  const settled = new Promise<void>((done) => (settle = done));
  const host = new Host();
  const tracker: TrackerController = new TrackerController(
    host,
    {
      client: () => client,
      policy: () => POLICY,
      onStatus: (record) => {
        told.push(statusDetail(record));
        if (record.final) settle();
      },
      onProblem: (_record, problem) => {
        problems.push(problem);
        // Polling goes on: the tracker asks once more after the problem.
        void client.untilCalls(client.calls + 1).then(settle);
      },
    },
    () => new MemoryStorage() as unknown as Storage,
  );
  tracker.hostConnected();
  tracker.resume();
  tracker.begin({
    hash,
    chainId,
    quoteId: quote.quoteId,
    routeIndex: quote.routeIndexes[at]!,
    route: quote.routes[at]!,
  });
  const record = tracker.store.get(swapId(hash, chainId))!;
  await settled;
  const final = tracker.store.get(record.id);
  tracker.hostDisconnected();
  return { record, told, problems, ...(final ? { final } : {}), trackCalls: client.calls };
}
