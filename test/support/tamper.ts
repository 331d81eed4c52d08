/**
 * A compromised service for the safety tests: `/__tamper/<name>/v1/...` forwards to the
 * reference service and alters its answers the way an attacker (or a bug) would; so does
 * `/__tamper/<name>/thorchain/inbound_addresses` (and `mayachain`) for the stand-in nodes. `<name>`
 * is a case or an honest twin of the hostile table (test/support/hostile-cases.ts), a whole
 * answer's tampering (tracking answers, long quotes: test/support/tamper-answers.ts), or one
 * of the first tests' kinds below. The widget is pointed at it with
 * `api-url="/__tamper/<name>"`; the Node suite points its client at it over real HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TAMPERINGS, type Json, type NodeName, type Tampering } from './hostile-cases.js';
import { ANSWER_TAMPERS } from './tamper-answers.js';
import { FAMILY_TAMPERS, FAMILY_TWINS, ROUTE_FAMILY_TAMPERS, type TamperRoute } from './tamper-families.js';

/** The kinds the first browser tests use (test/browser/execution.test.ts, real-service.test.ts). */
const FIRST_KINDS: Record<string, (r: Json, index: number) => void> = {
  // The first route of the answer named `_X`, a name no table knows; the others untouched.
  'one-named-x': (r, i) => {
    if (i !== 0) return;
    r.providers = ['_X'];
    for (const leg of r.legs ?? []) leg.provider = '_X';
  },
  // The first route of the answer unreadable (an amount written as a number); the others untouched.
  'one-unreadable': (r, i) => {
    if (i === 0) r.expectedBuyAmount = Number(r.expectedBuyAmount);
  },
  // Another destination in the memo.
  'memo-destination': (r) => {
    if (r.memo) r.memo = r.memo.replace(/^(=:[^:]+:)[^:]+/, '$10x000000000000000000000000000000000000dEaD');
  },
  // A lower limit in the memo.
  'memo-limit': (r) => {
    if (r.memo)
      r.memo = r.memo.replace(
        /^(=:[^:]+:[^:]+:)(\d+)/,
        (_: string, head: string, lim: string) => `${head}${BigInt(lim) / 2n}`,
      );
  },
  // Another affiliate and fee in the memo.
  'memo-affiliate': (r) => {
    if (r.memo) r.memo = r.memo.replace(/:[^:]*:\d+$/, ':evil:500');
  },
  // The transaction sent from someone else.
  'tx-from': (r) => {
    if (r.tx) r.tx.from = '0x000000000000000000000000000000000000dEaD';
  },
  // The transaction sends more value than the sell amount.
  'tx-value': (r) => {
    if (r.tx) r.tx.value = (BigInt(String(r.tx.value)) + 1n).toString();
  },
  // The transaction for another chain.
  'tx-chain': (r) => {
    if (r.tx) r.tx.chain_id = 56;
  },
};

/** How late a slow node answers (ms): past the widget's 5 s limit (`INBOUND_TIMEOUT_MS`). */
export const LATE_NODE_MS = 5_500;

const nodeOf = (path: string): NodeName => (path.startsWith('/thorchain') ? 'thorchain' : 'mayachain');

/** Quote answers given so far under `expiring`, by API key (each test has its own). */
const expiringAnswers = new Map<string, number>();

/**
 * `expiring`: the first quote answer of an API key expires in 20 s (still valid, but inside
 * the widget's 30 s margin, so pressing Swap quotes it again first); every later answer
 * has already expired.
 */
function expiring(key: string): Tampering {
  const n = (expiringAnswers.get(key) ?? 0) + 1;
  expiringAnswers.set(key, n);
  const at = Math.floor(Date.now() / 1000) + (n === 1 ? 20 : -5);
  return { attack: 'memo-asset', scenario: 'btc-memo', quote: (r) => void (r.expiration = String(at)) };
}

/**
 * The Solana and Cosmos cases and their twins (test/support/tamper-families.ts), by name: each alters the
 * routes it applies to and leaves the others as they are.
 */
