/**
 * The hostile service's table: each case is a named way a compromised service (or a buggy
 * one) alters the reference service's answers, with the scenario (route kind) it attacks and
 * the refusal code the widget must answer with. Each attack class also has honest twins:
 * alterations that change nothing that matters (or lies the widget must not believe), whose
 * hand-out must still happen, with the right content.
 *
 * Plain data and functions on JSON (viem for calldata, with ABIs written here from the
 * public contracts, not the widget's); used by the tamper proxy (test/support/tamper.ts,
 * Node) and by the tests (Node and browser).
 */
import { decodeFunctionData, encodeFunctionData, parseAbi, stringToHex, toFunctionSelector, type Hex } from 'viem';
import type { RefusalCode } from '../../src/domain/checks/refusals.js';

// ---- scenarios: one per route kind -------------------------------------------------------

export const SOURCE_EVM = '0x8BDE7f7f899439a797688A6e244BcAa64b6aECB4';
export const DEST_EVM = '0x2aE040F3bfA97D0E72cC4cac8E46BB4623c016D9';
export const SOURCE_BTC = 'bc1qusw9yzzqe2e64wra96m8rjnkrkpny043gz5kl3';
export const DEST_BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ATTACKER_EVM = '0x000000000000000000000000000000000000dEaD';
export const ATTACKER_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** An attacker's contract posing as a protocol's router, and an attacker's Cosmos Hub address (bech32 of 20 bytes 0xde). */
export const ATTACKER_ROUTER = '0x000000000000000000000000000000000000beef';
export const ATTACKER_GAIA = 'cosmos1mm0dahk7mm0dahk7mm0dahk7mm0dahk7n44wky';
export const SOURCE_GAIA = 'cosmos15v4qm5a92agk2lc5tjweftgd5guar8j0ewajxu';
export const USDC = 'ETH.USDC-0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const LINK = 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA';
export const WBTC = 'ETH.WBTC-0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
/** Arbitrum's native USDC (the widget's sourced table also holds the bridged USDC.e, `0xFF97…5CC8`). */
export const ARB_USDC = 'ARB.USDC-0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const ONEINCH_V6 = '0x111111125421cA6dc452d289314280a0f8842A65';

export interface Scenario {
  /** What the route kind is, for test names. */
  readonly kind: string;
  readonly providers: string;
  readonly sellAsset: string;
  readonly buyAsset: string;
  readonly sellAmount: string;
  readonly sourceAddress?: string;
  readonly destinationAddress: string;
  readonly affiliate?: string;
  readonly affiliateFee?: number;
  /** What is handed out when the route passes. */
  readonly handOut: 'memo' | 'approve+swap' | 'swap' | 'channel' | 'cosmos';
  /**
   * The host's `decimals` property, as a wallet knows its tokens: given for a token that no
   * table of the widget lists and whose amounts are signed (LINK), so the route stays honest.
   */
  readonly hostDecimals?: Readonly<Record<string, number>>;
  /** The reference service's shapes the scenario's scope asks for (`POST /__ref/control`): a Vault call, an unoswap. */
  readonly control?: { readonly vaultSwaps?: boolean; readonly unoswap?: boolean };
  /** The route's pool is read on chain: the widget reads it through the reference's stand-in node (`rpc-urls`). */
  readonly readsPools?: boolean;
  /** The widget refuses the service's own route of this kind (a shape it never hands out), with this code. */
  readonly refusedAs?: RefusalCode;
}

export const SCENARIOS: Readonly<
  Record<
    | 'btc-memo'
    | 'btc-memo-token'
    | 'c-memo'
    | 'btc-memo-usdc'
    | 'btc-memo-usdc-c'
    | 'eth-router'
    | 'erc20-router'
    | 'eth-aggregator'
    | 'erc20-aggregator'
    | 'link-aggregator'
    | 'channel'
    | 'streaming'
    | 'multi-leg'
    | 'c-router-token'
    | 'gaia-send'
    | 'vault-native'
    | 'vault-token'
    | 'eth-unoswap'
    | 'erc20-unoswap'
    | 'link-sell',
    Scenario
  >
> = {
  'btc-memo': {
    kind: 'memo route selling BTC',
    providers: 'PROTOCOL_A',
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.1',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    affiliate: 'sw',
    affiliateFee: 25,
    handOut: 'memo',
  },
  'btc-memo-token': {
    kind: 'memo route selling BTC for a token (its contract abbreviated in the memo)',
    providers: 'PROTOCOL_A',
    sellAsset: 'BTC.BTC',
    buyAsset: WBTC,
    sellAmount: '0.1',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    handOut: 'memo',
  },
  'c-memo': {
    kind: "memo route selling BTC through protocol A's fork",
    providers: 'PROTOCOL_C',
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '0.1',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    handOut: 'memo',
  },
  // A 6-decimal token bought through protocol memos: the service floors the minimum at the
  // token's 6 decimals, then writes it in the memo's 1e8 units.
  'btc-memo-usdc': {
    kind: 'memo route buying a 6-decimal token (protocol A)',
    providers: 'PROTOCOL_A',
    sellAsset: 'BTC.BTC',
    buyAsset: USDC,
    sellAmount: '0.1',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    handOut: 'memo',
  },
  'btc-memo-usdc-c': {
    kind: 'memo route buying a 6-decimal token (protocol C)',
    providers: 'PROTOCOL_C',
    sellAsset: 'BTC.BTC',
    buyAsset: USDC,
    sellAmount: '0.1',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    handOut: 'memo',
  },
  'eth-router': {
    kind: 'router deposit selling ETH',
    providers: 'PROTOCOL_A',
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    affiliate: 'sw',
    affiliateFee: 25,
    handOut: 'swap',
  },
  'erc20-router': {
    kind: 'router deposit selling an ERC-20',
    providers: 'PROTOCOL_A',
    sellAsset: USDC,
    buyAsset: 'BTC.BTC',
    sellAmount: '2500',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    handOut: 'approve+swap',
  },
  'eth-aggregator': {
    kind: 'aggregator selling ETH',
    providers: 'AGGREGATOR_A',
    sellAsset: 'ETH.ETH',
    buyAsset: USDC,
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: SOURCE_EVM,
    affiliate: 'sw',
    affiliateFee: 25,
    handOut: 'swap',
  },
  'erc20-aggregator': {
    kind: 'aggregator selling an ERC-20',
    providers: 'AGGREGATOR_A',
    sellAsset: USDC,
    buyAsset: 'ETH.ETH',
    sellAmount: '2500.5',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_EVM,
    handOut: 'approve+swap',
  },
  'link-aggregator': {
    kind: 'aggregator buying a token no table of the widget lists',
    providers: 'AGGREGATOR_A',
    sellAsset: 'ETH.ETH',
    buyAsset: LINK,
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: SOURCE_EVM,
    handOut: 'swap',
    hostDecimals: { [LINK]: 18 },
  },
  channel: {
    kind: 'deposit channel',
    providers: 'PROTOCOL_B',
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    affiliate: 'sw',
    affiliateFee: 15,
    handOut: 'channel',
  },
  streaming: {
    kind: 'streaming memo route',
    providers: 'PROTOCOL_A_STREAMING',
    sellAsset: 'BTC.BTC',
    buyAsset: 'ETH.ETH',
    sellAmount: '2',
    sourceAddress: SOURCE_BTC,
    destinationAddress: DEST_EVM,
    handOut: 'memo',
  },
  'multi-leg': {
    kind: 'multi-leg route (aggregator, then protocol B)',
    providers: 'AGGREGATOR_A->PROTOCOL_B',
    sellAsset: LINK,
    buyAsset: 'BTC.BTC',
    sellAmount: '500',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    handOut: 'approve+swap',
    hostDecimals: { [LINK]: 18 },
    // Its first leg pays protocol B's Vault and binds nothing (issue 30): the widget never hands it out.
    refusedAs: 'first-leg-unbound',
  },
  'vault-native': {
    kind: "vault swap selling ETH (a call of protocol B's Vault)",
    providers: 'PROTOCOL_B',
    sellAsset: 'ETH.ETH',
    buyAsset: 'BTC.BTC',
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    affiliate: 'sw',
    affiliateFee: 15,
    handOut: 'swap',
    control: { vaultSwaps: true },
  },
  'vault-token': {
    kind: "vault swap selling an ERC-20 (a call of protocol B's Vault)",
    providers: 'PROTOCOL_B',
    sellAsset: USDC,
    buyAsset: 'BTC.BTC',
    sellAmount: '2500',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_BTC,
    handOut: 'approve+swap',
    control: { vaultSwaps: true },
  },
  'eth-unoswap': {
    kind: "aggregator's one-pool swap of ETH to another address (ethUnoswapTo)",
    providers: 'AGGREGATOR_A',
    sellAsset: 'ETH.ETH',
    buyAsset: USDC,
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_EVM,
    handOut: 'swap',
    control: { unoswap: true },
    readsPools: true,
  },
  'erc20-unoswap': {
    kind: "aggregator's one-pool swap of an ERC-20 for ETH, to the sender (unoswap, unwrapped)",
    providers: 'AGGREGATOR_A',
    sellAsset: USDC,
    buyAsset: 'ETH.ETH',
    sellAmount: '2500.5',
    sourceAddress: SOURCE_EVM,
    destinationAddress: SOURCE_EVM,
    handOut: 'approve+swap',
    control: { unoswap: true },
    readsPools: true,
  },
  'link-sell': {
    kind: 'aggregator selling a token no table of the widget lists',
    providers: 'AGGREGATOR_A',
    sellAsset: LINK,
    buyAsset: 'ETH.ETH',
    sellAmount: '500',
    sourceAddress: SOURCE_EVM,
    destinationAddress: SOURCE_EVM,
    handOut: 'approve+swap',
    hostDecimals: { [LINK]: 18 },
  },
  // Issue 30: protocol C's memo names a token of another chain in full (`=:ARB.USDC-0xaf88…:…`).
  'c-router-token': {
    kind: "router deposit through protocol A's fork buying a token of another chain, named in full",
    providers: 'PROTOCOL_C',
    sellAsset: 'ETH.ETH',
    buyAsset: ARB_USDC,
    sellAmount: '1',
    sourceAddress: SOURCE_EVM,
    destinationAddress: DEST_EVM,
    handOut: 'swap',
  },
  'gaia-send': {
    kind: "Cosmos send to protocol A's vault (ATOM)",
    providers: 'PROTOCOL_A',
    sellAsset: 'GAIA.ATOM',
    buyAsset: 'BTC.BTC',
    sellAmount: '150',
    sourceAddress: SOURCE_GAIA,
    destinationAddress: DEST_BTC,
    handOut: 'cosmos',
  },
};

export type ScenarioName = keyof typeof SCENARIOS;

/** The quote request the widget sends for a scenario (includeTx for an EVM sell with a source address). */
export function scenarioRequest(s: Scenario) {
  // A transaction is asked for where the widget signs one: EVM and Cosmos sells with a source address.
  const evmSell = ['ETH', 'ARB', 'BASE', 'BSC', 'AVAX', 'OP', 'MATIC', 'GAIA'].includes(s.sellAsset.split('.')[0]!);
  return {
    sellAsset: s.sellAsset,
    buyAsset: s.buyAsset,
    sellAmount: s.sellAmount,
    slippage: 1,
    providers: [s.providers],
    ...(s.sourceAddress ? { sourceAddress: s.sourceAddress } : {}),
    destinationAddress: s.destinationAddress,
    ...(s.affiliate ? { affiliate: s.affiliate, affiliateFee: s.affiliateFee ?? 0 } : {}),
    ...(evmSell && s.sourceAddress ? { includeTx: true } : {}),
  };
}

/** The widget's attributes for a scenario; `origin`: the reference service's, whose stand-in node reads pools. */
export function scenarioAttributes(s: Scenario, origin?: string): Record<string, string> {
  return {
    ...(s.readsPools && origin ? { 'rpc-urls': `ETH=${origin}/__ref/rpc/ETH` } : {}),
    providers: s.providers,
    'sell-asset': s.sellAsset,
    'buy-asset': s.buyAsset,
    'sell-amount': s.sellAmount,
    ...(s.sourceAddress ? { 'source-address': s.sourceAddress } : {}),
    'destination-address': s.destinationAddress,
    ...(s.affiliate ? { affiliate: s.affiliate, 'affiliate-fee': String(s.affiliateFee ?? 0) } : {}),
  };
}

// ---- JSON helpers ------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers and ABI arguments, edited by path */
export type Json = Record<string, any>;

/** The router's and the aggregator's public ABIs (1inch Aggregation Router v6), written here. */
const ROUTER = parseAbi([
  'function depositWithExpiry(address vault, address asset, uint256 amount, string memo, uint256 expiration) payable',
]);
const ONEINCH = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
]);

const nowSeconds = () => Math.floor(Date.now() / 1000);

function memoParts(route: Json): string[] {
  return String(route.memo).split(':');
}

