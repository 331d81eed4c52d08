/**
 * Solana and Cosmos routes through the widget's own path: the real client quotes the
 * reference service (through the tamper proxy), the route checks plan them, and the execution
 * controller hands them out. A host that cancels `swap-tx` gets the route's transaction
 * unchanged, written ahead, and goes on with `track(hash)`; a page wallet of the family signs
 * when the host does not; a tampered route is refused with its code and nothing is handed out.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { SwapApiClient } from '../../../src/api/client.js';
import { BadResponseError } from '../../../src/api/errors.js';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { SwapFlow, type HandOut, type Selection } from '../../../src/session/swap-flow.js';
import type { FamilyWallets } from '../../../src/wallet/family-wallets.js';
import { InjectedWallet, WalletError } from '../../../src/wallet/injected-wallet.js';
import type { Draft } from '../../../src/domain/quotes/draft.js';
import { buildQuoteRequest } from '../../../src/domain/quotes/request.js';
import { checkRoute, type CheckContext, type CosmosPlan, type SolanaPlan } from '../../../src/domain/checks/route.js';
import { priceBook, rankRoutes } from '../../../src/domain/quotes/routes.js';
import { MemoryStorage, press, settled, swap } from '../../support/execution-rig.js';
import { HANDOUT_RECORDS_KEY } from '../../../src/domain/flow/handout-records.js';
import {
  FAMILY_HOST_DECIMALS,
  FAMILY_TAMPERS,
  FAMILY_TWINS,
  HANDED_OUT_FAMILY_KINDS,
  HONEST_FAMILY_KINDS,
  ROUTE_FAMILY_TAMPERS,
  widgetAffiliate,
  type TamperRoute,
} from '../../support/tamper-families.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { Host, startHostileServer, type HostileServer } from '../hostile/harness.js';
import { referenceInbound } from '../../support/inbound.js';
import { CLIENT_TIMEOUT_MS } from '../reference/helpers.js';

type Kind = (typeof HONEST_FAMILY_KINDS)[number];

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(() => server.close());
/** Every controller of a test: disconnected after it, which ends its hand-out's expiry timer. */
const live: SwapFlow[] = [];
afterEach(() => {
  for (const c of live.splice(0)) c.hostDisconnected();
});

/** The request the widget sends for a kind: with `includeTx`, as it does for Solana and Cosmos sells with a source address. */
const requestOf = (kind: Kind): QuoteRequest =>
  ({ slippage: 1, ...kind.request, providers: [kind.provider], includeTx: true }) as QuoteRequest;

