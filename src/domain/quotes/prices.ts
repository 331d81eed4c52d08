/** USD prices of assets, as the service's pool rates give them, and what an amount is worth. */
import type { PoolRates } from '../../schemas/service.js';
import { isDecimalString, mulDecimal } from '../amounts/amount.js';

export type PriceBook = ReadonlyMap<string, string>;

export function priceBook(rates: PoolRates | undefined): PriceBook {
  const book = new Map<string, string>();
  for (const r of rates?.rates ?? []) book.set(r.asset.toUpperCase(), r.priceInUsd);
  return book;
}

/** USD value of an amount of an asset, to a millionth of a dollar (a fee below a cent is not 0), or undefined without a price. */
export function usdValue(book: PriceBook, asset: string, amount: string): string | undefined {
  const price = book.get(asset.toUpperCase());
  if (!price || !isDecimalString(amount) || !isDecimalString(price)) return undefined;
  return mulDecimal(amount, price, 6);
}
