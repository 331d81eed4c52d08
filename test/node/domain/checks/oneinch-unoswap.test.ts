/**
 * 1inch v6's aggregator calls on one chain: the `unoswap` family decoded (selectors from the
 * ABI's signatures, the pool words of mainnet calls the ERC-7730 registry recorded) and held to
 * the request: the token sold and its amount, the last pool read on chain and found at its
 * factory, the direction bit picking the token bought, `minReturn` one unit each side of the
 * route's minimum, the recipient (the sender, or `to`). And `swap`'s zero receiver (the sender):
 * only when the destination is the source (issue 30, item 8a). Calls are written with the
 * reference service's own encoder (demo/server/unoswap.ts) or viem, not the widget's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeFunctionData, toFunctionSelector, type Hex } from 'viem';
import * as z from 'zod/mini';
import { Route, type QuoteRequest } from '../../../../src/schemas/service.js';
import { ONEINCH_V6_ROUTER } from '../../../../src/domain/chains/contracts.js';
import { ONEINCH_V6_ABI } from '../../../../src/domain/chains/evm.js';
import {
  UNOSWAP_ENTRY_POINTS,
  UNOSWAP_FACTORIES,
  addressOfWord,
  decodeUnoswap,
  parseDex,
} from '../../../../src/domain/chains/oneinch-unoswap.js';
import { checkRoute, type CheckContext } from '../../../../src/domain/checks/route.js';
import type { EvmPlan, PoolFacts } from '../../../../src/domain/checks/plans.js';
import { unoswapPool } from '../../../../src/domain/checks/oneinch-unoswap.js';
import { buildReview } from '../../../../src/domain/flow/review-build.js';
import { listedInbound } from '../../../support/inbound.js';
import { UNOSWAP_ABI, WRAPPED_COIN, pairPool, sortPair, unoswapTx } from '../../../../demo/server/unoswap.js';

const NOW = 1_800_000_000_000;
const SOURCE = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const DEST = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const;
const USDT_TOKEN = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const WETH = WRAPPED_COIN.ETH!;
const ZERO = '0x0000000000000000000000000000000000000000';
const S = Math.floor(NOW / 1000);

/** 1 ETH for 3 300 USDC expected, 3 267 at 1 % (the route's minimum, in USDC units). */
const MIN_USDC = 3_267_000_000n;
/** 3 300 USDC for 1 ETH expected, 0.99 at 1 %. */
const MIN_WEI = 990_000_000_000_000_000n;

/** The pool of the pair as the chain answers for it: Uniswap V2's, listed by its factory. */
function genuine(a: string, b: string): PoolFacts {
  const [token0, token1] = sortPair(a, b);
  return { token0, token1, factory: UNOSWAP_FACTORIES.ETH![0], listed: pairPool('ETH', a, b) };
}

interface Over {
  sell?: 'ETH' | 'USDC';
  destination?: string;
  data?: Hex;
  minReturn?: bigint;
  facts?: PoolFacts | null;
  buyAsset?: string;
}

function unoswapCase(o: Over = {}) {
  const native = (o.sell ?? 'ETH') === 'ETH';
  const sellAsset = native ? 'ETH.ETH' : USDC;
  const buyAsset = o.buyAsset ?? (native ? USDC : 'ETH.ETH');
  const destination = o.destination ?? SOURCE;
  const request: QuoteRequest = {
    sellAsset,
    buyAsset,
    sellAmount: native ? '1' : '3300',
    slippage: 1,
    sourceAddress: SOURCE,
    destinationAddress: destination,
    includeTx: true,
  };
  const tx = unoswapTx({
    chain: 'ETH',
    chainId: 1,
    router: ONEINCH_V6_ROUTER,
    from: SOURCE,
    recipient: destination as `0x${string}`,
    ...(native ? { tokenOut: USDC_TOKEN } : { tokenIn: USDC_TOKEN }),
    amountIn: native ? 10n ** 18n : 3_300_000_000n,
    minReturn: o.minReturn ?? (native ? MIN_USDC : MIN_WEI),
  });
  const route = z.parse(Route, {
    providers: ['AGGREGATOR_A'],
    sellAsset,
    buyAsset,
    sellAmount: request.sellAmount,
    expectedBuyAmount: native ? '3300' : '1',
    expectedBuyAmountMaxSlippage: native ? '3267' : '0.99',
    sourceAddress: SOURCE,
    destinationAddress: destination,
    expiration: String(S + 600),
    tx: { ...tx, ...(o.data ? { data: o.data } : {}) },
    meta: { ...(native ? {} : { approvalAddress: ONEINCH_V6_ROUTER }), tags: [] },
  });
  const facts = o.facts === null ? undefined : (o.facts ?? genuine(WETH, USDC_TOKEN));
  const pool = pairPool('ETH', WETH, USDC_TOKEN);
  const ctx: CheckContext = {
    request,
    decimals: (a) => (a.toUpperCase() === USDC.toUpperCase() ? 6 : undefined),
    affiliate: { bps: 0 },
    inbound: listedInbound({}),
    ...(facts
      ? {
          pool: (chain, address) =>
            chain === 'ETH' && address.toLowerCase() === pool.toLowerCase() ? facts : undefined,
        }
      : {}),
    now: NOW,
  };
  return { route, ctx, tx };
}

