/**
 * The token list of the reference service: each chain's native asset plus the main tokens
 * with their real contract addresses, and optional generated long-tail ERC-20 tokens for
 * testing big pickers. Token identifiers are written as the spec shows them: checksummed
 * (mixed-case) contracts on most chains, upper-case contracts on BSC and AVAX (as
 * protocol A writes them).
 */
import type * as z from 'zod/mini';
import type { Token } from '../../src/schemas/service.js';
import { CHAINS, chainInfo } from './chains.js';
import { derivedHex, hashSeed } from './hashes.js';
import { colorOf, logoUri } from './logo.js';
import { dexDepthUsd } from './pools.js';
import { USD_PRICES, priceKeyOf } from './prices.js';
import { providersOfToken, type ProviderId } from './providers.js';

export interface TokenRecord {
  /** Identifier as the list writes it. */
  readonly asset: string;
  /** Identifier upper-cased: the lookup key. */
  readonly key: string;
  /** `CHAIN.SYMBOL` upper-cased (pools are keyed by it). */
  readonly poolKey: string;
  readonly chain: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** Contract as written in the identifier (any case), undefined for a native asset. */
  readonly contract?: string;
  readonly native: boolean;
  readonly priceUsd: string;
  readonly dexDepthUsd: number;
  readonly logoURI: string;
  readonly providers: readonly ProviderId[];
}

export type TokenJson = z.input<typeof Token>;

interface TokenDef {
  readonly symbol: string;
  readonly contract: string;
  readonly name: string;
  readonly decimals: number;
}

const NATIVE_NAMES: Readonly<Record<string, string>> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  SOL: 'Solana',
  ARB: 'Ethereum (Arbitrum)',
  BASE: 'Ethereum (Base)',
  BSC: 'BNB',
  AVAX: 'Avalanche',
  XRP: 'XRP',
  LTC: 'Litecoin',
  BCH: 'Bitcoin Cash',
  DOGE: 'Dogecoin',
  GAIA: 'Cosmos Hub',
  DASH: 'Dash',
  THOR: 'Rune',
  MAYA: 'Cacao',
  KUJI: 'Kujira',
  DOT: 'Polkadot',
  XRD: 'Radix',
  OP: 'Ethereum (Optimism)',
  FLIP: 'Chainflip',
  MATIC: 'Polygon Ecosystem Token',
  ZEC: 'Zcash',
  HYPE: 'Hyperliquid',
};

const BRAND_COLORS: Readonly<Record<string, string>> = {
  BTC: '#F7931A',
  ETH: '#627EEA',
  SOL: '#9945FF',
  BNB: '#F3BA2F',
  AVAX: '#E84142',
  XRP: '#23292F',
  LTC: '#345D9D',
  BCH: '#8DC351',
  DOGE: '#C2A633',
  ATOM: '#2E3148',
  DASH: '#008CE7',
  RUNE: '#0B8F6B',
  CACAO: '#3E7BFF',
  KUJI: '#E53935',
  DOT: '#E6007A',
  XRD: '#052CC0',
  POL: '#8247E5',
  ZEC: '#ECB244',
  HYPE: '#0F5F4F',
  FLIP: '#FF33AF',
  USDC: '#2775CA',
  USDT: '#26A17B',
  DAI: '#F5AC37',
  WBTC: '#5A5564',
  LINK: '#2A5ADA',
  UNI: '#FF007A',
  ARB: '#28A0F0',
  OP: '#FF0420',
};

const t = (symbol: string, contract: string, name: string, decimals = 18): TokenDef => ({
  symbol,
  contract,
  name,
  decimals,
});

