/**
 * The spec's enumerations (test/fixtures/golden/enumerations.ts) against both sides' own
 * copies: the widget's and the reference service's.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isKnownProvider } from '../../../src/domain/chains/providers.js';
import { FINAL_STATES, isFinal } from '../../../src/domain/tracking/status.js';
import { FINAL_STATUSES as SERVICE_FINAL, HASH_OUTCOMES, finalStatus } from '../../../demo/server/hashes.js';
import { PROVIDER_IDS as SERVICE_PROVIDERS, isProviderId } from '../../../demo/server/providers.js';
import { FINAL_STATUSES, MOVING_STATUSES, PROVIDER_IDS } from '../../fixtures/golden/enumerations.js';

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('golden enumerations: provider identifiers', () => {
  test("the widget knows the spec's providers and no other", () => {
    for (const id of PROVIDER_IDS) assert.ok(isKnownProvider(id), id);
    for (const id of ['PROTOCOL_E', 'protocol_a', 'PROTOCOL_A->PROTOCOL_E', '->', ''])
      assert.equal(isKnownProvider(id), false, id);
  });

  test("a multi-leg name is known when each of its legs is (the contract's `A->B` forms)", () => {
    assert.equal(isKnownProvider('PROTOCOL_A->PROTOCOL_B'), true);
  });

  test("the service simulates the spec's providers and no other", () => {
    assert.deepEqual(sorted(SERVICE_PROVIDERS), sorted(PROVIDER_IDS));
    for (const id of PROVIDER_IDS) assert.ok(isProviderId(id), id);
    for (const id of ['PROTOCOL_E', 'protocol_a', 'PROTOCOL_A->PROTOCOL_B', ''])
      assert.equal(isProviderId(id), false, id);
  });
});

describe('golden enumerations: final tracking statuses', () => {
  test("the widget stops at the spec's final statuses and no other", () => {
    assert.deepEqual(sorted(FINAL_STATES), sorted(FINAL_STATUSES));
    for (const s of FINAL_STATUSES) assert.equal(isFinal(s), true, s);
    for (const s of MOVING_STATUSES) assert.equal(isFinal(s), false, s);
  });

  test('the service calls the same statuses final, and each outcome ends in one', () => {
    assert.deepEqual(sorted(SERVICE_FINAL), sorted(FINAL_STATUSES));
    for (const s of MOVING_STATUSES) assert.equal(SERVICE_FINAL.has(s as never), false, s);
    for (const outcome of HASH_OUTCOMES) assert.ok(FINAL_STATUSES.includes(finalStatus(outcome)), outcome);
  });
});
