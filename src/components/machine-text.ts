/**
 * Machine text: addresses, memos, hashes, amounts with their symbols and asset identifiers.
 * It is laid out left to right in every language and isolated from the words around it, so
 * a right-to-left page never reorders a memo (`=:ETH.ETH:0x…:0`) that a user may type by
 * hand. In a template: `ltr(text)`; inside a translated sentence: `ltrText(text)`.
 */
import { html } from 'lit';

/** A left-to-right, isolated run of text in a template (`<bdi dir="ltr">`). */
export const ltr = (text: string) => html`<bdi dir="ltr">${text}</bdi>`;

/** The same inside a plain string: wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE. */
export const ltrText = (text: string): string => `\u2066${text}\u2069`;

/**
 * An amount with its symbol, rounded for reading (`readableAmount`): when rounding dropped
 * digits, every digit is in its title (hover) and is what a screen reader reads.
 */
export const ltrAmount = (amount: { text: string; full: string }, symbol = '') => {
  const [text, full] = [amount.text, amount.full].map((t) => (symbol ? `${t} ${symbol}` : t)) as [string, string];
  return text === full
    ? ltr(text)
    : html`<bdi dir="ltr" title=${full}><span aria-hidden="true">${text}</span><span class="visually-hidden">${full}</span></bdi>`;
};
