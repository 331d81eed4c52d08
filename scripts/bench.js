#!/usr/bin/env node
// `npm run bench`: builds the widget, a careless baseline and the two floors of the cold load
// (a bare Lit element and a bare React root, one button each), serves them with the reference
// service on loopback, drives headless Chromium and reports (never asserts) sizes, timings and
// heap against the targets. Run under `node --import tsx` (it loads the service's TypeScript).
//
//   npm run bench [-- --runs 15 --throttled-runs 9 --scenario-runs 5 --heap-runs 2
//                     --no-build --no-profile --record --rivals --quick --cold-only]
//
//   --runs N            cold loads of each page (widget, Lit floor, React floor), interleaved,
//                       unthrottled (default 15)
//   --throttled-runs N  the same with 4x CPU slowdown and DevTools' "Fast 4G" (default 9)
//   --scenario-runs N   page loads for the other timing measures: first-render details,
//                       routes, keystrokes, the start, the token list (default 5)
//   --heap-runs N       page loads for the heap measure (default 2)
//   --quick             development: 3 + 2 cold loads, 1 scenario run, 1 heap run, no profile
//                       (explicit counts still win)
//   --cold-only         only the builds and the cold loads against the floors
//   --no-build          use dist/ and bench/results/build/ as they are (floors built if missing)
//   --no-profile        skip the profiled pass (trace + CPU profile of where time goes)
//   --record            also write bench/latest.json and bench/latest.md (committed copies)
//   --rivals            measure the rival widgets again (scripts/bench-rivals.js, slow, network)
//
// Writes bench/results/bench.json and bench/results/table.md (git-ignored).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { evaluationTask, moduleLocator, summarizeCpuProfile, summarizeTrace } from '../bench/analyze.js';
import { renderProfile, renderTable } from '../bench/report.js';
import { buildFloors, FLOORS } from '../bench/floors/build.js';
import {
  captureStaticForm,
  COLD_PAGES,
  coldLoadRun,
  CPU_SLOWDOWN,
  FAST_4G,
  heapRun,
  loadRun,
  longQuoteRun,
  profileRun,
  renderRun,
  searchRun,
  staticPage,
  staticRun,
} from '../bench/scenarios.js';
import { buildProfileBundle as buildProfile } from '../bench/profile-bundle.js';
import { startBenchServer } from '../bench/server.js';
import { max, median, medianOf, round, summary } from '../bench/stats.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results');
const BUILD = join(RESULTS, 'build');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const num = (name, fallback) => {
  const i = argv.indexOf(name);
  const v = i >= 0 ? Number(argv[i + 1]) : NaN;
  return Number.isInteger(v) && v > 0 ? v : fallback;
};
const QUICK = flag('--quick');
const COLD_ONLY = flag('--cold-only');
const COLD_RUNS = num('--runs', QUICK ? 3 : 15);
const THROTTLED_RUNS = num('--throttled-runs', QUICK ? 2 : 9);
const RUNS = COLD_ONLY ? 0 : num('--scenario-runs', QUICK ? 1 : 5);
const HEAP_RUNS = COLD_ONLY ? 0 : num('--heap-runs', QUICK ? 1 : 2);
const PROFILE = !flag('--no-profile') && !QUICK && !COLD_ONLY;

const log = (...a) => console.log(...a);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

