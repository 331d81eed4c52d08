/**
 * Words for a refused route: every refusal code, and why a memo cannot be read.
 */
import { msg, str } from '@lit/localize';
import type { MemoProblem } from '../../domain/chains/memo.js';
import type { Refusal } from '../../domain/checks/refusals.js';
import { ltrText } from '../machine-text.js';
import { PROTOCOL_NAMES } from '../../domain/checks/inbound.js';
import { decimalsHostText } from './config.js';

/** A memo protocol's name from a refusal's parameter (its code, `A` or `C`), else the parameter as given. */
function protocolName(code: string | number | undefined): string {
  return code === 'A' || code === 'C' ? PROTOCOL_NAMES[code] : String(code ?? '');
}

/**
 * Why a protocol's list of vaults could not vouch for the address a route pays, in words: the end
 * of "This route was refused: …". Nothing is handed out without it; a later press reads it again.
 */
function protocolUnverifiedText(name: string, reason: string): string {
  switch (reason) {
    case 'off':
      return msg(
        str`this app turned off the check of ${name}'s vaults, and without it no route that pays ${name} is handed out`,
      );
    case 'late':
      return msg(
        str`${name}'s node answered too late to check the address it pays; nothing was handed out, try again in a moment`,
      );
    case 'unreadable':
      return msg(
        str`${name}'s node gave an answer that cannot be read, so the address it pays cannot be checked; try again in a moment`,
      );
    default:
      return msg(
        str`${name}'s node did not answer, so the address it pays cannot be checked; nothing was handed out, try again in a moment`,
      );
  }
}

