/**
 * Reads the memo protocols' published inbound addresses from their nodes: a THORNode's
 * `{url}/thorchain/inbound_addresses` for protocol A, a Mayanode's
 * `{url}/mayachain/inbound_addresses` for protocol C (`thornode-url`, `mayanode-url`; public
 * nodes by default). The answer is parsed with `schemas/service.ts` and becomes the domain's
 * `InboundView`; a node that does not answer in time, or an answer that does not read, makes the
 * view `unverified` (the user is then asked to accept that risk), never an error that hides the
 * route. Answers are kept for a short while (vaults churn: never for long).
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
/** How long a node has to answer (ms). */
export const INBOUND_TIMEOUT_MS = 5_000;
/** Larger answers are not read (a THORNode's list is a few kB). */
const MAX_CHARS = 200_000;

export interface InboundSource {
  /** The protocol's list as it stands, or why it could not be read. Never rejects but on abort. */
  view(protocol: MemoProtocol, signal?: AbortSignal): Promise<InboundView>;
}

export interface InboundSourceOptions {
  /** Each protocol's node base URL (no trailing slash), or `off`: verification turned off by the host. */
  readonly urls: Readonly<Partial<Record<MemoProtocol, string>>>;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

export function inboundSource(options: InboundSourceOptions): InboundSource {
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; view: Promise<InboundView> }>();

  async function read(protocol: MemoProtocol, url: string, signal?: AbortSignal): Promise<InboundView> {
    const timeout = AbortSignal.timeout(INBOUND_TIMEOUT_MS);
    let text: string;
    try {
      const response = await fetchFn(url, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return { status: 'unverified', protocol, reason: 'unreachable' };
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      return { status: 'unverified', protocol, reason: 'unreachable' };
    }
    if (text.length > MAX_CHARS) return { status: 'unverified', protocol, reason: 'unreadable' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { status: 'unverified', protocol, reason: 'unreadable' };
    }
    const parsed = z.safeParse(InboundAddresses, json);
    if (!parsed.success) return { status: 'unverified', protocol, reason: 'unreadable' };
    return inboundView(
      protocol,
      parsed.data.map((e) => ({
        chain: e.chain,
        address: e.address,
        ...(e.router ? { router: e.router } : {}),
        halted: e.halted || e.global_trading_paused === true || e.chain_trading_paused === true,
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
      cache.set(url, { at: now(), view });
      // An aborted read is not kept: the next press reads again.
      view.catch(() => cache.delete(url));
      return view;
    },
  };
}
