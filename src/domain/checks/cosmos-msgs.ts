/**
 * Checks of a route's message-form transaction (`{ msgs: [{type, value}], fee, memo }`, amino
 * JSON) on THORChain, Maya, the Cosmos Hub and Kujira, before a Keplr-compatible wallet is
 * asked to sign it.
 *
 * Two honest shapes, exactly one message each:
 * - deposit, on a protocol's own chain (RUNE on THOR, CACAO on MAYA): `thorchain/MsgDeposit`,
 *   `mayachain/MsgDeposit` or `/types.MsgDeposit`, `value = { coins: [{ asset, amount,
 *   decimals? }], memo, signer }`, no recipient (the memo carries the intent), `fee.amount`
 *   empty (the native fee is taken by the chain). Sources: thornode `x/thorchain/types/codec.go`
 *   (amino names), `proto/thorchain/v1/types/msg_deposit.proto`, `proto/thorchain/v1/common/
 *   common.proto` (`Coin { asset, amount, decimals }`); xchainjs and SwapKit build the same JSON.
 * - send to the route's inbound address, elsewhere: `cosmos-sdk/MsgSend` or
 *   `/cosmos.bank.v1beta1.MsgSend` on GAIA and KUJI; `thorchain/MsgSend` or `/types.MsgSend`
 *   on THOR (RUNE sold through Maya goes to Maya's THORChain vault; thornode `codec.go`);
 *   `value = { from_address, to_address, amount: [{ denom, amount }] }`, the memo at the top.
 *
 * Amounts are base units of the chain's native coin (RUNE 1e8; CACAO 1e10, xchainjs
 * `xchain-mayachain` `CACAO_DECIMAL`; ATOM and KUJI 1e6).
 *
 * Every object handed out is read in full: each key of a message, its value, each coin and the
 * fee is on an allowlist (`KEYS`), a deposit coin's `decimals` (when present) is the chain's own
 * (RUNE 8, CACAO 10), the gas fits the protobuf `uint64` it is written as; anything else is
 * `cosmos-shape` naming the field. Plain TypeScript, no DOM.
 */
import { bech32 } from '@scure/base';
import { chainInfo } from '../chains/chains.js';
import { U64_MAX, aminoType } from '../chains/cosmos-tx.js';

export type CosmosRefusalCode =
  /**
   * Not the message form (`field` names what is wrong): `msgs`, `fee` or `memo` missing or of
   * the wrong type, a key not on the allowlist of its object, a deposit coin's `decimals` that
   * is not the chain's, a gas that does not fit 64 bits.
   */
  | 'cosmos-shape'
  /** The sell chain is not THOR, MAYA, GAIA or KUJI, or the sell asset is not its native coin (`chain`). */
  | 'cosmos-chain'
  /** Not exactly one message (`count`). */
  | 'cosmos-message-count'
  /** A message type not allowed for this chain and route (`type`). */
  | 'cosmos-message-type'
  /** The message is not signed by the source address, or the address has another prefix. */
  | 'cosmos-signer'
  /** The coin moved is not the sell asset (`asset`). */
  | 'cosmos-asset'
  /** The amount moved is not the sell amount (`expected`, `actual`). */
  | 'cosmos-amount'
  /** A send to an address other than the route's inbound address. */
  | 'cosmos-recipient'
  /** A send on a chain that needs an inbound address, and the route has none. */
  | 'cosmos-inbound-missing'
  /** A memo, at the top or in the message, that is not the checked memo. */
  | 'cosmos-memo'
  /** A fee in another denomination, over the cap (`cap`), or any fee on THOR and MAYA. */
  | 'cosmos-fee';

export interface CosmosRefusal {
  readonly code: CosmosRefusalCode;
  readonly params?: Record<string, string | number>;
}

export interface CosmosExpectation {
  /** THOR, MAYA, GAIA or KUJI. */
  readonly sellChain: string;
  readonly sourceAddress: string;
  /** `THOR.RUNE`, `MAYA.CACAO`, `GAIA.ATOM` or `KUJI.KUJI`. */
  readonly sellAsset: string;
  /** Base units of the chain's native coin. */
  readonly sellAmount: bigint;
  /** The route's inbound address: given, a send to it is expected; absent, a deposit (THOR, MAYA only). */
  readonly inboundAddress?: string;
  /** The memo that passed the memo checks. */
  readonly checkedMemo: string;
}

export interface CosmosFacts {
  readonly ok: true;
  readonly kind: 'deposit' | 'send';
  readonly chain: string;
  readonly type: string;
  readonly signer: string;
  readonly amount: bigint;
  /** Deposit: the coin's asset (`THOR.RUNE`); send: the denomination (`uatom`). */
  readonly coin: string;
  readonly memo: string;
  readonly fee: { readonly denom?: string; readonly amount: bigint; readonly gas: string };
}

export type CosmosCheck = CosmosFacts | { readonly ok: false; readonly refusal: CosmosRefusal };

