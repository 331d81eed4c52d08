/**
 * The EVM transaction of a route: the call (a memo protocol's router deposit, Chainflip's Vault
 * swap, the aggregator's `swap` or `unoswap*`, decoded and encoded again), its value, and the
 * exact approval it needs.
 *
 * Plain TypeScript; no DOM.
 */
import type { Hex } from 'viem';
import type { Route } from '../../schemas/service.js';
import { assetChain, parseAsset } from '../chains/asset.js';
import { chainInfo } from '../chains/chains.js';
import { BROKER_VAULTS, knownContract, type ContractRole } from '../chains/contracts.js';
import {
  NATIVE_TOKEN_PLACEHOLDER,
  ONEINCH_KNOWN_FLAGS,
  ONEINCH_SWAP_SELECTOR,
  ROUTER_DEPOSIT_SELECTOR,
  ZERO_ADDRESS,
  decodeOneInchSwap,
  decodeRouterDeposit,
  encodeOneInchSwap,
  encodeRouterDeposit,
  isEvmAddress,
  needsApprovalReset,
  parseQuantity,
  sameEvmAddress,
  selector,
} from '../chains/evm.js';
import { PROTOCOL_NAMES, type MemoProtocol } from './inbound.js';
import { refusal, type Refusal } from './refusals.js';
import { checkInbound, checkMemo } from './memo.js';
import { isChainNative } from './decimals.js';
import { reject, type CheckResult, type EvmPlan, type PlanTarget } from './plans.js';
import { checkVaultSwap } from './chainflip-vault.js';
import { checkUnoswap } from './oneinch-unoswap.js';
import type { EvmTxLike } from './tx-form.js';
import type { Facts } from './facts.js';

/** A router deposit may expire at most this long after it is checked (seconds). */
export const MAX_ROUTER_EXPIRY_SECONDS = 2 * 3600;

/**
 * The EVM transaction of a route, decoded or refused. Its `to` is a contract the widget can
 * read a call of: a contract of its own table (`chains/contracts.ts`): the aggregator, whose
 * `swap` and `unoswap*` it decodes (`oneinch-unoswap.ts`), or Chainflip's Vault, whose swap
 * calls it decodes (`chainflip-vault.ts`); or a memo protocol's router, whose `depositWithExpiry`
 * it decodes and whose address (and vault) must be the ones the protocol lists (`inbound.ts`).
 * Any other contract, any other call, and a plain transfer are refused. The approval, for a token sell, is exact and goes to the
 * contract the call names: never to a free field of the route.
 */
