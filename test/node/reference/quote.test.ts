/** The reference service over real HTTP through the project's client: every endpoint, and the quote's behaviour. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { decodeFunctionData } from 'viem';
import * as z from 'zod/mini';
import { ServiceError } from '../../../src/api/errors.js';
import * as S from '../../../src/schemas/service.js';
import type { Route } from '../../../src/schemas/service.js';
import { compareDecimal, toUnits } from '../../../src/domain/amounts/amount.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { limitE8, readSwapMemo, type MemoProtocol } from '../../../demo/server/memo.js';
import { TIME_PENALTY_PPM_PER_SECOND } from '../../../demo/server/quote.js';
import { AGGREGATOR_ABI, ROUTER_ABI } from '../../../demo/server/txbuild.js';
import {
  ARB_GMX,
  BTC_ADDRESS,
  ETH_LINK,
  ETH_USDC,
  EVM_ADDRESS,
  EVM_ADDRESS_2,
  SOL_ADDRESS,
  SOL_JUP,
  SOL_USDC,
  clientFor,
  control,
  raw,
  startRef,
} from './helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(() => server.close());

const base = { slippage: 1 };
const total = (r: Route) => (typeof r.estimatedTime === 'number' ? r.estimatedTime : (r.estimatedTime?.total ?? 0));
const rate = (r: Route) => Number(r.expectedBuyAmount) / Number(r.sellAmount);

async function rawQuote(body: Record<string, unknown>) {
  const r = await raw(server, '/v1/quote', { body });
  assert.equal(r.status, 200, r.text);
  const env = z.parse(S.QuoteEnvelope, r.json);
  return { env, routes: env.routes.map((x) => z.parse(S.Route, x)) };
}

describe('every endpoint answers data that passes the schemas', () => {
  test('tokens, providers, pool rates, connected assets, networks graph', async () => {
    const client = clientFor(server);
    const all = await client.tokens();
    assert.ok(all.tokens.length >= 80 && all.total === all.tokens.length);
    const raws = await raw(server, '/v1/tokens');
    const list = z.parse(S.TokenList, raws.json);
    assert.equal(list.tokens.length, all.tokens.length);
    for (const t of list.tokens) assert.ok(z.safeParse(S.Token, t).success, JSON.stringify(t));

    const b = await client.tokens({ provider: 'PROTOCOL_B' });
    assert.ok(b.tokens.length >= 9 && b.tokens.length < all.tokens.length);
    assert.ok(b.tokens.every((t) => t.providers.includes('PROTOCOL_B')));
    await assert.rejects(client.tokens({ provider: 'NOPE' }), (e) => e instanceof ServiceError && e.status === 400);

    const providers = await client.providers();
    assert.equal(providers.length, 12);
    assert.ok(z.safeParse(S.ProviderList, (await raw(server, '/v1/providers')).json).success);
    assert.ok(providers.find((p) => p.provider === 'AGGREGATOR_A')?.isDexAgg);

    const rates = await client.poolRates();
    assert.ok(rates.rates.length >= 80);
    const btc = rates.rates.find((r) => r.asset === 'BTC.BTC')!;
    assert.ok(Number(btc.priceInUsd) > 50_000);
    assert.ok(z.safeParse(S.PoolRates, (await raw(server, '/v1/poolrates')).json).success);

    const connected = await client.connectedAssets('BTC.BTC');
    assert.ok(connected.includes('ETH.ETH') && connected.includes(ETH_USDC) && !connected.includes('BTC.BTC'));
    assert.ok(!connected.some((a) => a.startsWith('OP.')), 'OP is not reachable from BTC');
    assert.ok(
      z.safeParse(S.ConnectedAssets, (await raw(server, '/v1/connected-assets?sellAsset=SOL.SOL')).json).success,
    );
    await assert.rejects(client.connectedAssets('nope'), (e) => e instanceof ServiceError && e.status === 400);
    await assert.rejects(client.connectedAssets('ETH.NOPE-0x12'), (e) => e instanceof ServiceError && e.status === 404);

    const channel = await client.depositChannel({
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      destinationAddress: EVM_ADDRESS,
    });
    assert.ok(channel.depositAddress.startsWith('bc1q'));
    const rawChannel = await raw(server, '/v1/protocol-b-deposit-channel', {
      body: { sellAsset: 'SOL.SOL', buyAsset: 'BTC.BTC', destinationAddress: BTC_ADDRESS },
    });
    assert.ok(z.safeParse(S.DepositChannel, rawChannel.json).success);

    assert.ok(z.safeParse(S.NetworksGraph, (await raw(server, '/v1/networks-graph')).json).success);
    const graph = await client.networksGraph();
    assert.equal(graph.edges.find((e) => e.from === 'DOT')?.to.join(' '), 'BTC SOL ETH ARB');
  });

  test('quotes of every route kind', async () => {
    const client = clientFor(server);
    const cases = [
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '2',
        destinationAddress: EVM_ADDRESS,
        affiliate: 'ab',
        affiliateFee: 25,
      },
      {
        sellAsset: ETH_USDC,
        buyAsset: 'BTC.BTC',
        sellAmount: '1500',
        destinationAddress: BTC_ADDRESS,
        sourceAddress: EVM_ADDRESS,
        includeTx: true,
      },
      {
        sellAsset: 'THOR.RUNE',
        buyAsset: 'GAIA.ATOM',
        sellAmount: '500',
        destinationAddress: 'cosmos1csyqgl38794u0l9zu4q2uml5jhvw70del03k5v',
        sourceAddress: 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr',
        includeTx: true,
      },
      { sellAsset: 'SOL.SOL', buyAsset: SOL_USDC, sellAmount: '10', sourceAddress: SOL_ADDRESS, includeTx: true },
      { sellAsset: 'ARB.ETH', buyAsset: ARB_GMX, sellAmount: '0.5', sourceAddress: EVM_ADDRESS, includeTx: true },
      {
        sellAsset: ETH_LINK,
        buyAsset: 'SOL.SOL',
        sellAmount: '400',
        sourceAddress: EVM_ADDRESS,
        destinationAddress: SOL_ADDRESS,
        includeTx: true,
      },
      { sellAsset: 'BTC.BTC', buyAsset: ARB_GMX, sellAmount: '0.2', destinationAddress: EVM_ADDRESS },
      {
        sellAsset: SOL_JUP,
        buyAsset: 'BTC.BTC',
        sellAmount: '3000',
        sourceAddress: SOL_ADDRESS,
        destinationAddress: BTC_ADDRESS,
        includeTx: true,
      },
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'DOGE.DOGE',
        sellAmount: '0.05',
        destinationAddress: 'DQh5zwjpAvFvp5nnVfn9kJx4ev8qQQ7nLT',
      },
    ];
    const seen = new Set<string>();
    for (const c of cases) {
      const q = await client.quote({ ...base, ...c });
      assert.ok(q.routes.length > 0, `${c.sellAsset} -> ${c.buyAsset}: ${JSON.stringify(q.providerErrors)}`);
      assert.deepEqual(q.dropped, []);
      const { routes } = await rawQuote({ ...base, ...c });
      assert.equal(routes.length, q.routes.length);
      for (const r of q.routes) seen.add(r.providers.join('->'));
    }
    for (const id of [
      'PROTOCOL_A',
      'PROTOCOL_B',
      'PROTOCOL_C',
      'AGGREGATOR_A',
      'AGGREGATOR_B',
      'PROTOCOL_D',
      'AGGREGATOR_A->PROTOCOL_B',
      'PROTOCOL_B->AGGREGATOR_A',
      'AGGREGATOR_B->PROTOCOL_B',
    ]) {
      assert.ok(seen.has(id), `no ${id} route in ${[...seen].join(', ')}`);
    }
  });
});

describe('prices follow the pools', () => {
  const pairs = [
    {
      provider: 'PROTOCOL_A',
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      amounts: ['0.1', '10', '80'],
      destinationAddress: EVM_ADDRESS,
    },
    { provider: 'PROTOCOL_B', sellAsset: 'BTC.BTC', buyAsset: 'SOL.SOL', amounts: ['0.1', '10', '30'] },
    {
      provider: 'PROTOCOL_C',
      sellAsset: 'ETH.ETH',
      buyAsset: 'DASH.DASH',
      amounts: ['1', '30', '150'],
      destinationAddress: 'XnKvy3UQTH4VUqhe7fJLNCmA3JTJy3RtNy',
    },
    { provider: 'AGGREGATOR_A', sellAsset: 'ETH.ETH', buyAsset: ETH_USDC, amounts: ['1', '500', '5000'] },
    { provider: 'AGGREGATOR_B', sellAsset: 'SOL.SOL', buyAsset: SOL_JUP, amounts: ['1', '1000', '10000'] },
  ];
  for (const p of pairs) {
    test(`${p.provider}: a bigger trade gets a worse rate and more price impact`, async () => {
      const client = clientFor(server);
      const routes: Route[] = [];
      for (const sellAmount of p.amounts) {
        const q = await client.quote({
          ...base,
          sellAsset: p.sellAsset,
          buyAsset: p.buyAsset,
          sellAmount,
          providers: [p.provider],
          ...(p.destinationAddress ? { destinationAddress: p.destinationAddress } : {}),
        });
        assert.equal(q.routes.length, 1, JSON.stringify(q.providerErrors));
        routes.push(q.routes[0]!);
      }
      for (let i = 1; i < routes.length; i++) {
        assert.ok(rate(routes[i]!) < rate(routes[i - 1]!), `rate ${i}`);
        assert.ok(routes[i]!.meta.priceImpact! > routes[i - 1]!.meta.priceImpact!, `impact ${i}`);
      }
      assert.ok(routes.at(-1)!.meta.priceImpact! > 1, 'the largest trade moves the price by more than 1%');
    });
  }

  test('streaming beats the single swap for a large trade and takes longer', async () => {
    const client = clientFor(server);
    for (const [family, buyAsset, dest] of [
      ['PROTOCOL_A', 'ETH.ETH', EVM_ADDRESS],
      ['PROTOCOL_B', 'ETH.ETH', EVM_ADDRESS],
      ['PROTOCOL_C', 'ETH.ETH', EVM_ADDRESS],
    ] as const) {
      const q = await client.quote({
        ...base,
        sellAsset: 'BTC.BTC',
        buyAsset,
        sellAmount: '30',
        destinationAddress: dest,
        providers: [family, `${family}_STREAMING`],
      });
      const single = q.routes.find((r) => r.providers[0] === family)!;
      const streaming = q.routes.find((r) => r.providers[0] === `${family}_STREAMING`)!;
      assert.ok(single && streaming, JSON.stringify(q.providerErrors));
      assert.equal(compareDecimal(streaming.expectedBuyAmount, single.expectedBuyAmount), 1, family);
      assert.ok(streaming.meta.priceImpact! < single.meta.priceImpact! / 2, family);
      assert.ok(total(streaming) > total(single), family);
      assert.ok(streaming.warnings.some((w) => typeof w !== 'string' && w.code === 'streamingSwap'));
    }
    const small = await client.quote({
      ...base,
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '0.01',
      destinationAddress: EVM_ADDRESS,
    });
    assert.ok(
      small.routes.every((r) => !r.providers[0]!.endsWith('_STREAMING')),
      'no streaming for small trades',
    );
  });
});

describe('routes', () => {
  test('fees add up with the output, legs agree with the route, routes are sorted', async () => {
    const bodies = [
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '3',
        destinationAddress: EVM_ADDRESS,
        affiliate: 'ab',
        affiliateFee: 40,
      },
      {
        sellAsset: ETH_LINK,
        buyAsset: 'BTC.BTC',
        sellAmount: '900',
        destinationAddress: BTC_ADDRESS,
        affiliate: 'ab',
        affiliateFee: 10,
      },
      { sellAsset: 'BTC.BTC', buyAsset: ARB_GMX, sellAmount: '0.3', destinationAddress: EVM_ADDRESS },
    ];
    for (const body of bodies) {
      const { routes } = await rawQuote({ ...base, ...body });
      assert.ok(routes.length >= 1);
      for (let i = 1; i < routes.length; i++)
        assert.ok(compareDecimal(routes[i - 1]!.expectedBuyAmount, routes[i]!.expectedBuyAmount) >= 0, 'sorted');
      for (const r of routes) {
        const buyPrice = r.meta.assets.find((a) => a.asset === r.buyAsset)!.price!;
        const sellPrice = r.meta.assets.find((a) => a.asset === r.sellAsset)!.price!;
        const decimals = Math.max(
          ...[r.expectedBuyAmount, ...r.fees.map((f) => f.amount)].map((a) => a.split('.')[1]?.length ?? 0),
        );
        const units = (a: string) => toUnits(a, decimals);
        // route totals agree with the legs
        assert.equal(r.legs[0]!.sellAmount, r.sellAmount);
        assert.equal(r.legs.at(-1)!.buyAmount, r.expectedBuyAmount);
        for (let i = 1; i < r.legs.length; i++) assert.equal(r.legs[i]!.sellAmount, r.legs[i - 1]!.buyAmount);
        assert.deepEqual(
          r.fees,
          r.legs.flatMap((l) => l.fees),
        );
        assert.ok(r.legs.every((l) => r.providers.includes(l.provider)) && r.legs.length === r.providers.length);
        // expected + liquidity + outbound + affiliate (last leg, in the buy asset) = gross at spot price
        const lastFees = r.legs
          .at(-1)!
          .fees.filter((f) => f.asset === r.buyAsset && /^(liquidity|outbound|affiliate)$/i.test(f.type));
        const gross = lastFees.reduce((n, f) => n + units(f.amount), units(r.expectedBuyAmount));
        if (r.legs.length === 1) {
          const spot = (Number(r.sellAmount) * sellPrice) / buyPrice;
          assert.ok(
            Math.abs(Number(gross) / 10 ** decimals / spot - 1) < 1e-6,
            `${r.providers} gross ${gross} vs spot ${spot}`,
          );
        }
        assert.ok(r.fees.some((f) => /^(NETWORK|inbound)$/.test(f.type)));
        if (body.affiliate) assert.ok(r.fees.some((f) => /^affiliate$/i.test(f.type) && f.protocol && f.chain));
        const t = r.estimatedTime as { inbound: number; swap: number; outbound: number; total: number };
        assert.equal(t.total, t.inbound + t.swap + t.outbound);
        assert.equal(r.expectedBuyAmountMaxSlippage, maxSlippage(r.expectedBuyAmount, 100));
      }
    }
  });

  test('fee types: upper case on protocols A and C, lower case on protocol B', async () => {
    const { routes } = await rawQuote({
      ...base,
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '1',
      destinationAddress: EVM_ADDRESS,
      affiliate: 'ab',
      affiliateFee: 20,
    });
    const b = routes.find((r) => r.providers[0] === 'PROTOCOL_B')!;
    const a = routes.find((r) => r.providers[0] === 'PROTOCOL_A')!;
    assert.deepEqual(
      b.fees.map((f) => f.type),
      ['inbound', 'liquidity', 'outbound', 'affiliate'],
    );
    assert.deepEqual(
      a.fees.map((f) => f.type),
      ['NETWORK', 'LIQUIDITY', 'OUTBOUND', 'AFFILIATE'],
    );
  });

  test('tags: one RECOMMENDED, FASTEST and CHEAPEST each, by their own rule, whatever the order', async () => {
    const rates = new Map(
      (await clientFor(server).poolRates()).rates.map((r) => [r.asset.toUpperCase(), Number(r.priceInUsd)]),
    );
    let fastestNotFirst = 0;
    for (const sellAmount of ['0.05', '1', '25']) {
      const { routes } = await rawQuote({
        ...base,
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount,
        destinationAddress: EVM_ADDRESS,
      });
      assert.ok(routes.length >= 3);
      const tagged = (t: string) => routes.filter((r) => r.meta.tags.includes(t));
      for (const t of ['RECOMMENDED', 'FASTEST', 'CHEAPEST']) assert.equal(tagged(t).length, 1, t);
      const minTime = Math.min(...routes.map(total));
      assert.equal(total(tagged('FASTEST')[0]!), minTime);
      const feeUsd = (r: Route) =>
        r.fees.reduce((n, f) => n + Number(f.amount) * (rates.get(f.asset.toUpperCase()) ?? 0), 0);
      const minFee = Math.min(...routes.map(feeUsd));
      assert.ok(feeUsd(tagged('CHEAPEST')[0]!) <= minFee * (1 + 1e-9));
      const score = (r: Route) =>
        Number(r.expectedBuyAmount) * (1 - (Number(TIME_PENALTY_PPM_PER_SECOND) * total(r)) / 1e6);
      assert.ok(score(tagged('RECOMMENDED')[0]!) >= Math.max(...routes.map(score)) * (1 - 1e-12));
      if (routes.indexOf(tagged('FASTEST')[0]!) !== 0) fastestNotFirst++;
    }
    assert.ok(fastestNotFirst > 0, 'FASTEST is not simply the first route');
  });

  /**
   * Whether a memo's asset names the asked one: the same identifier in any case, or the same
   * chain and symbol with a contract cut to at least its last 4 characters.
   */
  const namesAsset = (memoAsset: string, asked: string) => {
    const [m, a] = [memoAsset.toUpperCase(), asked.toUpperCase()];
    if (m === a) return true;
    const [mHead, mContract] = m.split('-') as [string, string?];
    const [aHead, aContract] = a.split('-') as [string, string?];
    return mHead === aHead && !!mContract && !!aContract && mContract.length >= 4 && aContract.endsWith(mContract);
  };
  /** Memo limits by sell chain: 80 bytes of OP_RETURN on UTXO chains, 250 for any memo. */
  const memoLimit = (sellAsset: string) => (/^(BTC|LTC|BCH|DOGE|DASH|ZEC)\./.test(sellAsset) ? 80 : 250);

  test("memos read back, by the protocol's grammar, as the request: asset, destination, limit, affiliate, fee; streaming carries interval/quantity", async () => {
    const cases = [
      {
        sellAsset: 'BTC.BTC',
        buyAsset: 'ETH.ETH',
        sellAmount: '20',
        destinationAddress: EVM_ADDRESS,
        affiliate: 'ab',
        affiliateFee: 30,
        slippage: 0.7,
      },
      {
        sellAsset: 'BTC.BTC',
        buyAsset: ETH_USDC,
        sellAmount: '0.5',
        destinationAddress: EVM_ADDRESS,
        affiliate: 'xyz',
        affiliateFee: 5,
        slippage: 3,
      },
      {
        sellAsset: 'ETH.ETH',
        buyAsset: 'LTC.LTC',
        sellAmount: '2',
        destinationAddress: 'ltc1q8gp8gns98ngxmzrlu29cacxcqst44c00cgywh3',
        slippage: 1,
      },
    ];
    let streaming = 0;
    for (const c of cases) {
      const { routes } = await rawQuote(c);
      const memoRoutes = routes.filter((r) => r.memo);
      assert.ok(memoRoutes.length > 0);
      for (const r of memoRoutes) {
        const protocol = r.providers[0]!.replace(/_STREAMING$/, '') as MemoProtocol;
        const read = readSwapMemo(protocol, r.memo!);
        assert.ok('swap' in read, `${r.memo}: ${'refused' in read ? read.refused : ''}`);
        const m = read.swap;
        assert.ok(namesAsset(m.asset, c.buyAsset), `${m.asset} vs ${c.buyAsset}`);
        assert.equal(m.destination, c.destinationAddress);
        assert.equal(m.refund, undefined);
        assert.equal(m.limitE8, limitE8(r.expectedBuyAmountMaxSlippage));
        assert.deepEqual(m.affiliates, c.affiliate ? [c.affiliate] : []);
        assert.deepEqual(m.feesBps, c.affiliate ? [c.affiliateFee] : []);
        assert.deepEqual(m.aggregator, []);
        assert.ok(Buffer.byteLength(r.memo!) <= memoLimit(c.sellAsset), r.memo);
        assert.ok(r.inboundAddress && r.expiration && /^\d+$/.test(String(r.expiration)));
        if (r.providers[0]!.endsWith('_STREAMING')) {
          streaming++;
          assert.ok(m.streaming);
          assert.equal(m.interval, 1);
          assert.ok(m.quantity >= 2 && m.quantity <= 100);
        } else assert.equal(m.streaming, false);

        // The same fields read off the text by position (the spec's shape
        // `=:<buy_asset>:<destination>:<min_amount>[/<interval>/<quantity>]:<affiliate>:<fee_bps>`),
        // with no reader: the limit is the minimum in 1e8 units, cut toward zero.
        const [fn, asset, destination, limit, affiliate, fee, ...more] = r.memo!.split(':');
        assert.equal(fn, '=');
        assert.ok(asset, r.memo);
        assert.equal(destination, c.destinationAddress);
        const [whole, fraction = ''] = r.expectedBuyAmountMaxSlippage.split('.');
        assert.equal(limit!.split('/')[0], String(BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8))), r.memo);
        assert.deepEqual(
          [affiliate, fee],
          c.affiliate ? [c.affiliate, String(c.affiliateFee)] : [undefined, undefined],
          r.memo,
        );
        assert.deepEqual(more, []);
      }
    }
    assert.ok(streaming >= 2);
  });

  test('protocol B routes have no memo, inbound address or expiration', async () => {
    const { routes } = await rawQuote({ ...base, sellAsset: 'BTC.BTC', buyAsset: 'SOL.SOL', sellAmount: '0.5' });
    const b = routes.filter((r) => r.providers.includes('PROTOCOL_B'));
    assert.ok(b.length >= 1);
    for (const r of b) assert.ok(r.memo === undefined && r.inboundAddress === undefined && r.expiration === undefined);
  });

  test('EVM routes: from, value, approval spender; no tx without includeTx', async () => {
    const client = clientFor(server);
    const native = await client.quote({
      ...base,
      sellAsset: 'ETH.ETH',
      buyAsset: ETH_USDC,
      sellAmount: '1.25',
      sourceAddress: EVM_ADDRESS,
      destinationAddress: EVM_ADDRESS_2,
      includeTx: true,
    });
    const nr = native.routes[0]!;
    const ntx = nr.tx as S.EvmTx;
    assert.equal(ntx.from, EVM_ADDRESS);
    assert.equal(ntx.value, toUnits('1.25', 18).toString());
    assert.equal(ntx.chain_id, 1);
    assert.equal(nr.meta.approvalAddress, undefined);
    assert.equal(nr.meta.txType, 'EVM');
    const call = decodeFunctionData({ abi: AGGREGATOR_ABI, data: ntx.data as `0x${string}` });
    assert.equal(call.functionName, 'swap');
    assert.equal(ntx.data.slice(0, 10), '0x07ed2379', "1inch v6's swap selector");
    assert.equal(call.args[1].amount, toUnits('1.25', 18));
    assert.equal(call.args[1].dstReceiver, EVM_ADDRESS_2);
    assert.equal(call.args[1].srcToken, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE');
    assert.equal(call.args[1].dstToken.toLowerCase(), ETH_USDC.split('-')[1]!.toLowerCase());
    assert.ok(call.args[1].minReturnAmount > 0n);

    const token = await client.quote({
      ...base,
      sellAsset: ETH_USDC,
      buyAsset: 'ETH.ETH',
      sellAmount: '1000',
      sourceAddress: EVM_ADDRESS,
      includeTx: true,
    });
    const tr = token.routes.find((r) => r.providers[0] === 'AGGREGATOR_A')!;
    const ttx = tr.tx as S.EvmTx;
    assert.equal(ttx.from, EVM_ADDRESS);
    assert.equal(ttx.value, '0');
    // Aggregator A is 1inch v6: its router is both the contract called and the spender approved.
    assert.equal(ttx.to, '0x111111125421cA6dc452d289314280a0f8842A65');
    assert.equal(tr.meta.approvalAddress, ttx.to);

    const memoEvm = await client.quote({
      ...base,
      sellAsset: 'ETH.ETH',
      buyAsset: 'BTC.BTC',
      sellAmount: '0.5',
      sourceAddress: EVM_ADDRESS,
      destinationAddress: BTC_ADDRESS,
      includeTx: true,
      providers: ['PROTOCOL_A'],
    });
    const mr = memoEvm.routes[0]!;
    const mtx = mr.tx as S.EvmTx;
    assert.equal(mtx.value, toUnits('0.5', 18).toString());
    assert.equal(mtx.to, mr.targetAddress);
    const deposit = decodeFunctionData({ abi: ROUTER_ABI, data: mtx.data as `0x${string}` });
    assert.equal(deposit.args[3], mr.memo);
    assert.equal(deposit.args[0], mr.inboundAddress);

    const noTx = await client.quote({
      ...base,
      sellAsset: ETH_USDC,
      buyAsset: 'ETH.ETH',
      sellAmount: '1000',
      sourceAddress: EVM_ADDRESS,
    });
    assert.ok(noTx.routes.every((r) => r.tx === undefined));
  });

  test('transaction forms: messages for Cosmos sells, a base64 string for Solana', async () => {
    const client = clientFor(server);
    const thor = await client.quote({
      ...base,
      sellAsset: 'THOR.RUNE',
      buyAsset: 'BTC.BTC',
      sellAmount: '100',
      sourceAddress: 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr',
      destinationAddress: BTC_ADDRESS,
      includeTx: true,
      providers: ['PROTOCOL_A'],
    });
    const msg = z.parse(S.MsgTx, thor.routes[0]!.tx);
    assert.equal(msg.memo, thor.routes[0]!.memo);
    const sol = await client.quote({
      ...base,
      sellAsset: 'SOL.SOL',
      buyAsset: SOL_USDC,
      sellAmount: '3',
      sourceAddress: SOL_ADDRESS,
      includeTx: true,
    });
    const tx = sol.routes[0]!.tx;
    assert.equal(typeof tx, 'string');
    assert.ok(Buffer.from(tx as string, 'base64').length > 200);
  });
});

