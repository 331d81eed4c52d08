import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INBOUND_CACHE_MS, INBOUND_TIMEOUT_MS, inboundSource } from '../../../src/api/inbound-client.js';

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
      dustThreshold: 0n,
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

  it('turned off by the host: unverified (every route paying that protocol is then refused), and no request', async () => {
    const f = fakeFetch(() => json([ENTRY]));
    assert.deepEqual(await inboundSource({ urls: { A: 'off' }, fetch: f.fn }).view('A'), {
      status: 'unverified',
      protocol: 'A',
      reason: 'off',
    });
    assert.equal(f.urls.length, 0);
  });

  it('a node that fails, errs or answers garbage leaves the list unverified, never an error', async () => {
    const BTC = { ...ENTRY, chain: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', router: undefined };
    const cases: [string, () => Response | Promise<Response>, string][] = [
      ['unreachable', () => Promise.reject(new TypeError('fetch failed')), 'unreachable'],
      ['503', () => json({ error: 'down' }, 503), 'unreachable'],
      ['HTML', () => new Response('<!doctype html><h1>Bad gateway</h1>', { status: 200 }), 'unreadable'],
      ['cut short', () => new Response('{"chain": "ETH"', { status: 200 }), 'unreadable'],
      ['not a list', () => json({ inbound: [ENTRY] }), 'unreadable'],
      ['a row that is not an object', () => json([ENTRY, null]), 'unreadable'],
      ['halted "no"', () => json([{ ...ENTRY, halted: 'no' }]), 'unreadable'],
      ['halted null', () => json([{ ...ENTRY, halted: null }]), 'unreadable'],
      ['halted missing', () => json([{ ...ENTRY, halted: undefined }]), 'unreadable'],
      ['global_trading_paused "true"', () => json([{ ...ENTRY, global_trading_paused: 'true' }]), 'unreadable'],
      ['global_trading_paused null', () => json([{ ...ENTRY, global_trading_paused: null }]), 'unreadable'],
      ['chain_trading_paused "true"', () => json([{ ...ENTRY, chain_trading_paused: 'true' }]), 'unreadable'],
      ['chain_trading_paused null', () => json([{ ...ENTRY, chain_trading_paused: null }]), 'unreadable'],
      ['empty address', () => json([{ ...ENTRY, address: '' }]), 'unreadable'],
      ['no address', () => json([{ ...ENTRY, address: undefined }]), 'unreadable'],
      ['empty chain', () => json([{ ...ENTRY, chain: '' }]), 'unreadable'],
      ['an EVM row with an empty router', () => json([{ ...ENTRY, router: '' }]), 'unreadable'],
      ['an EVM row without a router', () => json([{ ...ENTRY, router: undefined }]), 'unreadable'],
      ['an EVM row with a null router', () => json([{ ...ENTRY, router: null }]), 'unreadable'],
      ['dust "0.5"', () => json([{ ...ENTRY, dust_threshold: '0.5' }]), 'unreadable'],
      ['dust as a number', () => json([{ ...ENTRY, dust_threshold: 0 }]), 'unreadable'],
      ['dust null', () => json([{ ...ENTRY, dust_threshold: null }]), 'unreadable'],
      // Two entries for one chain: which vault would be the chain's?
      [
        'ETH twice',
        () => json([ENTRY, { ...ENTRY, address: '0x000000000000000000000000000000000000dEaD' }]),
        'unreadable',
      ],
      ['BTC twice, another case', () => json([BTC, { ...BTC, chain: 'btc' }]), 'unreadable'],
      ['too long', () => new Response('x'.repeat(300_000), { status: 200 }), 'unreadable'],
    ];
    for (const [what, answer, reason] of cases) {
      const v = await inboundSource({ urls: { A: 'https://n' }, fetch: fakeFetch(answer).fn }).view('A');
      assert.deepEqual(v, { status: 'unverified', protocol: 'A', reason }, what);
    }
  });

  it('the honest twins: a row of a chain that is not EVM needs no router, LP actions paused and extra fields are read', async () => {
    const BTC = { ...ENTRY, chain: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', router: undefined };
    const v = await inboundSource({
      urls: { A: 'https://n' },
      fetch: fakeFetch(() => json([ENTRY, { ...BTC, dust_threshold: '10000', chain_lp_actions_paused: true, x: {} }]))
        .fn,
    }).view('A');
    assert.equal(v.status, 'verified');
    assert.deepEqual(v.status === 'verified' && v.entries.get('BTC'), {
      chain: 'BTC',
      address: BTC.address,
      halted: false,
      dustThreshold: 10_000n,
    });
    // Maya's rows need only `halted`: the other flags and the dust threshold may be left out.
    const maya = await inboundSource({
      urls: { C: 'https://m' },
      fetch: fakeFetch(() => json([{ chain: 'BTC', address: BTC.address, halted: false }])).fn,
    }).view('C');
    assert.equal(maya.status, 'verified');
  });

  it('an answer later than the limit is not used, whether it came late or the wait was ended', async () => {
    // The clock moves past the limit while the node answers (a slow node).
    let now = 1_000_000;
    for (const [delay, reason] of [
      [INBOUND_TIMEOUT_MS, 'verified'],
      [INBOUND_TIMEOUT_MS + 1, 'late'],
    ] as const) {
      const fetchLate = (async () => {
        now += delay;
        return json([ENTRY]);
      }) as typeof fetch;
      const v = await inboundSource({ urls: { A: 'https://n' }, fetch: fetchLate, now: () => now }).view('A');
      assert.equal(v.status === 'verified' ? 'verified' : v.reason, reason, `${delay} ms`);
    }
    // A node that never answers: the wait ends at the limit (the timer is the test's).
    const timer = new AbortController();
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as typeof fetch;
    let asked = 0;
    const pending = inboundSource({
      urls: { A: 'https://n' },
      fetch: hanging,
      timeout: (ms) => {
        asked = ms;
        return timer.signal;
      },
    }).view('A');
    timer.abort(new DOMException('timed out', 'TimeoutError'));
    assert.deepEqual(await pending, { status: 'unverified', protocol: 'A', reason: 'late' });
    assert.equal(asked, INBOUND_TIMEOUT_MS);
  });

  it('a failure is not kept: the next read asks the node again, and a list read then is used', async () => {
    let answer: Response | undefined = json({ error: 'down' }, 503);
    const f = fakeFetch(() => answer ?? json([ENTRY]));
    const source = inboundSource({ urls: { A: 'https://n' }, fetch: f.fn, now: () => 1_000_000 });
    assert.equal((await source.view('A')).status, 'unverified');
    answer = undefined;
    assert.equal((await source.view('A')).status, 'verified');
    assert.equal(f.urls.length, 2, 'asked again at once');
    await source.view('A');
    assert.equal(f.urls.length, 2, 'the list read is kept');
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
