#!/usr/bin/env node
// Builds the framework examples of demo/frameworks/ with esbuild into demo/frameworks/dist/
// (gitignored): react.html + react.js (React 19, JSX with the automatic runtime) and
// vue.html + vue.js (Vue 3's build with the template compiler, so the example needs no SFC
// plugin). Both import the widget as a host app would, `import 'swap-widget'`, which resolves
// through package.json's `exports` to the npm build (lib/): run `npm run build` first (the
// browser tests' pretest does). The plain pages (plain.html, plain-iife.html) and the wallet
// example (webview/, the classic-script bundle and a simulated native side) need no build.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const root = 'demo/frameworks';
const out = `${root}/dist`;

if (!existsSync('lib/index.js')) {
  console.error('build-frameworks: lib/index.js is missing: run npm run build first');
  process.exit(1);
}
mkdirSync(out, { recursive: true });

const common = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
  // Development builds: the frameworks' warnings stay on, and the tests check there are none.
  define: { 'process.env.NODE_ENV': '"development"' },
};

await Promise.all([
  build({
    ...common,
    entryPoints: [`${root}/react/main.jsx`],
    outfile: `${out}/react.js`,
    jsx: 'automatic',
  }),
  build({
    ...common,
    entryPoints: [`${root}/vue/main.js`],
    outfile: `${out}/vue.js`,
    alias: { vue: 'vue/dist/vue.esm-bundler.js' },
    define: {
      ...common.define,
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  }),
]);
copyFileSync(`${root}/react/index.html`, `${out}/react.html`);
copyFileSync(`${root}/vue/index.html`, `${out}/vue.html`);
console.log(`build-frameworks: ${out}/react.html, ${out}/vue.html`);
