/**
 * Widely used tokens whose decimals the widget holds itself, so the service's token list
 * cannot change how an amount of them is counted. Keyed by chain and contract: an EVM
 * contract compared without regard to case, a Solana mint exactly.
 *
 * Every row names its source in its comment (published token lists, each opened at the commit given):
 * - UNI: `Uniswap/default-token-list`, the built list `build/uniswap-default.tokenlist.json`
 *   @ 90ecdd6b (list version 12.14.0, 2024-08-30).
 * - UNI-HEAD: the same repository's hand-kept inputs `src/tokens/<chain>.json` @ 49f39bd7
 *   (2026-08-06).
 * - TNL: THORNode's EVM token lists `common/tokenlist/{eth,bsc,avax,base}tokens/*_mainnet_latest.json`,
 *   gitlab.com/thorchain/thornode as copied on GitHub in `LZeroAnalytics/thornode` @ a0d762ef.
 * - JTL: `jup-ag/token-list` `validated-tokens.csv` @ 59d95549.
 * Where two sources list a token, they agree on its address and decimals.
 *
 * Each row also carries the tickers a protocol memo may name the token by (asset notation
 * `CHAIN.TICKER-CONTRACT`, the THORNode repository's asset notation concept page), upper
 * case: first the symbol its sources give it (TNL's where TNL lists it: THORNode's own names;
 * Maya's own names for ETH and ARB USDC, USDT, DAI and WBTC agree, mayanode `common/asset.go`
 * as copied in `iamfadhlu/maya-node` @ d0ade6eb, `TwoLetterShortCodeV120`); then the other
 * names its sources give it (`USDT0`, `WETH` for BSC's pegged ETH, `WPOL`); a bridged twin
 * (`USDC.e`, `USDbC`, `USDT0` on OP) also carries the symbol of the token it stands for. A
 * memo that cuts a contract short names the deepest pool of its chain and ticker ending with
 * what is left (THORNode `x/thorchain/handler.go` `fuzzyAssetMatch`): every row that carries
 * the ticker is a look-alike the memo could name (`chains/memo.ts`).
 *
 * Plain data; no DOM.
 */
import { parseAsset } from './asset.js';

type Row = readonly [contract: string, decimals: number, ...tickers: string[]];

