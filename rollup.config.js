// Builds the script-tag files and the language files. The npm build (lib/, with .d.ts,
// dependencies left as imports, the later file a dynamic import) is tsc's output
// (tsconfig.build.json).
//
// The script-tag build is two files and one tag (issue 32):
// - dist/swap-widget.js, the first file, an ES module: the root element, its form, the
//   properties read as the host set them, the number reader, the styles and the English words of
//   the first screen. It paints the form and at once loads
// - dist/swap-widget.rest.<hash>.js, the later file, an ES module loaded by a `<script>` the
//   first file creates with the later file's `integrity` (so nothing unchecked ever runs, under a
//   strict CSP and under a nonce with `strict-dynamic` too): the session, the checks and wire
//   formats, the wallets, every other screen. It holds none of the first file's modules: it
//   imports them from `./swap-widget.js` (the same module, already loaded), and hands itself
//   back (src/boot/handoff.ts).
// The first file carries the later file's name and SHA-384 (src/boot/rest-manifest.ts), written
// in once both are rendered.
// dist/swap-widget.iife.js is everything in one classic script, for pages without modules.
// The language files (dist/locales/<locale>.js, see scripts/rollup-languages.js) are classic
// scripts that register their messages with every widget on the page (src/locales/registry.ts).
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import minifyHTML from '@lit-labs/rollup-plugin-minify-html-literals';
import { languageConfigs } from './scripts/rollup-languages.js';
import { messageCheck } from './scripts/message-order.js';

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

const ROOT = dirname(new URL(import.meta.url).pathname);
// The bundles are made from tsc's output (lib/, written by `npm run build` just before): the
// sources are type-checked and compiled once.
const LIB = resolve(ROOT, 'lib');
const LOADER = resolve(LIB, 'boot/load-rest.js');
const MANIFEST = resolve(LIB, 'boot/rest-manifest.js');

/** The plugins every script-tag build shares. */
const plugins = () => [
  nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'] }),
  // Whitespace out of html`` and css`` templates (lit's own minifier: it keeps bindings intact).
  minifyHTML(),
  // The message set's fingerprint, which the language files are keyed by; msg() calls outside it marked.
  messageCheck(),
];

function onwarn(warning, warn) {
  // viem ships `/*#__PURE__*/` annotations in places rollup cannot use; they are harmless.
  if (warning.code === 'INVALID_ANNOTATION') return;
  // tsc's decorator helper reads `this` at the top of a module, where it is undefined anyway.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
  warn(warning);
}

/** Puts `variant` of the later file's loader (`load-rest.script.ts`, `load-rest.static.ts`) in the default one's place. */
function loader(variant) {
  return {
    name: 'rest-loader',
    async resolveId(source, importer, options) {
      if (!importer || !/load-rest\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id !== LOADER) return resolved;
      return resolve(LIB, `boot/load-rest.${variant}.js`);
    },
  };
}

/** Placeholders in `src/boot/rest-manifest.ts`, replaced once the later file is written. */
const PLACEHOLDERS = { file: '__SWAP_WIDGET_REST_FILE__', integrity: '__SWAP_WIDGET_REST_INTEGRITY__' };

/**
 * The later file as a chunk loaded only after the first (rollup's `implicitlyLoadedAfterOneOf`:
 * nothing the first file holds goes into it; it imports those bindings from `./swap-widget.js`),
 * then its name and SHA-384 written into the first file.
 */
function laterFile() {
  let ref = '';
  return {
    name: 'later-file',
    buildStart() {
      ref = this.emitFile({
        type: 'chunk',
        id: resolve(LIB, 'rest-script.js'),
        name: 'swap-widget.rest',
        implicitlyLoadedAfterOneOf: [FIRST],
      });
    },
    load(id) {
      if (id !== MANIFEST) return null;
      return `export const REST_FILE = ${JSON.stringify(PLACEHOLDERS.file)};
export const REST_INTEGRITY = ${JSON.stringify(PLACEHOLDERS.integrity)};`;
    },
    generateBundle(_, bundle) {
      const file = this.getFileName(ref);
      const rest = bundle[file];
      const first = bundle['swap-widget.js'];
      if (rest?.type !== 'chunk' || first?.type !== 'chunk') this.error('the first or the later file is missing');
      if (Object.values(bundle).filter((c) => c.type === 'chunk').length !== 2)
        this.error(`two files expected, got ${Object.keys(bundle).join(', ')}`);
      if (rest.imports.some((i) => i !== 'swap-widget.js')) this.error(`the later file imports ${rest.imports}`);
      const integrity = `sha384-${createHash('sha384').update(rest.code).digest('base64')}`;
      for (const [placeholder, value] of [
        [PLACEHOLDERS.file, file],
        [PLACEHOLDERS.integrity, integrity],
      ]) {
        if (!first.code.includes(placeholder)) this.error(`${placeholder} is not in the first file`);
        first.code = first.code.split(placeholder).join(value);
      }
    },
    /** Later files of earlier builds are removed: dist/ holds the one the first file names. */
    writeBundle(options) {
      const file = this.getFileName(ref);
      for (const name of readdirSync(options.dir))
        if (/^swap-widget\.rest\..+\.js$/.test(name) && name !== file) rmSync(resolve(options.dir, name));
    },
  };
}

const FIRST = resolve(LIB, 'first.js');
const terse = (module) => terser({ ...terserOptions, module });

/** The script-tag build: the first file and the later one, in dist/. */
export const scriptTag = {
  input: { 'swap-widget': FIRST },
  // The first file exports what the later one imports from it, besides its own exports.
  preserveEntrySignatures: 'allow-extension',
  plugins: [...plugins(), loader('script'), laterFile()],
  treeshake: { preset: 'recommended' },
  onwarn,
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: '[name].[hash].js',
    plugins: [terse(true)],
  },
};

/** Everything in one classic script, for pages that cannot load modules. */
export const iife = {
  input: FIRST,
  plugins: [...plugins(), loader('static')],
  treeshake: { preset: 'recommended' },
  onwarn,
  output: { file: 'dist/swap-widget.iife.js', format: 'iife', name: 'SwapWidget', plugins: [terse(false)] },
};

export default [scriptTag, iife, ...languageConfigs()];
