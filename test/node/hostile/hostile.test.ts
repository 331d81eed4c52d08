/**
 * The hostile-service suite: every case of test/support/hostile-cases.ts through the real
 * client, checks and execution controller, against the reference service behind the tamper
 * proxy over HTTP. A case passes only when nothing is handed out and the refusal is the
 * expected one, so switching any single check off fails its cases; each honest twin must
 * still be handed out, with the right content.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { decodeFunctionData, parseAbi, type Hex } from 'viem';
import { toUnits } from '../../../src/domain/amounts/amount.js';
import { parseSwapMemo, SHORT_ASSETS } from '../../../src/domain/chains/memo.js';
import {
  HONEST_TWINS,
  HOSTILE_CASES,
  SCENARIOS,
  type AttackClass,
  type ScenarioName,
} from '../../support/hostile-cases.js';
import { CHANNEL_HANDOUT_SECONDS } from '../../../src/domain/checks/route.js';
import { UNDATED_ROUTE_HANDOUT_MS } from '../../../src/domain/flow/handout.js';
import { runCase, startHostileServer, type HostileServer, type Outcome } from './harness.js';
import type { SwapTxDetail } from '../../../src/events.js';

const APPROVE = parseAbi(['function approve(address spender, uint256 amount) returns (bool)']);
/** Protocol B's Vault on Ethereum (chainflip-io/chainflip-docs, mainnet-addresses.mdx). */
const CHAINFLIP_VAULT_ETH = '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc';

let server: HostileServer;
before(async () => {
  server = await startHostileServer();
});
after(async () => {
  await server.close();
});

function assertNothingHandedOut(o: Outcome) {
  assert.deepEqual(o.txs, [], 'a swap-tx was dispatched');
  assert.deepEqual(o.memos, [], 'a swap-memo was dispatched');
}

/** The hand-out a scenario makes when its route passes, checked against the route and request. */
function assertHandedOut(o: Outcome, scenario: ScenarioName) {
  const s = SCENARIOS[scenario];
  const route = o.selection.entry.route;
  assert.deepEqual(o.errors, [], `refused: ${JSON.stringify(o.errors[0]?.refusal)}`);
  switch (s.handOut) {
    case 'memo': {
      assert.equal(o.memos.length, 1);
      assert.equal(o.txs.length, 0);
      const m = o.memos[0]!;
      assert.deepEqual(
        [m.chain, m.asset, m.amount, m.address, m.memo],
        [s.sellAsset.split('.')[0], s.sellAsset, s.sellAmount, route.inboundAddress, route.memo],
      );
      const parsed = parseSwapMemo(m.memo, SHORT_ASSETS);
      assert.ok(parsed.ok);
      assert.equal(parsed.memo.destination.toLowerCase(), s.destinationAddress.toLowerCase());
      break;
    }
    case 'channel': {
      assert.equal(o.memos.length, 1);
      const m = o.memos[0]!;
      assert.deepEqual(
        [m.chain, m.asset, m.amount, m.memo],
        [s.sellAsset.split('.')[0], s.sellAsset, s.sellAmount, ''],
      );
      assert.match(m.address, /^0x[0-9a-fA-F]{40}$/);
      assert.ok(m.expiresAt && Date.parse(m.expiresAt) > Date.now());
      break;
    }
    case 'cosmos': {
      // One message sending exactly the sell amount to the vault the route names, with its memo.
      assert.equal(o.memos.length, 0);
      assert.equal(o.txs.length, 1);
      const t = o.txs[0] as unknown as Extract<SwapTxDetail, { family: 'cosmos' }>;
      assert.deepEqual(
        [t.family, t.kind, t.chain, t.tx.memo],
        ['cosmos', 'swap', s.sellAsset.split('.')[0], route.memo],
      );
      const [msg] = t.tx.msgs as { value: { to_address: string; amount: { amount: string }[] } }[];
      assert.equal(msg!.value.to_address, route.inboundAddress);
      assert.equal(msg!.value.amount[0]!.amount, String(toUnits(s.sellAmount, 6)));
      break;
    }
    case 'swap':
    case 'approve+swap': {
      assert.equal(o.memos.length, 0);
      const tx = (route.tx ?? route.transaction) as { to: string; from: string; value: string; data: string };
      const kinds = o.txs.map((t) => t.kind);
      // USDT-style tokens (LINK among them) are reset to zero first: approve 0, approve the amount.
      const resets = s.sellAsset === 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA' ? ['approve'] : [];
      assert.deepEqual(kinds, s.handOut === 'swap' ? ['swap'] : [...resets, 'approve', 'swap']);
      const swap = o.txs.at(-1)!;
      assert.equal(swap.chain, 'ETH');
      assert.deepEqual(
        { ...swap.tx, value: BigInt(swap.tx.value) },
        { to: tx.to, from: tx.from, value: BigInt(tx.value), data: tx.data, chainId: 1 },
      );
      if (s.handOut === 'approve+swap') {
        const approve = o.txs.at(-2)!;
        if (resets.length)
          assert.equal(decodeFunctionData({ abi: APPROVE, data: o.txs[0]!.tx.data as Hex }).args[1], 0n);
        const token = s.sellAsset.split('-')[1]!;
        assert.equal(approve.tx.to.toLowerCase(), token.toLowerCase());
        assert.equal(approve.tx.value, '0');
        const { args } = decodeFunctionData({ abi: APPROVE, data: approve.tx.data as Hex });
        assert.equal(
          args[0].toLowerCase(),
          String(route.meta.approvalAddress ?? tx.to).toLowerCase(),
          'approved to the route spender',
        );
        const [w, f = ''] = s.sellAmount.split('.');
        const decimals = s.sellAsset.startsWith('ETH.USDC') ? 6 : 18;
        assert.equal(args[1], BigInt(w! + f.padEnd(decimals, '0')), 'an exact approval');
      }
      break;
    }
  }
}

