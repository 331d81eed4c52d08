import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INBOUND_CACHE_MS, inboundSource } from '../../../src/api/inbound-client.js';

/** A THORNode entry as `openapi.yaml` shapes it (recorded fields of xchainjs' mock, other values). */
const ENTRY = {
  chain: 'ETH',
  pub_key: 'thorpub1addwnpepqdaln9pasrj33vzcupezwp60hdgk8v797shp75jxp23xfvtu5gyd546uwcy',
  address: '0xfc7a552fb07e83fe74b91638505a0b5bdb3e1d00',
  router: '0xD37BbE5744D730a1d98d8DC97c42F0Ca46aD7146',
  halted: false,
  global_trading_paused: false,
  chain_trading_paused: false,
  chain_lp_actions_paused: false,
  gas_rate: '90',
  gas_rate_units: 'gwei',
  outbound_tx_size: '100000',
  outbound_fee: '600000',
  dust_threshold: '0',
};

function fakeFetch(answer: (url: string) => Response | Promise<Response>) {
  const urls: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return answer(String(input));
  }) as typeof fetch;
  return { fn, urls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the memo protocols' inbound lists, read from their nodes", () => {
  it("reads a THORNode's answer at {thornode-url}/thorchain/inbound_addresses and a Mayanode's at /mayachain/...", async () => {
    const f = fakeFetch(() =>
      json([
        ENTRY,
        { ...ENTRY, chain: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', router: undefined },
      ]),
    );
    const source = inboundSource({ urls: { A: 'https://node.example', C: 'https://maya.example/base' }, fetch: f.fn });
    const a = await source.view('A');
    assert.equal(a.status, 'verified');
    if (a.status !== 'verified') return;
    assert.deepEqual(a.entries.get('ETH'), {
      chain: 'ETH',
      address: ENTRY.address,
      router: ENTRY.router,
      halted: false,
    });
    assert.equal(a.entries.get('BTC')?.router, undefined);
    await source.view('C');
    assert.deepEqual(f.urls, [
      'https://node.example/thorchain/inbound_addresses',
      'https://maya.example/base/mayachain/inbound_addresses',
    ]);
  });

  it('uses the public nodes when the host names none', async () => {
    const f = fakeFetch(() => json([ENTRY]));
    const source = inboundSource({ urls: {}, fetch: f.fn });
    await source.view('A');
    await source.view('C');
    assert.deepEqual(f.urls, [
      'https://thornode.ninerealms.com/thorchain/inbound_addresses',
      'https://mayanode.mayachain.info/mayachain/inbound_addresses',
    ]);
  });

  it('a chain halted, or trading paused globally or on the chain, is halted; all three flags read', async () => {
    for (const flag of ['halted', 'global_trading_paused', 'chain_trading_paused'] as const) {
      const source = inboundSource({
        urls: { A: 'https://n' },
        fetch: fakeFetch(() => json([{ ...ENTRY, [flag]: true }])).fn,
      });
      const v = await source.view('A');
      assert.ok(v.status === 'verified' && v.entries.get('ETH')?.halted === true, flag);
    }
    // LP actions paused does not stop a swap.
    const lp = await inboundSource({
      urls: { A: 'https://n' },
      fetch: fakeFetch(() => json([{ ...ENTRY, chain_lp_actions_paused: true }])).fn,
    }).view('A');
    assert.ok(lp.status === 'verified' && lp.entries.get('ETH')?.halted === false);
  });

  it('turned off by the host: unverified, and no request', async () => {
    const f = fakeFetch(() => json([ENTRY]));
    assert.deepEqual(await inboundSource({ urls: { A: 'off' }, fetch: f.fn }).view('A'), {
      status: 'unverified',
      protocol: 'A',
      reason: 'off',
    });
    assert.equal(f.urls.length, 0);
  });

  it('a node that fails, errs or answers garbage leaves the list unverified, never an error', async () => {
    const cases: [() => Response | Promise<Response>, string][] = [
      [() => Promise.reject(new TypeError('fetch failed')), 'unreachable'],
      [() => json({ error: 'down' }, 503), 'unreachable'],
      [() => new Response('{"chain": "ETH"', { status: 200 }), 'unreadable'],
      [() => json({ inbound: [ENTRY] }), 'unreadable'],
      [() => json([{ ...ENTRY, halted: 'no' }]), 'unreadable'],
      [() => json([{ ...ENTRY, address: '' }]), 'unreadable'],
      // Two entries for one chain: which vault would be the chain's?
      [() => json([ENTRY, { ...ENTRY, address: '0x000000000000000000000000000000000000dEaD' }]), 'unreadable'],
      [() => new Response('x'.repeat(300_000), { status: 200 }), 'unreadable'],
    ];
    for (const [answer, reason] of cases) {
      const v = await inboundSource({ urls: { A: 'https://n' }, fetch: fakeFetch(answer).fn }).view('A');
      assert.deepEqual(v, { status: 'unverified', protocol: 'A', reason });
    }
  });

  it('keeps a read list for a short while only (vaults churn), and reads again after', async () => {
    let now = 1_000_000;
    const f = fakeFetch(() => json([ENTRY]));
    const source = inboundSource({ urls: { A: 'https://n' }, fetch: f.fn, now: () => now });
    await source.view('A');
    now += INBOUND_CACHE_MS - 1;
    await source.view('A');
    assert.equal(f.urls.length, 1, 'one read within the window');
    now += 1;
    await source.view('A');
    assert.equal(f.urls.length, 2, 'read again at the window');
  });

  it('a read aborted by the widget rejects and is not kept', async () => {
    const fn = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const source = inboundSource({ urls: { A: 'https://n' }, fetch: fn });
    const controller = new AbortController();
    const pending = source.view('A', controller.signal);
    controller.abort();
    await assert.rejects(pending);
  });
});
