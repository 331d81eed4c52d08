/**
 * The control endpoints (`/__ref/*`), for tests and for trying the widget's error paths:
 *
 * - `POST /__ref/control` `{scope?, reset?, faults?, halted?, timeScale?, routeTtl?, extraTokens?, quoteRoutes?, tokens?, deprecated?, sunsetDate?, dialect?, vaultSwaps?, unoswap?, trackLegs?, solanaMintTable?}`:
 *   changes a scope (default: the request's `x-api-key`, empty when absent) and answers its
 *   state. `reset` first clears the scope; `faults` are appended to the armed ones; `halted`
 *   replaces the halted chains; `timeScale: null` falls back to the service's own; `routeTtl`
 *   sets how many seconds the scope's routes are valid (`null`: the usual 600); `quoteRoutes`
 *   pads every quote answer of the scope to that many routes (`padRoutes` in quote-padding.ts;
 *   `null`: off), long answers for the bench; `trackLegs` pads the route of every track answer
 *   of the scope to that many legs (`padTrackLegs`; `null`: off); `solanaMintTable` makes the
 *   scope's Solana transactions load their mints from the shared lookup table of mints, which
 *   `POST /__ref/rpc/SOL` serves (`getAccountInfo`); `tokens`
 *   registers tokens for the scope (`{chain, symbol, contract, decimals, priceUsd, name?}`, e.g.
 *   an ERC-20 a test deployed on a local node); `dialect` (`spec` or `real`) sets the words and
 *   shapes the scope is answered in (`dialect.ts`); `vaultSwaps` has protocol B
 *   answer an EVM sell with a call of its Vault (`chainflip.ts`) instead of a deposit channel, and
 *   `unoswap` has aggregator A answer with 1inch's `unoswap` family (`unoswap.ts`) instead of its
 *   `swap`.
 * - `GET /__ref/control?scope=K`: the scope's state.
 * - `GET /__ref/requests?scope=K[&path=/v1/quote][&method=POST]`: the scope's API requests.
 * - `GET /__ref/cosmos/<CHAIN>/cosmos/auth/v1beta1/accounts/<address>`: a Cosmos-SDK chain's
 *   REST answer for an account (THOR, MAYA, GAIA, KUJI): its number and sequence, derived from
 *   the address, for the widget's `cosmos-rest` in tests and the playground (a Keplr-compatible
 *   wallet signs with them).
 * - `GET /__ref/cosmos/<CHAIN>/cosmos/bank/v1beta1/balances/<address>/by_denom?denom=D`: the
 *   account's balance of the chain's coin (`referenceBalance`, in `rpc.ts`), for the balance
 *   the widget shows.
 * - `POST /__ref/rpc/<CHAIN>`: a JSON-RPC node's answer to the widget's read of a token's
 *   decimals and of an account's balance (`rpc.ts`), for its `rpc-urls` in the playground.
 */
import * as z from 'zod/mini';
import { chainInfo } from './chains.js';
import { ROUTE_TTL_SECONDS } from './quote.js';
import { DIALECTS } from './dialect.js';
import { hashSeed } from './hashes.js';
import { answerRpc, referenceBalance } from './rpc.js';
import { BASE_TOKENS, customToken } from './tokens.js';
import { FAULT_KINDS, MAX_LATENCY_MS, MAX_RETRY_AFTER_S, describeFault, makeFault } from './faults.js';
import { fieldErrors, json, notFound, validationProblem, type Reply } from './respond.js';
import { MAX_ARMED_FAULTS, type ScopeState, type ScopeStore } from './scope.js';

export const MAX_EXTRA_TOKENS = 20_000;
/** The most routes a quote answer may be padded to (`quoteRoutes`). */
export const MAX_QUOTE_ROUTES = 10_000;
/** The most legs a track answer's route may be padded to (`trackLegs`): the red team's 20 000. */
export const MAX_TRACK_LEGS_PADDING = 20_000;

