/**
 * Where the languages and the widgets meet. The widget's code carries English; each other
 * language is a file of its own (`dist/locales/es.js`, or `swap-widget/locales/es.js` from
 * npm) that registers its messages here when it is evaluated.
 *
 * The registry lives on a well-known global (`Symbol.for('swap-widget.locales')`), not in a
 * module: a language file and the widget find each other whichever build each comes from
 * (a script tag of dist/, the npm build, or both on one page) and whichever is evaluated
 * first. A language evaluated before the widget waits here until the widget reads it; one
 * evaluated after tells the widget through `listeners`, and the widgets that asked for it
 * render again.
 *
 * Messages are keyed by the first SHORT_ID_LENGTH characters of lit-localize's id (`s` and
 * 8 hex digits of a hash of the English text): the ids were 40% of a language file's gzip.
 * The language build checks that no two messages share a short id.
 *
 * The two property names below and the short ids are the contract between builds: keep them
 * (the bundles' minifier renames only `_x` properties).
 */
import type { LocaleModule } from '@lit/localize';

/** Characters of lit-localize's message id that key a registered message (scripts/rollup-languages.js). */
export const SHORT_ID_LENGTH = 9;

export interface LocaleRegistry {
  /** The messages of each registered language, by locale code (`es`, `zh-Hans`, `ar`), by short id. */
  readonly locales: Record<string, LocaleModule | undefined>;
  /** Called with the locale code of each language registered from now on. */
  readonly listeners: ((locale: string) => void)[];
}

const KEY = Symbol.for('swap-widget.locales');

/** The page's registry, made by whichever of the widget or a language file comes first. */
export function localeRegistry(): LocaleRegistry {
  const global = globalThis as unknown as Record<symbol, LocaleRegistry | undefined>;
  return (global[KEY] ??= { locales: {}, listeners: [] });
}

/**
 * Adds a language for every widget of the page (a language file's only statement). Its
 * messages may be keyed by lit-localize's ids (the npm build) or by short ids (dist/).
 */
export function registerLocale(locale: string, templates: LocaleModule['templates']): void {
  const registry = localeRegistry();
  const short: LocaleModule['templates'] = {};
  for (const [id, template] of Object.entries(templates)) short[id.slice(0, SHORT_ID_LENGTH)] = template;
  registry.locales[locale] = { templates: short };
  for (const listener of registry.listeners) listener(locale);
}
