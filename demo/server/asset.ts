/**
 * Asset notation as the service reads it, written from the spec's asset identifier table
 * and THORNode's asset notation (the THORNode repository's asset-notation concept page, `common/asset.go`), not
 * from the widget's `src/domain/chains/asset.ts`:
 *
 *   native     CHAIN.SYMBOL                  BTC.BTC
 *   token      CHAIN.SYMBOL-CONTRACT         ETH.USDC-0XA0B8…EB48 (contract in any case)
 *   synthetic  CHAIN.SYMBOL/SYMBOL (spec), CHAIN/SYMBOL[-CONTRACT] (protocol A)
 *   trade      CHAIN~SYMBOL[-CONTRACT]
 *   secured    CHAIN-SYMBOL[-CONTRACT]       (protocol A's newest form)
 *
 * The first separator after the chain says the kind, as protocol A's parser does.
 */

export type AssetKind = 'native' | 'token' | 'synthetic' | 'trade' | 'secured';

export interface AssetNotation {
  readonly chain: string;
  readonly symbol: string;
  readonly contract?: string;
  readonly kind: AssetKind;
}

const CHAIN = /^[A-Z][A-Z0-9]{1,9}$/;
/** A symbol (ticker) or a contract: printable, none of the separators, no spaces. */
const PART = /^[^\s.:/~-][^\s:/~-]*$/;

/** Reads an asset identifier; undefined when it is not one. */
export function readAsset(id: string): AssetNotation | undefined {
  const at = id.search(/[./~-]/);
  if (at < 0) return undefined;
  const chain = id.slice(0, at);
  const sep = id[at]!;
  const rest = id.slice(at + 1);
  if (!CHAIN.test(chain) || rest === '') return undefined;

  // The spec's synthetic form `CHAIN.SYMBOL/SYMBOL`.
  const slash = rest.indexOf('/');
  if (sep === '.' && slash >= 0) {
    const [a, b, ...more] = rest.split('/');
    return !more.length && PART.test(a!) && PART.test(b!) ? { chain, symbol: rest, kind: 'synthetic' } : undefined;
  }

  const dash = rest.indexOf('-');
  const symbol = dash < 0 ? rest : rest.slice(0, dash);
  const contract = dash < 0 ? undefined : rest.slice(dash + 1);
  if (!/^[^\s:/~-]+$/.test(symbol) || (contract !== undefined && !PART.test(contract))) return undefined;
  const bySeparator: Readonly<Record<string, AssetKind>> = { '/': 'synthetic', '~': 'trade', '-': 'secured' };
  const kind = bySeparator[sep] ?? (contract === undefined ? 'native' : 'token');
  return { chain, symbol, ...(contract !== undefined ? { contract } : {}), kind };
}

/** Chain code of an identifier, or '' when it is not one. */
export function chainOfAsset(id: string): string {
  return readAsset(id)?.chain ?? '';
}