function run(cmd, args, label) {
  log(`> ${label ?? [cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (r.status !== 0) {
    console.error(`bench: ${label ?? cmd} failed (exit ${r.status})`);
    process.exit(1);
  }
}

function sizesOf(file) {
  const code = readFileSync(file);
  return {
    file: file.slice(ROOT.length + 1),
    bytes: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

async function main() {
  mkdirSync(BUILD, { recursive: true });

  // ---- builds --------------------------------------------------------------------------
  if (!flag('--no-build')) {
    run('npm', ['run', 'build', '--silent'], 'npm run build');
    run(
      process.execPath,
      [join(ROOT, 'node_modules', 'rollup', 'dist', 'bin', 'rollup'), '-c', 'bench/rollup.config.js', '--silent'],
      'rollup -c bench/rollup.config.js (baseline)',
    );
  }
  // The floors take two seconds: built unless --no-build finds them.
  if (!flag('--no-build') || !Object.values(FLOORS).every((f) => existsSync(join(BUILD, f.file)))) {
    log('> floors: bench/floors/lit.js (rollup), bench/floors/react.js (esbuild)');
    await buildFloors(ROOT, BUILD);
  }
  // esbuild takes a second: always rebuilt from the current src/.
  const profileBundle = PROFILE ? await buildProfile(ROOT, BUILD, log) : undefined;
  const haveBaseline = existsSync(join(BUILD, 'baseline.js'));
  // The split build's later file (the build removes those of earlier builds: there is one).
  const restFile = readdirSync(join(ROOT, 'dist')).find((f) => /^swap-widget\.rest\.[\w-]+\.js$/.test(f));
  const sizes = {
    ours: sizesOf(join(ROOT, 'dist', 'swap-widget.js')),
    rest: restFile ? sizesOf(join(ROOT, 'dist', restFile)) : undefined,
    iife: existsSync(join(ROOT, 'dist', 'swap-widget.iife.js'))
      ? sizesOf(join(ROOT, 'dist', 'swap-widget.iife.js'))
      : undefined,
    baseline: haveBaseline ? sizesOf(join(BUILD, 'baseline.js')) : undefined,
    floors: Object.fromEntries(Object.entries(FLOORS).map(([k, f]) => [k, sizesOf(join(BUILD, f.file))])),
  };
  log(`builds done (${elapsed()})`);

  // ---- rivals (cached) -------------------------------------------------------------------
  if (flag('--rivals'))
    run(process.execPath, [join(ROOT, 'scripts', 'bench-rivals.js')], 'node scripts/bench-rivals.js');
  let rivals;
  try {
    rivals = JSON.parse(readFileSync(join(ROOT, 'bench', 'rivals.json'), 'utf8'));
  } catch {
    log('  (no bench/rivals.json: run `npm run bench -- --rivals` once to measure the rivals)');
  }

  // ---- browser ----------------------------------------------------------------------------
  const loadBefore = loadavg()[0];
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const errors = [];
  const loads = [];
  const baselines = [];
  const searches = [];
  const heaps = [];
  const statics = [];
  const longQuotes = [];
  const coldLoads = { unthrottled: [], throttled: [] };
  let loadAfterCold;
  let staticMarkup;
  let profile;
  let browserVersion;
  try {
    // Warm-up: one load of each page, unrecorded (the browser's first page pays for its own
    // start-up, the server compresses each file once).
    const coldScope = 'bench-cold';
    await server.control({ scope: coldScope, reset: true });
    // The `markup` floor: the widget's first frame, captured from a load of the widget.
    staticMarkup = await captureStaticForm(browser, server, { scope: 'bench-static' });
    server.setStaticMarkup(staticMarkup);
    for (const which of COLD_PAGES) await coldLoadRun(browser, server, { which, scope: coldScope });

    // Cold loads: widget, Lit, React, widget, ... each in a fresh context; unthrottled, then throttled.
    for (const [mode, n] of [
      ['unthrottled', COLD_RUNS],
      ['throttled', THROTTLED_RUNS],
    ]) {
      for (let i = 0; i < n; i++) {
        const set = {};
        for (const which of COLD_PAGES) {
          const { errors: e, ...r } = await coldLoadRun(browser, server, {
            which,
            scope: coldScope,
            throttled: mode === 'throttled',
          });
          errors.push(...e);
          set[which] = r;
        }
        coldLoads[mode].push(set);
        log(
          `cold load ${mode} ${i + 1}/${n}: FCP ${COLD_PAGES.map((w) => `${w} ${Math.round(set[w].fcpMs)}`).join(', ')} ms; ` +
            `can quote widget ${Math.round(set.widget.canQuoteMs)}, single ${Math.round(set.single.canQuoteMs)} ms (${elapsed()})`,
        );
      }
    }

    loadAfterCold = loadavg()[0];

    // The other scenarios (none with --cold-only).
    const searchScope = 'bench-search';
    if (RUNS) {
      await server.control({ scope: searchScope, reset: true, extraTokens: 10000 });
      // The browser's floor: the same first render as static HTML.
      writeFileSync(
        join(BUILD, 'static-form.html'),
        staticPage(await captureStaticForm(browser, server, { scope: 'bench-static' })),
      );
    }
    const bursts = [['2.5'], ['0.75'], ['13', 'Backspace', '2']];
    for (let i = 0; i < RUNS; i++) {
      const load = await loadRun(browser, server, { scope: `bench-load-${i}`, quotes: 5, bursts });
      loads.push(load);
      if (haveBaseline)
        baselines.push(await renderRun(browser, server, { scope: `bench-base-${i}`, bundle: '/build/baseline.js' }));
      statics.push(await staticRun(browser, server, { path: '/build/static-form.html' }));
      const search = await searchRun(browser, server, { scope: searchScope });
      searches.push(search);
      const long = await longQuoteRun(browser, server, { scope: `bench-long-quote-${i}` });
      longQuotes.push(long);
      errors.push(...load.errors, ...search.errors, ...long.errors);
      log(
        `run ${i + 1}/${RUNS}: first render ${round(load.render.renderMs)} ms, routes ${round(median(load.quotes.map((q) => q.busyMs)))} ms, ` +
          `keystroke ${round(median(search.keystrokes.map((k) => k.busyMs)))} ms, quote requests per settled input ${load.settled.map((s) => s.requests).join('/')}, ` +
          `${long.routesInAnswer}-route answer: longest task ${round(long.longestTaskMs)} ms (${elapsed()})`,
      );
    }
    for (let i = 0; i < HEAP_RUNS; i++) {
      const h = await heapRun(browser, server, { scope: `bench-heap-${i}` });
      heaps.push(h);
      errors.push(...h.errors);
      log(
        `heap run ${i + 1}/${HEAP_RUNS}: ${(h.samples.load.usedBytes / 1e6).toFixed(2)} -> ${(h.samples.quotes100.usedBytes / 1e6).toFixed(2)} MB after 100 quotes, ${(h.samples.quotes150.usedBytes / 1e6).toFixed(2)} after 150, ${(h.samples.dismissed40.usedBytes / 1e6).toFixed(2)} MB after 40 swaps (${elapsed()})`,
      );
    }
    if (profileBundle) {
      const phases = await profileRun(browser, server, {
        scope: 'bench-profile',
        searchScope,
        bundle: '/build/profile.js',
      });
      // The profile bundle and its chunks (profile-*.js): a module locator for each.
      const locators = new Map(
        readdirSync(BUILD)
          .filter((f) => /^profile(-.*)?\.js$/.test(f))
          .map((f) => [`/build/${f}`, moduleLocator(readFileSync(join(BUILD, f), 'utf8'))]),
      );
      profile = {};
      mkdirSync(join(RESULTS, 'profiles'), { recursive: true });
      const inBundle = (url, line) => {
        const path = /\/build\/profile[^/?]*\.js/.exec(url)?.[0];
        return path ? locators.get(path)?.(line) : undefined;
      };
      for (const [name, p] of Object.entries(phases)) {
        // For DevTools: Performance panel (trace) and the .cpuprofile viewer.
        writeFileSync(join(RESULTS, 'profiles', `${name}.trace.json`), JSON.stringify(p.trace));
        writeFileSync(join(RESULTS, 'profiles', `${name}.cpuprofile`), JSON.stringify(p.profile));
        profile[name] = { trace: summarizeTrace(p.trace), cpu: summarizeCpuProfile(p.profile, inBundle) };
      }
      // The same profile cut to the task that evaluated the bundle: the evaluation and first
      // render alone (the phase above runs on to the frame that shows the form, and the
      // start's tasks right after that frame fall in it).
      const first = phases.evaluateAndFirstRender;
      const window = evaluationTask(first.trace);
      if (window)
        profile.evaluateAndFirstRender.cpuFirstTask = {
          ...summarizeCpuProfile(first.profile, inBundle, { window }),
          taskMs: round((window.toUs - window.fromUs) / 1000),
        };
      log(`profile done (${elapsed()})`);
    }
  } finally {
    browserVersion = browser.version();
    await browser.close();
    await server.close();
  }

  // ---- aggregate -----------------------------------------------------------------------------
  const cold = aggregateColdLoads(coldLoads, sizes, staticMarkup);
  const scenarios = loads.length
    ? aggregateScenarios({ loads, baselines, statics, searches, heaps, longQuotes })
    : undefined;
  const targets = [...cold.targets, ...(scenarios?.targets ?? [])];

  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'src', 'package.json', 'rollup.config.js']);
  const result = {
    date: new Date().toISOString(),
    commit: commit ? `${commit}${dirty ? ' (with uncommitted changes in src)' : ''}` : 'unknown',
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model?.trim() ?? '?',
      node: process.version,
      chromium: browserVersion,
      /** 1-minute load average before the browser runs, after the cold loads, at the end (other work on the machine skews timings). */
      loadAverage: [round(loadBefore, 2), round(loadAfterCold, 2), round(loadavg()[0], 2)],
    },
    /** Cold loads of each page (interleaved), unthrottled and throttled. */
    coldRuns: { unthrottled: COLD_RUNS, throttled: THROTTLED_RUNS },
    /** Page loads of the other timing measures, and of the heap measure (0 with --cold-only). */
    runs: RUNS,
    heapRuns: HEAP_RUNS,
    sizes,
    rivals,
    targets: targets.map(({ digits = 1, ...t }) => ({
      ...t,
      value: Array.isArray(t.value) ? t.value.map((v) => round(v, digits)) : round(t.value, digits),
    })),
    coldLoad: cold.summary,
    metrics: scenarios?.metrics,
    raw: {
      coldLoads,
      loads: loads.map(({ errors: _e, ...l }) => l),
      longQuotes: longQuotes.map(({ errors: _e, ...q }) => q),
      baselines: baselines.map((b) => b.render),
      statics,
      searches: searches.map(({ errors: _e, ...s }) => s),
      heaps: heaps.map(({ errors: _e, ...h }) => h),
    },
    profile,
    pageErrors: [...new Set(errors)].slice(0, 20),
  };

  // The numbers first: a report that cannot be drawn must not lose a run.
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'bench.json'), JSON.stringify(result, null, 2) + '\n');
  const table = renderTable(result);
  const profileText = renderProfile(profile);
  writeFileSync(
    join(RESULTS, 'table.md'),
    table +
      (profileText
        ? `\n<details><summary>Where the time goes</summary>\n\n\`\`\`text${profileText}\n\`\`\`\n</details>\n`
        : ''),
  );
  if (flag('--record')) {
    writeFileSync(join(ROOT, 'bench', 'latest.json'), JSON.stringify({ ...result, raw: undefined }, null, 2) + '\n');
    writeFileSync(join(ROOT, 'bench', 'latest.md'), table);
  }
  log('');
  log(table);
  log(profileText);
  if (result.pageErrors.length) log(`page errors:\n  ${result.pageErrors.join('\n  ')}`);
  log(
    `wrote bench/results/bench.json and bench/results/table.md${flag('--record') ? ', bench/latest.json and bench/latest.md' : ''} (${elapsed()})`,
  );
}

