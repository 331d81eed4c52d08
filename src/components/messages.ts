/**
 * Words for what the service reports in codes, for people. Called at render time so they
 * follow the widget's locale.
 */
import { msg, str } from '@lit/localize';
import type { ProviderError } from '../api/schemas.js';
import type { MemoProblem } from '../domain/memo.js';
import { providerLabel } from '../domain/providers.js';
import type { Refusal } from '../domain/refusals.js';

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
  const v = (key: string) => String(p[key] ?? '');
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
      return msg('an EVM transaction needs your source address');
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
    case 'channel-blocks-missing':
      return msg('the deposit channel does not say when it opens and closes');
    case 'channel-expiry-before-issue':
      return msg(str`the deposit channel closes at block ${v('expiry')}, not after it opens (block ${v('issued')})`);
    case 'channel-duration-invalid':
      return msg(str`the deposit channel stays open ${v('seconds')} s, which no channel does`);
  }
}
