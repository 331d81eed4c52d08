/**
 * checkCosmosTx: honest deposits and sends of every chain pass (built here by hand, in the
 * amino JSON xchainjs and SwapKit sign), anything else is refused without a throw, and each
 * rule has a tampered case (test/support/tamper-families.ts) beside an honest twin.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { bech32 } from '@scure/base';
import {
  checkCosmosTx,
  COSMOS_CHAINS,
  type CosmosExpectation,
  type CosmosRefusalCode,
} from '../../../../src/domain/checks/cosmos-msgs.js';
import { FAMILY_TAMPERS, FAMILY_TWINS, otherBech32, type TamperRoute } from '../../../support/tamper-families.js';
import type { Json } from '../../../support/hostile-cases.js';

const MEMO = '=:BTC.BTC:bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3:12345678:ab:10';

const bytes20 = fc.uint8Array({ minLength: 20, maxLength: 20 });
const addr = (prefix: string, b: Uint8Array) => bech32.encode(prefix, bech32.toWords(b));

interface Honest {
  route: TamperRoute;
  expect: CosmosExpectation;
}

/** An honest route of `chain`: a deposit (no vault) or a send to `vault`, as the reference service writes it. */
function honest(
  chain: 'THOR' | 'MAYA' | 'GAIA' | 'KUJI',
  from: Uint8Array,
  amount: bigint,
  memo: string,
  vault?: Uint8Array,
): Honest {
  const rule = COSMOS_CHAINS[chain]!;
  const source = addr(rule.prefix, from);
  const inbound = vault ? addr(rule.prefix, vault) : undefined;
  const module = chain === 'THOR' ? 'thorchain' : 'mayachain';
  const tx = inbound
    ? {
        msgs: [
          {
            type: chain === 'THOR' ? 'thorchain/MsgSend' : 'cosmos-sdk/MsgSend',
            value: {
              from_address: source,
              to_address: inbound,
              amount: [{ denom: rule.denom, amount: String(amount) }],
            },
          },
        ],
        fee: rule.fee
          ? { amount: [{ denom: rule.fee.denom, amount: '5000' }], gas: '200000' }
          : { amount: [], gas: '4000000' },
        memo,
      }
    : {
        msgs: [
          {
            type: `${module}/MsgDeposit`,
            value: { coins: [{ asset: rule.asset, amount: String(amount) }], memo, signer: source },
          },
        ],
        fee: { amount: [], gas: '500000000' },
        memo,
      };
  return {
    route: { sellAsset: rule.asset, sourceAddress: source, memo, tx, ...(inbound ? { inboundAddress: inbound } : {}) },
    expect: {
      sellChain: chain,
      sourceAddress: source,
      sellAsset: rule.asset,
      sellAmount: amount,
      checkedMemo: memo,
      ...(inbound ? { inboundAddress: inbound } : {}),
    },
  };
}

const expectOf = (r: TamperRoute, base: CosmosExpectation): CosmosExpectation => {
  const { inboundAddress: _, ...rest } = base;
  return { ...rest, ...(r.inboundAddress ? { inboundAddress: r.inboundAddress } : {}) };
};
const refusal = (tx: unknown, e: CosmosExpectation): CosmosRefusalCode | undefined => {
  const r = checkCosmosTx(tx, e);
  return r.ok ? undefined : r.refusal.code;
};

const honestArb = fc
  .record({
    chain: fc.constantFrom('THOR' as const, 'MAYA' as const, 'GAIA' as const, 'KUJI' as const),
    from: bytes20,
    vault: bytes20,
    send: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 10n ** 30n }),
    memo: fc.string({ maxLength: 80 }),
  })
  .map((h) => {
    // MAYA only deposits (CACAO); GAIA and KUJI only send; THOR both (RUNE to protocol A, RUNE to Maya's vault).
    const send = h.chain === 'MAYA' ? false : h.chain === 'THOR' ? h.send : true;
    return honest(h.chain, h.from, h.amount, h.memo, send ? h.vault : undefined);
  });

