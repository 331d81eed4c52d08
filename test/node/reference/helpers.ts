/** Starting the reference service over real HTTP for the Node tests, and small raw-HTTP helpers. */
import { SwapApiClient, type ClientOptions } from '../../../src/api/client.js';
import { startDemoServer, type DemoServer } from '../../../demo/server/http.js';

export async function startRef(timeScale = 1): Promise<DemoServer> {
  return startDemoServer({ port: 0, host: '127.0.0.1', service: { timeScale } });
}

export function clientFor(server: DemoServer, options: Omit<ClientOptions, 'baseUrl'> = {}): SwapApiClient {
  return new SwapApiClient({ baseUrl: server.url, timeoutMs: 10_000, ...options });
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

/** Polls `fn` until `done` holds or `deadlineMs` passes; returns every value seen. */
export async function pollUntil<T>(
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  deadlineMs = 8000,
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
