/**
 * Words for what the host and the user wrote: addresses, the form's fields, the configuration.
 */
import { msg, str } from '@lit/localize';
import type { ConfigIssue } from '../../config/config.js';
import type { ConfigNotice } from '../../config/notices.js';
import type { AddressProblem } from '../../domain/chains/address.js';
import { chainInfo } from '../../domain/chains/chains.js';
import type { DraftField, FieldProblem, HoldReason } from '../../domain/quotes/draft.js';
import type { SlippageNote } from '../../domain/amounts/slippage.js';
import { ltrText } from '../machine-text.js';
import { forHost } from './host.js';

const chainName = (code: string) => chainInfo(code)?.name ?? code;

export function addressProblemText(p: AddressProblem): string {
  switch (p.code) {
    case 'unknown-chain':
      return msg('The chain of this address is unknown.');
    case 'empty':
      return msg(str`Enter a ${chainName(p.chain)} address.`);
    case 'spaces-around':
      return msg('The address has spaces before or after it.');
    case 'spaces':
      return msg('The address contains spaces.');
    case 'too-long':
      return msg(str`This is too long to be a ${chainName(p.chain)} address.`);
    case 'evm-format':
      return msg(
        str`This is not a valid ${chainName(p.chain)} address (expected 0x followed by 40 hexadecimal characters).`,
      );
    case 'evm-checksum':
      return msg(
        str`The checksum of this ${chainName(p.chain)} address is wrong (check its upper and lower case letters).`,
      );
    case 'prefix':
      return msg(str`A ${chainName(p.chain)} address starts with ${ltrText(p.prefix)}.`);
    case 'unsupported-version':
      return msg(str`This ${chainName(p.chain)} address uses a newer address version that cannot receive swaps yet.`);
    case 'invalid':
      return msg(str`This is not a valid ${chainName(p.chain)} address.`);
  }
}

export function fieldProblemText(p: FieldProblem): string {
  switch (p.code) {
    case 'amount-format':
      return msg(str`Enter an amount such as ${ltrText(`0${p.point}25`)}: digits and one decimal point.`);
    case 'amount-grouping':
      return msg(
        str`Here ${ltrText(`1${p.group}000`)} is one thousand: write decimals as ${ltrText(`0${p.point}25`)}.`,
      );
    case 'amount-ambiguous':
      return msg(
        str`"${ltrText(p.mark)}" could separate thousands or decimals: write ${ltrText(`1${p.group}000`)} or ${ltrText(`0${p.point}25`)}.`,
      );
    case 'amount-too-large':
      return msg(str`This amount has more than ${p.digits} digits before the point: more than any token's supply.`);
    case 'amount-decimals':
      return msg(str`${ltrText(p.symbol)} has at most ${p.decimals} decimals.`);
    case 'slippage-format':
      return msg('Enter a slippage such as 0.5: digits and one decimal point.');
    case 'slippage-too-low':
      return msg('Below 0.01% no price move is allowed, so the swap would fail: enter at least 0.01%.');
    case 'slippage-too-high':
      return msg('At 100% or more nothing is sure to arrive: enter less than 100%.');
    case 'same-asset':
      return msg('Choose two different assets.');
    case 'no-path':
      return msg(str`No route connects ${chainName(p.sellChain)} and ${chainName(p.buyChain)}.`);
    case 'address':
      return addressProblemText(p.problem);
  }
}

/** The label of a field of the form, as the form shows it. */
export function fieldLabel(field: DraftField): string {
  switch (field) {
    case 'amount':
      return msg('Amount');
    case 'sellAsset':
      return msg('You sell');
    case 'buyAsset':
      return msg('You buy');
    case 'sourceAddress':
      return msg('From address');
    case 'destinationAddress':
      return msg('To address');
    case 'slippage':
      return msg('Slippage tolerance (%)');
  }
}

/** What the settings say of an accepted slippage (percent, as typed); `minimum`: the least that may arrive, with its symbol. */
export function slippageNoteText(n: SlippageNote, slippage: string, minimum?: string): string {
  if (n.code === 'may-fail') return msg('Below 0.1% the swap may fail if the price moves before it is done.');
  const less = minimum
    ? msg(str`You may receive up to ${slippage}% less: at least ${ltrText(minimum)}.`)
    : msg(str`You may receive up to ${slippage}% less than expected.`);
  return n.confirm ? `${less} ${msg('You will be asked to confirm it before the swap.')}` : less;
}

export function holdReasonText(r: HoldReason): string {
  switch (r.code) {
    case 'config':
      return msg('Routes wait until the settings listed above are fixed.');
    case 'amount-zero':
      return msg('Enter an amount above 0 to see routes.');
    case 'field':
      return msg(str`No routes until this is fixed: ${fieldLabel(r.field)}: ${fieldProblemText(r.problem)}`);
  }
}

/**
 * A configuration problem for the host (`swap-error`, the console): naming the attribute, the
 * value written and the rules it breaks, in English without bidi marks. Never shown in the
 * widget: `configIssueUserText` says it there.
 */
export function configIssueText(i: ConfigIssue): string {
  return forHost(() => configIssueWords(i));
}

/** The form's field an attribute sets, if any. */
const FIELD_OF: Readonly<Record<string, DraftField>> = {
  'sell-asset': 'sellAsset',
  'buy-asset': 'buyAsset',
  'sell-amount': 'amount',
  slippage: 'slippage',
  'source-address': 'sourceAddress',
  'destination-address': 'destinationAddress',
};