async function quote(kind: Kind, tamper = 'honest') {
  const client = new SwapApiClient({
    baseUrl: `${server.url}/__tamper/${tamper}`,
    apiKey: `families-${tamper}`,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  const request = requestOf(kind);
  const { tokens } = await client.tokens();
  const listed = new Map(tokens.map((t) => [t.asset.toUpperCase(), t.decimals]));
  const assets = tokens.map((t) => t.asset);
  const result = await client.quote(request);
  const entries = rankRoutes(result.routes, result.routeIndexes, priceBook(undefined));
  const entry = entries.find((e) => e.route.providers.join('->') === kind.provider);
  assert.ok(entry, `${kind.name}: no ${kind.provider} route`);
  const selection: Selection = { quoteId: result.quoteId, entry, request, receivedAt: Date.now() };
  return { client, listed, assets, selection };
}

interface Rig {
  controller: SwapFlow;
  offers: HandOut[];
  storedAtOffer: (string | null)[];
  tracked: { hash: string; chain: string }[];
  problems: { code: string; detail?: unknown }[];
  signed: (SolanaPlan | CosmosPlan)[];
}

function rig(
  q: Awaited<ReturnType<typeof quote>>,
  opts: {
    take: boolean;
    wallets?: Partial<Record<'solana' | 'cosmos', (plan: SolanaPlan | CosmosPlan) => Promise<string>>>;
  },
): Rig {
  const storage = new MemoryStorage();
  const offers: HandOut[] = [];
  const storedAtOffer: (string | null)[] = [];
  const tracked: Rig['tracked'] = [];
  const problems: Rig['problems'] = [];
  const signed: Rig['signed'] = [];
  const none = (family: 'solana' | 'cosmos') => (plan: SolanaPlan | CosmosPlan) =>
    Promise.reject(new WalletError({ code: 'no-wallet', family, chain: plan.chain }));
  const wallet = (family: 'solana' | 'cosmos') => (plan: SolanaPlan | CosmosPlan) => {
    signed.push(plan);
    return (opts.wallets?.[family] ?? none(family))(plan);
  };
  const families: FamilyWallets = {
    solana: { signAndSend: wallet('solana') },
    cosmos: { signAndSend: wallet('cosmos') },
  };
  const controller = new SwapFlow(
    new Host(),
    {
      client: () => q.client,
      service: () => 'https://service.example',
      owner: () => '',
      requote: async () => undefined,
      inbound: async (protocol) => referenceInbound()(protocol),
      tokenDecimals: (asset) => q.listed.get(asset.toUpperCase()),
      // The host gives the decimals of the tokens outside the widget's table, as a wallet would.
      decimals: new TrustedDecimals({ host: () => FAMILY_HOST_DECIMALS, cache: new Map() }),
      knownAssets: () => q.assets,
      // As the widget is configured for the request: its affiliate and fee, and the fee's Solana owner.
      affiliate: () => {
        const { name, ...rest } = widgetAffiliate(q.selection.request);
        return { ...(name ? { code: name } : {}), ...rest };
      },
      offer: (h) => {
        storedAtOffer.push(storage.getItem(HANDOUT_RECORDS_KEY));
        offers.push(h);
        return { taken: opts.take, unheard: false };
      },
      revoke: () => undefined,
      track: (hash, chain) => tracked.push({ hash, chain }),
      error: (p) =>
        problems.push({
          code: p.code,
          ...('wallet' in p ? { detail: p.wallet } : 'refusal' in p ? { detail: p.refusal } : {}),
        }),
      reselect: () => undefined,
    },
    new InjectedWallet({}),
    () => storage as unknown as Storage,
    families,
  );
  live.push(controller);
  return { controller, offers, storedAtOffer, tracked, problems, signed };
}

describe('Solana and Cosmos routes, handed to a host that signs', () => {
  for (const kind of HANDED_OUT_FAMILY_KINDS) {
    it(`${kind.name}: swap-tx of family ${kind.family} with the route's transaction unchanged, then track(hash)`, async () => {
      const q = await quote(kind);
      const r = rig(q, { take: true });
      await swap(r.controller, q.selection);
      assert.deepEqual(r.problems, []);
      assert.equal(r.offers.length, 1);
      const offer = r.offers[0]!;
      assert.equal(offer.type, 'swap-tx');
      const detail = offer.detail as Extract<HandOut, { type: 'swap-tx' }>['detail'];
      assert.equal(detail.family, kind.family);
      assert.equal(detail.kind, 'swap');
      assert.equal(detail.chain, kind.request.sellAsset.split('.')[0]);
      const routeTx = q.selection.entry.route.tx as unknown;
      if (detail.family === 'solana') {
        assert.deepEqual(detail.tx, { from: kind.request.sourceAddress, serialized: routeTx });
      } else if (detail.family === 'cosmos') {
        const msgTx = routeTx as { msgs: unknown[]; fee: unknown; memo: string };
        assert.deepEqual(detail.tx, {
          from: kind.request.sourceAddress,
          msgs: msgTx.msgs,
          fee: msgTx.fee,
          memo: msgTx.memo,
        });
      } else assert.fail('an EVM hand-out');
      assert.equal(detail.summary.sellAmount, kind.request.sellAmount);
      assert.ok(JSON.parse(JSON.stringify(detail)), 'plain JSON');
      // Written ahead, under the id the hand-out carries.
      const stored = JSON.parse(r.storedAtOffer[0]!) as {
        records: Record<string, { id: string; quoteId: string; kind: string; chain: string }[]>;
      };
      const record = stored.records['https://service.example']!.at(-1)!;
      assert.deepEqual(
        { ...record },
        { ...record, id: detail.handoutId, quoteId: q.selection.quoteId, kind: 'swap', chain: detail.chain },
      );
      assert.equal(r.controller.state.phase, 'handed-out');
      assert.equal(r.controller.busy, true);
      // A second press hands out nothing.
      await press(r.controller, q.selection);
      assert.equal(r.offers.length, 1);
      // The host's hash: what `track()` asks of the controller, tracked under the hand-out's quote.
      const hash = detail.family === 'solana' ? '5'.repeat(88) : 'AB'.repeat(32);
      assert.deepEqual(r.controller.answer(hash, undefined), { ok: true, late: false });
      assert.deepEqual(r.tracked, [{ hash, chain: detail.chain }]);
      assert.equal(r.controller.state.phase, 'tracked');
      assert.equal(r.signed.length, 0, 'no page wallet was asked');
    });
  }
});

describe('Cosmos routes the widget refuses by its own rules, though the service means them honestly', () => {
  for (const kind of HONEST_FAMILY_KINDS) {
    if (!('refusedBy' in kind)) continue;
    it(`${kind.name}: refused with ${kind.refusedBy}, nothing handed out`, async () => {
      const q = await quote(kind);
      const r = rig(q, { take: true });
      await swap(r.controller, q.selection);
      assert.equal(r.offers.length, 0);
      assert.deepEqual(
        r.problems.map((p) => [p.code, (p.detail as { code: string }).code]),
        [['route-rejected', kind.refusedBy]],
      );
    });
  }
});

describe('Solana and Cosmos routes, signed by the page wallet of the family', () => {
  for (const kind of HANDED_OUT_FAMILY_KINDS) {
    it(`${kind.name}: the wallet gets the checked plan, its hash is tracked`, async () => {
      const q = await quote(kind);
      const hash = kind.family === 'solana' ? '5'.repeat(88) : 'AB'.repeat(32);
      const r = rig(q, { take: false, wallets: { [kind.family]: async () => hash } });
      await swap(r.controller, q.selection);
      assert.deepEqual(r.problems, []);
      assert.equal(r.offers.length, 1, 'swap-tx is offered to the host first');
      assert.equal(r.signed.length, 1);
      assert.equal(r.signed[0]!.kind, kind.family);
      assert.deepEqual(r.tracked, [{ hash, chain: kind.request.sellAsset.split('.')[0] }]);
      assert.equal(r.controller.state.phase, 'tracked');
    });
  }

  it('a wallet that declines: code wallet, nothing tracked, Swap pressable again', async () => {
    const q = await quote(HANDED_OUT_FAMILY_KINDS[0]!);
    const r = rig(q, {
      take: false,
      wallets: { solana: () => Promise.reject(new WalletError({ code: 'declined', action: 'swap' })) },
    });
    await swap(r.controller, q.selection);
    assert.deepEqual(r.problems, [{ code: 'wallet', detail: { code: 'declined', action: 'swap' } }]);
    assert.equal(r.tracked.length, 0);
    assert.equal(r.controller.busy, false);
    await swap(r.controller, q.selection);
    assert.equal(r.offers.length, 2);
  });

  it('no Cosmos wallet on a route with an inbound address and a memo: code wallet, then the memo flow on request', async () => {
    const kind = HANDED_OUT_FAMILY_KINDS.find((k) => k.name === 'gaia-send')!;
    const q = await quote(kind);
    const r = rig(q, { take: false });
    await swap(r.controller, q.selection);
    assert.deepEqual(r.problems, [{ code: 'wallet', detail: { code: 'no-wallet', family: 'cosmos', chain: 'GAIA' } }]);
    const state = r.controller.state;
    assert.ok(state.phase === 'failed' && state.byHand, 'the memo flow is offered');
    assert.equal(r.controller.payByMemo(), true);
    assert.equal(r.controller.flow.phase, 'reviewing', 'the memo plan is reviewed before it is handed out');
    assert.equal(r.offers.length, 1);
    r.controller.confirm(r.controller.flow.phase === 'reviewing' ? r.controller.flow.consent : []);
    await settled(r.controller);
    assert.equal(r.offers.length, 2);
    const memo = r.offers[1]!;
    assert.equal(memo.type, 'swap-memo');
    if (memo.type !== 'swap-memo') return;
    assert.equal(memo.detail.address, q.selection.entry.route.inboundAddress);
    assert.equal(memo.detail.memo, q.selection.entry.route.memo);
    assert.equal(memo.detail.amount, kind.request.sellAmount);
    assert.equal(r.controller.state.phase, 'handed-out');
    assert.equal(r.controller.payByMemo(), false, 'offered once');
  });

  for (const name of ['thor-deposit', 'solana-sol-sell']) {
    it(`no wallet for ${name}, which has no inbound address: code wallet, no memo flow`, async () => {
      const q = await quote(HANDED_OUT_FAMILY_KINDS.find((k) => k.name === name)!);
      const r = rig(q, { take: false });
      await swap(r.controller, q.selection);
      assert.equal(r.problems[0]?.code, 'wallet');
      const state = r.controller.state;
      assert.ok(state.phase === 'failed' && !state.byHand);
      assert.equal(r.controller.payByMemo(), false);
      assert.equal(r.offers.length, 1);
    });
  }
});

describe('a compromised service: tampered Solana and Cosmos routes are refused before any hand-out', () => {
  const applicable = (t: { family: string; appliesTo: (r: TamperRoute) => boolean }, kind: Kind, route: TamperRoute) =>
    kind.family === t.family && t.appliesTo(route);

  for (const t of [...FAMILY_TAMPERS, ...ROUTE_FAMILY_TAMPERS]) {
    it(`${t.name} -> ${t.code}`, async () => {
      let applied = 0;
      for (const kind of HONEST_FAMILY_KINDS) {
        if (kind.family !== t.family) continue;
        const honest = await quote(kind);
        const route = honest.selection.entry.route as unknown as TamperRoute;
        if (!applicable(t, kind, route)) continue;
        applied++;
        let q: Awaited<ReturnType<typeof quote>>;
        try {
          q = await quote(kind, t.name);
        } catch (error) {
          // A message that is not even the message form fails the client's schema first: the
          // answer is refused as a whole (bad-response), before any check or hand-out.
          assert.ok(error instanceof BadResponseError && t.code === 'cosmos-shape', `${kind.name}: ${String(error)}`);
          continue;
        }
        const r = rig(q, { take: true });
        await swap(r.controller, q.selection);
        assert.equal(r.offers.length, 0, `${kind.name}: handed out`);
        assert.equal(r.problems.length, 1, kind.name);
        assert.equal(r.problems[0]!.code, 'route-rejected', kind.name);
        assert.equal(
          (r.problems[0]!.detail as { code: string }).code,
          ('routeCode' in t && t.routeCode) || ('refusedBy' in kind ? kind.refusedBy : t.code),
          kind.name,
        );
        assert.equal(r.controller.busy, false, 'the form is usable again');
      }
      assert.ok(applied > 0, 'applies to no route');
    });
  }
});

describe('honest twins of the tampered Solana and Cosmos routes are still handed out, unchanged', () => {
  for (const t of FAMILY_TWINS) {
    it(t.name, async () => {
      let applied = 0;
      for (const kind of HANDED_OUT_FAMILY_KINDS) {
        if (kind.family !== t.family) continue;
        const honest = await quote(kind);
        if (!t.appliesTo(honest.selection.entry.route as unknown as TamperRoute)) continue;
        applied++;
        const q = await quote(kind, t.name);
        const r = rig(q, { take: true });
        await swap(r.controller, q.selection);
        assert.deepEqual(r.problems, [], kind.name);
        assert.equal(r.offers.length, 1, kind.name);
        const detail = r.offers[0]!.detail as Extract<HandOut, { type: 'swap-tx' }>['detail'];
        const routeTx = q.selection.entry.route.tx as { msgs?: unknown[] } | string;
        if (detail.family === 'cosmos')
          assert.deepEqual(detail.tx.msgs, (routeTx as { msgs: unknown[] }).msgs, kind.name);
        else if (detail.family === 'solana') assert.equal(detail.tx.serialized, routeTx, kind.name);
      }
      assert.ok(applied > 0, 'applies to no route');
    });
  }
});

describe('the route checks around the Solana and Cosmos checks', () => {
  const context = (q: Awaited<ReturnType<typeof quote>>, request: QuoteRequest): CheckContext => ({
    request,
    decimals: (asset) => new TrustedDecimals({ host: () => FAMILY_HOST_DECIMALS }).known(asset),
    inbound: referenceInbound(),
    affiliate: widgetAffiliate(request),
    now: Date.now(),
  });

  for (const name of ['solana-sol-sell', 'gaia-send', 'thor-deposit']) {
    it(`${name}: a request without a source address is refused (source-address-missing)`, async () => {
      const q = await quote(HANDED_OUT_FAMILY_KINDS.find((k) => k.name === name)!);
      assert.equal(checkRoute(q.selection.entry.route, context(q, q.selection.request)).ok, true, 'honest twin');
      const { sourceAddress: _, ...request } = q.selection.request;
      const r = checkRoute(q.selection.entry.route, context(q, request));
      assert.equal(r.ok ? 'accepted' : r.refusal.code, 'source-address-missing');
    });
  }

  it("JUP's amounts are signed (sold; bought with a Jupiter minimum): without the host's decimals they cannot be counted", async () => {
    for (const [name, side] of [
      ['solana-token-sell-to-another-wallet', 'buyAsset'],
      ['solana-two-leg-to-protocol-b', 'sellAsset'],
    ] as const) {
      const q = await quote(HONEST_FAMILY_KINDS.find((k) => k.name === name)!);
      const untrusted = checkRoute(q.selection.entry.route, {
        ...context(q, q.selection.request),
        decimals: (a) => new TrustedDecimals().known(a),
      });
      assert.deepEqual(
        untrusted.ok ? undefined : untrusted.refusal,
        { code: 'token-decimals-untrusted', params: { asset: q.selection.request[side], chain: 'SOL' } },
        name,
      );
      // With the host's decimals: handed out; the two-leg route then meets its own refusal (issue 30).
      const trusted = checkRoute(q.selection.entry.route, context(q, q.selection.request));
      assert.equal(
        trusted.ok ? 'ok' : trusted.refusal.code,
        name === 'solana-two-leg-to-protocol-b' ? 'first-leg-unbound' : 'ok',
        `${name}: the twin with the host's decimals`,
      );
    }
  });

  it('a one-leg Solana route said to buy an asset of another chain is refused, though its swap is honest', async () => {
    // SOL.USDC -> SOL.SOL, relabelled (request and route) as SOL.USDC -> BTC.BTC with no
    // destination: the swap pays wrapped SOL to the user, which is not what was asked.
    const q = await quote(HANDED_OUT_FAMILY_KINDS.find((k) => k.name === 'solana-token-sell')!);
    const route = {
      ...q.selection.entry.route,
      buyAsset: 'BTC.BTC',
      legs: q.selection.entry.route.legs.map((l) => ({ ...l, buyAsset: 'BTC.BTC' })),
    };
    const request = { ...q.selection.request, buyAsset: 'BTC.BTC' };
    const r = checkRoute(route, context(q, request));
    assert.equal(r.ok ? 'accepted' : r.refusal.code, 'first-leg-unbound');
  });

  it('the widget asks for transactions on Solana and Cosmos sells with a source address, as on EVM', () => {
    const draft = (sellAsset: string, sourceAddress: string) =>
      ({
        sellAsset,
        buyAsset: 'BTC.BTC',
        amount: '1',
        slippage: '1',
        sourceAddress,
        destinationAddress: '',
      }) satisfies Draft;
    for (const [asset, source] of [
      ['SOL.SOL', 'udFm3fT7siGTxVVmbWGj8WE91i9LMs2bn5mzTYbaZh4'],
      ['GAIA.ATOM', 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu'],
      ['THOR.RUNE', 'thor15v4qm5a92agk2lc5tjweftgd5guar8j0lfyfnr'],
      ['ETH.ETH', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ] as const) {
      assert.equal(buildQuoteRequest(draft(asset, source), {}, { affiliateFee: 0 })?.includeTx, true, asset);
      assert.equal(
        buildQuoteRequest(draft(asset, ''), {}, { affiliateFee: 0 })?.includeTx,
        undefined,
        `${asset} without a source`,
      );
    }
    assert.equal(
      buildQuoteRequest(draft('BTC.BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'), {}, { affiliateFee: 0 })
        ?.includeTx,
      undefined,
    );
  });
});
