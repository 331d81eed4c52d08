// Do not modify this file by hand!
// Re-generate this file by running lit-localize.

/**
 * The locale code that templates in this source code are written in.
 */
export const sourceLocale = `en`;

/**
 * The other locale codes that this application is localized into. Sorted
 * lexicographically.
 */
export const targetLocales = [
  `ar`,
  `bn`,
  `de`,
  `es`,
  `fr`,
  `hi`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `pl`,
  `pt`,
  `ru`,
  `th`,
  `tr`,
  `uk`,
  `vi`,
  `zh-Hans`,
] as const;

/**
 * All valid project locale codes. Sorted lexicographically.
 */
export const allLocales = [
  `ar`,
  `bn`,
  `de`,
  `en`,
  `es`,
  `fr`,
  `hi`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `pl`,
  `pt`,
  `ru`,
  `th`,
  `tr`,
  `uk`,
  `vi`,
  `zh-Hans`,
] as const;
