import type { Plugin } from 'rollup';

/** The rollup plugin that writes the locales' message ids once (see the .js file). */
export function compactLocales(options: { dir: string }): Plugin;
