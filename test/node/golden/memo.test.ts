/**
 * The hand-written memo vectors (test/fixtures/golden/memos.ts) against both sides: the
 * widget's reader (`src/domain/chains/memo.ts`, limits in 1e8 units by `toUnits`) and the reference
 * service's reader and writer (`demo/server/memo.ts`); the tests' own writer
 * (`test/support/memo-writer.ts`) writes the vectors too, so the memos tests build are the
 * protocol's. Where the widget departs from the protocol on purpose, the vector
 * says so and the test checks the departure; a gap is a `todo` test that runs and reports.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toUnits } from '../../../src/domain/amounts/amount.js';
import {
  matchMemoAsset,
  NO_SHORT_ASSETS,
  parseSwapMemo,
  SHORT_ASSETS,
  type SwapMemo,
} from '../../../src/domain/chains/memo.js';
import { chainInfo as widgetChain } from '../../../src/domain/chains/chains.js';
import { chainInfo as serviceChain } from '../../../demo/server/chains.js';
import {
  abbreviatedToken,
  limitE8,
  memoAssetForms,
  readSwapMemo,
  SHORT_CODES,
  shortCodeFor,
  writeSwapMemo,
  type ReadSwap,
} from '../../../demo/server/memo.js';
import {
  ABBREVIATION_VECTORS,
  LIMIT_VECTORS,
  MEMO_LIMIT_VECTORS,
  MEMO_VECTORS,
  SHORT_CODE_VECTORS,
  WRITE_VECTORS,
  type MemoReads,
  type MemoVector,
} from '../../fixtures/golden/memos.js';
import { buildSwapMemo } from '../../support/memo-writer.js';

/** The widget's reading in the vectors' terms. */
function fromWidget(m: SwapMemo): MemoReads {
  return {
    asset: m.asset,
    destination: m.destination,
    ...(m.refundAddress !== undefined ? { refund: m.refundAddress } : {}),
    limit: m.limit,
    ...(m.interval !== undefined ? { streaming: { interval: m.interval, quantity: m.quantity ?? 0 } } : {}),
    affiliates: [...m.affiliates],
    fees: [...m.feesBps],
  };
}

/** The service's reading in the vectors' terms. */
function fromService(m: ReadSwap): MemoReads {
  return {
    asset: m.asset,
    destination: m.destination,
    ...(m.refund !== undefined ? { refund: m.refund } : {}),
    limit: m.limitE8,
    ...(m.streaming ? { streaming: { interval: m.interval, quantity: m.quantity } } : {}),
    affiliates: [...m.affiliates],
    fees: [...m.feesBps],
  };
}

const label = (v: MemoVector) => `${v.memo} (${v.source})`;
/** The widget reads a memo with the short codes of its protocol: protocol A's, or none. */
const widgetRead = (v: MemoVector) =>
  parseSwapMemo(v.memo, v.protocol === 'PROTOCOL_A' ? SHORT_ASSETS : NO_SHORT_ASSETS);
const isGap = (v: MemoVector) => !!v.widget && 'gap' in v.widget;

describe('golden memos: the widget reads them as the protocol does', () => {
  for (const v of MEMO_VECTORS.filter((x) => !isGap(x))) {
    test(label(v), () => {
      const r = widgetRead(v);
      if ('refused' in v.reads) {
        if (v.widget && 'lenient' in v.widget) assert.ok(r.ok, `read leniently: ${v.widget.lenient}`);
        else assert.equal(r.ok, false, 'the protocol refuses it, so must the widget');
        return;
      }
      if (v.widget && 'refuses' in v.widget) {
        assert.equal(r.ok, false, `stricter on purpose: ${v.widget.refuses}`);
        return;
      }
      assert.ok(r.ok, r.ok ? '' : r.problem);
      assert.deepEqual(fromWidget(r.memo), v.reads);
    });
  }
  for (const v of MEMO_VECTORS.filter(isGap)) {
    test(label(v), { todo: (v.widget as { gap: string }).gap }, () => {
      const r = widgetRead(v);
      assert.ok(r.ok && !('refused' in v.reads));
      assert.deepEqual(fromWidget(r.memo), v.reads);
    });
  }
});

describe('golden memos: the service reads them as the protocol does', () => {
  for (const v of MEMO_VECTORS) {
    test(label(v), () => {
      const r = readSwapMemo(v.protocol, v.memo);
      if ('refused' in v.reads) {
        assert.ok('refused' in r, `the protocol refuses it (${v.reads.refused})`);
        return;
      }
      assert.ok('swap' in r, 'refused' in r ? r.refused : '');
      assert.deepEqual(fromService(r.swap), v.reads);
    });
  }
});

describe("golden memos: the service's writer and the tests' write them", () => {
  for (const v of WRITE_VECTORS) {
    test(`${v.memo} (${v.source})`, () => {
      const tests = buildSwapMemo({
        asset: v.asset,
        destination: v.destination,
        limit: v.limit,
        ...(v.streaming ? { interval: v.streaming.interval, quantity: v.streaming.quantity } : {}),
        ...(v.affiliate ? { affiliate: v.affiliate.name, feeBps: v.affiliate.bps } : {}),
      });
      assert.equal(tests, v.memo, 'tests');
      const service = writeSwapMemo({
        asset: v.asset,
        destination: v.destination,
        limitE8: v.limit,
        ...(v.streaming ? { streaming: v.streaming } : {}),
        ...(v.affiliate ? { affiliate: v.affiliate } : {}),
      });
      assert.equal(service, v.memo, 'service');
    });
  }
});

