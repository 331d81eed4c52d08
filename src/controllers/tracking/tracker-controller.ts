import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SwapApiClient } from '../../api/client.js';
import { ServiceError, isAbort } from '../../api/errors.js';
import {
  SwapStore,
  newSwapRecord,
  serviceOf,
  statusDetail,
  type StoreOwner,
  type SwapRecord,
} from '../../domain/tracking/swap-store.js';
import {
  errorPollDelay,
  nextPollDelay,
  parseStatusMessage,
  statusChanged,
  type PollPolicy,
  type TrackStatus,
} from '../../domain/tracking/status.js';
import { PageWake } from '../../util/page-wake.js';
import { safeLocalStorage } from '../../util/storage.js';
import { trackAnswer } from './track-answer.js';
import { trackingProblem, type TrackingProblem } from './tracking-problem.js';

export interface TrackerOptions {
  client(): SwapApiClient;
  /** The widget's name among the page's widgets (its `id`, '' without one): it reports only its own swaps. */
  owner?(): string;
  /**
   * The service and key the swaps are kept under, as the host set them (so the same before the
   * widget starts, for the first frame after a reload, and after); default: the client's.
   */
  service?(): StoreOwner;
  policy(): PollPolicy;
  /** A swap's status changed (or tracking of it started: `started`). */
  onStatus(record: SwapRecord, started: boolean): void;
  /**
   * Tracking a swap failed (told once per run of failures, and again when an answer that
   * contradicts the swap comes in that run); it goes on.
   */
  onProblem(record: SwapRecord, problem: TrackingProblem): void;
}

const CHANNEL = 'swap-widget:tracking';
const LOCK_PREFIX = 'swap-widget:track:';

type Message = { type: 'status'; record: SwapRecord };

/**
 * Polls `POST /v1/track` for every unfinished swap until it reaches a final state, keeping
 * each swap in the persisted store. One poller per swap across every widget and tab (a
 * Web Lock per swap); the others follow its updates through a BroadcastChannel and the
 * store. Polling pauses while the page is hidden and resumes at once when it shows.
 *
 * Only the swaps of the widget's own service are resumed, polled and listed: the store is
 * opened for the client's service (`api-url`) and key, and follows them when they change.
 */