/** Why a node of each class could not vouch for a route (`protocol-unverified`'s `reason`). */
const NODE_REASONS: Partial<Record<AttackClass, string>> = {
  'node-down': 'unreachable',
  'node-slow': 'late',
  'node-lying': 'unreadable',
  'node-off': 'off',
};

const classes = new Map<AttackClass, { cases: number; twins: number }>();
for (const c of Object.values(HOSTILE_CASES))
  classes.set(c.attack, { cases: (classes.get(c.attack)?.cases ?? 0) + 1, twins: 0 });
for (const t of Object.values(HONEST_TWINS)) classes.get(t.attack)!.twins += 1;

describe('hostile service: the table', () => {
  it('has at least 100 cases, and every class its cases and an honest twin', () => {
    assert.ok(Object.keys(HOSTILE_CASES).length >= 100, `${Object.keys(HOSTILE_CASES).length} cases`);
    for (const [attack, n] of classes) {
      assert.ok(n.cases > 0 && n.twins > 0, `${attack}: ${n.cases} cases, ${n.twins} twins`);
    }
  });

  it('covers every route kind, refused and handed out (a kind the widget never hands out: refused)', () => {
    const kinds = new Set(Object.values(HOSTILE_CASES).map((c) => c.scenario));
    const twins = new Set(Object.values(HONEST_TWINS).map((c) => c.scenario));
    for (const [s, scenario] of Object.entries(SCENARIOS)) {
      assert.ok(kinds.has(s as ScenarioName), s);
      assert.equal(twins.has(s as ScenarioName), !scenario.refusedAs, s);
    }
  });
});