/**
 * A configuration problem in the user's words, as the widget shows it: what it holds up (the
 * field of the form it concerns, or a setting of the app's), without the attribute's name or
 * its rules, which are the integrator's (`configIssueText`).
 */
export function configIssueUserText(i: ConfigIssue): string {
  const field = FIELD_OF[i.field];
  if (i.code === 'address-locked') {
    const chain = chainName(i.chain ?? '');
    return i.field === 'source-address'
      ? msg(
          str`The app must supply the ${chain} address to send from: the one it gave does not fit, and it cannot be changed here.`,
        )
      : msg(
          str`The app must supply the ${chain} address to receive on: the one it gave does not fit, and it cannot be changed here.`,
        );
  }
  if (!field) return msg('The app showing this widget has a setting to fix before swaps can be quoted.');
  const label = fieldLabel(field);
  return msg(str`${label}: the value the app gave cannot be used.`);
}

/** What the app can do about a sell token whose decimals nothing gives (English, for the host). */
export function decimalsHostText(asset: string, chain: string): string {
  return `No trusted source gives the decimals of ${asset}, so it cannot be sold: set them in the decimals property, or an RPC endpoint for ${chain} in rpc-urls.`;
}

function configIssueWords(i: ConfigIssue): string {
  const field = ltrText(i.field);
  const value = ltrText(`"${i.value ?? ''}"`);
  switch (i.code) {
    case 'api-url-invalid':
      return msg(str`${field} ${value} is not an absolute or relative URL.`);
    case 'api-url-protocol':
      return msg(str`${field} ${value} must be an http or https URL.`);
    case 'api-url-query':
      return msg(str`${field} ${value} must not carry a query or a fragment.`);
    case 'api-dialect':
      return msg(str`${field} ${value} must be "spec" or "swapkit".`);
    case 'affiliate-format':
      return msg(str`${field} ${value} must be letters, digits, "_", "-" or "." (no ":" or "/").`);
    case 'affiliate-long':
      return msg(
        str`The affiliate name ${value} is longer than 3 characters: memos carry it, and some chains allow only about 80 bytes of memo, so some routes may be refused.`,
      );
    case 'affiliate-fee':
      return msg(str`${field} ${value} must be a whole number of basis points from 0 to 1000 (10%).`);
    case 'fee-without-affiliate':
      return msg(str`${field} is set without an affiliate name: providers may not pay the fee to anyone.`);
    case 'affiliate-addresses':
      return msg(
        str`${field} ${value} must be CHAIN=address pairs separated by commas, each a valid address of its chain (SOL=…).`,
      );
    case 'slippage':
      return msg(str`${field} ${value} must be a number of percent from 0.01 to less than 100.`);
    case 'asset-format':
      return msg(str`${field} ${value} is not an asset identifier (CHAIN.SYMBOL or CHAIN.SYMBOL-CONTRACT).`);
    case 'asset-chain':
      return msg(str`${field} ${value} is on a chain the widget does not know.`);
    case 'amount':
      return msg(str`${field} ${value} must be a positive decimal number such as 0.25.`);
    case 'address':
      return msg(str`${field}: ${i.problem ? addressProblemText(i.problem) : value}`);
    case 'address-locked': {
      const chain = chainName(i.chain ?? '');
      return i.field === 'source-address'
        ? msg(
            str`The app must supply the ${chain} address to send from (${field}): ${value} is not one, and lock-addresses keeps it from being changed here.`,
          )
        : msg(
            str`The app must supply the ${chain} address to receive on (${field}): ${value} is not one, and lock-addresses keeps it from being changed here.`,
          );
    }
    case 'providers':
      return msg(str`${field}: unknown provider ${ltrText((i.unknown ?? []).join(', '))}.`);
    case 'theme':
      return msg(str`${field} ${value} must be light, dark or auto.`);
    case 'locale':
      return msg(str`${field} ${value} is not a BCP 47 language tag such as en or pt-BR.`);
    case 'cosmos-rest':
      return msg(
        str`${field} ${value} must be CHAIN=URL pairs separated by commas (THOR, MAYA, GAIA or KUJI; http or https).`,
      );
    case 'node-url':
      return msg(str`${field} ${value} must be the node's base URL (http or https, no query) or off.`);
    case 'rpc-urls':
      return msg(
        str`${field} ${value} must be CHAIN=URL pairs separated by commas (an EVM chain such as ETH, or SOL; http or https).`,
      );
    case 'decimals':
      return msg(str`${field}: ${value} must be an asset identifier with a whole number of decimals from 0 to 36.`);
    case 'decimals-unknown':
      return decimalsHostText(i.value ?? '', (i.value ?? '').split('.')[0]!);
    case 'lowercase-attribute':
      // React 19 writes a prop of an element not defined yet (after hydration) as an attribute.
      return `${i.value} is not read: a framework wrote ${i.property} as an attribute before <swap-widget> was defined. Define it before hydration, or ${i.field === i.property ? 'set the property' : `write ${i.field}`}.`;
  }
}

/** A notice for the integrator (console and `swap-error`, in English), never shown in the widget. */
export function configNoticeText(n: ConfigNotice): string {
  if (n.code === 'config-warning') return configIssueText(n.issue);
  const { sunsetDate } = n.info;
  return forHost(() =>
    sunsetDate
      ? msg(str`This version of the swap service is deprecated and will be removed on ${ltrText(sunsetDate)}.`)
      : msg('This version of the swap service is deprecated.'),
  );
}