export class TrackerController implements ReactiveController {
  private _store?: SwapStore;
  private readonly pollers = new Map<string, AbortController>();
  private channel?: BroadcastChannel;
  private readonly page = new PageWake();
  private connected = false;
  /** Set by `resume()`: the stored swaps are polled from then on. */
  private resumed = false;
  /** The status last told to the host, per swap (the shared store may be ahead of it). */
  private told = new Map<string, string>();
  /**
   * The swaps this widget reports: those it began (a hand-out it made, a hash given to its
   * `track()`) and, after a reload, the stored ones of its owner. Another widget's swaps of
   * the same service are listed, never reported.
   */
  private readonly mine = new Set<string>();
  /** Swaps whose tracking is interrupted for now, with why. */
  readonly problems = new Map<string, TrackingProblem>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: TrackerOptions,
    private readonly storage: () => Storage | undefined = safeLocalStorage,
  ) {
    host.addController(this);
  }

  /** The persisted swaps of this widget's service, read from storage when first needed. */
  get store(): SwapStore {
    return (this._store ??= new SwapStore(this.storage(), this.owner()));
  }

  /** The service the widget's client talks to, and who its key is. */
  private owner(): StoreOwner {
    if (this.options.service) return this.options.service();
    const client = this.options.client();
    const page = typeof location !== 'undefined' ? location.href : 'http://localhost/';
    return { service: serviceOf(client.baseUrl, page), keyId: client.keyId };
  }

  /**
   * The widget's service or key changed: the store is opened for the new one; the old one's
   * swaps stop being polled, and the new one's unfinished swaps are.
   */
  hostUpdate(): void {
    const store = this._store;
    if (!store) return;
    const owner = this.owner();
    if (store.owner?.service === owner.service && store.owner.keyId === owner.keyId) return;
    store.setOwner(owner);
    for (const [id, c] of this.pollers) {
      if (store.get(id)) continue;
      c.abort();
      this.pollers.delete(id);
    }
    if (this.connected && this.resumed) for (const r of store.list()) if (!r.final) this.start(r);
  }

  /**
   * Polls every stored swap that is not final, now and whenever the host connects again.
   * The widget calls it once its form is on screen, so reading storage and starting the
   * pollers does not hold up the first render.
   */
  resume(): void {
    const owner = this.options.owner?.() ?? '';
    for (const r of this.store.list()) if ((r.owner ?? '') === owner) this.mine.add(r.id);
    this.resumed = true;
    if (this.connected) this.listen();
  }

  /** Every swap this widget knows, newest first. */
  get swaps(): SwapRecord[] {
    return this.store.list();
  }

  /** The swap `id`, if the store holds it. */
  get(id: string): SwapRecord | undefined {
    return this.store.get(id);
  }

  /** The transaction `hash` was sent for the route of `quoteId`: its swap is recorded (before the first request) and tracked. */
  begin(p: Omit<Parameters<typeof newSwapRecord>[0], 'now' | 'owner'>): void {
    const record = newSwapRecord({ ...p, owner: this.options.owner?.() ?? '', now: Date.now() });
    this.mine.add(record.id);
    this.track(record);
  }

  /** Starts tracking a swap: it is written to storage before the first request. */
  track(record: SwapRecord): void {
    const existing = this.store.get(record.id);
    this.store.put(existing ? { ...existing, quoteId: record.quoteId, routeIndex: record.routeIndex } : record);
    this.start(this.store.get(record.id)!);
  }

  dismiss(id: string): boolean {
    const done = this.store.dismiss(id);
    if (done) this.host.requestUpdate();
    return done;
  }

  hostConnected(): void {
    this.connected = true;
    if (this.resumed) this.listen();
  }

  /** Follows other widgets and tabs, and polls the stored swaps that are not final. */
  private listen(): void {
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (e: MessageEvent<unknown>) => this.receive(e.data);
    }
    addEventListener('storage', this.handleStorage);
    this.page.listen();
    for (const r of this.store.list()) if (!r.final) this.start(r);
  }

  hostDisconnected(): void {
    this.connected = false;
    for (const c of this.pollers.values()) c.abort();
    this.pollers.clear();
    this.channel?.close();
    this.channel = undefined;
    removeEventListener('storage', this.handleStorage);
    this.page.stop();
  }

  private start(record: SwapRecord): void {
    if (!this.connected) return;
    this.tell(record, true);
    if (this.pollers.has(record.id)) return;
    const controller = new AbortController();
    this.pollers.set(record.id, controller);
    const run = () => this.poll(record.id, controller.signal);
    const done = () => {
      if (this.pollers.get(record.id) === controller) this.pollers.delete(record.id);
    };
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    if (locks) {
      // Whoever holds the lock polls; the others wait for it, following its updates.
      locks
        .request(LOCK_PREFIX + record.id, { signal: controller.signal }, run)
        .catch(() => undefined)
        .finally(done);
    } else {
      void run().finally(done);
    }
  }

  /**
   * Polls one swap until it is final. An answer that contradicts the swap (`trackAnswer`)
   * counts as a failure: not applied, the user and the host told, asked again after the wait.
   */
  private async poll(id: string, signal: AbortSignal): Promise<void> {
    let failures = 0;
    /** The mismatch last told in this run of failures. */
    let toldMismatch: string | undefined;
    while (!signal.aborted) {
      // Another poller may have finished this swap while we waited for the lock.
      this.store.load();
      const record = this.store.get(id);
      if (!record || record.final) return;
      await this.page.whileHidden(signal);
      try {
        const status = await trackAnswer(this.options.client(), record, signal);
        if (failures) this.setProblem(record.id, undefined);
        failures = 0;
        toldMismatch = undefined;
        this.update(record, status);
        if (status.final) return;
        await this.page.sleep(nextPollDelay(this.options.policy(), Date.now() - record.createdAt), signal);
      } catch (error) {
        if (isAbort(error) || signal.aborted) return;
        failures += 1;
        const retryAfter = error instanceof ServiceError ? error.retryAfterMs : undefined;
        const wait = errorPollDelay(this.options.policy(), failures, retryAfter);
        const problem = trackingProblem(error, wait);
        this.setProblem(record.id, problem);
        const mismatch = problem.code === 'mismatch' ? problem.field : undefined;
        if (failures === 1 || (mismatch !== undefined && mismatch !== toldMismatch))
          this.options.onProblem(record, problem);
        if (mismatch !== undefined) toldMismatch = mismatch;
        await this.page.sleep(wait, signal);
      }
    }
  }

  private setProblem(id: string, problem: TrackingProblem | undefined) {
    if (problem) this.problems.set(id, problem);
    else this.problems.delete(id);
    this.host.requestUpdate();
  }

  private update(record: SwapRecord, status: TrackStatus): void {
    const current = this.store.get(record.id) ?? record;
    if (!statusChanged(current.status, status)) return;
    const next: SwapRecord = { ...current, status, final: status.final, updatedAt: Date.now() };
    this.store.put(next);
    this.channel?.postMessage({ type: 'status', record: next } satisfies Message);
    this.tell(next, false);
  }

  /**
   * An update from the poller in another widget of this page or another tab. Any script of
   * the origin can post on the channel: a message that does not read, or that names a swap
   * this widget's store does not hold (same id, hash and chain), changes nothing. While the
   * store writes to storage, where the poller writes before it posts, storage is what is
   * told: the message only says when to look. Without storage the message's status is taken,
   * if it is newer and the swap not final yet.
   */
  private receive(data: unknown) {
    const message = parseStatusMessage(data);
    if (!message) return;
    this.store.load();
    const mine = this.store.get(message.id);
    if (!mine || mine.hash !== message.hash || mine.chainId !== message.chainId) return;
    if (this.store.mode === 'storage') {
      this.tell(mine, false);
      return;
    }
    if (mine.final || message.updatedAt <= mine.updatedAt) return;
    const next: SwapRecord = {
      ...mine,
      status: message.status,
      final: message.status.final,
      updatedAt: message.updatedAt,
    };
    this.store.put(next);
    this.tell(next, false);
  }

  /**
   * Tells the host a swap's status when what `swap-status` carries differs from what it
   * was last told (so also when tracking starts); never twice the same.
   */
  private tell(record: SwapRecord, started: boolean) {
    const key = JSON.stringify(statusDetail(record));
    if (this.told.get(record.id) !== key) {
      this.told.set(record.id, key);
      if (this.mine.has(record.id)) this.options.onStatus(record, started);
    }
    this.host.requestUpdate();
  }

  private handleStorage = (e: StorageEvent) => {
    if (e.key !== null && !e.key.startsWith('swap-widget:')) return;
    this.store.load();
    // Another tab's poller may have written before its channel message came: tell the swaps followed here.
    for (const r of this.store.list()) if (this.told.has(r.id)) this.tell(r, false);
    this.host.requestUpdate();
  };
}
