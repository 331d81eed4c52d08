/**
 * What the widget knows of each chain: its code in asset notation, the label the spec's
 * path table uses, its kind, native asset, EIP-155 number for EVM chains, memo limit and
 * explorer. Plain data; no DOM.
 */

// The few facts the widget reads of viem's chain objects (`viem/chains`: id, native currency,
// explorer), written here: the objects carry RPC endpoints, contracts and, for the OP-stack
// chains, transaction serializers we never use (12 kB gzip for base and optimism, 0.9 kB
// for the six others, and their construction before the first render).
const fact = (id: number, symbol: string, explorer: string) => ({
  id,
  nativeCurrency: { symbol, decimals: 18 },
  blockExplorers: { default: { url: explorer } },
});
const mainnet = fact(1, 'ETH', 'https://etherscan.io');
const arbitrum = fact(42_161, 'ETH', 'https://arbiscan.io');
const base = fact(8453, 'ETH', 'https://basescan.org');
const bsc = fact(56, 'BNB', 'https://bscscan.com');
const avalanche = fact(43_114, 'AVAX', 'https://snowtrace.io');
const optimism = fact(10, 'ETH', 'https://optimistic.etherscan.io');
const polygon = fact(137, 'POL', 'https://polygonscan.com');
const hyperEvm = fact(999, 'HYPE', 'https://hyperevmscan.io');

export type ChainKind = 'evm' | 'utxo' | 'cosmos' | 'solana' | 'substrate' | 'xrp' | 'radix';

export interface ChainInfo {
  /** Code used in asset identifiers and tracking (`ETH`, `GAIA`). */
  readonly code: string;
  /** Label of the spec's path table (`ATOM` for `GAIA`); the code where they agree. */
  readonly label: string;
  readonly name: string;
  readonly kind: ChainKind;
  readonly nativeSymbol: string;
  readonly nativeDecimals: number;
  /** EIP-155 chain id of EVM chains. */
  readonly evmChainId?: number;
  /** Largest memo the chain carries, in UTF-8 bytes (undefined: no memo routes from this chain). */
  readonly memoLimit?: number;
  /** Average block time in seconds (deposit-channel expiry is given in blocks). */
  readonly blockSeconds: number;
  /** Transaction page of a public explorer; `{hash}` is replaced. */
  readonly explorerTx: string;
}

const evm = (
  code: string,
  name: string,
  chain: {
    id: number;
    nativeCurrency: { symbol: string; decimals: number };
    blockExplorers?: { default: { url: string } };
  },
  blockSeconds: number,
): ChainInfo => ({
  code,
  label: code,
  name,
  kind: 'evm',
  nativeSymbol: code === 'MATIC' ? 'POL' : chain.nativeCurrency.symbol,
  nativeDecimals: chain.nativeCurrency.decimals,
  evmChainId: chain.id,
  // Memos travel in calldata of the protocol's router: bounded only by what the protocol reads.
  memoLimit: 250,
  blockSeconds,
  explorerTx: `${chain.blockExplorers?.default.url ?? ''}/tx/{hash}`,
});

const UTXO_MEMO = 80; // OP_RETURN payload

