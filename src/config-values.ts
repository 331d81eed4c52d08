// Readers of single attribute values, for `parseConfig`: text, numbers in the forms the
// attributes allow, the service's URL and the Cosmos REST pairs.
import * as z from 'zod/mini';
import { lazySchema } from './api/lazy-schema.js';

export const MAX_AFFILIATE_FEE_BPS = 1000;

/** An attribute's text, trimmed; undefined when unset or blank. */
export const text = (v: unknown): string | undefined => {
  if (v === null || v === undefined) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
};

// Built when first used (see api/schemas.ts).
/** `affiliate-fee`: whole basis points, at most `MAX_AFFILIATE_FEE_BPS`. */
export const BasisPoints = lazySchema(() =>
  z.pipe(z.string().check(z.regex(/^\d+$/)), z.pipe(z.transform((s: string) => Number(s)), z.number().check(z.lte(MAX_AFFILIATE_FEE_BPS)))),
);

/** `slippage`: a decimal percent, at most 100. */
export const Percent = lazySchema(() =>
  z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/)), z.pipe(z.transform((s: string) => Number(s)), z.number().check(z.lte(100)))),
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
    typeof value === 'string' ? value.split(',').map((p) => { const at = p.indexOf('='); return at < 0 ? ['', ''] : [p.slice(0, at), p.slice(at + 1)]; }) : Object.entries(value);
  const out = pairs.map(([chain, v]): [string, string] => [chain.trim().toUpperCase(), typeof v === 'string' ? v.trim() : '']);
  return out.every(([c, v]) => /^[A-Z][A-Z0-9]{1,9}$/.test(c) && v) && new Set(out.map(([c]) => c)).size === out.length ? out : undefined;
}

/** Resolves `api-url` against the page's URL; only http(s). */
export function parseApiUrl(value: string | undefined, pageUrl: string): { ok: true; url: string } | { ok: false; code: 'api-url-invalid' | 'api-url-protocol' | 'api-url-query' } {
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
