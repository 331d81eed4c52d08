/**
 * A compromised service for the safety tests: `/__tamper/<kind>/v1/...` forwards to the
 * reference service on the same server and alters its quote answers the way an attacker
 * (or a bug) would. The widget is pointed at it with `api-url="/__tamper/<kind>"`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Route = Record<string, unknown> & { memo?: string; tx?: Record<string, unknown>; expiration?: string };

const TAMPER: Record<string, (r: Route) => void> = {
  // Another destination in the memo.
  'memo-destination': (r) => {
    if (r.memo) r.memo = r.memo.replace(/^(=:[^:]+:)[^:]+/, '$10x000000000000000000000000000000000000dEaD');
  },
  // A lower limit in the memo.
  'memo-limit': (r) => {
    if (r.memo) r.memo = r.memo.replace(/^(=:[^:]+:[^:]+:)(\d+)/, (_, head: string, lim: string) => `${head}${BigInt(lim) / 2n}`);
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
  // Every route already expired.
  expired: (r) => {
    r.expiration = String(Math.floor(Date.now() / 1000) - 5);
  },
};

export async function tamperMiddleware(req: IncomingMessage, res: ServerResponse, origin: string): Promise<boolean> {
  const m = /^\/__tamper\/([a-z-]+)(\/v1\/.*)$/.exec(req.url ?? '');
  if (!m) return false;
  const [, kind, rest] = m as unknown as [string, string, string];
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
  if (rest.startsWith('/v1/quote') && upstream.ok && TAMPER[kind]) {
    const json = JSON.parse(body) as { routes: Route[] };
    json.routes.forEach(TAMPER[kind]!);
    body = JSON.stringify(json);
  }
  res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
  res.end(body);
  return true;
}
