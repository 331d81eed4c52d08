// <swap-widget> in Vue 3, with no wrapper. Three things to know:
//  - `compilerOptions.isCustomElement` tells Vue's template compiler that `swap-*` tags are
//    custom elements, not Vue components it failed to resolve (a warning otherwise).
//  - `.prop` binds a DOM property: `:affiliateFee.prop="fee"` keeps the number. The name after
//    `:` is used as-is, so write the camelCase property name: `:affiliate-fee.prop` would set
//    a property literally named "affiliate-fee", which the widget does not have. (Without
//    `.prop`, `:affiliate-fee="fee"` sets the attribute, which works too, as a string.)
//  - `@swap-quote` listens to the DOM event of that name.
//
// The template is a string compiled in the browser (vue.esm-bundler.js, the build with the
// compiler), so no SFC tooling is needed. Built by scripts/build-frameworks.js into
// demo/frameworks/dist/vue.html; `?key=` passes the service's scope and `?fee=` the first fee.
import 'swap-widget';
import { createApp, ref } from 'vue';

const params = new URLSearchParams(location.search);

/** What the Vue handlers received, and Vue's warnings, for the test suite. */
window.frameworkEvents = [];
window.frameworkWarnings = [];

const app = createApp({
  setup() {
    const key = params.get('key') ?? undefined;
    const fee = ref(Number(params.get('fee') ?? 30));
    const routes = ref([]);
    const error = ref('');
    function onQuote(e) {
      window.frameworkEvents.push({ type: e.type, quoteId: e.detail.quoteId, routes: e.detail.routes.length });
      routes.value = e.detail.routes;
      error.value = '';
    }
    function onError(e) {
      window.frameworkEvents.push({ type: e.type, code: e.detail.code, field: e.detail.field });
      error.value = `${e.detail.code}: ${e.detail.message}`;
    }
    return { key, fee, routes, error, onQuote, onError };
  },
  template: `
    <main>
      <h1>Vue {{ fee }} bps</h1>
      <swap-widget
        :apiKey.prop="key"
        affiliate="abc"
        :affiliateFee.prop="fee"
        providers="PROTOCOL_A"
        sell-asset="BTC.BTC"
        buy-asset="ETH.ETH"
        :sellAmount.prop="'0.1'"
        destination-address="0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
        @swap-quote="onQuote"
        @swap-error="onError"
      ></swap-widget>
      <p><output id="route-count">{{ routes.length }}</output> routes <span v-if="error" id="error">{{ error }}</span></p>
      <button id="raise-fee" type="button" @click="fee += 10">Raise the fee by 10 bps</button>
    </main>
  `,
});
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('swap-');
app.config.warnHandler = (msg) => window.frameworkWarnings.push(msg);
app.mount('#app');
