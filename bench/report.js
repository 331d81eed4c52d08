// The bench's readable table (Markdown), from the result object of scripts/bench.js.
import { renderWhatIsLeft } from './what-is-left.js';

const kB = (n) => (typeof n === 'number' ? `${(n / 1000).toFixed(1)} kB` : '–');
const MB = (n) => (typeof n === 'number' ? `${(n / 1e6).toFixed(2)} MB` : '–');
const ms = (n) => (typeof n === 'number' ? `${n.toFixed(1)} ms` : '–');

function sizeRow(label, s, note = '') {
  return `| ${label} | ${kB(s.bytes)} | ${kB(s.gzip)} | ${kB(s.brotli)} | ${note} |`;
}

const x = (n) => (typeof n === 'number' ? `${n.toFixed(2)}×` : '–');
const ms0 = (n) => (typeof n === 'number' ? `${Math.round(n)} ms` : '–');

/** The cold load against the floors: one table per mode, the ratios, the targets. */
function renderColdLoad(r, out) {
  const c = r.coldLoad;
  if (!c?.unthrottled && !c?.throttled) return;
  const net = c.conditions.throttled;
  out.push('### Cold load against the floors');
  out.push('');
  out.push(
    'The widget as a page loads it (**swap-widget**: the first file, one module script, which loads the later file from its ' +
      'own folder with the integrity it carries), the same widget in one file (`dist/swap-widget.iife.js`, one classic script: ' +
      `the single file of before the split) and two floors, each loaded cold (a fresh browser context: empty cache), interleaved (${c.order.replace(/^interleaved: |;.*$/g, '')}); medians. ` +
      'Same server, page shell and probe for all; the files served gzip-compressed over loopback. ' +
      `Throttled: ${net.cpuSlowdown}× CPU slowdown (CDP \`Emulation.setCPUThrottlingRate\`) and ${net.network} ` +
      `(CDP \`Network.emulateNetworkConditions\`: ${Math.round(net.downloadThroughput)} B/s down = 9 Mbit/s × 0.9, ` +
      `${Math.round(net.uploadThroughput)} B/s up = 1.5 Mbit/s × 0.9, ${net.latency} ms latency = 60 ms × 2.75).`,
  );
  const labels = {
    widget: '**swap-widget** (first file)',
    single: 'swap-widget in one file (IIFE)',
    lit: c.pages.lit.label,
    react: c.pages.react.label,
    markup: c.pages.markup?.label,
  };
  for (const mode of ['unthrottled', 'throttled']) {
    const t = c[mode];
    if (!t) continue;
    out.push('');
    out.push(
      `| ${mode} (${t.pages.widget.n} loads each) | gzip | FCP | FCP min–max | first render in the DOM | bundle evaluation -> first render |`,
    );
    out.push('|---|---:|---:|---:|---:|---:|');
    for (const [w, p] of Object.entries(t.pages)) {
      out.push(
        `| ${labels[w] ?? w} | ${kB(c.pages[w].gzip)} | ${ms0(p.fcpMs)} | ${ms0(p.fcp.min)}–${ms0(p.fcp.max)} | ${ms0(p.renderedMs)} | ${ms(p.evalToRenderedMs)} |`,
      );
    }
    for (const floor of ['lit', 'react', 'markup']) {
      const q = t.ratios;
      if (!q.fcpMs[floor]) continue;
      const gz = c.pages.widget.gzip / c.pages[floor].gzip;
      out.push(
        `| widget / ${{ lit: 'Lit', react: 'React', markup: 'its own static HTML' }[floor]} | ${x(gz)} | ${x(q.fcpMs[floor].ofMedians)} (paired ${x(q.fcpMs[floor].paired)}) | | ${x(q.renderedMs[floor]?.ofMedians)} | ${x(q.evalToRenderedMs[floor]?.ofMedians)} |`,
      );
    }
  }
  const targets = r.targets.filter((t) => t.group === 'cold-load');
  if (targets.length) {
    out.push('');
    out.push('| target | widget / floor (median FCPs) | target | met |');
    out.push('|---|---:|---:|:---:|');
    for (const t of targets) out.push(`| ${t.label} | ${t.display} | ${t.target} | ${t.met ? 'yes' : '**no**'} |`);
  }
  renderCanQuote(r, out);
  out.push('');
  out.push(
    "FCP: navigation start -> the `first-contentful-paint` paint entry. First render: navigation start -> the widget's `<form>` " +
      "(in `swap-quote-form`'s shadow root) or the floor's `<button>` in the DOM. Bundle evaluation -> first render: from the " +
      'bundle\'s first statement (after fetch and compile), the script\'s part. Ratios: of the medians; "paired": the median of ' +
      'widget / floor within each round. gzip: `gzip -9` of the bundle, what the server sends.',
  );
  out.push('');
  out.push(...renderWhatIsLeft(r));
}

