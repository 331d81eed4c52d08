/**
 * The local reference service: every endpoint of the spec, plus fault injection and the
 * `/__ref/*` control endpoints, and stand-ins for the memo protocols' nodes
 * (`/thorchain/inbound_addresses`, `/mayachain/inbound_addresses`, `nodes.ts`). `handle`
 * answers those paths and returns false for anything else, so it can be mounted as middleware
 * in another server.
 * All state belongs to the instance; two instances share nothing.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleControl } from './control.js';
import * as dialect from './dialect.js';
import { SWAPKIT_PREFIX, swapKitAnswer, swapKitError, swapKitState } from './swapkit.js';
import * as api from './endpoints.js';
import { MALFORMED_BODY, describeFault, parseFault, wrongTypesBody, type Fault } from './faults.js';
import { inboundAddresses, lyingInboundAddresses, nodeRequest } from './nodes.js';
import {
  BodyTooLarge,
  CORS_HEADERS,
  json,
  notFound,
  problem,
  readBody,
  send,
  validationProblem,
  waitOrClose,
  type Reply,
} from './respond.js';
import { ScopeStore, logRequest, takeArmedFault, type ScopeState } from './scope.js';
import { BASE_TOKENS, ExtraTokenCache, TokenCatalog } from './tokens.js';

export interface ReferenceServiceOptions {
  /** How much faster than real time tracked swaps advance (default 1). A scope can override it. */
  readonly timeScale?: number;
  /** Clock in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

export interface ReferenceService {
  /** Answers the request if its path is `/v1/*`, `/v0/*`, `/swapkit/*` or `/__ref/*` (true), else leaves it alone (false). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Forgets every quote, scope, armed fault and tracked hash. */
  reset(): void;
}

export const API_VERSION = 'v1';
export const API_VERSIONS = 'v1';

type Route = { method: 'GET' | 'POST'; run: (ctx: api.Ctx, body: unknown, query: URLSearchParams) => Reply };

const ROUTES: Readonly<Record<string, Route>> = {
  '/v1/quote': { method: 'POST', run: (c, b) => api.quote(c, b) },
  '/v1/track': { method: 'POST', run: (c, b) => api.track(c, b) },
  '/v1/track-tx': { method: 'POST', run: (c, b) => api.trackTx(c, b) },
  '/v1/protocol-b-deposit-channel': { method: 'POST', run: (c, b) => api.depositChannel(c, b) },
  '/v1/tokens': { method: 'GET', run: (c, _b, q) => api.tokens(c, q) },
  '/v1/providers': { method: 'GET', run: (c) => api.providers(c) },
  '/v1/poolrates': { method: 'GET', run: (c) => api.poolRates(c) },
  '/v1/connected-assets': { method: 'GET', run: (c, _b, q) => api.connectedAssets(c, q) },
  '/v1/networks-graph': { method: 'GET', run: () => api.networksGraph() },
};

/** Body fields the request log keeps. */
const LOGGED_FIELDS = [
  'sellAsset',
  'buyAsset',
  'sellAmount',
  'slippage',
  'providers',
  'sourceAddress',
  'destinationAddress',
  'affiliate',
  'affiliateFee',
  'includeTx',
  'hash',
  'chainId',
  'chain',
  'quoteId',
  'routeIndex',
  'affiliateCode',
  'affiliateBps',
  'maxBoostFeeBps',
  'routeId',
];

