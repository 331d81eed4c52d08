/**
 * Tamperings of whole answers, for the tamper proxy (test/support/tamper.ts): a `POST
 * /v1/track` answer (either spec shape) made to describe another swap, or to report money
 * that is not the user's, and a quote answer of thousands of routes. Each hostile kind has
 * honest twins: answers that look altered but still describe the same swap (another spelling
 * of the same hash, chain or asset; a partial refund in an asset of the route), which the
 * widget must still apply. The red team's cases (issue 26) are among them.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, edited by path
export type Json = Record<string, any>;

export interface AnswerTamper {
  /** The answers it alters (a path prefix). */
  readonly path: '/v1/track' | '/v1/quote';
  /** Alters the answer in place. */
  alter(answer: Json): void;
}

/** Another swap's quote id, hash and assets (the red team's). */
export const OTHER = {
  quoteId: '7d3f6f2e-0b1c-4a5e-9d8f-2a6b4c1e9f00',
  hash: `0x${'ab'.repeat(32)}`,
  asset: 'DOGE.DOGE',
  buyAsset: 'ETH.USDT-0xdAC17F958D2ee523a2206206994597C13D831ec7',
  amount: '123456',
} as const;

/** The parts of a track answer, in either shape of the spec, or the real service's record (`{hash, chainId, meta: {quoteId}}`). */
const wrapped = (a: Json): boolean => typeof a.success === 'boolean' && typeof a.data === 'object' && a.data !== null;
const record = (a: Json): boolean => typeof a.hash === 'string' && typeof a.status === 'string';
const infoOf = (a: Json): Json | undefined =>
  (wrapped(a) ? a.data.quoteInfo : record(a) ? a.meta : a.quoteInfo) ?? undefined;
const paramsOf = (a: Json): Json | undefined => (record(a) ? a : infoOf(a)?.trackParams) ?? undefined;
const routeOf = (a: Json): Json | undefined => (wrapped(a) ? a.data.route : a.route) ?? undefined;

/** Every place a track answer writes the chain it tracks: `trackParams.chain` and/or `.chainId` (a record's `chainId`). */
function setChain(a: Json, to: (chain: string) => string): void {
  const p = paramsOf(a);
  if (!p) return;
  for (const k of ['chain', 'chainId']) if (typeof p[k] === 'string') p[k] = to(p[k]);
}

/** The route's sold or bought asset (a record's `fromAsset` / `toAsset`). */
function setAsset(a: Json, side: 'sell' | 'buy', asset: string): void {
  if (record(a)) a[side === 'sell' ? 'fromAsset' : 'toAsset'] = asset;
  else if (routeOf(a)) routeOf(a)![side === 'sell' ? 'sellAsset' : 'buyAsset'] = asset;
}

/** The refund an answer reports, wherever it writes it (flat `trackMeta`; wrapped `data.refund`, else `data.outbound` on a refund). */
function setRefund(a: Json, asset: string, amount?: string): void {
  if (wrapped(a)) {
    const status = String(a.trackingStatus);
    const leg = a.data.refund ?? (status === 'refunded' || status === 'refunding' ? a.data.outbound : undefined);
    if (leg) {
      leg.asset = asset;
      if (amount) leg.amount = amount;
    }
  } else if (a.trackMeta?.refundAsset) {
    a.trackMeta.refundAsset = asset;
    if (amount) a.trackMeta.refundAmount = amount;
  }
}