/** The time until the widget can quote: the split build against the same widget in one file, same loads. */
function renderCanQuote(r, out) {
  const c = r.coldLoad;
  const modes = ['unthrottled', 'throttled'].filter((m) => c[m]?.pages.single);
  if (!modes.length) return;
  out.push('');
  out.push('#### Time until the widget can quote');
  out.push('');
  out.push(
    '| loads | page | FCP | first render in the DOM | later file requested | later file received | first request to the service | can quote |',
  );
  out.push('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const mode of modes) {
    const p = c[mode].pages;
    for (const w of ['widget', 'single']) {
      const q = p[w];
      out.push(
        `| ${mode} | ${w === 'widget' ? 'split (first + later file)' : 'one file (IIFE)'} | ${ms0(q.fcpMs)} | ${ms0(q.renderedMs)} | ${ms0(q.restRequestedMs)} | ${ms0(q.restReceivedMs)} | ${ms0(q.firstRequestMs)} | ${ms0(q.canQuoteMs)} |`,
      );
    }
    const k = c[mode].ratios;
    out.push(
      `| ${mode} | split / one file | ${x(k.fcpMs.single?.ofMedians)} | ${x(k.renderedMs.single?.ofMedians)} | | | ${x(k.firstRequestMs?.single?.ofMedians)} | ${x(k.canQuoteMs?.single?.ofMedians)} (paired ${x(k.canQuoteMs?.single?.paired)}) |`,
    );
  }
  const targets = r.targets.filter((t) => t.group === 'can-quote');
  if (targets.length) {
    out.push('');
    out.push('| target | split / one file (medians) | target | met |');
    out.push('|---|---:|---:|:---:|');
    for (const t of targets) out.push(`| ${t.label} | ${t.display} | ${t.target} | ${t.met ? 'yes' : '**no**'} |`);
  }
  out.push('');
  out.push(
    "Can quote: navigation start -> the widget's `updateComplete` resolved, which it resolves once it has started: its later " +
      'file arrived and evaluated (in one file: the file evaluated), its configuration checked and its first requests sent ' +
      "(the start waits for the frame that paints the form). First request to the service: the widget's first `fetch` of a " +
      '`/v1/` path, the same moment seen from the network side. Both pages are loaded in each round, so the ratio compares ' +
      'loads under the same conditions.',
  );
}