describe('errors', () => {
  test('pairs the path table does not connect get crossChainNotSupported from each provider', async () => {
    const q = await clientFor(server).quote({
      ...base,
      sellAsset: 'DOT.DOT',
      buyAsset: 'LTC.LTC',
      sellAmount: '100',
      destinationAddress: 'ltc1q8gp8gns98ngxmzrlu29cacxcqst44c00cgywh3',
    });
    assert.equal(q.routes.length, 0);
    assert.ok(q.error);
    assert.ok(q.providerErrors.length >= 6);
    assert.ok(q.providerErrors.every((e) => e.errorCode === 'crossChainNotSupported'));
    const sol = await clientFor(server).quote({ ...base, sellAsset: 'SOL.SOL', buyAsset: 'BSC.BNB', sellAmount: '1' });
    assert.ok(sol.routes.length === 0 && sol.providerErrors.every((e) => e.errorCode === 'crossChainNotSupported'));
  });

  test('provider errors: too small, too large, unknown token, missing destination', async () => {
    const client = clientFor(server);
    const codes = async (body: Record<string, unknown>) => {
      const q = await client.quote({ ...base, sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '1', ...body });
      return { routes: q.routes, codes: new Map(q.providerErrors.map((e) => [e.provider!, e.errorCode!])) };
    };
    const small = await codes({ sellAmount: '0.00003', destinationAddress: EVM_ADDRESS });
    assert.equal(small.codes.get('PROTOCOL_A'), 'swapAmountTooSmall');
    assert.equal(small.codes.get('PROTOCOL_B'), 'swapAmountTooSmall');
    const huge = await codes({ sellAmount: '20000', destinationAddress: EVM_ADDRESS });
    assert.equal(huge.codes.get('PROTOCOL_A'), 'insufficientLiquidity');
    assert.equal(huge.codes.get('PROTOCOL_A_STREAMING'), 'insufficientLiquidity');
    assert.equal(huge.routes.length, 0);
    const unknown = await codes({ buyAsset: 'ETH.NOPE-0x0000000000000000000000000000000000000001' });
    assert.ok(unknown.codes.size >= 6 && [...unknown.codes.values()].every((c) => c === 'tokenNotFound'));
    const noDest = await codes({});
    assert.equal(noDest.codes.get('PROTOCOL_A'), 'unknownError');
    assert.ok(
      noDest.routes.some((r) => r.providers[0] === 'PROTOCOL_B'),
      'protocol B quotes without a destination',
    );
    const decimals = await codes({ sellAmount: '0.123456789' });
    assert.equal(decimals.codes.get('PROTOCOL_A'), 'invalidSellAmount');
  });

  test('tradingHalted is toggled per scope by the control endpoint', async () => {
    const halted = clientFor(server, { apiKey: 'halt-scope' });
    const other = clientFor(server, { apiKey: 'other-scope' });
    const body = {
      ...base,
      sellAsset: 'BTC.BTC',
      buyAsset: 'ETH.ETH',
      sellAmount: '1',
      destinationAddress: EVM_ADDRESS,
    };
    await control(server, 'halt-scope', { halted: ['BTC'] });
    const q = await halted.quote(body);
    assert.equal(q.routes.length, 0);
    assert.ok(q.providerErrors.some((e) => e.provider === 'PROTOCOL_A' && e.errorCode === 'tradingHalted'));
    assert.ok((await other.quote(body)).routes.length > 0, 'another scope is not halted');
    await control(server, 'halt-scope', { halted: [] });
    assert.ok((await halted.quote(body)).routes.length > 0);
  });

  test('bad requests answer 400 problem+json that reaches the client as ServiceError', async () => {
    const client = clientFor(server);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const err = await client
        .quote({ ...base, sellAsset: 'BTC.BTC', buyAsset: 'ETH.ETH', sellAmount: '1', ...body } as never)
        .then(
          () => assert.fail('no error'),
          (e: unknown) => e,
        );
      assert.ok(err instanceof ServiceError, String(err));
      assert.equal(err.status, 400);
      assert.ok(err.detail.length > 10);
      assert.match(err.traceId ?? '', /^[0-9a-f]{32}$/);
      assert.ok(
        err.errors.some((e) => e.field === field),
        JSON.stringify(err.errors),
      );
    };
    await bad({ slippage: 101 }, 'slippage');
    await bad({ slippage: -1 }, 'slippage');
    await bad({ sellAsset: 'BTCBTC' }, 'sellAsset');
    await bad({ buyAsset: 'ETH.USDC-' }, 'buyAsset');
    await bad({ sellAmount: 'abc' }, 'sellAmount');
    await bad({ sellAmount: '1e5' }, 'sellAmount');
    await bad({ providers: ['PROTOCOL_Z'] }, 'providers');
    await bad({ buyAsset: 'BTC.BTC' }, 'buyAsset');

    const r = await raw(server, '/v1/quote', { body: '{"sellAsset": ' });
    assert.equal(r.status, 400);
    assert.match(r.headers.get('content-type') ?? '', /application\/problem\+json/);
    const p = z.parse(S.Problem, r.json);
    assert.equal(p.type, '/errors/validation-error');
    assert.equal(p.title, 'Validation Error');
    assert.equal(p.instance, '/v1/quote');
    assert.ok(p.timestamp && !Number.isNaN(Date.parse(p.timestamp)));
  });

  test('unknown paths and removed versions', async () => {
    const unknown = await raw(server, '/v1/nothing-here');
    assert.equal(unknown.status, 404);
    assert.equal(z.parse(S.Problem, unknown.json).type, '/errors/not-found');
    assert.match(unknown.headers.get('content-type') ?? '', /problem\+json/);
    const gone = await raw(server, '/v0/quote', { body: {} });
    assert.equal(gone.status, 410);
    assert.match(gone.headers.get('content-type') ?? '', /problem\+json/);
    const wrongMethod = await raw(server, '/v1/quote');
    assert.equal(wrongMethod.status, 405);
    const page = await raw(server, '/demo/../package.json');
    assert.equal(page.status, 404);
    const traversal = await raw(server, '/dist/%2e%2e/package.json');
    assert.equal(traversal.status, 404);
  });
});

function maxSlippage(expected: string, bps: number): string {
  const d = expected.split('.')[1]?.length ?? 0;
  const units = (toUnits(expected, d) * BigInt(10_000 - bps)) / 10_000n;
  const s = units.toString().padStart(d + 1, '0');
  const whole = s.slice(0, s.length - d);
  const frac = d ? s.slice(s.length - d).replace(/0+$/, '') : '';
  return frac ? `${whole}.${frac}` : whole;
}
