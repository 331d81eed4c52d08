/**
 * Swap memos as the service writes (and, for its own tests, reads) them, from the spec's
 * memo shape and the protocols' published grammar, never from the widget's
 * `src/domain/chains/memo.ts`: the widget checks these memos, so writing them with its code would
 * let a mistake in both pass.
 *
 * The spec: `=:<buy_asset>:<destination_address>:<min_amount>:<affiliate>:<fee_bps>`.
 * Protocol A (the THORNode repository's memos concept page, `x/thorchain/memo/memo_swap.go`):
 *
 *   SWAP:ASSET:DESTADDR[/REFUNDADDR]:LIM[/INTERVAL[/QUANTITY]]:AFFILIATE[/AFF2…]:FEE[/FEE2…]
 *
 * - the function `SWAP`, `s` or `=` in any case; `=<` is a limit order, not a swap;
 * - optional fields stay empty (`FUNCTION:P1:::P4`) and trailing ones may be left off;
 *   an empty destination swaps to the sender;
 * - LIM in 1e8 units of the bought asset whatever its decimals, also `<digits>e<digits>`;
 *   empty parts of LIM/INTERVAL/QUANTITY read as 0;
 * - up to 5 affiliates; one fee for all of them or one fee each;
 * - positions 6 to 8 are a DEX aggregator's address, final token and minimum out.
 * Protocol C (Maya, a fork of A) reads the same grammar with its own short asset codes.
 */

export type MemoProtocol = 'PROTOCOL_A' | 'PROTOCOL_C';

/**
 * Short asset codes, as each protocol's node looks them up (exactly, case-sensitive):
 * protocol A's `common/asset.go` `ShortCode()` (THORNode develop, 2025-07); protocol C's
 * `ShortCode()` and `TwoLetterShortCodeV120()` (mayanode `common/asset.go`). The same
 * letter names different assets on the two protocols (`a`, `c`, `d`, `x`).
 */
const SHORT_CODE_LINES: Readonly<Record<MemoProtocol, string>> = {
  PROTOCOL_A:
    'r=THOR.RUNE b=BTC.BTC e=ETH.ETH g=GAIA.ATOM d=DOGE.DOGE l=LTC.LTC c=BCH.BCH a=AVAX.AVAX s=BSC.BNB f=BASE.ETH tr=TRON.TRX x=XRP.XRP',
  PROTOCOL_C: [
    'a=ARB.ETH b=BTC.BTC c=MAYA.CACAO d=DASH.DASH e=ETH.ETH k=KUJI.KUJI r=THOR.RUNE x=XRD.XRD z=ZEC.ZEC',
    'ae=ARB.ETH at=ARB.USDT-0XFD086BC7CD5C481DCC9C85EBE478A1C0B69FCBB9 ac=ARB.USDC-0XAF88D065E77C8CC2239327C5EDB3A432268E5831',
    'ad=ARB.DAI-0XDA10009CBD5D07DD0CECC66161FC93D7C9000DA1 ap=ARB.PEPE-0X25D887CE7A35172C62FEBFD67A1856F20FAEBB00',
    'aw=ARB.WSTETH-0X5979D7B546E38E414F7E9822514BE443A4800529 ab=ARB.WBTC-0X2F2A2543B76A4166549F7AAB2E75BEF0AEFC5B0F',
    'bb=BTC.BTC dd=DASH.DASH et=ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7 ec=ETH.USDC-0XA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48',
    'ep=ETH.PEPE-0X6982508145454CE325DDBE47A25D4EC3D2311933 ew=ETH.WSTETH-0X7F39C581F595B53C5CB19BD0B3F8DA6C935E2CA0',
    'ku=KUJI.USK mc=MAYA.CACAO tr=THOR.RUNE xx=XRD.XRD ee=ETH.ETH kk=KUJI.KUJI zz=ZEC.ZEC',
  ].join(' '),
};

/** protocol -> code -> asset. */
export const SHORT_CODES: Readonly<Record<MemoProtocol, ReadonlyMap<string, string>>> = {
  PROTOCOL_A: codeTable(SHORT_CODE_LINES.PROTOCOL_A),
  PROTOCOL_C: codeTable(SHORT_CODE_LINES.PROTOCOL_C),
};

function codeTable(line: string): ReadonlyMap<string, string> {
  return new Map(line.split(' ').map((pair) => pair.split('=') as [string, string]));
}

/** The shortest code `protocol` reads as `asset` (same asset ignoring case), if it has one. */
export function shortCodeFor(protocol: MemoProtocol, asset: string): string | undefined {
  let best: string | undefined;
  for (const [code, long] of SHORT_CODES[protocol]) {
    if (long.toUpperCase() === asset.toUpperCase() && (best === undefined || code.length < best.length)) best = code;
  }
  return best;
}

/** A token's contract cut to its last `keep` characters, upper case (`ETH.USDT-31EC7`); natives as they are. */
export function abbreviatedToken(asset: string, keep = 5): string {
  const m = /^([^-]+)-(.+)$/.exec(asset);
  return m ? `${m[1]}-${m[2]!.slice(-keep)}`.toUpperCase() : asset;
}