const outcome = (o: Over = {}) => {
  const { route, ctx } = unoswapCase(o);
  const r = checkRoute(route, ctx);
  return r.ok ? 'ok' : r.refusal.code;
};

/** The case's calldata with its words edited (`words[0]` the first argument). */
function edited(o: Over, edit: (words: bigint[]) => void): Hex {
  const data = unoswapCase(o).tx.data;
  const words = (data.slice(10).match(/.{64}/g) ?? []).map((w) => BigInt(`0x${w}`));
  edit(words);
  return `${data.slice(0, 10)}${words.map((w) => w.toString(16).padStart(64, '0')).join('')}` as Hex;
}
const BIT = (n: number) => 1n << BigInt(n);

describe("1inch v6's unoswap family, decoded", () => {
  it("has the selectors of the ABI's signatures (viem's toFunctionSelector)", () => {
    const u = (n: number) => Array.from({ length: n }, () => 'uint256').join(',');
    const names = ['unoswap', 'unoswap2', 'unoswap3', 'unoswapTo', 'unoswapTo2', 'unoswapTo3'];
    for (const [i, e] of UNOSWAP_ENTRY_POINTS.entries()) {
      const name = `${e.eth ? 'ethU' : 'u'}${names[i % 6]!.slice(1)}`;
      const count = (e.to ? 1 : 0) + (e.eth ? 0 : 2) + 1 + e.pools;
      assert.equal(count, (i % 6 > 2 ? 1 : 0) + (i > 5 ? 0 : 2) + 1 + (i % 3) + 1, name);
      assert.equal(toFunctionSelector(`function ${name}(${u(count)})`), e.selector, name);
    }
  });

  it('reads the mainnet calls the ERC-7730 registry recorded as the registry reads them, and the pool words by their layout', () => {
    // ethereum/clear-signing-erc7730-registry @ 3b66ba28, registry/1inch/testsv2/calldata-AggregationRouterV6.tests.json
    const ethUnoswap =
      '0xa76dfc3b00000000000000000000000000000000000000000000000000068ea41a18d0d020800000000000000000000004708077eca6bb527a5bbbd6358ffb043a9c1c14';
    const e = decodeUnoswap(ethUnoswap)!;
    assert.equal(e.entry.selector, '0xa76dfc3b');
    assert.equal(e.minReturn, 1_845_685_323_878_608n);
    const d = parseDex(e.dexes[0]!);
    assert.deepEqual(
      [d.pool, d.protocol, d.zeroForOne, d.unwrapWeth, d.unknown],
      ['0x04708077eCa6bb527a5BBbD6358ffb043a9c1C14', 1, true, false, 0n],
    );
    const unoswap =
      '0x83800a8e0000000000000000000000007f39c581f595b53c5cb19bd0b3f8da6c935e2ca000000000000000000000000000000000000000000000000000033398e834d6120000000000000000000000000000000000000000000000000003e7e783e26fe8388000000000000000000000109830a1aaad605bbf02a9dfa7b0b92ec2fb7daa';
    const w = decodeUnoswap(unoswap)!;
    assert.equal(addressOfWord(w.token!).address, '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0');
    assert.equal(w.amount, 901_156_753_954_322n);
    const wd = parseDex(w.dexes[0]!);
    // wstETH -> WETH on Uniswap V3, unwrapped to ETH for the sender.
    assert.deepEqual(
      [wd.pool, wd.protocol, wd.zeroForOne, wd.unwrapWeth, wd.noWrap, wd.unknown],
      ['0x109830a1AAaD605BbF02a9dFA7B0B92EC2FB7dAa', 1, true, true, true, 0n],
    );
    const unoswapTo3 =
      '0xf7a70056000000000000000000000000893ee5a10aec49aae0ae6e5a78ff79e2069f82e8000000000000000000000000320623b8e4ff03373931769a31fc52a4e78b5d70000000000000000000000000000000000000000000007ef4a40090a01ccc00000000000000000000000000000000000000000000000000000000000079e32bd54a1800020008020811000000db6925ea42897ca786a045b252d95aa7370f44b44010010001080008020000002c683fad51da2cd17793219cc86439c1875c353e208000000000000000000000c7bbec68d12a0d1830360f8ec58fa599ba1b0e9b';
    const t = decodeUnoswap(unoswapTo3)!;
    assert.equal(addressOfWord(t.to!).address, '0x893Ee5a10aEC49aAe0Ae6e5A78FF79e2069F82e8');
    assert.deepEqual(
      t.dexes.map((x) => parseDex(x).protocol),
      [2, 2, 1],
    );
    assert.equal(parseDex(t.dexes[2]!).pool, '0xc7bBeC68d12a0d1830360F8Ec58fA599bA1b0e9b');
    // Not the family's: another length, another selector.
    assert.equal(decodeUnoswap(`${ethUnoswap}00`), undefined);
    assert.equal(decodeUnoswap(ethUnoswap.slice(0, -64)), undefined);
    assert.equal(decodeUnoswap(`0x07ed2379${ethUnoswap.slice(10)}`), undefined);
  });

  it('names the pool to read: the last one, on the sell chain', () => {
    const { route, ctx } = unoswapCase();
    assert.deepEqual(unoswapPool(route, ctx.request), {
      chain: 'ETH',
      pool: pairPool('ETH', WETH, USDC_TOKEN),
      protocol: 0,
    });
  });
});

