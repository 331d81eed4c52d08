// The bare Lit floor of the bench's cold load: one element, one button, nothing else. Built
// by bench/floors/build.js with the widget's rollup plugins and terser options (production
// lit, minified) into bench/results/build/floor-lit.js.
import { LitElement, html } from 'lit';

class FloorLit extends LitElement {
  render() {
    return html`<button type="button">Swap</button>`;
  }
}
customElements.define('floor-lit', FloorLit);