/** Ways to write `asset` in a memo, longest first: as given, the contract cut short, the short code. */
export function memoAssetForms(protocol: MemoProtocol, asset: string): string[] {
  const forms = [asset, abbreviatedToken(asset)];
  const code = shortCodeFor(protocol, asset);
  if (code) forms.push(code);
  return [...new Set(forms)];
}

/**
 * A decimal amount of the bought asset in the 1e8 units memo limits count, cut toward zero
 * (`0.0002867902` -> 28679).
 */
export function limitE8(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) throw new RangeError(`not a decimal amount: ${amount}`);
  const fraction = (m[2] ?? '').padEnd(8, '0').slice(0, 8);
  return BigInt(m[1]!) * 100_000_000n + BigInt(fraction);
}

/** Length of a memo as chains count it. */
export function memoByteLength(memo: string): number {
  return Buffer.byteLength(memo, 'utf8');
}

export interface SwapIntent {
  /** The bought asset, in whichever memo form was chosen. */
  readonly asset: string;
  readonly destination: string;
  readonly limitE8: bigint;
  readonly streaming?: { readonly interval: number; readonly quantity: number };
  readonly affiliate?: { readonly name: string; readonly bps: number };
}

/** `=:ASSET:DEST:LIM[/INTERVAL/QUANTITY][:AFFILIATE:BPS]`: trailing empty fields left off. */
export function writeSwapMemo(intent: SwapIntent): string {
  const lim = intent.streaming
    ? [intent.limitE8, intent.streaming.interval, intent.streaming.quantity].join('/')
    : String(intent.limitE8);
  const fields = [
    '=',
    intent.asset,
    intent.destination,
    lim,
    intent.affiliate?.name ?? '',
    intent.affiliate ? String(intent.affiliate.bps) : '',
  ];
  while (fields[fields.length - 1] === '') fields.pop();
  return fields.join(':');
}

/** What a protocol reads in a swap memo. */
export interface ReadSwap {
  /** The asset with short codes expanded; otherwise as written. */
  readonly asset: string;
  /** '' means the sender. */
  readonly destination: string;
  readonly refund?: string;
  readonly limitE8: bigint;
  readonly interval: number;
  readonly quantity: number;
  /** Whether the memo gives streaming parameters at all. */
  readonly streaming: boolean;
  readonly affiliates: readonly string[];
  /** Fees as written: one for all affiliates, or one each. */
  readonly feesBps: readonly number[];
  /** Positions 6 to 8 (DEX aggregator), when present. */
  readonly aggregator: readonly string[];
}

export type MemoReading = { readonly swap: ReadSwap } | { readonly refused: string };

const SWAP_WORDS = ['swap', 's', '='];
const MAX_AFFILIATES = 5;

function amountE8(text: string): bigint | undefined {
  if (text === '') return 0n;
  const m = /^(\d+)(?:e(\d+))?$/i.exec(text);
  return m ? BigInt(m[1]!) * 10n ** BigInt(m[2] ?? 0) : undefined;
}

const refused = (why: string): MemoReading => ({ refused: why });

/** Reads a swap memo by `protocol`'s grammar (the service's own reading, for its tests). */
export function readSwapMemo(protocol: MemoProtocol, memo: string): MemoReading {
  const [fn = '', asset = '', dest = '', lim = '', aff = '', fee = '', ...aggregator] = memo.split(':');
  if (!SWAP_WORDS.includes(fn.toLowerCase())) return refused('not a swap');
  if (asset === '') return refused('no asset');
  if (aggregator.length > 3) return refused('too many fields');

  const [destination = '', refund, ...moreAddresses] = dest.split('/');
  if (moreAddresses.length) return refused('more than a destination and a refund address');
  if (refund !== undefined && destination === '') return refused('a refund address without a destination');

  const [limText = '', ...streamParts] = lim.split('/');
  if (streamParts.length > 2) return refused('LIM/INTERVAL/QUANTITY has more parts');
  const limE8 = amountE8(limText);
  if (limE8 === undefined) return refused('unreadable limit');
  if (!streamParts.every((p) => /^\d*$/.test(p))) return refused('unreadable streaming parameters');
  const [interval = 0, quantity = 0] = streamParts.map(Number);

  const affiliates = aff === '' ? [] : aff.split('/');
  const fees = fee === '' ? [] : fee.split('/');
  if (affiliates.includes('')) return refused('an empty affiliate');
  if (affiliates.length > MAX_AFFILIATES) return refused('more than 5 affiliates');
  if (!fees.every((f) => /^\d+$/.test(f))) return refused('unreadable fee');
  if (fees.length && !affiliates.length) return refused('a fee without an affiliate');
  if (fees.length > 1 && fees.length !== affiliates.length) return refused('fees and affiliates do not pair up');

  return {
    swap: {
      asset: SHORT_CODES[protocol].get(asset) ?? asset,
      destination,
      ...(refund !== undefined ? { refund } : {}),
      limitE8: limE8,
      interval,
      quantity,
      streaming: streamParts.length > 0,
      affiliates,
      feesBps: fees.map(Number),
      aggregator,
    },
  };
}
