import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, maxUint256, toFunctionSelector } from 'viem';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { fromUnits, toUnits } from '../../../../src/domain/amounts/amount.js';
import { ONEINCH_V6_ROUTER } from '../../../../src/domain/chains/contracts.js';
import {
  ONEINCH_V6_ABI,
  ROUTER_ABI,
  approveData,
  decodeOneInchSwap,
  decodeRouterDeposit,
  encodeOneInchSwap,
  encodeRouterDeposit,
} from '../../../../src/domain/chains/evm.js';
import { buildSwapMemo } from '../../../support/memo-writer.js';
import type { RefusalCode } from '../../../../src/domain/checks/refusals.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import { listedInbound, unverifiedInbound } from '../../../support/inbound.js';
import { BROKER_VAULTS } from '../../../../src/domain/chains/contracts.js';

/** Protocol B's Solana Vault program (chainflip-io/chainflip-docs @ d36f2796, mainnet-addresses.mdx). */
const BROKER_SOLANA_VAULT = 'AusZPVXPoUM8QJJ2SL4KwvRGCQ22cDg6Y4rg7EvFrxi7';
import { TrustedDecimals } from '../../../../src/domain/checks/decimals.js';
import {
  CHANNEL_HANDOUT_SECONDS,
  MAX_HANDOUT_SECONDS,
  MAX_ROUTER_EXPIRY_SECONDS,
  MEMO_HANDOUT_SECONDS,
  checkDepositChannel,
} from '../../../../src/domain/checks/route.js';
import { solanaSwapTx } from '../../../../demo/server/solana-tx.js';

const NOW = 1_800_000_000_000;
const ETH_DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const ETH_SRC = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const BTC_DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
/** A memo protocol's router and vaults, as its node lists them for these tests. */
const ROUTER = '0x3624525075b88B24ecc29CE226b0CEc1fFcB6976';
const BTC_VAULT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_VAULT = '0x9d5c3ccba9e4d1b0e5c4c7de6fb3a1b0a58e5a11';
const SPENDER = ONEINCH_V6_ROUTER;
const inbound = listedInbound({
  A: [
    { chain: 'BTC', address: BTC_VAULT, halted: false },
    { chain: 'ETH', address: ETH_VAULT, router: ROUTER, halted: false },
  ],
});

const parseRoute = (raw: unknown) => z.parse(Route, raw);

/** The trusted decimals of these tests' tokens (the widget's table has both). */
const TRUSTED: Record<string, number> = { [USDC.toUpperCase()]: 6, [USDT.toUpperCase()]: 6 };
const decimals = (asset: string) => TRUSTED[asset.toUpperCase()];
const context = (request: QuoteRequest, affiliate: CheckContext['affiliate'] = { bps: 0 }): CheckContext => ({
  request,
  decimals,
  affiliate,
  inbound,
  now: NOW,
});

/** A 1inch v6 `swap` selling `amount` of `src` for at least `min` of `dst`, paid to `receiver`. */
function oneInchSwap(src: string, dst: string, amount: bigint, min: bigint, receiver: string): string {
  return encodeFunctionData({
    abi: ONEINCH_V6_ABI,
    functionName: 'swap',
    args: [
      '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
      {
        srcToken: src as `0x${string}`,
        dstToken: dst as `0x${string}`,
        srcReceiver: '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
        dstReceiver: receiver as `0x${string}`,
        amount,
        minReturnAmount: min,
        flags: 0n,
      },
      '0x',
    ],
  });
}
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

function memoCase(over: { memo?: string; expiration?: string; maxSlip?: string } = {}) {
  const request: QuoteRequest = {
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.5',
    slippage: 1,
    destinationAddress: ETH_DEST,
    affiliate: 'sw',
    affiliateFee: 30,
  };
  const expected = '14.123456789';
  const maxSlip = over.maxSlip ?? '13.98222222111';
  const memo =
    over.memo ??
    buildSwapMemo({ asset: 'ETH.ETH', destination: ETH_DEST, limit: toUnits(maxSlip, 8), affiliate: 'sw', feeBps: 30 });
  const route = parseRoute({
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.5',
    expectedBuyAmount: expected,
    expectedBuyAmountMaxSlippage: maxSlip,
    destinationAddress: ETH_DEST,
    inboundAddress: BTC_VAULT,
    memo,
    expiration: over.expiration ?? String(Math.floor(NOW / 1000) + 600),
    fees: [],
  });
  const ctx = context(request, { name: 'sw', bps: 30 });
  return { route, ctx };
}

function evmCase(
  over: {
    sellAsset?: string;
    value?: string;
    from?: string;
    chain_id?: number;
    data?: string;
    to?: string;
    approvalAddress?: string | null;
  } = {},
) {
  const sellAsset = over.sellAsset ?? USDC;
  const native = sellAsset === 'ETH.ETH';
  const request: QuoteRequest = {
    sellAsset,
    buyAsset: native ? USDC : 'ETH.ETH',
    sellAmount: '1234.5',
    slippage: 0.5,
    sourceAddress: ETH_SRC,
    destinationAddress: ETH_SRC,
    includeTx: true,
  };
  const sellUnits = native ? 1_234_500_000_000_000_000_000n : 1_234_500_000n;
  const token = (asset: string) => (asset === 'ETH.ETH' ? NATIVE : asset.split('-')[1]!);
  const minimum = native ? 358_200n : 358_200_000_000_000_000n;
  const route = parseRoute({
    providers: ['AGGREGATOR_A'],
    sellAsset,
    buyAsset: request.buyAsset,
    sellAmount: '1234.5',
    expectedBuyAmount: '0.36',
    expectedBuyAmountMaxSlippage: '0.3582',
    sourceAddress: ETH_SRC,
    destinationAddress: ETH_SRC,
    expiration: String(Math.floor(NOW / 1000) + 600),
    tx: {
      to: over.to ?? ONEINCH_V6_ROUTER,
      from: over.from ?? ETH_SRC,
      value: over.value ?? (native ? sellUnits.toString() : '0'),
      data: over.data ?? oneInchSwap(token(sellAsset), token(request.buyAsset), sellUnits, minimum, ETH_SRC),
      chain_id: over.chain_id ?? 1,
    },
    meta: { approvalAddress: over.approvalAddress === null ? undefined : (over.approvalAddress ?? SPENDER), tags: [] },
  });
  const ctx = context(request);
  return { route, ctx };
}

/**
 * Whether `checkRoute` lets a route's minimum through the slippage floor every route is held
 * to, at the buy asset's trusted precision: a route buying USDT trusted at `decimals`, with
 * `expected` and `minimum` as the service wrote them, at `slippage` %. A refusal for anything
 * else (this route carries no memo or transaction) is not the floor's.
 */
function minimumPasses(expected: string, minimum: string, slippage: number, decimals: number): boolean {
  const request: QuoteRequest = {
    sellAsset: 'BTC.BTC',
    buyAsset: USDT,
    sellAmount: '0.5',
    slippage,
    destinationAddress: ETH_DEST,
  };
  const route = parseRoute({
    providers: ['PROTOCOL_A'],
    sellAsset: 'BTC.BTC',
    buyAsset: USDT,
    sellAmount: '0.5',
    expectedBuyAmount: expected,
    expectedBuyAmountMaxSlippage: minimum,
    destinationAddress: ETH_DEST,
    expiration: String(Math.floor(NOW / 1000) + 600),
    fees: [],
  });
  const r = checkRoute(route, {
    ...context(request),
    decimals: (asset) => (asset.toUpperCase() === USDT.toUpperCase() ? decimals : undefined),
  });
  return r.ok || r.refusal.code !== 'minimum-below-slippage';
}

function refused(result: ReturnType<typeof checkRoute>, code: RefusalCode) {
  assert.equal(result.ok, false, 'the route was accepted');
  if (!result.ok) assert.equal(result.refusal.code, code, JSON.stringify(result.refusal));
}
const why = (r: ReturnType<typeof checkRoute>) => (r.ok ? '' : JSON.stringify(r.refusal));