describe('hostile service: every route kind is handed out when honest', () => {
  for (const name of Object.keys(SCENARIOS) as ScenarioName[]) {
    const refusedAs = SCENARIOS[name].refusedAs;
    if (refusedAs) {
      it(`${SCENARIOS[name].kind}: never handed out, refused with ${refusedAs}`, async () => {
        const o = await runCase(server, 'honest', name, { acceptRisk: true });
        assertNothingHandedOut(o);
        assert.equal(o.refusal?.code, refusedAs);
      });
      continue;
    }
    it(`${SCENARIOS[name].kind}`, async () => {
      const o = await runCase(server, 'honest', name, { acceptRisk: true });
      assertHandedOut(o, name);
      // Verified with the protocol's own list: the user is asked nothing, but for a deposit channel (no list publishes them).
      const channel = SCENARIOS[name].handOut === 'channel';
      assert.deepEqual(o.risk, channel ? ['deposit-address-unverified'] : undefined);
      assert.equal(o.review?.to.role === 'deposit-address', channel, 'the review says whom it pays');
      // A Vault call: the review names the Vault and what the call binds.
      if (SCENARIOS[name].control?.vaultSwaps) {
        assert.deepEqual(o.review?.to, { address: CHAINFLIP_VAULT_ETH, role: 'vault', name: 'Chainflip' });
        assert.equal(o.review?.call?.destination, SCENARIOS[name].destinationAddress);
        assert.equal(o.review?.call?.asset, SCENARIOS[name].buyAsset);
        assert.equal(o.review?.call?.refund, SCENARIOS[name].sourceAddress!.toLowerCase());
        assert.equal(o.review?.receive.minimum, o.review?.call?.minimum);
      }
    });
  }
});

describe('hostile service: refused, nothing handed out', () => {
  for (const [name, c] of Object.entries(HOSTILE_CASES)) {
    it(`${c.attack} / ${SCENARIOS[c.scenario].kind}: ${name} -> ${c.refusal}`, async () => {
      // Even a user who accepts every unverified address gets nothing handed out.
      const o = await runCase(server, name, c.scenario, { acceptRisk: true });
      assertNothingHandedOut(o);
      assert.equal(o.refusal?.code, c.refusal, `refusal ${JSON.stringify(o.refusal)} (state ${o.state.phase})`);
      assert.equal(o.errors.length, 1);
      const error = o.errors[0]!;
      assert.equal(error.refusal?.code, c.refusal);
      // A list that could not be read says which protocol's, and why.
      const why = NODE_REASONS[c.attack];
      if (c.refusal === 'protocol-unverified' && why)
        assert.deepEqual(error.refusal?.params, { protocol: c.providersAs === 'MAYACHAIN' ? 'C' : 'A', reason: why });
      if (c.refusal === 'route-expired') {
        assert.equal(error.code, 'route-expired');
      } else {
        assert.equal(error.code, 'route-rejected');
        assert.equal(o.state.phase, 'failed');
        // The message names the reason, not only that the route was refused.
        assert.match(error.message, /^This route was refused: .{12,}\.$/);
      }
    });
  }
});

describe('hostile service: honest twins are still handed out', () => {
  for (const [name, t] of Object.entries(HONEST_TWINS)) {
    it(`${t.attack} / ${SCENARIOS[t.scenario].kind}: ${name}`, async () => {
      const startedAt = Date.now();
      const o = await runCase(server, name, t.scenario, { acceptRisk: true });
      const endedAt = Date.now();
      assertHandedOut(o, t.scenario);
      if (t.expect?.value !== undefined) assert.equal(BigInt(o.txs.at(-1)!.tx.value), t.expect.value);
      if (t.expect?.expiresAt === 'from-route') {
        const expiration = o.selection.entry.route.expiration!;
        const ms = typeof expiration === 'number' ? expiration : Date.parse(expiration);
        assert.equal(o.memos[0]!.expiresAt, new Date(ms).toISOString());
      }
      if (t.expect?.expiresAt === 'undated-limit') {
        assert.equal(o.selection.entry.route.expiration, undefined);
        assert.equal(o.memos[0]!.expiresAt, new Date(o.selection.receivedAt + UNDATED_ROUTE_HANDOUT_MS).toISOString());
      }
      if (t.expect?.expiresAt === 'hand-out-window') {
        const at = Date.parse(o.memos[0]!.expiresAt!);
        assert.ok(
          at >= startedAt + CHANNEL_HANDOUT_SECONDS * 1000 && at <= endedAt + CHANNEL_HANDOUT_SECONDS * 1000,
          String(o.memos[0]!.expiresAt),
        );
      }
    });
  }
});

/**
 * A scripted EIP-1193 wallet (the widget's own `Eip1193Provider` interface): the source
 * account, already connected, on chain `chainId` (1), a token answering `decimals()` with
 * `decimals` and `allowance()` with `allowance` (none yet by default), every transaction
 * mined at once.
 */