export function renderTable(r) {
  const out = [];
  const m = r.metrics;
  out.push(`## Benchmark (\`npm run bench\`)`);
  out.push('');
  const cold = r.coldRuns
    ? `Cold loads: ${r.coldRuns.unthrottled} unthrottled and ${r.coldRuns.throttled} throttled of each page. `
    : '';
  out.push(
    `Measured ${r.date.slice(0, 10)} on ${r.machine.cpus}× ${r.machine.cpuModel}, Node ${r.machine.node}, headless Chromium ${r.machine.chromium}; ` +
      `commit ${r.commit}; load average ${r.machine.loadAverage?.join(' -> ') ?? '?'}. ${cold}` +
      (m
        ? `Other measures: medians of ${r.runs} page loads (heap: ${r.heapRuns}).`
        : 'Other measures: not run (`--cold-only`).'),
  );
  out.push('');
  out.push('### Bundle size');
  out.push('');
  out.push('| build | minified | gzip | brotli | notes |');
  out.push('|---|---:|---:|---:|---|');
  out.push(
    sizeRow(
      '**swap-widget** `dist/swap-widget.js` (first file)',
      r.sizes.ours,
      r.sizes.rest
        ? 'what paints the form and takes input (lit, the form, settings, the number reader, styles, the first words); it loads the later file at once'
        : 'everything inside: lit, zod/mini, the used parts of viem',
    ),
  );
  if (r.sizes.rest)
    out.push(
      sizeRow(
        `later file \`${r.sizes.rest.file}\``,
        r.sizes.rest,
        'loaded by the first file from its folder, with its integrity: the session, checks, wallets, other screens',
      ),
    );
  if (r.sizes.iife)
    out.push(sizeRow('the whole widget in one file `dist/swap-widget.iife.js`', r.sizes.iife, 'one classic script'));
  if (r.sizes.baseline) {
    const whole = r.sizes.iife ?? r.sizes.ours;
    const saved = 1 - whole.gzip / r.sizes.baseline.gzip;
    out.push(
      sizeRow(
        'same widget without tree-shaking care',
        r.sizes.baseline,
        `full viem wallet client + classic zod; the shipped build is ${(saved * 100).toFixed(0)}% smaller gzipped`,
      ),
    );
  }
  for (const v of r.rivals?.rivals ?? []) {
    if (!v.exists) {
      out.push(`| ${v.name} | – | – | – | ${v.note} |`);
      continue;
    }
    if (!v.bundle) {
      out.push(
        `| ${v.name}${v.version ? ` ${v.version}` : ''} | – | – | – | not measured: ${String(v.error ?? '')
          .split('\n')[0]
          .slice(0, 120)} |`,
      );
      continue;
    }
    const notes = [
      `with React ${v.react ?? '?'}`,
      `all chunks: ${kB(v.bundle.total.gzip)} gzip`,
      v.packageJs ? `the package's own JS: ${MB(v.packageJs.bytes)} unpacked` : '',
      v.nodeBuiltinsLeftOut?.length ? `without Node polyfills (${v.nodeBuiltinsLeftOut.length})` : '',
      v.overrides ? `${Object.keys(v.overrides).length} unpublished dependency version(s) replaced` : '',
      v.unresolvedLeftOut?.length ? `${v.unresolvedLeftOut.length} unresolvable import(s) left out` : '',
    ].filter(Boolean);
    out.push(sizeRow(`${v.name} ${v.version} (initial load)`, v.bundle.initial, notes.join('; ')));
  }
  if (r.rivals?.measuredAt) {
    out.push('');
    out.push(
      `Rivals: measured ${r.rivals.measuredAt.slice(0, 10)} by \`scripts/bench-rivals.js\` (cached in \`bench/rivals.json\`): ` +
        'npm install of the package, esbuild bundle of a one-line React entry that renders it (minified, production, code splitting); ' +
        '"initial" is the entry chunk and its static imports, "all chunks" adds what loads lazily.',
    );
  }
  out.push('');
  renderColdLoad(r, out);
  if (!m) return out.join('\n') + '\n';
  out.push('### Speed');
  out.push('');
  out.push('| measure | median | target | met |');
  out.push('|---|---:|---:|:---:|');
  for (const t of r.targets.filter((t) => t.group !== 'cold-load'))
    out.push(`| ${t.label} | ${t.display} | ${t.target} | ${t.met === undefined ? '–' : t.met ? 'yes' : '**no**'} |`);
  out.push('');
  out.push('| detail | median |');
  out.push('|---|---:|');
  const d = (label, v) => out.push(`| ${label} | ${v} |`);
  d('bundle received -> its evaluation starts (module parse/compile)', ms(m.firstRender.receivedToEvalMs));
  d('bundle evaluation, with the microtasks it queues (define, upgrade, first renders)', ms(m.firstRender.evaluateMs));
  d('evaluation start -> form in the DOM', ms(m.firstRender.renderMs));
  d('&nbsp;&nbsp;top-level code until `swap-widget` is defined and upgraded', ms(m.firstRender.topLevelMs));
  d(
    '&nbsp;&nbsp;`swap-widget` first update and render (until it creates the form)',
    ms(m.firstRender.widgetFirstUpdateMs),
  );
  d('&nbsp;&nbsp;`swap-quote-form` first render', ms(m.firstRender.formFirstRenderMs));
  d('&nbsp;&nbsp;the frame that paints it (style, layout, paint)', ms(m.firstRender.frameMs));
  if (m.staticRender)
    d(
      "the same first render as static HTML (declarative shadow DOM, same styles): parse -> on screen (busy); the browser's floor",
      ms(m.staticRender.busyMs),
    );
  d('evaluation start -> form painted (incl. waiting for the frame)', ms(m.firstRender.paintedMs));
  d('evaluation start -> first contentful paint', ms(m.firstRender.fcpFromEvalMs));
  if (m.baselineRender) {
    d('baseline bundle: received -> evaluation starts', ms(m.baselineRender.receivedToEvalMs));
    d('baseline bundle: evaluation start -> form in the DOM', ms(m.baselineRender.renderMs));
  }
  d('quote answer -> `swap-quote` (validation, ranking)', ms(m.routes.eventMs));
  d('quote answer -> routes in the DOM', ms(m.routes.domMs));
  d('quote answer -> routes painted (incl. waiting for the frame)', ms(m.routes.paintedMs));
  d('quote: request -> answer headers (local service)', ms(m.routes.serviceMs));
  if (m.search.start?.longestMs !== undefined) {
    d(
      'the start, after the frame that shows the form (full configuration check, requests sent): longest main-thread task',
      `${ms(m.search.start.longestMs)} (${m.search.start.over16} tasks over 16 ms)`,
    );
  }
  d(
    `token list of ${m.search.tokens.count} tokens (${(m.search.tokens.bytes / 1e6).toFixed(1)} MB of JSON): longest main-thread task after it arrives`,
    `${ms(m.search.tokens.longestTaskAfterAnswerMs)} (${m.search.tokens.tasksOver16} tasks over 16 ms, ${ms(m.search.tokens.tasksOver16Ms)} in all)`,
  );
  if (m.longQuote) {
    d(
      `quote answer of ${m.longQuote.routesInAnswer} routes (${(m.longQuote.bytes / 1e6).toFixed(1)} MB): answer -> routes painted; what is shown`,
      `${ms(m.longQuote.readToPaintedMs)} (${m.longQuote.tasksOver16} tasks over 16 ms, ${ms(m.longQuote.tasksOver16Ms)} in all); ${m.longQuote.shown.routes} routes${m.longQuote.shown.note ? `, "${m.longQuote.shown.note}"` : ''}`,
    );
  }
  d('open the token picker (click -> options painted, busy)', ms(m.search.open.busyMs));
  d('search keystroke: keydown -> lit update done', ms(m.search.keystroke.updateMs));
  d('search keystroke: keydown -> painted (incl. waiting for the frame)', ms(m.search.keystroke.paintedMs));
  d('search keystroke: worst of the per-keystroke medians (busy)', ms(m.search.keystroke.worstBusyMs));
  d('quote requests for 50 host changes + `refresh()`', String(m.heap.requestsPer50));
  out.push('');
  out.push('### Memory (JS heap after GC)');
  out.push('');
  out.push('| after | heap | DOM nodes | listeners |');
  out.push('|---|---:|---:|---:|');
  const h = m.heap.samples;
  const labels = {
    load: 'load and first quote',
    quotes50: '50 quotes',
    quotes100: '100 quotes',
    quotes150: '150 quotes',
    tracked20: 'tracking 20 swaps to completion',
    dismissed20: '... and dismissing them',
    tracked40: '20 more swaps',
    dismissed40: '... and dismissing them',
  };
  for (const [k, label] of Object.entries(labels))
    if (h[k]) out.push(`| ${label} | ${MB(h[k].usedBytes)} | ${h[k].nodes} | ${h[k].listeners} |`);
  out.push('');
  out.push(
    `Growth: ${kB(m.heap.growth.quotes)} from quote 50 to 100, ${kB(m.heap.growth.quotesLater)} from 100 to 150; ` +
      `${kB(m.heap.growth.swaps)} from the first batch of 20 dismissed swaps to the second. "No growth" allows 2% of the heap (at least 256 kB) ` +
      'for what the engine keeps (compiled code, caches) and needs the DOM node count unchanged.',
  );
  out.push('');
  out.push(
    'How: `busy` = main-thread time from the trigger (bundle evaluation start, the quote answer body read, the keydown) until the DOM is ' +
      'updated and laid out, plus the rendering work of the frame that paints it; "painted" adds the wait for that frame. ' +
      "Targets are judged on `busy` (frame alignment in headless Chromium is not the widget's doing). Timings are reported, never asserted.",
  );
  return out.join('\n') + '\n';
}