const ControlFault = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  path: z.optional(z.string().check(z.regex(/^\//, 'must start with /'))),
  ms: z.optional(z.int().check(z.gte(0), z.lte(MAX_LATENCY_MS))),
  retryAfter: z.optional(z.int().check(z.gte(0), z.lte(MAX_RETRY_AFTER_S))),
  times: z.optional(z.int().check(z.gte(1), z.lte(10_000))),
});

const ControlBody = z.strictObject({
  scope: z.optional(z.string().check(z.maxLength(200))),
  reset: z.optional(z.boolean()),
  faults: z.optional(z.array(ControlFault).check(z.maxLength(MAX_ARMED_FAULTS))),
  halted: z.optional(z.array(z.string())),
  timeScale: z.optional(z.nullable(z.number().check(z.gt(0), z.lte(100_000)))),
  routeTtl: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(86_400)))),
  extraTokens: z.optional(z.int().check(z.gte(0), z.lte(MAX_EXTRA_TOKENS))),
  quoteRoutes: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(MAX_QUOTE_ROUTES)))),
  trackLegs: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(MAX_TRACK_LEGS_PADDING)))),
  solanaMintTable: z.optional(z.boolean()),
  tokens: z.optional(
    z
      .array(
        z.object({
          chain: z.string().check(z.regex(/^[A-Z0-9]{2,10}$/)),
          symbol: z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)),
          contract: z.string().check(z.regex(/^[A-Za-z0-9]{20,90}$/)),
          decimals: z.int().check(z.gte(0), z.lte(30)),
          priceUsd: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
          name: z.optional(z.string().check(z.maxLength(60))),
        }),
      )
      .check(z.maxLength(50)),
  ),
  deprecated: z.optional(z.boolean()),
  sunsetDate: z.optional(z.iso.datetime()),
  dialect: z.optional(z.enum(DIALECTS)),
  vaultSwaps: z.optional(z.boolean()),
  unoswap: z.optional(z.boolean()),
});

export type ControlRequest = z.input<typeof ControlBody>;

export interface ControlCtx {
  readonly path: string;
  readonly nowMs: number;
  readonly requestScope: string;
  readonly scopes: ScopeStore;
  readonly defaultTimeScale: number;
}

export function scopeStateJson(s: ScopeState, defaultTimeScale: number) {
  return {
    scope: s.name,
    faults: s.faults.map((f) => ({ kind: f.kind, path: f.path, spec: describeFault(f.fault), remaining: f.remaining })),
    halted: [...s.halted].sort(),
    timeScale: s.timeScale ?? defaultTimeScale,
    timeScaleOverride: s.timeScale ?? null,
    routeTtl: s.routeTtl ?? ROUTE_TTL_SECONDS,
    extraTokens: s.extraTokens,
    quoteRoutes: s.quoteRoutes ?? null,
    trackLegs: s.trackLegs ?? null,
    solanaMintTable: !!s.solanaMintTable,
    deprecated: s.deprecated,
    sunsetDate: s.deprecated ? (s.sunsetDate ?? null) : null,
    dialect: s.dialect,
    vaultSwaps: s.vaultSwaps ?? false,
    unoswap: s.unoswap ?? false,
    requestCount: s.requests.length,
    trackedHashes: s.tracked.size,
  };
}

/** Sunset date announced when deprecation is switched on without one: 6 months ahead. */
function defaultSunset(nowMs: number): string {
  return new Date(nowMs + 183 * 24 * 3600 * 1000).toISOString();
}