function familyTampering(name: string): Tampering | undefined {
  const t =
    FAMILY_TAMPERS.find((c) => c.name === name) ??
    ROUTE_FAMILY_TAMPERS.find((c) => c.name === name) ??
    FAMILY_TWINS.find((c) => c.name === name);
  if (!t) return undefined;
  const tokens =
    'tokens' in t ? (t as { tokens?: (list: { asset: string; decimals: number }[]) => void }).tokens : undefined;
  return {
    attack: 'memo-asset',
    scenario: 'btc-memo',
    ...(tokens ? { tokens: (list: Json[]) => tokens(list as { asset: string; decimals: number }[]) } : {}),
    quote: (r) => {
      if (!t.appliesTo(r as TamperRoute)) return;
      const out = t.tamper(r as TamperRoute);
      for (const k of Object.keys(r)) delete r[k];
      Object.assign(r, out);
    },
  };
}

function tamperingOf(name: string): Tampering | undefined {
  const first = FIRST_KINDS[name];
  if (first) return { attack: 'memo-asset', scenario: 'btc-memo', quote: first };
  return TAMPERINGS[name] ?? familyTampering(name);
}

/** Alters an answer of the reference service as the tampering says; the body as it goes out. */
export function tamperBody(t: Tampering, path: string, body: string): string {
  if (path.startsWith('/v1/quote') && t.quote) {
    const json = JSON.parse(body) as { routes: Json[] };
    json.routes.forEach((r, i) => t.quote!(r, i));
    return JSON.stringify(json);
  }
  if (path.startsWith('/v1/tokens') && t.tokens) {
    const json = JSON.parse(body) as { tokens: Json[] };
    t.tokens(json.tokens);
    return JSON.stringify(json);
  }
  if (/^\/(thorchain|mayachain)\//.test(path) && t.node) {
    const json = JSON.parse(body) as Json[];
    t.node(json, nodeOf(path));
    return JSON.stringify(json);
  }
  if (path.startsWith('/v1/protocol-b-deposit-channel') && t.channel) {
    const json = JSON.parse(body) as Json;
    t.channel(json);
    return JSON.stringify(json);
  }
  return body;
}

export async function tamperMiddleware(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
  const m = /^\/__tamper\/([a-z0-9-]+)(\/v1\/.*|\/(?:thorchain|mayachain)\/inbound_addresses)$/.exec(req.url ?? '');
  if (!m) return false;
  const [, name, rest] = m as unknown as [string, string, string];
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'x-api-key']) if (req.headers[h]) headers[h] = String(req.headers[h]);
  const upstream = await fetch(origin + rest, {
    method: req.method ?? 'GET',
    headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  let body = await upstream.text();
  // A whole answer altered (test/support/tamper-answers.ts): tracking answers, long quotes.
  const whole = ANSWER_TAMPERS[name];
  if (whole) {
    if (upstream.ok && rest.split('?')[0] === whole.path) {
      const json = JSON.parse(body) as Json;
      whole.alter(json);
      body = JSON.stringify(json);
    }
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(body);
    return true;
  }
  const tampering =
    name === 'expiring'
      ? rest.startsWith('/v1/quote')
        ? expiring(String(req.headers['x-api-key'] ?? ''))
        : undefined
      : tamperingOf(name);
  // A node that does not answer, answers a page, or answers too late: the widget cannot verify, and refuses.
  if (tampering?.node && upstream.ok && !rest.startsWith('/v1/')) {
    const list = JSON.parse(body) as Json[];
    const how = tampering.node(list, nodeOf(rest));
    if (how === 'down') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('node unavailable');
      return true;
    }
    if (how === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>502 Bad Gateway</title><h1>Bad Gateway</h1>');
      return true;
    }
    if (how === 'late') {
      // A client that moves its own clock (the Node harness) is told; any other waits past the limit.
      if (!req.headers['x-tamper-clock']) await new Promise((r) => setTimeout(r, LATE_NODE_MS));
      res.writeHead(200, { 'content-type': 'application/json', 'x-tamper-late': String(LATE_NODE_MS) });
      res.end(JSON.stringify(list));
      return true;
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(list));
    return true;
  }
  if (upstream.ok && tampering) body = tamperBody(tampering, rest, body);
  res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
  res.end(body);
  return true;
}
