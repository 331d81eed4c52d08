/**
 * The root's stylesheet (its palettes and its `.widget` box) for a part shown alone: `:host(x)`
 * and `:host` read as a `.frame` element that stands for `<swap-widget>`, so a part inside
 * `<div class="frame"><div class="widget">` looks and measures as it does inside the widget.
 * For the review's screenshots (scripts/screenshots-review.ts) and its fit on a phone.
 */
import { swapWidgetStyles } from '../../src/swap-widget.styles.js';

export function frameStyles(): string {
  let css = swapWidgetStyles.cssText;
  for (let at = css.indexOf(':host('); at >= 0; at = css.indexOf(':host(')) {
    let depth = 0;
    let end = at + 5;
    do depth += css[end] === '(' ? 1 : css[end] === ')' ? -1 : 0;
    while (depth > 0 && ++end < css.length);
    css = `${css.slice(0, at)}.frame${css.slice(at + 6, end)}${css.slice(end + 1)}`;
  }
  return css.replaceAll(':host', '.frame');
}