describe('honest messages pass', () => {
  test('any deposit or send of THOR, MAYA, GAIA, KUJI, any amount and memo', () => {
    fc.assert(
      fc.property(honestArb, ({ route, expect }) => {
        const r = checkCosmosTx(route.tx, expect);
        assert.ok(r.ok, r.ok ? '' : JSON.stringify(r.refusal));
        assert.equal(r.amount, expect.sellAmount);
        assert.equal(r.kind, expect.inboundAddress ? 'send' : 'deposit');
        assert.equal(r.memo, expect.checkedMemo);
      }),
      { numRuns: 300 },
    );
  });

  test('the proto type names and a parsed route (absent fields as undefined or null) pass too', () => {
    const d = honest('THOR', new Uint8Array(20).fill(1), 10n ** 8n, MEMO);
    const tx = structuredClone(d.route.tx) as { msgs: { type: string; value: Record<string, unknown> }[] };
    tx.msgs[0]!.type = '/types.MsgDeposit';
    tx.msgs[0]!.value.from_address = undefined;
    assert.equal(refusal(tx, d.expect), undefined);
    const s = honest('GAIA', new Uint8Array(20).fill(2), 150_500_000n, MEMO, new Uint8Array(20).fill(3));
    const stx = structuredClone(s.route.tx) as typeof tx;
    stx.msgs[0]!.type = '/cosmos.bank.v1beta1.MsgSend';
    stx.msgs[0]!.value.memo = null;
    assert.equal(refusal(stx, s.expect), undefined);
  });

  test('CACAO moves in 1e10 units: 1 CACAO is 10 000 000 000', () => {
    const d = honest('MAYA', new Uint8Array(20).fill(4), 10_000_000_000n, MEMO);
    assert.equal(refusal(d.route.tx, d.expect), undefined);
    assert.equal(refusal(d.route.tx, { ...d.expect, sellAmount: 100_000_000n }), 'cosmos-amount');
  });
});

describe('anything else is refused, never thrown', () => {
  const { expect } = honest('GAIA', new Uint8Array(20).fill(1), 5n, MEMO, new Uint8Array(20).fill(2));
  test('any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        assert.equal(checkCosmosTx(v, expect).ok, false);
      }),
      { numRuns: 500 },
    );
  });
  test('random messages in the right envelope', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ type: fc.string(), value: fc.dictionary(fc.string(), fc.jsonValue()) }), { maxLength: 3 }),
        (msgs) => {
          assert.equal(checkCosmosTx({ msgs, fee: { amount: [], gas: '1' }, memo: MEMO }, expect).ok, false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the request', () => {
  const d = honest('THOR', new Uint8Array(20).fill(5), 100n, MEMO);
  test('the sell chain and asset', () => {
    assert.equal(refusal(d.route.tx, d.expect), undefined);
    assert.equal(refusal(d.route.tx, { ...d.expect, sellChain: 'ETH' }), 'cosmos-chain');
    assert.equal(refusal(d.route.tx, { ...d.expect, sellChain: 'MAYA' }), 'cosmos-chain');
    assert.equal(refusal(d.route.tx, { ...d.expect, sellAsset: 'THOR.TCY' }), 'cosmos-chain');
  });
  test('the source address must be of the chain', () => {
    const maya = bech32.encode('maya', bech32.decode(d.expect.sourceAddress as `${string}1${string}`).words);
    assert.equal(refusal(d.route.tx, { ...d.expect, sourceAddress: maya }), 'cosmos-signer');
  });
  test('the memo must be the checked one', () => {
    assert.equal(refusal(d.route.tx, { ...d.expect, checkedMemo: `${MEMO}x` }), 'cosmos-memo');
  });
  test('an upper-case address is the same address; mixed case is not an address', () => {
    const tx = structuredClone(d.route.tx) as { msgs: { value: Record<string, unknown> }[] };
    tx.msgs[0]!.value.signer = d.expect.sourceAddress.toUpperCase();
    assert.equal(refusal(tx, d.expect), undefined);
    tx.msgs[0]!.value.signer = d.expect.sourceAddress.replace(/^thor/, 'THOR');
    assert.equal(refusal(tx, d.expect), 'cosmos-signer');
  });
});