/** Sets the memo of the route and, on a router route, the memo its calldata carries: a consistent lie. */
function setMemo(route: Json, memo: string): void {
  route.memo = memo;
  if (route.tx?.data?.startsWith?.('0x44bc937b')) routerArgs(route, (a) => (a[3] = memo));
}

function editMemo(route: Json, index: number, edit: (field: string) => string): void {
  const parts = memoParts(route);
  parts[index] = edit(parts[index] ?? '');
  setMemo(route, parts.join(':'));
}

/** Re-encodes the router call with its arguments edited. */
function routerArgs(route: Json, edit: (args: any[]) => void): void {
  const { args } = decodeFunctionData({ abi: ROUTER, data: route.tx.data as Hex });
  const a = [...args] as any[];
  edit(a);
  route.tx.data = encodeFunctionData({ abi: ROUTER, functionName: 'depositWithExpiry', args: a as never });
}

/** Re-encodes the aggregator's swap with its description edited. */
function swapDesc(route: Json, edit: (desc: Json) => void): void {
  const { args } = decodeFunctionData({ abi: ONEINCH, data: route.tx.data as Hex });
  const desc = { ...(args[1] as Json) };
  edit(desc);
  route.tx.data = encodeFunctionData({ abi: ONEINCH, functionName: 'swap', args: [args[0], desc as never, args[2]] });
}

/** Calldata of any function, from its signature and arguments. */
function call(signature: string, args: readonly unknown[]): Hex {
  const abi = parseAbi([`function ${signature}`] as string[]);
  return encodeFunctionData({ abi, args } as never);
}

const toE8 = (amount: string): bigint => {
  const [w, f = ''] = amount.split('.');
  return BigInt(w! + f.slice(0, 8).padEnd(8, '0'));
};

function limitOf(route: Json): bigint {
  return BigInt(memoParts(route)[3]!.split('/')[0]!);
}