export const CHAINS: readonly ChainInfo[] = [
  {
    code: 'BTC',
    label: 'BTC',
    name: 'Bitcoin',
    kind: 'utxo',
    nativeSymbol: 'BTC',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 600,
    explorerTx: 'https://mempool.space/tx/{hash}',
  },
  evm('ETH', 'Ethereum', mainnet, 12),
  {
    code: 'SOL',
    label: 'SOL',
    name: 'Solana',
    kind: 'solana',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
    blockSeconds: 0.4,
    explorerTx: 'https://solscan.io/tx/{hash}',
  },
  evm('ARB', 'Arbitrum', arbitrum, 0.25),
  evm('BASE', 'Base', base, 2),
  evm('BSC', 'BNB Chain', bsc, 3),
  evm('AVAX', 'Avalanche', avalanche, 2),
  {
    code: 'XRP',
    label: 'XRP',
    name: 'XRP Ledger',
    kind: 'xrp',
    nativeSymbol: 'XRP',
    nativeDecimals: 6,
    memoLimit: 250,
    blockSeconds: 4,
    explorerTx: 'https://livenet.xrpl.org/transactions/{hash}',
  },
  {
    code: 'LTC',
    label: 'LTC',
    name: 'Litecoin',
    kind: 'utxo',
    nativeSymbol: 'LTC',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 150,
    explorerTx: 'https://litecoinspace.org/tx/{hash}',
  },
  {
    code: 'BCH',
    label: 'BCH',
    name: 'Bitcoin Cash',
    kind: 'utxo',
    nativeSymbol: 'BCH',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 600,
    explorerTx: 'https://blockchair.com/bitcoin-cash/transaction/{hash}',
  },
  {
    code: 'DOGE',
    label: 'DOGE',
    name: 'Dogecoin',
    kind: 'utxo',
    nativeSymbol: 'DOGE',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 60,
    explorerTx: 'https://blockchair.com/dogecoin/transaction/{hash}',
  },
  {
    code: 'GAIA',
    label: 'ATOM',
    name: 'Cosmos Hub',
    kind: 'cosmos',
    nativeSymbol: 'ATOM',
    nativeDecimals: 6,
    memoLimit: 250,
    blockSeconds: 6,
    explorerTx: 'https://www.mintscan.io/cosmos/tx/{hash}',
  },
  {
    code: 'DASH',
    label: 'DASH',
    name: 'Dash',
    kind: 'utxo',
    nativeSymbol: 'DASH',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 150,
    explorerTx: 'https://blockchair.com/dash/transaction/{hash}',
  },
  {
    code: 'THOR',
    label: 'THOR',
    name: 'THORChain',
    kind: 'cosmos',
    nativeSymbol: 'RUNE',
    nativeDecimals: 8,
    memoLimit: 250,
    blockSeconds: 6,
    explorerTx: 'https://runescan.io/tx/{hash}',
  },
  {
    code: 'MAYA',
    label: 'MAYA',
    name: 'Maya',
    kind: 'cosmos',
    nativeSymbol: 'CACAO',
    nativeDecimals: 10,
    memoLimit: 250,
    blockSeconds: 6,
    explorerTx: 'https://www.explorer.mayachain.info/tx/{hash}',
  },
  {
    code: 'KUJI',
    label: 'KUJI',
    name: 'Kujira',
    kind: 'cosmos',
    nativeSymbol: 'KUJI',
    nativeDecimals: 6,
    memoLimit: 250,
    blockSeconds: 6,
    explorerTx: 'https://finder.kujira.network/kaiyo-1/tx/{hash}',
  },
  {
    code: 'DOT',
    label: 'DOT',
    name: 'Polkadot',
    kind: 'substrate',
    nativeSymbol: 'DOT',
    nativeDecimals: 10,
    blockSeconds: 6,
    explorerTx: 'https://polkadot.subscan.io/extrinsic/{hash}',
  },
  {
    code: 'XRD',
    label: 'XRD',
    name: 'Radix',
    kind: 'radix',
    nativeSymbol: 'XRD',
    nativeDecimals: 18,
    memoLimit: 250,
    blockSeconds: 5,
    explorerTx: 'https://dashboard.radixdlt.com/transaction/{hash}',
  },
  evm('OP', 'Optimism', optimism, 2),
  {
    code: 'FLIP',
    label: 'FLIP',
    name: 'Chainflip',
    kind: 'substrate',
    nativeSymbol: 'FLIP',
    nativeDecimals: 18,
    blockSeconds: 6,
    explorerTx: 'https://scan.chainflip.io/tx/{hash}',
  },
  evm('MATIC', 'Polygon', polygon, 2),
  {
    code: 'ZEC',
    label: 'ZEC',
    name: 'Zcash',
    kind: 'utxo',
    nativeSymbol: 'ZEC',
    nativeDecimals: 8,
    memoLimit: UTXO_MEMO,
    blockSeconds: 75,
    explorerTx: 'https://blockchair.com/zcash/transaction/{hash}',
  },
  evm('HYPE', 'HyperEVM', hyperEvm, 1),
];

const byCode = new Map(CHAINS.map((c) => [c.code, c]));
const byLabel = new Map(CHAINS.map((c) => [c.label, c]));

/** The chain with this code (`GAIA`) or path-table label (`ATOM`). */
export function chainInfo(codeOrLabel: string): ChainInfo | undefined {
  const key = codeOrLabel.toUpperCase();
  return byCode.get(key) ?? byLabel.get(key);
}

/**
 * The chain whose code in asset notation this is (`GAIA`), and never a path-table label: the
 * spec writes `ATOM` only in its path table, so `ATOM.ATOM` names no chain.
 */
export function chainOfAssetCode(code: string): ChainInfo | undefined {
  return byCode.get(code.toUpperCase());
}

/** The chain code for an EIP-155 number, or undefined. */
export function chainCodeOfEvmId(id: number): string | undefined {
  return CHAINS.find((c) => c.evmChainId === id)?.code;
}

/**
 * The real service's chain ids that are not EIP-155 numbers, by chain code: what it writes
 * as `chainId` in its tracking records (SwapKit's `ChainId` enumeration; seen in recorded
 * answers: `"bitcoin"`, `"solana"`, `"thorchain-1"`, `"zcash"`, see
 * test/fixtures/real/README.md). EVM chains are written as their EIP-155 number.
 */