/** Medians of each cold-load measure per page and mode, the widget's ratios to the floors, the targets. */
function aggregateColdLoads(coldLoads, sizes, markup = '') {
  const pageInfo = {
    widget: {
      label: 'swap-widget (first file; later file loaded by it)',
      file: sizes.ours.file,
      bytes: sizes.ours.bytes,
      gzip: sizes.ours.gzip,
      later: sizes.rest && { file: sizes.rest.file, bytes: sizes.rest.bytes, gzip: sizes.rest.gzip },
    },
    ...(sizes.iife && {
      single: {
        label: 'swap-widget in one file (IIFE, classic script)',
        file: sizes.iife.file,
        bytes: sizes.iife.bytes,
        gzip: sizes.iife.gzip,
      },
    }),
    ...Object.fromEntries(
      Object.entries(FLOORS).map(([k, f]) => [
        k,
        { label: f.label, file: sizes.floors[k].file, bytes: sizes.floors[k].bytes, gzip: sizes.floors[k].gzip },
      ]),
    ),
    markup: {
      label: "the widget's first frame as static HTML, no script",
      file: '(in the page)',
      bytes: Buffer.byteLength(markup),
      gzip: gzipSync(markup, { level: 9 }).length,
    },
  };
  const summaryOut = {
    order: `interleaved: ${COLD_PAGES.join(', ')}, ${COLD_PAGES[0]}, ...; a fresh browser context (empty cache) for each load`,
    conditions: {
      unthrottled: 'loopback, no throttling',
      throttled: { cpuSlowdown: CPU_SLOWDOWN, network: 'Chrome DevTools "Fast 4G"', ...FAST_4G },
    },
    pages: pageInfo,
  };
  const targets = [];
  const ratioOf = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? a / b : undefined);
  for (const mode of ['unthrottled', 'throttled']) {
    const sets = coldLoads[mode];
    if (!sets.length) continue;
    const pages = {};
    for (const w of COLD_PAGES) {
      pages[w] = {
        n: sets.length,
        ...roundAll(medianOf(sets.map((s) => s[w]))),
        /** Spread of the FCP over the loads. */
        fcp: summary(sets.map((s) => s[w].fcpMs)),
      };
    }
    const ratios = {};
    for (const metric of ['fcpMs', 'renderedMs', 'paintedMs', 'evalToRenderedMs', 'canQuoteMs', 'firstRequestMs']) {
      ratios[metric] = {};
      for (const floor of COLD_PAGES.filter((w) => w !== 'widget')) {
        if (!sets.every((s) => typeof s[floor]?.[metric] === 'number')) continue;
        ratios[metric][floor] = {
          /** Median of the widget / median of the floor. */
          ofMedians: round(
            ratioOf(median(sets.map((s) => s.widget[metric])), median(sets.map((s) => s[floor][metric]))),
            2,
          ),
          /** Median over the rounds of widget / floor in the same round (less sensitive to drift). */
          paired: round(median(sets.map((s) => ratioOf(s.widget[metric], s[floor][metric]))), 2),
        };
      }
    }
    summaryOut[mode] = { pages, ratios };
    const w = median(sets.map((s) => s.widget.fcpMs));
    const fcpOf = (floor) => median(sets.map((s) => s[floor].fcpMs));
    const litRatio = ratioOf(w, fcpOf('lit'));
    const reactRatio = ratioOf(w, fcpOf('react'));
    targets.push(
      {
        id: `cold-fcp-lit-${mode}`,
        group: 'cold-load',
        label: `widget FCP / bare Lit element FCP, ${mode}`,
        value: litRatio,
        digits: 2,
        display: `${litRatio.toFixed(2)}× (${Math.round(w)} / ${Math.round(fcpOf('lit'))} ms)`,
        target: '≤ 1.2×',
        met: litRatio <= 1.2,
      },
      {
        id: `cold-fcp-react-${mode}`,
        group: 'cold-load',
        label: `widget FCP / bare React root FCP, ${mode}`,
        value: reactRatio,
        digits: 2,
        display: `${reactRatio.toFixed(2)}× (${Math.round(w)} / ${Math.round(fcpOf('react'))} ms)`,
        target: '< 1× (faster)',
        met: w < fcpOf('react'),
      },
    );
    // The time until the widget can quote: the split build against the same widget in one file.
    const canQuote = (page) => median(sets.map((s) => s[page]?.canQuoteMs));
    const cq = ratioOf(canQuote('widget'), canQuote('single'));
    if (cq !== undefined)
      targets.push({
        id: `can-quote-${mode}`,
        group: 'can-quote',
        label: `time until the widget can quote, split build / one file, ${mode}`,
        value: cq,
        digits: 2,
        display: `${cq.toFixed(2)}× (${Math.round(canQuote('widget'))} / ${Math.round(canQuote('single'))} ms)`,
        target: '≤ 1× (no later)',
        met: canQuote('widget') <= canQuote('single'),
      });
  }
  return { summary: summaryOut, targets };
}