describe('an unoswap call is held to the request', () => {
  it('honest: ETH to USDC (ethUnoswap) and USDC to ETH (unoswap, unwrapped), to the sender', () => {
    assert.equal(outcome(), 'ok');
    const { route, ctx } = unoswapCase({ sell: 'USDC' });
    const r = checkRoute(route, ctx);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.refusal));
    const plan = r.plan as EvmPlan;
    assert.deepEqual(plan.to, { address: ONEINCH_V6_ROUTER, role: 'aggregator', name: '1inch' });
    assert.equal(plan.approval?.spender, ONEINCH_V6_ROUTER);
    assert.equal(plan.approval?.amount, 3_300_000_000n);
  });

  it("the direction bit decides the token bought: the pool's other token is refused", () => {
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! ^= BIT(247))) }), 'aggregator-dst-token-mismatch');
    assert.equal(
      outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[3]! ^= BIT(247))) }),
      'aggregator-dst-token-mismatch',
    );
    // Unwrapping what the user asked as a token, or keeping WETH when the coin was asked for.
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= BIT(252))) }), 'aggregator-dst-token-mismatch');
    assert.equal(
      outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[3]! &= ~BIT(252))) }),
      'aggregator-dst-token-mismatch',
    );
    // A pool of another pair whose direction points to another token.
    assert.equal(outcome({ facts: genuine(WETH, USDT_TOKEN) }), 'unoswap-pool-unverified');
    assert.equal(
      outcome({ facts: { ...genuine(WETH, USDT_TOKEN), listed: pairPool('ETH', WETH, USDC_TOKEN) } }),
      'aggregator-dst-token-mismatch',
    );
  });

  it("holds minReturn to the route's minimum: exactly passes, one unit less is refused", () => {
    assert.equal(outcome({ minReturn: MIN_USDC }), 'ok');
    assert.equal(outcome({ minReturn: MIN_USDC + 1n }), 'ok');
    assert.equal(outcome({ minReturn: MIN_USDC - 1n }), 'aggregator-minimum-too-low');
    assert.equal(outcome({ sell: 'USDC', minReturn: MIN_WEI - 1n }), 'aggregator-minimum-too-low');
  });

  it('pays the destination: to the sender only when it is the destination; a To form to the destination only', () => {
    // ethUnoswapTo to the destination the user typed: handed out.
    assert.equal(outcome({ destination: DEST }), 'ok');
    assert.equal(unoswapCase({ destination: DEST }).tx.data.slice(0, 10), '0x175accdc');
    // The same To form to another address, or the sender form when the destination is another address.
    assert.equal(
      outcome({ destination: DEST, data: edited({ destination: DEST }, (w) => (w[0] = BigInt(ATTACKER))) }),
      'aggregator-receiver-mismatch',
    );
    assert.equal(outcome({ destination: DEST, data: unoswapCase().tx.data as Hex }), 'aggregator-receiver-mismatch');
    assert.equal(
      outcome({ destination: DEST, data: edited({ destination: DEST }, (w) => (w[0]! |= BIT(200))) }),
      'aggregator-receiver-mismatch',
    );
  });

  it('sells exactly what is asked: the token, its amount, the coin only by the eth forms', () => {
    assert.equal(
      outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[1]! += 1n)) }),
      'aggregator-amount-mismatch',
    );
    assert.equal(
      outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[0] = BigInt(USDT_TOKEN))) }),
      'aggregator-src-token-mismatch',
    );
    assert.equal(
      outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[0]! |= BIT(255))) }),
      'aggregator-src-token-mismatch',
    );
    assert.equal(outcome({ sell: 'USDC', data: unoswapCase().tx.data as Hex }), 'aggregator-src-token-mismatch');
  });

  it('reads only the pool flags the layout names, where the router reads them', () => {
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= BIT(248))) }), 'unoswap-flags-unknown');
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= BIT(250))) }), 'unoswap-flags-unknown', 'Permit2');
    assert.equal(
      outcome({ data: edited({}, (w) => (w[1]! |= BIT(251))) }),
      'unoswap-flags-unknown',
      'the coin not wrapped',
    );
    // Its honest twins: "not wrapped" on a token sell (the router reads it for the coin only), a V2 fee numerator.
    assert.equal(outcome({ sell: 'USDC', data: edited({ sell: 'USDC' }, (w) => (w[3]! |= BIT(251))) }), 'ok');
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= 997_000_000n << 160n)) }), 'ok');
    // Curve, and what no source names.
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= 2n << 253n)) }), 'unoswap-pool-unverified');
    assert.equal(outcome({ data: edited({}, (w) => (w[1]! |= 5n << 253n)) }), 'unoswap-pool-unverified');
  });

  it('reads the last pool on chain and takes it only from its factory: unread or not listed there, refused', () => {
    assert.equal(outcome({ facts: null }), 'unoswap-pool-unread');
    assert.equal(outcome({ facts: { ...genuine(WETH, USDC_TOKEN), factory: ATTACKER } }), 'unoswap-pool-unverified');
    assert.equal(outcome({ facts: { ...genuine(WETH, USDC_TOKEN), listed: ZERO } }), 'unoswap-pool-unverified');
  });

  it('never a first leg: an unoswap for another chain is refused', () => {
    const { route, ctx } = unoswapCase({ buyAsset: 'BTC.BTC' });
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const r = checkRoute(
      { ...route, destinationAddress: btc },
      { ...ctx, request: { ...ctx.request, destinationAddress: btc } },
    );
    assert.equal(r.ok ? 'ok' : r.refusal.code, 'first-leg-unbound');
  });

  it('the review shows the minimum the call signs', () => {
    const { route, ctx } = unoswapCase({ minReturn: MIN_USDC + 5n });
    const r = checkRoute(route, ctx);
    assert.ok(r.ok);
    const review = buildReview({
      plan: r.plan as EvmPlan,
      route,
      request: ctx.request,
      decimals: ctx.decimals,
      affiliate: { bps: 0 },
      expiresAt: NOW + 60_000,
      fees: [],
    });
    assert.equal(review.receive.minimum, '3267.000005');
  });
});

