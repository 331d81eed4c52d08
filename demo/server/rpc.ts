/**
 * `POST /__ref/rpc/<CHAIN>`: a stand-in of a chain's JSON-RPC node that answers the one read
 * the widget makes there (`rpc-urls`): a token's decimals. On an EVM chain, `eth_call` of
 * `decimals()` (selector `0x313ce567`) to one of the reference list's tokens answers its
 * decimals as a 32-byte word; on SOL, `getTokenSupply` of one of its mints answers
 * `{ context, value: { amount, decimals, uiAmount, uiAmountString } }` (the shape of
 * https://solana.com/docs/rpc/http/gettokensupply). Anything else is a JSON-RPC error, as a
 * node answers a call that reverts or a method it does not have. The decimals are the
 * reference list's own (`tokens.ts`).
 *
 * On SOL, `getAccountInfo` (encoding base64, https://solana.com/docs/rpc/http/getaccountinfo) of
 * the shared lookup table of mints (`MINT_LOOKUP_TABLE`, solana-tx.ts) answers its account, which
 * the widget reads to resolve the mints a transaction loads from it; any other account is `null`.
 *
 * It also answers the widget's balance reads: `eth_getBalance` and a listed token's
 * `balanceOf` (`0x70a08231`) on an EVM chain; `getBalance` and `getTokenAccountsByOwner` (one
 * account of a listed mint, `jsonParsed`) on SOL. Every balance is `referenceBalance` of the
 * account: 1 000 to 9 999 whole units, the same for one account every time (more than any
 * amount the suites sell, so no test depends on which account a wallet made at random).
 *
 * And the reads of a 1inch `unoswap` route's pool (`unoswap.ts`): the service's pool of a pair of
 * the chain's listed tokens answers `token0()`, `token1()` and `factory()`, and the chain's Uniswap
 * V2 factory answers `getPair` with it.
 */
import { chainInfo } from './chains.js';
import { hashSeed } from './hashes.js';
import { json, type Reply } from './respond.js';
import type { TokenRecord } from './tokens.js';
import { answerPoolCall } from './unoswap.js';
import { lookupTableAccountData, MINT_LOOKUP_TABLE, mintLookupTable, seededAddress } from './solana-tx.js';

const DECIMALS_SELECTOR = '0x313ce567';
const BALANCE_OF_SELECTOR = '0x70a08231';

/** An account's balance in the stand-in chains, in base units of `decimals`: 1 000 to 9 999 whole units, from its address. */
export function referenceBalance(account: string, decimals: number): bigint {
  return BigInt((hashSeed(account.toLowerCase()) % 9000) + 1000) * 10n ** BigInt(decimals);
}

type RpcBody = { id?: unknown; method?: unknown; params?: unknown };

export function answerRpc(chain: string, body: unknown, tokens: readonly TokenRecord[]): Reply {
  const { id = null, method, params } = (typeof body === 'object' && body !== null ? body : {}) as RpcBody;
  const ok = (result: unknown) => json({ jsonrpc: '2.0', id, result });
  const error = (code: number, message: string) => json({ jsonrpc: '2.0', id, error: { code, message } });
  const info = chainInfo(chain);
  const first = Array.isArray(params) ? params[0] : undefined;
  const token = (contract: unknown) =>
    typeof contract === 'string'
      ? tokens.find(
          (t) =>
            t.chain === info?.code &&
            t.contract !== undefined &&
            (info?.kind === 'evm' ? t.contract.toLowerCase() === contract.toLowerCase() : t.contract === contract),
        )
      : undefined;
  const word = (n: bigint | number) => `0x${n.toString(16).padStart(64, '0')}`;
  if (info?.kind === 'evm' && method === 'eth_getBalance' && typeof first === 'string')
    return ok(`0x${referenceBalance(first, 18).toString(16)}`);
  if (info?.kind === 'evm' && method === 'eth_call') {
    const call = first as { to?: unknown; data?: unknown } | undefined;
    const data = typeof call?.data === 'string' ? call.data.toLowerCase() : '';
    const t = token(call?.to);
    const contracts = tokens.filter((x) => x.chain === info.code && x.contract).map((x) => `0x${x.contract!.slice(2)}`);
    const pool = typeof call?.to === 'string' ? answerPoolCall(info.code, call.to, data, contracts) : undefined;
    if (pool) return ok(pool);
    if (t && data === DECIMALS_SELECTOR) return ok(word(t.decimals));
    if (t && data.length === 74 && data.startsWith(BALANCE_OF_SELECTOR))
      return ok(word(referenceBalance(`0x${data.slice(34)}`, t.decimals)));
    return error(-32000, 'execution reverted');
  }
  if (info?.kind === 'solana' && method === 'getBalance' && typeof first === 'string')
    return ok({ context: { slot: 1 }, value: Number(referenceBalance(first, 9)) });
  if (info?.kind === 'solana' && method === 'getTokenAccountsByOwner' && typeof first === 'string') {
    const t = token((params as unknown[])[1] && ((params as unknown[])[1] as { mint?: unknown }).mint);
    if (!t) return error(-32602, 'Invalid param: could not find mint');
    const amount = referenceBalance(first, t.decimals).toString();
    return ok({
      context: { slot: 1 },
      value: [
        {
          pubkey: first,
          account: {
            data: {
              parsed: { info: { mint: t.contract, owner: first, tokenAmount: { amount, decimals: t.decimals } } },
              program: 'spl-token',
            },
          },
        },
      ],
    });
  }
  // The shared lookup table of mints (solana-tx.ts `mintTable`): the account as the chain keeps it, base64.
  if (info?.kind === 'solana' && method === 'getAccountInfo') {
    if (first !== MINT_LOOKUP_TABLE) return ok({ context: { slot: 1 }, value: null });
    const data = lookupTableAccountData(mintLookupTable(tokens), seededAddress('lookup-table:mints:authority'));
    return ok({
      context: { slot: 1 },
      value: {
        data: [Buffer.from(data).toString('base64'), 'base64'],
        executable: false,
        lamports: 1_000_000_000,
        owner: 'AddressLookupTab1e1111111111111111111111111',
        rentEpoch: 0,
        space: data.length,
      },
    });
  }
  if (info?.kind === 'solana' && method === 'getTokenSupply') {
    const t = token(first);
    return t
      ? ok({ context: { slot: 1 }, value: { amount: '0', decimals: t.decimals, uiAmount: 0, uiAmountString: '0' } })
      : error(-32602, 'Invalid param: could not find mint');
  }
  return error(-32601, 'Method not found');
}
