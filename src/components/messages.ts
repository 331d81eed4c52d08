/**
 * Words for what the service reports in codes, for people. Called at render time so they
 * follow the widget's locale.
 */
import { msg, str } from '@lit/localize';
import { ApiError, BadResponseError, NetworkError, ServiceError } from '../api/errors.js';
import type { ProviderError } from '../api/schemas.js';
import type { ConfigIssue } from '../config.js';
import type { AddressProblem } from '../domain/address.js';
import { chainInfo } from '../domain/chains.js';
import type { DraftField, FieldProblem, HoldReason } from '../domain/draft.js';
import { providerLabel } from '../domain/providers.js';
import type { StoreProblem } from '../domain/swap-store.js';
import type { QuoteNotice, ShownProblem } from '../controllers/quote-controller.js';
import type { SwapErrorCode } from '../events.js';
import { ltrText } from './machine-text.js';
import type { MemoProblem } from '../domain/memo.js';
import type { Refusal } from '../domain/refusals.js';
import type { WalletAction, WalletProblem } from '../domain/wallet-problem.js';
import type { ExecutionProblem } from '../controllers/execution-controller.js';

export function providerErrorText(e: ProviderError): string {
  const who = e.provider ? providerLabel(e.provider) : msg('A provider');
  switch (e.errorCode) {
    case 'swapAmountTooSmall':
      return msg(str`${who}: the amount is too small for this provider.`);
    case 'insufficientLiquidity':
      return msg(str`${who}: not enough liquidity for this amount; try a smaller one.`);
    case 'tradingHalted':
      return msg(str`${who}: trading is halted on this chain for now.`);
    case 'crossChainNotSupported':
      return msg(str`${who}: cannot swap between these two chains.`);
    case 'tokenNotFound':
      return msg(str`${who}: does not support this token.`);
    case 'unsupportedChainId':
      return msg(str`${who}: does not support this chain.`);
    case 'providerQuoteTimeout':
      return msg(str`${who}: did not answer in time.`);
    case 'invalidSellAmount':
      return msg(str`${who}: the amount is not valid for this provider.`);
    case 'dexAggregationNotSupported':
      return msg(str`${who}: does not swap within one chain.`);
    default:
      return e.message ? `${who}: ${e.message}` : msg(str`${who}: no route (${e.errorCode ?? 'unknown error'}).`);
  }
}

// ---- addresses, fields, configuration --------------------------------------------------

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
      return msg(str`This is not a valid ${chainName(p.chain)} address (expected 0x followed by 40 hexadecimal characters).`);
    case 'evm-checksum':
      return msg(str`The checksum of this ${chainName(p.chain)} address is wrong (check its upper and lower case letters).`);
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
      return msg('Enter an amount such as 0.25: digits and one decimal point.');
    case 'amount-too-large':
      return msg(str`This amount has more than ${p.digits} digits before the point: more than any token's supply.`);
    case 'amount-decimals':
      return msg(str`${ltrText(p.symbol)} has at most ${p.decimals} decimals.`);
    case 'slippage-range':
      return msg('Slippage must be between 0 and 100%.');
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

/** A configuration problem, naming the attribute and the value the host wrote. */
export function configIssueText(i: ConfigIssue): string {
  const field = ltrText(i.field);
  const value = ltrText(`"${i.value ?? ''}"`);
  switch (i.code) {
    case 'api-url-invalid':
      return msg(str`${field} ${value} is not an absolute or relative URL.`);
    case 'api-url-protocol':
      return msg(str`${field} ${value} must be an http or https URL.`);
    case 'api-url-query':
      return msg(str`${field} ${value} must not carry a query or a fragment.`);
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
    case 'slippage':
      return msg(str`${field} ${value} must be a number of percent between 0 and 100.`);
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
        ? msg(str`The app must supply the ${chain} address to send from (${field}): ${value} is not one, and lock-addresses keeps it from being changed here.`)
        : msg(str`The app must supply the ${chain} address to receive on (${field}): ${value} is not one, and lock-addresses keeps it from being changed here.`);
    }
    case 'providers':
      return msg(str`${field}: unknown provider ${ltrText((i.unknown ?? []).join(', '))}.`);
    case 'theme':
      return msg(str`${field} ${value} must be light, dark or auto.`);
    case 'locale':
      return msg(str`${field} ${value} is not a BCP 47 language tag such as en or pt-BR.`);
    case 'cosmos-rest':
      return msg(str`${field} ${value} must be CHAIN=URL pairs separated by commas (THOR, MAYA, GAIA or KUJI; http or https).`);
  }
}

