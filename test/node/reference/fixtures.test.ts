/**
 * Recorded answers in the style of the real service (nulls, `35.0`-like numbers, unknown
 * fields, lower-case fee types, an unlisted error code) parse with the client's schemas.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import * as z from 'zod/mini';
import * as S from '../../../src/api/schemas.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));

function parseQuote(name: string) {
  const env = z.parse(S.QuoteEnvelope, fixture(name));
  return { env, routes: env.routes.map((r) => z.parse(S.Route, r)) };
}

describe('recorded fixtures', () => {
  test('track answer, shape 1 (flat)', () => {
    const raw = fixture('track-flat.json');
    const t = z.parse(S.TrackResult, raw);
    assert.ok(!('success' in t && 'data' in t));
    const flat = z.parse(S.TrackFlat, raw);
    assert.equal(flat.trackingStatus, 'completed');
    assert.equal(flat.quoteInfo?.routeIndex, 0);
    assert.equal(flat.quoteInfo?.trackParams?.chain, 'BTC');
    assert.equal(flat.route?.estimatedTime && typeof flat.route.estimatedTime === 'object' ? flat.route.estimatedTime.total : 0, 636);
    assert.deepEqual(flat.route?.legs, []);
    assert.equal(flat.streamingProgress, undefined);
    assert.equal(flat.error, undefined);
    assert.match(flat.trackMeta?.outputTxHash ?? '', /^0x/);
    assert.equal((flat as Record<string, unknown>).lastUpdated, '2025-06-01T12:00:35.0Z', 'unknown fields are kept');
  });

  test('track answer, shape 2 (wrapped)', () => {
    const t = z.parse(S.TrackResult, fixture('track-wrapped.json'));
    assert.ok('success' in t && 'data' in t);
    const w = z.parse(S.TrackWrapped, fixture('track-wrapped.json'));
    assert.equal(w.data.quoteInfo?.trackParams?.chainId, 'ETH');
    assert.equal(w.data.inbound?.confirmations, 12);
    assert.equal(w.data.outbound, undefined);
    assert.equal(w.data.route?.actualBuyAmount, undefined);
    assert.deepEqual(w.data.route?.legs[0]?.fees, []);
    assert.equal(w.streamingProgress?.quantity, 24);
    assert.equal(w.error, undefined);
  });

  test('quote with an EVM transaction (form 1)', () => {
    const { env, routes } = parseQuote('quote-evm-tx.json');
    const r = routes[0]!;
    const tx = z.parse(S.EvmTx, r.tx);
    assert.equal(tx.chain_id, 1);
    assert.equal(r.totalSlippageBps, 35);
    assert.equal(r.memo, undefined);
    assert.equal(r.inboundAddress, undefined);
    assert.equal(r.expiration, 1748779800);
    assert.deepEqual(r.fees.map((f) => f.type), ['NETWORK', 'liquidity', 'affiliate']);
    assert.equal(r.meta.approvalAddress, '0xbeEf42192393bd33cb62bf80114D2CECE0AaA12a');
    assert.equal(r.meta.assets[0]!.image, undefined);
    assert.deepEqual(r.warnings, ['approvalRequired']);
    assert.equal(env.providerErrors[0]!.errorCode, 'noRoutesFound', 'an unlisted error code is kept');
    assert.equal(env.providerErrors[1]!.message, undefined);
    assert.equal(env.error, undefined);
  });

  test('quote with a message transaction (form 2)', () => {
    const { env, routes } = parseQuote('quote-msgs-tx.json');
    const tx = z.parse(S.MsgTx, routes[0]!.tx);
    assert.equal(tx.msgs.length, 2);
    assert.deepEqual(tx.msgs[0]!.value.amount, [{ denom: 'uatom', amount: '150500000' }]);
    assert.equal(tx.msgs[0]!.value.memo, undefined);
    assert.equal(tx.memo, routes[0]!.memo);
    assert.deepEqual(env.providerErrors, []);
    assert.deepEqual(routes[0]!.warnings, []);
  });

  test('quote with a string transaction (form 3)', () => {
    const { env, routes } = parseQuote('quote-string-tx.json');
    const r = routes[0]!;
    assert.equal(typeof r.tx, 'string');
    assert.equal(r.estimatedTime, 13);
    assert.equal(r.fees.at(-1)!.protocol, undefined);
    assert.equal((r as Record<string, unknown>).quoteExtras !== undefined, true);
    assert.equal(env.providerErrors[0]!.errorCode, 'noRoutesFound');
    assert.equal(env.error, '');
  });
});
