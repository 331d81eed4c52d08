/**
 * Where the later file hands itself to the first one, in the script-tag build: the later file,
 * a classic script, calls `provide()` as it runs; `arrived` resolves with what it gave.
 */
let give: (rest: unknown) => void = () => undefined;

/** Resolves once the later file ran. */
export const arrived: Promise<unknown> = new Promise((resolve) => (give = resolve));

/** Called by the later file as it runs. */
export function provide(rest: unknown): void {
  give(rest);
}
