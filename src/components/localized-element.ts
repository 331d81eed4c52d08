import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { loadedLocale, localeTag, onLocaleLoaded, resolveLocale, useLocale, type Locale } from '../locales/localize.js';

/** The connected elements, told when a language arrives (see `onLocaleLoaded`). */
const connected = new Set<LocalizedElement>();
let listening = false;

/**
 * A LitElement whose update (willUpdate, render, updated) runs in its own locale, so the
 * `msg()` calls in it answer in that language even with widgets of other languages on
 * the page. Until the file of its language is loaded it speaks English, and it renders
 * again when the file arrives (with `locale="auto"`, when the file of a language the visitor
 * prefers arrives: `wantedLocale` is asked after the file registered).
 */
export class LocalizedElement extends LitElement {
  /** BCP 47 language tag, or `auto` (see `localeTag`); the browser's when absent. */
  @property() locale?: string;

  /** The widget language this element is asked for, loaded or not. */
  protected get wantedLocale(): Locale {
    return resolveLocale(localeTag(this.locale));
  }

  /** The language this element speaks: the one asked for once it is loaded, else English. */
  protected get uiLocale(): Locale {
    return loadedLocale(this.wantedLocale);
  }

  /**
   * Makes words outside an update (the message of an event sent when an answer arrives) in
   * this element's language: `msg()` answers in the locale set last.
   */
  protected say<T>(words: () => T): T {
    useLocale(this.uiLocale);
    return words();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    connected.add(this);
    if (!listening) {
      listening = true;
      onLocaleLoaded((locale) => {
        for (const el of connected) if (el.wantedLocale === locale) el.requestUpdate();
      });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    connected.delete(this);
  }

  protected override performUpdate(): void {
    useLocale(this.uiLocale);
    super.performUpdate();
  }
}
