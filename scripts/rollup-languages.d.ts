import type { RollupOptions } from 'rollup';

/** Characters of lit-localize's message id the language files keep (see the .js file). */
export declare const SHORT_ID_LENGTH: number;
/** The languages besides English (lit-localize.json's targetLocales). */
export declare const targetLocales: string[];
/** One rollup build per language: src/locales/<locale>.ts -> dist/locales/<locale>.js. */
export function languageConfigs(): RollupOptions[];
