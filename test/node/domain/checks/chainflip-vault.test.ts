/**
 * A swap started at protocol B's (Chainflip's) EVM Vault: the call and its `cfParameters`
 * decoded (against viem's encoder and a vector written by hand from Chainflip's encoding
 * reference), and every part of what is signed held to the request: destination chain, asset
 * and address, the amount sold, the refund address, the least price (one unit each side of the
 * slippage floor), and nothing else paid. Calls are written with the reference service's own
 * encoder (demo/server/chainflip.ts), not the widget's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { encodeFunctionData, stringToHex, toFunctionSelector, type Hex } from 'viem';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import {
  VAULT_SWAP_NATIVE_SELECTOR,
  VAULT_SWAP_TOKEN_SELECTOR,
  decodeCfParameters,
  decodeVaultSwap,
  encodeVaultSwap,
  vaultAsset,
} from '../../../../src/domain/chains/chainflip-vault.js';
import { BROKER_VAULTS, ONEINCH_V6_ROUTER } from '../../../../src/domain/chains/contracts.js';
import { ONEINCH_V6_ABI } from '../../../../src/domain/chains/evm.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import { buildReview } from '../../../../src/domain/flow/review-build.js';
import type { EvmPlan } from '../../../../src/domain/checks/plans.js';
import { listedInbound } from '../../../support/inbound.js';
import {
  VAULT_ABI,
  encodeCfParameters,
  minPriceX128,
  vaultAddressBytes,
  vaultSwapTx,
} from '../../../../demo/server/chainflip.js';

const NOW = 1_800_000_000_000;
const SOURCE = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const BTC_DEST = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ATTACKER_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const VAULT = BROKER_VAULTS.ETH! as `0x${string}`;
const BROKER = `0x${'03'.repeat(32)}` as Hex;
const S = Math.floor(NOW / 1000);

/** 1 ETH (or 2 500 USDC) to BTC: 0.03 BTC expected, 0.0297 at 1 % (the floor: 2 970 000 sats). */
const EXPECTED = 3_000_000n;
const FLOOR = 2_970_000n;

interface Over {
  sell?: 'ETH' | 'USDC';
  buyAsset?: string;
  destination?: string | null;
  dstChain?: number;
  dstToken?: number;
  dstAddress?: Hex;
  srcToken?: `0x${string}`;
  amount?: bigint;
  refund?: Hex;
  minPrice?: bigint;
  brokerBps?: number;
  cfParameters?: Hex;
  affiliate?: CheckContext['affiliate'];
  data?: Hex;
  to?: string;
}

function vaultCase(o: Over = {}) {
  const native = (o.sell ?? 'ETH') === 'ETH';
  const sellAsset = native ? 'ETH.ETH' : USDC;
  const sellAmount = native ? '1' : '2500';
  const sellUnits = native ? 10n ** 18n : 2_500_000_000n;
  const buyAsset = o.buyAsset ?? 'BTC.BTC';
  const destination = o.destination === null ? undefined : (o.destination ?? BTC_DEST);
  const request: QuoteRequest = {
    sellAsset,
    buyAsset,
    sellAmount,
    slippage: 1,
    sourceAddress: SOURCE,
    ...(destination ? { destinationAddress: destination } : {}),
    includeTx: true,
  };
  const cfParameters =
    o.cfParameters ??
    encodeCfParameters({
      retryDurationBlocks: 150,
      refundAddress: o.refund ?? (SOURCE.toLowerCase() as Hex),
      minPriceX128: o.minPrice ?? minPriceX128(sellUnits, FLOOR),
      brokerAccount: BROKER,
      brokerBps: o.brokerBps ?? 0,
    });
  const tx = vaultSwapTx({
    chainId: 1,
    vault: VAULT,
    from: SOURCE,
    ...(native ? {} : { token: o.srcToken ?? USDC_TOKEN }),
    amount: o.amount ?? sellUnits,
    dstChain: o.dstChain ?? 3,
    dstToken: o.dstToken ?? 5,
    dstAddress: o.dstAddress ?? vaultAddressBytes('BTC', BTC_DEST)!,
    cfParameters,
  });
  const route = z.parse(Route, {
    providers: ['PROTOCOL_B'],
    sellAsset,
    buyAsset,
    sellAmount,
    expectedBuyAmount: '0.03',
    expectedBuyAmountMaxSlippage: '0.0297',
    sourceAddress: SOURCE,
    ...(destination ? { destinationAddress: destination } : {}),
    expiration: String(S + 600),
    tx: { ...tx, ...(o.data ? { data: o.data } : {}), ...(o.to ? { to: o.to } : {}) },
    meta: { ...(native ? {} : { approvalAddress: VAULT }), tags: [] },
  });
  const ctx: CheckContext = {
    request,
    decimals: (a) => (a.toUpperCase() === USDC.toUpperCase() ? 6 : undefined),
    affiliate: o.affiliate ?? { bps: 0 },
    inbound: listedInbound({}),
    now: NOW,
  };
  return { route, ctx, sellUnits };
}

