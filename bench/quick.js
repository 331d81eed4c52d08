// Quick local loop for one measure (not part of `npm run bench`'s report):
//   node --import tsx bench/quick.js render|search|static [runs] [bundle]
//   node --import tsx bench/quick.js cold|cold-throttled [runs]   (floors: bench/results/build/, built by npm run bench)
//   node --import tsx bench/quick.js long-quote [runs]   a quote answer of 6 000 routes: the longest main-thread task
//   node --import tsx bench/quick.js long-track [runs]   a track answer of 20 000 legs: the longest main-thread task
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.js';
import { writeFileSync } from 'node:fs';
import {
  captureStaticForm,
  COLD_PAGES,
  coldLoadRun,
  longQuoteRun,
  longTrackRun,
  renderRun,
  searchRun,
  staticPage,
  staticRun,
} from './scenarios.js';
import { startBenchServer } from './server.js';
import { median, medianOf, round } from './stats.js';

const [what = 'render', runsArg = '7', bundle = '/dist/swap-widget.js'] = process.argv.slice(2);
const runs = Number(runsArg);
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  await renderRun(browser, server, { scope: 'warm', bundle });
  server.setStaticMarkup(await captureStaticForm(browser, server, { scope: 'static' }));
  if (what === 'cold' || what === 'cold-throttled') {
    const sets = [];
    for (let i = 0; i < runs; i++) {
      const set = {};
      for (const which of COLD_PAGES)
        set[which] = await coldLoadRun(browser, server, {
          which,
          scope: 'q-cold',
          throttled: what === 'cold-throttled',
        });
      sets.push(set);
    }
    for (const which of COLD_PAGES) {
      const m = medianOf(sets.map((s) => s[which]));
      console.log(
        which.padEnd(7),
        `can quote ${round(m.canQuoteMs)}`,
        `FCP ${round(m.fcpMs)}`,
        `rendered ${round(m.renderedMs)}`,
        `eval->rendered ${round(m.evalToRenderedMs)}`,
        'FCP all',
        sets.map((s) => round(s[which].fcpMs, 0)).join(' '),
      );
    }
  } else if (what === 'long-quote') {
    const rs = [];
    for (let i = 0; i < runs; i++) {
      const r = await longQuoteRun(browser, server, { scope: `q-long-${i}` });
      if (r.errors.length) console.log(r.errors);
      console.log(
        `run ${i + 1}: ${r.routesInAnswer} routes, ${(r.bytes / 1e6).toFixed(2)} MB: longest task ${round(r.longestTaskMs)} ms, ${r.tasksOver16} tasks over 16 ms (${round(r.tasksOver16Ms)} ms), routes painted ${round(r.readToPaintedMs)} ms after the answer; shown ${JSON.stringify(r.shown)}`,
      );
      rs.push(r);
    }
    console.log(
      'longest task, median',
      round(median(rs.map((r) => r.longestTaskMs))),
      'ms; all',
      rs.map((r) => round(r.longestTaskMs)).join(' '),
    );
  } else if (what === 'long-track') {
    const rs = [];
    for (let i = 0; i < runs; i++) {
      const r = await longTrackRun(browser, server, { scope: `q-track-${i}` });
      if (r.errors.length) console.log(r.errors);
      console.log(
        `run ${i + 1}: ${r.legs} legs, ${(r.bytes / 1e6).toFixed(2)} MB: longest task ${round(r.longestTaskMs)} ms, ${r.tasksOver16} tasks over 16 ms, settled ${round(r.readToSettledMs)} ms after the answer; told ${JSON.stringify(r.told)}`,
      );
      rs.push(r);
    }
    console.log(
      'longest task, median',
      round(median(rs.map((r) => r.longestTaskMs))),
      'ms; all',
      rs.map((r) => round(r.longestTaskMs)).join(' '),
    );
  } else if (what === 'static') {
    writeFileSync(
      new URL('./results/build/static-form.html', import.meta.url),
      staticPage(await captureStaticForm(browser, server, { scope: 'q-static' })),
    );
    const rs = [];
    for (let i = 0; i < runs; i++) rs.push(await staticRun(browser, server, { path: '/build/static-form.html' }));
    console.log('static busy', round(median(rs.map((r) => r.busyMs))), 'all', rs.map((r) => round(r.busyMs)).join(' '));
  } else if (what === 'render') {
    const rs = [];
    for (let i = 0; i < runs; i++) {
      const r = await renderRun(browser, server, { scope: `q-${i}`, bundle });
      if (r.errors.length) console.log(r.errors);
      rs.push(r.render);
    }
    const m = medianOf(rs);
    for (const [k, v] of Object.entries(m)) console.log(k.padEnd(22), round(v));
    console.log('busy all', rs.map((r) => round(r.busyMs)).join(' '));
  } else {
    await server.control({ scope: 'q-search', reset: true, extraTokens: 10000 });
    const ss = [];
    for (let i = 0; i < runs; i++) ss.push(await searchRun(browser, server, { scope: 'q-search' }));
    const keys = ss.flatMap((s) => s.keystrokes);
    const m = medianOf(keys);
    for (const [k, v] of Object.entries(m)) if (typeof v === 'number') console.log(k.padEnd(22), round(v));
    const n = ss[0].keystrokes.length;
    console.log(
      'per key busy',
      Array.from(
        { length: n },
        (_, k) => `${ss[0].keystrokes[k].key}:${round(median(ss.map((s) => s.keystrokes[k].busyMs)))}`,
      ).join(' '),
    );
    console.log(
      'open',
      round(median(ss.map((s) => s.open.busyMs))),
      'tokens longest task',
      round(median(ss.map((s) => s.tokens.longestTaskAfterAnswerMs))),
    );
  }
} finally {
  await browser.close();
  await server.close();
}
