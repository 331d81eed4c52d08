// Checking a selected route with everything the checks need, read first: the decimals the
// service cannot lie about (the token list is only compared with them), the memo protocols'
// own lists of vaults and routers, the pool a 1inch `unoswap` call ends in, and the lookup
// tables a Solana transaction loads accounts from. The checks themselves are synchronous and plain
// (`domain/checks/route.ts`); this is the one place their inputs are gathered.
import type { QuoteRequest } from '../../schemas/service.js';
import { listDisagreement, routeTokens, type TrustedDecimals } from '../../domain/checks/decimals.js';
import { assetChain, sameAsset } from '../../domain/chains/asset.js';
import { MEMO_PROTOCOLS, type InboundView, type MemoProtocol } from '../../domain/checks/inbound.js';
import { reject } from '../../domain/checks/plans.js';
import { poolKey, unoswapPool } from '../../domain/checks/oneinch-unoswap.js';
import { checkRoute, paysMemoProtocol, type CheckContext, type CheckResult } from '../../domain/checks/route.js';
import type { ExecutionOptions, Selection } from './execution-types.js';
import { base64Bytes, decodeWireTransaction } from '../../domain/chains/solana-wire.js';
import type { LookupTableReads } from '../../domain/checks/solana-tx.js';

export type CheckDeps = Pick<
  ExecutionOptions,
  'inbound' | 'tokenDecimals' | 'affiliate' | 'knownAssets' | 'readPool' | 'lookupTables'
> & {
  readonly decimals: TrustedDecimals;
};

/** The route's plan, or why it is refused; undefined when the run stopped (`live`) while reading. */
export async function checkSelection(
  selection: Selection,
  deps: CheckDeps,
  live: () => boolean,
): Promise<CheckResult | undefined> {
  const { route } = selection.entry;
  const tokens = routeTokens(route, selection.request);
  const pool = unoswapPool(route, selection.request);
  const [, inbound, facts, lookupTables] = await Promise.all([
    deps.decimals.resolve(tokens),
    inboundViews(route, deps),
    pool && deps.readPool?.(pool),
    solanaLookupTables(selection, deps),
  ]);
  if (!live()) return undefined;
  // A token list that disagrees with the trusted decimals lies. A memo protocol's route counts
  // what comes back in the memo's 1e8 units and the trusted decimals, never the list's: what
  // the list says of the bought token decides nothing there (issue 30).
  const compared = paysMemoProtocol(route)
    ? tokens.filter((asset) => !sameAsset(asset, selection.request.buyAsset))
    : tokens;
  const lie = listDisagreement(compared, deps.decimals, (asset) => deps.tokenDecimals(asset));
  if (lie) return reject(lie.code, lie.params);
  const ctx = checkContext(selection.request, inbound, deps);
  // The one pool read, the unoswap's last (`oneinch-unoswap.ts`).
  if (pool && facts)
    ctx.pool = (chain, address) => (poolKey(chain, address) === poolKey(pool.chain, pool.pool) ? facts : undefined);
  return checkRoute(route, lookupTables ? { ...ctx, lookupTables } : ctx);
}

/**
 * The address lookup tables the route's Solana transaction loads accounts from, read (or
 * `no-rpc`), when it is a v0 transaction that loads any; undefined otherwise.
 */
async function solanaLookupTables(selection: Selection, deps: CheckDeps): Promise<LookupTableReads | undefined> {
  const tx = selection.entry.route.tx;
  if (assetChain(selection.request.sellAsset) !== 'SOL' || typeof tx !== 'string') return undefined;
  const bytes = base64Bytes(tx);
  const decoded = bytes && decodeWireTransaction(bytes);
  const tables = decoded?.ok ? decoded.tx.lookups.map((l) => l.table) : [];
  if (!tables.length) return undefined;
  return deps.lookupTables ? deps.lookupTables(tables) : 'no-rpc';
}

/** The memo protocols' inbound lists, read from their nodes (or why they could not be), when the route pays one of them. */
async function inboundViews(
  route: Selection['entry']['route'],
  deps: CheckDeps,
): Promise<ReadonlyMap<MemoProtocol, InboundView>> {
  if (!paysMemoProtocol(route)) return new Map();
  return new Map(await Promise.all(MEMO_PROTOCOLS.map(async (p) => [p, await deps.inbound(p)] as const)));
}

/** What the checks need besides the route: the request, the trusted decimals, the affiliate configuration, the protocols' lists, the tokens the widget knows. */
function checkContext(
  request: QuoteRequest,
  inbound: ReadonlyMap<MemoProtocol, InboundView>,
  deps: CheckDeps,
): CheckContext {
  const { code, bps, addresses } = deps.affiliate();
  const knownAssets = deps.knownAssets?.();
  return {
    request,
    decimals: (asset) => deps.decimals.known(asset),
    affiliate: { name: code, bps, addresses },
    // A list that was not read (the route pays no memo protocol) vouches for nothing.
    inbound: (protocol) => inbound.get(protocol) ?? { status: 'unverified', protocol, reason: 'unreachable' },
    ...(knownAssets ? { knownAssets } : {}),
    now: Date.now(),
  };
}
