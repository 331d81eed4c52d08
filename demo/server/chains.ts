/**
 * The service's own chain facts. Written from the interface spec and from sourced chain
 * facts, never from the widget's `src/domain/chains/chains.ts`: the widget checks what the service
 * says (the EIP-155 id of a transaction, the memo limit, a deposit channel's blocks), so the
 * service must not say it with the widget's own table, or a wrong fact would agree with itself.
 *
 * Sources:
 * - the spec: the cross-chain path table (copied below as the spec prints it), the
 *   `chainId` enumeration of tracking requests, and "XRP and ATOM appear here, while GAIA
 *   is the code used in asset notation";
 * - EIP-155 ids: CAIP `eip155/caip2.md` (1) and ethereum-lists/chains `eip155-<id>.json`
 *   (42161, 8453, 56, 43114, 10, 137); HyperEVM 999 from Hyperliquid's docs ("Mainnet
 *   Chain ID: 999"; ethereum-lists' `eip155-999.json` names Wanchain Testnet instead);
 * - memo limits: THORNode `constants.MaxMemoSize` 250 bytes for any memo, 80 bytes of
 *   OP_RETURN on UTXO chains (`MaxOpReturnDataSize`; the THORNode repository's memos concept page);
 * - deposit-channel lifetimes in source-chain blocks: Chainflip's mainnet genesis
 *   (chainflip-backend `state-chain/node/src/chain_spec/berghain.rs`).
 * Block times are the simulation's clock (how fast its chains advance), not a checked fact.
 */

export type ChainFamily = 'evm' | 'utxo' | 'cosmos' | 'solana' | 'substrate' | 'xrp' | 'radix';

export interface ServiceChain {
  /** Code of asset notation and tracking (`GAIA`). */
  readonly code: string;
  /** Label of the spec's path table (`ATOM` for `GAIA`). */
  readonly label: string;
  readonly name: string;
  readonly kind: ChainFamily;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
  readonly evmChainId?: number;
  /** Largest memo the service writes for a deposit on this chain (UTF-8 bytes). */
  readonly memoLimit: number;
  /** Seconds per block of the simulated chain. */
  readonly blockSeconds: number;
}

/** Any memo the protocols read (THORNode `MaxMemoSize`); longer memos are ignored. */
export const MAX_MEMO_BYTES = 250;
/** OP_RETURN payload of the UTXO chains. */
export const OP_RETURN_BYTES = 80;

// code | name | family | native | decimals | EIP-155 | seconds per block
const TABLE = `
BTC   | Bitcoin      | utxo      | BTC   | 8  |       | 600
ETH   | Ethereum     | evm       | ETH   | 18 | 1     | 12
SOL   | Solana       | solana    | SOL   | 9  |       | 0.4
ARB   | Arbitrum     | evm       | ETH   | 18 | 42161 | 0.25
BASE  | Base         | evm       | ETH   | 18 | 8453  | 2
BSC   | BNB Chain    | evm       | BNB   | 18 | 56    | 3
AVAX  | Avalanche    | evm       | AVAX  | 18 | 43114 | 2
XRP   | XRP Ledger   | xrp       | XRP   | 6  |       | 4
LTC   | Litecoin     | utxo      | LTC   | 8  |       | 150
BCH   | Bitcoin Cash | utxo      | BCH   | 8  |       | 600
DOGE  | Dogecoin     | utxo      | DOGE  | 8  |       | 60
GAIA  | Cosmos Hub   | cosmos    | ATOM  | 6  |       | 6
DASH  | Dash         | utxo      | DASH  | 8  |       | 150
THOR  | THORChain    | cosmos    | RUNE  | 8  |       | 6
MAYA  | Maya         | cosmos    | CACAO | 10 |       | 6
KUJI  | Kujira       | cosmos    | KUJI  | 6  |       | 6
DOT   | Polkadot     | substrate | DOT   | 10 |       | 6
XRD   | Radix        | radix     | XRD   | 18 |       | 5
OP    | Optimism     | evm       | ETH   | 18 | 10    | 2
FLIP  | Chainflip    | substrate | FLIP  | 18 |       | 6
MATIC | Polygon      | evm       | POL   | 18 | 137   | 2
ZEC   | Zcash        | utxo      | ZEC   | 8  |       | 75
HYPE  | HyperEVM     | evm       | HYPE  | 18 | 999   | 1
`;

