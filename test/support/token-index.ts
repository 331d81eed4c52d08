/**
 * A token index built at once, for tests: the widget builds it in steps while the page stays
 * responsive (`indexTokensInSteps`); this runs those steps to the end.
 */
import type { Token } from '../../src/schemas/service.js';
import { indexTokensInSteps, type TokenIndex } from '../../src/domain/tokens/tokens.js';

export function indexTokens(list: readonly Token[]): TokenIndex {
  const steps = indexTokensInSteps(list, Number.POSITIVE_INFINITY);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
