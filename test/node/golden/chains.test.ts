/**
 * The hand-written chain and asset-notation vectors (test/fixtures/golden/chains.ts) against
 * both sides: the widget (`src/domain/chains/chains.ts`, `asset.ts`) and the reference service
 * (`demo/server/chains.ts`, `asset.ts`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseAsset } from '../../../src/domain/chains/asset.js';
import * as widget from '../../../src/domain/chains/chains.js';
import { readAsset } from '../../../demo/server/asset.js';
import * as service from '../../../demo/server/chains.js';
import {
  EVM_CHAIN_IDS,
  NOTATION_VECTORS,
  PATH_VECTORS,
  TRACKING_CHAIN_CODES,
  pathPairs,
} from '../../fixtures/golden/chains.js';

const sides = [
  ['widget', widget],
  ['service', service],
] as const;

for (const [side, chains] of sides) {
  describe(`golden chains: the ${side}`, () => {
    test("connects exactly the spec's path table, pair by pair", () => {
      const pairs = pathPairs();
      assert.equal(pairs.length, 18 * 18);
      for (const [sell, buy, connected] of pairs)
        assert.equal(chains.chainsConnected(sell, buy), connected, `${sell} -> ${buy}`);
    });

    for (const v of PATH_VECTORS) {
      test(`${v.sell} -> ${v.buy}: ${v.connected ? 'connected' : 'not connected'} (${v.why})`, () => {
        assert.equal(chains.chainsConnected(v.sell, v.buy), v.connected);
      });
    }

    test('gives EVM chains their EIP-155 ids and no other chain one', () => {
      for (const [code, id] of Object.entries(EVM_CHAIN_IDS)) {
        const info = chains.chainInfo(code);
        assert.ok(info, code);
        assert.equal(info.evmChainId, id, code);
        assert.equal(info.kind === 'evm', id !== undefined, code);
      }
    });
  });
}

describe('golden chains: tracking', () => {
  test("the service lists the spec's tracking chain codes; the widget knows each of them", () => {
    assert.deepEqual([...service.TRACKING_CHAIN_CODES], TRACKING_CHAIN_CODES);
    for (const code of TRACKING_CHAIN_CODES) assert.ok(widget.chainInfo(code), code);
  });
});

describe('golden asset notation', () => {
  for (const v of NOTATION_VECTORS) {
    test(`${v.id} (${v.source})`, () => {
      assert.deepEqual(readAsset(v.id), v.reads, 'service');
      const w = parseAsset(v.id);
      if (!v.reads || v.widgetRefuses) {
        assert.equal(w, undefined, v.widgetRefuses ?? 'widget');
        return;
      }
      const { kind, ...parts } = v.reads;
      assert.deepEqual(w, { ...parts, synthetic: kind !== 'native' && kind !== 'token' }, 'widget');
    });
  }
});
