/**
 * Words for the integrator, not the user: what only the app showing the widget can act on (an
 * attribute to fix, a property to set). They go to `swap-error` and the console, in English
 * whatever the widget's language, and as plain text: no bidi isolates, which a log shows as
 * stray characters. None of them is ever rendered in the widget.
 */
import { withLocale } from '../../locales/localize.js';

/** `words` in English, without the marks that isolate machine text inside a sentence. */
export function forHost(words: () => string): string {
  return withLocale('en', words).replace(/[\u2066-\u2069]/g, '');
}