interface ChainRule {
  /** The chain id a wallet signs for (THORNode's multisig guide; SwapKit's chain enumeration). */
  readonly chainId: string;
  readonly prefix: string;
  readonly asset: string;
  readonly denom: string;
  readonly deposit?: readonly string[];
  readonly send: readonly string[];
  /** Fee denomination and cap; none: the fee amount must be empty. */
  readonly fee?: { readonly denom: string; readonly cap: bigint };
}

/**
 * Per chain: chain id, bech32 prefix (thornode and xchainjs `getPrefix`), native asset and denomination,
 * the message types allowed, and the fee rule. Fee caps: 0.1 ATOM and 0.1 KUJI, twenty times
 * and more what a send costs at the chains' usual gas prices.
 */
export const COSMOS_CHAINS: Readonly<Record<string, ChainRule>> = {
  THOR: {
    chainId: 'thorchain-1',
    prefix: 'thor',
    asset: 'THOR.RUNE',
    denom: 'rune',
    deposit: ['thorchain/MsgDeposit', '/types.MsgDeposit'],
    send: ['thorchain/MsgSend', '/types.MsgSend'],
  },
  MAYA: {
    chainId: 'mayachain-mainnet-v1',
    prefix: 'maya',
    asset: 'MAYA.CACAO',
    denom: 'cacao',
    deposit: ['mayachain/MsgDeposit', '/types.MsgDeposit'],
    send: [],
  },
  GAIA: {
    chainId: 'cosmoshub-4',
    prefix: 'cosmos',
    asset: 'GAIA.ATOM',
    denom: 'uatom',
    send: ['cosmos-sdk/MsgSend', '/cosmos.bank.v1beta1.MsgSend'],
    fee: { denom: 'uatom', cap: 100_000n },
  },
  KUJI: {
    chainId: 'kaiyo-1',
    prefix: 'kujira',
    asset: 'KUJI.KUJI',
    denom: 'ukuji',
    send: ['cosmos-sdk/MsgSend', '/cosmos.bank.v1beta1.MsgSend'],
    fee: { denom: 'ukuji', cap: 100_000n },
  },
};