// ---- problems of quoting and of the service ------------------------------------------

/** The `swap-error` code of a problem. */
export type { ShownProblem };

export function problemCode(p: ShownProblem): SwapErrorCode {
  if (p.kind === 'no-routes') return 'no-routes';
  return p.error instanceof ApiError ? p.error.code : 'network';
}

export function problemText(p: ShownProblem): string {
  if (p.kind === 'no-routes') {
    if (p.message) return p.message;
    return p.unreadable ? msg('The swap service offered routes, but none of them could be read.') : msg('No route for this swap.');
  }
  const e = p.error;
  if (e instanceof ServiceError) return e.status === 429 ? msg('The swap service is busy; wait a moment and try again.') : e.detail;
  if (e instanceof NetworkError) {
    return e.timeout
      ? msg('The swap service did not answer in time. Check your connection and try again.')
      : msg('The swap service cannot be reached. Check your connection and try again.');
  }
  if (e instanceof BadResponseError) return msg('The swap service sent an answer the widget cannot read.');
  return e instanceof Error ? e.message : String(e);
}

export function problemDetails(p: ShownProblem): string[] {
  if (p.kind === 'no-routes') return p.providerErrors.map(providerErrorText);
  const e = p.error;
  return e instanceof ServiceError ? e.errors.map((x) => (x.field ? `${x.field}: ${x.message}` : x.message)) : [];
}

/** What the status line says while quoting waits on its own. */
export function quoteNoticeText(n: QuoteNotice): string {
  switch (n.code) {
    case 'busy':
      return msg(str`The swap service is busy; asking again in ${n.seconds} s.`);
    case 'reconnecting':
      return msg(str`The swap service cannot be reached; trying again in ${n.seconds} s.`);
  }
}

/** What the route list says of a route the service offered that could not be read. */
export function unreadableRouteText(): string {
  return msg('This route could not be read, so it cannot be used.');
}

/** Provider errors that may be gone a moment later. */
const PASSING_PROVIDER_ERRORS = new Set(['providerQuoteTimeout', 'httpError', 'unknownError', 'tradingHalted']);

/**
 * Whether asking again can help: a network problem, a busy or failing service, an unreadable
 * answer (it may be passing), a provider that timed out; not a request the service refused
 * (4xx) nor routes no provider offers for this amount.
 */
export function retryHelps(p: ShownProblem): boolean {
  if (p.kind === 'no-routes') return p.providerErrors.some((e) => PASSING_PROVIDER_ERRORS.has(e.errorCode ?? ''));
  const e = p.error;
  if (e instanceof ServiceError) return e.status === 429 || e.status >= 500;
  return true;
}

// ---- tracking ----------------------------------------------------------------------------

/** A `trackingStatus` of the spec in words (values outside the spec shown as the service wrote them). */
export function trackingStatusText(status: string | undefined): string {
  switch (status) {
    case undefined:
    case 'not_started':
      return msg('waiting');
    case 'starting':
    case 'broadcasted':
    case 'mempool':
      return msg('sent');
    case 'inbound':
      return msg('received by the protocol');
    case 'swapping':
      return msg('swapping');
    case 'outbound':
      return msg('paying out');
    case 'completed':
      return msg('completed');
    case 'refunding':
      return msg('refunding');
    case 'refunded':
      return msg('refunded');
    case 'partially_refunded':
      return msg('partly refunded');
    case 'dropped':
      return msg('dropped');
    case 'reverted':
      return msg('reverted');
    case 'replaced':
      return msg('replaced');
    case 'retries_exceeded':
      return msg('no longer followed');
    case 'parsing_error':
      return msg('unreadable');
    default:
      return status;
  }
}

/** Why tracking a swap is interrupted for now, and when it asks again. */
export interface TrackingProblem {
  code: 'busy' | 'unknown-swap' | 'interrupted';
  /** Seconds until the next try. */
  seconds: number;
  /** The service's own words, where it gave some. */
  detail?: string;
}

