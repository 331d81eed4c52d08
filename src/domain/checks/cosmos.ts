/**
 * The Cosmos-SDK messages of a route: the protocol and inbound vault they go to, the memo, and
 * what `cosmos-msgs.ts` reads of the messages themselves.
 *
 * Plain TypeScript; no DOM.
 */
import type { Route } from '../../schemas/service.js';
import { checkCosmosTx } from './cosmos-msgs.js';
import { PROTOCOL_NAMES, type MemoProtocol } from './inbound.js';
import { memoProtocol } from '../chains/providers.js';
import { checkInbound, checkMemo, memoExpiry } from './memo.js';
import { reject, type CheckResult, type PlanTarget } from './plans.js';
import type { Facts } from './facts.js';
import type { MsgTxLike } from './tx-form.js';

/** The memo protocol whose own chain each deposit chain is: its `MsgDeposit` is read by that protocol alone. */
const DEPOSIT_CHAIN_PROTOCOL: Readonly<Record<string, 'A' | 'C'>> = { THOR: 'A', MAYA: 'C' };

/**
 * The other memo protocol that keeps a vault on a deposit chain, where a sell of the chain's
 * coin is a send to that vault with the memo: RUNE sold through protocol C (xchainjs
 * `xchain-mayachain-amm` `src/utils.ts` `isProtocolBFTChain` @ 04ed0d0c: KUJI and THOR, and
 * `src/mayachain-action.ts` `makeNonProtocolAction` @ 0763741e: a transfer to the inbound
 * address Maya lists, with the memo). No protocol but C keeps a vault on MAYA.
 */
const SEND_CHAIN_PROTOCOL: Readonly<Record<string, 'A' | 'C'>> = { THOR: 'C' };

/**
 * Cosmos-SDK messages (`cosmos-msgs.ts` reads them): the memo (the route's, else the
 * transaction's) passes every memo rule, and the one message deposits or sends exactly the
 * sell coin and amount from the source address, with that memo and the chain's fee rule.
 * A sell of a memo protocol's own coin (RUNE on THOR, CACAO on MAYA) to that protocol is only
 * ever a `MsgDeposit`; RUNE sold through protocol C is a send to the vault C lists on THOR. A
 * route naming an inbound address on a deposit chain is refused unless that vault is the other
 * protocol's (its list decides, never the route's providers). Elsewhere (GAIA, KUJI) the one
 * message sends to the route's inbound address, which must be the vault a memo protocol lists.
 */
export function checkCosmos(route: Route, tx: MsgTxLike, f: Facts): CheckResult {
  const { request } = f.ctx;
  const source = request.sourceAddress;
  if (!source) return reject('source-address-missing');
  const memo = route.memo ?? tx.memo ?? '';
  const depositProtocol = DEPOSIT_CHAIN_PROTOCOL[f.sellChain];
  let protocol: MemoProtocol;
  let inbound: string | undefined;
  const sends = route.inboundAddress !== undefined;
  if (depositProtocol && route.targetAddress !== undefined && !sends)
    return reject('deposit-with-inbound', { chain: f.sellChain });
  if (depositProtocol && !sends) {
    const named = memoProtocol(route.providers);
    if (named && named !== depositProtocol)
      return reject('memo-protocol-mismatch', { providers: route.providers.join(','), protocol: depositProtocol });
    protocol = depositProtocol;
  } else {
    // No other protocol keeps a vault on this chain, or the route calls itself the chain's own
    // protocol: a deposit that names an address to send to.
    if (depositProtocol && (!SEND_CHAIN_PROTOCOL[f.sellChain] || memoProtocol(route.providers) === depositProtocol))
      return reject('deposit-with-inbound', { chain: f.sellChain });
    const checked = checkInbound(route, f);
    if (!checked.ok) return { ok: false, code: 'route-rejected', refusal: checked.refusal };
    ({ protocol, address: inbound } = checked);
    // A vault of the chain's own protocol there is no swap: that protocol reads only deposits.
    if (depositProtocol && protocol !== SEND_CHAIN_PROTOCOL[f.sellChain])
      return reject('deposit-with-inbound', { chain: f.sellChain });
  }
  const memoProblem = checkMemo(memo, route, f, protocol);
  if (memoProblem) return { ok: false, code: 'route-rejected', refusal: memoProblem };
  const result = checkCosmosTx(tx, {
    sellChain: f.sellChain,
    sourceAddress: source,
    sellAsset: request.sellAsset,
    sellAmount: f.sellUnits,
    checkedMemo: memo,
    ...(inbound !== undefined ? { inboundAddress: inbound } : {}),
  });
  if (!result.ok) return reject(result.refusal.code, result.refusal.params);
  // A memo the protocol reads: held to the memo hand-out's limit.
  const expiry = memoExpiry(f);
  const name = PROTOCOL_NAMES[protocol];
  // A deposit goes to the protocol's own module on its chain; a send to its vault there.
  const to: PlanTarget =
    inbound === undefined
      ? { address: `${name} (${f.sellChain})`, role: 'module', name }
      : { address: inbound, role: 'vault', name };
  return {
    ok: true,
    plan: {
      kind: 'cosmos',
      chain: f.sellChain,
      tx: { from: source, msgs: tx.msgs, fee: tx.fee, memo },
      to,
      protocol,
      ...(inbound !== undefined
        ? {
            memo: {
              kind: 'memo',
              chain: f.sellChain,
              asset: request.sellAsset,
              amount: request.sellAmount,
              address: inbound,
              memo,
              to,
              protocol,
              ...expiry,
            },
          }
        : {}),
      ...expiry,
    },
  };
}
