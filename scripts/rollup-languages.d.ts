import type { RollupOptions } from 'rollup';

/** The languages besides English (lit-localize.json's targetLocales). */
export declare const targetLocales: string[];
/** One rollup build per language: src/locales/<locale>.ts -> dist/locales/<locale>.js. */
export function languageConfigs(): RollupOptions[];
