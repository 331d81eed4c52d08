#!/usr/bin/env node
// Who owns every kilobyte of the whole widget (the one-file build, dist/swap-widget.iife.js:
// the first file and the later one together): bundles src/first.ts as that build does, then minifies and gzips each package's (or source folder's) share of the bundle on
// its own. Shares do not add up exactly to the whole (gzip works better on the whole), but
// they rank the owners. Then the language files (dist/locales/*.js), each built as the build
// does: they are not in the core, a page adds the ones it needs.
import { rollup } from 'rollup';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
import { iife, terserOptions } from '../rollup.config.js';
import { languageConfigs } from './rollup-languages.js';

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const row = (key, min, gzip) =>
  console.log(key.padEnd(34), (min === '' ? '' : kb(min)).padStart(10), kb(gzip).padStart(8));

const bundle = await rollup({ ...iife, output: undefined });
const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
const groups = new Map();
for (const [id, mod] of Object.entries(output[0].modules)) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  // Virtual modules (`\0name`) are named as they are.
  const key = pkg
    ? pkg[1]
    : id.startsWith('\0')
      ? `(${id.slice(1)})`
      : id.replace(/.*\/(src|lib)\//, 'src/').replace(/\/[^/]*$/, '/');
  groups.set(key, (groups.get(key) ?? '') + (mod.code ?? '') + '\n');
}
const rows = [];
for (const [key, code] of groups) {
  if (!code.trim()) continue;
  // Private `_x` members shortened as the build does (see rollup.config.js).
  const min =
    (await minify(code, { module: false, compress: false, mangle: { ...terserOptions.mangle, toplevel: false } }))
      .code ?? '';
  rows.push({ key, min: min.length, gzip: gzipSync(min, { level: 9 }).length });
}
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => s + r.gzip, 0);
console.log('whole widget: owner'.padEnd(34), 'minified'.padStart(10), 'gzip'.padStart(8));
for (const r of rows) row(r.key, r.min, r.gzip);
row('sum of shares', '', total);

console.log();
console.log('language file (not in the core)'.padEnd(34), 'minified'.padStart(10), 'gzip'.padStart(8));
for (const config of languageConfigs()) {
  const language = await rollup(config);
  const {
    output: [chunk],
  } = await language.generate(config.output);
  const bytes = Buffer.from(chunk.code);
  row(config.output.file, bytes.length, gzipSync(bytes, { level: 9 }).length);
}