export function trackingProblemText(p: TrackingProblem): string {
  switch (p.code) {
    case 'busy':
      return msg(str`The swap service asks to slow down; checking again in ${p.seconds} s.`);
    case 'unknown-swap':
      return msg(str`The swap service does not know this swap yet; checking again in ${p.seconds} s.`);
    case 'interrupted':
      return p.detail
        ? msg(str`Tracking is interrupted (${p.detail}); checking again in ${p.seconds} s.`)
        : msg(str`Tracking is interrupted; checking again in ${p.seconds} s.`);
  }
}

export function storeProblemText(p: StoreProblem): string {
  switch (p) {
    case 'unavailable':
      return msg('Your swaps cannot be saved in this browser (storage is not available): keep this page open until they finish.');
    case 'read-failed':
    case 'unreadable':
    case 'write-failed':
      return msg('Your swaps cannot be saved in this browser (its storage fails): keep this page open until they finish.');
    case 'full':
      return msg("Your swaps cannot be saved in this browser (its storage is full): keep this page open until they finish.");
    case 'newer-version':
      return msg('Swaps were saved by a newer version of the widget: new swaps are kept only while this page is open.');
  }
}

/** Why a memo cannot be read, in words. */
export function memoProblemText(problem: MemoProblem | string): string {
  switch (problem as MemoProblem) {
    case 'not-swap':
      return msg('it is not a swap memo');
    case 'too-many-fields':
      return msg('it has more fields than a swap memo');
    case 'no-asset':
      return msg('it names no asset');
    case 'unknown-short-asset':
      return msg('it names an unknown short asset');
    case 'no-destination':
      return msg('it names no destination');
    case 'malformed-destination':
      return msg('its destination cannot be read');
    case 'malformed-limit':
      return msg('its limit cannot be read');
    case 'malformed-streaming':
      return msg('its streaming parameters cannot be read');
    case 'empty-affiliate':
      return msg('it has an empty affiliate name');
    case 'malformed-fee':
      return msg('its affiliate fee cannot be read');
    case 'fee-without-affiliate':
      return msg('it has an affiliate fee without an affiliate');
    default:
      return String(problem);
  }
}

/**
 * A route refusal in words: what is wrong with the route, as the end of "This route was
 * refused: …". Every code of `RefusalCode` has its sentence.
 */
