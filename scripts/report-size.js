#!/usr/bin/env node
// Prints the size of the script-tag files (minified, gzip -9, brotli): the core and each
// language file; checks that they hold no construct a strict Content-Security-Policy forbids
// and no code loading; prints each file's SRI hash (sha384).
// With --budget, exits non-zero when the core or a language file is over its gzip budget.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { targetLocales } from './rollup-languages.js';

/**
 * Gzip budget of the core, dist/swap-widget.js, in bytes (kB = 1000 bytes), raised only by
 * what was measured (`npm run size:breakdown` shows who owns each kilobyte):
 * - issue 17: the languages left the core for files of their own: 101.3 kB -> 86.9 kB;
 * - issue 15: the real service's shapes read at the edge, unreadable routes, recovery,
 *   swaps per service: +3.6 kB (90.5 kB);
 * - issue 16: Solana and Cosmos checks, the Cosmos transaction writer, the Wallet Standard
 *   and Keplr-style wallets and the wallet button: +10.6 kB (101.1 kB, 101 102 bytes);
 * - issue 17, cold start: viem's six chain objects written out as facts, the schemas'
 *   `z.lazy` wrappers replaced by plain objects: 101.7 -> 100.7 kB (100 669 bytes);
 * - issue 26: tracking answers checked against their swap, quote answers read in steps:
 *   +1.5 kB (102.5 kB);
 * - issue 22, decode or refuse: the EVM allowlist and its calldata decoders, the token and
 *   vault tables with sources, the Cosmos coin reader, the dKit dialect: +7.6 kB (110.1 kB);
 * - issue 23, one swap at a time: the flow's table (1.3 kB), hand-out records (1.3 kB), the
 *   review (component, styles, words and builder: 5.3 kB), the progress's stages and refunds
 *   (2.0 kB), the main button's next step (1.0 kB), less the old hand-out store: +10.0 kB
 *   (120.1 kB, 120 063 bytes). The issue allowed +6 kB: 4 kB over, said in its note;
 * - issue 24, a product: settings and slippage rules (1.2 kB), numbers read and written per
 *   locale (1.1 kB), balances and Max (1.5 kB), the picker in the widget's box (0.7 kB), routes
 *   as a compact radio group (1.2 kB): +5.7 kB of the 6 kB it allowed (125.6 kB);
 * - issue 30, fail closed: the memo assets' sourced table, strict node lists, Chainflip's Vault
 *   calls decoded and bound, 1inch unoswap with its pool read on chain, Jupiter lookup tables,
 *   tracking answers bounded: +7.3 kB (132.9 kB measured);
 * plus 0.5 kB. Issue 17's 60 kB target (below) is what the cold-start work must win back.
 */
export const BUDGET_GZIP = 133_400;
/**
 * Gzip budget of each language file, dist/locales/<locale>.js: 6 kB (issue 17) held only with
 * the route refusals and the integrator's messages left in English; issue 24 asks for every
 * line a user can read in every shipped language: all 449 messages are 10.7 (es), 10.9
 * (zh-Hans) and 11.6 kB (ar), so 12 kB. Issue 34 (19 languages) keeps 12 kB for each: with
 * 453 messages, fr 11.2, de 11.3, it 10.8, pt 10.7 and pl 11.4 kB. A page loads only the
 * languages it wants.
 */
export const BUDGET_LANGUAGE_GZIP = 12_000;
/** Issue 17's target for the core: reported, not checked (yet). */
export const TARGET_GZIP = 60_000;

const CORE = 'dist/swap-widget.js';
const files = [CORE, 'dist/swap-widget.iife.js', ...targetLocales.map((l) => `dist/locales/${l}.js`)];
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const budget = process.argv.includes('--budget');
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
  if (!budget) continue;
  const limit = file === CORE ? BUDGET_GZIP : file.startsWith('dist/locales/') ? BUDGET_LANGUAGE_GZIP : undefined;
  if (limit === undefined) continue;
  if (gzip > limit) {
    console.error(`  over budget: ${kb(gzip)} gzip > ${kb(limit)}`);
    failed = true;
  } else {
    console.log(`  within budget: ${kb(gzip)} gzip <= ${kb(limit)}`);
  }
  if (file === CORE)
    console.log(
      `  target ${kb(TARGET_GZIP)} (issue 17): ${gzip <= TARGET_GZIP ? 'met' : `not yet, ${kb(gzip - TARGET_GZIP)} over`}`,
    );
}
process.exit(failed ? 1 : 0);
