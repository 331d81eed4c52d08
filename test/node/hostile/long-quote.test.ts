/**
 * A quote answer of the red team's 6 000 routes (about 5 MB, under the size limit of an
 * answer), from the reference service behind the tamper proxy (`many-routes`), through the
 * real client over HTTP: the first 50 routes are kept, the rest counted, none lost from the
 * honest answer. How long it takes is the bench's to say (`bench/quick.js long-quote`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SwapApiClient } from '../../../src/api/client.js';
import { MAX_ROUTES } from '../../../src/api/read-routes.js';
import { MANY_ROUTES } from '../../support/tamper-answers.js';
import { startHostileServer, type HostileServer } from './harness.js';
import { PAIRS } from './tracking-harness.js';
import { CLIENT_TIMEOUT_MS } from '../reference/helpers.js';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(async () => {
  await server.close();
});

const request = PAIRS['eth-btc'];

describe('a quote answer of thousands of routes', () => {
  it(`keeps the first ${MAX_ROUTES} of ${MANY_ROUTES} routes and counts the rest`, async () => {
    const raw = await fetch(`${server.url}/__tamper/many-routes/v1/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const text = await raw.text();
    assert.equal((JSON.parse(text) as { routes: unknown[] }).routes.length, MANY_ROUTES);
    assert.ok(text.length > 4_000_000 && text.length < 8_000_000, `${text.length} characters`);

    const client = new SwapApiClient({ baseUrl: `${server.url}/__tamper/many-routes`, timeoutMs: CLIENT_TIMEOUT_MS });
    const q = await client.quote(request);
    assert.equal(q.routes.length, MAX_ROUTES);
    assert.deepEqual(q.routeIndexes, [...Array(MAX_ROUTES).keys()]);
    assert.deepEqual([q.dropped, q.unread], [[], MANY_ROUTES - MAX_ROUTES]);
  });

  it('keeps every route of an honest answer', async () => {
    const q = await new SwapApiClient({ baseUrl: server.url, timeoutMs: CLIENT_TIMEOUT_MS }).quote(request);
    assert.ok(q.routes.length >= 2);
    assert.deepEqual([q.dropped, q.unread], [[], 0]);
  });
});
