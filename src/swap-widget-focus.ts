// Where the focus goes in the widget's shadow root: the field or control the main button's step
// names, and the view the flow just showed (its heading is announced). No state of its own.
import type { FocusView } from './domain/flow/flow.js';
import type { NextStep } from './domain/flow/next-step.js';

/** Whether the main button's step is the swap itself (the review, or the hand-out with `skip-review`). */
export const pressesSwap = (step: NextStep): boolean =>
  step.code === 'review' || step.code === 'swap' || step.code === 'no-wallet';

/** Moves to what the main button's step names: a token to pick, a field to fill, a wallet to connect. */
export function focusStep(root: ParentNode, step: NextStep): void {
  const form = root.querySelector('swap-quote-form');
  if (step.code === 'select-token') form?.openPicker(step.side);
  else if (step.code === 'connect-wallet') void form?.openWallets();
  else if (step.code === 'enter-destination') void form?.focusField('destinationAddress');
  else if (step.code === 'enter-source') void form?.focusField('sourceAddress');
  else if (step.code === 'enter-amount') void form?.focusField('amount');
  else if (step.code === 'fix-field' && step.field !== 'sellAsset' && step.field !== 'buyAsset')
    void form?.focusField(step.field);
}

/** The view that just appeared takes the focus: the one place focus is moved for the flow. */
export async function focusView(root: ParentNode, view: FocusView): Promise<void> {
  if (view === 'review') await root.querySelector('swap-review')?.focusHeading();
  else if (view === 'progress') await root.querySelector('swap-tracker')?.focusHeading();
  else if (view === 'handout') await root.querySelector('swap-execution-view')?.focusHeading();
  else root.querySelector('swap-quote-form')?.focusAmount();
}
