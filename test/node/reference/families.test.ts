/**
 * The reference service's Solana and Cosmos transactions: real and honest, read by an
 * independent path (@solana/kit's own decoders and address derivation, @noble/hashes for the
 * Anchor discriminator, plain JSON for the messages); the widget's checks accept them; and
 * every tampering case of test/support/tamper-families.ts is refused with its code.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  type Address,
} from '@solana/kit';
import { toUnits } from '../../../src/domain/amounts/amount.js';
import { checkCosmosTx, type CosmosExpectation } from '../../../src/domain/checks/cosmos-msgs.js';
import { checkSolanaTransaction, type SolanaExpectation } from '../../../src/domain/checks/solana-tx.js';
import type { DemoServer } from '../../../demo/server/http.js';
import { FAMILY_TAMPERS, FEE_OWNER, HONEST_FAMILY_KINDS, type TamperRoute } from '../../support/tamper-families.js';
import { raw, startRef } from './helpers.js';
import { PROTOCOL_B_SOLANA_VAULT } from '../../../demo/server/contracts.js';

let server: DemoServer;
before(async () => {
  server = await startRef();
});
after(() => server.close());

type RouteJson = TamperRoute & {
  providers: string[];
  sellAmount: string;
  buyAsset: string;
  destinationAddress?: string;
  legs: { buyAsset: string; buyAmountMaxSlippage: string }[];
  meta?: { affiliate?: string; affiliateFee?: number };
};

/** Base units of the assets these cases use (the reference token list's decimals). */
const DECIMALS: Record<string, number> = { SOL: 9, USDC: 6, JUP: 6, RUNE: 8, CACAO: 10, ATOM: 6, KUJI: 6 };
const decimalsOf = (asset: string) => DECIMALS[/\.([A-Z]+)/.exec(asset)![1]!]!;
const mintOf = (asset: string) => /^SOL\.[^-]+-(.+)$/.exec(asset)?.[1];
const WSOL = 'So11111111111111111111111111111111111111112';
/** Protocol B's Solana Vault program, whose token account the first leg of a two-leg route pays (the service's own copy). */
const PROTOCOL_B_DEPOSIT = PROTOCOL_B_SOLANA_VAULT;

async function quoteRoute(kind: (typeof HONEST_FAMILY_KINDS)[number], includeTx = true): Promise<RouteJson> {
  const r = await raw(server, '/v1/quote', {
    body: { slippage: 1, ...kind.request, providers: [kind.provider], includeTx },
  });
  assert.equal(r.status, 200, r.text);
  const route = (r.json as { routes: RouteJson[] }).routes.find((x) => x.providers.join('->') === kind.provider);
  assert.ok(route, `${kind.name}: no ${kind.provider} route in ${r.text.slice(0, 300)}`);
  return route;
}

/** The inputs the widget gives the Solana check, from the request and the route. */
function solanaExpectation(route: RouteJson): SolanaExpectation {
  const first = route.legs[0]!;
  const twoLeg = route.providers.length > 1;
  return {
    sourceAddress: route.sourceAddress!,
    sellAsset: route.sellAsset,
    sellAmount: toUnits(route.sellAmount, decimalsOf(route.sellAsset)),
    minimumOut: toUnits(first.buyAmountMaxSlippage, decimalsOf(first.buyAsset)),
    // For the two-leg route: the account of protocol B's Solana Vault.
    recipient: {
      owner: twoLeg ? PROTOCOL_B_DEPOSIT : (route.destinationAddress ?? route.sourceAddress!),
      mint: mintOf(first.buyAsset) ?? WSOL,
    },
    // The widget as configured for the request: its affiliate fee, and the fee's Solana owner.
    platformFee: route.meta?.affiliate ? { bps: Number(route.meta.affiliateFee ?? 0), owner: FEE_OWNER } : { bps: 0 },
  };
}

function cosmosExpectation(route: RouteJson): CosmosExpectation {
  return {
    sellChain: route.sellAsset.split('.')[0]!,
    sourceAddress: route.sourceAddress!,
    sellAsset: route.sellAsset,
    sellAmount: toUnits(route.sellAmount, decimalsOf(route.sellAsset)),
    checkedMemo: route.memo!,
    ...(route.inboundAddress ? { inboundAddress: route.inboundAddress } : {}),
  };
}

const addressEncoder = getAddressEncoder();
async function kitAta(owner: string, mint: string): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address,
    seeds: [
      addressEncoder.encode(owner as Address),
      addressEncoder.encode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address),
      addressEncoder.encode(mint as Address),
    ],
  });
  return a;
}

