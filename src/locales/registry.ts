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
 * A language comes in one of two forms. The npm build's modules (src/locales/<locale>.ts) register
 * lit-localize's templates by its ids (`s` and 16 hex digits of a hash of the English text).
 * The script-tag files (dist/locales/<locale>.js) register an array with no id: the message
 * set's fingerprint, a slot table, then each message at the slot `messageSlot` gives its id
 * (scripts/message-order.js). The script-tag build writes its message set's fingerprint into
 * MESSAGES: a core reads a slotted language only when the fingerprints match.
 *
 * The two property names below and both forms are the contract between builds: keep them
 * (the bundles' minifier renames only `_x` properties).
 */
import type { LocaleModule } from '@lit/localize';

/**
 * The fingerprint of the message set of this build's msg() calls; the script-tag build writes it
 * in (scripts/message-order.js). Elsewhere (the npm build, tests) the set is not checked at build
 * time, and no slotted language matches this placeholder.
 */
export const MESSAGES: string = '__SWAP_WIDGET_MESSAGES__';

/**
 * A language's messages: by lit-localize's id, or slotted: `[fingerprint, table, ...messages]`,
 * the message of id `id` at index `2 + messageSlot(id, table)`.
 */
export type Templates = LocaleModule['templates'] | readonly unknown[];

/**
 * The slot of message `id` in a slotted language whose table is `table` (its number of slots,
 * then a displacement per bucket of messages): a minimal perfect hash of the message set,
 * built by scripts/message-order.js (which holds the same function).
 */
export function messageSlot(id: string, table: readonly number[]): number {
  const x = table[1 + (parseInt(id.slice(1, 9), 16) % (table.length - 1))]!;
  let h = Math.imul(parseInt(id.slice(9, 17), 16) ^ Math.imul(x, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) % table[0]!;
}

export interface LocaleRegistry {
  /** The messages of each registered language, by locale code (`es`, `zh-Hans`, `ar`). */
  readonly locales: Record<string, { readonly templates: Templates } | undefined>;
  /** Called with the locale code of each language registered from now on. */
  readonly listeners: ((locale: string) => void)[];
}

const KEY = Symbol.for('swap-widget.locales');

/** The page's registry, made by whichever of the widget or a language file comes first. */
export function localeRegistry(): LocaleRegistry {
  const global = globalThis as unknown as Record<symbol, LocaleRegistry | undefined>;
  return (global[KEY] ??= { locales: {}, listeners: [] });
}

/** Adds a language for every widget of the page (a language file's only statement). */
export function registerLocale(locale: string, templates: Templates): void {
  const registry = localeRegistry();
  registry.locales[locale] = { templates };
  for (const listener of registry.listeners) listener(locale);
}
