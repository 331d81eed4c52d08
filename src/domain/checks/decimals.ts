/**
 * Where the decimals of an amount that is signed, or that a minimum is checked in, come from:
 * never from the service's token list. A chain's native asset counts in its chain's
 * decimals; a token's come, in this order, from the widget's sourced table of widely used
 * tokens (`chains/known-tokens.ts`), from the host's `decimals` property (as a wallet knows them),
 * or from the chain itself (`decimals()` of an EVM token, the mint of a Solana token), read
 * through an RPC endpoint the host names or the page's wallet. A token none of them gives is
 * unknown: the checks refuse what they cannot count without it (`token-decimals-untrusted`).
 * The token list is only compared with them: when it says otherwise, it lies, and the route
 * is refused (`token-decimals-mismatch`).
 *
 * Plain TypeScript; no DOM. The reads are given (`DecimalsSources.read`), so this is tested in Node.
 */
import type { Route, QuoteRequest } from '../../schemas/service.js';
import { parseAsset, sameAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { contractKey, knownTokenDecimals } from '../chains/known-tokens.js';
import { refusal, type Refusal } from './refusals.js';

/** The most decimals a token's amounts are counted in (what the host may give, what a read may answer). */
export const MAX_TOKEN_DECIMALS = 36;
/** How long one read on chain may take before its token is unknown. */
export const DECIMALS_READ_MS = 5000;

/** Where trusted decimals came from. */
export type DecimalsSource = 'chain' | 'table' | 'host' | 'read';

/** A token a read asks for: its chain code and contract (an EVM address or a Solana mint). */
export interface TokenRef {
  chain: string;
  contract: string;
}

export interface DecimalsSources {
  /** The host's `decimals` property, checked (integers 0 to 36, by asset identifier). */
  host?(): Readonly<Record<string, number>> | undefined;
  /**
   * Reads the token's decimals on chain; resolves undefined when there is no way to (no
   * endpoint for its chain, no wallet on it), and rejects when the read fails. Stopped
   * through `signal` at the time-out.
   */
  read?(token: TokenRef, signal: AbortSignal): Promise<number | undefined>;
  /** Reads on chain that succeeded, by token; one per page load (`PAGE_DECIMALS`) unless given. */
  cache?: Map<string, number>;
  /** The time-out of one read, in ms (default `DECIMALS_READ_MS`). */
  timeoutMs?: number;
}

/** Reads of this page load, shared by every widget: a token's decimals do not change. */
export const PAGE_DECIMALS = new Map<string, number>();

const usable = (d: unknown): d is number =>
  typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= MAX_TOKEN_DECIMALS;

/** Whether the asset counts in its chain's own decimals: no contract, not synthetic, the chain's native symbol. */
export function isChainNative(asset: string): boolean {
  const parts = parseAsset(asset);
  const info = parts && chainInfo(parts.chain);
  return (
    !!parts &&
    !!info &&
    !parts.contract &&
    !parts.synthetic &&
    parts.symbol.toUpperCase() === info.nativeSymbol.toUpperCase()
  );
}

/** The token a read can ask for (an EVM contract or a Solana mint), or undefined. */
export function tokenRef(asset: string): TokenRef | undefined {
  const parts = parseAsset(asset);
  const kind = parts && chainInfo(parts.chain)?.kind;
  if (!parts?.contract || parts.synthetic) return undefined;
  if (kind === 'evm' && /^0x[0-9a-f]{40}$/i.test(parts.contract))
    return { chain: parts.chain, contract: `0x${parts.contract.slice(2).toLowerCase()}` };
  return kind === 'solana' ? { chain: parts.chain, contract: parts.contract } : undefined;
}

const cacheKey = (t: TokenRef) => `${t.chain}:${contractKey(t.contract)}`;

/** How two identifiers of one token compare: chain and contract, whatever symbol they write; else in full, in any case. */
const tokenKey = (asset: string) => {
  const ref = tokenRef(asset);
  return ref ? cacheKey(ref) : asset.toUpperCase();
};

/** The host's decimals of an asset: its entry for the same token. */
function hostDecimals(map: Readonly<Record<string, number>> | undefined, asset: string): number | undefined {
  const key = tokenKey(asset);
  for (const [k, d] of Object.entries(map ?? {})) if (tokenKey(k) === key) return usable(d) ? d : undefined;
  return undefined;
}

/**
 * The decimals the widget trusts, for one widget: `known` answers at once from what it holds
 * (the chain, the table, the host, earlier reads); `resolve` reads the tokens none of these
 * gives, before a route is checked.
 */
export class TrustedDecimals {
  constructor(private readonly sources: DecimalsSources = {}) {}

  private get cache(): Map<string, number> {
    return this.sources.cache ?? PAGE_DECIMALS;
  }

  /** The trusted decimals of an asset and where they came from, or undefined when none is known yet. */
  lookup(asset: string): { decimals: number; source: DecimalsSource } | undefined {
    const parts = parseAsset(asset);
    if (!parts) return undefined;
    if (isChainNative(asset)) return { decimals: chainInfo(parts.chain)!.nativeDecimals, source: 'chain' };
    const table = knownTokenDecimals(asset);
    if (table !== undefined) return { decimals: table, source: 'table' };
    const host = hostDecimals(this.sources.host?.(), asset);
    if (host !== undefined) return { decimals: host, source: 'host' };
    const ref = tokenRef(asset);
    const read = ref && this.cache.get(cacheKey(ref));
    return read !== undefined ? { decimals: read, source: 'read' } : undefined;
  }

  /** The trusted decimals of an asset, or undefined. */
  known(asset: string): number | undefined {
    return this.lookup(asset)?.decimals;
  }

  /**
   * Reads on chain the decimals of the assets nothing else gives; a read that fails, times
   * out or answers what no token has leaves its asset unknown (and is tried again next time).
   */
  async resolve(assets: readonly string[]): Promise<void> {
    const read = this.sources.read;
    if (!read) return;
    const refs = new Map<string, TokenRef>();
    for (const asset of assets) {
      const ref = this.lookup(asset) ? undefined : tokenRef(asset);
      if (ref) refs.set(cacheKey(ref), ref);
    }
    await Promise.all([...refs].map(([key, ref]) => this.readOne(key, ref, read)));
  }

  private async readOne(key: string, ref: TokenRef, read: NonNullable<DecimalsSources['read']>): Promise<void> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(undefined);
      }, this.sources.timeoutMs ?? DECIMALS_READ_MS);
    });
    try {
      const d = await Promise.race([read(ref, controller.signal), timeout]);
      if (usable(d)) this.cache.set(key, d);
    } catch {
      // A failed read is "unknown", never a guess.
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The assets whose decimals a route's checks may count in: the sell asset, the buy asset and
 * each leg's bought asset (a multi-leg route's intermediate assets), tokens only.
 */