export function checkEvm(route: Route, tx: EvmTxLike, f: Facts): CheckResult {
  const { request, now } = f.ctx;
  const sellChain = f.sellChain;
  const info = chainInfo(sellChain);
  if (info?.kind !== 'evm' || info.evmChainId === undefined) return reject('tx-chain-not-evm', { chain: sellChain });
  const chainId = info.evmChainId;
  if (tx.chain_id !== undefined && tx.chain_id !== chainId)
    return reject('tx-chain-mismatch', { got: tx.chain_id, want: chainId });
  const legacyChain = route.transaction?.chain;
  if (!route.tx && legacyChain && chainInfo(legacyChain)?.code !== sellChain && legacyChain !== String(chainId)) {
    return reject('tx-chain-mismatch', { got: legacyChain, want: chainId });
  }
  if (!request.sourceAddress) return reject('source-address-missing');
  if (!isEvmAddress(tx.from) || !sameEvmAddress(tx.from, request.sourceAddress))
    return reject('tx-from-mismatch', { got: tx.from });
  if (!isEvmAddress(tx.to) || sameEvmAddress(tx.to, ZERO_ADDRESS)) return reject('tx-to-invalid', { to: tx.to });
  if (!/^0x([0-9a-fA-F]{2})*$/.test(tx.data)) return reject('tx-data-invalid');
  const sel = selector(tx.data);
  if (!sel) return reject('tx-no-call');

  const native = isChainNative(request.sellAsset);
  let token: string | undefined;
  if (!native) {
    token = evmContract(request.sellAsset);
    if (!token) return reject('sell-token-invalid', { contract: parseAsset(request.sellAsset)?.contract });
  }

  const value = parseQuantity(tx.value);
  if (value === undefined) return reject('tx-value-invalid', { value: tx.value });
  if (native && value !== f.sellUnits) return reject('tx-value-mismatch', { got: value, want: f.sellUnits });
  if (!native && value !== 0n) return reject('tx-value-with-token', { value });

  let data: Hex;
  /** The contract the approval goes to: the one whose call pulls the tokens. */
  let spender: string;
  let to: PlanTarget;
  let protocol: MemoProtocol | undefined;
  let expiresAt = f.expiresAt;
  const contract = knownContract(sellChain, tx.to);
  if (contract) {
    // A contract of the table: only the calls the widget decodes for it.
    if (!contract.selectors.includes(sel))
      return reject('tx-call-unsupported', { selector: sel, contract: contract.name });
    if (route.memo) return reject('memo-evm-needs-router', { chain: sellChain });
    const read = readContractCall(tx.data, sel, contract.role, token, f);
    if ('code' in read) return { ok: false, code: 'route-rejected', refusal: read };
    data = read.data;
    spender = contract.address;
    to = { address: contract.address, role: contract.role, name: contract.name };
  } else if (sel === ROUTER_DEPOSIT_SELECTOR) {
    // A memo protocol's router: the one it lists for this chain, paying the vault it lists.
    const deposit = decodeRouterDeposit(tx.data);
    if (!deposit || encodeRouterDeposit(deposit).toLowerCase() !== tx.data.toLowerCase())
      return reject('router-call-unreadable');
    if (route.memo !== undefined && deposit.memo !== route.memo) return reject('router-memo-mismatch');
    const inbound = checkInbound(route, f, tx.to);
    if (!inbound.ok) return { ok: false, code: 'route-rejected', refusal: inbound.refusal };
    const memoProblem = checkMemo(deposit.memo, route, f, inbound.protocol);
    if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
    if (!sameEvmAddress(deposit.vault, inbound.address))
      return reject('router-vault-mismatch', { got: deposit.vault, want: inbound.address });
    const asset = native ? ZERO_ADDRESS : token!;
    if (!sameEvmAddress(deposit.asset, asset))
      return reject('router-asset-mismatch', { got: deposit.asset, want: asset });
    if (deposit.amount !== f.sellUnits)
      return reject('router-amount-mismatch', { got: deposit.amount, want: f.sellUnits });
    const nowSeconds = BigInt(Math.floor(now / 1000));
    if (deposit.expiration <= nowSeconds || deposit.expiration > nowSeconds + BigInt(MAX_ROUTER_EXPIRY_SECONDS)) {
      return reject('router-expiry-invalid', { expiry: deposit.expiration });
    }
    data = encodeRouterDeposit(deposit);
    // Not signed after the router would refuse it.
    if (expiresAt !== undefined) expiresAt = Math.min(expiresAt, Number(deposit.expiration) * 1000);
    spender = tx.to;
    to = { address: tx.to, role: 'router', name: PROTOCOL_NAMES[inbound.protocol] };
    protocol = inbound.protocol;
  } else if (route.memo) {
    return reject('memo-evm-needs-router', { chain: sellChain });
  } else {
    return reject('tx-to-unknown', { to: tx.to, selector: sel });
  }

  let approval: EvmPlan['approval'];
  if (!native) {
    // The route may name the spender (`meta.approvalAddress`, or `targetAddress` in the real
    // service's dialect): it must be the contract the call names.
    for (const named of [route.meta.approvalAddress, route.targetAddress]) {
      if (named !== undefined && !sameEvmAddress(named, spender))
        return reject('approval-spender-mismatch', { spender: named, want: spender });
    }
    approval = {
      token: token!,
      spender,
      amount: f.sellUnits,
      decimals: f.sellDecimals,
      resetFirst: needsApprovalReset(sellChain, token!),
    };
  }
  return {
    ok: true,
    plan: {
      kind: 'evm',
      chain: sellChain,
      chainId,
      ...(approval ? { approval } : {}),
      tx: { to: tx.to, from: tx.from, value, data, chainId },
      to,
      ...(protocol ? { protocol } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    },
  };
}

/**
 * A call of a contract of the table, by what the contract is: a Vault's swap (`chainflip-vault.ts`),
 * or the aggregator's `swap` or `unoswap*` (`oneinch-unoswap.ts`). The calldata to hand out,
 * written again from its checked parts, or why it is refused.
 */
function readContractCall(
  txData: string,
  sel: string,
  role: ContractRole,
  token: string | undefined,
  f: Facts,
): { data: Hex } | Refusal {
  if (role === 'vault') {
    const terms = checkVaultSwap(txData, token, f);
    return 'code' in terms ? terms : { data: txData.toLowerCase() as Hex };
  }
  if (sel !== ONEINCH_SWAP_SELECTOR) return checkUnoswap(txData, token, f);
  const swap = decodeOneInchSwap(txData);
  if (!swap || encodeOneInchSwap(swap).toLowerCase() !== txData.toLowerCase())
    return refusal('aggregator-call-unreadable');
  return checkOneInchSwap(swap, token, f) ?? { data: encodeOneInchSwap(swap) };
}

/** A token's contract on an EVM chain, as written but with a `0x` prefix (the spec writes contracts in either case, `0X` too); undefined when it is not an address. */
function evmContract(asset: string): string | undefined {
  const contract = parseAsset(asset)?.contract;
  if (!contract || !/^0x[0-9a-f]{40}$/i.test(contract)) return undefined;
  return `0x${contract.slice(2)}`;
}

/** The token address an aggregator call names for an asset of the sell chain: its contract, or the native placeholder. */
function aggregatorToken(asset: string, sellChain: string): string | undefined {
  if (assetChain(asset) !== sellChain) return undefined;
  if (isChainNative(asset)) return NATIVE_TOKEN_PLACEHOLDER;
  return evmContract(asset);
}

/**
 * A 1inch v6 `swap`, read by what it does, whatever the route's providers say: it sells
 * exactly the sell amount of the sell token and sets no flag v6 does not define; it buys the
 * asked asset for the destination with a minimum not below the route's. A zero receiver is the
 * sender (the v6 router's `dstReceiver == 0 ? msg.sender`): only when the destination is the
 * source. A swap for another chain's asset is refused: what it buys stays on the sell chain,
 * and nothing it signs carries the swap on (`first-leg-unbound` when it pays Chainflip's Vault).
 */
function checkOneInchSwap(
  swap: NonNullable<ReturnType<typeof decodeOneInchSwap>>,
  token: string | undefined,
  f: Facts,
): Refusal | undefined {
  const { request } = f.ctx;
  const srcToken = token ?? NATIVE_TOKEN_PLACEHOLDER;
  if (!sameEvmAddress(swap.srcToken, srcToken))
    return refusal('aggregator-src-token-mismatch', { got: swap.srcToken, want: srcToken });
  if (swap.amount !== f.sellUnits)
    return refusal('aggregator-amount-mismatch', { got: swap.amount, want: f.sellUnits });
  if ((swap.flags & ~ONEINCH_KNOWN_FLAGS) !== 0n) return refusal('aggregator-flags-unknown', { flags: swap.flags });

  if (f.buyChain === f.sellChain) {
    const dstToken = aggregatorToken(request.buyAsset, f.sellChain);
    if (!dstToken || !sameEvmAddress(swap.dstToken, dstToken))
      return refusal('aggregator-dst-token-mismatch', { got: swap.dstToken, want: dstToken ?? request.buyAsset });
    // The minimum is signed in the bought token's base units: only its trusted decimals count it.
    if (!f.buyDecimalsTrusted)
      return refusal('token-decimals-untrusted', { asset: request.buyAsset, chain: f.buyChain });
    if (swap.minReturnAmount < f.minimumUnits || swap.minReturnAmount === 0n)
      return refusal('aggregator-minimum-too-low', { got: swap.minReturnAmount, want: f.minimumUnits });
    const receiver = request.destinationAddress ?? request.sourceAddress!;
    const toSender = sameEvmAddress(swap.dstReceiver, ZERO_ADDRESS) && sameEvmAddress(receiver, request.sourceAddress);
    if (!toSender && !sameEvmAddress(swap.dstReceiver, receiver))
      return refusal('aggregator-receiver-mismatch', { got: swap.dstReceiver, want: receiver });
    return undefined;
  }

  // Another chain's asset: the swap can only pay someone on this chain, and signs nothing that
  // carries the swap on. Paying a protocol's Vault, it is a plain transfer to it (the Vault
  // swaps only what its own calls carry, with their destination and minimum).
  const vault = BROKER_VAULTS[f.sellChain];
  if (vault && sameEvmAddress(swap.dstReceiver, vault))
    return refusal('first-leg-unbound', { got: swap.dstReceiver, chain: f.sellChain, protocol: 'Chainflip' });
  return refusal('aggregator-receiver-unverified', { got: swap.dstReceiver });
}
