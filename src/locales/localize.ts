/**
 * Languages. Every string of the widget goes through `@lit/localize`'s `msg()`, and every
 * locale is bundled (no code or strings are fetched at run time).
 *
 * lit-localize's runtime mode has one active locale per page, but two widgets on one page
 * may speak different languages: the reentrant mode asks `getLocale()` before each `msg()`,
 * and each element sets the locale it renders in before its update runs (see
 * `LocalizedElement`). Strings made outside an update (an error that arrives later) take
 * the locale of the last element that updated.
 */
import { configureReentrantLocalization } from '@lit/localize/init/reentrant.js';
import type { LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './locale-codes.js';
import * as ar from './generated/ar.js';
import * as es from './generated/es.js';
import * as zhHans from './generated/zh-Hans.js';

export type Locale = typeof sourceLocale | (typeof targetLocales)[number];

const MODULES: Record<string, LocaleModule> = { es, 'zh-Hans': zhHans, ar };

let renderLocale: Locale = sourceLocale;

try {
  configureReentrantLocalization({
    sourceLocale,
    targetLocales: [...targetLocales],
    getLocale: () => renderLocale,
    loadLocaleSync: (locale) => MODULES[locale],
  });
} catch {
  // The page already configured lit-localize (the host uses it too): its locale applies.
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * The bundled locale for a BCP 47 tag: `es-MX` -> `es`, `zh`, `zh-CN` and `zh-Hans-*` ->
 * `zh-Hans`, `ar-EG` -> `ar`; anything else (or an invalid tag) -> `en`.
 */
export function resolveLocale(tag: string | undefined | null): Locale {
  if (!tag) return sourceLocale;
  // Every element resolves its locale on every update: a page uses few tags.
  let locale = resolved.get(tag);
  if (!locale) {
    locale = resolveTag(tag);
    if (resolved.size < 64) resolved.set(tag, locale);
  }
  return locale;
}

const resolved = new Map<string, Locale>();

function resolveTag(tag: string): Locale {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? '';
  } catch {
    return sourceLocale;
  }
  const [language, ...rest] = canonical.split('-');
  if (language === 'zh') {
    const traditional = rest.some((p) => p === 'Hant' || p === 'TW' || p === 'HK' || p === 'MO');
    return traditional ? sourceLocale : 'zh-Hans';
  }
  return (targetLocales as readonly string[]).includes(language!) ? (language as Locale) : sourceLocale;
}

/** The locale `msg()` answers in from now on. */
export function useLocale(locale: Locale): void {
  renderLocale = locale;
}

export function isRtl(tag: string): boolean {
  return RTL.has(tag.split('-')[0]!.toLowerCase());
}
