/**
 * The reference service's EVM shapes a scope can ask for (`vaultSwaps`, `unoswap`): protocol B
 * answering an EVM sell with a call of its Vault, aggregator A with 1inch's `unoswap` family. Read
 * here with viem and ABIs written in the test (not the widget's, not the service's), the
 * `cfParameters` bytes by their published layout; and the stand-in node answering the pool.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeFunctionData, hexToString, parseAbi, type Hex } from 'viem';
import type { DemoServer } from '../../../demo/server/http.js';
import { BTC_ADDRESS, ETH_USDC, EVM_ADDRESS, EVM_ADDRESS_2, control, raw, startRef } from './helpers.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(() => server.close());

const VAULT = parseAbi([
  'function xSwapNative(uint32 dstChain, bytes dstAddress, uint32 dstToken, bytes cfParameters) payable',
  'function xSwapToken(uint32 dstChain, bytes dstAddress, uint32 dstToken, address srcToken, uint256 amount, bytes cfParameters)',
]);
const UNOSWAP = parseAbi([
  'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
]);
/** Chainflip's Vault on Ethereum (chainflip-io/chainflip-docs, mainnet-addresses.mdx). */
const CHAINFLIP_VAULT = '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc';

type RouteJson = {
  providers: string[];
  expectedBuyAmountMaxSlippage: string;
  targetAddress?: string;
  meta: { approvalAddress?: string };
  tx?: { to: string; from: string; value: string; data: Hex };
};

async function routeOf(scope: string, body: Record<string, unknown>, provider: string): Promise<RouteJson> {
  const r = await raw(server, '/v1/quote', {
    body: { slippage: 1, includeTx: true, providers: [provider], ...body },
    headers: { 'x-api-key': scope },
  });
  assert.equal(r.status, 200, r.text);
  const route = (r.json as { routes: RouteJson[] }).routes.find((x) => x.providers.join('->') === provider);
  assert.ok(route, r.text.slice(0, 400));
  return route;
}

/** A little-endian number from `hex` bytes. */
const le = (hex: string) => BigInt(`0x${(hex.match(/../g) ?? []).reverse().join('') || '0'}`);

describe("protocol B's vault swaps (vaultSwaps)", () => {
  it('answers ETH to BTC with xSwapNative: BTC, the address as text, a refund to the source, a least price at the minimum', async () => {
    await control(server, 'vault', { vaultSwaps: true });
    const route = await routeOf(
      'vault',
      {
        sellAsset: 'ETH.ETH',
        buyAsset: 'BTC.BTC',
        sellAmount: '1',
        sourceAddress: EVM_ADDRESS,
        destinationAddress: BTC_ADDRESS,
      },
      'PROTOCOL_B',
    );
    assert.equal(route.tx?.to, CHAINFLIP_VAULT);
    assert.equal(route.tx?.value, '1000000000000000000');
    const { functionName, args } = decodeFunctionData({ abi: VAULT, data: route.tx!.data });
    assert.equal(functionName, 'xSwapNative');
    const [dstChain, dstAddress, dstToken, cf] = args as readonly [number, Hex, number, Hex];
    assert.deepEqual([dstChain, dstToken, hexToString(dstAddress)], [3, 5, BTC_ADDRESS]);
    // VersionedCfParameters::V0: version, retry (u32), refund (20 bytes), least price (U256), no DCA, no boost, broker, bps, no affiliates.
    const b = cf.slice(2);
    assert.equal(b.slice(0, 2), '00');
    assert.equal(`0x${b.slice(10, 50)}`, EVM_ADDRESS.toLowerCase());
    const price = le(b.slice(50, 114));
    const [whole, fraction = ''] = route.expectedBuyAmountMaxSlippage.split('.');
    const minimum = BigInt(`${whole}${fraction.padEnd(8, '0')}`);
    const paid = (price * 10n ** 18n) >> 128n;
    assert.ok(paid >= minimum && paid <= minimum + 1n, `${paid} for a minimum of ${minimum}`);
    assert.equal(b.slice(114, 118), '0000');
    assert.equal(b.length, 2 * (1 + 4 + 20 + 32 + 1 + 1 + 32 + 2 + 1));
  });

  it('answers USDC to BTC with xSwapToken after an approval of the Vault; without the flag, a deposit channel (no transaction)', async () => {
    const body = {
      sellAsset: ETH_USDC,
      buyAsset: 'BTC.BTC',
      sellAmount: '2500',
      sourceAddress: EVM_ADDRESS,
      destinationAddress: BTC_ADDRESS,
    };
    const route = await routeOf('vault', body, 'PROTOCOL_B');
    const { functionName, args } = decodeFunctionData({ abi: VAULT, data: route.tx!.data });
    assert.equal(functionName, 'xSwapToken');
    assert.equal((args[3] as string).toLowerCase(), ETH_USDC.split('-')[1]!.toLowerCase());
    assert.equal(args[4], 2_500_000_000n);
    assert.equal(route.meta.approvalAddress, CHAINFLIP_VAULT);
    assert.equal(route.tx?.value, '0');
    const channel = await routeOf('no-vault', body, 'PROTOCOL_B');
    assert.equal(channel.tx, undefined);
  });
});

describe("aggregator A's unoswap (unoswap)", () => {
  it('answers ETH to USDC for another address with ethUnoswapTo through a pool the stand-in node answers for', async () => {
    await control(server, 'uno', { unoswap: true });
    const route = await routeOf(
      'uno',
      {
        sellAsset: 'ETH.ETH',
        buyAsset: ETH_USDC,
        sellAmount: '1',
        sourceAddress: EVM_ADDRESS,
        destinationAddress: EVM_ADDRESS_2,
      },
      'AGGREGATOR_A',
    );
    const { functionName, args } = decodeFunctionData({ abi: UNOSWAP, data: route.tx!.data });
    assert.equal(functionName, 'ethUnoswapTo');
    const [to, , dex] = args as readonly [bigint, bigint, bigint];
    assert.equal(`0x${to.toString(16).padStart(40, '0')}`, EVM_ADDRESS_2.toLowerCase());
    assert.equal(dex >> 253n, 0n, 'Uniswap V2');
    const pool = `0x${(dex & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`;
    const ask = async (to: string, data: string) =>
      (
        (
          await raw(server, '/__ref/rpc/ETH', {
            body: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] },
          })
        ).json as { result?: string }
      ).result;
    const token0 = await ask(pool, '0x0dfe1681');
    const token1 = await ask(pool, '0xd21220a7');
    const usdc = `0x${'0'.repeat(24)}${ETH_USDC.split('-')[1]!.slice(2).toLowerCase()}`;
    // The direction bit points to USDC.
    assert.equal((dex >> 247n) & 1n ? token1 : token0, usdc);
    const factory = await ask(pool, '0xc45a0155');
    assert.equal(factory, `0x${'0'.repeat(24)}5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f`);
    const listed = await ask(`0x${factory!.slice(26)}`, `0xe6a43905${token0!.slice(2)}${token1!.slice(2)}`);
    assert.equal(listed, `0x${'0'.repeat(24)}${pool.slice(2)}`);
  });
});
