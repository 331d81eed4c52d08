/**
 * Machine text (memos, addresses, hashes, amounts with symbols) is laid out left to right
 * and isolated on a right-to-left page: a memo a user may type by hand is shown in its own
 * order, never reordered by the Arabic text around it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/index.js';
import '../../src/locales/ar.js';
import type { SwapWidget } from '../../src/swap-widget.js';
import { LOCAL_NODES, ofType, pressSwap, record, routeButtons, scope, shadow, until } from './helpers.js';
import { deepQuery } from './shadow.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** The x positions of a text node's characters go left to right on each line. */
function readsLeftToRight(node: Node): boolean {
  const text = node.textContent ?? '';
  const range = document.createRange();
  let previous: DOMRect | undefined;
  for (let i = 0; i < text.length; i++) {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = range.getBoundingClientRect();
    if (rect.width === 0) continue;
    if (previous && Math.abs(previous.top - rect.top) < 2 && rect.left < previous.left) return false;
    previous = rect;
  }
  return true;
}

function textNodeOf(el: Element): Node {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
  });
  return walker.nextNode()!;
}

function expectLtrIsolated(el: Element, what: string) {
  const style = getComputedStyle(el);
  expect(style.direction, `${what}: direction`).to.equal('ltr');
  expect(style.unicodeBidi, `${what}: isolation`).to.match(/isolate/);
}

describe('machine text in a right-to-left language', () => {
  it('shows the memo, the address and the amounts left to right in `ar`', async () => {
    const key = scope('rtl');
    const el = document.createElement('swap-widget');
    for (const [k, v] of Object.entries({
      ...LOCAL_NODES,
      'api-key': key,
      locale: 'ar',
      providers: 'PROTOCOL_A',
      affiliate: 'sw',
      'affiliate-fee': '25',
      'sell-asset': 'BTC.BTC',
      'buy-asset': 'ETH.ETH',
      'sell-amount': '0.1',
      'destination-address': ETH_ADDRESS,
    }))
      el.setAttribute(k, v);
    await fixture(html`<div style="width: 26rem">${el}</div>`);
    const seen = record(el as SwapWidget, 'swap-memo');
    await until(() => routeButtons(el as SwapWidget).length > 0, 'no routes');
    expect(getComputedStyle(shadow(el as SwapWidget).querySelector('.widget')!).direction).to.equal('rtl');

    const route = routeButtons(el as SwapWidget)[0]!;
    const expected = route.querySelector('.expected bdi')!;
    expectLtrIsolated(expected, 'expected amount');
    expect(expected.textContent).to.match(/ETH$/);
    for (const id of ['amount', 'sourceAddress', 'destinationAddress']) {
      expect(getComputedStyle(deepQuery(el, 'swap-quote-form', `#${id}`)!).direction, id).to.equal('ltr');
    }
    route.click();
    await (el as SwapWidget).updateComplete;
    // The form gives way to the memo flow once the review is confirmed.
    await pressSwap(el as SwapWidget);
    await until(() => !!shadow(el as SwapWidget).querySelector('swap-memo-flow'), 'no memo flow');
    const flow = shadow(el as SwapWidget).querySelector('swap-memo-flow')!;
    await flow.updateComplete;

    const memo = deepQuery(el, 'swap-memo-flow', '[data-field="memo"]')!;
    expect(memo.textContent).to.equal(ofType(seen, 'swap-memo')[0]!.detail.memo);
    expectLtrIsolated(memo, 'memo');
    expect(readsLeftToRight(textNodeOf(memo)), 'the memo is reordered').to.equal(true);
    const address = deepQuery(el, 'swap-memo-flow', '[data-field="address"]')!;
    expectLtrIsolated(address, 'address');
    expect(readsLeftToRight(textNodeOf(address))).to.equal(true);
    expect(getComputedStyle(deepQuery(el, 'swap-memo-flow', '[part="hash-input"]')!).direction).to.equal('ltr');
  });
});