/** The "where the time goes" part of the console output. */
export function renderProfile(p) {
  if (!p) return '';
  const out = [
    '',
    '## Where the time goes (profile bundle: esbuild, unminified; trace + CPU profile)',
    '',
    'Profiling slows everything down: read these for proportions, the tables above for times.',
    '',
  ];
  for (const [phase, s] of Object.entries(p)) {
    out.push(`### ${phase}`);
    if (s.trace) {
      const c = s.trace.categoriesMs;
      out.push(
        `main thread busy ${ms(s.trace.busyMs)}: scripting ${ms(c.scripting)}, rendering ${ms(c.rendering)}, painting ${ms(c.painting)}, loading ${ms(c.loading)}, other ${ms(c.other)}`,
      );
      out.push(
        `trace self time: ${s.trace.topSelf
          .slice(0, 8)
          .map((e) => `${e.name} ${ms(e.selfMs)}`)
          .join('; ')}`,
      );
      if (s.trace.longestTasks[0])
        out.push(
          `longest tasks: ${s.trace.longestTasks
            .slice(0, 3)
            .map((t) => `${ms(t.ms)} (${t.parts})`)
            .join('; ')}`,
        );
    }
    if (s.cpu) {
      out.push(
        `CPU samples ${ms(s.cpu.sampledMs)} (native/program ${ms(s.cpu.programMs)}, GC ${ms(s.cpu.gcMs)}, bench harness ${ms(s.cpu.harnessMs)}); ` +
          `JS by module: ${s.cpu.byModule
            .slice(0, 8)
            .map((x) => `${x.module} ${ms(x.selfMs)}`)
            .join('; ')}`,
      );
      if (s.cpu.topLevel.ms > 1)
        out.push(
          `module evaluation (top-level code) ${ms(s.cpu.topLevel.ms)}: ${s.cpu.topLevel.byModule
            .slice(0, 8)
            .map((x) => `${x.module} ${ms(x.selfMs)}`)
            .join('; ')}`,
        );
      out.push('top functions (self):');
      for (const f of s.cpu.topFunctions.slice(0, 10))
        out.push(`  ${ms(f.selfMs).padStart(9)}  ${f.fn}${f.calledFrom ? `  <- ${f.calledFrom}` : ''}`);
    }
    out.push('');
  }
  return out.join('\n');
}
