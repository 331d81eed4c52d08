/**
 * The form's draft as the user left it: its fields and their starting values. Apart from the
 * draft's checks (`draft.ts`), so the first frame paints the form without the address readers.
 *
 * Plain TypeScript; no DOM.
 */
export interface Draft {
  sellAsset: string;
  buyAsset: string;
  /** As typed, read in the widget's locale (`readNumber`): never changed behind the user's back (a bad value is marked, not rewritten). */
  amount: string;
  /** Percent, as typed, read as the amount is. */
  slippage: string;
  sourceAddress: string;
  destinationAddress: string;
}

export type DraftField = keyof Draft;

export const EMPTY_DRAFT: Draft = {
  sellAsset: '',
  buyAsset: '',
  amount: '',
  slippage: '1',
  sourceAddress: '',
  destinationAddress: '',
};