/** The hostile kinds: each contradicts the swap in one thing (`field`: what the widget must name), the first a whole other swap. */
export const TRACK_TAMPERS: Record<string, AnswerTamper & { readonly field: string }> = {
  // The red team's: `completed`, with the quote id, route index, hash and route assets of another swap.
  'track-another-swap': {
    path: '/v1/track',
    field: 'hash',
    alter: (a) => {
      a.trackingStatus = 'completed';
      const info = infoOf(a);
      if (info)
        Object.assign(info, {
          quoteId: OTHER.quoteId,
          routeIndex: 7,
          trackParams: { ...info.trackParams, hash: OTHER.hash },
        });
      const r = routeOf(a);
      if (r) Object.assign(r, { sellAsset: OTHER.asset, buyAsset: OTHER.buyAsset, actualBuyAmount: OTHER.amount });
    },
  },
  'track-hash': {
    path: '/v1/track',
    field: 'hash',
    alter: (a) => void (paramsOf(a) && (paramsOf(a)!.hash = OTHER.hash)),
  },
  // Another chain: BSC for an ETH sell, ETH for a BTC sell (Litecoin for a real record's Bitcoin).
  'track-chain': {
    path: '/v1/track',
    field: 'chain',
    alter: (a) => setChain(a, (c) => ({ ETH: 'BSC', '1': '56', BTC: 'ETH', bitcoin: 'litecoin' })[c] ?? 'ETH'),
  },
  // A chain the widget cannot read is not the swap's.
  'track-chain-unknown': { path: '/v1/track', field: 'chain', alter: (a) => setChain(a, () => 'ethereum-mainnet') },
  'track-quote': {
    path: '/v1/track',
    field: 'quote',
    alter: (a) => void (infoOf(a) && (infoOf(a)!.quoteId = OTHER.quoteId)),
  },
  // The next route of the same quote (the boundary: one off).
  'track-route-index': {
    path: '/v1/track',
    field: 'route-index',
    alter: (a) => void (infoOf(a) && (infoOf(a)!.routeIndex = Number(infoOf(a)!.routeIndex) + 1)),
  },
  'track-sell-asset': { path: '/v1/track', field: 'sell-asset', alter: (a) => setAsset(a, 'sell', OTHER.asset) },
  'track-buy-asset': { path: '/v1/track', field: 'buy-asset', alter: (a) => setAsset(a, 'buy', OTHER.buyAsset) },
  // The payout (wrapped `data.outbound`) in another asset than the one bought.
  'track-payout-asset': {
    path: '/v1/track',
    field: 'payout-asset',
    alter: (a) => {
      if (wrapped(a) && a.data.outbound && a.trackingStatus !== 'refunded' && a.trackingStatus !== 'refunding')
        Object.assign(a.data.outbound, { asset: OTHER.asset, amount: OTHER.amount });
    },
  },
  // The red team's: a refund in DOGE for a BTC sell (on a partial refund too: DOGE is no asset of the route).
  'track-refund-asset': {
    path: '/v1/track',
    field: 'refund-asset',
    alter: (a) => setRefund(a, OTHER.asset, OTHER.amount),
  },
  // A full refund in the bought asset: only a partial refund may come back in another asset of the route.
  'track-refund-bought-asset': {
    path: '/v1/track',
    field: 'refund-asset',
    alter: (a) => {
      const r = routeOf(a);
      if (r?.buyAsset) setRefund(a, r.buyAsset);
    },
  },
};

/** Honest twins: the same swap, spelled otherwise. The widget must apply them. */
export const TRACK_TWINS: Record<string, AnswerTamper> = {
  // An EVM hash in upper case without its 0x.
  'track-hash-spelling': {
    path: '/v1/track',
    alter: (a) => {
      const p = paramsOf(a);
      if (p?.hash) p.hash = String(p.hash).replace(/^0x/i, '').toUpperCase();
    },
  },
  // The chain as the real service writes it: an EIP-155 number, or its own id (`bitcoin`).
  'track-chain-service-id': {
    path: '/v1/track',
    alter: (a) => setChain(a, (c) => ({ ETH: '1', BTC: 'bitcoin', ARB: '0xa4b1' })[c] ?? c),
  },
  // The route's token contract in upper case (the spec writes it both ways).
  'track-asset-case': {
    path: '/v1/track',
    alter: (a) => {
      const r = routeOf(a);
      if (r?.sellAsset?.includes('-0x'))
        r.sellAsset = r.sellAsset.replace(/-0x(.*)$/, (_: string, c: string) => `-0X${c.toUpperCase()}`);
    },
  },
  // A partial refund in the bought asset, an asset the route names.
  'track-partial-refund-bought-asset': {
    path: '/v1/track',
    alter: (a) => {
      const r = routeOf(a);
      if (a.trackingStatus === 'partially_refunded' && r?.buyAsset) setRefund(a, r.buyAsset);
    },
  },
};

/** Routes in `many-routes`: the red team's 6 000 (the answer's own, then compact copies of them: about 5 MB). */
export const MANY_ROUTES = 6000;

export const ANSWER_TAMPERS: Record<string, AnswerTamper> = {
  ...TRACK_TAMPERS,
  ...TRACK_TWINS,
  'many-routes': {
    path: '/v1/quote',
    alter: (a) => {
      const own: Json[] = Array.isArray(a.routes) ? a.routes : [];
      if (!own.length) return;
      // Compact copies, as the bench's (demo/server/quote-padding.ts): no logos, no legs, short fee lines.
      const copies = own.map((r) => ({
        ...r,
        fees: (r.fees ?? []).map(({ type, asset, amount }: Json) => ({ type, asset, amount })),
        legs: [],
        meta: { ...(r.meta ?? {}), assets: [] },
      }));
      a.routes = [...own, ...Array.from({ length: MANY_ROUTES - own.length }, (_, i) => copies[i % copies.length])];
    },
  },
};

// ---- issue 30, item 5: the recipient and the amounts of a track answer, and its size ----

/** A decimal amount `units` units of its own last digit away (`0.0345`, 1 -> `0.0346`). */
function nudge(amount: string, units: bigint): string {
  const [w, f = ''] = amount.split('.');
  const digits = (BigInt(w! + f) + units).toString().padStart(f.length + 1, '0');
  return f ? `${digits.slice(0, -f.length)}.${digits.slice(-f.length)}` : digits;
}
/** `amount` times `factor`, exactly, in as many fraction digits. */
function times(amount: string, factor: bigint): string {
  const [w, f = ''] = amount.split('.');
  const digits = (BigInt(w! + f) * factor).toString().padStart(f.length + 1, '0');
  return f ? `${digits.slice(0, -f.length)}.${digits.slice(-f.length)}` : digits;
}