describe('route checks: memo routes', () => {
  it('accept an honest memo route and plan a transfer of exactly the sell amount', () => {
    const { route, ctx } = memoCase();
    const r = checkRoute(route, ctx);
    assert.ok(r.ok, why(r));
    assert.deepEqual(r.plan, {
      kind: 'memo',
      chain: 'BTC',
      asset: 'BTC.BTC',
      amount: '0.5',
      address: route.inboundAddress,
      memo: route.memo,
      to: { address: route.inboundAddress, role: 'vault', name: 'THORChain' },
      protocol: 'A',
      expiresAt: (Math.floor(NOW / 1000) + 600) * 1000,
    });
  });

  it('refuse a memo paying another destination', () => {
    const other = '0x0000000000000000000000000000000000000bad';
    const { route, ctx } = memoCase({ memo: `=:ETH.ETH:${other}:${toUnits('13.98222222', 8)}:sw:30` });
    refused(checkRoute(route, ctx), 'memo-destination-mismatch');
  });

  it('refuse a memo whose limit is below the route minimum (in 1e8 units)', () => {
    const { route, ctx } = memoCase({ memo: `=:ETH.ETH:${ETH_DEST}:${toUnits('13.98222222', 8) - 1n}:sw:30` });
    refused(checkRoute(route, ctx), 'memo-limit-below-minimum');
    const zero = memoCase({ memo: `=:ETH.ETH:${ETH_DEST}:0:sw:30` });
    refused(checkRoute(zero.route, zero.ctx), 'memo-limit-below-minimum');
  });

  it('refuse another affiliate, another fee, a missing or an added affiliate', () => {
    for (const [tail, pattern] of [
      ['xx:30', 'memo-affiliate-mismatch'],
      ['sw:31', 'memo-fee-mismatch'],
      ['sw:0', 'memo-fee-mismatch'],
      ['sw/xx:30/10', 'memo-affiliate-mismatch'],
      ['', 'memo-affiliate-missing'],
    ] as const) {
      const memo = `=:ETH.ETH:${ETH_DEST}:${toUnits('13.98222222', 8)}${tail ? `:${tail}` : ''}`;
      const { route, ctx } = memoCase({ memo });
      refused(checkRoute(route, ctx), pattern);
    }
  });

  it('refuse a memo buying another asset', () => {
    const { route, ctx } = memoCase({ memo: `=:ETH.USDT-31EC7:${ETH_DEST}:${toUnits('13.98222222', 8)}:sw:30` });
    refused(checkRoute(route, ctx), 'memo-asset-mismatch');
  });

  it('read a contract abbreviation as the protocol does: any suffix, unless another known USDT ends with it', () => {
    const OTHER_USDT = 'ETH.USDT-0x00000000000000000000000000000000000eeec7'; // not a real token
    const at = (memoAsset: string, knownAssets?: readonly string[]) => {
      // Sold from the Cosmos Hub (250-byte memos): the full contract fits.
      const request: QuoteRequest = {
        sellAsset: 'GAIA.ATOM',
        buyAsset: USDT,
        sellAmount: '500',
        slippage: 1,
        destinationAddress: ETH_DEST,
      };
      const route = parseRoute({
        providers: ['PROTOCOL_A'],
        sellAsset: 'GAIA.ATOM',
        buyAsset: USDT,
        sellAmount: '500',
        expectedBuyAmount: '30000',
        expectedBuyAmountMaxSlippage: '29700',
        inboundAddress: 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu',
        memo: `=:${memoAsset}:${ETH_DEST}:${toUnits('29700', 8)}`,
        expiration: String(Math.floor(NOW / 1000) + 600),
      });
      const gaiaVault = listedInbound({
        A: [{ chain: 'GAIA', address: 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu', halted: false }],
      });
      const r = checkRoute(route, { ...context(request), inbound: gaiaVault, ...(knownAssets ? { knownAssets } : {}) });
      return r.ok ? 'accepted' : r.refusal;
    };
    for (const memoAsset of [
      'ETH.USDT-ec7',
      'ETH.USDT-EC7',
      'ETH.USDT-6994597c13d831ec7',
      'ETH.USDT',
      'ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7',
    ]) {
      assert.equal(at(memoAsset, [USDT, USDC]), 'accepted', memoAsset);
    }
    assert.deepEqual(at('ETH.USDT-ec7', [USDT, OTHER_USDT]), {
      code: 'memo-asset-ambiguous',
      params: { got: 'ETH.USDT-ec7', want: USDT, other: OTHER_USDT },
    });
    assert.equal(at('ETH.USDT-1ec7', [USDT, OTHER_USDT]), 'accepted', 'one more character tells them apart');
    assert.equal((at('ETH.USDT', [USDT, OTHER_USDT]) as { code: string }).code, 'memo-asset-ambiguous');
    assert.equal(at(USDT, [USDT, OTHER_USDT]), 'accepted', 'the full identifier is exact');
    assert.equal((at('ETH.USDT-ec8', [USDT]) as { code: string }).code, 'memo-asset-mismatch');
  });

  it('accept the short forms protocol A writes', () => {
    for (const memo of [
      `s:e:${ETH_DEST}:${toUnits('13.98222222', 8)}:sw:30`,
      `SWAP:ETH.ETH:${ETH_DEST.toLowerCase()}:1398222222:sw:30`,
      `=:e:${ETH_DEST}:13982223e2:sw:30`,
      `=:ETH.ETH:${ETH_DEST}:${toUnits('13.98222222', 8)}/1/0:sw:30`,
    ]) {
      const { route, ctx } = memoCase({ memo });
      const r = checkRoute(route, ctx);
      assert.ok(r.ok, `${memo}: ${why(r)}`);
    }
  });

  it('refuse, never truncate, a memo longer than the source chain carries (UTF-8 bytes)', () => {
    // 80 bytes is the UTXO limit; a multi-byte affiliate name makes the byte count, not the character count, decide.
    const longName = 'é'.repeat(20);
    const memo = `=:ETH.ETH:${ETH_DEST}:${toUnits('13.98222222', 8)}:${longName}:30`;
    const { route, ctx } = memoCase({ memo });
    ctx.request = { ...ctx.request, affiliate: longName };
    ctx.affiliate = { name: longName, bps: 30 };
    assert.ok(memo.length <= 120 && new TextEncoder().encode(memo).length > 80);
    refused(checkRoute(route, ctx), 'memo-too-long');
  });

  it('property: any memo over the UTXO limit is refused, any honest one under it accepted', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => !/[:/\s]/.test(s)),
        (name) => {
          const memo = buildSwapMemo({
            asset: 'ETH.ETH',
            destination: ETH_DEST,
            limit: toUnits('13.98222222', 8),
            affiliate: name,
            feeBps: 30,
          });
          const { route, ctx } = memoCase({ memo });
          ctx.request = { ...ctx.request, affiliate: name };
          ctx.affiliate = { name, bps: 30 };
          const r = checkRoute(route, ctx);
          const bytes = new TextEncoder().encode(memo).length;
          if (bytes > 80) return !r.ok && r.refusal.code === 'memo-too-long';
          return r.ok || r.refusal.code !== 'memo-too-long';
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: a memo limit one unit below the route minimum is always refused', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), (minE8) => {
        const maxSlip = `${minE8 / 10n ** 8n}.${(minE8 % 10n ** 8n).toString().padStart(8, '0')}`;
        const ok = memoCase({
          maxSlip,
          memo: buildSwapMemo({ asset: 'ETH.ETH', destination: ETH_DEST, limit: minE8, affiliate: 'sw', feeBps: 30 }),
        });
        const low = memoCase({
          maxSlip,
          memo: buildSwapMemo({
            asset: 'ETH.ETH',
            destination: ETH_DEST,
            limit: minE8 - 1n,
            affiliate: 'sw',
            feeBps: 30,
          }),
        });
        // The honest memo passes the limit check (it may fail the slippage floor for odd numbers: not what this tests).
        const r = checkRoute(ok.route, { ...ok.ctx, request: { ...ok.ctx.request, slippage: 100 } });
        const bad = checkRoute(low.route, { ...low.ctx, request: { ...low.ctx.request, slippage: 100 } });
        return r.ok && !bad.ok && bad.refusal.code === 'memo-limit-below-minimum';
      }),
      { numRuns: 300 },
    );
  });

  it('refuse a route whose minimum is lower than the slippage asked for allows', () => {
    const { route, ctx } = memoCase({ maxSlip: '13.5' });
    refused(checkRoute(route, ctx), 'minimum-below-slippage');
    assert.equal(minimumPasses('100', '99', 1, 0), true);
    assert.equal(minimumPasses('100', '98', 1, 0), true, 'one unit of room at 0 decimals');
    assert.equal(minimumPasses('100', '97', 1, 0), false);
    assert.equal(minimumPasses('100', '98.99', 1, 2), true);
    assert.equal(minimumPasses('100', '98.98', 1, 2), false);
    // The service cuts the minimum to the asset's decimals: 3389.723396 × 0.99 = 3355.82616204.
    assert.equal(minimumPasses('3389.723396', '3355.826162', 1, 6), true);
    // At 18 decimals, a minimum written with 8 digits is held to the 18-digit floor.
    assert.equal(minimumPasses('0.123456789012345678', '0.12222222', 1, 18), false);
    assert.equal(minimumPasses('0.123456789012345678', '0.122222221122222221', 1, 18), true);
    assert.equal(minimumPasses('0.123456789012345678', '0.12222222', 1, 8), true);
    assert.equal(minimumPasses('0.123456789012345678', '0.1222222', 1, 8), true, 'one unit below the floor');
    assert.equal(minimumPasses('0.123456789012345678', '0.12222219', 1, 8), false);
    // Issue 12's examples: "1" against an expected "1.99999999", and "0", at 1%.
    assert.equal(minimumPasses('1.99999999', '1', 1, 8), false);
    assert.equal(minimumPasses('1.99999999', '1', 1, 18), false);
    assert.equal(minimumPasses('0.5', '0', 1, 8), false);
  });
});

