// Readers of single attribute values, for `parseConfig`: text, numbers in the forms the
// attributes allow, the service's URL, the Cosmos REST pairs, the RPC endpoints and the
// host's token decimals.
import * as z from 'zod/mini';
import { lazySchema } from '../schemas/lazy-schema.js';
import { assetChain, parseAsset } from '../domain/chains/asset.js';
import { chainOfAssetCode } from '../domain/chains/chains.js';
import { MAX_TOKEN_DECIMALS } from '../domain/checks/decimals.js';
import { slippageProblem } from '../domain/amounts/slippage.js';

export const MAX_AFFILIATE_FEE_BPS = 1000;

/** An attribute's text, trimmed; undefined when unset or blank. */
export const text = (v: unknown): string | undefined => {
  if (v === null || v === undefined) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value a host sets reads as its text, as in an attribute
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

// Built when first used (see schemas/service.ts).
/** `affiliate-fee`: whole basis points, at most `MAX_AFFILIATE_FEE_BPS`. */
export const BasisPoints = lazySchema(() =>
  z.pipe(
    z.string().check(z.regex(/^\d+$/)),
    z.pipe(
      z.transform((s: string) => Number(s)),
      z.number().check(z.lte(MAX_AFFILIATE_FEE_BPS)),
    ),
  ),
);

/** `slippage`: a decimal percent the settings accept (from 0.01 to less than 100, see domain/amounts/slippage.ts). */
export const Percent = lazySchema(() =>
  z.pipe(
    z.string().check(z.refine((s: string) => !slippageProblem(s))),
    z.transform((s: string) => Number(s)),
  ),
);

/** `affiliate`: the name the protocols accept in memos. */
export const AffiliateName = lazySchema(() => z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/)));

/** `-5` and `1e3` are not numbers of the forms above: say what is wrong with them plainly. */
export function numberText(v: unknown): string {
  return typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : String(v).trim();
}

/** Chains whose account a Keplr-compatible wallet's transaction needs read over REST. */
const REST_CHAINS = ['THOR', 'MAYA', 'GAIA', 'KUJI'];

/** `CHAIN=URL` pairs, comma-separated; each URL resolved against the page's URL. */
export function parseCosmosRest(value: string, pageUrl: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [chain, raw] of chainPairs(value) ?? [['', '']]) {
    const url = parseApiUrl(raw, pageUrl);
    if (!REST_CHAINS.includes(chain) || !url.ok) return undefined;
    out[chain] = url.url;
  }
  return out;
}

/**
 * `CHAIN=value` pairs, comma-separated (`SOL=…,ETH=…`), or the same as an object
 * (`{ SOL: '…' }`): each chain code upper-cased, each value trimmed; undefined when a pair does
 * not read or a chain comes twice. Nothing is checked beyond the form.
 */
export function chainPairs(value: string | Readonly<Record<string, unknown>>): [string, string][] | undefined {
  const pairs: [string, unknown][] =
    typeof value === 'string'
      ? value.split(',').map((p) => {
          const at = p.indexOf('=');
          return at < 0 ? ['', ''] : [p.slice(0, at), p.slice(at + 1)];
        })
      : Object.entries(value);
  const out = pairs.map(([chain, v]): [string, string] => [
    chain.trim().toUpperCase(),
    typeof v === 'string' ? v.trim() : '',
  ]);
  return out.every(([c, v]) => /^[A-Z][A-Z0-9]{1,9}$/.test(c) && v) && new Set(out.map(([c]) => c)).size === out.length
    ? out
    : undefined;
}

/**
 * The hosts of SwapKit's own API (swapkit/SwapKit `packages/helpers/src/modules/swapKitConfig.ts`
 * @ d6b21ba91c5d1550303d9a8e4b11ade035610b53: `https://api.swapkit.dev`, and
 * `https://dev-api.swapkit.dev` for development): an `api-url` there speaks SwapKit's dialect
 * without `api-dialect`.
 */
export const SWAPKIT_HOSTS: readonly string[] = ['api.swapkit.dev', 'dev-api.swapkit.dev'];

/** The dialect of the service at `apiUrl`: the host's `api-dialect`, else SwapKit's on its own hosts, else the spec's. */
export function serviceDialect(apiUrl: string, explicit?: 'spec' | 'swapkit'): 'spec' | 'swapkit' {
  if (explicit) return explicit;
  try {
    return SWAPKIT_HOSTS.includes(new URL(apiUrl).hostname) ? 'swapkit' : 'spec';
  } catch {
    return 'spec';
  }
}

/** Resolves `api-url` against the page's URL; only http(s). */
export function parseApiUrl(
  value: string | undefined,
  pageUrl: string,
): { ok: true; url: string } | { ok: false; code: 'api-url-invalid' | 'api-url-protocol' | 'api-url-query' } {
  if (value === undefined) return { ok: true, url: '' };
  let url: URL;
  try {
    url = new URL(value, pageUrl);
  } catch {
    return { ok: false, code: 'api-url-invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, code: 'api-url-protocol' };
  if (url.search || url.hash) return { ok: false, code: 'api-url-query' };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}

/**
 * `rpc-urls`: `CHAIN=URL` pairs separated by commas (the `rpcUrls` property may also be the
 * same map as an object), for EVM chains and SOL; each URL resolved against the page's URL,
 * http(s), a query allowed (endpoints carry keys in it). Undefined when any pair is wrong.
 */
export function parseRpcUrls(
  value: string | Readonly<Record<string, unknown>>,
  pageUrl: string,
): Record<string, string> | undefined {
  const pairs =
    typeof value === 'string'
      ? value.split(',').map((p) => /^\s*([A-Za-z]+)\s*=\s*(\S+)\s*$/.exec(p)?.slice(1) ?? [])
      : Object.entries(value);
  const out: Record<string, string> = {};
  for (const [chain, raw] of pairs) {
    const info = typeof chain === 'string' ? chainOfAssetCode(chain) : undefined;
    if (!info || (info.kind !== 'evm' && info.kind !== 'solana') || typeof raw !== 'string') return undefined;
    let url: URL;
    try {
      url = new URL(raw, pageUrl);
    } catch {
      return undefined;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash) return undefined;
    out[info.code] = url.href;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The `decimals` property (`{ [asset]: integer }`, as a wallet knows its tokens): the entries
 * that are an asset identifier of a known chain with a whole number of decimals from 0 to 36,
 * and each other entry, as text, to be reported.
 */
export function parseHostDecimals(value: unknown): { decimals: Record<string, number>; bad: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { decimals: {}, bad: [String(JSON.stringify(value) ?? value)] };
  const decimals: Record<string, number> = {};
  const bad: string[] = [];
  for (const [asset, d] of Object.entries(value)) {
    const ok =
      !!parseAsset(asset) &&
      !!chainOfAssetCode(assetChain(asset)) &&
      typeof d === 'number' &&
      Number.isInteger(d) &&
      d >= 0 &&
      d <= MAX_TOKEN_DECIMALS;
    if (ok) decimals[asset] = d;
    else bad.push(`${asset}=${String(d)}`);
  }
  return { decimals, bad };
}
