import { msg, str } from '@lit/localize';
import { html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { FieldProblem } from '../domain/quotes/draft.js';
import { decimalText, knownNumberMarks, readNumber } from '../domain/amounts/number-input.js';
import { readNumberMarksWhenIdle } from './number-marks.js';
import { SLIPPAGE_PRESETS, minimumAt, slippageNote } from '../domain/amounts/slippage.js';
import { readableAmount } from '../util/format.js';
import { LocalizedElement } from './localized-element.js';
import { fieldProblemText, slippageNoteText } from './messages/config.js';
import { FormInputEvent } from './quote-form.js';

const ICON = svg`<path d="M2 4h7m4 0h1M2 12h2m4 0h6"/><circle cx="11" cy="4" r="2"/><circle cx="6" cy="12" r="2"/>`;

/**
 * The form's header, the widget's title and the settings control showing the slippage, and
 * the settings it opens in place (the slippage: presets and a custom value, with what that
 * value means: the swap may fail, or how much less may arrive). Escape closes them and gives
 * the focus back to the control. It renders into the form's shadow tree, so its parts are the
 * form's; the form's styles include its own (settings.styles.ts).
 *
 * @fires form-input - internal: the slippage changed (as typed)
 * @csspart settings-button - the settings control, showing the slippage
 * @csspart slippage - the slippage group
 */
export class SwapSettings extends LocalizedElement {
  /** The slippage in percent, as typed. */
  @property() slippage = '';
  /** Why the slippage is refused, when it is. */
  @property({ attribute: false }) problem?: FieldProblem;
  /** What the selected route is expected to pay out, and its symbol: the least that may arrive is said from them. */
  @property() expected?: string;
  @property() symbol = '';

  @state() private open = false;

  constructor() {
    super();
    this.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !this.open) return;
      e.stopPropagation(); // the settings close, not a dialog around the widget
      void this.show(false);
    });
  }

  /** Opens the settings and moves the focus to the slippage field (the main button's "fix it"). */
  async focusSlippage(): Promise<void> {
    this.open = true;
    await this.updateComplete;
    this.querySelector<HTMLInputElement>('#slippage')?.focus();
  }

  protected override createRenderRoot() {
    return this;
  }

  /** The first render builds no `Intl.NumberFormat` (see the form's `firstUpdated`): the presets are written in the locale once the page is idle, or when the settings open. */
  protected override firstUpdated(): void {
    readNumberMarksWhenIdle(this.locale ?? navigator.language, () => this.requestUpdate());
  }

  protected override render() {
    const s = this.slippage;
    const problem = this.problem;
    // Typed in the widget's locale (`0,5` in Spanish), judged as the decimal it reads as.
    const locale = this.locale ?? navigator.language;
    const read = readNumber(s, locale);
    const value = read.ok ? read.value : s;
    const note = problem ? undefined : slippageNote(value);
    const minimum = this.expected ? minimumAt(this.expected, value) : undefined;
    return html`<div class="head">
        <h2>${msg('Swap')}</h2>
        <button type="button" part="settings-button" class="settings-button ${problem ? 'danger' : note ? 'warn' : ''}" aria-expanded=${this.open ? 'true' : 'false'} aria-controls="settings"
          aria-label=${msg(str`Settings, slippage ${s}%`)} @click=${() => this.show(!this.open)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">${ICON}</svg><bdi dir="ltr">${s}%</bdi>
        </button>
      </div>
      <div id="settings" class="settings" role="group" aria-label=${msg('Settings')} ?hidden=${!this.open}>
        <fieldset part="slippage" class="slippage">
          <legend>${msg('Slippage tolerance (%)')}</legend>
          ${SLIPPAGE_PRESETS.map((preset) => (this.open || knownNumberMarks(locale) ? decimalText(preset, locale) : preset)).map((v) => html`<button type="button" class="preset" aria-pressed=${s === v ? 'true' : 'false'} @click=${() => this.emit(v)}>${v}%</button>`)}
          <label class="visually-hidden" for="slippage">${msg('Custom slippage in percent')}</label>
          <input id="slippage" type="text" inputmode="decimal" dir="ltr" autocomplete="off" .value=${s} aria-invalid=${problem ? 'true' : 'false'} aria-describedby="slippage-error slippage-note"
            @input=${(e: Event) => this.emit((e.target as HTMLInputElement).value)} />
          <span id="slippage-error" class="field-error danger" role=${problem ? 'alert' : nothing}>${problem ? fieldProblemText(problem) : nothing}</span>
          <p id="slippage-note" class="note warn" aria-live="polite">${note ? slippageNoteText(note, s, minimum && `${readableAmount(minimum, this.locale).text} ${this.symbol}`.trim()) : nothing}</p>
        </fieldset>
      </div>`;
  }

  private async show(open: boolean) {
    this.open = open;
    await this.updateComplete;
    const target = open
      ? (this.querySelector<HTMLElement>('.preset[aria-pressed="true"]') ?? this.querySelector('#slippage'))
      : this.querySelector<HTMLElement>('[part="settings-button"]');
    target?.focus();
  }

  private emit(value: string) {
    this.dispatchEvent(new FormInputEvent('slippage', value));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'swap-settings': SwapSettings;
  }
}