describe('route checks: every route', () => {
  it('report an expired route as route-expired (ISO and Unix seconds)', () => {
    for (const expiration of [String(Math.floor(NOW / 1000) - 1), new Date(NOW - 1000).toISOString()]) {
      const { route, ctx } = memoCase({ expiration });
      const r = checkRoute(route, ctx);
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.code, 'route-expired');
    }
    const iso = memoCase({ expiration: new Date(NOW + 60_000).toISOString() });
    assert.ok(checkRoute(iso.route, iso.ctx).ok);
    const junk = memoCase({ expiration: 'soon' });
    refused(checkRoute(junk.route, junk.ctx), 'expiry-unreadable');
  });

  it('refuse another buy asset, sell asset or sell amount than asked', () => {
    const base = memoCase();
    refused(
      checkRoute({ ...base.route, buyAsset: 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7' }, base.ctx),
      'buy-asset-mismatch',
    );
    refused(checkRoute({ ...base.route, sellAsset: 'LTC.LTC' }, base.ctx), 'sell-asset-mismatch');
    refused(checkRoute({ ...base.route, sellAmount: '5' }, base.ctx), 'sell-amount-mismatch');
    assert.ok(checkRoute({ ...base.route, sellAmount: '0.50' }, base.ctx).ok, 'the same amount written differently');
  });

  it('plan a deposit channel for protocol B routes, with the asked destination', () => {
    const request: QuoteRequest = {
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      slippage: 1,
      destinationAddress: BTC_DEST,
    };
    const route = parseRoute({
      providers: ['PROTOCOL_B'],
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      expectedBuyAmount: '0.035',
      expectedBuyAmountMaxSlippage: '0.03465',
    });
    const r = checkRoute(route, context(request));
    assert.ok(r.ok);
    assert.deepEqual(r.plan, {
      kind: 'deposit-channel',
      chain: 'ETH',
      asset: 'ETH.ETH',
      amount: '1',
      buyAsset: 'BTC.BTC',
      destination: BTC_DEST,
    });
  });
});

describe('route checks: provider names and transaction forms', () => {
  const channelRequest: QuoteRequest = {
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    slippage: 1,
    destinationAddress: BTC_DEST,
  };
  const channelRoute = (providers: string[], extra: Record<string, unknown> = {}) =>
    parseRoute({
      providers,
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      expectedBuyAmount: '0.035',
      expectedBuyAmountMaxSlippage: '0.03465',
      ...extra,
    });
  const plan = {
    kind: 'deposit-channel',
    chain: 'ETH',
    asset: 'ETH.ETH',
    amount: '1',
    buyAsset: 'BTC.BTC',
    destination: BTC_DEST,
  };

  it('plan a deposit channel for both names of the broker protocol, streaming or not', () => {
    for (const name of ['PROTOCOL_B', 'PROTOCOL_B_STREAMING', 'CHAINFLIP', 'CHAINFLIP_STREAMING']) {
      const r = checkRoute(channelRoute([name]), context(channelRequest));
      assert.ok(r.ok, `${name}: ${why(r)}`);
      assert.deepEqual(r.plan, plan);
    }
  });

  it('never take a route for a deposit channel from its name alone', () => {
    // Another protocol's name, an unknown one: no channel.
    for (const providers of [['THORCHAIN'], ['MAYACHAIN'], ['_X']]) {
      refused(checkRoute(channelRoute(providers), context(channelRequest)), 'route-kind-unknown');
    }
    // The broker then an aggregator: no channel either, refused by its name (route-kinds.ts).
    for (const providers of [['CHAINFLIP', 'ONEINCH'], ['PROTOCOL_B->AGGREGATOR_A']]) {
      refused(checkRoute(channelRoute(providers), context(channelRequest)), 'channel-second-swap-unsupported');
    }
    // The broker's name on a route that carries a transaction of its own: not a channel.
    refused(checkRoute(channelRoute(['CHAINFLIP'], { tx: 'AQID' }), context(channelRequest)), 'route-kind-unsupported');
    // The broker's name on a memo route: a broker's route carries no memo.
    const { route, ctx } = memoCase({
      memo: `=:ETH.ETH:0x0000000000000000000000000000000000000bad:${toUnits('13.98222222', 8)}:sw:30`,
    });
    refused(checkRoute({ ...route, providers: ['CHAINFLIP'] }, ctx), 'broker-route-with-memo');
  });

  it('check a memo route the same under either name of its protocol, or an unknown one', () => {
    for (const name of ['PROTOCOL_A', 'THORCHAIN', 'THORCHAIN_STREAMING', '_X']) {
      const { route, ctx } = memoCase();
      const r = checkRoute({ ...route, providers: [name] }, ctx);
      assert.ok(r.ok, `${name}: ${why(r)}`);
      assert.equal(r.plan.kind, 'memo');
    }
  });

  it('refuse a transaction in a form it does not know, whatever else the route carries', () => {
    for (const tx of [
      [{ to: ETH_DEST }],
      { psbt: 'cHNidP8B' },
      { msgs: [{ value: {} }], fee: { amount: [], gas: '1' } },
      42,
      true,
    ]) {
      const { route, ctx } = memoCase();
      const parsed = parseRoute({ ...route, tx });
      assert.deepEqual(parsed.tx, tx, 'kept as the service sent it');
      refused(checkRoute(parsed, ctx), 'tx-form-unknown');
    }
    // Its honest twin: the same memo route without a transaction, or with `null`, is handed out.
    for (const tx of [undefined, null]) {
      const { route, ctx } = memoCase();
      const r = checkRoute(parseRoute({ ...route, tx }), ctx);
      assert.ok(r.ok, why(r));
    }
  });

  it('read messages named by typeUrl as the message form', () => {
    const route = channelRoute(['THORCHAIN'], {
      tx: {
        msgs: [{ typeUrl: '/types.MsgDeposit', value: { memo: '=:b:x' } }],
        fee: { amount: [], gas: '0' },
        memo: '=:b:x',
        accountNumber: 1,
        sequence: 2,
      },
    });
    const tx = route.tx as { msgs: { type: string; typeUrl: string }[] };
    assert.equal(tx.msgs[0]!.type, '/types.MsgDeposit');
    assert.equal(tx.msgs[0]!.typeUrl, '/types.MsgDeposit');
    refused(checkRoute(route, context(channelRequest)), 'route-kind-unsupported');
  });
});

describe('route checks: EVM routes', () => {
  it('accept a token sell and plan an exact approval to meta.approvalAddress', () => {
    const { route, ctx } = evmCase();
    const r = checkRoute(route, ctx);
    assert.ok(r.ok, why(r));
    assert.equal(r.plan.kind, 'evm');
    if (r.plan.kind !== 'evm') return;
    assert.deepEqual(r.plan.approval, {
      token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      spender: SPENDER,
      amount: 1_234_500_000n,
      decimals: 6,
      resetFirst: false,
    });
    assert.equal(r.plan.tx.value, 0n);
    assert.equal(r.plan.tx.chainId, 1);
  });

  it('approve tx.to when the route names no approval address', () => {
    const { route, ctx } = evmCase({ approvalAddress: null });
    const r = checkRoute(route, ctx);
    assert.ok(r.ok && r.plan.kind === 'evm');
    assert.equal(r.plan.approval?.spender, ONEINCH_V6_ROUTER);
  });

  it('reset USDT-style allowances to zero first', () => {
    const { route, ctx } = evmCase({ sellAsset: USDT });
    const r = checkRoute(route, ctx);
    assert.ok(r.ok && r.plan.kind === 'evm');
    assert.equal(r.plan.approval?.resetFirst, true);
  });

  it('refuse a transaction from another address', () => {
    const { route, ctx } = evmCase({ from: '0x0000000000000000000000000000000000000bad' });
    refused(checkRoute(route, ctx), 'tx-from-mismatch');
  });

  it('refuse another value: native sells must send exactly the amount in wei, token sells nothing', () => {
    const native = evmCase({ sellAsset: 'ETH.ETH' });
    assert.ok(checkRoute(native.route, native.ctx).ok);
    refused(
      checkRoute(evmCase({ sellAsset: 'ETH.ETH', value: '1234500000000000000001' }).route, native.ctx),
      'tx-value-mismatch',
    );
    const token = evmCase({ value: '1' });
    refused(checkRoute(token.route, token.ctx), 'tx-value-with-token');
    const hex = evmCase({ sellAsset: 'ETH.ETH', value: `0x${1_234_500_000_000_000_000_000n.toString(16)}` });
    assert.ok(checkRoute(hex.route, native.ctx).ok, 'value in hex is read too');
  });

  it('property: any value other than the sell amount in wei is refused for a native sell', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), (v) => {
        const c = evmCase({ sellAsset: 'ETH.ETH', value: v.toString() });
        const r = checkRoute(c.route, c.ctx);
        return v === 1_234_500_000_000_000_000_000n ? r.ok : !r.ok;
      }),
      { numRuns: 300 },
    );
  });

  it('refuse a transaction for another chain', () => {
    const { route, ctx } = evmCase({ chain_id: 56 });
    refused(checkRoute(route, ctx), 'tx-chain-mismatch');
  });

  it('refuse a swap transaction that is really an (unlimited) approval or a transfer', () => {
    const unlimited = `0x095ea7b3${'0'.repeat(24)}${SPENDER.slice(2).toLowerCase()}${'f'.repeat(64)}`;
    refused(checkRoute(evmCase({ data: unlimited }).route, evmCase().ctx), 'tx-call-unsupported');
    const transfer = `0xa9059cbb${'0'.repeat(24)}${SPENDER.slice(2).toLowerCase()}${'0'.repeat(63)}1`;
    refused(checkRoute(evmCase({ data: transfer }).route, evmCase().ctx), 'tx-call-unsupported');
    // Sent to the token itself rather than to the aggregator: no contract of the table.
    refused(checkRoute(evmCase({ data: unlimited, to: USDC.split('-')[1]! }).route, evmCase().ctx), 'tx-to-unknown');
  });

  it('never builds an unlimited approval', () => {
    assert.throws(() => approveData(SPENDER, maxUint256), /exact amount/);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxUint256 - 1n }), (amount) => {
        const { args } = decodeFunctionData({ abi: erc20Abi, data: approveData(SPENDER, amount) });
        return args[1] === amount;
      }),
      { numRuns: 200 },
    );
  });

  it('refuse an EVM memo route unless its calldata is the router deposit of exactly the checked memo', () => {
    const memo = buildSwapMemo({ asset: 'BTC.BTC', destination: BTC_DEST, limit: 100n });
    const base = evmCase({ sellAsset: 'ETH.ETH' });
    const request: QuoteRequest = { ...base.ctx.request, buyAsset: 'BTC.BTC', destinationAddress: BTC_DEST };
    const vault = ETH_VAULT;
    const expiry = BigInt(Math.floor(NOW / 1000) + 600);
    const deposit = (m: string, amount = 1_234_500_000_000_000_000_000n) =>
      encodeFunctionData({
        abi: ROUTER_ABI,
        functionName: 'depositWithExpiry',
        args: [vault, '0x0000000000000000000000000000000000000000', amount, m, expiry],
      });
    const route = {
      ...base.route,
      buyAsset: 'BTC.BTC',
      destinationAddress: BTC_DEST,
      expectedBuyAmount: '0.000001',
      expectedBuyAmountMaxSlippage: '0.000001',
      memo,
      inboundAddress: vault,
    };
    const withTx = (data: string) =>
      ({ ...route, tx: { ...(base.route.tx as object), to: ROUTER, data } }) as typeof route;
    const ctx = { ...base.ctx, request };
    const ok = checkRoute(withTx(deposit(memo)), ctx);
    assert.ok(ok.ok, why(ok));
    // The memo's bytes somewhere in the calldata are not enough: the old substring test passed these.
    const other = buildSwapMemo({
      asset: 'BTC.BTC',
      destination: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      limit: 100n,
    });
    refused(checkRoute(withTx(deposit(other)), ctx), 'router-memo-mismatch');
    refused(checkRoute(withTx(deposit(other) + Buffer.from(memo).toString('hex')), ctx), 'router-call-unreadable');
    refused(checkRoute(withTx(`0x44bc937b${Buffer.from(memo).toString('hex')}`), ctx), 'router-call-unreadable');
    refused(checkRoute(withTx(deposit(memo) + '00'.repeat(32)), ctx), 'router-call-unreadable');
    refused(checkRoute(withTx(deposit(memo, 1n)), ctx), 'router-amount-mismatch');
    refused(checkRoute(route, ctx), 'memo-evm-needs-router');
    const { tx: _tx, ...noTx } = route;
    refused(checkRoute(noTx as typeof route, ctx), 'memo-evm-needs-router');
  });

  it("no call of the token standards passes, on the aggregator's router or on any other contract (an allowlist, not a deny list)", () => {
    // ERC-20 and extensions, ERC-677/1363, ERC-777, ERC-721/1155, EIP-2612, DAI permit, Permit2,
    // the router's deposit without expiry, 1inch's permitAndCall: none is a call the widget reads.
    const signatures = [
      'approve(address,uint256)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
      'increaseAllowance(address,uint256)',
      'decreaseAllowance(address,uint256)',
      'increaseApproval(address,uint256)',
      'decreaseApproval(address,uint256)',
      'approveAndCall(address,uint256)',
      'approveAndCall(address,uint256,bytes)',
      'transferAndCall(address,uint256,bytes)',
      'transferAndCall(address,uint256)',
      'transferFromAndCall(address,address,uint256)',
      'transferFromAndCall(address,address,uint256,bytes)',
      'send(address,uint256,bytes)',
      'operatorSend(address,address,uint256,bytes,bytes)',
      'authorizeOperator(address)',
      'revokeOperator(address)',
      'burn(uint256,bytes)',
      'operatorBurn(address,uint256,bytes,bytes)',
      'setApprovalForAll(address,bool)',
      'safeTransferFrom(address,address,uint256)',
      'safeTransferFrom(address,address,uint256,bytes)',
      'safeTransferFrom(address,address,uint256,uint256,bytes)',
      'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
      'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
      'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
      'approve(address,address,uint160,uint48)',
      'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
      'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
      'transferFrom(address,address,uint160,address)',
      'transferFrom((address,address,uint160,address)[])',
      'permitTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes)',
      'permitWitnessTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes32,string,bytes)',
      'permitTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes)',
      'permitWitnessTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes32,string,bytes)',
      'lockdown((address,address)[])',
      'invalidateNonces(address,address,uint48)',
      'invalidateUnorderedNonces(uint256,uint256)',
      'deposit(address,address,uint256,string)',
      'permitAndCall(bytes,bytes)',
      // 1inch v6's other entry points (its unoswap family is decoded: oneinch-unoswap.test.ts).
      'clipperSwap(address,uint256,address,uint256,uint256,uint256,bytes32,bytes32)',
      'fillOrder((uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256),bytes32,bytes32,uint256,uint256)',
    ];
    for (const signature of signatures) {
      const data = `${toFunctionSelector(signature)}${'00'.repeat(64)}`;
      refused(checkRoute(evmCase({ data }).route, evmCase().ctx), 'tx-call-unsupported');
      for (const to of ['0x000000000022D473030F116dDEE9F6B43aC78BA3', USDC.split('-')[1]!, ETH_DEST]) {
        refused(checkRoute(evmCase({ data, to }).route, evmCase().ctx), 'tx-to-unknown');
      }
    }
  });

  it('property: a call to any contract outside the table is refused, whatever it says', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.uint8Array({ minLength: 4, maxLength: 100 }),
        (addressBytes, call) => {
          const to = getAddress(`0x${Buffer.from(addressBytes).toString('hex')}`);
          if (to.toLowerCase() === ONEINCH_V6_ROUTER.toLowerCase() || /^0x0{40}$/i.test(to)) return true;
          const r = checkRoute(evmCase({ to, data: `0x${Buffer.from(call).toString('hex')}` }).route, evmCase().ctx);
          return !r.ok && (r.refusal.code === 'tx-to-unknown' || r.refusal.code === 'router-call-unreadable');
        },
      ),
      { numRuns: 300 },
    );
    // Its honest twin: the same route to the table's router passes, in any case of its address.
    for (const to of [ONEINCH_V6_ROUTER, ONEINCH_V6_ROUTER.toLowerCase()])
      assert.ok(checkRoute(evmCase({ to }).route, evmCase().ctx).ok);
  });

  it("approve only the contract the call names: the route's approvalAddress or targetAddress must be it", () => {
    for (const spender of [
      ETH_DEST,
      USDC.split('-')[1]!,
      '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      ETH_SRC,
      ROUTER,
    ]) {
      refused(checkRoute(evmCase({ approvalAddress: spender }).route, evmCase().ctx), 'approval-spender-mismatch');
      const { route, ctx } = evmCase({ approvalAddress: null });
      refused(checkRoute({ ...route, targetAddress: spender }, ctx), 'approval-spender-mismatch');
    }
    const { route, ctx } = evmCase();
    const r = checkRoute({ ...route, targetAddress: ONEINCH_V6_ROUTER.toLowerCase() }, ctx);
    assert.ok(r.ok && r.plan.kind === 'evm' && r.plan.approval?.spender === ONEINCH_V6_ROUTER, why(r));
  });
});