describe('Solana routes carry real, honest transactions', () => {
  for (const kind of HONEST_FAMILY_KINDS.filter((k) => k.family === 'solana')) {
    test(kind.name, async () => {
      const route = await quoteRoute(kind);
      assert.equal(typeof route.tx, 'string');
      // Read with kit's own decoders.
      const tx = getTransactionDecoder().decode(Buffer.from(route.tx as string, 'base64'));
      assert.deepEqual(Object.keys(tx.signatures), [route.sourceAddress], 'the source address is the only signer');
      const m = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
      assert.equal(m.version, 0);
      assert.equal(m.staticAccounts[0], route.sourceAddress, 'fee payer');
      assert.equal(m.header.numSignerAccounts, 1);
      assert.ok(
        'addressTableLookups' in m && m.addressTableLookups!.length === 1,
        'pool accounts come from a lookup table',
      );
      const programs = m.instructions.map((ix) => m.staticAccounts[ix.programAddressIndex]);
      assert.deepEqual(programs.slice(0, 2), [
        'ComputeBudget111111111111111111111111111111',
        'ComputeBudget111111111111111111111111111111',
      ]);
      const jup = m.instructions.filter(
        (ix) => m.staticAccounts[ix.programAddressIndex] === 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
      );
      assert.equal(jup.length, 1);
      const data = jup[0]!.data!;
      assert.deepEqual([...data.subarray(0, 8)], [...sha256(new TextEncoder().encode('global:route')).subarray(0, 8)]);
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const sellUnits = toUnits(route.sellAmount, decimalsOf(route.sellAsset));
      assert.equal(view.getBigUint64(data.length - 19, true), sellUnits, 'in_amount');
      const first = route.legs[0]!;
      const quoted = view.getBigUint64(data.length - 11, true);
      const slippage = view.getUint16(data.length - 3, true);
      const feeBps = data[data.length - 1]!;
      const accounts = jup[0]!.accountIndices!.map((i) => m.staticAccounts[i]);
      const legMinimum = toUnits(first.buyAmountMaxSlippage, decimalsOf(first.buyAsset));
      const affiliate = kind.request as { affiliate?: string; affiliateFee?: number };
      if (affiliate.affiliate) {
        // The affiliate's fee, as Jupiter's platform fee into its owner's account of the output
        // mint; the floor, net of it, at least the leg's minimum.
        assert.equal(feeBps, affiliate.affiliateFee);
        assert.equal(accounts[6], await kitAta(FEE_OWNER, mintOf(first.buyAsset) ?? WSOL), 'the platform fee account');
        const floor = (quoted * BigInt(10_000 - slippage)) / 10_000n;
        assert.ok((floor * BigInt(10_000 - feeBps)) / 10_000n >= legMinimum, 'the floor net of the fee');
      } else {
        assert.equal(feeBps, 0);
        assert.equal(accounts[6], 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', 'no platform fee account');
        assert.equal((quoted * BigInt(10_000 - slippage)) / 10_000n, legMinimum, 'the floor is the leg minimum');
      }
      // Accounts: the user's source account, the output account of the right owner.
      const sellMint = mintOf(route.sellAsset) ?? WSOL;
      assert.equal(accounts[2], await kitAta(route.sourceAddress!, sellMint));
      const owner =
        route.providers.length > 1 ? PROTOCOL_B_DEPOSIT : (route.destinationAddress ?? route.sourceAddress!);
      const out = await kitAta(owner, mintOf(first.buyAsset) ?? WSOL);
      assert.ok(accounts[3] === out || accounts[4] === out, 'the output goes to the recipient');
      if (!mintOf(route.sellAsset)) {
        const wrap = m.instructions.find(
          (ix) => m.staticAccounts[ix.programAddressIndex] === '11111111111111111111111111111111',
        )!;
        assert.equal(m.staticAccounts[wrap.accountIndices![1]!], await kitAta(route.sourceAddress!, WSOL));
        assert.equal(new DataView(wrap.data!.buffer, wrap.data!.byteOffset).getBigUint64(4, true), sellUnits);
      }

      // The widget's check accepts it.
      const check = checkSolanaTransaction(route.tx as string, solanaExpectation(route));
      assert.ok(check.ok, check.ok ? '' : JSON.stringify(check.refusal));
    });
  }

  test('without includeTx there is no transaction', async () => {
    for (const kind of HONEST_FAMILY_KINDS) assert.equal((await quoteRoute(kind, false)).tx, undefined, kind.name);
  });
});

describe('Cosmos routes carry honest messages', () => {
  for (const kind of HONEST_FAMILY_KINDS.filter((k) => k.family === 'cosmos')) {
    test(kind.name, async () => {
      const route = await quoteRoute(kind);
      const tx = route.tx as {
        msgs: { type: string; value: Record<string, unknown> }[];
        fee: { amount: unknown[]; gas: string };
        memo: string;
      };
      assert.equal(tx.msgs.length, 1);
      assert.equal(tx.memo, route.memo);
      const units = toUnits(route.sellAmount, decimalsOf(route.sellAsset)).toString();
      const [msg] = tx.msgs;
      if (kind.name.endsWith('deposit')) {
        assert.equal(route.inboundAddress, undefined, 'a deposit has no inbound address');
        assert.equal(msg!.type, route.sellAsset === 'THOR.RUNE' ? 'thorchain/MsgDeposit' : 'mayachain/MsgDeposit');
        assert.deepEqual(msg!.value, {
          coins: [{ asset: route.sellAsset, amount: units }],
          memo: route.memo,
          signer: route.sourceAddress,
        });
        assert.deepEqual(tx.fee.amount, []);
      } else {
        assert.ok(route.inboundAddress);
        assert.equal(msg!.value.from_address, route.sourceAddress);
        assert.equal(msg!.value.to_address, route.inboundAddress);
        assert.equal((msg!.value.amount as { amount: string }[])[0]!.amount, units);
      }
      const check = checkCosmosTx(route.tx, cosmosExpectation(route));
      assert.ok(check.ok, check.ok ? '' : JSON.stringify(check.refusal));
    });
  }

  test('CACAO in 1e10 units', async () => {
    const route = await quoteRoute(HONEST_FAMILY_KINDS.find((k) => k.name === 'maya-deposit')!);
    const coins = (route.tx as { msgs: { value: { coins: { amount: string }[] } }[] }).msgs[0]!.value.coins;
    assert.equal(coins[0]!.amount, '50000000000000');
  });
});

describe('the platform fee: only for an affiliate the service knows, within the u8 Jupiter reads', () => {
  const kind = HONEST_FAMILY_KINDS.find((k) => k.name === 'solana-sol-sell-affiliate-fee')!;
  const jupiterFee = async (request: Record<string, unknown>) => {
    const route = await quoteRoute({ ...kind, request: { ...kind.request, ...request } } as typeof kind);
    const m = getCompiledTransactionMessageDecoder().decode(
      getTransactionDecoder().decode(Buffer.from(route.tx as string, 'base64')).messageBytes,
    ) as {
      staticAccounts: string[];
      instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
    };
    const jup = m.instructions.find(
      (ix) => m.staticAccounts[ix.programAddressIndex] === 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
    )!;
    return { bps: jup.data!.at(-1), account: m.staticAccounts[jup.accountIndices![6]!], route };
  };
  test("the playground's widget names the owner the service pays affiliate sw's fee to", () => {
    const page = readFileSync(new URL('../../../demo/index.html', import.meta.url), 'utf8');
    assert.match(page, new RegExp(`affiliate="sw"[^>]*affiliate-addresses="SOL=${FEE_OWNER}"`));
  });

  test('an affiliate it knows (sw), 30 bps: the fee is written', async () => {
    assert.equal((await jupiterFee({})).bps, 30);
  });
  for (const [what, request] of [
    ['an affiliate it does not know', { affiliate: 'zz' }],
    ['no fee', { affiliateFee: 0 }],
    ['a fee over 255 bps', { affiliateFee: 256 }],
  ] as const) {
    test(`${what}: none (rate 0, the program id as its account)`, async () => {
      const r = await jupiterFee(request);
      assert.deepEqual([r.bps, r.account], [0, 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4']);
    });
  }
});

describe('a compromised service: every tampering case is refused with its code', () => {
  for (const t of FAMILY_TAMPERS) {
    test(`${t.family}: ${t.name} -> ${t.code}`, async () => {
      let applied = 0;
      for (const kind of HONEST_FAMILY_KINDS.filter((k) => k.family === t.family)) {
        const route = await quoteRoute(kind);
        if (!t.appliesTo(route)) continue;
        applied++;
        const bad = t.tamper(route) as RouteJson;
        const r =
          t.family === 'solana'
            ? checkSolanaTransaction(bad.tx as string, solanaExpectation(route))
            : checkCosmosTx(bad.tx, cosmosExpectation(bad));
        assert.equal(r.ok ? 'accepted' : r.refusal.code, t.code, kind.name);
      }
      assert.ok(applied > 0);
    });
  }
});
