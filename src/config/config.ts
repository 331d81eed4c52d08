/**
 * Attribute values -> a typed, validated configuration. Plain TypeScript (no DOM).
 *
 * Every field is checked on its own: a bad value is reported with the attribute's name and
 * replaced by nothing (or the default), so one mistake never hides the others, and the
 * widget sends no quote while any error stands.
 */
import * as z from 'zod/mini';
import { AssetId, DecimalString } from '../schemas/service.js';
import {
  AffiliateName,
  BasisPoints,
  MAX_AFFILIATE_FEE_BPS,
  Percent,
  chainPairs,
  numberText,
  parseApiUrl,
  parseCosmosRest,
  parseHostDecimals,
  parseRpcUrls,
  text,
} from './values.js';
import { validateAddress, type AddressProblem } from '../domain/chains/address.js';
import { assetChain } from '../domain/chains/asset.js';
import { chainOfAssetCode } from '../domain/chains/chains.js';
import { isKnownProvider } from '../domain/chains/providers.js';

export type Theme = 'light' | 'dark' | 'auto';

/** What the host set, as attribute strings or property values. */
export interface RawConfig {
  apiUrl?: string | null;
  apiDialect?: string | null;
  apiKey?: string | null;
  affiliate?: string | null;
  affiliateFee?: string | number | null;
  affiliateAddresses?: string | Readonly<Record<string, string>> | null;
  sellAsset?: string | null;
  buyAsset?: string | null;
  sellAmount?: string | number | null;
  slippage?: string | number | null;
  sourceAddress?: string | null;
  destinationAddress?: string | null;
  lockAddresses?: boolean | null;
  providers?: string | readonly string[] | null;
  theme?: string | null;
  locale?: string | null;
  bridge?: boolean | null;
  cosmosRest?: string | null;
  thornodeUrl?: string | null;
  mayanodeUrl?: string | null;
  /** `rpc-urls` as written, or the `rpcUrls` property's map. */
  rpcUrls?: string | Readonly<Record<string, string>> | null;
  /** The `decimals` property: `{ [asset]: integer }`. */
  decimals?: unknown;
}

export interface WidgetConfig {
  /** Base URL of the service, without a trailing slash ('' for the page's origin). */
  apiUrl: string;
  /** The service's dialect the host named (`api-dialect`); absent: from the `api-url` (`serviceDialect`). */
  apiDialect?: 'spec' | 'swapkit';
  apiKey?: string;
  affiliate?: string;
  /** Basis points, 0..1000. */
  affiliateFee: number;
  /** Where the affiliate fee is paid, by chain code (`SOL`: the owner of the fee's token accounts); each address valid for its chain. */
  affiliateAddresses?: Record<string, string>;
  sellAsset?: string;
  buyAsset?: string;
  sellAmount?: string;
  /** Percent, 0..100. */
  slippage: number;
  sourceAddress?: string;
  destinationAddress?: string;
  lockAddresses: boolean;
  providers?: string[];
  theme: Theme;
  /** A canonical BCP 47 tag, or `auto`. */
  locale?: string;
  bridge: boolean;
  /** REST endpoints of Cosmos-SDK chains, by chain code, the host set (absolute URLs). */
  cosmosRest?: Record<string, string>;
  /**
   * The memo protocols' nodes the host set (`thornode-url` for protocol A, `mayanode-url` for
   * C): a base URL, or `off` (nothing read: every route paying that protocol is refused); absent: the public default.
   */
  nodeUrls: { A?: string; C?: string };
  /** JSON-RPC endpoints by chain code (EVM chains, SOL), where token decimals are read (absolute URLs). */
  rpcUrls?: Record<string, string>;
  /** The host's token decimals, by asset identifier (whole numbers, 0 to 36). */
  decimals?: Record<string, number>;
}

/**
 * What is wrong with an attribute (or, for warnings, worth knowing): a code with the value
 * as the host wrote it; the components say it in words, in the widget's language.
 */
export type ConfigIssueCode =
  | 'api-url-invalid'
  | 'api-url-protocol'
  | 'api-url-query'
  | 'affiliate-format'
  | 'affiliate-long'
  | 'affiliate-fee'
  | 'fee-without-affiliate'
  | 'affiliate-addresses'
  | 'slippage'
  | 'asset-format'
  | 'asset-chain'
  | 'amount'
  | 'address'
  | 'address-locked'
  | 'providers'
  | 'theme'
  | 'locale'
  | 'cosmos-rest'
  | 'node-url'
  | 'rpc-urls'
  | 'decimals'
  | 'api-dialect'
  /** Warning: the sell asset's decimals come from no source the widget trusts (`value`: the asset; `chain`). */
  | 'decimals-unknown'
  /** Warning: an attribute a framework lower-cased from a property name (`value`: as written, `field`: the attribute meant). */
  | 'lowercase-attribute';

