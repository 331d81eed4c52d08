/**
 * Type tests of the public API, checked by `npm run typecheck` (never run): the tag-name map
 * makes `document.createElement('swap-widget')` a `SwapWidget`, and the event map types every
 * `swap-*` listener's `detail`, on the element and on any ancestor. Each `@ts-expect-error`
 * proves a wrong use is refused, so none of these types is `any`.
 */
import type { SwapErrorCode, SwapTxDetail, SwapTxEvent, SwapWidget } from '../../src/index.js';

type IsAny<T> = 0 extends 1 & T ? true : false;
const notAny = <T>(_value: T, _proof: IsAny<T> extends false ? true : never): void => undefined;

export function typedListeners(): void {
  // `querySelector('swap-widget')` is typed as the element (HTMLElementTagNameMap).
  const found = document.querySelector('swap-widget')!;
  // The example of the issue, for EVM transactions (`family` narrows `tx`).
  found.addEventListener('swap-tx', (e) => e.detail.family === 'evm' && e.detail.tx.chainId.toFixed());
  // @ts-expect-error: without narrowing, `tx` may be a Solana or Cosmos transaction.
  found.addEventListener('swap-tx', (e) => e.detail.tx.chainId);
  found.addEventListener('swap-tx', (e) => e.detail.family === 'solana' && e.detail.tx.serialized.length);
  // @ts-expect-error: `detail` has no such field.
  found.addEventListener('swap-tx', (e) => e.detail.transaction);
  // @ts-expect-error: `tx.chainId` is the EIP-155 number, not a string.
  found.addEventListener('swap-tx', (e) => e.detail.family === 'evm' && e.detail.tx.chainId.toUpperCase());

  const el = document.createElement('swap-widget');
  const widget: SwapWidget = el;
  notAny(widget, true);
  el.addEventListener('swap-tx', (e) => {
    const event: SwapTxEvent = e;
    const detail: SwapTxDetail = e.detail;
    const kind: 'approve' | 'swap' = detail.kind;
    notAny(event.detail, true);
    if (kind === 'approve') el.approved();
    event.preventDefault();
  });
  el.addEventListener('swap-quote', (e) => e.detail.routes.length.toFixed());
  el.addEventListener('swap-route', (e) => e.detail.routeIndex.toFixed());
  el.addEventListener('swap-memo', (e) => e.detail.memo.toUpperCase() + (e.detail.expiresAt ?? ''));
  el.addEventListener('swap-status', (e) => (e.detail.final ? e.detail.buyAmount?.length : e.detail.status.length));
  // @ts-expect-error: `final` is a boolean.
  el.addEventListener('swap-status', (e) => e.detail.final.length);
  // Events bubble and are composed: typed on any ancestor too.
  document.addEventListener('swap-error', (e) => {
    const code: SwapErrorCode = e.detail.code;
    return code === 'invalid-config' ? e.detail.field : e.detail.message;
  });
  // @ts-expect-error: not a code of the contract.
  const wrongCode: SwapErrorCode = 'timeout';
  void wrongCode;
}

export function typedProperties(): void {
  const el = document.createElement('swap-widget');
  el.affiliateFee = 30;
  el.affiliateFee = '30';
  const fee: string | number | undefined = el.affiliateFee;
  notAny(el.affiliateFee, true);
  el.sellAmount = '0.1';
  el.lockAddresses = true;
  el.bridge = true;
  el.pollInterval = 1000;
  // @ts-expect-error: a boolean attribute's property is a boolean.
  el.lockAddresses = 'yes';
  // @ts-expect-error: no such property.
  el.affiliateFees = 30;
  el.track('0xabc');
  el.track('abc', 'BTC');
  el.approved();
  el.approved('0xabc');
  void el.refresh().then(() => fee);
  // @ts-expect-error: track() needs the hash.
  el.track();
}