function scriptedWallet(decimals: number | 'revert', chainId = 1, allowance = 0n) {
  return {
    /** `decimals()` calls, and whether a transaction had been sent before each. */
    decimalsCalls: [] as { afterSend: boolean }[],
    /** The allowance each `approve` sent sets, in order. */
    approvals: [] as bigint[],
    sent: false,
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [SCENARIOS['multi-leg'].sourceAddress!.toLowerCase()];
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`;
        case 'wallet_switchEthereumChain':
          throw Object.assign(new Error('declined'), { code: 4001 });
        case 'eth_call': {
          const data = (params?.[0] as { data: string }).data;
          if (data === '0x313ce567') {
            this.decimalsCalls.push({ afterSend: this.sent });
            if (decimals === 'revert') throw Object.assign(new Error('execution reverted'), { code: 3 });
            return `0x${decimals.toString(16).padStart(64, '0')}`;
          }
          if (data.startsWith('0xdd62ed3e')) return `0x${allowance.toString(16).padStart(64, '0')}`;
          return `0x${'0'.repeat(64)}`;
        }
        case 'eth_sendTransaction': {
          this.sent = true;
          const data = (params?.[0] as { data: Hex }).data;
          if (data.startsWith('0x095ea7b3')) this.approvals.push(decodeFunctionData({ abi: APPROVE, data }).args[1]);
          return `0x${'ab'.repeat(32)}`;
        }
        case 'eth_getTransactionReceipt':
          return { status: '0x1' };
        default:
          throw new Error(`unexpected ${method}`);
      }
    },
  };
}

describe('hostile service: a token no table lists has its decimals read through the connected page wallet', () => {
  // `decimals-sell-untrusted`: the route sells LINK, and the host gives no decimals.
  it('read as 18 (the list agrees): counted in them, approved exactly and sent', async () => {
    const wallet = scriptedWallet(18);
    const o = await runCase(server, 'decimals-sell-untrusted', 'link-sell', { wallet });
    assert.deepEqual(o.errors, []);
    assert.deepEqual(
      wallet.decimalsCalls,
      [{ afterSend: false }],
      'decimals() was read once, before anything was sent',
    );
    assert.equal(o.walletCalls.filter((m) => m === 'eth_sendTransaction').length, 2, 'the approval and the swap');
  });

  it('read as 6 while the list says 18: the list lies, refused before anything is offered or sent', async () => {
    const o = await runCase(server, 'decimals-sell-untrusted', 'link-sell', { wallet: scriptedWallet(6) });
    assert.equal(o.refusal?.code, 'token-decimals-mismatch');
    assert.deepEqual(o.refusal?.params, {
      asset: SCENARIOS['link-sell'].sellAsset,
      list: 18,
      trusted: 6,
      source: 'read',
    });
    assert.deepEqual(o.txs, []);
    assert.equal(o.walletCalls.includes('eth_sendTransaction'), false);
  });

  it('a token that does not answer decimals() is unknown: refused, nothing offered or sent', async () => {
    const o = await runCase(server, 'decimals-sell-untrusted', 'link-sell', { wallet: scriptedWallet('revert') });
    assert.equal(o.refusal?.code, 'token-decimals-untrusted');
    assert.deepEqual(o.txs, []);
    assert.equal(o.walletCalls.includes('eth_sendTransaction'), false);
  });

  it('a wallet on another chain is not read: refused as unknown', async () => {
    const o = await runCase(server, 'decimals-sell-untrusted', 'link-sell', { wallet: scriptedWallet(18, 137) });
    assert.equal(o.refusal?.code, 'token-decimals-untrusted');
    assert.equal(o.walletCalls.includes('eth_call'), false, 'nothing was read through it');
  });

  it("a token of the widget's table is never read: USDC counts in the table's 6, whatever the token answers", async () => {
    const wallet = scriptedWallet(18);
    const o = await runCase(server, 'honest', 'erc20-aggregator', { wallet });
    assert.deepEqual(o.errors, []);
    assert.deepEqual(wallet.decimalsCalls, []);
  });
});

describe('the page wallet approves by the one rule the hand-outs follow (approvalSteps)', () => {
  const units = (scenario: ScenarioName, decimals: number) => toUnits(SCENARIOS[scenario].sellAmount, decimals);

  for (const [token, scenario, decimals] of [
    ['USDC, not in the table', 'erc20-aggregator', 6],
    ['LINK, in the table', 'link-sell', 18],
  ] as const) {
    it(`${token}: a leftover allowance is reset to 0, then the exact amount approved; none: approved once; enough: not at all`, async () => {
      const leftover = scriptedWallet(decimals, 1, 1n);
      const o = await runCase(server, 'honest', scenario, { wallet: leftover });
      assert.deepEqual(o.errors, []);
      assert.deepEqual(leftover.approvals, [0n, units(scenario, decimals)]);
      const none = scriptedWallet(decimals, 1, 0n);
      await runCase(server, 'honest', scenario, { wallet: none });
      assert.deepEqual(none.approvals, [units(scenario, decimals)]);
      const enough = scriptedWallet(decimals, 1, 10n ** 30n);
      const covered = await runCase(server, 'honest', scenario, { wallet: enough });
      assert.deepEqual(covered.errors, []);
      assert.deepEqual(enough.approvals, []);
      assert.equal(covered.walletCalls.filter((m) => m === 'eth_sendTransaction').length, 1, 'the swap alone');
    });
  }
});

describe('an unexpected exception in a run is internal, never a wallet failure', () => {
  /** The scripted wallet, whose `eth_sendTransaction` fails with `failure`. */
  const failingSend = (failure: unknown) => {
    const wallet = scriptedWallet(18);
    return {
      request: (args: { method: string; params?: unknown[] }) =>
        args.method === 'eth_sendTransaction' ? Promise.reject(failure) : wallet.request(args),
    };
  };

  it('a plain TypeError from a wallet method: swap-error internal, in clear words, the error to the console', async () => {
    const fault = new TypeError("Cannot read properties of undefined (reading 'from')");
    const logged = mock.method(console, 'error', () => undefined);
    let o: Outcome;
    try {
      o = await runCase(server, 'honest', 'eth-aggregator', { wallet: failingSend(fault) });
    } finally {
      logged.mock.restore();
    }
    assert.deepEqual(
      o.errors.map((e) => e.code),
      ['internal'],
    );
    assert.match(
      o.errors[0]!.message,
      /^Something went wrong inside the widget\. Check your wallet.s activity before you try again: a transaction may have been sent\./,
    );
    assert.equal(o.state.phase, 'failed');
    assert.equal(o.state.phase === 'failed' && o.state.problem.code, 'internal');
    assert.ok(
      logged.mock.calls.some((c) => (c.arguments as unknown[]).includes(fault)),
      'the console got the error itself, with its stack',
    );
  });

  it('the honest twin: a real rejection in the wallet (4001) is still a wallet failure, in its words, and nothing is logged', async () => {
    const logged = mock.method(console, 'error', () => undefined);
    let o: Outcome;
    try {
      o = await runCase(server, 'honest', 'eth-aggregator', {
        wallet: failingSend(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
      });
    } finally {
      logged.mock.restore();
    }
    assert.deepEqual(
      o.errors.map((e) => e.code),
      ['wallet'],
    );
    assert.match(o.errors[0]!.message, /declined/);
    assert.equal(logged.mock.callCount(), 0);
  });
});

describe('issue 30: a sell token missing from the list, or listed with unreadable decimals, counts in decimals read on chain', () => {
  for (const name of [
    'decimals-sell-unlisted-untrusted',
    'decimals-sell-listed-string',
    'decimals-sell-listed-fraction',
  ]) {
    it(`${name}: its decimals read through the connected wallet, the route is handed out (the honest twin)`, async () => {
      const wallet = scriptedWallet(18);
      const o = await runCase(server, name, 'link-sell', { wallet });
      assert.deepEqual(o.errors, []);
      assert.ok(wallet.decimalsCalls.length >= 1, 'read on chain');
      assert.equal(o.walletCalls.filter((m) => m === 'eth_sendTransaction').length, 2, 'the approval and the swap');
    });
  }
});
