import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { resolveLocale, useLocale, type Locale } from '../locales/localize.js';

/**
 * A LitElement whose update (willUpdate, render, updated) runs in its own locale, so the
 * `msg()` calls in it answer in that language even with widgets of other languages on
 * the page.
 */
export class LocalizedElement extends LitElement {
  /** BCP 47 language tag; the browser's when absent. */
  @property() locale?: string;

  /** The bundled locale this element speaks. */
  protected get uiLocale(): Locale {
    return resolveLocale(this.locale ?? navigator.language);
  }

  /**
   * Makes words outside an update (the message of an event sent when an answer arrives) in
   * this element's language: `msg()` answers in the locale set last.
   */
  protected say<T>(words: () => T): T {
    useLocale(this.uiLocale);
    return words();
  }

  protected override performUpdate(): void {
    useLocale(this.uiLocale);
    super.performUpdate();
  }
}