/** A decimal amount moved by `delta` units of its asset's `decimals` (`9590.6704`, 6, -1 -> `9590.670399`). */
function shiftUnits(amount: string, decimals: number, delta: bigint): string {
  const [w, f = ''] = amount.split('.') as [string, string?];
  const units = BigInt(w + f.padEnd(decimals, '0').slice(0, decimals)) + delta;
  const digits = units.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The route's minimum and its memo's limit, both `units` of USDC's 6 decimals lower (100 memo units each). */
function lowerUsdcMinimum(route: Json, units: bigint): void {
  route.expectedBuyAmountMaxSlippage = shiftUnits(String(route.expectedBuyAmountMaxSlippage), 6, -units);
  setLimit(route, String(limitOf(route) - units * 100n));
}

function setLimit(route: Json, limit: string): void {
  editMemo(route, 3, (lim) => [limit, ...lim.split('/').slice(1)].join('/'));
}

function feesOfType(route: Json, type: string): Json[] {
  return (route.fees as Json[]).filter((f) => f.type.toLowerCase() === type);
}

// ---- cases -------------------------------------------------------------------------------

export type AttackClass =
  | 'memo-asset'
  | 'memo-abbreviation'
  | 'memo-destination'
  | 'memo-limit'
  | 'memo-affiliate'
  | 'memo-length'
  | 'tx-from'
  | 'tx-value'
  | 'tx-chain'
  | 'approval'
  | 'expiry'
  | 'asset-amount'
  | 'precision'
  | 'refund'
  | 'memo-streaming'
  | 'router-decode'
  | 'evm-memo-without-router'
  | 'decimals'
  | 'selectors'
  | 'aggregator-decode'
  | 'expiry-units'
  | 'affiliate-fees'
  | 'inbound-address'
  | 'deposit-channel'
  | 'tx-form'
  | 'provider-name'
  | 'evm-allowlist'
  | 'labels'
  | 'protocol-addresses'
  | 'node-down'
  | 'node-slow'
  | 'node-lying'
  | 'node-halted'
  | 'node-off'
  | 'vault-call'
  | 'unoswap';

/** A memo protocol's node, by its path. */
export type NodeName = 'thorchain' | 'mayachain';

export interface Tampering {
  readonly attack: AttackClass;
  readonly scenario: ScenarioName;
  /** Alters each route of a quote answer (`index`: its place in the answer). */
  readonly quote?: (route: Json, index: number) => void;
  /** Alters the token list. */
  readonly tokens?: (tokens: Json[]) => void;
  /** Alters a deposit channel answer. */
  readonly channel?: (channel: Json) => void;
  /**
   * Alters a memo protocol's node answer (its inbound list, in place), or answers otherwise:
   * `down` (503), `html` (an HTML page), `late` (after the widget's 5 s limit: the proxy waits
   * that long, unless the client says it moves its own clock, as the Node harness does).
   */
  readonly node?: (list: Json[], node: NodeName) => void | 'down' | 'late' | 'html';
  /** The nodes the widget is told not to read (`thornode-url="off"`, `mayanode-url="off"`). */
  readonly nodesOff?: readonly NodeName[];
  /** The route's providers (joined with `->`) once altered, when the tampering renames them. */
  readonly providersAs?: string;
  /** The host's `decimals` property in place of the scenario's (not a tampering of the service: what the host gives). */
  readonly hostDecimals?: Readonly<Record<string, number>>;
}

export interface HostileCase extends Tampering {
  /** The refusal the widget must answer with; nothing is handed out. */
  readonly refusal: RefusalCode;
}

export interface HonestTwin extends Tampering {
  /** Checks the hand-out beyond its kind (the scenario's), when the twin is about its content. */
  /**
   * `from-route`: the route's own expiration; `hand-out-window`: the hour the widget offers a
   * deposit channel; `undated-limit`: ten minutes from the quote (`UNDATED_ROUTE_HANDOUT_MS`).
   */
  readonly expect?: {
    readonly value?: bigint;
    readonly expiresAt?: 'from-route' | 'hand-out-window' | 'undated-limit';
  };
}

const q = (
  attack: AttackClass,
  scenario: ScenarioName,
  refusal: RefusalCode,
  quote: (r: Json) => void,
): HostileCase => ({ attack, scenario, refusal, quote });

const FORBIDDEN_CALLS: ReadonlyArray<[string, string, readonly unknown[]]> = [
  ['approve', 'approve(address spender, uint256 amount)', [ATTACKER_EVM, 2n ** 256n - 1n]],
  ['transfer', 'transfer(address to, uint256 amount)', [ATTACKER_EVM, 1n]],
  ['transferfrom', 'transferFrom(address from, address to, uint256 amount)', [SOURCE_EVM, ATTACKER_EVM, 1n]],
  ['increaseallowance', 'increaseAllowance(address spender, uint256 added)', [ATTACKER_EVM, 10n ** 30n]],
  ['increaseapproval', 'increaseApproval(address spender, uint256 added)', [ATTACKER_EVM, 10n ** 30n]],
  ['decreaseapproval', 'decreaseApproval(address spender, uint256 subtracted)', [ATTACKER_EVM, 0n]],
  ['transferandcall', 'transferAndCall(address to, uint256 value, bytes data)', [ATTACKER_EVM, 10n ** 9n, '0x']],
  ['approveandcall', 'approveAndCall(address spender, uint256 value, bytes data)', [ATTACKER_EVM, 10n ** 9n, '0x']],
  ['erc777-send', 'send(address to, uint256 amount, bytes data)', [ATTACKER_EVM, 10n ** 9n, '0x']],
  ['authorizeoperator', 'authorizeOperator(address operator)', [ATTACKER_EVM]],
  ['setapprovalforall', 'setApprovalForAll(address operator, bool approved)', [ATTACKER_EVM, true]],
  [
    'erc1155-transfer',
    'safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
    [SOURCE_EVM, ATTACKER_EVM, 1n, 1n, '0x'],
  ],
  [
    'eip2612-permit',
    'permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
    [SOURCE_EVM, ATTACKER_EVM, 2n ** 255n, 2n ** 40n, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`],
  ],
  [
    'dai-permit',
    'permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)',
    [SOURCE_EVM, ATTACKER_EVM, 0n, 2n ** 40n, true, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`],
  ],
  [
    'permit2-approve',
    'approve(address token, address spender, uint160 amount, uint48 expiration)',
    [USDC_CONTRACT, ATTACKER_EVM, 2n ** 160n - 1n, 2n ** 40n],
  ],
  [
    'permit2-transferfrom',
    'transferFrom(address from, address to, uint160 amount, address token)',
    [SOURCE_EVM, ATTACKER_EVM, 10n ** 9n, USDC_CONTRACT],
  ],
];

/** Every hostile case, by name (a URL path segment: lower case, digits, dashes). */
export const HOSTILE_CASES: Readonly<Record<string, HostileCase>> = {
  // ---- first set: memo asset ----
  'memo-asset-btc': q('memo-asset', 'btc-memo', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'BTC.BTC')),
  'memo-asset-arb-eth': q('memo-asset', 'btc-memo', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'ARB.ETH')),
  'memo-asset-token': q('memo-asset', 'btc-memo', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'ETH.USDC-6EB48')),
  'memo-asset-unknown-letter': q('memo-asset', 'btc-memo', 'memo-unreadable', (r) => editMemo(r, 1, () => 'z')),
  'memo-asset-streaming': q('memo-asset', 'streaming', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'b')),
  'memo-asset-router': q('memo-asset', 'eth-router', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'LTC.LTC')),
  'memo-asset-router-token': q('memo-asset', 'erc20-router', 'memo-asset-mismatch', (r) => editMemo(r, 1, () => 'e')),
  // Protocol C gives some of protocol A's letters to other assets (`a` is ARB.ETH there, not
  // AVAX.AVAX): a short code in a memo of any protocol but A is not read.
  'memo-asset-short-code-of-fork': q('memo-asset', 'c-memo', 'memo-unreadable', (r) => editMemo(r, 1, () => 'e')),
  // ---- first set: memo destination ----
  // A contract abbreviation another token the widget knows (of the same chain and ticker) ends
  // with too: the protocol would pick the deeper pool at execution time (issue 22, item 7).
  'memo-abbrev-shared-suffix': {
    ...q('memo-abbreviation', 'btc-memo-token', 'memo-asset-ambiguous', (r) => editMemo(r, 1, () => 'ETH.WBTC-599')),
    tokens: (t) => addToken(t, WBTC, OTHER_WBTC_599),
  },
  'memo-abbrev-none-two-known': {
    ...q('memo-abbreviation', 'btc-memo-token', 'memo-asset-ambiguous', (r) => editMemo(r, 1, () => 'ETH.WBTC')),
    tokens: (t) => addToken(t, WBTC, OTHER_WBTC_599),
  },
  'memo-abbrev-other-suffix': q('memo-abbreviation', 'btc-memo-token', 'memo-asset-mismatch', (r) =>
    editMemo(r, 1, () => 'ETH.WBTC-598'),
  ),
  'memo-abbrev-other-ticker': q('memo-abbreviation', 'btc-memo-token', 'memo-asset-mismatch', (r) =>
    editMemo(r, 1, () => 'ETH.USDC-599'),
  ),
  'memo-dest-attacker': q('memo-destination', 'btc-memo', 'memo-destination-mismatch', (r) =>
    editMemo(r, 2, () => ATTACKER_EVM),
  ),
  'memo-dest-source': q('memo-destination', 'btc-memo', 'memo-destination-mismatch', (r) =>
    editMemo(r, 2, () => SOURCE_EVM),
  ),
  'memo-dest-empty': q('memo-destination', 'btc-memo', 'memo-unreadable', (r) => editMemo(r, 2, () => '')),
  'memo-dest-streaming': q('memo-destination', 'streaming', 'memo-destination-mismatch', (r) =>
    editMemo(r, 2, () => ATTACKER_EVM),
  ),
  'memo-dest-router': q('memo-destination', 'eth-router', 'memo-destination-mismatch', (r) =>
    editMemo(r, 2, () => ATTACKER_BTC),
  ),
  'memo-dest-router-token': q('memo-destination', 'erc20-router', 'memo-destination-mismatch', (r) =>
    editMemo(r, 2, () => ATTACKER_BTC),
  ),
  // ---- first set: memo limit ----
  'memo-limit-half': q('memo-limit', 'btc-memo', 'memo-limit-below-minimum', (r) =>
    setLimit(r, String(limitOf(r) / 2n)),
  ),
  'memo-limit-zero': q('memo-limit', 'btc-memo', 'memo-limit-below-minimum', (r) => setLimit(r, '0')),
  'memo-limit-empty': q('memo-limit', 'btc-memo', 'memo-limit-below-minimum', (r) => setLimit(r, '')),
  'memo-limit-one-less': q('memo-limit', 'btc-memo', 'memo-limit-below-minimum', (r) =>
    setLimit(r, String(limitOf(r) - 1n)),
  ),
  'memo-limit-exponent': q('memo-limit', 'btc-memo', 'memo-limit-below-minimum', (r) => setLimit(r, '28e6')),
  'memo-limit-streaming': q('memo-limit', 'streaming', 'memo-limit-below-minimum', (r) => setLimit(r, '0')),
  'memo-limit-router': q('memo-limit', 'eth-router', 'memo-limit-below-minimum', (r) => setLimit(r, '1')),
  'memo-limit-router-token': q('memo-limit', 'erc20-router', 'memo-limit-below-minimum', (r) =>
    setLimit(r, String(limitOf(r) / 10n)),
  ),
  'memo-limit-fraction': q('memo-limit', 'btc-memo', 'memo-unreadable', (r) => setLimit(r, '2.8')),
  // A 6-decimal token: the limit may be below the floor by one unit of its 6 decimals (100 memo units), not two.
  'memo-limit-usdc-two-units': q('memo-limit', 'btc-memo-usdc', 'memo-limit-below-minimum', (r) =>
    setLimit(r, String(limitOf(r) - 200n)),
  ),
  'memo-limit-usdc-c-two-units': q('memo-limit', 'btc-memo-usdc-c', 'memo-limit-below-minimum', (r) =>
    setLimit(r, String(limitOf(r) - 200n)),
  ),
  'memo-limit-usdc-minimum-two-units': q('precision', 'btc-memo-usdc', 'minimum-below-slippage', (r) =>
    lowerUsdcMinimum(r, 2n),
  ),
  // ---- first set: memo affiliate and fee ----
  'memo-affiliate-other': q('memo-affiliate', 'btc-memo', 'memo-affiliate-mismatch', (r) =>
    editMemo(r, 4, () => 'evil'),
  ),
  'memo-affiliate-dropped': q('memo-affiliate', 'btc-memo', 'memo-affiliate-missing', (r) =>
    setMemo(r, memoParts(r).slice(0, 4).join(':')),
  ),
  'memo-affiliate-added': q('memo-affiliate', 'btc-memo', 'memo-affiliate-mismatch', (r) => {
    editMemo(r, 4, (a) => `${a}/evil`);
    editMemo(r, 5, (f) => `${f}/100`);
  }),
  'memo-fee-higher': q('memo-affiliate', 'btc-memo', 'memo-fee-mismatch', (r) => editMemo(r, 5, () => '26')),
  'memo-fee-max': q('memo-affiliate', 'btc-memo', 'memo-fee-mismatch', (r) => editMemo(r, 5, () => '1000')),
  'memo-fee-two': q('memo-affiliate', 'btc-memo', 'memo-unreadable', (r) => editMemo(r, 5, () => '25/25')),
  'memo-affiliate-router': q('memo-affiliate', 'eth-router', 'memo-affiliate-mismatch', (r) =>
    editMemo(r, 4, () => 'evil'),
  ),
  'memo-affiliate-unconfigured': q('memo-affiliate', 'erc20-router', 'memo-affiliate-mismatch', (r) =>
    setMemo(r, `${r.memo}:evil:100`),
  ),
  // ---- first set: memo length ----
  'memo-length-utf8': q('memo-length', 'btc-memo', 'memo-too-long', (r) => editMemo(r, 4, () => 'é'.repeat(9))),
  'memo-length-streaming': q('memo-length', 'streaming', 'memo-too-long', (r) =>
    editMemo(r, 2, (d) => d + 'x'.repeat(40)),
  ),
  'memo-length-router': q('memo-length', 'eth-router', 'memo-too-long', (r) =>
    setMemo(r, `${r.memo}:${'x'.repeat(200)}`),
  ),
  // ---- first set: transaction from, value, chain ----
  'tx-from-aggregator': q('tx-from', 'eth-aggregator', 'tx-from-mismatch', (r) => (r.tx.from = ATTACKER_EVM)),
  'tx-from-aggregator-token': q('tx-from', 'erc20-aggregator', 'tx-from-mismatch', (r) => (r.tx.from = ATTACKER_EVM)),
  'tx-from-router': q('tx-from', 'eth-router', 'tx-from-mismatch', (r) => (r.tx.from = DEST_EVM)),
  'tx-from-router-token': q('tx-from', 'erc20-router', 'tx-from-mismatch', (r) => (r.tx.from = ATTACKER_EVM)),
  'tx-from-multi-leg': q('tx-from', 'multi-leg', 'tx-from-mismatch', (r) => (r.tx.from = 'not-an-address')),
  'tx-value-more': q(
    'tx-value',
    'eth-aggregator',
    'tx-value-mismatch',
    (r) => (r.tx.value = (BigInt(r.tx.value) + 1n).toString()),
  ),
  'tx-value-zero': q('tx-value', 'eth-aggregator', 'tx-value-mismatch', (r) => (r.tx.value = '0')),
  'tx-value-token': q('tx-value', 'erc20-aggregator', 'tx-value-with-token', (r) => (r.tx.value = '1')),
  'tx-value-router': q(
    'tx-value',
    'eth-router',
    'tx-value-mismatch',
    (r) => (r.tx.value = (BigInt(r.tx.value) * 1000n).toString()),
  ),
  'tx-value-router-token': q(
    'tx-value',
    'erc20-router',
    'tx-value-with-token',
    (r) => (r.tx.value = '1000000000000000000'),
  ),
  'tx-value-text': q('tx-value', 'eth-aggregator', 'tx-value-invalid', (r) => (r.tx.value = '1 ETH')),
  'tx-chain-bsc': q('tx-chain', 'eth-aggregator', 'tx-chain-mismatch', (r) => (r.tx.chain_id = 56)),
  'tx-chain-polygon': q('tx-chain', 'erc20-aggregator', 'tx-chain-mismatch', (r) => (r.tx.chain_id = 137)),
  'tx-chain-router': q('tx-chain', 'eth-router', 'tx-chain-mismatch', (r) => (r.tx.chain_id = 42161)),
  'tx-chain-legacy': q('tx-chain', 'eth-aggregator', 'tx-chain-mismatch', (r) => {
    r.transaction = { to: r.tx.to, from: r.tx.from, value: r.tx.value, data: r.tx.data, chain: 'BSC' };
    delete r.tx;
  }),
  // ---- first set: approvals ----
  'approval-to-token': q(
    'approval',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = USDC_CONTRACT),
  ),
  'approval-to-permit2': q(
    'approval',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = PERMIT2),
  ),
  'approval-to-source': q(
    'approval',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = SOURCE_EVM),
  ),
  'approval-to-zero': q(
    'approval',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = '0x0000000000000000000000000000000000000000'),
  ),
  'approval-to-junk': q(
    'approval',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = 'spender'),
  ),
  'approval-router-other': q(
    'approval',
    'erc20-router',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = ATTACKER_EVM),
  ),
  'approval-oneinch-other': q('approval', 'erc20-aggregator', 'approval-spender-mismatch', (r) => {
    r.tx.to = ONEINCH_V6;
    r.meta.approvalAddress = ATTACKER_EVM;
  }),
  // ---- first set: expiry ----
  'expiry-past-seconds': q('expiry', 'btc-memo', 'route-expired', (r) => (r.expiration = String(nowSeconds() - 5))),
  'expiry-past-iso': q(
    'expiry',
    'eth-aggregator',
    'route-expired',
    (r) => (r.expiration = new Date(Date.now() - 60_000).toISOString()),
  ),
  'expiry-text': q('expiry', 'btc-memo', 'expiry-unreadable', (r) => (r.expiration = 'soon')),
  'expiry-negative': q('expiry', 'erc20-aggregator', 'expiry-unreadable', (r) => (r.expiration = -1)),
  'expiry-fraction': q('expiry', 'eth-router', 'expiry-unreadable', (r) => (r.expiration = nowSeconds() + 600.5)),
  // ---- first set: buy asset, sell asset, sell amount, destination ----
  'route-buy-asset': q(
    'asset-amount',
    'eth-aggregator',
    'buy-asset-mismatch',
    (r) => (r.buyAsset = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  ),
  'route-sell-asset': q('asset-amount', 'btc-memo', 'sell-asset-mismatch', (r) => (r.sellAsset = 'LTC.LTC')),
  'route-sell-amount': q('asset-amount', 'erc20-aggregator', 'sell-amount-mismatch', (r) => (r.sellAmount = '25005')),
  'route-sell-amount-memo': q('asset-amount', 'streaming', 'sell-amount-mismatch', (r) => (r.sellAmount = '0.2')),
  'route-destination': q(
    'asset-amount',
    'channel',
    'destination-mismatch',
    (r) => (r.destinationAddress = ATTACKER_BTC),
  ),

  // ---- second set: precision of the minimum (issue 12 item 2) ----
  'precision-zero-minimum': q('precision', 'btc-memo', 'minimum-below-slippage', (r) => {
    r.expectedBuyAmountMaxSlippage = '0';
    setLimit(r, '0');
  }),
  'precision-whole-units': q('precision', 'eth-aggregator', 'minimum-below-slippage', (r) => {
    r.expectedBuyAmount = '1.99999999';
    r.expectedBuyAmountMaxSlippage = '1';
  }),
  'precision-cut-digits': q('precision', 'erc20-aggregator', 'minimum-below-slippage', (r) => {
    r.expectedBuyAmountMaxSlippage = String(r.expectedBuyAmountMaxSlippage).slice(0, 8);
  }),
  'precision-two-units': q('precision', 'eth-aggregator', 'minimum-below-slippage', (r) => {
    const [w, f] = String(r.expectedBuyAmountMaxSlippage).split('.') as [string, string];
    const units = BigInt(w + f) - 2n;
    r.expectedBuyAmountMaxSlippage = `${units / 10n ** BigInt(f.length)}.${(units % 10n ** BigInt(f.length)).toString().padStart(f.length, '0')}`;
  }),
  'precision-leg': q('precision', 'multi-leg', 'minimum-below-slippage', (r) => (r.legs[0].buyAmountMaxSlippage = '0')),
  'precision-streaming': q(
    'precision',
    'streaming',
    'minimum-below-slippage',
    (r) => (r.expectedBuyAmountMaxSlippage = '50'),
  ),
  'precision-calldata': q('precision', 'erc20-aggregator', 'aggregator-minimum-too-low', (r) =>
    swapDesc(r, (d) => (d.minReturnAmount = d.minReturnAmount / 2n)),
  ),
  // ---- second set: refund address (item 3) ----
  // (From BTC a memo with a refund address does not fit the 80 bytes: refused as too long anyway.)
  'refund-attacker': q('refund', 'eth-router', 'memo-refund-mismatch', (r) =>
    editMemo(r, 2, (d) => `${d}/${ATTACKER_EVM}`),
  ),
  'refund-other-chain': q('refund', 'eth-router', 'memo-refund-mismatch', (r) =>
    editMemo(r, 2, (d) => `${d}/${SOURCE_BTC}`),
  ),
  'refund-destination': q('refund', 'erc20-router', 'memo-refund-mismatch', (r) =>
    editMemo(r, 2, (d) => `${d}/${DEST_EVM}`),
  ),
  'refund-from-btc': q('refund', 'btc-memo', 'memo-too-long', (r) => editMemo(r, 2, (d) => `${d}/${ATTACKER_BTC}`)),
  'refund-empty': q('refund', 'eth-router', 'memo-unreadable', (r) => editMemo(r, 2, (d) => `${d}/`)),
  'refund-two': q('refund', 'erc20-router', 'memo-unreadable', (r) =>
    editMemo(r, 2, (d) => `${d}/${SOURCE_EVM}/${ATTACKER_EVM}`),
  ),
  // ---- second set: streaming parameters read, not skipped (item 3) ----
  'streaming-a-week': q('memo-streaming', 'streaming', 'memo-streaming-invalid', (r) =>
    editMemo(r, 3, (lim) => `${lim.split('/')[0]}/1/100800`),
  ),
  'streaming-long-interval': q('memo-streaming', 'streaming', 'memo-streaming-invalid', (r) =>
    editMemo(r, 3, (lim) => `${lim.split('/')[0]}/14401/0`),
  ),
  'streaming-product': q('memo-streaming', 'streaming', 'memo-streaming-invalid', (r) =>
    editMemo(r, 3, (lim) => `${lim.split('/')[0]}/300/49`),
  ),
  'streaming-added': q('memo-streaming', 'btc-memo', 'memo-streaming-invalid', (r) =>
    editMemo(r, 3, (lim) => `${lim}/10000/10`),
  ),
  'streaming-router': q('memo-streaming', 'eth-router', 'memo-streaming-invalid', (r) =>
    editMemo(r, 3, (lim) => `${lim}/7200/3`),
  ),
  'streaming-malformed': q('memo-streaming', 'streaming', 'memo-unreadable', (r) =>
    editMemo(r, 3, (lim) => `${lim.split('/')[0]}/1/-5`),
  ),
  // ---- second set: router calldata decoded (item 4) ----
  'router-memo-appended': q('router-decode', 'eth-router', 'router-call-unreadable', (r) => {
    const honest = String(r.memo);
    routerArgs(r, (a) => (a[3] = honest.replace(DEST_BTC, ATTACKER_BTC)));
    r.tx.data += stringToHex(honest).slice(2);
  }),
  'router-memo-other': q('router-decode', 'eth-router', 'router-memo-mismatch', (r) =>
    routerArgs(r, (a) => (a[3] = String(a[3]).replace(DEST_BTC, ATTACKER_BTC))),
  ),
  'router-memo-hidden': q('router-decode', 'eth-router', 'memo-destination-mismatch', (r) => {
    delete r.memo;
    routerArgs(r, (a) => (a[3] = String(a[3]).replace(DEST_BTC, ATTACKER_BTC)));
  }),
  'router-memo-hidden-limit': q('router-decode', 'erc20-router', 'memo-limit-below-minimum', (r) => {
    delete r.memo;
    routerArgs(r, (a) => (a[3] = String(a[3]).replace(/:(\d+)$/, ':0')));
  }),
  'router-vault': q('router-decode', 'eth-router', 'router-vault-mismatch', (r) =>
    routerArgs(r, (a) => (a[0] = ATTACKER_EVM)),
  ),
  'router-asset': q('router-decode', 'eth-router', 'router-asset-mismatch', (r) =>
    routerArgs(r, (a) => (a[1] = USDC_CONTRACT)),
  ),
  'router-asset-token': q('router-decode', 'erc20-router', 'router-asset-mismatch', (r) =>
    routerArgs(r, (a) => (a[1] = '0xdAC17F958D2ee523a2206206994597C13D831ec7')),
  ),
  'router-amount': q('router-decode', 'eth-router', 'router-amount-mismatch', (r) =>
    routerArgs(r, (a) => (a[2] = a[2] * 1000n)),
  ),
  'router-amount-token': q('router-decode', 'erc20-router', 'router-amount-mismatch', (r) =>
    routerArgs(r, (a) => (a[2] = a[2] * 1_000_000n)),
  ),
  'router-expiry-zero': q('router-decode', 'eth-router', 'router-expiry-invalid', (r) =>
    routerArgs(r, (a) => (a[4] = 0n)),
  ),
  'router-expiry-ms': q('router-decode', 'eth-router', 'router-expiry-invalid', (r) =>
    routerArgs(r, (a) => (a[4] = BigInt(Date.now() + 600_000))),
  ),
  'router-expiry-month': q('router-decode', 'erc20-router', 'router-expiry-invalid', (r) =>
    routerArgs(r, (a) => (a[4] = BigInt(nowSeconds() + 30 * 86_400))),
  ),
  'router-truncated': q(
    'router-decode',
    'eth-router',
    'router-call-unreadable',
    (r) => (r.tx.data = String(r.tx.data).slice(0, 138)),
  ),
  'router-no-expiry': q('router-decode', 'eth-router', 'memo-evm-needs-router', (r) => {
    const { args } = decodeFunctionData({ abi: ROUTER, data: r.tx.data as Hex });
    r.tx.data = call('deposit(address vault, address asset, uint256 amount, string memo)', args.slice(0, 4));
  }),
  'router-no-inbound': q('router-decode', 'eth-router', 'inbound-address-missing', (r) => {
    delete r.inboundAddress;
    delete r.targetAddress;
  }),
  // ---- second set: a memo route from an EVM chain without the router (item 5) ----
  'evm-memo-no-tx': q('evm-memo-without-router', 'eth-router', 'memo-evm-needs-router', (r) => delete r.tx),
  'evm-memo-no-tx-token': q('evm-memo-without-router', 'erc20-router', 'memo-evm-needs-router', (r) => delete r.tx),
  'evm-memo-plain-transfer': q('evm-memo-without-router', 'eth-router', 'memo-evm-needs-router', (r) => {
    r.tx.to = r.inboundAddress;
    r.tx.data = stringToHex(String(r.memo));
  }),
  'evm-memo-other-call': q(
    'evm-memo-without-router',
    'eth-router',
    'memo-evm-needs-router',
    (r) => (r.tx.data = call('swap(uint256 amount)', [1n])),
  ),
  // ---- second set: decimals (item 6) ----
  // The token list is only compared with the trusted decimals (the widget's table, the host's):
  // when it says otherwise it lies, whatever the route and its calldata say.
  'decimals-token-12': {
    attack: 'decimals',
    scenario: 'erc20-aggregator',
    refusal: 'token-decimals-mismatch',
    tokens: (t) => setDecimals(t, USDC, 12),
  },
  'decimals-token-3': {
    attack: 'decimals',
    scenario: 'erc20-router',
    refusal: 'token-decimals-mismatch',
    tokens: (t) => setDecimals(t, USDC, 3),
  },
  'decimals-token-0': {
    attack: 'decimals',
    scenario: 'erc20-aggregator',
    refusal: 'token-decimals-mismatch',
    tokens: (t) => setDecimals(t, USDC, 0),
  },
  'decimals-multi-leg': {
    attack: 'decimals',
    scenario: 'multi-leg',
    refusal: 'token-decimals-mismatch',
    tokens: (t) => setDecimals(t, LINK, 24),
  },
  // Issue 22: a list saying USDC has 12 decimals and a swap call that agrees with it: 1 000 USDC
  // asked, 10^9 USDC approved and swapped for a host that signs.
  'decimals-sell-12-consistent': {
    ...q('decimals', 'erc20-aggregator', 'token-decimals-mismatch', (r) =>
      swapDesc(r, (d) => (d.amount = d.amount * 10n ** 6n)),
    ),
    tokens: (t) => setDecimals(t, USDC, 12),
  },
  // A list saying the bought token has 0 decimals and a swap call whose minimum agrees: "at
  // least 3 355 USDC" on screen, 3 355 units (0.003355 USDC) signed.
  'decimals-buy-0-oneinch': {
    ...q('decimals', 'eth-aggregator', 'token-decimals-mismatch', (r) =>
      swapDesc(r, (d) => (d.minReturnAmount = BigInt(String(r.expectedBuyAmountMaxSlippage).split('.')[0]!))),
    ),
    tokens: (t) => setDecimals(t, USDC, 0),
  },
  // A token in no table of the widget, no `decimals` from the host, no `rpc-urls`: its amounts cannot be counted.
  'decimals-sell-untrusted': {
    attack: 'decimals',
    scenario: 'link-sell',
    refusal: 'token-decimals-untrusted',
    hostDecimals: {},
  },
  'decimals-buy-untrusted': {
    attack: 'decimals',
    scenario: 'link-aggregator',
    refusal: 'token-decimals-untrusted',
    hostDecimals: {},
  },
  // ---- second set: forbidden selectors and targets (item 7) ----
  'to-permit2': q('selectors', 'erc20-aggregator', 'tx-to-unknown', (r) => (r.tx.to = PERMIT2)),
  'to-sell-token': q('selectors', 'erc20-aggregator', 'tx-to-unknown', (r) => (r.tx.to = USDC_CONTRACT)),
  'to-sell-token-multi-leg': q('selectors', 'multi-leg', 'tx-to-unknown', (r) => (r.tx.to = LINK.split('-')[1])),
  'to-zero': q(
    'selectors',
    'eth-aggregator',
    'tx-to-invalid',
    (r) => (r.tx.to = '0x0000000000000000000000000000000000000000'),
  ),
  'call-none': q('selectors', 'eth-aggregator', 'tx-no-call', (r) => (r.tx.data = '0x')),
  'call-odd-hex': q('selectors', 'eth-aggregator', 'tx-data-invalid', (r) => (r.tx.data += '0')),
  // Decoded since issue 30: its pool (0x…01) is not one the chain can read.
  'call-oneinch-unoswap': q('selectors', 'erc20-aggregator', 'unoswap-pool-unread', (r) => {
    r.tx.to = ONEINCH_V6;
    r.tx.data = call('unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex)', [
      BigInt(USDC_CONTRACT),
      2_500_500_000n,
      0n,
      1n,
    ]);
  }),
  ...Object.fromEntries(
    FORBIDDEN_CALLS.map(([name, signature, args]) => [
      `call-${name}`,
      q('selectors', 'erc20-aggregator', 'tx-call-unsupported', (r) => (r.tx.data = call(signature, args))),
    ]),
  ),
  'call-permit2-on-permit2': q('selectors', 'erc20-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = PERMIT2;
    r.tx.data = call('approve(address token, address spender, uint160 amount, uint48 expiration)', [
      USDC_CONTRACT,
      ATTACKER_EVM,
      2n ** 160n - 1n,
      2n ** 40n,
    ]);
  }),
  // ---- second set: the aggregator's swap decoded ----
  'oneinch-receiver': q('aggregator-decode', 'erc20-aggregator', 'aggregator-receiver-mismatch', (r) =>
    swapDesc(r, (d) => (d.dstReceiver = ATTACKER_EVM)),
  ),
  'oneinch-receiver-native': q('aggregator-decode', 'eth-aggregator', 'aggregator-receiver-mismatch', (r) =>
    swapDesc(r, (d) => (d.dstReceiver = DEST_EVM)),
  ),
  'oneinch-src-token': q('aggregator-decode', 'erc20-aggregator', 'aggregator-src-token-mismatch', (r) =>
    swapDesc(r, (d) => (d.srcToken = '0xdAC17F958D2ee523a2206206994597C13D831ec7')),
  ),
  'oneinch-dst-token': q('aggregator-decode', 'eth-aggregator', 'aggregator-dst-token-mismatch', (r) =>
    swapDesc(r, (d) => (d.dstToken = '0xdAC17F958D2ee523a2206206994597C13D831ec7')),
  ),
  'oneinch-dst-token-leg': q('aggregator-decode', 'multi-leg', 'first-leg-unbound', (r) =>
    swapDesc(r, (d) => (d.dstToken = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')),
  ),
  'oneinch-amount': q('aggregator-decode', 'erc20-aggregator', 'aggregator-amount-mismatch', (r) =>
    swapDesc(r, (d) => (d.amount = d.amount * 2n)),
  ),
  'oneinch-amount-native': q('aggregator-decode', 'eth-aggregator', 'aggregator-amount-mismatch', (r) =>
    swapDesc(r, (d) => (d.amount = d.amount - 1n)),
  ),
  'oneinch-minimum-zero': q('aggregator-decode', 'eth-aggregator', 'aggregator-minimum-too-low', (r) =>
    swapDesc(r, (d) => (d.minReturnAmount = 0n)),
  ),
  'oneinch-minimum-less': q('aggregator-decode', 'erc20-aggregator', 'aggregator-minimum-too-low', (r) =>
    swapDesc(r, (d) => (d.minReturnAmount = d.minReturnAmount - 1n)),
  ),
  'oneinch-flags': q('aggregator-decode', 'erc20-aggregator', 'aggregator-flags-unknown', (r) =>
    swapDesc(r, (d) => (d.flags = 1n << 200n)),
  ),
  'oneinch-appended': q(
    'aggregator-decode',
    'eth-aggregator',
    'aggregator-call-unreadable',
    (r) => (r.tx.data += '00'.repeat(32)),
  ),
  'oneinch-receiver-zero-leg': q('aggregator-decode', 'multi-leg', 'aggregator-receiver-unverified', (r) =>
    swapDesc(r, (d) => (d.dstReceiver = '0x0000000000000000000000000000000000000000')),
  ),
  // ---- second set: expiry units (item 8) ----
  'expiry-ms-number-past': q('expiry-units', 'btc-memo', 'route-expired', (r) => (r.expiration = Date.now() - 5000)),
  'expiry-ms-digits-past': q(
    'expiry-units',
    'eth-aggregator',
    'route-expired',
    (r) => (r.expiration = String(Date.now() - 5000)),
  ),
  'expiry-seconds-number-past': q(
    'expiry-units',
    'erc20-aggregator',
    'route-expired',
    (r) => (r.expiration = nowSeconds() - 5),
  ),
  'expiry-eleven-digits': q(
    'expiry-units',
    'btc-memo',
    'expiry-unreadable',
    (r) => (r.expiration = `${nowSeconds() + 600}0`),
  ),
  'expiry-microseconds': q(
    'expiry-units',
    'eth-router',
    'expiry-unreadable',
    (r) => (r.expiration = (Date.now() + 600_000) * 1000),
  ),
  'expiry-local-time': q(
    'expiry-units',
    'streaming',
    'expiry-unreadable',
    (r) => (r.expiration = new Date(Date.now() + 600_000).toISOString().slice(0, 19)),
  ),
  // ---- second set: affiliate fee lines and meta (item 9) ----
  'affiliate-fee-ten-percent': q('affiliate-fees', 'eth-aggregator', 'affiliate-fee-too-high', (r) => {
    for (const f of feesOfType(r, 'affiliate')) f.amount = (Number(r.expectedBuyAmount) / 9).toFixed(6);
  }),
  'affiliate-fee-double': q('affiliate-fees', 'btc-memo', 'affiliate-fee-too-high', (r) => {
    for (const f of feesOfType(r, 'affiliate')) f.amount = (Number(f.amount) * 2).toFixed(18);
  }),
  'affiliate-fee-lower-case': q('affiliate-fees', 'channel', 'affiliate-fee-too-high', (r) => {
    for (const f of feesOfType(r, 'affiliate')) f.amount = '0.01';
  }),
  'affiliate-fee-unconfigured': q('affiliate-fees', 'erc20-aggregator', 'affiliate-fee-unconfigured', (r) =>
    r.fees.push({ type: 'Affiliate', asset: 'ETH.ETH', amount: '0.0001', chain: 'ETH', protocol: 'AGGREGATOR_A' }),
  ),
  'affiliate-fee-other-asset': q('affiliate-fees', 'eth-aggregator', 'affiliate-fee-asset', (r) => {
    for (const f of feesOfType(r, 'affiliate')) f.asset = 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7';
  }),
  'affiliate-fee-in-leg': q('affiliate-fees', 'btc-memo', 'affiliate-fee-too-high', (r) => {
    for (const f of r.legs[0].fees as Json[]) if (f.type.toLowerCase() === 'affiliate') f.amount = '1';
  }),
  'affiliate-meta-name': q(
    'affiliate-fees',
    'eth-aggregator',
    'meta-affiliate-mismatch',
    (r) => (r.meta.affiliate = 'evil'),
  ),
  'affiliate-meta-unconfigured': q(
    'affiliate-fees',
    'erc20-aggregator',
    'meta-affiliate-mismatch',
    (r) => (r.meta.affiliate = 'sw'),
  ),
  'affiliate-meta-fee': q(
    'affiliate-fees',
    'btc-memo',
    'meta-affiliate-fee-mismatch',
    (r) => (r.meta.affiliateFee = 1000),
  ),
  // ---- second set: inbound addresses (item 11) ----
  'inbound-evm-for-btc': q(
    'inbound-address',
    'btc-memo',
    'inbound-address-invalid',
    (r) => (r.inboundAddress = ATTACKER_EVM),
  ),
  'inbound-testnet': q(
    'inbound-address',
    'btc-memo',
    'inbound-address-invalid',
    (r) => (r.inboundAddress = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'),
  ),
  'inbound-bad-checksum': q(
    'inbound-address',
    'streaming',
    'inbound-address-invalid',
    (r) =>
      (r.inboundAddress = String(r.inboundAddress).slice(0, -1) + (String(r.inboundAddress).endsWith('q') ? 'p' : 'q')),
  ),
  'inbound-missing': q('inbound-address', 'btc-memo', 'inbound-address-missing', (r) => delete r.inboundAddress),
  'inbound-router-vault-btc': q(
    'inbound-address',
    'eth-router',
    'inbound-address-invalid',
    (r) => (r.inboundAddress = ATTACKER_BTC),
  ),
  // ---- second set: deposit channels (item 11) ----
  'channel-btc-address': {
    attack: 'deposit-channel',
    scenario: 'channel',
    refusal: 'channel-address-invalid',
    channel: (c) => (c.depositAddress = ATTACKER_BTC),
  },
  'channel-bad-checksum': {
    attack: 'deposit-channel',
    scenario: 'channel',
    refusal: 'channel-address-invalid',
    channel: (c) => (c.depositAddress = String(c.depositAddress).replace(/[a-f]/, (ch) => ch.toUpperCase())),
  },
  'channel-zero-address': {
    attack: 'deposit-channel',
    scenario: 'channel',
    refusal: 'channel-address-invalid',
    channel: (c) => (c.depositAddress = `0x${'0'.repeat(40)}`),
  },
  'channel-solana-address': {
    attack: 'deposit-channel',
    scenario: 'channel',
    refusal: 'channel-address-invalid',
    channel: (c) => (c.depositAddress = 'So11111111111111111111111111111111111111112'),
  },
  'channel-address-with-memo': {
    attack: 'deposit-channel',
    scenario: 'channel',
    refusal: 'channel-address-invalid',
    channel: (c) => (c.depositAddress = `${String(c.depositAddress)}:=:BTC.BTC:${ATTACKER_BTC}`),
  },
  // ---- issue 15: transaction forms the widget does not know --------------------------------
  'tx-form-array': q(
    'tx-form',
    'btc-memo',
    'tx-form-unknown',
    (r) => (r.tx = [{ to: ATTACKER_BTC, amount: '10000000' }]),
  ),
  'tx-form-psbt-record': q(
    'tx-form',
    'btc-memo',
    'tx-form-unknown',
    (r) => (r.tx = { psbt: 'cHNidP8BAHECAAAAAQ', to: ATTACKER_BTC }),
  ),
  'tx-form-evm-number-value': q('tx-form', 'eth-router', 'tx-form-unknown', (r) => (r.tx.value = 1e18)),
  'tx-form-channel-number': q('tx-form', 'channel', 'tx-form-unknown', (r) => (r.tx = 1)),
  // ---- issue 15: a provider's name never decides the route's kind -----------------------------
  'name-broker-on-memo': {
    ...q('provider-name', 'btc-memo', 'broker-route-with-memo', (r) => {
      rename(r, 'CHAINFLIP');
      editMemo(r, 2, () => ATTACKER_EVM);
    }),
    providersAs: 'CHAINFLIP',
  },
  'name-broker-on-router': {
    ...q('provider-name', 'eth-router', 'broker-route-with-memo', (r) => {
      rename(r, 'CHAINFLIP_STREAMING');
      editMemo(r, 2, () => ATTACKER_BTC);
    }),
    providersAs: 'CHAINFLIP_STREAMING',
  },
  'name-unknown-on-memo': {
    ...q('provider-name', 'btc-memo', 'memo-limit-below-minimum', (r) => {
      rename(r, '_X');
      editMemo(r, 3, () => '0');
    }),
    providersAs: '_X',
  },
  'name-memo-protocol-on-channel': {
    ...q('provider-name', 'channel', 'route-kind-unknown', (r) => rename(r, 'THORCHAIN')),
    providersAs: 'THORCHAIN',
  },

  // ---- third set (issue 22): an allowlist of contracts, by construction ----
  // Calls the widget never decodes, to contracts it holds no entry for: each was handed out
  // by a deny list. Addresses are the contracts' public mainnet ones (any address outside the
  // table is refused the same way).
  'allow-universal-router-permit2-pull': q('evm-allowlist', 'erc20-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af';
    // execute(commands, inputs, deadline) with PERMIT2_TRANSFER_FROM (0x02) pulling WBTC to the attacker.
    r.tx.data = call('execute(bytes commands, bytes[] inputs, uint256 deadline)', [
      '0x02',
      [call('transfer(address to, uint256 amount)', [ATTACKER_EVM, 10n ** 8n])],
      BigInt(nowSeconds() + 600),
    ]);
  }),
  'allow-oneinch-v5-swap': q('evm-allowlist', 'erc20-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0x1111111254EEB25477B68fb85Ed929f73A960582';
    r.tx.data = call(
      'swap(address executor, (address,address,address,address,uint256,uint256,uint256) desc, bytes permit, bytes data)',
      [
        ATTACKER_EVM,
        ['0xdAC17F958D2ee523a2206206994597C13D831ec7', USDC_CONTRACT, ATTACKER_EVM, ATTACKER_EVM, 10n ** 12n, 1n, 0n],
        '0x',
        '0x',
      ],
    );
  }),
  'allow-0x-transform-erc20': q('evm-allowlist', 'erc20-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0xDef1C0ded9bec7F1a1670819833240f027b25EfF';
    r.tx.data = call(
      'transformERC20(address inputToken, address outputToken, uint256 inputTokenAmount, uint256 minOutputTokenAmount, (uint32,bytes)[] transformations)',
      [USDC_CONTRACT, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 2_500_500_000n, 0n, []],
    );
  }),
  'allow-aave-withdraw': q('evm-allowlist', 'eth-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2';
    r.tx.data = call('withdraw(address asset, uint256 amount, address to)', [
      USDC_CONTRACT,
      2n ** 256n - 1n,
      ATTACKER_EVM,
    ]);
  }),
  'allow-steth-transfer-shares': q('evm-allowlist', 'eth-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84';
    r.tx.data = call('transferShares(address recipient, uint256 shares)', [ATTACKER_EVM, 10n ** 21n]);
  }),
  'allow-erc4626-redeem': q('evm-allowlist', 'erc20-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0x83F20F44975D03b1b09e64809B757c47f942BEeA';
    r.tx.data = call('redeem(uint256 shares, address receiver, address owner)', [
      2n ** 256n - 1n,
      ATTACKER_EVM,
      SOURCE_EVM,
    ]);
  }),
  'allow-aave-approve-delegation': q('evm-allowlist', 'eth-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = '0x72E95b8931767C79bA4EeE721354d6E99a61D004';
    r.tx.data = call('approveDelegation(address delegatee, uint256 amount)', [ATTACKER_EVM, 2n ** 256n - 1n]);
  }),
  'allow-multicall-on-aggregator': q('evm-allowlist', 'erc20-aggregator', 'tx-call-unsupported', (r) => {
    r.tx.data = call('multicall(bytes[] data)', [[String(r.tx.data)]]);
  }),
  'allow-eth-to-eoa': q('evm-allowlist', 'eth-aggregator', 'tx-no-call', (r) => {
    r.tx.to = ATTACKER_EVM;
    r.tx.data = '0x';
  }),
  'allow-eth-to-eoa-with-selector': q('evm-allowlist', 'eth-aggregator', 'tx-to-unknown', (r) => {
    r.tx.to = ATTACKER_EVM;
    r.tx.data = '0xdeadbeef';
  }),
  'allow-oneinch-call-to-other-contract': q(
    'evm-allowlist',
    'erc20-aggregator',
    'tx-to-unknown',
    (r) => (r.tx.to = ATTACKER_EVM),
  ),
  'allow-router-call-to-other-contract': q('evm-allowlist', 'eth-router', 'router-unlisted', (r) => {
    r.tx.to = ATTACKER_EVM;
    r.targetAddress = ATTACKER_EVM;
  }),
  'allow-router-call-to-aggregator': q(
    'evm-allowlist',
    'erc20-router',
    'tx-call-unsupported',
    (r) => (r.tx.to = ONEINCH_V6),
  ),
  'allow-spender-target-address': q(
    'evm-allowlist',
    'erc20-aggregator',
    'approval-spender-mismatch',
    (r) => (r.targetAddress = ATTACKER_EVM),
  ),
  'allow-spender-vault-instead-of-router': q(
    'evm-allowlist',
    'erc20-router',
    'approval-spender-mismatch',
    (r) => (r.meta.approvalAddress = r.inboundAddress),
  ),
  // ---- third set: a provider's label never relaxes a check (the call's shape decides the legs) ----
  'label-two-legs-on-same-chain': {
    ...q('labels', 'erc20-aggregator', 'aggregator-receiver-mismatch', (r) => {
      renameLegs(r, ['ONEINCH', 'CHAINFLIP']);
      swapDesc(r, (d) => (d.dstReceiver = ATTACKER_EVM));
    }),
    providersAs: 'ONEINCH->CHAINFLIP',
  },
  'label-one-string-on-same-chain': {
    ...q('labels', 'eth-aggregator', 'aggregator-receiver-mismatch', (r) => {
      rename(r, 'ONEINCH->CHAINFLIP');
      swapDesc(r, (d) => (d.dstReceiver = ATTACKER_EVM));
    }),
    providersAs: 'ONEINCH->CHAINFLIP',
  },
  'label-two-legs-minimum-one-unit': {
    ...q('labels', 'erc20-aggregator', 'aggregator-minimum-too-low', (r) => {
      // Named as the first leg of two, its minimum would be the first leg's: on one chain it is the route's.
      renameLegs(r, ['ONEINCH', 'CHAINFLIP']);
      swapDesc(r, (d) => (d.minReturnAmount = 1n));
    }),
    providersAs: 'ONEINCH->CHAINFLIP',
  },
  'label-first-leg-to-attacker': q('labels', 'multi-leg', 'aggregator-receiver-unverified', (r) =>
    swapDesc(r, (d) => (d.dstReceiver = ATTACKER_EVM)),
  ),
  'label-first-leg-to-other-vault': q('labels', 'multi-leg', 'aggregator-receiver-unverified', (r) =>
    swapDesc(r, (d) => (d.dstReceiver = '0x79001a5e762f3bEFC8e5871b42F6734e00498920')),
  ),
  'label-first-leg-minimum-one-unit': q('labels', 'multi-leg', 'minimum-below-slippage', (r) => {
    r.legs[0].buyAmountMaxSlippage = '0.000001';
    swapDesc(r, (d) => (d.minReturnAmount = 1n));
  }),
  // ---- third set: addresses only the protocol can vouch for, checked with the protocol ----
  'vault-attacker': q(
    'protocol-addresses',
    'btc-memo',
    'inbound-vault-unlisted',
    (r) => (r.inboundAddress = ATTACKER_BTC),
  ),
  'vault-attacker-streaming': q(
    'protocol-addresses',
    'streaming',
    'inbound-vault-unlisted',
    (r) => (r.inboundAddress = ATTACKER_BTC),
  ),
  'vault-target-address-instead': q('protocol-addresses', 'btc-memo', 'inbound-address-missing', (r) => {
    r.targetAddress = ATTACKER_BTC;
    delete r.inboundAddress;
  }),
  'vault-router-deposit-to-attacker': q('protocol-addresses', 'eth-router', 'inbound-vault-unlisted', (r) => {
    r.inboundAddress = ATTACKER_EVM;
    routerArgs(r, (a) => (a[0] = ATTACKER_EVM));
  }),
  'vault-fork-vault': {
    ...q('protocol-addresses', 'btc-memo', 'memo-protocol-mismatch', (r) => rename(r, 'MAYACHAIN')),
    providersAs: 'MAYACHAIN',
  },
  'vault-halted-chain': {
    attack: 'protocol-addresses',
    scenario: 'btc-memo',
    refusal: 'protocol-halted',
    node: (list) => list.filter((e) => e.chain === 'BTC').forEach((e) => (e.halted = true)),
  },
  'vault-trading-paused': {
    attack: 'protocol-addresses',
    scenario: 'eth-router',
    refusal: 'protocol-halted',
    node: (list) => list.forEach((e) => (e.global_trading_paused = true)),
  },
  'vault-churned': {
    attack: 'protocol-addresses',
    scenario: 'btc-memo',
    refusal: 'inbound-vault-unlisted',
    node: (list) => list.filter((e) => e.chain === 'BTC').forEach((e) => (e.address = DEST_BTC)),
  },
  // THORNode leaves ETH out: the route's vault is in no list (Maya's lists its own).
  'vault-chain-unlisted': {
    attack: 'protocol-addresses',
    scenario: 'erc20-router',
    refusal: 'inbound-vault-unlisted',
    node: (list, node) =>
      void (node === 'thorchain' && list.splice(0, list.length, ...list.filter((e) => e.chain !== 'ETH'))),
  },
  // Neither node lists ETH.
  'vault-chain-unlisted-everywhere': {
    attack: 'protocol-addresses',
    scenario: 'erc20-router',
    refusal: 'inbound-chain-unlisted',
    node: (list) => void list.splice(0, list.length, ...list.filter((e) => e.chain !== 'ETH')),
  },
  'broker-with-memo-and-inbound': q('protocol-addresses', 'channel', 'broker-route-with-memo', (r) => {
    r.memo = `=:BTC.BTC:${ATTACKER_BTC}:0`;
    r.inboundAddress = ATTACKER_EVM;
  }),
  // ---- fourth set (issue 30): memo assets against the sourced table, the 80-byte boundary,
  // memo limits in trusted decimals whatever the list says ----
  // The token list leaves out Arbitrum's bridged USDC.e, which the widget's table holds:
  // `ARB.USDC` with no contract could name either, and the protocol takes the deeper pool.
  'memo-abbrev-look-alike-unlisted': q('memo-abbreviation', 'c-router-token', 'memo-asset-ambiguous', (r) =>
    editMemo(r, 1, () => 'ARB.USDC'),
  ),
  // The look-alike named in full instead of the token asked for.
  'memo-asset-fork-bridged-twin': q('memo-asset', 'c-router-token', 'memo-asset-mismatch', (r) =>
    editMemo(r, 1, () => 'ARB.USDC-0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8'),
  ),
  // One byte more than a Bitcoin OP_RETURN carries (THORNode `MaxOpReturnDataSize` = 80).
  'memo-length-81-bytes': q('memo-length', 'btc-memo', 'memo-too-long', (r) => padMemo(r, 81)),
  // A list saying USDC has 4 decimals, and a minimum two units of its real 6 under the floor:
  // counted in the list's 4 it would pass; the trusted 6 decide.
  'decimals-memo-buy-list-4-minimum-two-units': {
    ...q('decimals', 'btc-memo-usdc', 'minimum-below-slippage', (r) => lowerUsdcMinimum(r, 2n)),
    tokens: (t) => setDecimals(t, USDC, 4),
  },
  // ---- fourth set (issue 30), fail closed: a list that cannot be read vouches for nothing ----
  ...nodeCases(),
  // ---- fourth set: a first leg binds the destination, the asset and a minimum (issue 30, item 3) ----
  'vault-aggregator-pays-vault': q('vault-call', 'vault-token', 'first-leg-unbound', (r) => {
    r.tx.to = ONEINCH_V6;
    r.meta.approvalAddress = ONEINCH_V6;
    delete r.targetAddress;
    r.tx.data = encodeFunctionData({
      abi: ONEINCH,
      functionName: 'swap',
      args: [
        ATTACKER_EVM,
        {
          srcToken: USDC_CONTRACT,
          dstToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          srcReceiver: ATTACKER_EVM,
          dstReceiver: CHAINFLIP_VAULT_ETH,
          amount: 2_500_000_000n,
          minReturnAmount: 1n,
          flags: 0n,
        },
        '0x',
      ],
    });
  }),
  'vault-other-dst-address': q('vault-call', 'vault-native', 'vault-destination-mismatch', (r) =>
    vaultArgs(r, (a) => (a.dstAddress = stringToHex(ATTACKER_BTC))),
  ),
  'vault-other-dst-address-token': q('vault-call', 'vault-token', 'vault-destination-mismatch', (r) =>
    vaultArgs(r, (a) => (a.dstAddress = stringToHex(ATTACKER_BTC))),
  ),
  'vault-other-dst-token': q('vault-call', 'vault-native', 'vault-asset-mismatch', (r) =>
    vaultArgs(r, (a) => (a.dstToken = 8)),
  ),
  'vault-other-dst-chain': q('vault-call', 'vault-native', 'vault-chain-mismatch', (r) =>
    vaultArgs(r, (a) => (a.dstChain = 1)),
  ),
  'vault-min-price-below-floor': q('vault-call', 'vault-native', 'vault-minimum-too-low', (r) =>
    setMinPrice(r, leastMinPrice(r, 10n ** 18n) / 2n),
  ),
  'vault-min-price-one-unit-below': q('vault-call', 'vault-native', 'vault-minimum-too-low', (r) =>
    setMinPrice(r, leastMinPrice(r, 10n ** 18n) - 1n),
  ),
  'vault-min-price-zero-token': q('vault-call', 'vault-token', 'vault-minimum-too-low', (r) => setMinPrice(r, 0n)),
  'vault-refund-attacker': q('vault-call', 'vault-native', 'vault-refund-mismatch', (r) =>
    editCf(r, CF_REFUND, ATTACKER_EVM.slice(2).toLowerCase()),
  ),
  'vault-fee-to-service': q('vault-call', 'vault-native', 'vault-fee-too-high', (r) =>
    editCf(r, CF_BROKER_BPS, 'e803'),
  ),
  'vault-amount-more': q('vault-call', 'vault-token', 'vault-amount-mismatch', (r) =>
    vaultArgs(r, (a) => (a.amount = a.amount * 2n)),
  ),
  'vault-plain-transfer': q('vault-call', 'vault-native', 'tx-no-call', (r) => (r.tx.data = '0x')),
  'vault-token-transfer': q('vault-call', 'vault-token', 'tx-to-unknown', (r) => {
    r.tx.to = USDC_CONTRACT;
    r.tx.data = call('transfer(address to, uint256 amount)', [CHAINFLIP_VAULT_ETH, 2_500_000_000n]);
  }),
  // A first leg that pays the Vault with the route's destination taken out: nothing names it.
  'multi-leg-destination-removed': q('vault-call', 'multi-leg', 'first-leg-unbound', (r) => {
    delete r.destinationAddress;
  }),
  // ---- fourth set: 1inch's unoswap family (issue 30, item 7) ----
  'unoswap-wrong-direction': q('unoswap', 'eth-unoswap', 'aggregator-dst-token-mismatch', (r) =>
    unoswapWords(r, (w) => (w[w.length - 1]! ^= 1n << 247n)),
  ),
  'unoswap-wrong-direction-token': q('unoswap', 'erc20-unoswap', 'aggregator-dst-token-mismatch', (r) =>
    unoswapWords(r, (w) => (w[w.length - 1]! ^= 1n << 247n)),
  ),
  'unoswap-min-below-floor': q('unoswap', 'eth-unoswap', 'aggregator-minimum-too-low', (r) =>
    unoswapWords(r, (w) => (w[1] = w[1]! - 1n)),
  ),
  'unoswap-min-zero-token': q('unoswap', 'erc20-unoswap', 'aggregator-minimum-too-low', (r) =>
    unoswapWords(r, (w) => (w[2] = 0n)),
  ),
  'unoswap-to-attacker': q('unoswap', 'eth-unoswap', 'aggregator-receiver-mismatch', (r) =>
    unoswapWords(r, (w) => (w[0] = BigInt(ATTACKER_EVM))),
  ),
  'unoswap-sender-not-destination': q('unoswap', 'eth-unoswap', 'aggregator-receiver-mismatch', (r) => {
    // The sender's form (ethUnoswap) when the user typed another destination.
    const [, minReturn, dex] = words(r);
    r.tx.data = call('ethUnoswap(uint256 minReturn, uint256 dex)', [minReturn, dex]);
  }),
  'unoswap-pool-not-a-pool': q('unoswap', 'eth-unoswap', 'unoswap-pool-unread', (r) =>
    unoswapWords(r, (w) => (w[w.length - 1] = ((w[w.length - 1]! >> 160n) << 160n) | BigInt(ATTACKER_EVM))),
  ),
  'unoswap-permit2': q('unoswap', 'erc20-unoswap', 'unoswap-flags-unknown', (r) =>
    unoswapWords(r, (w) => (w[w.length - 1]! |= 1n << 250n)),
  ),
};

