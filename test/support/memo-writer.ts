/**
 * A protocol memo writer for tests: the widget only reads memos (`src/domain/memo.ts`), so
 * routes under test get theirs written here, in the long form the service writes.
 */

export interface SwapMemoInput {
  readonly asset: string;
  readonly destination: string;
  readonly limit: bigint;
  readonly interval?: number;
  readonly quantity?: number;
  readonly affiliate?: string;
  readonly feeBps?: number;
}

/** Writes the long form `=:ASSET:DEST:LIM[/I/Q][:AFF:BPS]`. */
export function buildSwapMemo(m: SwapMemoInput): string {
  const lim = m.interval !== undefined ? `${m.limit}/${m.interval}/${m.quantity ?? 0}` : `${m.limit}`;
  const fields = ['=', m.asset, m.destination, lim];
  if (m.affiliate) fields.push(m.affiliate, String(m.feeBps ?? 0));
  return fields.join(':');
}
