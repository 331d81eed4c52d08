/**
 * Reads the memo protocols' published inbound addresses from their nodes: a THORNode's
 * `{url}/thorchain/inbound_addresses` for protocol A, a Mayanode's
 * `{url}/mayachain/inbound_addresses` for protocol C (`thornode-url`, `mayanode-url`; public
 * nodes by default), fresh before a hand-out, as the THORChain front ends that gate on it do.
 *
 * The answer is read strictly (`schemas/service.ts` `InboundAddresses`, then the domain's
 * `inboundView`) and becomes the domain's `InboundView`. A node the host set `off`, one that
 * does not answer (an error, an error status), answers after `INBOUND_TIMEOUT_MS`, or whose answer
 * does not read makes the view `unverified`, and every route that list would have to vouch
 * for is refused (`domain/checks/inbound.ts`): never an error that hides the route, never a
 * risk the user is asked to accept. Only a list that was read is kept, for a short while
 * (vaults churn); a failure is not kept, so the next quote or press reads again.
 */
import * as z from 'zod/mini';
import { inboundView, type InboundView, type MemoProtocol } from '../domain/checks/inbound.js';
import { InboundAddresses } from '../schemas/service.js';

/** Public nodes, used when the host names none (THORChain docs' Nine Realms node; Maya's own REST node). */
export const DEFAULT_NODE_URLS: Readonly<Record<MemoProtocol, string>> = {
  A: 'https://thornode.ninerealms.com',
  C: 'https://mayanode.mayachain.info',
};

const PATHS: Readonly<Record<MemoProtocol, string>> = {
  A: '/thorchain/inbound_addresses',
  C: '/mayachain/inbound_addresses',
};

/** How long a read list is used again (ms): a press of Swap, its re-quote and its hand-out share one read. */
export const INBOUND_CACHE_MS = 30_000;
/** How long a node has to answer (ms): an answer that comes later is not used. */
export const INBOUND_TIMEOUT_MS = 5_000;
/** Larger answers are not read (a THORNode's list is a few kB). */
const MAX_CHARS = 200_000;

export interface InboundSource {
  /** The protocol's list as it stands, or why it could not be read. Never rejects but on abort. */
  view(protocol: MemoProtocol, signal?: AbortSignal): Promise<InboundView>;
}

export interface InboundSourceOptions {
  /** Each protocol's node base URL (no trailing slash), or `off`: no list is read, and no route paying that protocol is handed out. */
  readonly urls: Readonly<Partial<Record<MemoProtocol, string>>>;
  readonly fetch?: typeof fetch;
  /** The clock (Unix ms): an answer read more than `INBOUND_TIMEOUT_MS` after its request is late. */
  readonly now?: () => number;
  /** The signal that ends a read that takes too long (`AbortSignal.timeout` by default). */
  readonly timeout?: (ms: number) => AbortSignal;
}

export function inboundSource(options: InboundSourceOptions): InboundSource {
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const timeoutSignal = options.timeout ?? ((ms: number) => AbortSignal.timeout(ms));
  const cache = new Map<string, { at: number; view: Promise<InboundView> }>();

  async function read(protocol: MemoProtocol, url: string, signal?: AbortSignal): Promise<InboundView> {
    const unverified = (reason: 'unreachable' | 'late' | 'unreadable'): InboundView => ({
      status: 'unverified',
      protocol,
      reason,
    });
    const startedAt = now();
    const timeout = timeoutSignal(INBOUND_TIMEOUT_MS);
    let text: string;
    try {
      const response = await fetchFn(url, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return unverified('unreachable');
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      return unverified(timeout.aborted ? 'late' : 'unreachable');
    }
    if (timeout.aborted || now() - startedAt > INBOUND_TIMEOUT_MS) return unverified('late');
    if (text.length > MAX_CHARS) return unverified('unreadable');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return unverified('unreadable');
    }
    const parsed = z.safeParse(InboundAddresses, json);
    if (!parsed.success) return unverified('unreadable');
    return inboundView(
      protocol,
      parsed.data.map((e) => ({
        chain: e.chain,
        address: e.address,
        ...(e.router !== undefined ? { router: e.router } : {}),
        // Trading halted, or paused globally or on the chain (LP actions paused do not stop a swap).
        halted: e.halted || e.global_trading_paused === true || e.chain_trading_paused === true,
        ...(e.dust_threshold !== undefined ? { dustThreshold: BigInt(e.dust_threshold) } : {}),
      })),
    );
  }

  return {
    view(protocol, signal) {
      const base = options.urls[protocol] ?? DEFAULT_NODE_URLS[protocol];
      if (base === 'off') return Promise.resolve({ status: 'unverified', protocol, reason: 'off' });
      const url = `${base}${PATHS[protocol]}`;
      const hit = cache.get(url);
      if (hit && now() - hit.at < INBOUND_CACHE_MS) return hit.view;
      const view = read(protocol, url, signal);
      const entry = { at: now(), view };
      cache.set(url, entry);
      // Only a list that was read is kept: a failure, or an aborted read, is read again next time.
      const forget = () => cache.get(url) === entry && cache.delete(url);
      view.then((v) => v.status === 'verified' || forget(), forget);
      return view;
    },
  };
}