export function refusalText(refusal: Refusal): string {
  const p = refusal.params ?? {};
  // Addresses, assets and amounts stay left to right inside any sentence.
  const v = (key: string) => ltrText(String(p[key] ?? ''));
  switch (refusal.code) {
    case 'route-expired':
      return msg('the route has expired');
    case 'expiry-unreadable':
      return msg(str`its expiry "${v('value')}" cannot be read`);
    case 'sell-asset-mismatch':
      return msg(str`it sells ${v('got')}, not ${v('want')}`);
    case 'buy-asset-mismatch':
      return msg(str`it buys ${v('got')}, not ${v('want')}`);
    case 'sell-amount-mismatch':
      return msg(str`it sells ${v('got')}, not the ${v('want')} asked for`);
    case 'sell-amount-precision':
      return msg(str`the amount ${v('amount')} has more decimals than the ${v('decimals')} the asset has`);
    case 'sell-decimals-unknown':
      return msg(str`the decimals of ${v('asset')} are unknown, so the amount cannot be checked`);
    case 'buy-decimals-unknown':
      return msg(str`the decimals of ${v('asset')} are unknown, so the minimum output cannot be checked`);
    case 'destination-missing':
      return msg('it needs a destination address');
    case 'destination-mismatch':
      return msg('it pays to another destination address');
    case 'minimum-below-slippage':
      return msg(str`its minimum output ${v('minimum')} is below the ${v('floor')} a ${v('slippage')}% slippage allows`);
    case 'affiliate-fee-unconfigured':
      return msg(str`it charges an affiliate fee of ${v('amount')} ${v('asset')}, but no affiliate fee is configured`);
    case 'affiliate-fee-too-high':
      return msg(str`its affiliate fee of ${v('amount')} ${v('asset')} is more than the configured ${v('bps')} bps allow (${v('max')})`);
    case 'affiliate-fee-asset':
      return msg(str`it charges an affiliate fee in ${v('asset')}, which is neither the asset sold nor the asset bought`);
    case 'meta-affiliate-mismatch':
      return msg(str`it names affiliate "${v('got')}", not the one configured`);
    case 'meta-affiliate-fee-mismatch':
      return msg(str`it names an affiliate fee of ${v('got')} bps, not the ${v('want')} configured`);
    case 'route-kind-unsupported':
      return msg('it needs a wallet of a kind the widget cannot drive (a non-EVM transaction)');
    case 'route-kind-unknown':
      return msg('it carries neither a transaction, a memo nor a deposit channel');
    case 'tx-form-unknown':
      return msg('its transaction is in a form the widget cannot read, so it cannot be checked');
    case 'memo-chain-unsupported':
      return msg(str`${v('chain')} transactions cannot carry a memo`);
    case 'memo-too-long':
      return msg(str`its memo is ${v('bytes')} bytes long, more than the ${v('limit')} bytes a ${v('chain')} transaction carries`);
    case 'memo-unreadable':
      return msg(str`its memo cannot be read (${memoProblemText(v('problem'))})`);
    case 'memo-asset-mismatch':
      return msg(str`its memo buys ${v('got')}, not ${v('want')}`);
    case 'memo-destination-mismatch':
      return msg(str`its memo pays to ${v('got')}, not to your destination address`);
    case 'memo-refund-mismatch':
      return msg(str`its memo sends refunds to ${v('got')}, not to your source address`);
    case 'memo-limit-below-minimum':
      return msg(str`its memo accepts as little as ${v('limit')} (1e8 units), below the minimum ${v('minimum')}`);
    case 'memo-streaming-invalid':
      return msg(str`its memo streams ${v('quantity')} sub-swaps ${v('interval')} blocks apart, longer than the ${v('max')} blocks a streaming swap may take`);
    case 'memo-affiliate-mismatch':
      return msg(str`its memo pays affiliate "${v('got')}", not the one configured`);
    case 'memo-affiliate-missing':
      return msg('its memo leaves out the configured affiliate');
    case 'memo-fee-mismatch':
      return msg(str`its memo's affiliate fee is ${v('got')} bps, not ${v('want')}`);
    case 'memo-evm-needs-router':
      return msg(str`a deposit from ${v('chain')} must be a call of the protocol's router, and it has none (a source address is needed)`);
    case 'inbound-address-missing':
      return msg('it has a memo but no inbound address');
    case 'inbound-address-invalid':
      return msg(str`its inbound address ${v('address')} is not a ${v('chain')} address`);
    case 'tx-chain-not-evm':
      return msg(str`it asks for an EVM transaction, but ${v('chain')} is not an EVM chain`);
    case 'tx-chain-mismatch':
      return msg(str`its transaction is for chain ${v('got')}, not ${v('want')}`);
    case 'source-address-missing':
      return msg('a transaction needs your source address');
    case 'tx-from-mismatch':
      return msg('its transaction is sent from another address than yours');
    case 'tx-to-invalid':
      return msg('its transaction goes to an invalid address');
    case 'tx-to-sell-token':
      return msg('its transaction calls the token you sell instead of a swap contract');
    case 'tx-to-permit2':
      return msg('its transaction calls Permit2 instead of a swap contract');
    case 'tx-data-invalid':
      return msg('its transaction data is not hex');
    case 'tx-no-call':
      return msg('its transaction calls no function (a plain transfer is not a swap)');
    case 'tx-selector-forbidden':
      return msg(str`its transaction is a ${v('name')} call, which approves or moves tokens, not a swap`);
    case 'tx-value-invalid':
      return msg(str`its transaction value "${v('value')}" is not a number`);
    case 'tx-value-mismatch':
      return msg(str`its transaction sends ${v('got')} wei, not the ${v('want')} wei of your sell amount`);
    case 'tx-value-with-token':
      return msg(str`its transaction also sends ${v('value')} wei with a token sell`);
    case 'sell-token-invalid':
      return msg(str`the sell token's contract "${v('contract')}" is not an EVM address`);
    case 'approval-spender-invalid':
      return msg(str`its approval would go to ${v('spender')}, which cannot be a swap contract`);
    case 'approval-spender-mismatch':
      return msg(str`its approval would go to ${v('spender')}, not to the contract that takes the tokens (${v('want')})`);
    case 'router-call-unreadable':
      return msg("its router call cannot be read as the router's deposit");
    case 'router-memo-mismatch':
      return msg('its router call carries another memo than the one it shows');
    case 'router-asset-mismatch':
      return msg(str`its router call deposits ${v('got')}, not the asset you sell (${v('want')})`);
    case 'router-amount-mismatch':
      return msg(str`its router call deposits ${v('got')} units, not the ${v('want')} of your sell amount`);
    case 'router-vault-mismatch':
      return msg(str`its router call pays vault ${v('got')}, not the route's inbound address ${v('want')}`);
    case 'router-expiry-invalid':
      return msg(str`its router call's expiry ${v('expiry')} is not within the next two hours`);
    case 'aggregator-call-unreadable':
      return msg("its swap call cannot be read as the aggregator's swap");
    case 'aggregator-call-unverifiable':
      return msg(str`its aggregator call (${v('selector')}) does not name what it buys, so its minimum cannot be checked`);
    case 'aggregator-src-token-mismatch':
      return msg(str`its swap call sells ${v('got')}, not the token you sell (${v('want')})`);
    case 'aggregator-dst-token-mismatch':
      return msg(str`its swap call buys ${v('got')}, not ${v('want')}`);
    case 'aggregator-amount-mismatch':
      return msg(str`its swap call sells ${v('got')} units, not the ${v('want')} of your sell amount`);
    case 'aggregator-receiver-mismatch':
      return msg(str`its swap call pays ${v('got')}, not your destination address`);
    case 'aggregator-minimum-too-low':
      return msg(str`its swap call accepts as little as ${v('got')} units, below the route's minimum ${v('want')}`);
    case 'aggregator-flags-unknown':
      return msg(str`its swap call sets flags ${v('flags')} the aggregator does not define`);
    case 'token-decimals-mismatch':
      return msg(str`the token list says ${v('asset')} has ${v('list')} decimals, but the token itself says ${v('chain')}`);
    case 'token-decimals-unreadable':
      return msg(str`the decimals of ${v('asset')} could not be read from the chain`);
    case 'channel-address-invalid':
      return msg(str`the deposit channel's address ${v('address')} is not a ${v('chain')} address`);
    case 'solana-sell-asset':
      return msg('the asset sold is not a Solana asset, or your source address is not a Solana address');
    case 'solana-undecodable':
      return msg('its Solana transaction cannot be read');
    case 'solana-version':
      return msg(str`its Solana transaction is of version ${v('version')}, which the widget does not read`);
    case 'solana-signer':
      return msg('its Solana transaction is paid or signed by another account than yours, or by more than one');
    case 'solana-program':
      return msg(str`its Solana transaction calls program ${v('program')}, which no swap needs`);
    case 'solana-instruction':
      return msg(str`its Solana transaction has an instruction of ${v('program')} that no swap needs`);
    case 'solana-approve':
      return msg('its Solana transaction lets another account spend your tokens');
    case 'solana-set-authority':
      return msg('its Solana transaction hands the authority of an account to someone else');
    case 'solana-close-account':
      return msg('its Solana transaction closes an account and pays its balance to someone else');
    case 'solana-token-transfer':
      return msg('its Solana transaction moves tokens outside the swap');
    case 'solana-sol-transfer':
      return msg(str`its Solana transaction sends SOL to ${v('destination')}, not into your own wrapped-SOL account`);
    case 'solana-ata-create':
      return msg('its Solana transaction creates a token account for someone else');
    case 'solana-priority-fee':
      return msg('its Solana transaction sets a priority fee twice, or above the cap');
    case 'solana-lookup-account':
      return msg('its Solana transaction hides an account that must be checked in an address lookup table');
    case 'solana-swap':
      return msg('its Solana transaction has no swap the widget can read, or more than one');
    case 'solana-source-account':
      return msg('its Solana swap spends from an account that is not yours');
    case 'solana-amount':
      return msg(str`its Solana transaction spends ${v('actual')} units, not the ${v('expected')} of your sell amount`);
    case 'solana-minimum-out':
      return msg(str`its Solana swap accepts as little as ${v('actual')} units, below the route's minimum ${v('expected')}`);
    case 'solana-destination':
      return msg('its Solana swap pays out to another account than your destination');
    case 'cosmos-shape':
      return msg('its messages are not in the form the widget reads');
    case 'cosmos-chain':
      return msg(str`its messages cannot be checked on ${v('chain')} for this asset`);
    case 'cosmos-message-count':
      return msg(str`it carries ${v('count')} messages, not one`);
    case 'cosmos-message-type':
      return msg(str`its message ${v('type')} is not a deposit or send this route needs`);
    case 'cosmos-signer':
      return msg('its message is signed by another address than your source address');
    case 'cosmos-asset':
      return msg(str`its message moves ${v('asset')}, not the asset you sell`);
    case 'cosmos-amount':
      return msg(str`its message moves ${v('actual')} units, not the ${v('expected')} of your sell amount`);
    case 'cosmos-recipient':
      return msg("its message sends to another address than the route's inbound address");
    case 'cosmos-inbound-missing':
      return msg('its message sends to an inbound address, and the route has none');
    case 'cosmos-memo':
      return msg('its message carries another memo than the one checked');
    case 'cosmos-fee':
      return msg('its transaction fee is in another coin, above the cap, or not allowed on this chain');
  }
}

