/**
 * The sell asset's balance under the amount (part `balance`), and Max (part `max-button`),
 * which puts the balance less the gas reserve in the amount, as if typed.
 */
import { msg } from '@lit/localize';
import { html, nothing } from 'lit';
import type { BalanceView } from '../views/wallets.js';
import { readableAmount } from '../util/format.js';
import { ltrAmount } from './machine-text.js';

export function balanceLine(b: BalanceView, symbol: string, locale: string | undefined, onMax: (max: string) => void) {
  return html`<div class="balance muted">
    <span part="balance">${msg('Balance:')} ${ltrAmount(readableAmount(b.amount, locale), symbol)}</span>
    ${b.max ? html`<button type="button" part="max-button" @click=${() => onMax(b.max!)}>${msg('Max')}</button>` : nothing}
  </div>`;
}