export interface ConfigIssue {
  /** The attribute's name (`affiliate-fee`). */
  field: string;
  code: ConfigIssueCode;
  /** The value as the host wrote it. */
  value?: string;
  /** For `address` and `address-locked`: why the address is refused. */
  problem?: AddressProblem;
  /** For `address-locked`: the chain code of the asset the user picked; for `decimals-unknown`, the asset's. */
  chain?: string;
  /** For `providers`: the unknown ones. */
  unknown?: string[];
  /** For `lowercase-attribute`: the property meant (`affiliateFee`); with no `field`-named attribute, it is a property only. */
  property?: string;
}

export interface ConfigResult {
  config: WidgetConfig;
  errors: ConfigIssue[];
  warnings: ConfigIssue[];
}

export const DEFAULT_SLIPPAGE = 1;
export { MAX_AFFILIATE_FEE_BPS };
/** Longer affiliate names still work but make protocol memos long (about 80 bytes on UTXO chains). */
export const AFFILIATE_NAME_ADVISED = 3;

export interface ParseConfigOptions {
  /** The page's URL, to resolve a relative `api-url`. */
  pageUrl: string;
  /** Providers the service reported beyond the spec's list. */
  extraProviders?: readonly string[];
  /**
   * Assets the user picked in the form (in place of the host's `sell-asset` / `buy-asset`):
   * the addresses are checked against these. An address that does not fit a picked asset
   * is the form's to show next to its field, where the user can change it; with
   * `lock-addresses` the user cannot, so it is an error the host must fix
   * (`address-locked`): the host was told of the pick with `swap-input`.
   */
  picked?: { sellAsset?: string; buyAsset?: string };
}

/**
 * The host's values as they are, unchecked, for the widget's first render (the form shows
 * them at once; `parseConfig` checks and reports them right after).
 */
export function uncheckedConfig(raw: RawConfig): WidgetConfig {
  const config = defaults(raw);
  const slippage = Number(text(raw.slippage));
  if (Number.isFinite(slippage)) config.slippage = slippage;
  for (const key of ['sellAsset', 'buyAsset', 'sourceAddress', 'destinationAddress'] as const) {
    const v = text(raw[key]);
    if (v !== undefined) config[key] = v;
  }
  const amount = text(raw.sellAmount);
  if (amount !== undefined) config.sellAmount = amount;
  // The first render speaks the page's chosen language (a tag that is not one reads as English).
  const locale = text(raw.locale);
  if (locale !== undefined) config.locale = locale;
  return config;
}

/** Every field at its default, and the boolean attributes as they are. */
function defaults(raw: RawConfig): WidgetConfig {
  return {
    apiUrl: '',
    affiliateFee: 0,
    slippage: DEFAULT_SLIPPAGE,
    lockAddresses: !!raw.lockAddresses,
    theme: 'auto',
    bridge: !!raw.bridge,
    nodeUrls: {},
  };
}

/** The affiliate the checks hold routes to: its name, fee and the addresses named for it. */
export function affiliateOf(c: WidgetConfig): { code?: string; bps: number; addresses?: Record<string, string> } {
  return {
    ...(c.affiliate ? { code: c.affiliate } : {}),
    bps: c.affiliateFee,
    ...(c.affiliateAddresses ? { addresses: c.affiliateAddresses } : {}),
  };
}