export function handleControl(ctx: ControlCtx, method: string, query: URLSearchParams, body: unknown): Reply {
  if (ctx.path === '/__ref/control' && method === 'GET') {
    return json(scopeStateJson(ctx.scopes.get(query.get('scope') ?? ctx.requestScope), ctx.defaultTimeScale));
  }
  if (ctx.path === '/__ref/control' && method === 'POST') {
    const r = z.safeParse(ControlBody, body ?? {});
    if (!r.success) return validationProblem(ctx.path, ctx.nowMs, fieldErrors(r.error.issues, body));
    const c = r.data;
    const badChains = (c.halted ?? []).filter((h) => !chainInfo(h));
    if (badChains.length) {
      return validationProblem(ctx.path, ctx.nowMs, [
        { field: 'halted', message: `unknown chain code ${badChains.join(', ')}`, code: 'invalid_enum_value' },
      ]);
    }
    const name = c.scope ?? ctx.requestScope;
    const s = c.reset ? ctx.scopes.reset(name) : ctx.scopes.get(name);
    for (const f of c.faults ?? []) {
      const fault = makeFault(f.kind, {
        ...(f.ms !== undefined ? { ms: f.ms } : {}),
        ...(f.retryAfter !== undefined ? { retryAfter: f.retryAfter } : {}),
      });
      s.faults.push({ fault, kind: f.kind, path: f.path ?? '/v1/', remaining: f.times ?? 1 });
    }
    if (s.faults.length > MAX_ARMED_FAULTS) s.faults.splice(0, s.faults.length - MAX_ARMED_FAULTS);
    if (c.halted) s.halted = new Set(c.halted.map((h) => chainInfo(h)!.code));
    if (c.timeScale !== undefined) {
      if (c.timeScale === null) delete s.timeScale;
      else s.timeScale = c.timeScale;
    }
    if (c.routeTtl !== undefined) {
      if (c.routeTtl === null) delete s.routeTtl;
      else s.routeTtl = c.routeTtl;
    }
    if (c.extraTokens !== undefined && c.extraTokens !== s.extraTokens) {
      s.extraTokens = c.extraTokens;
      delete s.catalog;
    }
    if (c.quoteRoutes !== undefined) {
      if (c.quoteRoutes === null) delete s.quoteRoutes;
      else s.quoteRoutes = c.quoteRoutes;
    }
    if (c.trackLegs !== undefined) {
      if (c.trackLegs === null) delete s.trackLegs;
      else s.trackLegs = c.trackLegs;
    }
    if (c.solanaMintTable !== undefined) s.solanaMintTable = c.solanaMintTable;
    if (c.tokens) {
      s.customTokens = c.tokens.map(customToken);
      delete s.catalog;
    }
    if (c.deprecated !== undefined) s.deprecated = c.deprecated;
    if (c.dialect !== undefined) s.dialect = c.dialect;
    if (c.vaultSwaps !== undefined) s.vaultSwaps = c.vaultSwaps;
    if (c.unoswap !== undefined) s.unoswap = c.unoswap;
    if (c.sunsetDate !== undefined) s.sunsetDate = c.sunsetDate;
    if (s.deprecated && !s.sunsetDate) s.sunsetDate = defaultSunset(ctx.nowMs);
    return json(scopeStateJson(s, ctx.defaultTimeScale));
  }
  if (ctx.path === '/__ref/requests' && method === 'GET') {
    const s = ctx.scopes.get(query.get('scope') ?? ctx.requestScope);
    const path = query.get('path');
    const m = query.get('method')?.toUpperCase();
    const requests = s.requests.filter((e) => (!path || e.path.startsWith(path)) && (!m || e.method === m));
    return json({ scope: s.name, total: requests.length, requests });
  }
  const account =
    /^\/__ref\/cosmos\/(THOR|MAYA|GAIA|KUJI)\/cosmos\/auth\/v1beta1\/accounts\/([a-z]+1[02-9ac-hj-np-z]{38,58})$/.exec(
      ctx.path,
    );
  if (account && method === 'GET') {
    const address = account[2]!;
    const seed = hashSeed(address);
    return json({
      account: {
        '@type': '/cosmos.auth.v1beta1.BaseAccount',
        address,
        pub_key: null,
        account_number: String(seed % 1_000_000),
        sequence: String(seed % 97),
      },
    });
  }
  const bank =
    /^\/__ref\/cosmos\/(THOR|MAYA|GAIA|KUJI)\/cosmos\/bank\/v1beta1\/balances\/([a-z]+1[02-9ac-hj-np-z]{38,58})\/by_denom$/.exec(
      ctx.path,
    );
  if (bank && method === 'GET') {
    const amount = referenceBalance(bank[2]!, chainInfo(bank[1]!)?.nativeDecimals ?? 0).toString();
    return json({ balance: { denom: query.get('denom') ?? '', amount } });
  }
  const rpc = /^\/__ref\/rpc\/([A-Z]+)$/.exec(ctx.path);
  if (rpc && method === 'POST') return answerRpc(rpc[1]!, body, BASE_TOKENS);
  return notFound(ctx.path, ctx.nowMs, `No control endpoint ${method} ${ctx.path}`);
}