/** The memo made exactly `bytes` long (UTF-8) by writing its limit with leading zeros: the same number to the protocol. */
function padMemo(route: Json, bytes: number): void {
  const missing = bytes - new TextEncoder().encode(String(route.memo)).length;
  if (missing < 0) throw new Error(`the memo is already ${bytes - missing} bytes long`);
  editMemo(route, 3, (lim) => '0'.repeat(missing) + lim);
}

/**
 * Pays the attacker instead of the protocol, consistently: a memo route's vault; a router
 * deposit's vault, router and (for a token) the spender it names; a Cosmos send's recipient.
 */
function payAttacker(r: Json): void {
  if (typeof r.tx?.data === 'string' && r.tx.data.startsWith('0x44bc937b')) {
    r.inboundAddress = ATTACKER_EVM;
    routerArgs(r, (a) => (a[0] = ATTACKER_EVM));
    r.tx.to = ATTACKER_ROUTER;
    if (r.meta?.approvalAddress) r.meta.approvalAddress = ATTACKER_ROUTER;
    if (r.targetAddress) r.targetAddress = ATTACKER_ROUTER;
  } else if (Array.isArray(r.tx?.msgs)) {
    r.inboundAddress = ATTACKER_GAIA;
    r.tx.msgs[0].value.to_address = ATTACKER_GAIA;
  } else {
    r.inboundAddress = ATTACKER_BTC;
  }
}