const TOKENS: Readonly<Record<string, readonly Row[]>> = {
  ETH: [
    ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6, 'USDC'], // USDC: UNI, TNL
    ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 6, 'USDT'], // USDT: UNI, TNL
    ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 8, 'WBTC'], // WBTC: UNI, TNL
    ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 18, 'DAI'], // DAI: UNI, TNL
    ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18, 'WETH'], // WETH: UNI, TNL
  ],
  ARB: [
    ['0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6, 'USDC'], // USDC: UNI
    ['0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', 6, 'USDC.E', 'USDC'], // USDC.e (bridged): UNI
    ['0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6, 'USDT', 'USDT0'], // USDT (USDT0 in UNI-HEAD): UNI
    ['0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 8, 'WBTC'], // WBTC: UNI
    ['0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'DAI'], // DAI: UNI
    ['0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18, 'WETH'], // WETH: UNI
  ],
  BASE: [
    ['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6, 'USDC'], // USDC: UNI, TNL
    ['0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', 6, 'USDBC', 'USDC'], // USDbC (bridged): UNI
    ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 8, 'CBBTC'], // cbBTC: UNI-HEAD, TNL
    ['0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18, 'DAI'], // DAI: UNI, TNL
    ['0x4200000000000000000000000000000000000006', 18, 'WETH'], // WETH: UNI, TNL
  ],
  // On BSC the pegged USDC, USDT and BTCB have 18 decimals, unlike their Ethereum counterparts.
  BSC: [
    ['0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18, 'USDC'], // USDC (Binance-Peg): UNI, TNL
    ['0x55d398326f99059fF775485246999027B3197955', 18, 'USDT'], // USDT: UNI, TNL
    ['0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 18, 'BTCB'], // BTCB: TNL
    ['0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', 18, 'DAI'], // DAI: UNI, TNL
    ['0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 18, 'ETH', 'WETH'], // ETH (Binance-Peg, WETH in UNI): UNI, TNL
    ['0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 18, 'WBNB'], // WBNB: UNI, TNL
  ],
  AVAX: [
    ['0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 6, 'USDC'], // USDC: UNI, TNL
    ['0xA7D7079b0FEaD91F3e65f86E8915Cb59c1a4C664', 6, 'USDC.E', 'USDC'], // USDC.e (bridged): TNL
    ['0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 6, 'USDT'], // USDT: UNI, TNL
    ['0xc7198437980c041c805A1EDcbA50c1Ce5db95118', 6, 'USDT.E', 'USDT'], // USDT.e (bridged): TNL
    ['0x50b7545627a5162F82A992c33b87aDc75187B218', 8, 'WBTC.E', 'WBTC'], // WBTC.e: UNI, TNL
    ['0x152b9d0FdC40C096757F570A51E494bd4b943E50', 8, 'BTC.B'], // BTC.b: TNL
    ['0xd586E7F844cEa2F87f50152665BCbc2C279D8d70', 18, 'DAI.E', 'DAI'], // DAI.e: UNI, TNL
    ['0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB', 18, 'WETH.E', 'WETH'], // WETH.e: UNI, TNL
    ['0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 18, 'WAVAX'], // WAVAX: UNI, TNL
  ],
  OP: [
    ['0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6, 'USDC'], // USDC: UNI
    ['0x7F5c764cBc14f9669B88837ca1490cCa17c31607', 6, 'USDC.E', 'USDC'], // USDC.e (bridged): UNI
    ['0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6, 'USDT'], // USDT: UNI
    ['0x01bFF41798a0BcF287b996046Ca68b395DbC1071', 6, 'USDT0', 'USDT'], // USDT0: UNI-HEAD
    ['0x68f180fcCe6836688e9084f035309E29Bf0A2095', 8, 'WBTC'], // WBTC: UNI
    ['0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18, 'DAI'], // DAI: UNI
    ['0x4200000000000000000000000000000000000006', 18, 'WETH'], // WETH: UNI
  ],
  MATIC: [
    ['0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6, 'USDC'], // USDC: UNI
    ['0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 6, 'USDC.E', 'USDC'], // USDC.e (bridged): UNI
    ['0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6, 'USDT'], // USDT: UNI
    ['0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6', 8, 'WBTC'], // WBTC: UNI
    ['0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 18, 'DAI'], // DAI: UNI
    ['0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 18, 'WETH'], // WETH: UNI
    ['0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 18, 'WMATIC', 'WPOL'], // WMATIC: UNI
  ],
  // UNI-HEAD `src/tokens/solana.json` (Uniswap's chainId 501000101); the same values in JTL.
  SOL: [
    ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6, 'USDC'], // USDC: UNI-HEAD, JTL
    ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6, 'USDT'], // USDT: UNI-HEAD, JTL
    ['So11111111111111111111111111111111111111112', 9, 'SOL', 'WSOL'], // Wrapped SOL: UNI-HEAD, JTL
  ],
};

/** A contract as it is compared: lower case for EVM hex (`0X…` too), as written otherwise. */
export function contractKey(contract: string): string {
  return /^0x[0-9a-f]{40}$/i.test(contract) ? contract.toLowerCase() : contract;
}

let known: Map<string, number> | undefined;

/** Every row, for tests: chain, contract as its source writes it, decimals. */
export function knownTokenRows(): (readonly [chain: string, contract: string, decimals: number])[] {
  return Object.entries(TOKENS).flatMap(([chain, rows]) => rows.map(([c, d]) => [chain, c, d] as const));
}

/** The table's decimals of a token asset (`ETH.USDC-0xa0b8…`), or undefined when it does not list it. */
export function knownTokenDecimals(asset: string): number | undefined {
  const parts = parseAsset(asset);
  if (!parts?.contract || parts.synthetic) return undefined;
  known ??= new Map(knownTokenRows().map(([chain, c, d]) => [`${chain}:${contractKey(c)}`, d]));
  return known.get(`${parts.chain}:${contractKey(parts.contract)}`);
}

/** A row of the table: its chain, its contract as its source writes it, and the tickers memos may name it by. */
export interface KnownToken {
  readonly chain: string;
  readonly contract: string;
  readonly tickers: readonly string[];
}

let byChain: Map<string, KnownToken[]> | undefined;

/** The rows of a chain (its code, `ETH`). */
function rowsOf(chain: string): readonly KnownToken[] {
  byChain ??= new Map(
    Object.entries(TOKENS).map(([c, rows]) => [
      c,
      rows.map(([contract, , ...tickers]) => ({ chain: c, contract, tickers })),
    ]),
  );
  return byChain.get(chain.toUpperCase()) ?? [];
}

/** The table's row of a token asset (its chain and contract, whatever symbol it is written with), or undefined. */
export function knownToken(asset: string): KnownToken | undefined {
  const parts = parseAsset(asset);
  if (!parts?.contract || parts.synthetic) return undefined;
  const key = contractKey(parts.contract);
  return rowsOf(parts.chain).find((t) => contractKey(t.contract) === key);
}

/** The table's tokens of `chain` a memo may name by `ticker` (any case): every look-alike of that ticker. */
export function knownTokensByTicker(chain: string, ticker: string): readonly KnownToken[] {
  const t = ticker.toUpperCase();
  return rowsOf(chain).filter((row) => row.tickers.includes(t));
}
