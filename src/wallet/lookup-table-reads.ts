/**
 * Reads the address lookup tables a Solana transaction loads accounts from, for its checks
 * (`domain/checks/solana-tx.ts`): each table's account through the SOL endpoint the host names
 * (`rpc-urls`), with `getAccountInfo` in base64 (https://solana.com/docs/rpc/http/getaccountinfo),
 * read as a table by `readLookupTable`. A page's Solana wallet gives no RPC of its own to read
 * with (the Wallet Standard's features sign and send; none reads accounts), so without an
 * endpoint the tables are `no-rpc`. A table whose read fails, times out or answers no table is
 * undefined: the accounts loaded from it cannot be checked.
 */
import { lookupTableOfAccount } from '../domain/chains/solana-lookup-table.js';
import type { LookupTableReads } from '../domain/checks/solana-tx.js';
import { rpc } from './decimals-reads.js';

/** How long the reads of one transaction's tables may take before they count as unread. */
export const LOOKUP_TABLE_READ_MS = 5000;
/** The most tables read for one transaction: a v0 message loads from a handful (each must load an account). */
export const MAX_LOOKUP_TABLES = 8;

export interface LookupTableDeps {
  /** The host's RPC endpoint for a chain code (`rpc-urls`), if any. */
  rpcUrl(chain: string): string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Reads the tables of one transaction: their addresses by table, or `no-rpc`. */
export function lookupTableReader(deps: LookupTableDeps): (tables: readonly string[]) => Promise<LookupTableReads> {
  const f = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async (tables) => {
    const url = deps.rpcUrl('SOL');
    if (!url) return 'no-rpc';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? LOOKUP_TABLE_READ_MS);
    try {
      const unique = [...new Set(tables)].slice(0, MAX_LOOKUP_TABLES);
      const read = await Promise.all(
        unique.map(async (table) => {
          try {
            const result = (await rpc(
              url,
              'getAccountInfo',
              [table, { encoding: 'base64' }],
              controller.signal,
              f,
            )) as { value?: unknown } | null;
            return [table, lookupTableOfAccount(result?.value)] as const;
          } catch {
            return [table, undefined] as const;
          }
        }),
      );
      return new Map(read);
    } finally {
      clearTimeout(timer);
    }
  };
}