class Refused extends Error {
  constructor(readonly refusal: CosmosRefusal) {
    super(refusal.code);
  }
}
const refuse = (code: CosmosRefusalCode, params?: Record<string, string | number>): never => {
  throw new Refused(params ? { code, params } : { code });
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keys whose value is neither undefined nor null (a parsed route writes absent optional fields as undefined). */
const presentKeys = (o: Json) => Object.keys(o).filter((k) => o[k] !== undefined && o[k] !== null);
const UNITS = /^(0|[1-9]\d*)$/;

/**
 * The keys each object may have (absent, undefined and null read as absent): a message
 * (`typeUrl` is the proto name the schema reads as `type`), a send's and a deposit's value,
 * a bank coin (a send's amount, the fee's), a deposit coin (THORNode `common.Coin`), the fee
 * (cosmjs `StdFee`, without a payer or granter: nobody else pays or is charged).
 */
const KEYS = {
  msg: ['type', 'typeUrl', 'value'],
  send: ['from_address', 'to_address', 'amount'],
  deposit: ['coins', 'memo', 'signer'],
  coin: ['denom', 'amount'],
  depositCoin: ['asset', 'amount', 'decimals'],
  fee: ['amount', 'gas'],
} as const;

/** Refuses an object with a key outside `allowed`, naming it (`value.funds`). */
function onlyKeys(o: Json, allowed: readonly string[], at: string): void {
  const extra = presentKeys(o).find((k) => !allowed.includes(k));
  if (extra !== undefined) refuse('cosmos-shape', { field: `${at}.${extra}` });
}

/** A bech32 address of `prefix`, lower case; undefined when it is not one. */
function bech32Address(value: unknown, prefix: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const lower = value.toLowerCase();
    if (value !== lower && value !== value.toUpperCase()) return undefined;
    return bech32.decode(lower as `${string}1${string}`).prefix === prefix ? lower : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The single coin of a coin list, every key read: a bank coin `{ denom, amount }`, or a deposit
 * coin `{ asset, amount, decimals? }` whose decimals, when present, are the chain's own
 * (`decimals`); refused otherwise.
 */
function singleCoin(list: unknown, key: 'asset' | 'denom', decimals?: number): { name: string; amount: bigint } {
  const at = key === 'asset' ? 'coins' : 'amount';
  if (!Array.isArray(list)) return refuse('cosmos-shape', { field: at });
  if (list.length !== 1) refuse('cosmos-asset', { coins: list.length });
  const coin: unknown = list[0];
  if (!isObject(coin) || typeof coin[key] !== 'string' || typeof coin.amount !== 'string')
    return refuse('cosmos-shape', { field: key });
  onlyKeys(coin, key === 'asset' ? KEYS.depositCoin : KEYS.coin, at);
  if (key === 'asset' && coin.decimals !== undefined && coin.decimals !== null && coin.decimals !== decimals)
    refuse('cosmos-shape', { field: 'coins.decimals' });
  if (!UNITS.test(coin.amount)) return refuse('cosmos-amount', { actual: coin.amount });
  return { name: coin[key], amount: BigInt(coin.amount) };
}

/** Checks a message-form transaction; see the module comment for the rules. */
export function checkCosmosTx(tx: unknown, expect: CosmosExpectation): CosmosCheck {
  try {
    return check(tx, expect);
  } catch (e) {
    if (e instanceof Refused) return { ok: false, refusal: e.refusal };
    throw e;
  }
}

function check(tx: unknown, expect: CosmosExpectation): CosmosFacts {
  const chain = expect.sellChain.toUpperCase();
  const rule = COSMOS_CHAINS[chain];
  if (!rule || expect.sellAsset.toUpperCase() !== rule.asset) return refuse('cosmos-chain', { chain });
  const source = bech32Address(expect.sourceAddress, rule.prefix);
  if (!source) return refuse('cosmos-signer');

  if (!isObject(tx) || !Array.isArray(tx.msgs) || !isObject(tx.fee)) return refuse('cosmos-shape');
  const fee = tx.fee;
  if (!Array.isArray(fee.amount) || typeof fee.gas !== 'string' || !UNITS.test(fee.gas))
    return refuse('cosmos-shape', { field: 'fee' });
  onlyKeys(fee, KEYS.fee, 'fee');
  if (BigInt(fee.gas) > U64_MAX) refuse('cosmos-shape', { field: 'fee.gas' });
  if (tx.msgs.length !== 1) refuse('cosmos-message-count', { count: tx.msgs.length });
  const msg: unknown = tx.msgs[0];
  if (!isObject(msg) || typeof msg.type !== 'string' || !isObject(msg.value))
    return refuse('cosmos-shape', { field: 'msgs' });
  onlyKeys(msg, KEYS.msg, 'msgs');
  const { type, value } = msg;
  // A proto name beside the amino one says the same message, or the two could be read differently.
  if (
    msg.typeUrl !== undefined &&
    msg.typeUrl !== null &&
    (typeof msg.typeUrl !== 'string' || aminoType(msg.typeUrl, chain) !== aminoType(type, chain))
  ) {
    refuse('cosmos-shape', { field: 'msgs.typeUrl' });
  }

  const send = expect.inboundAddress !== undefined;
  const allowed = send ? rule.send : (rule.deposit ?? []);
  if (!send && !rule.deposit) refuse('cosmos-inbound-missing');
  if (!allowed.includes(type)) refuse('cosmos-message-type', { type });

  if (tx.memo !== expect.checkedMemo) refuse('cosmos-memo');
  let coin: { name: string; amount: bigint };
  if (send) {
    onlyKeys(value, KEYS.send, 'value');
    if (bech32Address(value.from_address, rule.prefix) !== source) refuse('cosmos-signer');
    const inbound = bech32Address(expect.inboundAddress, rule.prefix);
    if (!inbound || bech32Address(value.to_address, rule.prefix) !== inbound) refuse('cosmos-recipient');
    coin = singleCoin(value.amount, 'denom');
    if (coin.name !== rule.denom) refuse('cosmos-asset', { asset: coin.name });
  } else {
    onlyKeys(value, KEYS.deposit, 'value');
    if (bech32Address(value.signer, rule.prefix) !== source) refuse('cosmos-signer');
    if (value.memo !== expect.checkedMemo) refuse('cosmos-memo');
    coin = singleCoin(value.coins, 'asset', chainInfo(chain)?.nativeDecimals);
    if (coin.name.toUpperCase() !== rule.asset) refuse('cosmos-asset', { asset: coin.name });
  }
  if (coin.amount !== expect.sellAmount)
    refuse('cosmos-amount', { expected: String(expect.sellAmount), actual: String(coin.amount) });

  let feeFacts: CosmosFacts['fee'];
  if (!rule.fee) {
    if (fee.amount.length !== 0) refuse('cosmos-fee');
    feeFacts = { amount: 0n, gas: fee.gas };
  } else {
    const paid = fee.amount.length === 0 ? { name: rule.fee.denom, amount: 0n } : singleCoinOrFee(fee.amount);
    if (paid.name !== rule.fee.denom || paid.amount > rule.fee.cap) refuse('cosmos-fee', { cap: String(rule.fee.cap) });
    feeFacts = { denom: paid.name, amount: paid.amount, gas: fee.gas };
  }

  return {
    ok: true,
    kind: send ? 'send' : 'deposit',
    chain,
    type,
    signer: source,
    amount: coin.amount,
    coin: coin.name,
    memo: expect.checkedMemo,
    fee: feeFacts,
  };
}

function singleCoinOrFee(list: unknown[]): { name: string; amount: bigint } {
  if (list.length !== 1) return refuse('cosmos-fee');
  const c: unknown = list[0];
  if (!isObject(c) || typeof c.denom !== 'string' || typeof c.amount !== 'string' || !UNITS.test(c.amount))
    return refuse('cosmos-fee');
  onlyKeys(c, KEYS.coin, 'fee.amount');
  return { name: c.denom, amount: BigInt(c.amount) };
}
