import { knownNumberMarks, numberMarks } from '../domain/amounts/number-input.js';
import { whenIdle } from '../util/format.js';

/**
 * No first render builds an `Intl.NumberFormat` (a page's first costs tens of milliseconds):
 * until the locale's number marks are known, a component writes numbers without them. This
 * reads them once the page is idle and calls `rerender`; nothing when they are known already.
 */
export function readNumberMarksWhenIdle(locale: string, rerender: () => void): void {
  if (knownNumberMarks(locale)) return;
  whenIdle(() => {
    numberMarks(locale);
    rerender();
  });
}