/** A router deposit of protocol A from ETH: of ETH itself, or of `sellAsset` (a token, approved to the router). */
function ethMemo(sellAsset = 'ETH.ETH') {
  const memo = buildSwapMemo({ asset: 'BTC.BTC', destination: BTC_DEST, limit: 100n });
  const base = evmCase({ sellAsset });
  const native = sellAsset === 'ETH.ETH';
  const request: QuoteRequest = { ...base.ctx.request, buyAsset: 'BTC.BTC', destinationAddress: BTC_DEST };
  const expiry = BigInt(Math.floor(NOW / 1000) + 600);
  const data = encodeFunctionData({
    abi: ROUTER_ABI,
    functionName: 'depositWithExpiry',
    args: [
      ETH_VAULT,
      native ? '0x0000000000000000000000000000000000000000' : (sellAsset.split('-')[1]! as `0x${string}`),
      native ? 1_234_500_000_000_000_000_000n : 1_234_500_000n,
      memo,
      expiry,
    ],
  });
  const route = {
    ...base.route,
    providers: ['PROTOCOL_A'],
    buyAsset: 'BTC.BTC',
    destinationAddress: BTC_DEST,
    expectedBuyAmount: '0.000001',
    expectedBuyAmountMaxSlippage: '0.000001',
    memo,
    inboundAddress: ETH_VAULT,
    meta: { ...base.route.meta, approvalAddress: native ? undefined : ROUTER },
    tx: { ...(base.route.tx as object), to: ROUTER, data },
  } as typeof base.route;
  return { route, ctx: { ...base.ctx, request } };
}

