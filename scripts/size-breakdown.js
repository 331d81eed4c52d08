#!/usr/bin/env node
// Who owns every kilobyte of dist/swap-widget.js: bundles src/index.ts as the build does,
// then minifies and gzips each package's (or source folder's) share of the bundle on its
// own. Shares do not add up exactly to the whole (gzip works better on the whole), but
// they rank the owners.
import { rollup } from 'rollup';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
import config, { terserOptions } from '../rollup.config.js';

const bundle = await rollup({ ...config, output: undefined });
const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
const groups = new Map();
for (const [id, mod] of Object.entries(output[0].modules)) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  // Virtual modules (`\0name`, such as the locales' message ids) are named as they are.
  const key = pkg ? pkg[1] : id.startsWith('\0') ? `(${id.slice(1)})` : id.replace(/.*\/src\//, 'src/').replace(/\/[^/]*$/, '/');
  groups.set(key, (groups.get(key) ?? '') + (mod.code ?? '') + '\n');
}
const rows = [];
for (const [key, code] of groups) {
  if (!code.trim()) continue;
  // Private `_x` members shortened as the build does (see rollup.config.js).
  const min = (await minify(code, { module: false, compress: false, mangle: { ...terserOptions.mangle, toplevel: false } })).code ?? '';
  rows.push({ key, min: min.length, gzip: gzipSync(min, { level: 9 }).length });
}
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((s, r) => s + r.gzip, 0);
console.log('owner'.padEnd(34), 'minified'.padStart(10), 'gzip'.padStart(8));
for (const r of rows) console.log(r.key.padEnd(34), `${(r.min / 1000).toFixed(1)} kB`.padStart(10), `${(r.gzip / 1000).toFixed(1)} kB`.padStart(8));
console.log('sum of shares'.padEnd(34), ''.padStart(10), `${(total / 1000).toFixed(1)} kB`.padStart(8));