/** Every place an answer says what was received: the route's `actualBuyAmount`, the payout (`data.outbound`) of a completed swap. */
function setReceived(a: Json, amount: (expected: string) => string): void {
  const r = routeOf(a);
  const expected = r?.expectedBuyAmount as string | undefined;
  if (!r || !expected) return;
  if (r.actualBuyAmount !== undefined) r.actualBuyAmount = amount(expected);
  if (wrapped(a) && a.data.outbound && a.trackingStatus !== 'refunded' && a.trackingStatus !== 'refunding')
    a.data.outbound.amount = amount(expected);
}

/** Every address an answer names as the recipient: `quoteInfo.recipientAddress`, the route's `destinationAddress`. */
function setRecipient(a: Json, to: (address: string) => string): void {
  const info = infoOf(a);
  if (typeof info?.recipientAddress === 'string') info.recipientAddress = to(info.recipientAddress);
  const r = routeOf(a);
  if (typeof r?.destinationAddress === 'string') r.destinationAddress = to(r.destinationAddress);
}

/** An address of the same chain as `address` that is not it (the red team's). */
const otherRecipient = (address: string) =>
  address.startsWith('0x')
    ? '0x000000000000000000000000000000000000dEaD'
    : 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** The route of an answer with `n` legs: copies of its own (or of one leg of the whole route). */
function setLegs(a: Json, n: number): void {
  const r = routeOf(a);
  if (!r) return;
  const own: Json[] = Array.isArray(r.legs) && r.legs.length ? r.legs : [];
  const model = own.length
    ? own
    : [
        {
          provider: 'PROTOCOL_A',
          sellAsset: r.sellAsset,
          buyAsset: r.buyAsset,
          sellAmount: r.sellAmount,
          buyAmount: r.expectedBuyAmount,
        },
      ];
  r.legs = Array.from({ length: n }, (_, i) => ({ ...model[i % model.length] }));
}

/** The red team's answers of issue 30 (`field`: what the widget names; `unreadable`: its answer does not read). */
export const TRACK_TAMPERS_30: Record<string, AnswerTamper & { readonly field: string }> = {
  // Another recipient than the swap's, in both places an answer names it.
  'track-recipient': { path: '/v1/track', field: 'recipient', alter: (a) => setRecipient(a, otherRecipient) },
  // The red team's: completed with 1e30 received.
  'track-amount-absurd': {
    path: '/v1/track',
    field: 'buy-amount',
    alter: (a) => setReceived(a, () => `1${'0'.repeat(30)}`),
  },
  // One unit (of the amount's last digit) more than three times what the route expected.
  'track-amount-over-bound': {
    path: '/v1/track',
    field: 'buy-amount',
    alter: (a) => setReceived(a, (e) => nudge(times(e, 3n), 1n)),
  },
  // A refund of one unit more than was sold.
  'track-refund-over-sold': {
    path: '/v1/track',
    field: 'refund-amount',
    alter: (a) => {
      const sold = routeOf(a)?.sellAmount as string | undefined;
      const r = routeOf(a);
      if (sold && r?.sellAsset) setRefund(a, r.sellAsset, nudge(sold, 1n));
    },
  },
  // A negative amount received: the answer does not read.
  'track-amount-negative': { path: '/v1/track', field: 'unreadable', alter: (a) => setReceived(a, () => '-5') },
  // A route of 9 legs (one more than any route the widget reads).
  'track-legs-9': { path: '/v1/track', field: 'unreadable', alter: (a) => setLegs(a, 9) },
  // The red team's 20 000 legs (about 2 MB): unreadable by its size, before it is parsed.
  'track-legs-20000': { path: '/v1/track', field: 'unreadable', alter: (a) => setLegs(a, 20_000) },
};

/** Honest twins of issue 30: the same swap, its recipient spelled otherwise, amounts at the bound. */
export const TRACK_TWINS_30: Record<string, AnswerTamper> = {
  // The recipient in upper case (hex without its checksum, a bech32 address in capitals).
  'track-recipient-case': {
    path: '/v1/track',
    alter: (a) => setRecipient(a, (d) => (d.startsWith('0x') ? `0x${d.slice(2).toUpperCase()}` : d.toUpperCase())),
  },
  // Exactly three times what the route expected.
  'track-amount-at-bound': { path: '/v1/track', alter: (a) => setReceived(a, (e) => times(e, 3n)) },
  // A refund of all that was sold.
  'track-refund-all-sold': {
    path: '/v1/track',
    alter: (a) => {
      const r = routeOf(a);
      if (r?.sellAmount && r.sellAsset) setRefund(a, r.sellAsset, r.sellAmount);
    },
  },
  // A route of 8 legs.
  'track-legs-8': { path: '/v1/track', alter: (a) => setLegs(a, 8) },
};

Object.assign(ANSWER_TAMPERS, TRACK_TAMPERS_30, TRACK_TWINS_30);