/** The medians, details and targets of the other scenarios (first render, routes, search, heap). */
function aggregateScenarios({ loads, baselines, statics, searches, heaps, longQuotes }) {
  const firstRender = medianOf(loads.map((l) => l.render));
  const baselineRender = baselines.length ? medianOf(baselines.map((b) => b.render)) : undefined;
  const staticRender = statics.length ? medianOf(statics) : undefined;
  const routes = medianOf(loads.flatMap((l) => l.quotes));
  const keyCount = Math.min(...searches.map((s) => s.keystrokes.length));
  const perKey = Array.from({ length: keyCount }, (_, k) => {
    const m = medianOf(searches.map((s) => s.keystrokes[k]));
    return {
      key: searches[0].keystrokes[k].key,
      query: searches[0].keystrokes[k].query,
      matches: searches[0].keystrokes[k].matches,
      ...m,
    };
  });
  const keystroke = {
    ...medianOf(searches.flatMap((s) => s.keystrokes)),
    worstBusyMs: max(perKey.map((k) => k.busyMs)),
    busy: summary(searches.flatMap((s) => s.keystrokes.map((k) => k.busyMs))),
    perKey: perKey.map((k) => ({
      ...k,
      updateMs: round(k.updateMs),
      layoutMs: round(k.layoutMs),
      busyMs: round(k.busyMs),
      paintedMs: round(k.paintedMs),
    })),
    slowKeyEventsByEventTiming: searches.map((s) => s.eventTiming.slowKeyEvents),
  };
  const search = {
    start: medianOf(searches.map((s) => s.start).filter(Boolean)),
    tokens: medianOf(searches.map((s) => s.tokens)),
    open: medianOf(searches.map((s) => s.open)),
    keystroke,
  };
  const settled = loads.flatMap((l) => l.settled);
  const heapSamples = {};
  for (const k of Object.keys(heaps[0]?.samples ?? {})) heapSamples[k] = medianOf(heaps.map((h) => h.samples[k]));
  const heap = {
    samples: heapSamples,
    growth: {
      quotes: median(heaps.map((h) => h.samples.quotes100.usedBytes - h.samples.quotes50.usedBytes)),
      quotesLater: median(heaps.map((h) => h.samples.quotes150.usedBytes - h.samples.quotes100.usedBytes)),
      swaps: median(heaps.map((h) => h.samples.dismissed40.usedBytes - h.samples.dismissed20.usedBytes)),
      nodesQuotes: median(heaps.map((h) => h.samples.quotes150.nodes - h.samples.quotes50.nodes)),
      nodesSwaps: median(heaps.map((h) => h.samples.dismissed40.nodes - h.samples.dismissed20.nodes)),
    },
    requestsPer50: heaps.map((h) => `${h.requests.first50}+${h.requests.second50}+${h.requests.third50}`).join(', '),
    trackSeconds: median(heaps.map((h) => h.trackSeconds)),
    leftAfterDismiss: heaps.map((h) => h.leftAfterDismiss),
  };
  const longQuote = longQuotes.length
    ? {
        routesInAnswer: longQuotes[0].routesInAnswer,
        bytes: longQuotes[0].bytes,
        shown: longQuotes[0].shown,
        ...roundAll(
          medianOf(
            longQuotes.map(({ longestTaskMs, tasksOver16, tasksOver16Ms, readToDomMs, readToPaintedMs }) => ({
              longestTaskMs,
              tasksOver16,
              tasksOver16Ms,
              readToDomMs,
              readToPaintedMs,
            })),
          ),
        ),
      }
    : undefined;
  const noGrowth = (bytes, base) => bytes <= Math.max(256_000, 0.02 * base);

  const FRAME = 16;
  const targets = [
    {
      id: 'first-render',
      label: 'first render: bundle evaluation -> form on screen (busy)',
      value: firstRender.busyMs,
      display: `${round(firstRender.busyMs)} ms`,
      target: '≤ 16 ms',
      met: firstRender.busyMs <= FRAME,
    },
    {
      id: 'first-render-defined',
      label: "first render: element defined -> form on screen (busy; the libraries' top-level code left out)",
      value: firstRender.fromDefinedBusyMs,
      display: `${round(firstRender.fromDefinedBusyMs)} ms`,
      target: '≤ 16 ms',
      met: firstRender.fromDefinedBusyMs <= FRAME,
    },
    {
      id: 'routes',
      label: 'quote answer -> routes on screen (busy)',
      value: routes.busyMs,
      display: `${round(routes.busyMs)} ms`,
      target: '≤ 20 ms',
      met: routes.busyMs <= 20,
    },
    {
      id: 'keystroke',
      label: `search keystroke over ${search.tokens.count} tokens (busy; worst of ${keyCount} keystrokes)`,
      value: keystroke.worstBusyMs,
      display: `${round(keystroke.busyMs)} ms (worst ${round(keystroke.worstBusyMs)} ms)`,
      target: '≤ 16 ms each',
      met: keystroke.worstBusyMs <= FRAME,
    },
    ...(longQuote
      ? [
          {
            id: 'long-quote',
            label: `longest main-thread task while a quote answer of ${longQuote.routesInAnswer} routes (${(longQuote.bytes / 1e6).toFixed(1)} MB) is read, until its routes are painted`,
            value: longQuote.longestTaskMs,
            display: `${round(longQuote.longestTaskMs)} ms`,
            target: '< 200 ms',
            met: longQuote.longestTaskMs < 200,
          },
        ]
      : []),
    {
      id: 'quote-requests',
      label: `quote requests per settled input (${settled.length} typed inputs)`,
      value: settled.map((s) => s.requests),
      display: `${median(settled.map((s) => s.requests))} (all: ${[...new Set(settled.map((s) => s.requests))].sort().join(', ')})`,
      target: 'exactly 1',
      met: settled.every((s) => s.requests === 1),
    },
    {
      id: 'heap-quotes',
      label: 'JS heap growth, quotes 50 -> 100 -> 150',
      value: [heap.growth.quotes, heap.growth.quotesLater],
      display: `${(heap.growth.quotes / 1000).toFixed(0)} kB, ${(heap.growth.quotesLater / 1000).toFixed(0)} kB`,
      target: 'no growth',
      met:
        noGrowth(heap.growth.quotes, heapSamples.quotes50.usedBytes) &&
        noGrowth(heap.growth.quotesLater, heapSamples.quotes100.usedBytes) &&
        heap.growth.nodesQuotes <= 0,
    },
    {
      id: 'heap-swaps',
      label: 'JS heap growth, 20 more tracked swaps (dismissed)',
      value: heap.growth.swaps,
      display: `${(heap.growth.swaps / 1000).toFixed(0)} kB`,
      target: 'no growth',
      met: noGrowth(heap.growth.swaps, heapSamples.dismissed20.usedBytes) && heap.growth.nodesSwaps <= 0,
    },
  ];
  const metrics = {
    firstRender: roundAll(firstRender),
    baselineRender: baselineRender && roundAll(baselineRender),
    staticRender: staticRender && roundAll(staticRender),
    routes: roundAll(routes),
    search: {
      start: roundAll(search.start),
      tokens: roundAll(search.tokens),
      open: roundAll(search.open),
      keystroke: {
        ...keystroke,
        ...roundAll(medianOf(searches.flatMap((s) => s.keystrokes))),
        worstBusyMs: round(keystroke.worstBusyMs),
      },
    },
    settledInputs: settled,
    longQuote,
    heap,
  };
  return { metrics, targets };
}

function roundAll(o) {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
