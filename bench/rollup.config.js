// The baseline bundle of the bench: the same widget without tree-shaking care
// (baseline/entry.js: the full viem wallet client; classic `zod` instead of `zod/mini`),
// built with the shipped build's plugins and terser options, written to
// bench/results/build/baseline.js (git-ignored). Only its size is compared.
//
//   rollup -c bench/rollup.config.js
// The whole widget in one file, as the shipped one-file build (`iife` of ../rollup.config.js:
// the later file's modules bundled in, from tsc's lib/), written as an ES module with the
// script-tag build's output plugins (terser).
import { iife as shipped, scriptTag } from '../rollup.config.js';

const esOutput = { format: 'es', inlineDynamicImports: true, plugins: scriptTag.output.plugins };

/** `zod/mini` -> classic `zod` (the same functions, but its schemas carry every method). */
const classicZod = {
  name: 'classic-zod',
  async resolveId(source, importer, options) {
    if (source === 'zod/mini' || source.startsWith('zod/v4/mini'))
      return this.resolve('zod', importer, { ...options, skipSelf: true });
    return null;
  },
};

export default {
  ...shipped,
  input: 'bench/baseline/entry.js',
  plugins: [classicZod, ...shipped.plugins],
  output: { ...esOutput, file: 'bench/results/build/baseline.js' },
};