const outcome = (o: Over = {}) => {
  const { route, ctx } = vaultCase(o);
  const r = checkRoute(route, ctx);
  return r.ok ? 'ok' : r.refusal.code;
};

describe("Chainflip's Vault call, decoded", () => {
  it('has the selectors of the signatures in the docs (viem), and reads what viem writes, in its one canonical form', () => {
    assert.equal(
      toFunctionSelector(
        'function xSwapNative(uint32 dstChain, bytes dstAddress, uint32 dstToken, bytes cfParameters)',
      ),
      VAULT_SWAP_NATIVE_SELECTOR,
    );
    assert.equal(
      toFunctionSelector(
        'function xSwapToken(uint32 dstChain, bytes dstAddress, uint32 dstToken, address srcToken, uint256 amount, bytes cfParameters)',
      ),
      VAULT_SWAP_TOKEN_SELECTOR,
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.uint8Array({ maxLength: 70 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.uint8Array({ maxLength: 140 }),
        fc.option(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })),
        (dstChain, address, dstToken, params, amount) => {
          const dstAddress = `0x${Buffer.from(address).toString('hex')}` as Hex;
          const cfParameters = `0x${Buffer.from(params).toString('hex')}` as Hex;
          const data =
            amount === null
              ? encodeFunctionData({
                  abi: VAULT_ABI,
                  functionName: 'xSwapNative',
                  args: [dstChain, dstAddress, dstToken, cfParameters],
                })
              : encodeFunctionData({
                  abi: VAULT_ABI,
                  functionName: 'xSwapToken',
                  args: [dstChain, dstAddress, dstToken, USDC_TOKEN, amount, cfParameters],
                });
          const swap = decodeVaultSwap(data)!;
          assert.deepEqual(
            { ...swap, srcToken: swap.srcToken?.toLowerCase() },
            {
              dstChain,
              dstAddress,
              dstToken,
              cfParameters,
              srcToken: amount === null ? undefined : USDC_TOKEN.toLowerCase(),
              ...(amount === null ? {} : { amount }),
            },
          );
          assert.equal(encodeVaultSwap(swap), data);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reads cfParameters V0 as Chainflip's reference lays it out (a vector written by hand), and refuses anything else", () => {
    // VersionedCfParameters::V0 of chainflip-backend's test `test_versioned_cf_parameters_v0`
    // (state-chain/chains/src/cf_parameters.rs @ eea80f27), with its refund address written as an
    // EVM chain's (20 bytes, no enum byte): retry 1, refund 0x02.., price 0, no DCA, no boost,
    // broker 0x03.. at 4 bps, no affiliates.
    const vector = `0x00${'01000000'}${'02'.repeat(20)}${'00'.repeat(32)}00${'00'}${'03'.repeat(32)}${'0400'}00` as Hex;
    assert.deepEqual(decodeCfParameters(vector), {
      retryDuration: 1,
      refundAddress: `0x${'02'.repeat(20)}`,
      minPrice: 0n,
      boostFee: 0,
      broker: { account: `0x${'03'.repeat(32)}`, bps: 4 },
      affiliates: [],
    });
    // A price, a DCA, a boost fee, two affiliates: every field in its place, little-endian.
    const full =
      `0x00${'96000000'}${'ab'.repeat(20)}${'01'}${'00'.repeat(31)}01${'05000000'}${'02000000'}07${'03'.repeat(32)}${'1900'}08${'0114'}${'020a'}` as Hex;
    assert.deepEqual(decodeCfParameters(full), {
      retryDuration: 150,
      refundAddress: `0x${'ab'.repeat(20)}`,
      minPrice: 1n,
      dca: { chunks: 5, interval: 2 },
      boostFee: 7,
      broker: { account: `0x${'03'.repeat(32)}`, bps: 25 },
      affiliates: [
        { account: 1, bps: 20 },
        { account: 2, bps: 10 },
      ],
    });
    for (const [why, hex] of [
      ['V1', `0x01${vector.slice(4)}`],
      ['a byte left over', `${vector}00`],
      ['a byte short', vector.slice(0, -2)],
      ['an option tag of 2', `${vector.slice(0, 4 + 8 + 40 + 64)}02${vector.slice(4 + 8 + 40 + 64 + 2)}`],
      ['six affiliates', `${vector.slice(0, -2)}18${'0101'.repeat(6)}`],
      ['a two-byte compact length', `${vector.slice(0, -2)}0100`],
      ['nothing', '0x'],
    ] as const) {
      assert.equal(decodeCfParameters(hex as Hex), undefined, why);
    }
  });

  it("knows an asset by its chain and contract (the Vault's ids), never by its symbol", () => {
    assert.deepEqual(vaultAsset('BTC.BTC'), { chainId: 3, assetId: 5 });
    assert.deepEqual(vaultAsset(USDC.toLowerCase().replace('eth.usdc', 'ETH.USDC')), { chainId: 1, assetId: 3 });
    assert.deepEqual(vaultAsset('ARB.ETH'), { chainId: 4, assetId: 6 });
    assert.deepEqual(vaultAsset('SOL.USDC-EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), { chainId: 5, assetId: 10 });
    assert.equal(vaultAsset('ETH.USDC-0x0000000000000000000000000000000000000bad'), undefined);
    assert.equal(vaultAsset('SOL.USDC-EPJFWDD5AUFQSSQEM2QN1XZYBAPC8G4WEGGKZWYTDT1V'), undefined);
    assert.equal(vaultAsset('ETH.WBTC-0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'), undefined);
  });
});

describe("a swap started at Chainflip's Vault is bound to the request", () => {
  it('an honest xSwapNative (ETH to BTC) is handed out as a call of the Vault, named so, with no approval', () => {
    const { route, ctx } = vaultCase();
    const r = checkRoute(route, ctx);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
    const plan = r.plan as EvmPlan;
    assert.deepEqual(plan.to, { address: VAULT, role: 'vault', name: 'Chainflip' });
    assert.equal(plan.approval, undefined);
    assert.equal(plan.tx.value, 10n ** 18n);
    assert.equal(plan.tx.to, VAULT);
  });

  it('an honest xSwapToken (USDC to BTC) is handed out after an exact approval of the Vault', () => {
    const { route, ctx } = vaultCase({ sell: 'USDC' });
    const r = checkRoute(route, ctx);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
    const plan = r.plan as EvmPlan;
    assert.equal(plan.approval?.spender, VAULT);
    assert.equal(plan.approval?.amount, 2_500_000_000n);
    assert.equal(plan.tx.value, 0n);
  });

  it('refuses another destination chain, another asset, another address (and one written another way)', () => {
    assert.equal(outcome({ dstChain: 1 }), 'vault-chain-mismatch');
    assert.equal(outcome({ dstToken: 1 }), 'vault-asset-mismatch');
    assert.equal(outcome({ dstAddress: vaultAddressBytes('BTC', ATTACKER_BTC) }), 'vault-destination-mismatch');
    // The refusal names the address the call pays, as text.
    const { route, ctx } = vaultCase({ dstAddress: vaultAddressBytes('BTC', ATTACKER_BTC) });
    const r = checkRoute(route, ctx);
    assert.deepEqual(!r.ok && r.refusal.params, { got: ATTACKER_BTC });
    assert.equal(outcome({ dstAddress: stringToHex(`${BTC_DEST} `) }), 'vault-destination-mismatch');
    assert.equal(outcome({ dstAddress: '0xff' }), 'vault-destination-mismatch');
    // The same address in upper case is other bytes than the address the user gave: refused.
    assert.equal(outcome({ dstAddress: stringToHex(BTC_DEST.toUpperCase()) }), 'vault-destination-mismatch');
    // Its honest twin: the address's own bytes, as Chainflip's SDK writes them.
    assert.equal(outcome({ dstAddress: stringToHex(BTC_DEST) }), 'ok');
  });

  it('refuses another amount or token sold, and another refund address', () => {
    assert.equal(outcome({ sell: 'USDC', amount: 2_500_000_001n }), 'vault-amount-mismatch');
    assert.equal(
      outcome({ sell: 'USDC', srcToken: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }),
      'vault-source-mismatch',
    );
    assert.equal(outcome({ refund: `0x${'00'.repeat(19)}ad` }), 'vault-refund-mismatch');
    // Its honest twin: the source address in upper case is the same account.
    assert.equal(outcome({ refund: SOURCE.toUpperCase().replace('0X', '0x') as Hex }), 'ok');
  });

  it('refuses a destination it cannot write, an asset the Vault does not swap, a request with no destination', () => {
    assert.equal(
      outcome({
        buyAsset: 'DOT.DOT',
        destination: '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg',
        dstChain: 2,
        dstToken: 4,
      }),
      'vault-destination-unsupported',
    );
    assert.equal(
      outcome({ buyAsset: 'ETH.WBTC-0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', destination: SOURCE }),
      'vault-asset-unsupported',
    );
    assert.equal(outcome({ destination: null }), 'destination-missing');
  });

  it('refuses parameters it cannot read, a DCA, a boost fee, fees above the configured affiliate fee', () => {
    assert.equal(outcome({ cfParameters: '0x01' }), 'vault-parameters-unreadable');
    const { sellUnits } = vaultCase();
    const price = minPriceX128(sellUnits, FLOOR);
    const head = `0x00${'96000000'}${SOURCE.slice(2).toLowerCase()}${price.toString(16).padStart(64, '0').match(/../g)!.reverse().join('')}`;
    assert.equal(
      outcome({ cfParameters: `${head}01${'05000000'}${'02000000'}00${'03'.repeat(32)}000000` as Hex }),
      'vault-parameters-unsupported',
    );
    assert.equal(
      outcome({ cfParameters: `${head}0001${'03'.repeat(32)}000000` as Hex }),
      'vault-parameters-unsupported',
    );
    assert.equal(outcome({ brokerBps: 1 }), 'vault-fee-too-high');
    // The configured fee, paid as the broker's commission: handed out; one more basis point is not.
    assert.equal(outcome({ brokerBps: 15, affiliate: { name: 'sw', bps: 15 } }), 'ok');
    assert.equal(outcome({ brokerBps: 16, affiliate: { name: 'sw', bps: 15 } }), 'vault-fee-too-high');
    assert.equal(outcome({ cfParameters: `${head}0000${'03'.repeat(32)}0000040a0a` as Hex }), 'vault-fee-too-high');
  });

  it('holds the least price to the slippage floor for the sell amount: one unit of price inside passes, one outside is refused', () => {
    for (const sell of ['ETH', 'USDC'] as const) {
      const { sellUnits } = vaultCase({ sell });
      // The least price whose product with the amount reaches one unit under the floor (the room every minimum has).
      const least = (((FLOOR - 1n) << 128n) + sellUnits - 1n) / sellUnits;
      assert.equal(outcome({ sell, minPrice: least }), 'ok', sell);
      assert.equal(outcome({ sell, minPrice: least - 1n }), 'vault-minimum-too-low', sell);
      assert.equal(outcome({ sell, minPrice: 0n }), 'vault-minimum-too-low', sell);
      assert.equal(EXPECTED - EXPECTED / 100n, FLOOR);
    }
  });

  it('refuses what merely pays the Vault: an aggregator swap into it, a plain transfer, another call of it', () => {
    const { route, ctx } = vaultCase({ sell: 'USDC' });
    const swapIntoVault = encodeFunctionData({
      abi: ONEINCH_V6_ABI,
      functionName: 'swap',
      args: [
        '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
        {
          srcToken: USDC_TOKEN,
          dstToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          srcReceiver: '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
          dstReceiver: VAULT,
          amount: 2_500_000_000n,
          minReturnAmount: 1n,
          flags: 0n,
        },
        '0x',
      ],
    });
    const aggregator = {
      ...route,
      tx: { ...route.tx!, to: ONEINCH_V6_ROUTER, data: swapIntoVault },
      meta: { ...route.meta, approvalAddress: ONEINCH_V6_ROUTER },
    };
    const r = checkRoute(aggregator, ctx);
    assert.deepEqual(!r.ok && r.refusal, {
      code: 'first-leg-unbound',
      params: { got: VAULT, chain: 'ETH', protocol: 'Chainflip' },
    });
    assert.equal(outcome({ data: '0x' }), 'tx-no-call');
    const transfer = encodeFunctionData({
      abi: [{ type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] }],
      args: [VAULT, 2_500_000_000n],
    });
    assert.equal(outcome({ sell: 'USDC', to: USDC_TOKEN, data: transfer }), 'tx-to-unknown');
    assert.equal(outcome({ data: `0x07933dd2${'00'.repeat(64)}` }), 'tx-call-unsupported');
    assert.equal(
      outcome({ data: `${(vaultCase().route.tx as { data: string }).data}00` as Hex }),
      'vault-call-unreadable',
    );
  });
});

describe('the review of a vault swap', () => {
  it('names the Vault paid and what the call binds: the destination it writes, the asset, the least its price pays, the refund address', () => {
    const { route, ctx } = vaultCase();
    const r = checkRoute(route, ctx);
    assert.ok(r.ok);
    const review = buildReview({
      plan: r.plan as EvmPlan,
      route,
      request: ctx.request,
      // The trusted decimals, as the widget has them (BTC's own 8).
      decimals: (a) => (a === 'BTC.BTC' ? 8 : undefined),
      affiliate: { bps: 0 },
      expiresAt: NOW + 60_000,
      fees: [],
    });
    assert.deepEqual(review.to, { address: VAULT, role: 'vault', name: 'Chainflip' });
    assert.deepEqual(review.call, {
      function: 'xSwapNative',
      destination: BTC_DEST,
      asset: 'BTC.BTC',
      minimum: '0.0297',
      refund: SOURCE.toLowerCase(),
    });
    assert.equal(review.receive.minimum, '0.0297');
    assert.equal(review.receive.address, BTC_DEST);
  });
});
