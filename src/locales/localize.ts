/**
 * Languages. Every string of the widget goes through `@lit/localize`'s `msg()`. The widget
 * carries English; each other language is a file a page adds (`dist/locales/es.js`, or
 * `import 'swap-widget/locales/es.js'`), which registers its messages on the page (see
 * registry.ts). No code or strings are fetched by the widget at run time.
 *
 * lit-localize's runtime mode has one active locale per page, but two widgets on one page
 * may speak different languages: the reentrant mode asks `getLocale()` before each `msg()`,
 * and each element sets the locale it renders in before its update runs (see
 * `LocalizedElement`). Strings made outside an update (an error that arrives later) take
 * the locale of the last element that updated.
 */
import { _installMsgImplementation } from '@lit/localize/init/install.js';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';
import { runtimeMsg } from '@lit/localize/internal/runtime-msg.js';
import type { LocaleModule, msg } from '@lit/localize';
import { sourceLocale, targetLocales } from './locale-codes.js';
import { localeRegistry, MESSAGES, messageSlot, type Templates } from './registry.js';

export type Locale = typeof sourceLocale | (typeof targetLocales)[number];

const registry = localeRegistry();

let renderLocale: Locale = sourceLocale;

/**
 * The messages `locale` is rendered with, when it is registered in a form this build reads: by
 * lit-localize's id, or slotted for this build's message set (see registry.ts). A slotted
 * language of another set (another build of the widget) is not read: its slots may hold other
 * messages.
 */
function templates(locale: string): Templates | undefined {
  const t = registry.locales[locale]?.templates;
  return Array.isArray(t) && t[0] !== MESSAGES ? undefined : t;
}

/** lit-localize's id of each message text asked for in a slotted language. */
const ids = new Map<unknown, string>();

try {
  // lit-localize's reentrant mode, reading slotted languages too: a message's id is hashed as
  // lit-localize does, and its slot found from it. The script-tag build gives a msg() call
  // whose message is not in the set a second argument, 0 (scripts/message-order.js): English.
  // Only loaded locales are rendered in (see `loadedLocale`); a missing message shows in English.
  _installMsgImplementation(((template: Parameters<typeof msg>[0], english?: 0) => {
    const t = renderLocale === sourceLocale || english === 0 ? undefined : templates(renderLocale);
    if (!Array.isArray(t)) return runtimeMsg(t as LocaleModule['templates'] | undefined, template, undefined);
    const strings = typeof template === 'string' ? template : template.strings;
    let id = ids.get(strings);
    if (id === undefined)
      ids.set(strings, (id = generateMsgId(strings, typeof template !== 'string' && !('strTag' in template))));
    return runtimeMsg(t as never, template, { id: (2 + messageSlot(id, t[1] as number[])) as never });
  }) as typeof msg);
} catch {
  // The page already configured lit-localize (the host uses it too): its locale applies.
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * The widget's language for a BCP 47 tag, whether its file is loaded or not: `es-MX` -> `es`,
 * `pt-BR` and `pt-PT` -> `pt`, `zh`, `zh-CN` and `zh-Hans-*` -> `zh-Hans`, `ar-EG` -> `ar`;
 * anything else (`zh-TW`, a language the widget does not speak, an invalid tag) -> `en`.
 */
export function resolveLocale(tag: string | undefined | null): Locale {
  return (tag && widgetLanguage(tag)) || sourceLocale;
}

/** The widget's language for `tag`, or undefined when it has none (English is one). */
function widgetLanguage(tag: string): Locale | undefined {
  // Every element resolves its locale on every update: a page uses few tags.
  let locale = resolved.get(tag);
  if (locale === undefined) {
    locale = resolveTag(tag) ?? null;
    if (resolved.size < 64) resolved.set(tag, locale);
  }
  return locale ?? undefined;
}

const resolved = new Map<string, Locale | null>();

function resolveTag(tag: string): Locale | undefined {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? '';
  } catch {
    return undefined;
  }
  // Canonical: `in` is already `id`, `iw` `he`, `tl` `fil`.
  const [language, ...rest] = canonical.split('-');
  if (language === 'zh') {
    // The script, when written, decides (`zh-Hans-HK` is Simplified); else the region.
    const traditional =
      !rest.includes('Hans') && rest.some((p) => p === 'Hant' || p === 'TW' || p === 'HK' || p === 'MO');
    return traditional ? undefined : 'zh-Hans';
  }
  if (language === sourceLocale) return sourceLocale;
  return (targetLocales as readonly string[]).includes(language!) ? (language as Locale) : undefined;
}

/** Whether a `locale` attribute asks for `auto` (in any case). */
export function isAuto(locale: string | undefined | null): boolean {
  return locale?.trim().toLowerCase() === 'auto';
}

/**
 * The BCP 47 tag a widget speaks and writes its numbers in, for its `locale` attribute: the
 * tag as written; absent or blank, the browser's language (`navigator.language`); `auto`,
 * the first of the visitor's languages (`navigator.languages`, in their order) that the
 * widget speaks and whose file is on the page (English always is), else `en`. So `auto` never
 * asks for a file the page has not loaded: with `fr` and `de` loaded, `de-AT, fr, en` speaks
 * German (numbers as in Austria), `en-GB, fr` English, and `ja, ko` English.
 */
export function localeTag(locale: string | undefined | null): string {
  const browser = typeof navigator === 'undefined' ? undefined : navigator;
  if (!isAuto(locale)) return locale?.trim() || browser?.language || sourceLocale;
  const visitor = browser?.languages?.length ? browser.languages : [browser?.language];
  for (const tag of visitor) {
    const language = tag ? widgetLanguage(tag) : undefined;
    if (language && isLoaded(language)) return tag!;
  }
  return sourceLocale;
}

/** The locale `msg()` answers in from now on. */
export function useLocale(locale: Locale): void {
  renderLocale = locale;
}

/** Runs `words` with `msg()` answering in `locale`, then in the locale set before (words for the host are English). */
export function withLocale<T>(locale: Locale, words: () => T): T {
  const before = renderLocale;
  renderLocale = locale;
  try {
    return words();
  } finally {
    renderLocale = before;
  }
}

export function isRtl(tag: string): boolean {
  return RTL.has(tag.split('-')[0]!.toLowerCase());
}

/** Whether the messages of `locale` are on the page (English always is). */
export function isLoaded(locale: Locale): boolean {
  return locale === sourceLocale || !!templates(locale);
}

const reported = new Set<string>();

/**
 * `locale` when its messages are on the page, else English. A language asked for but
 * missing is reported once per page, with the file to add, when the page has loaded: a
 * language file later in the page than the widget is not reported.
 */
export function loadedLocale(locale: Locale): Locale {
  if (isLoaded(locale)) return locale;
  if (!reported.has(locale)) {
    reported.add(locale);
    const report = () => {
      if (!isLoaded(locale)) {
        console.warn(
          `swap-widget: locale "${locale}" is not loaded; add <script src=".../locales/${locale}.js"></script> ` +
            `(beside swap-widget.js) or import 'swap-widget/locales/${locale}.js'. Speaking English until then.`,
        );
      }
    };
    if (typeof document !== 'undefined' && document.readyState !== 'complete')
      addEventListener('load', report, { once: true });
    else report();
  }
  return sourceLocale;
}

/** Calls `listener` with the locale code of every language registered from now on. */
export function onLocaleLoaded(listener: (locale: string) => void): void {
  registry.listeners.push(listener);
}