describe("1inch's swap: a zero receiver is the sender (issue 30, item 8a)", () => {
  /** ETH -> USDC by `swap`, paid to `receiver`, the user's destination `destination`. */
  function swapCase(receiver: string, destination: string) {
    const { route, ctx } = unoswapCase({ destination });
    const data = encodeFunctionData({
      abi: ONEINCH_V6_ABI,
      functionName: 'swap',
      args: [
        '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
        {
          srcToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          dstToken: USDC_TOKEN,
          srcReceiver: '0x5141B82f5fFDa4c6fE1E372978F1C5427640a190',
          dstReceiver: receiver as `0x${string}`,
          amount: 10n ** 18n,
          minReturnAmount: MIN_USDC,
          flags: 0n,
        },
        '0x',
      ],
    });
    const r = checkRoute({ ...route, tx: { ...route.tx!, data } }, ctx);
    return r.ok ? 'ok' : r.refusal.code;
  }

  it('zero pays the sender: refused when the destination is another address, handed out when it is the source', () => {
    assert.equal(swapCase(ZERO, DEST), 'aggregator-receiver-mismatch');
    assert.equal(swapCase(ZERO, SOURCE), 'ok');
    assert.equal(swapCase(ZERO, SOURCE.toLowerCase()), 'ok', 'the source in another case is the same account');
    // Its honest twin: the destination named in the call.
    assert.equal(swapCase(DEST, DEST), 'ok');
    assert.equal(swapCase(SOURCE, DEST), 'aggregator-receiver-mismatch');
  });
});

describe("the reference service's calls are the ABI's", () => {
  it('its unoswap encoder writes what the ABI says, and the widget reads them back', () => {
    const data = encodeFunctionData({ abi: UNOSWAP_ABI, functionName: 'ethUnoswap', args: [1n, 2n] });
    assert.deepEqual(decodeUnoswap(data)?.dexes, [2n]);
  });
});