/** Main tokens per chain, with their real contracts. */
const TOKENS: Readonly<Record<string, readonly TokenDef[]>> = {
  ETH: [
    t('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USD Coin', 6),
    t('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'Tether USD', 6),
    t('WBTC', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'Wrapped BTC', 8),
    t('DAI', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 'Dai Stablecoin'),
    t('WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'Wrapped Ether'),
    t('wstETH', '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'Wrapped liquid staked Ether 2.0'),
    t('stETH', '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84', 'Lido Staked ETH'),
    t('cbBTC', '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'Coinbase Wrapped BTC', 8),
    t('LINK', '0x514910771AF9Ca656af840dff83E8264EcF986CA', 'ChainLink Token'),
    t('UNI', '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'Uniswap'),
    t('AAVE', '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 'Aave Token'),
    t('FLIP', '0x826180541412D574cf1336d22c0C0a287822678A', 'Chainflip'),
    t('PEPE', '0x6982508145454Ce325dDbE47a25d4ec3d2311933', 'Pepe'),
    t('SHIB', '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE', 'SHIBA INU'),
    t('MKR', '0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2', 'Maker'),
    t('LDO', '0x5A98FcBEA516Cf06857215779Fd812CA3beF1B32', 'Lido DAO Token'),
    t('THOR', '0xa5f2211B9b8170F694421f2046281775E8468044', 'THORSwap Token'),
    t('FOX', '0xc770EEfAd204B5180dF6a14Ee197D99d808ee52d', 'FOX'),
    t('TGT', '0x108a850856Db3f85d0269a2693D896B394C80325', 'THORWallet Governance Token'),
    t('YFI', '0x0bc529c00C6401aEF6D220BE8C6Ea1667F6Ad93e', 'yearn.finance'),
    t('SNX', '0xC011a73ee8576Fb46F5E1c5751cA3B9Fe0af2a6F', 'Synthetix Network Token'),
    t('CRV', '0xD533a949740bb3306d119CC777fa900bA034cd52', 'Curve DAO Token'),
    t('USDe', '0x4c9EDD5852cd905f086C759E8383e09bff1E68B3', 'USDe'),
    t('ENA', '0x57e114B691Db790C35207b2e685D4A43181e6061', 'ENA'),
    t('ARB', '0xB50721BCf8d664c30412Cfbc6cf7a15145234ad1', 'Arbitrum'),
    t('MATIC', '0x7D1AfA7B718fb893dB30A3aBc0Cfc608AaCfeBB0', 'Matic Token'),
    t('GRT', '0xc944E90C64B2c07662A292be6244BDf05Cda44a7', 'Graph Token'),
    t('1INCH', '0x111111111117dC0aa78b770fA6A738034120C302', '1INCH Token'),
    t('COMP', '0xc00e94Cb662C3520282E6f5717214004A7f26888', 'Compound'),
    t('SUSHI', '0x6B3595068778DD592e39A122f4f5a5cF09C90fE2', 'SushiToken'),
    t('BAT', '0x0D8775F648430679A709E98d2b0Cb6250d2887EF', 'Basic Attention Token'),
    t('APE', '0x4d224452801ACEd8B2F0aebE155379bb5D594381', 'ApeCoin'),
    t('PAXG', '0x45804880De22913dAFE09f4980848ECE6EcbAf78', 'Paxos Gold'),
    t('ONDO', '0xfAbA6f8e4a5E8Ab82F62fe7C39859FA577269BE3', 'Ondo'),
  ],
  ARB: [
    t('USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USD Coin', 6),
    t('USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'Tether USD', 6),
    t('ARB', '0x912CE59144191C1204E64559FE8253a0e49E6548', 'Arbitrum'),
    t('WBTC', '0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f', 'Wrapped BTC', 8),
    t('DAI', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 'Dai Stablecoin'),
    t('GMX', '0xfc5A1A6EB076a2C7aD06eD22C90d7E710E35ad0a', 'GMX'),
    t('LINK', '0xf97f4df75117a78c1A5a0DBb814Af92458539FB4', 'ChainLink Token'),
    t('WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'Wrapped Ether'),
    t('PENDLE', '0x0c880f6761F1af8d9Aa9C466984b80DAb9a8c9e8', 'Pendle'),
  ],
  BASE: [
    t('USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USD Coin', 6),
    t('cbBTC', '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'Coinbase Wrapped BTC', 8),
    t('DAI', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 'Dai Stablecoin'),
    t('AERO', '0x940181a94A35A4569E4529A3CDfB74e38FD98631', 'Aerodrome'),
    t('WETH', '0x4200000000000000000000000000000000000006', 'Wrapped Ether'),
    t('DEGEN', '0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed', 'Degen'),
    t('VIRTUAL', '0x0b3e328455c4059EEb9e3f84b5543F74E24e7E1b', 'Virtual Protocol'),
  ],
  BSC: [
    t('USDC', '0X8AC76A51CC950D9822D68B83FE1AD97B32CD580D', 'USD Coin', 18),
    t('USDT', '0X55D398326F99059FF775485246999027B3197955', 'Tether USD', 18),
    t('BTCB', '0X7130D2A12B9BCBFAE4F2634D864A1EE1CE3EAD9C', 'Bitcoin BEP2', 18),
    t('ETH', '0X2170ED0880AC9A755FD29B2688956BD959F933F8', 'Ethereum Token', 18),
    t('CAKE', '0X0E09FABB73BD3ADE0A17ECC321FD13A19E81CE82', 'PancakeSwap Token'),
    t('TWT', '0X4B0F1812E5DF2A09796481FF14017E6005508003', 'Trust Wallet'),
  ],
  AVAX: [
    t('USDC', '0XB97EF9EF8734C71904D8002F8B6BC66DD9C48A6E', 'USD Coin', 6),
    t('USDT', '0X9702230A8EA53601F5CD2DC00FDBC13D4DF4A8C7', 'Tether USD', 6),
    t('WAVAX', '0XB31F66AA3C1E785363F0875A1B74E27B85FD66C7', 'Wrapped AVAX'),
    t('JOE', '0X6E84A6216EA6DACC71EE8E6B0A5B7322EEBC0FDD', 'JoeToken'),
    t('BTCB', '0X152B9D0FDC40C096757F570A51E494BD4B943E50', 'Bitcoin (Avalanche bridge)', 8),
  ],
  OP: [
    t('USDC', '0x0b2C639c533813f4Aa9D7837cAf62653d097Ff85', 'USD Coin', 6),
    t('USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 'Tether USD', 6),
    t('OP', '0x4200000000000000000000000000000000000042', 'Optimism'),
  ],
  MATIC: [
    t('USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USD Coin', 6),
    t('USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 'Tether USD', 6),
    t('WETH', '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', 'Wrapped Ether'),
  ],
  SOL: [
    t('USDC', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USD Coin', 6),
    t('USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 6),
    t('JUP', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'Jupiter', 6),
    t('BONK', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'Bonk', 5),
    t('WIF', 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', 'dogwifhat', 6),
    t('JTO', 'jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL', 'Jito', 9),
    t('PYTH', 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3', 'Pyth Network', 6),
    t('RAY', '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R', 'Raydium', 6),
    t('mSOL', 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', 'Marinade staked SOL', 9),
    t('TRUMP', '6p6xgHyF7AeE6TZkSmFsko444wqoP15icUSqi2jfGiPN', 'OFFICIAL TRUMP', 6),
    t('POPCAT', '7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr', 'Popcat', 9),
  ],
};

/** Protocol-chain native denoms (no contract) beside the chain's own coin. */
const NATIVE_EXTRAS: Readonly<Record<string, ReadonlyArray<{ symbol: string; name: string; decimals: number }>>> = {
  THOR: [
    { symbol: 'TCY', name: 'THORChain Yield', decimals: 8 },
    { symbol: 'RUJI', name: 'Rujira', decimals: 8 },
  ],
};

interface RecordInput {
  chain: string;
  symbol: string;
  contract?: string;
  name: string;
  decimals: number;
  priceUsd: string;
  priceKey: string;
  dexDepthUsd?: number;
  color?: string;
  /** Pool key override (generated tokens use their whole identifier). */
  poolKey?: string;
}

function makeRecord(r: RecordInput): TokenRecord {
  const asset = r.contract ? `${r.chain}.${r.symbol}-${r.contract}` : `${r.chain}.${r.symbol}`;
  const native = !r.contract;
  const poolKey = r.poolKey ?? `${r.chain}.${r.symbol}`.toUpperCase();
  const base = {
    asset,
    key: asset.toUpperCase(),
    poolKey,
    chain: r.chain,
    symbol: r.symbol,
    name: r.name,
    decimals: r.decimals,
    native,
    priceUsd: r.priceUsd,
    dexDepthUsd: r.dexDepthUsd ?? dexDepthUsd(r.priceKey, native),
    logoURI: logoUri(
      r.symbol.toUpperCase(),
      r.color ?? BRAND_COLORS[r.priceKey] ?? BRAND_COLORS[r.symbol.toUpperCase()] ?? colorOf(hashSeed(asset)),
    ),
    ...(r.contract ? { contract: r.contract } : {}),
  };
  return { ...base, providers: providersOfToken(base) };
}

function price(symbol: string): { priceUsd: string; priceKey: string } {
  const key = priceKeyOf(symbol);
  if (!key) throw new Error(`no price for ${symbol}`);
  return { priceUsd: USD_PRICES[key]!, priceKey: key };
}

function buildBaseTokens(): TokenRecord[] {
  const out: TokenRecord[] = [];
  for (const c of CHAINS) {
    out.push(
      makeRecord({
        chain: c.code,
        symbol: c.nativeSymbol,
        name: NATIVE_NAMES[c.code] ?? c.name,
        decimals: c.nativeDecimals,
        ...price(c.nativeSymbol),
      }),
    );
    for (const x of NATIVE_EXTRAS[c.code] ?? []) out.push(makeRecord({ chain: c.code, ...x, ...price(x.symbol) }));
    for (const d of TOKENS[c.code] ?? []) out.push(makeRecord({ chain: c.code, ...d, ...price(d.symbol) }));
  }
  return out;
}

/** The token list without generated tokens (immutable). */
export const BASE_TOKENS: readonly TokenRecord[] = Object.freeze(buildBaseTokens());

// ---- generated long-tail tokens ------------------------------------------------------

const EXTRA_CHAINS = ['ETH', 'ETH', 'ETH', 'ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC'];
const SYLLABLES = ['BA', 'KO', 'RI', 'ZU', 'ME', 'LO', 'NA', 'TI', 'VE', 'XA', 'QU', 'PO', 'SE', 'DI', 'FU', 'GA'];
const NAME_TAILS = ['Token', 'Finance', 'Protocol', 'Network', 'Coin', 'DAO', 'Labs', 'Swap'];

/** The `i`-th generated ERC-20 (deterministic: same index, same token). */
export function extraToken(i: number): TokenRecord {
  const seed = hashSeed(`extra:${i}`);
  const chain = EXTRA_CHAINS[i % EXTRA_CHAINS.length]!;
  const symbol =
    SYLLABLES[i % 16]! +
    SYLLABLES[(i >> 4) % 16]! +
    SYLLABLES[(i >> 8) % 16]! +
    (i >= 4096 ? String.fromCharCode(65 + ((i >> 12) % 26)) : '');
  // Lower-case hex (no EIP-55 checksum: cheap for 10 000 tokens, and valid as written).
  const contract = `0x${derivedHex(`ref-extra-token:${i}`, 40)}`;
  const exponent = (seed % 7) - 4; // 1e-4 .. 1e2
  const mantissa = 1 + (seed % 9);
  const priceUsd = exponent < 0 ? `0.${'0'.repeat(-exponent - 1)}${mantissa}` : String(mantissa * 10 ** exponent);
  const name = `${symbol.charAt(0)}${symbol.slice(1).toLowerCase()} ${NAME_TAILS[seed % NAME_TAILS.length]}`;
  return makeRecord({
    chain,
    symbol,
    contract,
    name,
    decimals: [18, 18, 18, 6, 9, 8][seed % 6]!,
    priceUsd,
    priceKey: symbol,
    dexDepthUsd: 50_000 + (seed % 40) * 50_000,
    poolKey: `${chain}.${symbol}-${contract}`.toUpperCase(),
  });
}

/** A token a scope registers (e.g. an ERC-20 a test deployed on a local node). */
export interface CustomTokenInput {
  chain: string;
  symbol: string;
  contract: string;
  decimals: number;
  priceUsd: string;
  name?: string;
}

export function customToken(t: CustomTokenInput): TokenRecord {
  return makeRecord({
    chain: t.chain,
    symbol: t.symbol,
    contract: t.contract,
    name: t.name ?? t.symbol,
    decimals: t.decimals,
    priceUsd: t.priceUsd,
    priceKey: t.symbol,
    dexDepthUsd: 5_000_000,
    poolKey: `${t.chain}.${t.symbol}-${t.contract}`.toUpperCase(),
  });
}

/** Generated tokens kept by one service instance: made once, sliced per scope. */
export class ExtraTokenCache {
  private readonly made: TokenRecord[] = [];
  take(n: number): readonly TokenRecord[] {
    for (let i = this.made.length; i < n; i++) this.made.push(extraToken(i));
    return this.made.slice(0, n);
  }
}

// ---- lookups --------------------------------------------------------------------------

/** A token list with case-insensitive lookup. */
export class TokenCatalog {
  readonly tokens: readonly TokenRecord[];
  private readonly byKey = new Map<string, TokenRecord>();
  private readonly byPool = new Map<string, TokenRecord>();

  constructor(tokens: readonly TokenRecord[]) {
    this.tokens = tokens;
    for (const r of tokens) {
      if (!this.byKey.has(r.key)) this.byKey.set(r.key, r);
      if (!this.byPool.has(r.poolKey)) this.byPool.set(r.poolKey, r);
    }
  }

  /** The token of an identifier, whatever the case of its contract part. */
  get(asset: string): TokenRecord | undefined {
    return this.byKey.get(asset.toUpperCase());
  }

  /** The token of a pool key (`ETH.USDC`). */
  byPoolKey(poolKey: string): TokenRecord | undefined {
    return this.byPool.get(poolKey);
  }

  /** The native asset of a chain code. */
  native(chain: string): TokenRecord | undefined {
    const info = chainInfo(chain);
    return info ? this.byPool.get(`${info.code}.${info.nativeSymbol}`.toUpperCase()) : undefined;
  }
}

export function tokenJson(r: TokenRecord): TokenJson {
  return {
    asset: r.asset,
    chain: r.chain,
    symbol: r.symbol,
    name: r.name,
    decimals: r.decimals,
    providers: [...r.providers],
    logoURI: r.logoURI,
  };
}

/** The contract of an EVM token as a lower-case `0x` address (identifiers may write `0X…` upper case). */
export function evmContract(r: TokenRecord): `0x${string}` | undefined {
  return r.contract ? (`0x${r.contract.slice(2).toLowerCase()}` as `0x${string}`) : undefined;
}
