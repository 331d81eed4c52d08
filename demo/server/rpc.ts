/**
 * `POST /__ref/rpc/<CHAIN>`: a stand-in of a chain's JSON-RPC node that answers the one read
 * the widget makes there (`rpc-urls`): a token's decimals. On an EVM chain, `eth_call` of
 * `decimals()` (selector `0x313ce567`) to one of the reference list's tokens answers its
 * decimals as a 32-byte word; on SOL, `getTokenSupply` of one of its mints answers
 * `{ context, value: { amount, decimals, uiAmount, uiAmountString } }` (the shape of
 * https://solana.com/docs/rpc/http/gettokensupply). Anything else is a JSON-RPC error, as a
 * node answers a call that reverts or a method it does not have. The decimals are the
 * reference list's own (`tokens.ts`).
 */
import { chainInfo } from './chains.js';
import { json, type Reply } from './respond.js';
import type { TokenRecord } from './tokens.js';

const DECIMALS_SELECTOR = '0x313ce567';

type RpcBody = { id?: unknown; method?: unknown; params?: unknown };

export function answerRpc(chain: string, body: unknown, tokens: readonly TokenRecord[]): Reply {
  const { id = null, method, params } = (typeof body === 'object' && body !== null ? body : {}) as RpcBody;
  const ok = (result: unknown) => json({ jsonrpc: '2.0', id, result });
  const error = (code: number, message: string) => json({ jsonrpc: '2.0', id, error: { code, message } });
  const info = chainInfo(chain);
  const first = Array.isArray(params) ? params[0] : undefined;
  const token = (contract: unknown) =>
    typeof contract === 'string' ? tokens.find((t) => t.chain === info?.code && t.contract !== undefined && (info?.kind === 'evm' ? t.contract.toLowerCase() === contract.toLowerCase() : t.contract === contract)) : undefined;
  if (info?.kind === 'evm' && method === 'eth_call') {
    const call = first as { to?: unknown; data?: unknown } | undefined;
    const t = call?.data === DECIMALS_SELECTOR ? token(call.to) : undefined;
    return t ? ok(`0x${t.decimals.toString(16).padStart(64, '0')}`) : error(-32000, 'execution reverted');
  }
  if (info?.kind === 'solana' && method === 'getTokenSupply') {
    const t = token(first);
    return t ? ok({ context: { slot: 1 }, value: { amount: '0', decimals: t.decimals, uiAmount: 0, uiAmountString: '0' } }) : error(-32602, 'Invalid param: could not find mint');
  }
  return error(-32601, 'Method not found');
}