const SERVICE_CHAIN_IDS: Readonly<Record<string, readonly string[]>> = {
  BTC: ['bitcoin'],
  BCH: ['bitcoincash'],
  LTC: ['litecoin'],
  DOGE: ['dogecoin'],
  DASH: ['dash'],
  ZEC: ['zcash'],
  GAIA: ['cosmoshub-4'],
  THOR: ['thorchain-1', 'thorchain-mainnet-v1'],
  MAYA: ['mayachain-mainnet-v1'],
  KUJI: ['kaiyo-1'],
  SOL: ['solana'],
  DOT: ['polkadot'],
  FLIP: ['chainflip'],
  XRD: ['radix-mainnet'],
  XRP: ['ripple'],
};
const byServiceId = new Map(
  Object.entries(SERVICE_CHAIN_IDS).flatMap(([code, ids]) => ids.map((id) => [id, code] as const)),
);

/**
 * The chain code a service names a chain by: a chain code or path-table label (`ETH`,
 * `ATOM`), an EIP-155 number in decimal or hex (`"1"`, `"0xa4b1"`), or the real service's
 * chain id (`"bitcoin"`, `"thorchain-1"`); undefined when it names none the widget knows.
 */
export function chainCodeOfServiceName(name: string): string | undefined {
  const known = chainInfo(name)?.code ?? byServiceId.get(name.toLowerCase());
  if (known) return known;
  if (/^[1-9]\d{0,15}$/.test(name)) return chainCodeOfEvmId(Number(name));
  if (/^0x[0-9a-f]{1,13}$/i.test(name)) return chainCodeOfEvmId(Number.parseInt(name, 16));
  return undefined;
}

/** The spec's cross-chain path table, by path-table label: source -> outputs reachable with one signature. */
const PATHS: Record<string, string> = {
  BTC: 'SOL ETH ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR MAYA KUJI DOT XRD',
  ETH: 'BTC SOL ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR MAYA KUJI DOT XRD',
  SOL: 'BTC ETH ARB XRP BASE DOT',
  ARB: 'BTC SOL ETH XRP DASH THOR MAYA KUJI DOT XRD',
  BASE: 'BTC ETH BSC XRP AVAX LTC BCH DOGE ATOM DASH THOR',
  BSC: 'BTC ETH BASE XRP AVAX LTC BCH DOGE ATOM THOR',
  AVAX: 'BTC ETH BASE BSC XRP LTC BCH DOGE ATOM THOR',
  XRP: 'BTC ETH BASE BSC AVAX LTC BCH DOGE ATOM THOR',
  LTC: 'BTC ETH BASE BSC XRP AVAX BCH DOGE ATOM THOR',
  BCH: 'BTC ETH BASE BSC XRP AVAX LTC DOGE ATOM THOR',
  DOGE: 'BTC ETH BASE BSC XRP AVAX LTC BCH ATOM THOR',
  ATOM: 'BTC ETH BASE BSC XRP AVAX LTC BCH DOGE THOR',
  DASH: 'BTC ETH ARB THOR MAYA KUJI XRD',
  THOR: 'BTC ETH ARB BASE BSC XRP AVAX LTC BCH DOGE ATOM DASH MAYA KUJI XRD',
  MAYA: 'BTC ETH ARB DASH THOR KUJI XRD',
  KUJI: 'BTC ETH ARB DASH THOR MAYA XRD',
  DOT: 'BTC SOL ETH ARB',
  XRD: 'BTC ETH ARB DASH THOR MAYA KUJI',
};

/** Chain codes reachable from `source` (a chain code) with one signature, per the path table. */
export function reachableChains(source: string): readonly string[] {
  const label = chainInfo(source)?.label;
  const row = label ? PATHS[label] : undefined;
  return row ? row.split(' ').map((l) => chainInfo(l)!.code) : [];
}

/**
 * Whether a swap from `sell` to `buy` chain is possible: the same chain (a DEX swap) or a
 * cross-chain path of the table.
 */
export function chainsConnected(sell: string, buy: string): boolean {
  const a = chainInfo(sell)?.code;
  const b = chainInfo(buy)?.code;
  if (!a || !b) return false;
  return a === b || reachableChains(a).includes(b);
}

/** Link to a transaction on a public explorer, or undefined for an unknown chain. */
export function explorerTxUrl(chain: string, hash: string): string | undefined {
  const info = chainInfo(chain);
  if (!info || !info.explorerTx.startsWith('https://')) return undefined;
  // An EVM hash is 0x and 64 hex digits (services also write it bare, or in upper case); others have no 0x.
  const bare = hash.replace(/^0x/i, '');
  const clean =
    info.kind !== 'evm' ? hash.replace(/^0x/, '') : /^[0-9a-fA-F]{64}$/.test(bare) ? `0x${bare.toLowerCase()}` : hash;
  return info.explorerTx.replace('{hash}', encodeURIComponent(clean));
}