function pick(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const out: Record<string, unknown> = {};
  for (const k of LOGGED_FIELDS) if (k in body) out[k] = (body as Record<string, unknown>)[k];
  return out;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

type Area = 'v1' | 'v0' | 'ref' | 'node' | 'swapkit';

function areaOf(path: string): Area | undefined {
  if (nodeRequest(path)) return 'node';
  if (path === '/v1' || path.startsWith('/v1/')) return 'v1';
  if (path === '/v0' || path.startsWith('/v0/')) return 'v0';
  if (path.startsWith('/__ref/')) return 'ref';
  // SwapKit's current API, answered by the same engine (swapkit.ts).
  if (path.startsWith(`${SWAPKIT_PREFIX}/`)) return 'swapkit';
  return undefined;
}

export function createReferenceService(opts: ReferenceServiceOptions = {}): ReferenceService {
  const now = opts.now ?? Date.now;
  const defaultTimeScale = opts.timeScale ?? 1;
  const baseCatalog = new TokenCatalog(BASE_TOKENS);
  const extraTokens = new ExtraTokenCache();
  let scopes = new ScopeStore();
  let shared: api.ServiceState = { quotes: new Map(), nonce: randomUUID(), depositCounter: 0 };
  let swapkit = swapKitState();

  function catalogOf(scope: ScopeState): TokenCatalog {
    if (!scope.extraTokens && !scope.customTokens.length) return baseCatalog;
    scope.catalog ??= new TokenCatalog([...BASE_TOKENS, ...scope.customTokens, ...extraTokens.take(scope.extraTokens)]);
    return scope.catalog;
  }

  function versionHeaders(scope: ScopeState | undefined): Record<string, string> {
    const h: Record<string, string> = { ...CORS_HEADERS, 'x-api-version': API_VERSION, 'x-api-versions': API_VERSIONS };
    if (scope?.deprecated) {
      h['warning'] = `299 - "${API_VERSION} is deprecated"`;
      h['x-api-deprecated'] = 'true';
      h['x-api-sunset-date'] = scope.sunsetDate ?? '';
    }
    return h;
  }

  async function faultReply(
    fault: Fault,
    path: string,
    res: ServerResponse,
    nowMs: number,
  ): Promise<Reply | 'continue' | 'closed'> {
    switch (fault.kind) {
      case 'latency':
        return (await waitOrClose(res, fault.ms)) ? 'closed' : 'continue';
      case 'hang':
        await waitOrClose(res);
        return 'closed';
      case 'drop':
        res.socket?.destroy();
        return 'closed';
      case '500':
        return problem(500, path, nowMs);
      case '429':
        return problem(429, path, nowMs, `Rate limit exceeded; retry after ${fault.retryAfter} seconds`, {
          headers: { 'retry-after': String(fault.retryAfter) },
        });
      case 'malformed':
        return { status: 200, body: MALFORMED_BODY, contentType: 'application/json' };
      case 'wrong-types':
        return json(wrongTypesBody(path));
    }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, area: Area): Promise<void> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const scope = scopes.get(header(req, 'x-api-key') ?? header(req, 'api-key') ?? '');
    const base = versionHeaders(scope);
    const entry = logRequest(scope, {
      time: new Date(now()).toISOString(),
      method,
      path,
      query: Object.fromEntries(url.searchParams),
    });
    // A scope in the real dialect: requests read from it, answers written in it (dialect.ts).
    const real = scope.dialect === 'real' && area !== 'swapkit';
    let request: unknown;
    let query = url.searchParams;
    const reply = (r: Reply) => {
      const out = real ? dialect.replyOut(path, r, request, now(), query) : r;
      entry.status = out.status;
      send(res, out, base);
    };

    let body: unknown;
    let bodyError: Reply | undefined;
    if (method === 'POST') {
      try {
        const text = await readBody(req);
        try {
          body = text.trim() ? JSON.parse(text) : undefined;
          const picked = pick(body);
          if (picked) entry.body = picked;
          if (body === undefined)
            bodyError = validationProblem(path, now(), [
              { field: 'body', message: 'a JSON body is required', code: 'required' },
            ]);
        } catch (e) {
          bodyError = validationProblem(path, now(), [
            { field: 'body', message: `body is not valid JSON: ${(e as Error).message}`, code: 'invalid_json' },
          ]);
        }
      } catch (e) {
        if (e instanceof BodyTooLarge) return reply(problem(413, path, now(), e.message));
        return; // the client went away while sending
      }
    }

    const spec = header(req, 'x-ref-fault') ?? url.searchParams.get('fault') ?? undefined;
    let fault: Fault | undefined;
    if (spec !== undefined) {
      const parsed = parseFault(spec, {
        ms: url.searchParams.get('ms'),
        retryAfter: url.searchParams.get('retry-after'),
      });
      if ('error' in parsed)
        return reply(
          validationProblem(path, now(), [{ field: 'fault', message: parsed.error, code: 'invalid_fault' }]),
        );
      fault = parsed;
    } else {
      fault = takeArmedFault(scope, path)?.fault;
    }
    if (fault) {
      entry.fault = describeFault(fault);
      const r = await faultReply(fault, path, res, now());
      if (r === 'closed') {
        entry.status = 0;
        return;
      }
      if (r !== 'continue') return reply(r);
    }

    if (area === 'v0') return reply(problem(410, path, now(), 'API version v0 has been removed; use /v1'));
    /** What an endpoint of either dialect is given: the request's path and scope, the clock, the catalog. */
    const context = (): api.Ctx => ({
      path,
      nowMs: now(),
      scope,
      catalog: catalogOf(scope),
      timeScale: scope.timeScale ?? defaultTimeScale,
      service: shared,
    });
    if (area === 'swapkit') {
      if (bodyError) return reply(swapKitError(bodyError));
      try {
        return reply(swapKitAnswer(context(), method, body, url.searchParams, swapkit));
      } catch (e) {
        console.error(`reference service: ${method} ${path} failed`, e);
        return reply(swapKitError(problem(500, path, now())));
      }
    }
    const route = ROUTES[path];
    if (!route) return reply(notFound(path, now(), `No endpoint ${method} ${path}`));
    if (route.method !== method) {
      return reply({
        ...problem(405, path, now(), `${path} answers ${route.method} only`),
        headers: { allow: `${route.method}, OPTIONS` },
      });
    }
    if (bodyError) return reply(bodyError);
    request = body;
    if (real) ({ body, query } = dialect.requestIn(path, body, url.searchParams));
    try {
      reply(route.run(context(), body, query));
    } catch (e) {
      console.error(`reference service: ${method} ${path} failed`, e);
      reply(problem(500, path, now()));
    }
  }

  /** A memo protocol's node (`nodes.ts`): its inbound addresses, with the scope's halts and armed faults. */
  async function handleNode(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const node = nodeRequest(url.pathname)!;
    const scope = scopes.get(node.scope);
    const entry = logRequest(scope, {
      time: new Date(now()).toISOString(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: {},
    });
    const reply = (r: Reply) => {
      entry.status = r.status;
      send(res, r, CORS_HEADERS);
    };
    if (req.method !== 'GET')
      return reply({
        ...problem(405, url.pathname, now(), 'the node answers GET only'),
        headers: { allow: 'GET, OPTIONS' },
      });
    const fault = takeArmedFault(scope, node.nodePath)?.fault;
    if (fault) {
      entry.fault = describeFault(fault);
      // A node's wrong types are its own list, lying (nodes.ts).
      if (fault.kind === 'wrong-types')
        return reply(json(lyingInboundAddresses(inboundAddresses(node.protocol, scope))));
      const r = await faultReply(fault, url.pathname, res, now());
      if (r === 'closed') {
        entry.status = 0;
        return;
      }
      if (r !== 'continue') return reply(r);
    }
    reply(json(inboundAddresses(node.protocol, scope)));
  }

  async function handleRef(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    let body: unknown;
    if (method === 'POST') {
      try {
        const text = await readBody(req);
        body = text.trim() ? JSON.parse(text) : undefined;
      } catch {
        return send(
          res,
          validationProblem(url.pathname, now(), [
            { field: 'body', message: 'body is not valid JSON', code: 'invalid_json' },
          ]),
          CORS_HEADERS,
        );
      }
    }
    const reply = handleControl(
      {
        path: url.pathname,
        nowMs: now(),
        requestScope: header(req, 'x-api-key') ?? header(req, 'api-key') ?? '',
        scopes,
        defaultTimeScale,
      },
      method,
      url.searchParams,
      body,
    );
    send(res, reply, CORS_HEADERS);
  }

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://reference.local');
      const area = areaOf(url.pathname);
      if (!area) return false;
      if (req.method === 'OPTIONS') {
        send(res, { status: 204 }, area === 'ref' || area === 'node' ? CORS_HEADERS : versionHeaders(undefined));
        return true;
      }
      try {
        if (area === 'ref') await handleRef(req, res, url);
        else if (area === 'node') await handleNode(req, res, url);
        else await handleApi(req, res, url, area);
      } catch (e) {
        console.error('reference service: unexpected failure', e);
        send(res, problem(500, url.pathname, now()), CORS_HEADERS);
      }
      return true;
    },
    reset() {
      scopes = new ScopeStore();
      shared = { quotes: new Map(), nonce: randomUUID(), depositCounter: 0 };
      swapkit = swapKitState();
    },
  };
}
