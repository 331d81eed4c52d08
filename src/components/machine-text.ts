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