/**
 * For each of a BTC memo, an ETH router deposit, a USDC router deposit (its approval first)
 * and a GAIA send: an attacker's vault (and router) while the nodes are down (503), slow (past
 * the 5 s limit), lying (garbage), or turned off by the host, refused as unverified; the honest
 * route while its chain is halted, refused as halted.
 */
function nodeCases(): Record<string, HostileCase> {
  /** The sell chain of each scenario the node classes attack. */
  const NODE_SCENARIOS = {
    'btc-memo': 'BTC',
    'eth-router': 'ETH',
    'erc20-router': 'ETH',
    'gaia-send': 'GAIA',
  } as const satisfies Partial<Record<ScenarioName, string>>;

  /** Garbage a node may answer, one kind per scenario (each is unreadable as a whole list). */
  const LIES: Record<keyof typeof NODE_SCENARIOS, (list: Json[], chain: string) => void | 'html'> = {
    'btc-memo': (list, chain) => list.filter((e) => e.chain === chain).forEach((e) => (e.halted = null)),
    'eth-router': (list) => list.forEach((e) => (e.global_trading_paused = 'true')),
    'erc20-router': (list, chain) => void list.push({ ...list.find((e) => e.chain === chain), address: ATTACKER_EVM }),
    'gaia-send': () => 'html',
  };

  const cases: Record<string, HostileCase> = {};
  for (const [scenario, chain] of Object.entries(NODE_SCENARIOS) as [keyof typeof NODE_SCENARIOS, string][]) {
    const base = { scenario, refusal: 'protocol-unverified' as const, quote: payAttacker };
    cases[`node-down-${scenario}`] = { ...base, attack: 'node-down', node: () => 'down' };
    cases[`node-slow-${scenario}`] = { ...base, attack: 'node-slow', node: () => 'late' };
    cases[`node-lying-${scenario}`] = { ...base, attack: 'node-lying', node: (list) => LIES[scenario](list, chain) };
    cases[`node-off-${scenario}`] = { ...base, attack: 'node-off', nodesOff: ['thorchain', 'mayachain'] };
    cases[`node-halted-${scenario}`] = {
      attack: 'node-halted',
      scenario,
      refusal: 'protocol-halted',
      node: (list) => list.filter((e) => e.chain === chain).forEach((e) => (e.chain_trading_paused = true)),
    };
  }
  // An honest route cannot be verified either: refused all the same, never a box to tick.
  cases['node-down-honest-route'] = {
    attack: 'node-down',
    scenario: 'btc-memo',
    refusal: 'protocol-unverified',
    node: () => 'down',
  };
  cases['node-off-honest-route'] = {
    attack: 'node-off',
    scenario: 'eth-router',
    refusal: 'protocol-unverified',
    nodesOff: ['thorchain'],
  };
  // THORNode up, Mayanode down: a route labelled as Maya's, paying an attacker, is Maya's to vouch for.
  cases['node-down-label-fork'] = {
    attack: 'node-down',
    scenario: 'btc-memo',
    refusal: 'protocol-unverified',
    quote: (r) => (rename(r, 'MAYACHAIN'), payAttacker(r)),
    providersAs: 'MAYACHAIN',
    node: (_, node) => (node === 'mayachain' ? 'down' : undefined),
  };
  // Labels mixing both protocols, with protocol A's short codes, paying Maya's vault: read as Maya's memo, refused.
  cases['node-label-mixed-short-codes'] = {
    attack: 'labels',
    scenario: 'c-memo',
    refusal: 'memo-unreadable',
    quote: (r) => (rename(r, 'THORCHAIN->MAYACHAIN'), editMemo(r, 1, () => 'e')),
    providersAs: 'THORCHAIN->MAYACHAIN',
  };
  return cases;
}