function walletActionText(action: WalletAction, chain?: string): string {
  switch (action) {
    case 'connect':
      return msg('the connection');
    case 'switch':
      return msg(str`the switch to ${chain ?? ''}`);
    case 'allowance':
      return msg('reading the allowance');
    case 'token':
      return msg('reading the token');
    case 'approval':
      return msg('the approval');
    case 'swap':
      return msg('the swap');
  }
}

/** A wallet's failure, in words a user can act on. */
export function walletProblemText(p: WalletProblem): string {
  switch (p.code) {
    case 'declined':
      if (p.action === 'switch') return msg(str`You declined to switch your wallet to ${p.chain ?? ''}. The swap needs it: try again.`);
      return msg(str`You declined ${walletActionText(p.action, p.chain)} in your wallet. You can try again.`);
    case 'unauthorised':
      return msg('Your wallet has not authorised this site. Connect it and try again.');
    case 'disconnected':
      return msg('Your wallet is disconnected from the network. Reconnect it and try again.');
    case 'request-pending':
      return msg('Your wallet already has a request waiting: open it to answer.');
    case 'failed':
      return msg(str`Your wallet could not complete ${walletActionText(p.action, p.chain)}: ${p.detail}`);
    case 'no-wallet':
      return p.family === 'evm'
        ? msg('No browser wallet was found. Install one, or copy the transaction into the wallet you use.')
        : msg(str`No wallet for ${p.chain} was found in this page. Install one, or sign the transaction in the wallet you use.`);
    case 'wrong-account':
      return msg(str`Your wallet is connected with ${ltrText(p.seen ?? msg('no account'))}, but this swap is sent from ${ltrText(p.account)}. Switch the account in your wallet, or change the source address.`);
    case 'unknown-chain':
      return msg(str`Your wallet does not know ${p.chain}. Add ${p.chain} to your wallet, then try again.`);
    case 'still-wrong-chain':
      return msg(str`Your wallet is still on another network. Switch it to ${p.chain} and try again.`);
    case 'approval-reverted':
      return msg('The approval transaction failed on chain. Nothing was swapped; try again.');
    case 'approval-slow':
      return msg('The approval is taking too long to confirm. Check it in your wallet, then try again.');
  }
}

