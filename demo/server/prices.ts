/**
 * USD prices of the reference service (decimal strings, realistic magnitudes), keyed by a
 * price key: the symbol, or what a wrapped/bridged asset tracks (`WBTC` -> `BTC`).
 */

export const USD_PRICES: Readonly<Record<string, string>> = {
  BTC: '97000',
  ETH: '3400',
  SOL: '180',
  BNB: '650',
  AVAX: '38',
  XRP: '2.3',
  LTC: '105',
  BCH: '450',
  DOGE: '0.38',
  ATOM: '6.5',
  DASH: '40',
  RUNE: '5.2',
  CACAO: '0.9',
  KUJI: '0.8',
  DOT: '7.2',
  XRD: '0.02',
  POL: '0.45',
  ZEC: '55',
  HYPE: '25',
  FLIP: '1.1',
  TCY: '0.35',
  RUJI: '1.2',
  USD: '1',
  WSTETH: '4050',
  LINK: '23',
  UNI: '13',
  AAVE: '320',
  PEPE: '0.000019',
  SHIB: '0.000022',
  MKR: '1600',
  LDO: '1.9',
  THOR: '0.25',
  FOX: '0.05',
  TGT: '0.02',
  YFI: '8500',
  SNX: '2.8',
  CRV: '0.9',
  ENA: '0.9',
  ARB: '0.75',
  GRT: '0.22',
  '1INCH': '0.4',
  COMP: '80',
  SUSHI: '1.4',
  BAT: '0.25',
  APE: '1.3',
  PAXG: '2650',
  ONDO: '1.5',
  GMX: '30',
  PENDLE: '5',
  AERO: '1.2',
  DEGEN: '0.015',
  VIRTUAL: '2.5',
  CAKE: '2.5',
  TWT: '1',
  JOE: '0.45',
  OP: '2.1',
  JUP: '1',
  BONK: '0.00003',
  WIF: '2.2',
  JTO: '3',
  PYTH: '0.4',
  RAY: '5',
  MSOL: '220',
  TRUMP: '15',
  POPCAT: '0.9',
};

/** Price of protocol C's settlement asset, which pool rates are also given in. */
export const CACAO_PRICE_USD = USD_PRICES.CACAO!;

/** What a symbol's price follows when it is not its own key. */
export const PRICE_ALIASES: Readonly<Record<string, string>> = {
  WBTC: 'BTC',
  CBBTC: 'BTC',
  BTCB: 'BTC',
  WETH: 'ETH',
  STETH: 'ETH',
  USDC: 'USD',
  USDT: 'USD',
  DAI: 'USD',
  USDE: 'USD',
  WAVAX: 'AVAX',
  MATIC: 'POL',
};

/** The price key of a symbol (`cbBTC` -> `BTC`), undefined when the table has no price. */
export function priceKeyOf(symbol: string): string | undefined {
  const s = symbol.toUpperCase();
  const key = PRICE_ALIASES[s] ?? s;
  return USD_PRICES[key] !== undefined ? key : undefined;
}