/** Protocol B's Vault on Ethereum (chainflip-io/chainflip-docs, mainnet-addresses.mdx). */
const CHAINFLIP_VAULT_ETH = '0xF5e10380213880111522dd0efD3dbb45b9f62Bcc';
/** The Vault's swap calls (chainflip-io/chainflip-docs, vault-swaps/evm.mdx), written here. */
const VAULT = parseAbi([
  'function xSwapNative(uint32 dstChain, bytes dstAddress, uint32 dstToken, bytes cfParameters) payable',
  'function xSwapToken(uint32 dstChain, bytes dstAddress, uint32 dstToken, address srcToken, uint256 amount, bytes cfParameters)',
]);

/** Re-encodes a Vault call with its arguments edited by name. */
function vaultArgs(route: Json, edit: (a: Json) => void): void {
  const { functionName, args } = decodeFunctionData({ abi: VAULT, data: route.tx.data as Hex });
  const names =
    functionName === 'xSwapNative'
      ? ['dstChain', 'dstAddress', 'dstToken', 'cfParameters']
      : ['dstChain', 'dstAddress', 'dstToken', 'srcToken', 'amount', 'cfParameters'];
  const a: Json = Object.fromEntries(names.map((n, i) => [n, (args as readonly unknown[])[i]]));
  edit(a);
  route.tx.data = encodeFunctionData({ abi: VAULT, functionName, args: names.map((n) => a[n]) as never });
}