export function routeTokens(route: Route, request: QuoteRequest): string[] {
  const out: string[] = [];
  for (const asset of [request.sellAsset, request.buyAsset, ...route.legs.map((l) => l.buyAsset)]) {
    if (!isChainNative(asset) && !out.some((a) => sameAsset(a, asset))) out.push(asset);
  }
  return out;
}

/**
 * The token list lies when it gives one of these assets other decimals than the trusted
 * ones: the refusal, or undefined when it agrees (or does not list them, or nothing is trusted).
 */
export function listDisagreement(
  assets: readonly string[],
  trusted: TrustedDecimals,
  list: (asset: string) => number | undefined,
): Refusal | undefined {
  for (const asset of assets) {
    const t = trusted.lookup(asset);
    const listed = list(asset);
    if (t && listed !== undefined && listed !== t.decimals)
      return refusal('token-decimals-mismatch', { asset, list: listed, trusted: t.decimals, source: t.source });
  }
  return undefined;
}

/**
 * Decimals of an asset: a chain's native asset (no contract, not synthetic, its chain's
 * native symbol) counts in the chain's own decimals; every other asset in its trusted
 * decimals (`CheckContext.decimals`). Undefined when neither gives them.
 */
export function assetDecimals(asset: string, decimals: (asset: string) => number | undefined): number | undefined {
  const parts = parseAsset(asset);
  if (!parts) return undefined;
  if (isChainNative(asset)) return chainInfo(parts.chain)!.nativeDecimals;
  const d = decimals(asset);
  return d !== undefined && Number.isInteger(d) && d >= 0 && d <= MAX_TOKEN_DECIMALS ? d : undefined;
}