/** Validates every field; never throws. */
export function parseConfig(raw: RawConfig, options: ParseConfigOptions): ConfigResult {
  const errors: ConfigIssue[] = [];
  const warnings: ConfigIssue[] = [];
  const fail = (field: string, code: ConfigIssueCode, value?: string, more: Partial<ConfigIssue> = {}) =>
    errors.push({ field, code, ...(value !== undefined ? { value } : {}), ...more });

  const config = defaults(raw);

  const api = parseApiUrl(text(raw.apiUrl), options.pageUrl);
  if (api.ok) config.apiUrl = api.url;
  else fail('api-url', api.code, text(raw.apiUrl));

  const dialect = text(raw.apiDialect);
  if (dialect === 'spec' || dialect === 'swapkit') config.apiDialect = dialect;
  else if (dialect !== undefined) fail('api-dialect', 'api-dialect', dialect);

  const apiKey = text(raw.apiKey);
  if (apiKey) config.apiKey = apiKey;

  const affiliate = text(raw.affiliate);
  if (affiliate !== undefined) {
    const r = z.safeParse(AffiliateName, affiliate);
    if (!r.success) fail('affiliate', 'affiliate-format', affiliate);
    else {
      config.affiliate = affiliate;
      if (affiliate.length > AFFILIATE_NAME_ADVISED)
        warnings.push({ field: 'affiliate', code: 'affiliate-long', value: affiliate });
    }
  }

  const fee = raw.affiliateFee; // set but blank (`affiliate-fee=""`) is refused, never read as 0
  if (fee !== undefined && fee !== null) {
    const r = z.safeParse(BasisPoints, numberText(fee));
    if (r.success) config.affiliateFee = r.data;
    else fail('affiliate-fee', 'affiliate-fee', String(fee).trim());
  }
  if (config.affiliateFee > 0 && !config.affiliate && !errors.some((e) => e.field === 'affiliate')) {
    warnings.push({ field: 'affiliate-fee', code: 'fee-without-affiliate' });
  }

  const payees = raw.affiliateAddresses;
  const payeesText = typeof payees === 'object' && payees !== null ? JSON.stringify(payees) : text(payees);
  if (payeesText !== undefined) {
    const pairs = chainPairs(typeof payees === 'object' && payees !== null ? payees : payeesText);
    if (pairs?.every(([chain, address]) => validateAddress(chain, address).ok))
      config.affiliateAddresses = Object.fromEntries(pairs);
    else fail('affiliate-addresses', 'affiliate-addresses', payeesText);
  }

  const slippage = text(raw.slippage);
  if (slippage !== undefined) {
    const r = z.safeParse(Percent, numberText(raw.slippage));
    if (r.success) config.slippage = r.data;
    else fail('slippage', 'slippage', slippage);
  }

  for (const [field, key] of [
    ['sell-asset', 'sellAsset'],
    ['buy-asset', 'buyAsset'],
  ] as const) {
    const asset = text(raw[key]);
    if (asset === undefined) continue;
    const r = z.safeParse(AssetId, asset);
    if (!r.success) fail(field, 'asset-format', asset);
    else if (!chainOfAssetCode(assetChain(asset))) fail(field, 'asset-chain', asset);
    else config[key] = asset;
  }

  const amount = text(raw.sellAmount);
  if (amount !== undefined) {
    const r = z.safeParse(DecimalString, numberText(raw.sellAmount));
    if (r.success) config.sellAmount = r.data;
    else fail('sell-amount', 'amount', amount);
  }

  for (const [field, key, assetKey] of [
    ['source-address', 'sourceAddress', 'sellAsset'],
    ['destination-address', 'destinationAddress', 'buyAsset'],
  ] as const) {
    const address = text(raw[key]);
    if (address === undefined) continue;
    const picked = options.picked?.[assetKey];
    const asset = picked ?? config[assetKey];
    if (!asset) {
      config[key] = address; // checked with the draft, once its asset is known
      continue;
    }
    const check = validateAddress(assetChain(asset), address);
    if (check.ok) config[key] = address;
    else if (picked && !config.lockAddresses)
      config[key] = address; // the form shows it; the user may change it
    else if (picked) fail(field, 'address-locked', address, { problem: check.problem, chain: assetChain(picked) });
    else fail(field, 'address', address, { problem: check.problem });
  }

  const providers = raw.providers;
  if (providers !== undefined && providers !== null) {
    const list = (typeof providers === 'string' ? providers.split(',') : [...providers])
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = list.filter((p) => !isKnownProvider(p) && !options.extraProviders?.includes(p));
    if (unknown.length) fail('providers', 'providers', undefined, { unknown });
    else if (list.length) config.providers = list;
  }

  const theme = text(raw.theme);
  if (theme !== undefined) {
    if (theme === 'light' || theme === 'dark' || theme === 'auto') config.theme = theme;
    else fail('theme', 'theme', theme);
  }

  const locale = text(raw.locale);
  if (locale !== undefined) {
    try {
      // `auto`: the visitor's best language among those on the page (src/locales/localize.ts).
      config.locale = locale.toLowerCase() === 'auto' ? 'auto' : Intl.getCanonicalLocales(locale)[0]!;
    } catch {
      fail('locale', 'locale', locale);
    }
  }

  const rest = text(raw.cosmosRest);
  if (rest !== undefined) {
    const parsed = parseCosmosRest(rest, options.pageUrl);
    if (parsed) config.cosmosRest = parsed;
    else fail('cosmos-rest', 'cosmos-rest', rest);
  }

  for (const [protocol, key, field] of [
    ['A', 'thornodeUrl', 'thornode-url'],
    ['C', 'mayanodeUrl', 'mayanode-url'],
  ] as const) {
    const value = text(raw[key]);
    if (value === undefined) continue;
    if (value.toLowerCase() === 'off') config.nodeUrls[protocol] = 'off';
    else {
      const url = parseApiUrl(value, options.pageUrl);
      if (url.ok && url.url) config.nodeUrls[protocol] = url.url;
      else fail(field, 'node-url', value);
    }
  }

  const rpc = raw.rpcUrls;
  if (rpc !== undefined && rpc !== null && (typeof rpc !== 'string' || text(rpc) !== undefined)) {
    const parsed =
      typeof rpc === 'string' || typeof rpc === 'object'
        ? parseRpcUrls(typeof rpc === 'string' ? rpc.trim() : rpc, options.pageUrl)
        : undefined;
    if (parsed) config.rpcUrls = parsed;
    else fail('rpc-urls', 'rpc-urls', typeof rpc === 'string' ? rpc.trim() : JSON.stringify(rpc));
  }

  if (raw.decimals !== undefined && raw.decimals !== null) {
    const { decimals, bad } = parseHostDecimals(raw.decimals);
    if (Object.keys(decimals).length) config.decimals = decimals;
    for (const entry of bad) fail('decimals', 'decimals', entry);
  }

  return { config, errors, warnings };
}