/**
 * Byte offsets in the reference's `cfParameters` (VersionedCfParameters::V0, chainflip-docs
 * encoding-reference.mdx): the version (1), retry duration (4), refund address (20), least price
 * (32, little-endian), DCA none (1), boost (1), broker account (32), broker commission (2, little-endian).
 */
const CF_REFUND = 5;
const CF_MIN_PRICE = 25;
const CF_BROKER_BPS = 25 + 32 + 2 + 32;

/** Writes `hex` (without `0x`) over `cfParameters` from byte `at`. */
function editCf(route: Json, at: number, hex: string): void {
  vaultArgs(route, (a) => {
    const cf = String(a.cfParameters).slice(2);
    a.cfParameters = `0x${cf.slice(0, at * 2)}${hex}${cf.slice(at * 2 + hex.length)}`;
  });
}

function setMinPrice(route: Json, price: bigint): void {
  editCf(route, CF_MIN_PRICE, price.toString(16).padStart(64, '0').match(/../g)!.reverse().join(''));
}

/**
 * The least price the widget takes for a route to BTC at 1 % slippage: its product with the
 * amount sold (`sellUnits`) reaches one unit under the floor of the expected amount.
 */
export function leastMinPrice(route: Json, sellUnits: bigint): bigint {
  const floor = (toE8(String(route.expectedBuyAmount)) * 9_900n) / 10_000n;
  return (((floor - 1n) << 128n) + sellUnits - 1n) / sellUnits;
}

/** The words of an unoswap call (after its selector). */
function words(route: Json): bigint[] {
  return (String(route.tx.data).slice(10).match(/.{64}/g) ?? []).map((w) => BigInt(`0x${w}`));
}

/** An unoswap call with its words edited (the selector kept). */
function unoswapWords(route: Json, edit: (w: bigint[]) => void): void {
  const w = words(route);
  edit(w);
  route.tx.data = `${String(route.tx.data).slice(0, 10)}${w.map((x) => x.toString(16).padStart(64, '0')).join('')}`;
}

/** Gives a route (and its legs, and its fees) another provider name, as the real service would write it. */
function rename(route: Json, name: string): void {
  route.providers = [name];
  for (const leg of route.legs ?? []) leg.provider = name;
  for (const fee of [...(route.fees ?? []), ...(route.legs ?? []).flatMap((l: Json) => l.fees ?? [])])
    if (fee.protocol) fee.protocol = name;
}

/** Not real tokens: other ETH tokens with the ticker WBTC, one whose contract also ends with `599`. */
const OTHER_WBTC_599 = 'ETH.WBTC-0x00000000000000000000000000000000000ee599';
const OTHER_WBTC = 'ETH.WBTC-0x0000000000000000000000000000000000000ab1';

/** Lists a copy of `like` as `asset` too. */
function addToken(tokens: Json[], like: string, asset: string): void {
  const model = tokens.find((t) => String(t.asset).toUpperCase() === like.toUpperCase())!;
  tokens.push({ ...structuredClone(model), asset, name: 'Another token of the same ticker' });
}

/** Names a route's two legs (splitting its one leg in two, as a two-leg answer has them). */
function renameLegs(route: Json, names: [string, string]): void {
  route.providers = names;
  const leg = route.legs[0];
  route.legs = [
    { ...leg, provider: names[0] },
    { ...leg, provider: names[1], sellAsset: leg.buyAsset },
  ];
}

function setDecimals(tokens: Json[], asset: string, decimals: number): void {
  for (const t of tokens) if (String(t.asset).toUpperCase() === asset.toUpperCase()) t.decimals = decimals;
}

function dropToken(tokens: Json[], asset: string): void {
  const i = tokens.findIndex((t) => String(t.asset).toUpperCase() === asset.toUpperCase());
  if (i >= 0) tokens.splice(i, 1);
}

