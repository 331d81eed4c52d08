#!/usr/bin/env node
// Prints the size of the script-tag bundle (minified, gzip -9, brotli) and checks that it
// holds no construct a strict Content-Security-Policy forbids; prints each bundle's SRI hash (sha384).
// With --budget, exits non-zero when dist/swap-widget.js is over the gzip budget.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Gzip budget of dist/swap-widget.js, in bytes (kB = 1000 bytes): the smallest size reached
 * with every feature in (see `npm run size:breakdown` for who owns each kilobyte). The speed
 * work of issue 7 cost 0.9 kB (89 -> 90 kB); the build then won back 2 kB: private `_x`
 * members mangled by terser, and the locales' message ids bundled once (88.0 kB).
 */
export const BUDGET_GZIP = 88_500;

const files = ['dist/swap-widget.js', 'dist/swap-widget.iife.js'];
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
let failed = false;

for (const file of files) {
  let code;
  try {
    code = readFileSync(file);
  } catch {
    console.error(`${file} is missing: run npm run build first`);
    process.exit(1);
  }
  const gzip = gzipSync(code, { level: 9 }).length;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${file}: ${kb(code.length)} minified, ${kb(gzip)} gzip, ${kb(brotli)} brotli`);
  // Subresource Integrity, for <script integrity="..." crossorigin="anonymous">.
  console.log(`  integrity="sha384-${createHash('sha384').update(code).digest('base64')}"`);

  const text = code.toString('utf8');
  const forbidden = [
    [/\beval\s*\(/, 'eval('],
    [/\bnew\s+Function\b/, 'new Function'],
    [/\bimport\s*\(/, 'import()'],
  ].filter(([re]) => re.test(text));
  for (const [, name] of forbidden) {
    console.error(`  ${file} contains ${name}: strict-CSP pages and single-file loading would break`);
    failed = true;
  }
  if (file === 'dist/swap-widget.js' && process.argv.includes('--budget')) {
    if (gzip > BUDGET_GZIP) {
      console.error(`  over budget: ${kb(gzip)} gzip > ${kb(BUDGET_GZIP)}`);
      failed = true;
    } else {
      console.log(`  within budget: ${kb(gzip)} gzip <= ${kb(BUDGET_GZIP)}`);
    }
  }
}
process.exit(failed ? 1 : 0);
