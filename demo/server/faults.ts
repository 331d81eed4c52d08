/**
 * Fault injection. A request asks for a fault with the header `x-ref-fault` or the query
 * parameter `fault`; a scope can also arm faults in advance (`POST /__ref/control`).
 *
 * Grammar (strict; anything else is a 400):
 *
 *   fault   = kind [":" number] *(";" option)
 *   kind    = "latency" | "500" | "429" | "malformed" | "wrong-types" | "hang" | "drop"
 *   option  = ("ms" | "retry-after") ("=" | ":") number
 *
 * `latency:MS` (or `latency;ms=MS`) delays the real answer by MS ms (0 to 60000).
 * `429` answers 429 with `Retry-After: N` (`429:N`, `429;retry-after=N`, default 2).
 * `500` answers an internal-server-error problem. `malformed` answers 200 with a body that
 * is not JSON. `wrong-types` answers 200 with JSON of the wrong types for the endpoint.
 * `hang` never answers; the request ends when the client gives up. `drop` closes the
 * connection at once without an answer (what a client sees when the service is down).
 * In a query string the options may also be separate parameters:
 * `?fault=429&retry-after=3`, `?fault=latency&ms=500`.
 */

export const FAULT_KINDS = ['latency', '500', '429', 'malformed', 'wrong-types', 'hang', 'drop'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type Fault =
  | { readonly kind: 'latency'; readonly ms: number }
  | { readonly kind: '429'; readonly retryAfter: number }
  | { readonly kind: '500' | 'malformed' | 'wrong-types' | 'hang' | 'drop' };

export const MAX_LATENCY_MS = 60_000;
export const MAX_RETRY_AFTER_S = 3600;
export const DEFAULT_RETRY_AFTER_S = 2;
export const DEFAULT_LATENCY_MS = 1000;

const INT = /^\d{1,6}$/;

function isKind(s: string): s is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(s);
}

export function makeFault(kind: FaultKind, opts: { ms?: number; retryAfter?: number } = {}): Fault {
  if (kind === 'latency') return { kind, ms: opts.ms ?? DEFAULT_LATENCY_MS };
  if (kind === '429') return { kind, retryAfter: opts.retryAfter ?? DEFAULT_RETRY_AFTER_S };
  return { kind };
}

/**
 * Parses a fault spec; `extra` holds option values given as separate query parameters.
 * Returns an error message for anything the grammar does not allow.
 */
export function parseFault(
  spec: string,
  extra: { ms?: string | null; retryAfter?: string | null } = {},
): Fault | { error: string } {
  const [head = '', ...optionParts] = spec.trim().split(';');
  const [kind = '', arg, ...more] = head.trim().split(':');
  if (!isKind(kind)) return { error: `unknown fault "${kind}"; expected one of ${FAULT_KINDS.join(', ')}` };
  if (more.length) return { error: `malformed fault "${spec}"` };
  const options: Record<string, string> = {};
  if (arg !== undefined) {
    if (kind === 'latency') options.ms = arg;
    else if (kind === '429') options['retry-after'] = arg;
    else return { error: `fault "${kind}" takes no argument` };
  }
  for (const part of optionParts) {
    const m = /^\s*([a-z-]+)\s*[=:]\s*(\S+)\s*$/.exec(part);
    if (!m) return { error: `malformed fault option "${part}"` };
    options[m[1]!] = m[2]!;
  }
  if (extra.ms != null) options.ms ??= extra.ms;
  if (extra.retryAfter != null) options['retry-after'] ??= extra.retryAfter;

  const allowed = kind === 'latency' ? ['ms'] : kind === '429' ? ['retry-after'] : [];
  for (const [name, value] of Object.entries(options)) {
    if (!allowed.includes(name)) return { error: `fault "${kind}" has no option "${name}"` };
    if (!INT.test(value)) return { error: `fault option "${name}" must be a whole number, got "${value}"` };
  }
  if (kind === 'latency') {
    const ms = options.ms === undefined ? DEFAULT_LATENCY_MS : Number(options.ms);
    if (ms > MAX_LATENCY_MS) return { error: `latency is at most ${MAX_LATENCY_MS} ms` };
    return { kind, ms };
  }
  if (kind === '429') {
    const retryAfter = options['retry-after'] === undefined ? DEFAULT_RETRY_AFTER_S : Number(options['retry-after']);
    if (retryAfter > MAX_RETRY_AFTER_S) return { error: `retry-after is at most ${MAX_RETRY_AFTER_S} s` };
    return { kind, retryAfter };
  }
  return { kind };
}

export function describeFault(f: Fault): string {
  return f.kind === 'latency' ? `latency:${f.ms}` : f.kind === '429' ? `429:${f.retryAfter}` : f.kind;
}

/** Valid JSON with the wrong types for what the endpoint `path` should answer. */
export function wrongTypesBody(path: string): unknown {
  if (path.startsWith('/v1/quote')) return { quoteId: 42, routes: 'none', providerErrors: 'many' };
  if (path.startsWith('/v1/track-tx')) return { hash: 7, status: ['pending'], confirmations: 'three' };
  if (path.startsWith('/v1/track')) return { trackingStatus: 42, success: 'yes', data: 'none' };
  if (path.startsWith('/v1/tokens')) return { tokens: 'all', total: 'many' };
  if (path.startsWith('/v1/providers')) return { providers: 1 };
  if (path.startsWith('/v1/poolrates')) return { rates: 'none', timestamp: 'now' };
  if (path.startsWith('/v1/protocol-b-deposit-channel')) return { depositAddress: 42, channelId: null };
  if (path.startsWith('/v1/connected-assets')) return { assets: 'none' };
  if (path.startsWith('/v1/networks-graph')) return { networks: 1, edges: 'none' };
  return { ok: 'maybe', status: '200' };
}

/** A body that is not JSON: a truncated document. */
export const MALFORMED_BODY =
  '{"quoteId":"q-0","routes":[{"providers":["PROTOCOL_A"],"sellAsset":"BTC.BTC","expectedBuyAmount":';