/** Honest twins: per class, alterations that must not stop the hand-out (or lies it must not believe). */
export const HONEST_TWINS: Readonly<Record<string, HonestTwin>> = {
  'honest-memo-asset-short': { attack: 'memo-asset', scenario: 'btc-memo', quote: (r) => editMemo(r, 1, () => 'e') },
  'honest-memo-asset-fork-in-full': {
    attack: 'memo-asset',
    scenario: 'c-memo',
    quote: (r) => rename(r, 'MAYACHAIN'),
    providersAs: 'MAYACHAIN',
  },
  'honest-memo-abbrev-three': {
    attack: 'memo-abbreviation',
    scenario: 'btc-memo-token',
    quote: (r) => editMemo(r, 1, () => 'ETH.WBTC-599'),
  },
  'honest-memo-abbrev-one': {
    attack: 'memo-abbreviation',
    scenario: 'btc-memo-token',
    quote: (r) => editMemo(r, 1, () => 'eth.wbtc-9'),
  },
  'honest-memo-abbrev-none': {
    attack: 'memo-abbreviation',
    scenario: 'btc-memo-token',
    quote: (r) => editMemo(r, 1, () => 'ETH.WBTC'),
  },
  'honest-memo-abbrev-other-wbtc-known': {
    attack: 'memo-abbreviation',
    scenario: 'btc-memo-token',
    quote: (r) => editMemo(r, 1, () => 'ETH.WBTC-599'),
    tokens: (t) => addToken(t, WBTC, OTHER_WBTC),
  },
  // Another WBTC known that ends with 599 too, but not with C2C599: a longer suffix tells them apart.
  'honest-memo-abbrev-longer-upper-case': {
    attack: 'memo-abbreviation',
    scenario: 'btc-memo-token',
    quote: (r) => editMemo(r, 1, () => 'ETH.WBTC-7C193BC2C599'),
    tokens: (t) => addToken(t, WBTC, OTHER_WBTC_599),
  },
  'honest-memo-dest-case': {
    attack: 'memo-destination',
    scenario: 'btc-memo',
    quote: (r) => editMemo(r, 2, (d) => d.toLowerCase()),
  },
  'honest-memo-limit-exponent': {
    attack: 'memo-limit',
    scenario: 'btc-memo',
    quote: (r) => setLimit(r, `${limitOf(r) / 100n + 1n}e2`),
  },
  'honest-memo-affiliate-case': {
    attack: 'memo-affiliate',
    scenario: 'btc-memo',
    quote: (r) => editMemo(r, 4, (a) => a.toUpperCase()),
  },
  'honest-memo-length': { attack: 'memo-length', scenario: 'streaming' },
  'honest-tx-from-case': {
    attack: 'tx-from',
    scenario: 'erc20-aggregator',
    quote: (r) => (r.tx.from = String(r.tx.from).toLowerCase()),
  },
  'honest-tx-value-hex': {
    attack: 'tx-value',
    scenario: 'eth-aggregator',
    quote: (r) => (r.tx.value = `0x${BigInt(r.tx.value).toString(16)}`),
    expect: { value: 10n ** 18n },
  },
  'honest-tx-chain-absent': { attack: 'tx-chain', scenario: 'eth-router', quote: (r) => delete r.tx.chain_id },
  // The real service's EVM form (its clients read gas and gasPrice, no chain id): the chain is the sell asset's.
  'honest-tx-real-gas-fields': {
    attack: 'tx-chain',
    scenario: 'eth-aggregator',
    quote: (r) => {
      delete r.tx.chain_id;
      delete r.tx.gas_limit;
      Object.assign(r.tx, { gas: 210_000, gasPrice: '30000000000' });
    },
    expect: { value: 10n ** 18n },
  },
  'honest-approval-to-router': {
    attack: 'approval',
    scenario: 'erc20-aggregator',
    quote: (r) => delete r.meta.approvalAddress,
  },
  // The real service may leave `expiration` out (dKit's get-quote example): the widget's own limit applies.
  'honest-expiry-absent': {
    attack: 'expiry',
    scenario: 'btc-memo',
    quote: (r) => delete r.expiration,
    expect: { expiresAt: 'undated-limit' },
  },
  'honest-expiry-iso': {
    attack: 'expiry',
    scenario: 'btc-memo',
    quote: (r) => (r.expiration = new Date(Date.now() + 600_000).toISOString()),
    expect: { expiresAt: 'from-route' },
  },
  'honest-asset-amount-zeros': { attack: 'asset-amount', scenario: 'btc-memo', quote: (r) => (r.sellAmount = '0.100') },
  'honest-precision-zeros': {
    attack: 'precision',
    scenario: 'eth-aggregator',
    quote: (r) => (r.expectedBuyAmountMaxSlippage = `${r.expectedBuyAmountMaxSlippage}000`),
  },
  'honest-refund-source': {
    attack: 'refund',
    scenario: 'eth-router',
    quote: (r) => editMemo(r, 2, (d) => `${d}/${SOURCE_EVM.toLowerCase()}`),
  },
  'honest-streaming-protocol-chooses': {
    attack: 'memo-streaming',
    scenario: 'streaming',
    quote: (r) => editMemo(r, 3, (lim) => `${lim.split('/')[0]}/1/0`),
  },
  'honest-router-eth': { attack: 'router-decode', scenario: 'eth-router', expect: { value: 10n ** 18n } },
  'honest-router-token': { attack: 'evm-memo-without-router', scenario: 'erc20-router' },
  'honest-decimals-native-lie': {
    attack: 'decimals',
    scenario: 'eth-aggregator',
    tokens: (t) => setDecimals(t, 'ETH.ETH', 21),
    expect: { value: 10n ** 18n },
  },
  // The token list is only shown: a token it does not list is counted in the widget's table's decimals, or the host's.
  'honest-decimals-token-unlisted': {
    attack: 'decimals',
    scenario: 'erc20-aggregator',
    tokens: (t) => dropToken(t, USDC),
  },
  'honest-decimals-buy-unlisted': { attack: 'decimals', scenario: 'eth-aggregator', tokens: (t) => dropToken(t, USDC) },
  'honest-decimals-host-unlisted': { attack: 'decimals', scenario: 'link-sell', tokens: (t) => dropToken(t, LINK) },
  'honest-decimals-host-bought': { attack: 'decimals', scenario: 'link-aggregator' },
  // A service that floors a 6-decimal token's minimum at its own decimals (issue 22 item 7).
  'honest-memo-usdc-floored-at-6': { attack: 'memo-limit', scenario: 'btc-memo-usdc' },
  'honest-memo-usdc-protocol-c': { attack: 'memo-limit', scenario: 'btc-memo-usdc-c' },
  'honest-memo-usdc-one-unit-below': {
    attack: 'precision',
    scenario: 'btc-memo-usdc',
    quote: (r) => lowerUsdcMinimum(r, 1n),
  },
  'honest-selectors-multi-leg': { attack: 'selectors', scenario: 'vault-token' },
  'honest-oneinch-receiver-sender': {
    attack: 'aggregator-decode',
    scenario: 'eth-aggregator',
    quote: (r) => swapDesc(r, (d) => (d.dstReceiver = '0x0000000000000000000000000000000000000000')),
  },
  'honest-expiry-ms-number': {
    attack: 'expiry-units',
    scenario: 'btc-memo',
    quote: (r) => (r.expiration = Date.now() + 600_000),
    expect: { expiresAt: 'from-route' },
  },
  'honest-affiliate-fee-lower-case': {
    attack: 'affiliate-fees',
    scenario: 'eth-aggregator',
    quote: (r) => feesOfType(r, 'affiliate').forEach((f) => (f.type = 'affiliate')),
  },
  'honest-inbound-upper-case': {
    attack: 'inbound-address',
    scenario: 'btc-memo',
    quote: (r) => (r.inboundAddress = String(r.inboundAddress).toUpperCase()),
  },
  'honest-channel': { attack: 'deposit-channel', scenario: 'channel', expect: { expiresAt: 'hand-out-window' } },
  // The real service's schema declares no block heights; and the protocol's issue block counts
  // its own chain's blocks, above a Bitcoin height and below an Arbitrum one: neither is read.
  'honest-channel-no-blocks': {
    attack: 'deposit-channel',
    scenario: 'channel',
    channel: (c) => (delete c.issuedBlock, delete c.sourceChainExpiryBlock),
    expect: { expiresAt: 'hand-out-window' },
  },
  'honest-channel-issued-above-expiry': {
    attack: 'deposit-channel',
    scenario: 'channel',
    channel: (c) => ((c.issuedBlock = 15_300_000), (c.sourceChainExpiryBlock = 935_144)),
    expect: { expiresAt: 'hand-out-window' },
  },
  'honest-tx-null': { attack: 'tx-form', scenario: 'btc-memo', quote: (r) => (r.tx = null) },
  'honest-tx-transaction-null': {
    attack: 'tx-form',
    scenario: 'channel',
    quote: (r) => ((r.tx = null), (r.transaction = null)),
  },
  'honest-name-thorchain': {
    attack: 'provider-name',
    scenario: 'btc-memo',
    quote: (r) => rename(r, 'THORCHAIN'),
    providersAs: 'THORCHAIN',
  },
  'honest-name-thorchain-streaming': {
    attack: 'provider-name',
    scenario: 'streaming',
    quote: (r) => rename(r, 'THORCHAIN_STREAMING'),
    providersAs: 'THORCHAIN_STREAMING',
  },
  'honest-name-chainflip': {
    attack: 'provider-name',
    scenario: 'channel',
    quote: (r) => rename(r, 'CHAINFLIP'),
    providersAs: 'CHAINFLIP',
  },
  'honest-name-chainflip-streaming': {
    attack: 'provider-name',
    scenario: 'channel',
    quote: (r) => rename(r, 'CHAINFLIP_STREAMING'),
    providersAs: 'CHAINFLIP_STREAMING',
  },
  'honest-allow-router-lower-case': {
    attack: 'evm-allowlist',
    scenario: 'erc20-aggregator',
    quote: (r) => (r.tx.to = String(r.tx.to).toLowerCase()),
  },
  'honest-allow-target-address-as-router': {
    attack: 'evm-allowlist',
    scenario: 'erc20-router',
    quote: (r) => (r.targetAddress = String(r.tx.to).toUpperCase().replace('0X', '0x')),
  },
  'honest-label-oneinch': {
    attack: 'labels',
    scenario: 'eth-aggregator',
    quote: (r) => rename(r, 'ONEINCH'),
    providersAs: 'ONEINCH',
  },
  'honest-label-multi-leg-real-names': {
    attack: 'labels',
    scenario: 'vault-native',
    quote: (r) => rename(r, 'CHAINFLIP'),
    providersAs: 'CHAINFLIP',
  },
  'honest-protocol-fork-route': { attack: 'protocol-addresses', scenario: 'c-memo' },
  'honest-protocol-node-extra-fields': {
    attack: 'protocol-addresses',
    scenario: 'eth-router',
    node: (list) => list.forEach((e) => ((e.observed_fee_rate = '12'), (e.new_field = { x: 1 }))),
  },
  'honest-protocol-other-chain-halted': {
    attack: 'protocol-addresses',
    scenario: 'btc-memo',
    node: (list) => list.filter((e) => e.chain !== 'BTC').forEach((e) => (e.halted = true)),
  },
  // ---- fourth set: the other protocol's node down, slow, lying, halted or off changes nothing ----
  'honest-node-maya-down': {
    attack: 'node-down',
    scenario: 'btc-memo',
    node: (_, n) => (n === 'mayachain' ? 'down' : undefined),
  },
  'honest-node-thor-down-fork': {
    attack: 'node-down',
    scenario: 'c-memo',
    node: (_, n) => (n === 'thorchain' ? 'down' : undefined),
  },
  'honest-node-maya-down-gaia': {
    attack: 'node-down',
    scenario: 'gaia-send',
    node: (_, n) => (n === 'mayachain' ? 'down' : undefined),
  },
  'honest-node-maya-slow': {
    attack: 'node-slow',
    scenario: 'eth-router',
    node: (_, n) => (n === 'mayachain' ? 'late' : undefined),
  },
  'honest-node-maya-lying': {
    attack: 'node-lying',
    scenario: 'erc20-router',
    node: (list, n) => void (n === 'mayachain' && list.forEach((e) => (e.halted = null))),
  },
  'honest-node-maya-halted': {
    attack: 'node-halted',
    scenario: 'btc-memo',
    node: (list, n) => void (n === 'mayachain' && list.forEach((e) => (e.halted = true))),
  },
  'honest-node-maya-off': { attack: 'node-off', scenario: 'gaia-send', nodesOff: ['mayachain'] },
  'honest-name-unknown-router': {
    attack: 'provider-name',
    scenario: 'eth-router',
    quote: (r) => rename(r, 'SOME_NEW_BRIDGE'),
    providersAs: 'SOME_NEW_BRIDGE',
  },
  // ---- fourth set (issue 30) ----
  // Protocol C's memo naming the bought token in full, as the service writes it and in upper case (`0XAF88…`).
  'honest-memo-fork-token-in-full': { attack: 'memo-asset', scenario: 'c-router-token' },
  'honest-memo-fork-token-in-full-upper-case': {
    attack: 'memo-asset',
    scenario: 'c-router-token',
    quote: (r) => editMemo(r, 1, (a) => a.toUpperCase()),
  },
  // One character of the contract tells it from the table's USDC.e (…5CC8).
  'honest-memo-abbrev-look-alike-told-apart': {
    attack: 'memo-abbreviation',
    scenario: 'c-router-token',
    quote: (r) => editMemo(r, 1, () => 'ARB.USDC-1'),
  },
  // Exactly the 80 bytes a Bitcoin OP_RETURN carries.
  'honest-memo-length-80-bytes': { attack: 'memo-length', scenario: 'btc-memo', quote: (r) => padMemo(r, 80) },
  // A memo route counts its limit in 1e8 units and the trusted decimals: a list lying about the
  // bought token's decimals decides nothing (issue 30).
  'honest-decimals-memo-buy-list-lies': {
    attack: 'decimals',
    scenario: 'btc-memo-usdc',
    tokens: (t) => setDecimals(t, USDC, 8),
  },
  'honest-vault-native': { attack: 'vault-call', scenario: 'vault-native', expect: { value: 10n ** 18n } },
  'honest-vault-token': { attack: 'vault-call', scenario: 'vault-token' },
  // The route's own destination field left out: the call names the destination, which is what binds.
  'honest-vault-destination-field-removed': {
    attack: 'vault-call',
    scenario: 'vault-native',
    quote: (r) => delete r.destinationAddress,
  },
  'honest-vault-min-price-at-least': {
    attack: 'vault-call',
    scenario: 'vault-native',
    quote: (r) => setMinPrice(r, leastMinPrice(r, 10n ** 18n)),
  },
  'honest-unoswap-eth-to': { attack: 'unoswap', scenario: 'eth-unoswap', expect: { value: 10n ** 18n } },
  'honest-unoswap-token-unwrapped': { attack: 'unoswap', scenario: 'erc20-unoswap' },
  'honest-unoswap-min-above': {
    attack: 'unoswap',
    scenario: 'eth-unoswap',
    quote: (r) => unoswapWords(r, (w) => (w[1] = w[1]! + 1n)),
  },
};

/** Every case and twin by name, for the proxy. */
export const TAMPERINGS: Readonly<Record<string, Tampering>> = { ...HOSTILE_CASES, ...HONEST_TWINS };

/** A selector check the suite makes of its own table (the selectors are the standards'). */
export function forbiddenCallSelectors(): string[] {
  return FORBIDDEN_CALLS.map(([, signature]) => toFunctionSelector(`function ${signature}`));
}

export { toE8 as hostileToE8 };

// ---- issue 30 (appended): list decimals that are no plain whole number, and route kinds the widget names ----

/** Lists `asset` with `decimals` written as the list writes them (`"6.0"`, `6.5`): no plain whole number. */
function setListedDecimals(tokens: Json[], asset: string, decimals: unknown): void {
  for (const t of tokens) if (String(t.asset).toUpperCase() === asset.toUpperCase()) t.decimals = decimals;
}

/** Item 6c and 7: a sell token whose decimals come from no trusted source, whatever the list says of it. */
const DECIMALS_30: Record<string, HostileCase> = {
  // Missing from the list, in no table, no host `decimals`, no read: nothing can count it.
  'decimals-sell-unlisted-untrusted': {
    attack: 'decimals',
    scenario: 'link-sell',
    refusal: 'token-decimals-untrusted',
    hostDecimals: {},
    tokens: (t) => dropToken(t, LINK),
  },
  // Listed with decimals "6.0" (a string): unreadable, so it counts nothing either.
  'decimals-sell-listed-string': {
    attack: 'decimals',
    scenario: 'link-sell',
    refusal: 'token-decimals-untrusted',
    hostDecimals: {},
    tokens: (t) => setListedDecimals(t, LINK, '18.0'),
  },
  // Listed with 18.5 decimals (a JSON number that is no whole number).
  'decimals-sell-listed-fraction': {
    attack: 'decimals',
    scenario: 'link-sell',
    refusal: 'token-decimals-untrusted',
    hostDecimals: {},
    tokens: (t) => setListedDecimals(t, LINK, 18.5),
  },
};

/** Item 7 (honest refusals): kinds the spec names that the widget does not carry out, refused by name. */
const KINDS_30: Record<string, HostileCase> = {
  'kind-channel-then-aggregator': {
    ...q('provider-name', 'channel', 'channel-second-swap-unsupported', (r) => rename(r, 'PROTOCOL_B->AGGREGATOR_A')),
    providersAs: 'PROTOCOL_B->AGGREGATOR_A',
  },
  'kind-chainflip-then-oneinch': {
    ...q('provider-name', 'channel', 'channel-second-swap-unsupported', (r) => renameLegs(r, ['CHAINFLIP', 'ONEINCH'])),
    providersAs: 'CHAINFLIP->ONEINCH',
  },
  'kind-atomic-swap': {
    ...q('provider-name', 'channel', 'atomic-swap-unsupported', (r) => rename(r, 'PROTOCOL_D')),
    providersAs: 'PROTOCOL_D',
  },
};

/** Their honest twins: the same list quirks on a token the widget's table counts. */
const TWINS_30: Record<string, HonestTwin> = {
  'honest-decimals-sell-listed-string-table': {
    attack: 'decimals',
    scenario: 'erc20-aggregator',
    tokens: (t) => setListedDecimals(t, USDC, '6.0'),
  },
  // 6.5 was read as the list's decimals and disagreed with the table's 6: now unreadable, it decides nothing.
  'honest-decimals-sell-listed-fraction-table': {
    attack: 'decimals',
    scenario: 'erc20-aggregator',
    tokens: (t) => setListedDecimals(t, USDC, 6.5),
  },
};

Object.assign(HOSTILE_CASES as Record<string, HostileCase>, DECIMALS_30, KINDS_30);
Object.assign(HONEST_TWINS as Record<string, HonestTwin>, TWINS_30);
Object.assign(TAMPERINGS as Record<string, Tampering>, DECIMALS_30, KINDS_30, TWINS_30);