/** The `swap-error` code of a problem of the swap under way. */
export function executionProblemCode(p: ExecutionProblem): SwapErrorCode {
  switch (p.code) {
    case 'route-rejected':
      return 'route-rejected';
    case 'route-expired':
    case 'revoked':
      return 'route-expired';
    case 'wallet':
      return 'wallet';
    case 'service':
      return p.error.code;
  }
}

/** What stopped the swap under way, in words. */
export function executionProblemText(p: ExecutionProblem): string {
  switch (p.code) {
    case 'route-rejected': {
      const reason = refusalText(p.refusal);
      return msg(str`This route was refused: ${reason}.`);
    }
    case 'route-expired':
      return p.gone ? msg('The route expired and the same route is not offered any more. Choose another route.') : msg('The route expired. Quote again and choose a route.');
    case 'revoked':
      return msg('The route expired before a transaction was sent. Press Swap to quote it again.');
    case 'wallet':
      return walletProblemText(p.wallet);
    case 'service':
      return problemText({ kind: 'error', error: p.error });
  }
}

/** Why `track()` or `approved()` could not be followed, in words. */
export function trackCallText(p: 'no-hand-out' | 'bad-hash' | 'late'): string {
  switch (p) {
    case 'no-hand-out':
      return msg('Select a route before tracking a transaction.');
    case 'bad-hash':
      return msg('track() needs the hash of the sent transaction.');
    case 'late':
      return msg('This transaction answers a hand-out that had been withdrawn (it expired, or the request changed). It is tracked, but the service may refund it.');
  }
}
