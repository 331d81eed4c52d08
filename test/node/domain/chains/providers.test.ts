import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  isDepositChannelProvider,
  isKnownProvider,
  isStreamingProvider,
  providerLabel,
  providerRole,
  providerSteps,
} from '../../../../src/domain/chains/providers.js';
import { PROVIDER_IDS } from '../../../fixtures/golden/enumerations.js';

describe('provider names', () => {
  it('know both spellings of each family, streaming or not', () => {
    for (const [neutral, real] of [
      ['PROTOCOL_A', 'THORCHAIN'],
      ['PROTOCOL_B', 'CHAINFLIP'],
      ['PROTOCOL_C', 'MAYACHAIN'],
      ['AGGREGATOR_A', 'ONEINCH'],
      ['AGGREGATOR_B', 'JUPITER'],
      ['PROTOCOL_D', 'GARDEN'],
    ] as const) {
      assert.equal(providerRole(neutral), providerRole(real), `${neutral} / ${real}`);
      assert.equal(providerRole(`${neutral}_STREAMING`), providerRole(real));
      assert.ok(isKnownProvider(real) && isKnownProvider(`${real}_STREAMING`));
    }
    for (const id of PROVIDER_IDS) assert.ok(isKnownProvider(id), id);
    assert.ok(isKnownProvider('ONEINCH->CHAINFLIP'));
    assert.ok(!isKnownProvider('_X') && !isKnownProvider('') && !isKnownProvider('THORCHAIN->_X'));
  });

  it('say which names are the broker protocol and which the memo protocols', () => {
    for (const id of ['PROTOCOL_B', 'PROTOCOL_B_STREAMING', 'CHAINFLIP', 'CHAINFLIP_STREAMING'])
      assert.ok(isDepositChannelProvider(id), id);
    for (const id of ['PROTOCOL_A', 'PROTOCOL_C_STREAMING', 'THORCHAIN', 'MAYACHAIN_STREAMING']) {
      assert.equal(providerRole(id), 'memo', id);
      assert.ok(!isDepositChannelProvider(id), id);
    }
    for (const id of [
      'ONEINCH->CHAINFLIP',
      'PROTOCOL_B->AGGREGATOR_A',
      'CHAINFLIPX',
      '_STREAMING',
      'chainflip',
      '_X',
    ]) {
      assert.ok(!isDepositChannelProvider(id), id);
      assert.notEqual(providerRole(id), 'memo', id);
    }
  });

  it('label known names, streaming and multi-step forms', () => {
    assert.equal(providerLabel('PROTOCOL_A_STREAMING'), 'Protocol A (streaming)');
    assert.equal(providerLabel('THORCHAIN_STREAMING'), 'THORChain (streaming)');
    assert.equal(providerLabel('CHAINFLIP'), 'Chainflip');
    assert.equal(providerLabel('ONEINCH->CHAINFLIP'), '1inch → Chainflip');
    assert.equal(providerLabel('AGGREGATOR_A->PROTOCOL_B'), 'Aggregator A → Protocol B');
    assert.ok(isStreamingProvider('MAYACHAIN_STREAMING') && !isStreamingProvider('MAYACHAIN'));
    assert.deepEqual(providerSteps(' A -> B ->'), ['A', 'B']);
  });

  it('show an unknown name as written, and never throw (property)', () => {
    assert.equal(providerLabel('_X'), '_X');
    assert.equal(providerLabel('NEW_BRIDGE_V9'), 'NEW_BRIDGE_V9');
    assert.equal(providerLabel('_'), '_');
    assert.equal(providerLabel(''), '');
    fc.assert(
      fc.property(fc.string(), (id) => {
        const label = providerLabel(id);
        assert.equal(typeof label, 'string');
        if (!isKnownProvider(id) && !id.includes('->')) assert.equal(label, id.trim() || id);
      }),
    );
  });
});
