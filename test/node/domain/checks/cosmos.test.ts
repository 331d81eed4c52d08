/**
 * The route checks of Cosmos-SDK sells (`checkCosmos`): which protocol a send pays, decided by
 * the vault it pays (the protocols' own lists), never by the route's label. A Kujira send to
 * the vault protocol C lists there, and RUNE sold through protocol C by a THORChain `MsgSend`
 * to the vault C lists on THOR, go through (issue 30); the same routes paying a vault no list
 * holds, or calling a RUNE send protocol A's, are refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bech32 } from '@scure/base';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { checkRoute, type CheckContext, type CheckResult } from '../../../../src/domain/checks/route.js';
import type { InboundEntry, MemoProtocol } from '../../../../src/domain/checks/inbound.js';
import { toUnits } from '../../../../src/domain/amounts/amount.js';
import { buildSwapMemo } from '../../../support/memo-writer.js';
import { listedInbound } from '../../../support/inbound.js';

const NOW = 1_800_000_000_000;
const BTC_DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH_DEST = '0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const addr = (prefix: string, fill: number) => bech32.encode(prefix, bech32.toWords(new Uint8Array(20).fill(fill)));
const KUJI_USER = addr('kujira', 1);
const THOR_USER = addr('thor', 2);
const MAYA_USER = addr('maya', 3);
/** The vaults protocol C lists on Kujira and on THORChain. */
const C_KUJI_VAULT = addr('kujira', 11);
const C_THOR_VAULT = addr('thor', 12);
const LISTS: Partial<Record<MemoProtocol, InboundEntry[]>> = {
  A: [{ chain: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', halted: false }],
  C: [
    { chain: 'KUJI', address: C_KUJI_VAULT, halted: false },
    { chain: 'THOR', address: C_THOR_VAULT, halted: false },
  ],
};

interface SendCase {
  chain: 'KUJI' | 'THOR' | 'MAYA';
  providers?: string[];
  buyAsset?: string;
  /** The vault the route names and its message pays (both agree). */
  vault?: string;
  /** The protocols' lists (default: LISTS). */
  lists?: Partial<Record<MemoProtocol, InboundEntry[]>>;
  memoAsset?: string;
}

const COIN = {
  KUJI: {
    asset: 'KUJI.KUJI',
    denom: 'ukuji',
    user: KUJI_USER,
    units: 400_000_000n,
    amount: '400',
    type: 'cosmos-sdk/MsgSend',
  },
  THOR: {
    asset: 'THOR.RUNE',
    denom: 'rune',
    user: THOR_USER,
    units: 10_000_000_000n,
    amount: '100',
    type: 'thorchain/MsgSend',
  },
  MAYA: {
    asset: 'MAYA.CACAO',
    denom: 'cacao',
    user: MAYA_USER,
    units: 50_000_000_000_000n,
    amount: '5000',
    type: 'mayachain/MsgSend',
  },
} as const;

/** A send of the chain's coin to `vault` with a memo buying `buyAsset` (BTC by default), checked against `lists`. */
function send(c: SendCase): CheckResult {
  const coin = COIN[c.chain];
  const buyAsset = c.buyAsset ?? 'BTC.BTC';
  const destination = buyAsset === 'BTC.BTC' ? BTC_DEST : ETH_DEST;
  const vault = c.vault ?? (c.chain === 'KUJI' ? C_KUJI_VAULT : C_THOR_VAULT);
  const memo = buildSwapMemo({ asset: c.memoAsset ?? buyAsset, destination, limit: toUnits('0.99', 8) });
  const request: QuoteRequest = {
    sellAsset: coin.asset,
    buyAsset,
    sellAmount: coin.amount,
    slippage: 1,
    sourceAddress: coin.user,
    destinationAddress: destination,
  };
  const route = z.parse(Route, {
    providers: c.providers ?? ['PROTOCOL_C'],
    sellAsset: coin.asset,
    buyAsset,
    sellAmount: coin.amount,
    expectedBuyAmount: '1',
    expectedBuyAmountMaxSlippage: '0.99',
    inboundAddress: vault,
    memo,
    expiration: String(NOW / 1000 + 600),
    tx: {
      msgs: [
        {
          type: coin.type,
          value: {
            from_address: coin.user,
            to_address: vault,
            amount: [{ denom: coin.denom, amount: String(coin.units) }],
          },
        },
      ],
      fee:
        c.chain === 'KUJI'
          ? { amount: [{ denom: 'ukuji', amount: '5000' }], gas: '200000' }
          : { amount: [], gas: '4000000' },
      memo,
    },
  });
  const ctx: CheckContext = {
    request,
    decimals: () => undefined,
    affiliate: { bps: 0 },
    inbound: listedInbound(c.lists ?? LISTS),
    now: NOW,
  };
  return checkRoute(route, ctx);
}
const outcome = (r: CheckResult) => (r.ok ? 'ok' : r.refusal.code);

describe('a Kujira send to the inbound address', () => {
  it('the vault protocol C lists on KUJI: planned as a send to it, read by C, offered by hand too', () => {
    const r = send({ chain: 'KUJI' });
    assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
    assert.equal(r.plan.kind, 'cosmos');
    if (r.plan.kind !== 'cosmos') return;
    assert.equal(r.plan.protocol, 'C');
    assert.deepEqual(r.plan.to, { address: C_KUJI_VAULT, role: 'vault', name: 'Maya Protocol' });
    assert.equal(r.plan.memo?.address, C_KUJI_VAULT);
  });

  it("a memo naming the bought token in full (protocol C's memo, `=:ETH.USDC-0XA0B8…`), in either case", () => {
    assert.equal(outcome(send({ chain: 'KUJI', buyAsset: USDC })), 'ok');
    assert.equal(outcome(send({ chain: 'KUJI', buyAsset: USDC, memoAsset: USDC.toUpperCase() })), 'ok');
  });

  it('tampered: another Kujira address as the vault, the message agreeing, is refused', () => {
    assert.equal(outcome(send({ chain: 'KUJI', vault: addr('kujira', 99) })), 'inbound-vault-unlisted');
  });
});

describe('RUNE sold through protocol C: a THORChain send to the vault C lists on THOR', () => {
  it('is planned as a send to that vault, read by C, under any name of C or none the widget knows', () => {
    for (const providers of [['PROTOCOL_C'], ['MAYACHAIN'], ['SOME_NEW_BRIDGE']]) {
      const r = send({ chain: 'THOR', providers });
      assert.ok(r.ok, `${providers[0]}: ${JSON.stringify(!r.ok && r.refusal)}`);
      if (r.plan.kind !== 'cosmos') return assert.fail(r.plan.kind);
      assert.equal(r.plan.protocol, 'C');
      assert.equal(r.plan.to.address, C_THOR_VAULT);
    }
  });

  it('tampered: a vault no list holds on THOR is refused', () => {
    assert.equal(outcome(send({ chain: 'THOR', vault: addr('thor', 99) })), 'inbound-vault-unlisted');
  });

  it("tampered: a RUNE send called protocol A's, or paying a vault protocol A's list puts on THOR, is a deposit naming an address", () => {
    assert.equal(outcome(send({ chain: 'THOR', providers: ['PROTOCOL_A'] })), 'deposit-with-inbound');
    const lying = { ...LISTS, A: [{ chain: 'THOR', address: addr('thor', 77), halted: false }] };
    assert.equal(
      outcome(send({ chain: 'THOR', providers: ['SOME_NEW_BRIDGE'], vault: addr('thor', 77), lists: lying })),
      'deposit-with-inbound',
    );
  });

  it('CACAO is only ever deposited: a MAYA route naming an inbound address is refused, whatever lists it', () => {
    const lists = { ...LISTS, A: [{ chain: 'MAYA', address: addr('maya', 12), halted: false }] };
    assert.equal(outcome(send({ chain: 'MAYA', vault: addr('maya', 12), lists })), 'deposit-with-inbound');
  });
});
