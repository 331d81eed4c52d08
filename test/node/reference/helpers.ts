/**
 * Starting the reference service over real HTTP for the Node tests, and small raw-HTTP helpers.
 * Nothing here lets the wall clock decide a result: tracking moves on a clock the test turns
 * (`TestClock`), the client's timeout is a guard far above any answer's time on a loaded
 * machine, and the server never closes an idle connection under a request.
 */
import { SwapApiClient, type ClientOptions } from '../../../src/api/client.js';
import { startDemoServer, type DemoServer } from '../../../demo/server/http.js';
import type { ReferenceServiceOptions } from '../../../demo/server/service.js';

/**
 * The client's timeout in the tests, unless a test is about the timeout: it ends a request the
 * service never answers, and no answer of a loaded machine comes near it (the longest, 5 MB of
 * routes, takes about a second idle). `SWAP_TEST_CLIENT_TIMEOUT_MS` sets it.
 */
export const CLIENT_TIMEOUT_MS = Number(process.env.SWAP_TEST_CLIENT_TIMEOUT_MS) || 120_000;

/**
 * The reference service's clock, moved by the test alone: tracking advances when the test says.
 * It starts at the wall clock's time, so quotes are as fresh as the checks expect, and stands.
 */
export class TestClock {
  constructor(private ms = Date.now()) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** The demo server on a free port of 127.0.0.1, the service with `service`'s options (its clock the wall clock unless given). */
export async function startRef(service: ReferenceServiceOptions = {}): Promise<DemoServer> {
  return startDemoServer({ port: 0, host: '127.0.0.1', keepAliveTimeoutMs: 0, service });
}

export function clientFor(server: DemoServer, options: Omit<ClientOptions, 'baseUrl'> = {}): SwapApiClient {
  return new SwapApiClient({ baseUrl: server.url, timeoutMs: CLIENT_TIMEOUT_MS, ...options });
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

export async function raw(
  server: DemoServer,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const res = await fetch(server.url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** `POST /__ref/control` for `scope`. */
export async function control(
  server: DemoServer,
  scope: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const r = await raw(server, '/__ref/control', { body: { scope, ...body } });
  if (r.status !== 200) throw new Error(`control answered ${r.status}: ${r.text}`);
  return r.json as Record<string, unknown>;
}

export const EVM_ADDRESS = '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4';
export const EVM_ADDRESS_2 = '0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9';
export const BTC_ADDRESS = 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3';
export const SOL_ADDRESS = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';

export const ETH_USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const ETH_LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
export const SOL_USDC = 'SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const SOL_JUP = 'SOL.JUP-JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
export const ARB_GMX = 'ARB.GMX-0xfc5A1A6EB076a2C7aD06eD22C90d7E710E35ad0a';

/**
 * Polls `fn` until `done` holds; returns every value seen. For what the server does on its own
 * time (letting go of a hung request): the deadline only ends a test that would never pass.
 */
export async function pollUntil<T>(
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  deadlineMs = CLIENT_TIMEOUT_MS,
  everyMs = 25,
): Promise<T[]> {
  const seen: T[] = [];
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await fn();
    seen.push(v);
    if (done(v)) return seen;
    if (Date.now() > end) throw new Error(`not done after ${deadlineMs} ms; last: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Asks `fn`, moving `clock` on by `stepMs` after each answer, until `done` holds; returns every
 * answer. No wall clock: the answers are the same on any machine. Gives up after `maxSteps`.
 */
export async function stepUntil<T>(
  clock: TestClock,
  stepMs: number,
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  maxSteps = 1000,
): Promise<T[]> {
  const [seen] = await stepAllUntil(clock, stepMs, [fn], done, maxSteps);
  return seen!;
}

/**
 * `stepUntil` for several askers at once, in lockstep: each round asks every asker not yet
 * done (`done(answer, i)`), all at the same time of `clock`, then moves it on by `stepMs`.
 * Returns each one's answers.
 */
export async function stepAllUntil<T>(
  clock: TestClock,
  stepMs: number,
  fns: readonly (() => Promise<T>)[],
  done: (v: T, i: number) => boolean,
  maxSteps = 1000,
): Promise<T[][]> {
  const seen: T[][] = fns.map(() => []);
  const open = () => fns.flatMap((_, i) => (seen[i]!.length && done(seen[i]!.at(-1)!, i) ? [] : [i]));
  for (let step = 0; open().length; step++) {
    if (step > maxSteps) {
      const last = seen[open()[0]!]!.at(-1);
      throw new Error(`not done after ${maxSteps} steps of ${stepMs} ms; last: ${JSON.stringify(last).slice(0, 400)}`);
    }
    if (step) clock.advance(stepMs);
    await Promise.all(open().map(async (i) => seen[i]!.push(await fns[i]!())));
  }
  return seen;
}