describe('golden limits: decimal amounts in 1e8 units', () => {
  for (const v of LIMIT_VECTORS) {
    test(`${v.amount} -> ${v.e8} (${v.source})`, () => {
      assert.equal(toUnits(v.amount, 8), v.e8, 'widget');
      assert.equal(limitE8(v.amount), v.e8, 'service');
    });
  }
});

describe('golden short codes', () => {
  const A = SHORT_CODE_VECTORS.PROTOCOL_A;

  test("the widget expands protocol A's codes, and knows no others", () => {
    for (const [code, asset] of Object.entries(A)) {
      const r = parseSwapMemo(`=:${code}:addr`, SHORT_ASSETS);
      assert.ok(r.ok, code);
      assert.equal(r.memo.asset, asset, code);
    }
    assert.deepEqual(Object.keys(SHORT_ASSETS).sort(), Object.keys(A).sort());
  });

  test("the widget never reads protocol C's codes as another asset: it refuses them", () => {
    for (const code of Object.keys(SHORT_CODE_VECTORS.PROTOCOL_C)) {
      const r = parseSwapMemo(`=:${code}:addr`, NO_SHORT_ASSETS);
      assert.equal(r.ok, false, code);
      assert.equal(!r.ok && r.problem, 'unknown-short-asset', code);
    }
    // Nor names of Object.prototype's members, in either table.
    for (const code of ['constructor', '__proto__', 'toString']) {
      assert.equal(parseSwapMemo(`=:${code}:addr`, SHORT_ASSETS).ok, false, code);
      assert.equal(parseSwapMemo(`=:${code}:addr`, NO_SHORT_ASSETS).ok, false, code);
    }
  });

  for (const protocol of ['PROTOCOL_A', 'PROTOCOL_C'] as const) {
    test(`the service reads and writes ${protocol}'s codes`, () => {
      for (const [code, asset] of Object.entries(SHORT_CODE_VECTORS[protocol])) {
        assert.equal(SHORT_CODES[protocol].get(code), asset, code);
        // The code the service writes for the asset is one the protocol reads as that asset.
        const written = shortCodeFor(protocol, asset)!;
        assert.equal(
          SHORT_CODE_VECTORS[protocol][written] ?? SHORT_CODES[protocol].get(written),
          asset,
          `${asset} written as ${written}`,
        );
        assert.ok(written.length <= code.length, `${asset}: the shortest code`);
      }
    });
  }

  test("the service knows exactly protocol A's codes", () => {
    assert.deepEqual([...SHORT_CODES.PROTOCOL_A.keys()].sort(), Object.keys(A).sort());
  });
});

describe('golden abbreviations of tokens', () => {
  for (const v of ABBREVIATION_VECTORS) {
    test(`${v.memoAsset} ${v.names ? 'names' : 'does not name'} ${v.asset}${v.known ? ` among ${v.known.length} known` : ''} (${v.source})`, () => {
      const want = !v.names ? { ok: false } : v.ambiguousWith ? { ok: false, other: v.ambiguousWith } : { ok: true };
      assert.deepEqual(matchMemoAsset(v.memoAsset, v.asset, v.known), want);
    });
  }

  test('the service shortens a token only to a form that names it for the widget too', () => {
    const usdt = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
    assert.equal(abbreviatedToken(usdt), 'ETH.USDT-31EC7');
    const accepted = new Set(
      ABBREVIATION_VECTORS.filter((v) => v.asset === usdt && v.names && !v.ambiguousWith).map((v) => v.memoAsset),
    );
    for (const form of memoAssetForms('PROTOCOL_A', usdt).slice(1)) assert.ok(accepted.has(form), form);
    assert.deepEqual(memoAssetForms('PROTOCOL_A', 'BTC.BTC'), ['BTC.BTC', 'b']);
    assert.deepEqual(memoAssetForms('PROTOCOL_C', 'ARB.ETH'), ['ARB.ETH', 'a']);
  });
});

describe('golden memo limits by sell chain', () => {
  test('the service keeps within them', () => {
    for (const [chain, limit] of Object.entries(MEMO_LIMIT_VECTORS))
      assert.equal(serviceChain(chain)?.memoLimit, limit, chain);
  });

  test('the widget keeps within them', () => {
    for (const [chain, limit] of Object.entries(MEMO_LIMIT_VECTORS))
      assert.ok((widgetChain(chain)?.memoLimit ?? Infinity) <= limit, `${chain}: ${widgetChain(chain)?.memoLimit}`);
  });

  test('the widget refuses more than 80 bytes on UTXO chains', () => {
    for (const [chain, limit] of Object.entries(MEMO_LIMIT_VECTORS))
      if (limit === 80) assert.equal(widgetChain(chain)?.memoLimit, 80, chain);
  });
});
