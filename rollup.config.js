// Builds the script-tag files: the core (English), as one self-contained, minified ES module
// and the same as a classic script; and one file per other language (dist/locales/es.js, ...,
// see scripts/rollup-languages.js), a classic script that registers its messages with every
// widget on the page (src/locales/registry.ts) beside either form of the core. The npm build
// (lib/, with .d.ts, dependencies left as imports) is tsc's output (tsconfig.build.json).
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { languageConfigs } from './scripts/rollup-languages.js';

export const terserOptions = {
  ecma: 2020,
  module: true,
  compress: { passes: 2, pure_getters: true },
  // Private members named `_x` (mostly @lit-labs/virtualizer's, also @lit/task's, noble's and
  // ours) get short names: about 1 kB gzip. Left alone: lit's `_$` names (its protocol between
  // copies of lit), `__` names, and zod's `_zod` (another copy of zod reads a schema through
  // it). Nothing with such a name is serialised or read from outside the bundle.
  mangle: { properties: { regex: /^_(?![_$])(?!zod$)/ } },
  format: { comments: false },
};

/** @type {import('rollup').RollupOptions} */
export const core = {
  input: 'src/index.ts',
  plugins: [
    nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'] }),
    typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir: undefined, noEmitOnError: true }),
    // Whitespace out of html`` and css`` templates (lit's own minifier: it keeps bindings intact).
    minifyHTML(),
  ],
  treeshake: { preset: 'recommended' },
  onwarn(warning, warn) {
    // viem ships `/*#__PURE__*/` annotations in places rollup cannot use; they are harmless.
    if (warning.code === 'INVALID_ANNOTATION') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
  output: [
    {
      file: 'dist/swap-widget.js',
      format: 'es',
      inlineDynamicImports: true,
      plugins: [terser(terserOptions)],
    },
    {
      file: 'dist/swap-widget.iife.js',
      format: 'iife',
      name: 'SwapWidget',
      inlineDynamicImports: true,
      plugins: [terser({ ...terserOptions, module: false })],
    },
  ],
};

export default [core, ...languageConfigs()];