/** The spec's cross-chain path table, exactly as printed there (path-table labels). */
const SPEC_PATH_TABLE = `
| BTC | SOL ETH ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR MAYA KUJI DOT XRD |
| ETH | BTC SOL ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR MAYA KUJI DOT XRD |
| SOL | BTC ETH ARB XRP BASE DOT |
| ARB | BTC SOL ETH XRP DASH THOR MAYA KUJI DOT XRD |
| BASE | BTC ETH BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR |
| BSC | BTC ETH BASE XRP AVAX LTC BCH DOGE ATOM THOR |
| AVAX | BTC ETH BASE BSC XRP LTC BCH DOGE ATOM THOR |
| XRP | BTC ETH BASE BSC AVAX LTC BCH DOGE ATOM THOR |
| LTC | BTC ETH BASE BSC XRP AVAX BCH DOGE ATOM THOR |
| BCH | BTC ETH BASE BSC XRP AVAX LTC DOGE ATOM THOR |
| DOGE | BTC ETH BASE BSC XRP AVAX LTC BCH ATOM THOR |
| ATOM | BTC ETH BASE BSC XRP AVAX LTC BCH DOGE THOR |
| DASH | BTC ETH ARB THOR MAYA KUJI XRD |
| THOR | BTC ETH ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH MAYA KUJI XRD |
| MAYA | BTC ETH ARB DASH THOR KUJI XRD |
| KUJI | BTC ETH ARB DASH THOR MAYA XRD |
| DOT | BTC SOL ETH ARB |
| XRD | BTC ETH ARB DASH THOR MAYA KUJI |
`;

/** The spec's `chainId` enumeration of tracking requests, as its sentence lists it. */
export const TRACKING_CHAIN_CODES: readonly string[] =
  'ARB, AVAX, BASE, BSC, BTC, BCH, GAIA, DASH, DOGE, ETH, KUJI, LTC, MAYA, OP, DOT, FLIP, MATIC, XRD, THOR, SOL, ZEC, HYPE'.split(
    ', ',
  );

/** Path-table labels that differ from the asset-notation code (the spec names this one). */
const LABELS: Readonly<Record<string, string>> = { GAIA: 'ATOM' };

/** Protocol B's deposit-channel lifetime, in blocks of the source chain (Chainflip mainnet genesis). */
const CHANNEL_LIFETIME_BLOCKS: Readonly<Record<string, number>> = {
  BTC: (24 * 60) / 10,
  ETH: Math.floor((24 * 3600) / 14),
  ARB: 24 * 3600 * 4,
  DOT: 14_400,
  SOL: (24 * 3600 * 10) / 4,
  BSC: (24 * 3600 * 1000) / 450,
};

function row(line: string): ServiceChain {
  const [code, name, kind, nativeSymbol, decimals, evmId, seconds] = line.split('|').map((s) => s.trim()) as [
    string,
    string,
    ChainFamily,
    string,
    string,
    string,
    string,
  ];
  return {
    code,
    label: LABELS[code] ?? code,
    name,
    kind,
    nativeSymbol,
    nativeDecimals: Number(decimals),
    ...(evmId ? { evmChainId: Number(evmId) } : {}),
    memoLimit: kind === 'utxo' ? OP_RETURN_BYTES : MAX_MEMO_BYTES,
    blockSeconds: Number(seconds),
  };
}

/** Every chain the service knows, in the order of its token list. */
export const CHAINS: readonly ServiceChain[] = TABLE.trim().split('\n').map(row);

const lookup = new Map<string, ServiceChain>();
for (const c of CHAINS) {
  lookup.set(c.code, c);
  lookup.set(c.label, c);
}

/** The chain of a code (`GAIA`) or a path-table label (`ATOM`), any case. */
export function chainInfo(codeOrLabel: string): ServiceChain | undefined {
  return lookup.get(codeOrLabel.toUpperCase());
}

/** Source label -> the set of output labels, read from the spec's table. */
const PATHS = new Map<string, ReadonlySet<string>>(
  SPEC_PATH_TABLE.trim()
    .split('\n')
    .map((line) => {
      const [, source, outputs] = line.split('|').map((s) => s.trim()) as [string, string, string];
      return [source, new Set(outputs.split(/\s+/))] as const;
    }),
);

/** Chain codes reachable from `source` with one signature (the spec's table); empty when it is not a source. */
export function reachableChains(source: string): readonly string[] {
  const from = chainInfo(source);
  const outputs = from ? PATHS.get(from.label) : undefined;
  return outputs ? [...outputs].map((label) => chainInfo(label)!.code) : [];
}

/** Whether the service can swap from `sell` to `buy` chain: a DEX swap on one chain, or a path of the table. */
export function chainsConnected(sell: string, buy: string): boolean {
  const a = chainInfo(sell);
  const b = chainInfo(buy);
  if (!a || !b) return false;
  if (a === b) return true;
  return PATHS.get(a.label)?.has(b.label) ?? false;
}

/** Blocks of `chain` a protocol-B deposit channel stays open (about 24 hours). */
export function channelLifetimeBlocks(chain: string): number {
  const c = chainInfo(chain);
  return (c && CHANNEL_LIFETIME_BLOCKS[c.code]) ?? Math.ceil((24 * 3600) / (c?.blockSeconds ?? 6));
}
