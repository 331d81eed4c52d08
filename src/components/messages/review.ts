/**
 * Words for the review of a hand-out (`<swap-review>`): what the address paid or called is to
 * the swap, each warning as a sentence, what the box that confirms a risk says, and the memo's
 * streaming part. Machine text (addresses, amounts with their symbols) arrives already
 * isolated (`ltrText`).
 */
import { msg, str } from '@lit/localize';
import type { ReviewRole, ReviewWarning } from '../../domain/flow/review.js';
import { ltrText } from '../machine-text.js';

/** What the address a hand-out pays or calls is, in words. */
export function reviewRoleText(role: ReviewRole): string {
  switch (role) {
    case 'router':
      return msg("The protocol's router");
    case 'vault':
      return msg("The protocol's vault");
    case 'aggregator':
      return msg("The aggregator's contract");
    case 'deposit-address':
      return msg('A deposit address opened for this swap');
    case 'program':
      return msg('A Solana program');
    case 'module':
      return msg("The chain's own module");
    default:
      return String(role);
  }
}

/** What a warning needs to be said: the address and its owner, and how much less may arrive (amount and symbol). */
export interface WarningFacts {
  address: string;
  role: ReviewRole;
  name: string;
  /** Expected minus minimum, formatted, with the asset's symbol. */
  shortfall: string;
}

/** A warning of the review as a sentence. */
export function reviewWarningText(w: ReviewWarning, f: WarningFacts): string {
  const less = ltrText(f.shortfall);
  const name = f.name;
  switch (w) {
    case 'slippage-high':
      return msg(str`Your slippage is above 5%: up to ${less} less than expected may arrive.`);
    case 'slippage-extreme':
      return msg(
        str`Your slippage is 20% or more: up to ${less} less than expected may arrive. Confirm below that you accept it.`,
      );
    case 'price-impact':
      return msg('This swap moves the price by more than 3%: you receive noticeably less than the market rate.');
    case 'approval-reset':
      return msg("This token's allowance is first set to zero, then to the amount: you sign two approvals.");
    case 'price-impact-extreme':
      return msg(
        'This swap moves the price by 10% or more: you receive much less than the market rate. Confirm below that you accept it.',
      );
    case 'deposit-address-unverified':
      return msg(
        str`This deposit address was opened by the service for this swap: ${name} publishes no list to check it against. If it is not ${name}'s, what you send there is lost.`,
      );
    default:
      return String(w);
  }
}

/** What ticking the box accepts, for one warning that must be confirmed. */
export function reviewRiskText(w: ReviewWarning, f: WarningFacts): string {
  switch (w) {
    case 'deposit-address-unverified':
      return msg(
        str`I understand that ${ltrText(f.address)} could not be verified, and that what I send is lost if it is not ${f.name}'s.`,
      );
    case 'price-impact-extreme':
      return msg('I accept that this swap moves the price by 10% or more.');
    case 'slippage-extreme':
      return msg(str`I accept that up to ${ltrText(f.shortfall)} less than expected may arrive.`);
    default:
      return msg('I have read the warnings above and accept them.');
  }
}

/** The memo's streaming part: how many sub-swaps, how many blocks apart. */
export function streamingText(s: { interval: number; quantity: number }): string {
  const { interval, quantity } = s;
  return quantity > 0
    ? msg(str`${quantity} sub-swaps, ${interval} blocks apart`)
    : msg(str`Sub-swaps ${interval} blocks apart; the protocol chooses how many`);
}

/** What an instruction or message does, in words for the codes the review gives; anything else as given. */
export function instructionText(what: string): string | undefined {
  switch (what) {
    case 'swap':
      return msg('Swaps the amount sent');
    case 'deposit':
      return msg('Deposits the amount sent, with the memo');
    case 'send':
      return msg("Sends the amount to the protocol's vault, with the memo");
    default:
      return undefined;
  }
}

/** The approval, in words: who may spend exactly how much. */
export function approvalText(spender: string, amount: string): string {
  return msg(str`Allow ${ltrText(spender)} to spend exactly ${ltrText(amount)}.`);
}

/** A fee line's name; the affiliate's carries its name. */
export function reviewFeeLabel(type: string, affiliate?: string): string {
  switch (type.toLowerCase()) {
    case 'network':
      return msg('Network fee');
    case 'inbound':
      return msg('Inbound fee');
    case 'liquidity':
      return msg('Liquidity fee');
    case 'outbound':
      return msg('Outbound fee');
    case 'affiliate':
      return affiliate ? msg(str`Affiliate fee (${ltrText(affiliate)})`) : msg('Affiliate fee');
    default:
      return msg(str`Fee (${type})`);
  }
}