describe('each rule: a tampered message is refused with its code, its honest twin passes', () => {
  const kinds = [
    { name: 'THOR deposit', h: honest('THOR', new Uint8Array(20).fill(7), 100_00000000n, MEMO) },
    { name: 'MAYA deposit', h: honest('MAYA', new Uint8Array(20).fill(8), 5_000n * 10n ** 10n, MEMO) },
    {
      name: 'THOR send to a Maya vault',
      h: honest('THOR', new Uint8Array(20).fill(9), 100_00000000n, MEMO, new Uint8Array(20).fill(10)),
    },
    {
      name: 'GAIA send',
      h: honest('GAIA', new Uint8Array(20).fill(11), 150_500_000n, MEMO, new Uint8Array(20).fill(12)),
    },
    {
      name: 'KUJI send',
      h: honest('KUJI', new Uint8Array(20).fill(13), 400_000_000n, MEMO, new Uint8Array(20).fill(14)),
    },
  ];
  for (const t of FAMILY_TAMPERS.filter((x) => x.family === 'cosmos')) {
    test(t.name, () => {
      let applied = 0;
      for (const k of kinds) {
        if (!t.appliesTo(k.h.route)) continue;
        applied++;
        assert.equal(refusal(k.h.route.tx, k.h.expect), undefined, `${k.name}: the honest twin`);
        const tampered = t.tamper(k.h.route);
        assert.equal(refusal(tampered.tx, expectOf(tampered, k.h.expect)), t.code, k.name);
      }
      assert.ok(applied > 0, 'applies to some honest kind');
    });
  }

  for (const t of FAMILY_TWINS.filter((x) => x.family === 'cosmos')) {
    test(`honest twin: ${t.name}`, () => {
      let applied = 0;
      for (const k of kinds) {
        if (!t.appliesTo(k.h.route)) continue;
        applied++;
        const twin = t.tamper(k.h.route);
        assert.equal(refusal(twin.tx, expectOf(twin, k.h.expect)), undefined, k.name);
      }
      assert.ok(applied > 0, 'applies to some honest kind');
    });
  }

  test('a deposit coin: its decimals the chain own, nothing else; every key named when refused', () => {
    for (const [k, chainDecimals] of [
      [kinds[0]!, 8],
      [kinds[1]!, 10],
    ] as const) {
      const at = (decimals: unknown) => {
        const tx = structuredClone(k.h.route.tx) as { msgs: { value: { coins: Record<string, unknown>[] } }[] };
        tx.msgs[0]!.value.coins[0]!.decimals = decimals;
        return checkCosmosTx(tx, k.h.expect);
      };
      assert.equal(at(chainDecimals).ok, true, `${k.name}: ${chainDecimals}`);
      for (const bad of [
        chainDecimals - 1,
        chainDecimals + 1,
        0,
        -1,
        2 ** 64,
        1e300,
        Number.NaN,
        8.5,
        String(chainDecimals),
        true,
      ]) {
        const r = at(bad);
        assert.deepEqual(
          r.ok ? 'accepted' : r.refusal,
          { code: 'cosmos-shape', params: { field: 'coins.decimals' } },
          `${k.name}: ${String(bad)}`,
        );
      }
    }
    const named = (edit: (tx: Json) => void, h = kinds[3]!.h) => {
      const tx = structuredClone(h.route.tx) as Json;
      edit(tx);
      const r = checkCosmosTx(tx, h.expect);
      return r.ok ? 'accepted' : `${r.refusal.code} ${r.refusal.params?.field}`;
    };
    assert.equal(
      named((tx) => void (tx.msgs[0].value.funds = [])),
      'cosmos-shape value.funds',
    );
    assert.equal(
      named((tx) => void (tx.msgs[0].value.amount[0].asset = 'x')),
      'cosmos-shape amount.asset',
    );
    assert.equal(
      named((tx) => void (tx.msgs[0].extra = 1)),
      'cosmos-shape msgs.extra',
    );
    assert.equal(
      named((tx) => void (tx.fee.payer = 'x')),
      'cosmos-shape fee.payer',
    );
    assert.equal(
      named((tx) => void (tx.fee.amount[0].granter = 'x')),
      'cosmos-shape fee.amount.granter',
    );
    assert.equal(
      named((tx) => void (tx.msgs[0].typeUrl = '/types.MsgDeposit')),
      'cosmos-shape msgs.typeUrl',
    );
    assert.equal(
      named((tx) => void (tx.msgs[0].value.coins[0].memo = 'x'), kinds[0]!.h),
      'cosmos-shape coins.memo',
    );
    // The gas at the widest number the protobuf writer encodes, and one over.
    assert.equal(
      named((tx) => void (tx.fee.gas = String(2n ** 64n - 1n))),
      'accepted',
    );
    assert.equal(
      named((tx) => void (tx.fee.gas = String(2n ** 64n))),
      'cosmos-shape fee.gas',
    );
  });

  test('fees at and over the cap', () => {
    const g = kinds[3]!.h;
    const at = (amount: string) => {
      const tx = structuredClone(g.route.tx) as { fee: { amount: { denom: string; amount: string }[] } };
      tx.fee.amount[0]!.amount = amount;
      return refusal(tx, g.expect);
    };
    assert.equal(at('100000'), undefined);
    assert.equal(at('100001'), 'cosmos-fee');
    assert.equal(at('00100'), 'cosmos-fee');
  });

  test('an amount written with a sign, a decimal point or a leading zero', () => {
    for (const bad of ['+10000000000', '100000000.0', '010000000000', '1e10']) {
      const tx = structuredClone(kinds[0]!.h.route.tx) as { msgs: { value: { coins: { amount: string }[] } }[] };
      tx.msgs[0]!.value.coins[0]!.amount = bad;
      assert.equal(refusal(tx, kinds[0]!.h.expect), 'cosmos-amount', bad);
    }
  });

  test('a recipient of another chain with the same bytes', () => {
    const g = kinds[3]!.h;
    const tx = structuredClone(g.route.tx) as { msgs: { value: Record<string, unknown> }[] };
    tx.msgs[0]!.value.to_address = bech32.encode(
      'osmo',
      bech32.decode(g.expect.inboundAddress as `${string}1${string}`).words,
    );
    assert.equal(refusal(tx, g.expect), 'cosmos-recipient');
    assert.notEqual(otherBech32(g.expect.inboundAddress!), g.expect.inboundAddress);
  });
});

