// Two or more builds of the widget, and the floors, loaded cold in turns in one run (the
// machine's load moves between runs; in turns, each build meets the same load):
//   node --import tsx bench/compare.js [--throttled] [--runs N] <dist folder> [<dist folder>...]
// Each folder is what `npm run build` writes to dist/ (copy it away between builds). Prints
// the medians of first contentful paint, the first render and the time until the widget can
// quote, and each build's ratio to the Lit and React floors (floors: bench/results/build/,
// built by `npm run bench`). Reports, never asserts.
import { chromium } from 'playwright-core';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.js';
import { coldLoadRun, renderRun } from './scenarios.js';
import { startBenchServer } from './server.js';
import { median, round } from './stats.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { throttled: { type: 'boolean', default: false }, runs: { type: 'string', default: '9' } },
});
if (!positionals.length) throw new Error('usage: compare.js [--throttled] [--runs N] <dist folder>...');
const runs = Number(values.runs);
const servers = await Promise.all(positionals.map((dist) => startBenchServer({ dist })));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const loads = [
  ...positionals.map((dist, i) => ({ name: dist, which: 'widget', server: servers[i] })),
  { name: 'one file (first build)', which: 'single', server: servers[0] },
  { name: 'lit', which: 'lit', server: servers[0] },
  { name: 'react', which: 'react', server: servers[0] },
];
const results = new Map(loads.map((l) => [l.name, []]));
try {
  for (const s of servers) await renderRun(browser, s, { scope: 'warm', bundle: '/dist/swap-widget.js' });
  for (let i = 0; i < runs; i++)
    for (const l of loads)
      results
        .get(l.name)
        .push(await coldLoadRun(browser, l.server, { which: l.which, scope: 'cmp', throttled: values.throttled }));
} finally {
  await browser.close();
  for (const s of servers) await s.close();
}
const fcp = (name) => median(results.get(name).map((r) => r.fcpMs));
console.log(`${runs} cold loads each, ${values.throttled ? 'throttled' : 'unthrottled'}, in turns`);
for (const l of loads) {
  const rs = results.get(l.name);
  const m = (f) => round(median(rs.map(f).filter((x) => x !== undefined)));
  const ratios =
    l.which !== 'lit' && l.which !== 'react'
      ? `  ×Lit ${(fcp(l.name) / fcp('lit')).toFixed(2)}  ×React ${(fcp(l.name) / fcp('react')).toFixed(2)}`
      : '';
  console.log(
    l.name.padEnd(28),
    `FCP ${m((r) => r.fcpMs)}`,
    `rendered ${m((r) => r.renderedMs)}`,
    `eval->rendered ${m((r) => r.evalToRenderedMs)}`,
    l.which === 'widget' || l.which === 'single' ? `can quote ${m((r) => r.canQuoteMs)}` : '',
    ratios,
    ' all',
    rs.map((r) => Math.round(r.fcpMs)).join(' '),
  );
}
process.exit(0);