/** Why a memo cannot be read, in words. */
export function memoProblemText(problem: string): string {
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
    case 'token-decimals-untrusted':
      // What the app can do about it (the decimals property, rpc-urls) is the integrator's: `refusalHostNote`.
      return msg(
        str`the widget cannot verify the amounts of ${v('asset')}: no source it trusts gives the token's decimals`,
      );
    case 'destination-missing':
      return msg('it needs a destination address');
    case 'destination-mismatch':
      return msg('it pays to another destination address');
    case 'minimum-below-slippage':
      return msg(
        str`its minimum output ${v('minimum')} is below the ${v('floor')} a ${v('slippage')}% slippage allows`,
      );
    case 'affiliate-fee-unconfigured':
      return msg(str`it charges an affiliate fee of ${v('amount')} ${v('asset')}, but no affiliate fee is configured`);
    case 'affiliate-fee-too-high':
      return msg(
        str`its affiliate fee of ${v('amount')} ${v('asset')} is more than the configured ${v('bps')} bps allow (${v('max')})`,
      );
    case 'affiliate-fee-asset':
      return msg(
        str`it charges an affiliate fee in ${v('asset')}, which is neither the asset sold nor the asset bought`,
      );
    case 'meta-affiliate-mismatch':
      return msg(str`it names affiliate "${v('got')}", not the one configured`);
    case 'meta-affiliate-fee-mismatch':
      return msg(str`it names an affiliate fee of ${v('got')} bps, not the ${v('want')} configured`);
    case 'route-kind-unsupported':
      return msg('it needs a wallet of a kind the widget cannot drive (a non-EVM transaction)');
    case 'route-kind-unknown':
      return msg('it carries neither a transaction, a memo nor a deposit channel');
    case 'atomic-swap-unsupported':
      return msg(
        str`it is an atomic swap (${v('provider')}): it locks your funds in a contract the route does not describe, so the widget cannot check it`,
      );
    case 'channel-second-swap-unsupported':
      return msg(
        str`it swaps twice, through ${v('first')} and then ${v('then')} on ${v('chain')}, and the widget can check only the first swap: nothing binds what the second one pays you`,
      );
    case 'tx-form-unknown':
      return msg('its transaction is in a form the widget cannot read, so it cannot be checked');
    case 'memo-chain-unsupported':
      return msg(str`${v('chain')} transactions cannot carry a memo`);
    case 'memo-too-long':
      return msg(
        str`its memo is ${v('bytes')} bytes long, more than the ${v('limit')} bytes a ${v('chain')} transaction carries`,
      );
    case 'memo-unreadable':
      return msg(str`its memo cannot be read (${memoProblemText(v('problem'))})`);
    case 'memo-asset-mismatch':
      return msg(str`its memo buys ${v('got')}, not ${v('want')}`);
    case 'memo-asset-ambiguous':
      return msg(
        str`its memo names ${v('got')}, which may also be ${v('other')}: the protocol would pick the deeper pool`,
      );
    case 'memo-destination-mismatch':
      return msg(str`its memo pays to ${v('got')}, not to your destination address`);
    case 'memo-refund-mismatch':
      return msg(str`its memo sends refunds to ${v('got')}, not to your source address`);
    case 'memo-limit-below-minimum':
      return msg(str`its memo accepts as little as ${v('limit')} (1e8 units), below the minimum ${v('minimum')}`);
    case 'memo-streaming-invalid':
      return msg(
        str`its memo streams ${v('quantity')} sub-swaps ${v('interval')} blocks apart, longer than the ${v('max')} blocks a streaming swap may take`,
      );
    case 'memo-affiliate-mismatch':
      return msg(str`its memo pays affiliate "${v('got')}", not the one configured`);
    case 'memo-affiliate-missing':
      return msg('its memo leaves out the configured affiliate');
    case 'memo-fee-mismatch':
      return msg(str`its memo's affiliate fee is ${v('got')} bps, not ${v('want')}`);
    case 'memo-evm-needs-router':
      return msg(
        str`a deposit from ${v('chain')} must be a call of the protocol's router, and it has none (a source address is needed)`,
      );
    case 'inbound-address-missing':
      return msg('it has a memo but no inbound address');
    case 'inbound-address-invalid':
      return msg(str`its inbound address ${v('address')} is not a ${v('chain')} address`);
    case 'memo-asset-unsourced':
      return msg(
        str`its memo cuts short the contract of ${v('want')} (${v('got')}), a token the widget holds no sourced record of, so a look-alike could be bought instead`,
      );
    case 'inbound-chain-unlisted':
      return msg(str`no protocol lists a vault on ${v('chain')}`);
    case 'inbound-vault-unlisted':
      return msg(str`it pays ${v('address')}, which is not the vault the protocol lists (${v('listed')})`);
    case 'router-unlisted':
      return msg(str`it calls ${v('address')}, which is not the router the protocol lists`);
    case 'broker-route-with-memo':
      return msg('it is a deposit-channel route but also carries a memo or an inbound address');
    case 'deposit-with-inbound':
      return msg(
        str`a sell of ${v('chain')}'s own coin is a deposit to its protocol, but it names an address to send to`,
      );
    case 'memo-protocol-mismatch':
      return msg(str`its providers (${v('providers')}) name another protocol than the one whose address it pays`);
    case 'protocol-unverified':
      return protocolUnverifiedText(protocolName(p['protocol']), String(p['reason'] ?? ''));
    case 'protocol-halted':
      return msg(
        str`${protocolName(p['protocol'])} has halted trading on ${v('chain')}: funds sent now would wait or be refunded`,
      );
    case 'amount-below-dust':
      return msg(
        str`its amount (${v('amount')} base units) is below the ${v('dust')} that ${protocolName(p['protocol'])} ignores on ${v('chain')}`,
      );
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
    case 'tx-data-invalid':
      return msg('its transaction data is not hex');
    case 'tx-no-call':
      return msg('its transaction calls no function (a plain transfer is not a swap)');
    case 'tx-to-unknown':
      return msg(str`its transaction calls ${v('to')}, which is not a contract the widget can read a swap of`);
    case 'tx-call-unsupported':
      return msg(str`its transaction makes a call (${v('selector')}) of ${v('contract')} that the widget cannot read`);
    case 'tx-value-invalid':
      return msg(str`its transaction value "${v('value')}" is not a number`);
    case 'tx-value-mismatch':
      return msg(str`its transaction sends ${v('got')} wei, not the ${v('want')} wei of your sell amount`);
    case 'tx-value-with-token':
      return msg(str`its transaction also sends ${v('value')} wei with a token sell`);
    case 'sell-token-invalid':
      return msg(str`the sell token's contract "${v('contract')}" is not an EVM address`);
    case 'approval-spender-mismatch':
      return msg(
        str`its approval would go to ${v('spender')}, not to the contract that takes the tokens (${v('want')})`,
      );
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
    case 'aggregator-src-token-mismatch':
      return msg(str`its swap call sells ${v('got')}, not the token you sell (${v('want')})`);
    case 'aggregator-dst-token-mismatch':
      return msg(str`its swap call buys ${v('got')}, not ${v('want')}`);
    case 'aggregator-amount-mismatch':
      return msg(str`its swap call sells ${v('got')} units, not the ${v('want')} of your sell amount`);
    case 'aggregator-receiver-mismatch':
      return msg(str`its swap call pays ${v('got')}, not your destination address`);
    case 'aggregator-receiver-unverified':
      return msg(str`its first leg pays ${v('got')}, which is not the next protocol's contract`);
    case 'aggregator-leg-unreadable':
      return msg('it swaps to another chain, but its first leg cannot be read');
    case 'aggregator-minimum-too-low':
      return msg(str`its swap call accepts as little as ${v('got')} units, below the route's minimum ${v('want')}`);
    case 'aggregator-flags-unknown':
      return msg(str`its swap call sets flags ${v('flags')} the aggregator does not define`);
    case 'first-leg-unbound':
      return p.protocol
        ? msg(
            str`its first swap on ${v('chain')} pays ${v('protocol')}'s Vault without naming your destination, the asset you buy or its minimum: tokens sent to the Vault start no swap for you`,
          )
        : msg(
            str`its swap on ${v('chain')} can only pay an address there: nothing it signs carries your swap on to the asset you buy`,
          );
    case 'vault-call-unreadable':
      return msg("its call of Chainflip's Vault cannot be read as xSwapNative or xSwapToken");
    case 'vault-asset-unsupported':
      return msg(str`Chainflip's Vault does not swap ${v('asset')}`);
    case 'vault-source-mismatch':
      return msg(str`its Vault call sells ${v('got')}, not the token you sell (${v('want')})`);
    case 'vault-amount-mismatch':
      return msg(str`its Vault call sells ${v('got')} units, not the ${v('want')} of your sell amount`);
    case 'vault-chain-mismatch':
      return msg(str`its Vault call swaps to Chainflip's chain ${v('got')}, not ${v('want')}, the chain you buy on`);
    case 'vault-asset-mismatch':
      return msg(str`its Vault call buys Chainflip's asset ${v('got')}, not ${v('want')}, the asset you buy`);
    case 'vault-destination-unsupported':
      return msg(str`the widget cannot read a Chainflip Vault destination on ${v('chain')}`);
    case 'vault-destination-mismatch':
      return msg(str`its Vault call pays ${v('got')}, not your destination address`);
    case 'vault-parameters-unreadable':
      return msg("its Vault call's swap parameters cannot be read");
    case 'vault-refund-mismatch':
      return msg(str`its Vault call refunds to ${v('got')}, not to your source address`);
    case 'vault-parameters-unsupported':
      return p.field === 'boost'
        ? msg('its Vault call pays a boost fee you did not ask for')
        : msg('its Vault call splits the swap into chunks, each with its own minimum, which can refund part of it');
    case 'vault-fee-too-high':
      return msg(str`its Vault call takes ${v('bps')} bps in fees, more than the configured ${v('want')} bps`);
    case 'vault-minimum-too-low':
      return msg(
        str`its Vault call's least price pays as little as ${v('got')} units, below the ${v('want')} your slippage allows`,
      );
    case 'unoswap-flags-unknown':
      return msg(str`its swap call sets pool flags ${v('flags')} the widget cannot read`);
    case 'unoswap-pool-unread':
      return msg(
        str`the widget could not read pool ${v('pool')} on ${v('chain')}, which decides what the swap buys: connect a wallet on ${v('chain')} or set rpc-urls`,
      );
    case 'unoswap-pool-unverified':
      return msg(str`its swap goes through ${v('pool')}, which is not a pool the widget can verify`);
    case 'token-decimals-mismatch':
      return p.source === 'table'
        ? msg(
            str`the token list says ${v('asset')} has ${v('list')} decimals, but the widget's table of known tokens says ${v('trusted')}`,
          )
        : p.source === 'host'
          ? msg(str`the token list says ${v('asset')} has ${v('list')} decimals, but the app says ${v('trusted')}`)
          : msg(
              str`the token list says ${v('asset')} has ${v('list')} decimals, but the token itself says ${v('trusted')}`,
            );
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
      return p['reason'] === 'no-rpc'
        ? msg(
            'its Solana transaction loads an account that must be checked from an address lookup table, which the widget reads only through a Solana RPC endpoint (SOL in rpc-urls), and none is named',
          )
        : p['reason'] === 'unread'
          ? msg(
              str`its Solana transaction loads an account that must be checked from the address lookup table ${v('table')}, which could not be read`,
            )
          : msg('its Solana transaction hides an account that must be checked in an address lookup table');
    case 'solana-swap':
      return msg('its Solana transaction has no swap the widget can read, or more than one');
    case 'solana-source-account':
      return msg('its Solana swap spends from an account that is not yours');
    case 'solana-amount':
      return msg(str`its Solana transaction spends ${v('actual')} units, not the ${v('expected')} of your sell amount`);
    case 'solana-minimum-out':
      return msg(
        str`its Solana swap accepts as little as ${v('actual')} units, below the route's minimum ${v('expected')}`,
      );
    case 'solana-destination':
      return msg('its Solana swap pays out to another account than your destination');
    case 'solana-platform-fee-unconfigured':
      return msg(str`its Solana swap takes a platform fee of ${v('bps')} bps that this app has not set up`);
    case 'solana-platform-fee-rate':
      return msg(str`its Solana swap takes a platform fee of ${v('got')} bps, not the ${v('want')} bps configured`);
    case 'solana-platform-fee-account':
      return msg(
        str`its Solana swap pays its platform fee to ${v('account')}, not to the configured affiliate's token account`,
      );
    case 'cosmos-shape':
      return p.field
        ? msg(str`its messages are not in the form the widget reads (${v('field')})`)
        : msg('its messages are not in the form the widget reads');
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
    case 'provider-unsupported':
      return msg(str`the widget cannot carry out routes of ${v('provider')}`);
    case 'chain-unsupported':
      return msg(str`the widget does not support the chain ${v('chain')}`);
    case 'route-steps-unsupported':
      return msg(str`it has several steps (${v('providers')}), which the widget cannot carry out`);
    case 'contract-unsourced':
      return msg(
        str`it goes through ${v('name')} (${v('address')}), a contract whose code is published nowhere the widget can check`,
      );
    case 'route-changed':
      return msg(str`the service's transaction is for another route than the one quoted (${v('field')})`);
    case 'deposit-provider-unknown':
      return msg(str`it pays a deposit address on a route of ${v('provider')}, which is not paid that way`);
    case 'deposit-with-memo':
      return msg('it pays a deposit address with a memo, which nothing reads');
    case 'deposit-address-invalid':
      return msg(str`its deposit address ${v('address')} is not an address of ${v('chain')}`);
    case 'deposit-address-mismatch':
      return msg(str`it names two addresses to pay, ${v('address')} and ${v('other')}`);
    case 'deposit-address-own':
      return msg(str`its deposit address ${v('address')} is your own address`);
    case 'deposit-params-mismatch':
      return msg(str`the provider's own parameters of the route say another swap (${v('field')})`);
    case 'deposit-tx-mismatch':
      return msg(str`its transaction is not the transfer of your sell amount to its deposit address (${v('field')})`);
  }
}

/**
 * What only the app showing the widget can do about a refusal (a property to set, an attribute
 * to add), for `swap-error` and the console: English, plain text, never shown in the widget.
 * None for most refusals.
 */
export function refusalHostNote(refusal: Refusal): string | undefined {
  const p = refusal.params ?? {};
  switch (refusal.code) {
    case 'token-decimals-untrusted':
      return decimalsHostText(String(p.asset), String(p.chain));
    case 'solana-platform-fee-unconfigured':
      return 'A platform fee needs affiliate-fee and a SOL owner in affiliate-addresses.';
    default:
      return undefined;
  }
}