describe('every limit of the message form, one unit each side', () => {
  const from = new Uint8Array(20).fill(6);
  const vault = new Uint8Array(20).fill(7);
  type Tx = {
    msgs: { type: string; value: Record<string, unknown> }[];
    fee: { amount: { denom: string; amount: string }[]; gas: string };
    memo: string;
  };
  const edited = (h: Honest, edit: (tx: Tx) => void) => {
    const tx = structuredClone(h.route.tx) as Tx;
    edit(tx);
    return refusal(tx, h.expect);
  };

  test('the fee on the Cosmos Hub and Kujira: 100 000 micro-units pass, 100 001 do not, in the chain’s denomination only', () => {
    for (const chain of ['GAIA', 'KUJI'] as const) {
      const h = honest(chain, from, 150_500_000n, MEMO, vault);
      const denom = COSMOS_CHAINS[chain]!.fee!.denom;
      assert.equal(refusal(h.route.tx, h.expect), undefined, `${chain}: the honest fee`);
      assert.equal(
        edited(h, (tx) => void (tx.fee.amount = [{ denom, amount: '100000' }])),
        undefined,
        `${chain}: at the cap`,
      );
      assert.equal(
        edited(h, (tx) => void (tx.fee.amount = [{ denom, amount: '100001' }])),
        'cosmos-fee',
        `${chain}: one over`,
      );
      assert.equal(
        edited(h, (tx) => void (tx.fee.amount = [])),
        undefined,
        `${chain}: no fee`,
      );
      assert.equal(COSMOS_CHAINS[chain]!.fee!.cap, 100_000n);
    }
  });

  test('the gas fits the uint64 it is written as: 2^64 − 1 passes, 2^64 does not', () => {
    for (const h of [honest('GAIA', from, 5n, MEMO, vault), honest('THOR', from, 5n, MEMO)]) {
      assert.equal(
        edited(h, (tx) => void (tx.fee.gas = String(2n ** 64n - 1n))),
        undefined,
      );
      assert.equal(
        edited(h, (tx) => void (tx.fee.gas = String(2n ** 64n))),
        'cosmos-shape',
      );
    }
  });

  test('the amount is the sell amount exactly: one base unit more or less is refused, on every chain', () => {
    for (const h of [
      honest('THOR', from, 10n ** 8n, MEMO),
      honest('MAYA', from, 10n ** 10n, MEMO),
      honest('GAIA', from, 150_500_000n, MEMO, vault),
      honest('KUJI', from, 400_000_000n, MEMO, vault),
      honest('THOR', from, 10n ** 8n, MEMO, vault),
    ]) {
      const amount = h.expect.sellAmount;
      const coin = (tx: Tx) => ((tx.msgs[0]!.value.coins ?? tx.msgs[0]!.value.amount) as { amount: string }[])[0]!;
      assert.equal(refusal(h.route.tx, h.expect), undefined, h.expect.sellChain);
      assert.equal(
        edited(h, (tx) => void (coin(tx).amount = String(amount + 1n))),
        'cosmos-amount',
        h.expect.sellChain,
      );
      assert.equal(
        edited(h, (tx) => void (coin(tx).amount = String(amount - 1n))),
        'cosmos-amount',
        h.expect.sellChain,
      );
    }
  });

  test("a deposit coin's decimals, when written, are its chain's: 8 on THOR (not 7 or 9), 10 on MAYA (not 9 or 11)", () => {
    for (const [chain, decimals] of [
      ['THOR', 8],
      ['MAYA', 10],
    ] as const) {
      const h = honest(chain, from, 10n ** 10n, MEMO);
      const set = (d: number) =>
        edited(h, (tx) => void ((tx.msgs[0]!.value.coins as Record<string, unknown>[])[0]!.decimals = d));
      assert.equal(set(decimals), undefined, chain);
      assert.equal(set(decimals - 1), 'cosmos-shape', chain);
      assert.equal(set(decimals + 1), 'cosmos-shape', chain);
    }
  });
});