describe("route checks: the memo protocols' own lists", () => {
  it('accept a vault and a router the protocol lists, with no warning', () => {
    for (const { route, ctx } of [memoCase(), ethMemo()]) {
      const r = checkRoute(route, ctx);
      assert.ok(r.ok, why(r));
      assert.equal(r.plan.kind === 'memo' ? r.plan.warnings : undefined, undefined);
    }
  });

  it('refuse a vault or a router the protocol does not list, a chain it does not list, a halted chain', () => {
    const m = memoCase();
    refused(
      checkRoute({ ...m.route, inboundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, m.ctx),
      'inbound-vault-unlisted',
    );
    const e = ethMemo();
    refused(
      checkRoute({ ...e.route, tx: { ...(e.route.tx as object), to: ETH_SRC } } as typeof e.route, e.ctx),
      'router-unlisted',
    );
    refused(
      checkRoute(m.route, {
        ...m.ctx,
        inbound: listedInbound({ A: [{ chain: 'ETH', address: ETH_VAULT, router: ROUTER, halted: false }] }),
      }),
      'inbound-chain-unlisted',
    );
    refused(
      checkRoute(m.route, {
        ...m.ctx,
        inbound: listedInbound({ A: [{ chain: 'BTC', address: BTC_VAULT, halted: true }] }),
      }),
      'protocol-halted',
    );
  });

  it('read the protocol from the list that holds the vault: a route naming the other protocol is refused, one naming none passes', () => {
    const m = memoCase();
    refused(checkRoute({ ...m.route, providers: ['MAYACHAIN'] }, m.ctx), 'memo-protocol-mismatch');
    const r = checkRoute({ ...m.route, providers: ['SOME_NEW_BRIDGE'] }, m.ctx);
    assert.ok(r.ok, why(r));
    // The fork's list holds it: read as the fork's memo (no short codes).
    const fork = { ...m.ctx, inbound: listedInbound({ C: [{ chain: 'BTC', address: BTC_VAULT, halted: false }] }) };
    assert.ok(checkRoute({ ...m.route, providers: ['MAYACHAIN'] }, fork).ok);
    const short = memoCase({ memo: `=:e:${ETH_DEST}:${toUnits('13.98222222', 8)}:sw:30` });
    assert.ok(checkRoute(short.route, short.ctx).ok, "protocol A's short code in A's memo");
    refused(
      checkRoute({ ...short.route, providers: ['MAYACHAIN'] }, { ...short.ctx, inbound: fork.inbound }),
      'memo-unreadable',
    );
  });

  it('when no list could be read, refuse every vault and router, naming the protocol and why (never a warning to accept)', () => {
    for (const reason of ['off', 'unreachable', 'late', 'unreadable'] as const) {
      const m = memoCase();
      const r = checkRoute(m.route, { ...m.ctx, inbound: unverifiedInbound(reason) });
      refused(r, 'protocol-unverified');
      assert.deepEqual(!r.ok && r.refusal.params, { protocol: 'A', reason });
      const e = ethMemo();
      const re = checkRoute(e.route, { ...e.ctx, inbound: unverifiedInbound(reason) });
      refused(re, 'protocol-unverified');
      assert.deepEqual(!re.ok && re.refusal.params, { protocol: 'A', reason });
      // Whatever the route's providers say: a label never stands in for a list.
      refused(
        checkRoute({ ...m.route, providers: ['_X'] }, { ...m.ctx, inbound: unverifiedInbound(reason) }),
        'protocol-unverified',
      );
    }
  });

  it('never take a target address for the inbound address', () => {
    const m = memoCase();
    const { inboundAddress: _, ...noInbound } = m.route;
    refused(checkRoute({ ...noInbound, targetAddress: BTC_VAULT } as typeof m.route, m.ctx), 'inbound-address-missing');
  });
});

describe('route checks: fail closed on the protocol lists', () => {
  const MAYA_BTC_VAULT = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
  /** Protocol A's list as read, and protocol C's: read with its own vault, or not read at all. */
  const lists = (c: 'read' | 'off' | 'unreachable' | 'late' | 'unreadable') => (p: 'A' | 'C') =>
    p === 'A'
      ? inbound('A')
      : c === 'read'
        ? listedInbound({ C: [{ chain: 'BTC', address: MAYA_BTC_VAULT, halted: false }] })('C')
        : { status: 'unverified' as const, protocol: 'C' as const, reason: c };

  it("the address decides the protocol: with protocol C's node down, a vault protocol A does not list is refused as unverified, whatever the route's label", () => {
    for (const providers of [['PROTOCOL_C'], ['MAYACHAIN'], ['PROTOCOL_A'], ['THORCHAIN', 'MAYACHAIN'], ['_X']]) {
      const m = memoCase();
      const r = checkRoute(
        { ...m.route, providers, inboundAddress: MAYA_BTC_VAULT },
        { ...m.ctx, inbound: lists('unreachable') },
      );
      refused(r, 'protocol-unverified');
      assert.deepEqual(!r.ok && r.refusal.params, { protocol: 'C', reason: 'unreachable' }, providers.join());
    }
    // The honest twin: protocol A's own vault is verified with A's list while C's node is down.
    const m = memoCase();
    const r = checkRoute(m.route, { ...m.ctx, inbound: lists('unreachable') });
    assert.ok(r.ok && r.plan.kind === 'memo' && r.plan.protocol === 'A', why(r));
    // And with C's list read, its vault is C's (the memo read as C's: written in full here).
    const full = memoCase({
      memo: buildSwapMemo({
        asset: 'ETH.ETH',
        destination: ETH_DEST,
        limit: toUnits('13.98222222', 8),
        affiliate: 'sw',
        feeBps: 30,
      }),
    });
    const c = checkRoute(
      { ...full.route, providers: ['MAYACHAIN'], inboundAddress: MAYA_BTC_VAULT },
      { ...full.ctx, inbound: lists('read') },
    );
    assert.ok(c.ok && c.plan.kind === 'memo' && c.plan.protocol === 'C', why(c));
  });

  it("labels mixing both protocols let nothing through: short codes are the paying protocol's", () => {
    const short = memoCase({ memo: `=:e:${ETH_DEST}:${toUnits('13.98222222', 8)}:sw:30` });
    for (const providers of [['THORCHAIN->MAYACHAIN'], ['THORCHAIN', 'MAYACHAIN'], ['MAYACHAIN->THORCHAIN']]) {
      // Paying protocol C's vault: C has no short codes.
      refused(
        checkRoute(
          { ...short.route, providers, inboundAddress: MAYA_BTC_VAULT },
          { ...short.ctx, inbound: lists('read') },
        ),
        'memo-unreadable',
      );
      // Paying protocol A's: A reads its own short code.
      const a = checkRoute({ ...short.route, providers }, { ...short.ctx, inbound: lists('read') });
      assert.ok(a.ok && a.plan.kind === 'memo' && a.plan.protocol === 'A', why(a));
      // Neither list holds it: refused, never read as one of the two.
      refused(
        checkRoute({ ...short.route, providers, inboundAddress: BTC_DEST }, { ...short.ctx, inbound: lists('read') }),
        'inbound-vault-unlisted',
      );
      refused(
        checkRoute({ ...short.route, providers, inboundAddress: BTC_DEST }, { ...short.ctx, inbound: lists('late') }),
        'protocol-unverified',
      );
    }
  });

  it("a router the other list could not vouch for is still the listed vault's: a wrong router there is router-unlisted, never unverified", () => {
    const e = ethMemo();
    const r = checkRoute({ ...e.route, tx: { ...(e.route.tx as object), to: ETH_SRC } } as typeof e.route, {
      ...e.ctx,
      inbound: lists('off'),
    });
    refused(r, 'router-unlisted');
    const ok = checkRoute(e.route, { ...e.ctx, inbound: lists('off') });
    assert.ok(ok.ok, why(ok));
  });

  it("a sell below the list's dust threshold is refused: at the threshold it passes, one base unit below it does not; a token sell is not counted against it", () => {
    const at = (dust: bigint) => {
      const m = memoCase();
      const listed = listedInbound({ A: [{ chain: 'BTC', address: BTC_VAULT, halted: false, dustThreshold: dust }] });
      return checkRoute(m.route, { ...m.ctx, inbound: listed });
    };
    // 0.5 BTC is 50 000 000 sats.
    assert.ok(at(50_000_000n).ok);
    const below = at(50_000_001n);
    refused(below, 'amount-below-dust');
    assert.deepEqual(!below.ok && below.refusal.params, {
      amount: '50000000',
      dust: '50000001',
      chain: 'BTC',
      protocol: 'A',
    });
    assert.ok(at(49_999_999n).ok);
    // The chain's coin sold by a router deposit counts in wei; a token's amount is not in the chain's coin.
    const dusty = (dust: bigint) =>
      listedInbound({ A: [{ chain: 'ETH', address: ETH_VAULT, router: ROUTER, halted: false, dustThreshold: dust }] });
    const e = ethMemo();
    assert.ok(checkRoute(e.route, { ...e.ctx, inbound: dusty(1_234_500_000_000_000_000_000n) }).ok);
    refused(checkRoute(e.route, { ...e.ctx, inbound: dusty(1_234_500_000_000_000_000_001n) }), 'amount-below-dust');
    const t = ethMemo(USDC);
    const token = checkRoute(t.route, { ...t.ctx, inbound: dusty(10n ** 30n) });
    assert.ok(token.ok && token.plan.kind === 'evm' && token.plan.approval?.spender === ROUTER, why(token));
  });

  it('a memo hand-out lives at most 15 minutes, a router deposit until its own expiry, any hand-out at most 2 hours, whatever the route says', () => {
    const S = Math.floor(NOW / 1000);
    const memoAt = (expiration: number) => {
      const m = memoCase({ expiration: String(expiration) });
      const r = checkRoute(m.route, m.ctx);
      assert.ok(r.ok, why(r));
      return r.plan.kind === 'memo' ? r.plan.expiresAt : undefined;
    };
    assert.equal(memoAt(S + 365 * 24 * 3600), NOW + MEMO_HANDOUT_SECONDS * 1000, 'a year ahead');
    assert.equal(memoAt(S + MEMO_HANDOUT_SECONDS + 1), NOW + MEMO_HANDOUT_SECONDS * 1000, 'one second more');
    assert.equal(memoAt(S + MEMO_HANDOUT_SECONDS - 1), (S + MEMO_HANDOUT_SECONDS - 1) * 1000, 'one second less');
    // A router deposit: never after its own expiration (itself within two hours).
    const e = ethMemo();
    const year = checkRoute({ ...e.route, expiration: String(S + 365 * 24 * 3600) }, e.ctx);
    assert.ok(year.ok && year.plan.kind === 'evm', why(year));
    assert.equal(year.plan.kind === 'evm' && year.plan.expiresAt, (S + 600) * 1000);
    // An aggregator swap: two hours at most.
    const a = evmCase();
    const agg = checkRoute({ ...a.route, expiration: String(S + 365 * 24 * 3600) }, a.ctx);
    assert.ok(agg.ok && agg.plan.kind === 'evm', why(agg));
    assert.equal(agg.plan.kind === 'evm' && agg.plan.expiresAt, NOW + MAX_HANDOUT_SECONDS * 1000);
    const inside = checkRoute({ ...a.route, expiration: String(S + MAX_HANDOUT_SECONDS - 1) }, a.ctx);
    assert.equal(
      inside.ok && inside.plan.kind === 'evm' && inside.plan.expiresAt,
      (S + MAX_HANDOUT_SECONDS - 1) * 1000,
    );
  });
});

describe('router and aggregator calldata', () => {
  it("is written exactly as viem's ABI encoder writes it, for any arguments", () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`));
    const uint = fc.bigInt({ min: 0n, max: maxUint256 });
    fc.assert(
      fc.property(
        address,
        address,
        uint,
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        uint,
        (vault, asset, amount, memo, expiration) => {
          const ours = encodeRouterDeposit({ vault, asset, amount, memo, expiration });
          const theirs = encodeFunctionData({
            abi: ROUTER_ABI,
            functionName: 'depositWithExpiry',
            args: [vault, asset, amount, memo, expiration],
          });
          return ours === theirs && decodeRouterDeposit(ours)?.memo === memo;
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(address, { minLength: 5, maxLength: 5 }),
        uint,
        uint,
        uint,
        fc.uint8Array({ maxLength: 200 }),
        ([executor, srcToken, dstToken, srcReceiver, dstReceiver], amount, minReturnAmount, flags, bytes) => {
          const data = `0x${Buffer.from(bytes).toString('hex')}` as const;
          const swap = {
            executor: executor!,
            srcToken: srcToken!,
            dstToken: dstToken!,
            srcReceiver: srcReceiver!,
            dstReceiver: dstReceiver!,
            amount,
            minReturnAmount,
            flags,
            data,
          };
          const theirs = encodeFunctionData({
            abi: ONEINCH_V6_ABI,
            functionName: 'swap',
            args: [
              swap.executor,
              {
                srcToken: swap.srcToken,
                dstToken: swap.dstToken,
                srcReceiver: swap.srcReceiver,
                dstReceiver: swap.dstReceiver,
                amount,
                minReturnAmount,
                flags,
              },
              data,
            ],
          });
          return encodeOneInchSwap(swap) === theirs && decodeOneInchSwap(theirs)?.minReturnAmount === minReturnAmount;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ERC-20 calldata', () => {
  it("matches what viem's ABI encoder writes, for any spender and amount", async () => {
    const { encodeFunctionData, getAddress } = await import('viem');
    const spender = getAddress(SPENDER);
    const { allowanceData } = await import('../../../../src/domain/chains/evm.js');
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.bigInt({ min: 0n, max: maxUint256 - 1n }),
        (bytes, amount) => {
          const address = `0x${Buffer.from(bytes).toString('hex')}` as `0x${string}`;
          return (
            approveData(address, amount) ===
              encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [address, amount] }) &&
            allowanceData(address, SPENDER) ===
              encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [address, spender] })
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the slippage floor (properties)', () => {
  /** Units at `decimals` as a decimal string, with `extra` more digits written after them. */
  const write = (units: bigint, decimals: number, extra: string) => {
    const s = units.toString().padStart(decimals + 1, '0');
    const frac = s.slice(s.length - decimals) + extra;
    return frac ? `${s.slice(0, s.length - decimals)}.${frac}` : s.slice(0, s.length - decimals);
  };
  const amounts = fc.record({
    expected: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    decimals: fc.integer({ min: 0, max: 18 }),
    slippage: fc.integer({ min: 0, max: 10_000 }).map((bps) => bps / 100),
    extra: fc.stringMatching(/^[0-9]{0,12}$/),
  });

  it('property: a minimum more than one unit below the floor is refused, whatever digits it is written with', () => {
    fc.assert(
      fc.property(
        amounts,
        fc.bigInt({ min: 2n, max: 10n ** 20n }),
        ({ expected, decimals, slippage, extra }, below) => {
          const floor = (expected * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n;
          fc.pre(floor >= below);
          return !minimumPasses(
            write(expected, decimals, ''),
            write(floor - below, decimals, extra),
            slippage,
            decimals,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: a minimum at the floor or one unit below it passes, with any trailing digits', () => {
    fc.assert(
      fc.property(amounts, fc.boolean(), ({ expected, decimals, slippage, extra }, oneBelow) => {
        const floor = (expected * BigInt(10_000 - Math.round(slippage * 100))) / 10_000n;
        const minimum = oneBelow && floor > 0n ? floor - 1n : floor;
        return minimumPasses(write(expected, decimals, extra), write(minimum, decimals, extra), slippage, decimals);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a minimum of 0, or of half the output, never passes a 1% slippage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 18 }), fc.bigInt({ min: 200n, max: 10n ** 24n }), (decimals, expected) => {
        const e = write(expected, decimals, '');
        return (
          !minimumPasses(e, '0', 1, decimals) && !minimumPasses(e, write(expected / 2n, decimals, ''), 1, decimals)
        );
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Every tolerance and limit of the route checks, pinned (issue 25, item 3): each one passes a
 * route one unit inside its boundary, refuses one unit outside, and an honest twin goes through.
 * Each was proven by a mutation of the boundary by one unit in src (`+ 1n` → `+ 2n`, `<` → `<=`,
 * a cap + 1) failing one of these tests.
 */
describe('route checks: every tolerance, one unit each side', () => {
  const outcome = (r: ReturnType<typeof checkRoute>) => (r.ok ? 'ok' : r.refusal.code);
  const S = Math.floor(NOW / 1000);

  it('a route expiring the instant it is checked is expired; one second (one millisecond) later it is not', () => {
    for (const [expiration, want] of [
      [String(S), 'route-expired'],
      [String(S + 1), 'ok'],
      [String(NOW), 'route-expired'],
      [String(NOW + 1), 'ok'],
      [new Date(NOW).toISOString(), 'route-expired'],
      [new Date(NOW + 1).toISOString(), 'ok'],
      [String(S + 600), 'ok'],
    ] as const) {
      const { route, ctx } = memoCase({ expiration });
      const r = checkRoute(route, ctx);
      assert.equal(r.ok ? 'ok' : r.refusal.code, want, expiration);
      if (!r.ok) assert.equal(r.code, 'route-expired');
    }
  });

  it('the sell amount is the amount asked, exactly: one satoshi more or less is refused, the same amount written otherwise passes', () => {
    const { route, ctx } = memoCase();
    for (const sellAmount of ['0.50000001', '0.49999999', '0.500000001', '0.499999999999']) {
      assert.equal(outcome(checkRoute({ ...route, sellAmount }, ctx)), 'sell-amount-mismatch', sellAmount);
    }
    for (const sellAmount of ['0.5', '0.50', '0.500000000', '00.5'])
      assert.equal(outcome(checkRoute({ ...route, sellAmount }, ctx)), 'ok', sellAmount);
  });

  it('a sell amount has at most its asset’s decimals: 8 fraction digits of BTC pass, 9 do not (trailing zeros do not count)', () => {
    const at = (sellAmount: string) => {
      const { route, ctx } = memoCase();
      return outcome(checkRoute({ ...route, sellAmount }, { ...ctx, request: { ...ctx.request, sellAmount } }));
    };
    assert.equal(at('0.12345678'), 'ok');
    assert.equal(at('0.123456780'), 'ok');
    assert.equal(at('0.123456789'), 'sell-amount-precision');
    assert.equal(at('1'), 'ok');
  });

  /** A deposit-channel route ETH -> BTC whose one leg buys 0.04 BTC with `legMinimum`; `legs` more legs after it. */
  function channelWithLeg(legMinimum: string, more: Record<string, unknown>[] = []) {
    const request: QuoteRequest = {
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      slippage: 1,
      destinationAddress: BTC_DEST,
    };
    const route = parseRoute({
      providers: ['PROTOCOL_B'],
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '1',
      expectedBuyAmount: '0.035',
      expectedBuyAmountMaxSlippage: '0.03465',
      legs: [
        {
          provider: 'PROTOCOL_B',
          sellAsset: 'ETH.ETH',
          buyAsset: 'BTC.BTC',
          sellAmount: '1',
          buyAmount: '0.04',
          buyAmountMaxSlippage: legMinimum,
        },
        ...more,
      ],
    });
    return checkRoute(route, context(request));
  }

  it("a leg's minimum may be one unit of its asset below the leg's slippage floor, not two (0.04 BTC at 1 %: floor 0.0396)", () => {
    assert.equal(outcome(channelWithLeg('0.0396')), 'ok');
    assert.equal(outcome(channelWithLeg('0.03959999')), 'ok');
    const r = channelWithLeg('0.03959998');
    assert.deepEqual(r.ok ? undefined : r.refusal, {
      code: 'minimum-below-slippage',
      params: { minimum: '0.03959998', floor: '0.0396', slippage: 1, leg: 'PROTOCOL_B' },
    });
  });

  it("a deposit channel's address is offered for one hour from the moment it is checked, to the millisecond", () => {
    const channel = { depositAddress: ETH_DEST, channelId: '1-ETH-7' };
    assert.deepEqual(checkDepositChannel(channel, 'ETH', NOW), { ok: true, expiresAt: NOW + 3_600_000 });
    assert.equal(CHANNEL_HANDOUT_SECONDS, 3600);
    const zero = checkDepositChannel({ ...channel, depositAddress: `0x${'0'.repeat(40)}` }, 'ETH', NOW);
    assert.equal(zero.ok ? 'ok' : zero.refusal.code, 'channel-address-invalid');
  });

  it('a deposit channel has at most one leg: a second one makes it a route the widget does not know', () => {
    assert.equal(outcome(channelWithLeg('0.0396')), 'ok');
    const second = {
      provider: 'PROTOCOL_B',
      sellAsset: 'BTC.BTC',
      buyAsset: 'BTC.BTC',
      sellAmount: '0.035',
      buyAmount: '0.035',
    };
    assert.equal(outcome(channelWithLeg('0.0396', [second])), 'route-kind-unknown');
  });

  describe('the affiliate fee, at most its share plus one unit of the asset', () => {
    // memoCase: 0.5 BTC -> 14.123456789 ETH, affiliate `sw` at 30 bps.
    const withFees = (fees: Record<string, string>[], extra: Record<string, unknown> = {}) => {
      const { route, ctx } = memoCase();
      return outcome(checkRoute(parseRoute({ ...route, ...extra, fees }), ctx));
    };
    const aff = (asset: string, amount: string) => ({ type: 'AFFILIATE', asset, amount });

    it('in the sell asset: 30 bps of 0.5 BTC is 150 000 satoshis; 150 001 pass, 150 002 do not (as a decimal or in base units)', () => {
      assert.equal(withFees([aff('BTC.BTC', '0.0015')]), 'ok');
      assert.equal(withFees([aff('BTC.BTC', '0.00150001')]), 'ok');
      assert.equal(withFees([aff('BTC.BTC', '0.00150002')]), 'affiliate-fee-too-high');
      assert.equal(withFees([aff('BTC.BTC', '150001')]), 'ok', 'base units');
      assert.equal(withFees([aff('BTC.BTC', '150002')]), 'affiliate-fee-too-high', 'base units');
      // Two lines in the asset count together.
      assert.equal(withFees([aff('BTC.BTC', '0.00075'), aff('BTC.BTC', '0.00075001')]), 'ok');
      assert.equal(withFees([aff('BTC.BTC', '0.00075001'), aff('BTC.BTC', '0.00075001')]), 'affiliate-fee-too-high');
    });

    /** The largest fee in wei that `fee × (10 000 − 30) ≤ 30 × base + one unit × (10 000 − 30)` allows, as a decimal. */
    const cap = (baseWei: bigint) => (30n * baseWei) / 9_970n + 1n;
    const wei = (units: bigint) => fromUnits(units, 18);
    const EXPECTED = 14_123_456_789_000_000_000n;

    it('in the buy asset: its share of the output before the cut, plus one wei; one wei more is refused', () => {
      assert.equal(withFees([aff('ETH.ETH', wei((30n * EXPECTED) / 9_970n))]), 'ok', 'the honest fee');
      assert.equal(withFees([aff('ETH.ETH', wei(cap(EXPECTED)))]), 'ok');
      assert.equal(withFees([aff('ETH.ETH', wei(cap(EXPECTED) + 1n))]), 'affiliate-fee-too-high');
    });

    it('in the buy asset with an outbound fee: the share of output and outbound fee, plus one wei; the outbound fee counted at most once more than the output', () => {
      const outbound = { type: 'OUTBOUND', asset: 'ETH.ETH', amount: '0.01' };
      const base = EXPECTED + 10_000_000_000_000_000n;
      assert.equal(withFees([outbound, aff('ETH.ETH', wei(cap(base)))]), 'ok');
      assert.equal(withFees([outbound, aff('ETH.ETH', wei(cap(base) + 1n))]), 'affiliate-fee-too-high');
      // An outbound fee of 30 ETH (a leg says 50 ETH, so the amount reads as a decimal): counted as the output, 14.12… ETH.
      const leg = {
        legs: [
          { provider: 'PROTOCOL_A', sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '0.5', buyAmount: '50' },
        ],
      };
      const huge = { type: 'OUTBOUND', asset: 'ETH.ETH', amount: '30' };
      assert.equal(withFees([huge, aff('ETH.ETH', wei(cap(2n * EXPECTED)))], leg), 'ok');
      assert.equal(withFees([huge, aff('ETH.ETH', wei(cap(2n * EXPECTED) + 1n))], leg), 'affiliate-fee-too-high');
    });

    it("meta's affiliate fee is the configured one exactly", () => {
      const { route, ctx } = memoCase();
      const meta = (affiliateFee: number) =>
        outcome(checkRoute(parseRoute({ ...route, meta: { affiliate: 'sw', affiliateFee } }), ctx));
      assert.equal(meta(30), 'ok');
      assert.equal(meta(31), 'meta-affiliate-fee-mismatch');
      assert.equal(meta(29), 'meta-affiliate-fee-mismatch');
    });
  });

  describe("the router's deposit", () => {
    const SELL = 1_234_500_000_000_000_000_000n;
    /** An ETH sell through protocol A's router: a deposit of `amount` wei expiring at `expiry` (Unix seconds). */
    function routerDeposit(o: { amount?: bigint; expiry?: bigint } = {}) {
      const memo = buildSwapMemo({ asset: 'BTC.BTC', destination: BTC_DEST, limit: 100n });
      const base = evmCase({ sellAsset: 'ETH.ETH' });
      const data = encodeFunctionData({
        abi: ROUTER_ABI,
        functionName: 'depositWithExpiry',
        args: [
          ETH_VAULT,
          '0x0000000000000000000000000000000000000000',
          o.amount ?? SELL,
          memo,
          o.expiry ?? BigInt(S + 600),
        ],
      });
      const route = {
        ...base.route,
        providers: ['PROTOCOL_A'],
        buyAsset: 'BTC.BTC',
        destinationAddress: BTC_DEST,
        expectedBuyAmount: '0.000001',
        expectedBuyAmountMaxSlippage: '0.000001',
        memo,
        inboundAddress: ETH_VAULT,
        tx: { ...(base.route.tx as object), to: ROUTER, data },
      } as typeof base.route;
      return outcome(
        checkRoute(route, {
          ...base.ctx,
          request: { ...base.ctx.request, buyAsset: 'BTC.BTC', destinationAddress: BTC_DEST },
        }),
      );
    }

    it('deposits the sell amount exactly: one wei more or less is refused', () => {
      assert.equal(routerDeposit(), 'ok');
      assert.equal(routerDeposit({ amount: SELL + 1n }), 'router-amount-mismatch');
      assert.equal(routerDeposit({ amount: SELL - 1n }), 'router-amount-mismatch');
    });

    it(`expires after now and at most ${MAX_ROUTER_EXPIRY_SECONDS} s from now: each bound one second inside passes, one outside is refused`, () => {
      assert.equal(routerDeposit({ expiry: BigInt(S) }), 'router-expiry-invalid');
      assert.equal(routerDeposit({ expiry: BigInt(S + 1) }), 'ok');
      assert.equal(routerDeposit({ expiry: BigInt(S + MAX_ROUTER_EXPIRY_SECONDS) }), 'ok');
      assert.equal(routerDeposit({ expiry: BigInt(S + MAX_ROUTER_EXPIRY_SECONDS + 1) }), 'router-expiry-invalid');
      assert.equal(MAX_ROUTER_EXPIRY_SECONDS, 7200);
    });
  });

  describe("the aggregator's swap", () => {
    const SELL = 1_234_500_000_000_000_000_000n;
    const USDC_TOKEN = USDC.split('-')[1]!;
    /** ETH -> USDC on 1inch (evmCase): a swap of `amount` wei for at least `min` USDC units (the route's minimum is 358 200). */
    const sameChain = (amount: bigint, min: bigint) => {
      const c = evmCase({ sellAsset: 'ETH.ETH', data: oneInchSwap(NATIVE, USDC_TOKEN, amount, min, ETH_SRC) });
      return outcome(checkRoute(c.route, c.ctx));
    };

    it("sells the sell amount exactly and holds the route's minimum: one unit less is refused", () => {
      assert.equal(sameChain(SELL, 358_200n), 'ok');
      assert.equal(sameChain(SELL, 358_201n), 'ok', 'more than the minimum');
      assert.equal(sameChain(SELL, 358_199n), 'aggregator-minimum-too-low');
      assert.equal(sameChain(SELL + 1n, 358_200n), 'aggregator-amount-mismatch');
      assert.equal(sameChain(SELL - 1n, 358_200n), 'aggregator-amount-mismatch');
    });

    /**
     * USDC -> BTC in two legs: 1inch buys ETH (0.36 expected, `legMinimum`) into protocol B's
     * Vault, with the swap's floor `swapMinimum` (wei), then protocol B buys BTC.
     */
    function firstLeg(legMinimum: string, swapMinimum: bigint) {
      const request: QuoteRequest = {
        sellAsset: USDC,
        buyAsset: 'BTC.BTC',
        sellAmount: '1234.5',
        slippage: 1,
        sourceAddress: ETH_SRC,
        destinationAddress: BTC_DEST,
        includeTx: true,
      };
      const route = parseRoute({
        providers: ['AGGREGATOR_A', 'PROTOCOL_B'],
        sellAsset: USDC,
        buyAsset: 'BTC.BTC',
        sellAmount: '1234.5',
        expectedBuyAmount: '0.01',
        expectedBuyAmountMaxSlippage: '0.0099',
        sourceAddress: ETH_SRC,
        destinationAddress: BTC_DEST,
        expiration: String(S + 600),
        legs: [
          {
            provider: 'AGGREGATOR_A',
            sellAsset: USDC,
            buyAsset: 'ETH.ETH',
            sellAmount: '1234.5',
            buyAmount: '0.36',
            buyAmountMaxSlippage: legMinimum,
          },
          {
            provider: 'PROTOCOL_B',
            sellAsset: 'ETH.ETH',
            buyAsset: 'BTC.BTC',
            sellAmount: '0.36',
            buyAmount: '0.01',
            buyAmountMaxSlippage: '0.0099',
          },
        ],
        tx: {
          to: ONEINCH_V6_ROUTER,
          from: ETH_SRC,
          value: '0',
          data: oneInchSwap(USDC_TOKEN, NATIVE, 1_234_500_000n, swapMinimum, BROKER_VAULTS.ETH!),
          chain_id: 1,
        },
        meta: { approvalAddress: SPENDER, tags: [] },
      });
      return outcome(checkRoute(route, context(request)));
    }
    // 0.36 ETH at 1 %: the leg's floor is 0.3564 ETH, 356 400 000 000 000 000 wei.
    const FLOOR = 356_400_000_000_000_000n;

    it("a first leg paying protocol B's Vault binds nothing and is refused whatever its minimum; the leg's own floor is held first", () => {
      assert.equal(firstLeg('0.3564', FLOOR), 'first-leg-unbound');
      assert.equal(firstLeg('0.3564', FLOOR + 1n), 'first-leg-unbound');
      assert.equal(firstLeg(fromUnits(FLOOR - 1n, 18), FLOOR - 1n), 'first-leg-unbound');
      assert.equal(firstLeg(fromUnits(FLOOR - 2n, 18), FLOOR - 2n), 'minimum-below-slippage');
    });

    it('sets only the flags 1inch v6 defines (the three lowest bits): the next bit is refused', () => {
      const withFlags = (flags: bigint) => {
        const data = encodeFunctionData({
          abi: ONEINCH_V6_ABI,
          functionName: 'swap',
          args: [
            '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
            {
              srcToken: NATIVE,
              dstToken: USDC_TOKEN as `0x${string}`,
              srcReceiver: '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
              dstReceiver: ETH_SRC,
              amount: SELL,
              minReturnAmount: 358_200n,
              flags,
            },
            '0x',
          ],
        });
        const c = evmCase({ sellAsset: 'ETH.ETH', data });
        return outcome(checkRoute(c.route, c.ctx));
      };
      assert.equal(withFlags(0n), 'ok');
      assert.equal(withFlags(0b111n), 'ok');
      assert.equal(withFlags(0b1000n), 'aggregator-flags-unknown');
      assert.equal(withFlags(1n << 255n), 'aggregator-flags-unknown');
    });
  });

  describe('a Solana first leg (JUP -> USDC on Jupiter, then protocol B to BTC)', () => {
    const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
    const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const SOL_JUP = `SOL.JUP-${JUP_MINT}`;
    const SOL_USDC = `SOL.USDC-${USDC_MINT}`;
    const SOL_USER = 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4';
    /**
     * 3000 JUP for 450 USDC expected, with `legMinimum` (the swap's floor is 445.5 USDC: 450 at
     * 1 %), the first leg's asset written as `spelling`. The decimals trusted as the widget
     * trusts them (its table; the host's for JUP): a Solana mint counts in its own case only.
     */
    function solanaFirstLeg(legMinimum: string, spelling = SOL_USDC) {
      const request: QuoteRequest = {
        sellAsset: SOL_JUP,
        buyAsset: 'BTC.BTC',
        sellAmount: '3000',
        slippage: 1,
        sourceAddress: SOL_USER,
        destinationAddress: BTC_DEST,
        includeTx: true,
      };
      const tx = solanaSwapTx({
        from: SOL_USER,
        mintIn: JUP_MINT,
        mintOut: USDC_MINT,
        amountIn: 3_000_000_000n,
        quotedOut: 450_000_000n,
        slippageBps: 100,
        recipient: BROKER_SOLANA_VAULT,
        createRecipientAccount: false,
        seed: 'tolerances',
      });
      const route = parseRoute({
        providers: ['AGGREGATOR_B', 'PROTOCOL_B'],
        sellAsset: SOL_JUP,
        buyAsset: 'BTC.BTC',
        sellAmount: '3000',
        expectedBuyAmount: '0.005',
        expectedBuyAmountMaxSlippage: '0.00495',
        sourceAddress: SOL_USER,
        destinationAddress: BTC_DEST,
        expiration: String(S + 600),
        legs: [
          {
            provider: 'AGGREGATOR_B',
            sellAsset: SOL_JUP,
            buyAsset: spelling,
            sellAmount: '3000',
            buyAmount: '450',
            buyAmountMaxSlippage: legMinimum,
          },
          {
            provider: 'PROTOCOL_B',
            sellAsset: spelling,
            buyAsset: 'BTC.BTC',
            sellAmount: '450',
            buyAmount: '0.005',
            buyAmountMaxSlippage: '0.00495',
          },
        ],
        tx,
      });
      const trusted = new TrustedDecimals({ host: () => ({ [SOL_JUP]: 6 }), cache: new Map() });
      return outcome(
        checkRoute(route, { ...context(request), decimals: (a) => trusted.known(a), knownAssets: [SOL_JUP, SOL_USDC] }),
      );
    }

    it("a Jupiter swap paying protocol B's Solana Vault binds nothing and is refused, naming it; the leg's own floor is held first where its decimals are trusted", () => {
      for (const spelling of [SOL_USDC, SOL_USDC.toUpperCase()]) {
        assert.equal(solanaFirstLeg('445.5', spelling), 'first-leg-unbound', spelling);
        assert.equal(solanaFirstLeg('445.499999', spelling), 'first-leg-unbound', spelling);
      }
      assert.equal(solanaFirstLeg('445.499998', SOL_USDC), 'minimum-below-slippage');
    });
  });

  describe('the memo', () => {
    /** A memo of exactly `bytes` bytes (its affiliate name padded), sold from `chain`'s vault of memoCase or GAIA. */
    function memoOfBytes(bytes: number) {
      const head = buildSwapMemo({
        asset: 'ETH.ETH',
        destination: ETH_DEST,
        limit: toUnits('13.98222222', 8),
        affiliate: 'x',
        feeBps: 30,
      });
      const name = 'x'.repeat(1 + bytes - new TextEncoder().encode(head).length);
      const memo = buildSwapMemo({
        asset: 'ETH.ETH',
        destination: ETH_DEST,
        limit: toUnits('13.98222222', 8),
        affiliate: name,
        feeBps: 30,
      });
      assert.equal(new TextEncoder().encode(memo).length, bytes);
      return { memo, name };
    }

    it('fits the 80 bytes of a UTXO chain: 80 pass, 81 are refused', () => {
      for (const [bytes, want] of [
        [80, 'ok'],
        [81, 'memo-too-long'],
      ] as const) {
        const { memo, name } = memoOfBytes(bytes);
        const { route, ctx } = memoCase({ memo });
        const r = checkRoute(route, {
          ...ctx,
          request: { ...ctx.request, affiliate: name },
          affiliate: { name, bps: 30 },
        });
        assert.equal(outcome(r), want, `${bytes} bytes`);
      }
    });

    it('fits the 250 bytes of a Cosmos chain: 250 pass, 251 are refused', () => {
      const GAIA_VAULT = 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu';
      const gaiaVault = listedInbound({ A: [{ chain: 'GAIA', address: GAIA_VAULT, halted: false }] });
      for (const [bytes, want] of [
        [250, 'ok'],
        [251, 'memo-too-long'],
      ] as const) {
        const { memo, name } = memoOfBytes(bytes);
        const request: QuoteRequest = {
          sellAsset: 'GAIA.ATOM',
          buyAsset: 'ETH.ETH',
          sellAmount: '500',
          slippage: 1,
          destinationAddress: ETH_DEST,
          affiliate: name,
          affiliateFee: 30,
        };
        const route = parseRoute({
          providers: ['PROTOCOL_A'],
          sellAsset: 'GAIA.ATOM',
          buyAsset: 'ETH.ETH',
          sellAmount: '500',
          expectedBuyAmount: '14.123456789',
          expectedBuyAmountMaxSlippage: '13.98222222111',
          inboundAddress: GAIA_VAULT,
          memo,
          expiration: String(S + 600),
        });
        assert.equal(
          outcome(checkRoute(route, { ...context(request, { name, bps: 30 }), inbound: gaiaVault })),
          want,
          `${bytes} bytes`,
        );
      }
    });

    it("the limit is at least the route's minimum (13.98222222 ETH): that limit passes, one 1e8 unit less does not", () => {
      const at = (limit: bigint) => {
        const { route, ctx } = memoCase({
          memo: buildSwapMemo({ asset: 'ETH.ETH', destination: ETH_DEST, limit, affiliate: 'sw', feeBps: 30 }),
        });
        return outcome(checkRoute(route, ctx));
      };
      assert.equal(at(1_398_222_222n), 'ok');
      assert.equal(at(1_398_222_221n), 'memo-limit-below-minimum');
      assert.equal(at(1_398_222_223n), 'ok');
    });

    it('streams within 14 400 blocks: an interval of 14 400, or 14 400 blocks in all, passes; one block more does not', () => {
      const at = (interval: number, quantity: number) => {
        const { route, ctx } = memoCase({
          memo: buildSwapMemo({
            asset: 'ETH.ETH',
            destination: ETH_DEST,
            limit: toUnits('13.98222222', 8),
            interval,
            quantity,
            affiliate: 'sw',
            feeBps: 30,
          }),
        });
        return outcome(checkRoute(route, ctx));
      };
      assert.equal(at(14_400, 1), 'ok');
      assert.equal(at(14_401, 0), 'memo-streaming-invalid');
      assert.equal(at(14_400, 0), 'ok');
      assert.equal(at(1, 14_400), 'ok');
      assert.equal(at(1, 14_401), 'memo-streaming-invalid');
      assert.equal(at(120, 120), 'ok');
      assert.equal(at(120, 121), 'memo-streaming-invalid');
      assert.equal(at(3, 10), 'ok', 'an honest streaming swap');
    });

    it('pays the configured affiliate fee exactly: one basis point more or less is refused', () => {
      const at = (fee: number) => {
        const { route, ctx } = memoCase({
          memo: buildSwapMemo({
            asset: 'ETH.ETH',
            destination: ETH_DEST,
            limit: toUnits('13.98222222', 8),
            affiliate: 'sw',
            feeBps: fee,
          }),
        });
        return outcome(checkRoute(route, ctx));
      };
      assert.equal(at(30), 'ok');
      assert.equal(at(31), 'memo-fee-mismatch');
      assert.equal(at(29), 'memo-fee-mismatch');
    });
  });
});
