#!/usr/bin/env node
// Runs `npm run build` when its outputs are missing or older than its inputs, so the browser
// tests that load the built files (the strict-CSP page loads dist/swap-widget.js, the language
// tests dist/locales/*.js, the framework examples import the npm build in lib/) never test a
// stale build, and a run with nothing changed does not pay for a rebuild. `--force` always
// builds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { targetLocales } from './rollup-languages.js';

const INPUTS = [
  'src',
  'rollup.config.js',
  'scripts/rollup-languages.js',
  'scripts/message-order.js',
  'lit-localize.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
  'package.json',
];
const OUTPUTS = [
  'dist/swap-widget.js',
  'dist/swap-widget.iife.js',
  ...targetLocales.flatMap((l) => [`dist/locales/${l}.js`, `lib/locales/${l}.js`]),
  'lib/index.js',
  'lib/index.d.ts',
  'custom-elements.json',
];

/** Newest modification time under a file or directory (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const missing = OUTPUTS.filter((p) => !existsSync(p));
const inputTime = Math.max(...INPUTS.map(newest));
const outputTime = missing.length ? 0 : Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs));
const why = process.argv.includes('--force')
  ? 'forced'
  : missing.length
    ? `missing ${missing.join(', ')}`
    : inputTime > outputTime
      ? 'sources changed since the last build'
      : '';

if (why) {
  console.log(`build-if-stale: building (${why})`);
  execSync('npm run build --silent', { stdio: 'inherit' });
} else {
  console.log('build-if-stale: dist/, lib/ and custom-elements.json are up to date');
}
