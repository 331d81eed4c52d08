// "What is left" of issue 17's cold-start targets, written from a bench result: for each
// target not met, how far the widget is from it, where its extra time goes against the
// floor's (the cold loads' medians, phase by phase) and inside its own evaluation (the
// profiled first task), then what winning the rest would cost: the options measured during
// the cold-start work (OPTIONS below, with where and when they were measured).

const ms0 = (n) => (typeof n === 'number' ? `${Math.round(n)} ms` : '–');
const signed = (n) => (typeof n === 'number' ? `${n >= 0 ? '+' : '−'}${Math.round(Math.abs(n))} ms` : '–');

/**
 * What the cold-start work measured of each way left to win time, and what it costs. Numbers
 * from A/B runs of the built core on the 2-core bench machine (`.scratch`-style scripts over
 * bench/scenarios.js: 15 interleaved cold loads unthrottled, 9 throttled), 2026-11-23, on
 * the core after the schema and chain cuts (100.7 kB gzip).
 */
export const OPTIONS = [
  {
    part: 'bytes (download and parse)',
    what:
      "the core is 100.7 kB gzip (315 kB minified) against the Lit floor's 5.6 kB. Who owns it (`npm run size:breakdown`): the widget's own " +
      "code 67 kB (route checks, messages, wallets of three families, tracking, the memo flow), zod 8.3 kB, the token list's virtualizer 7.4 kB, " +
      "hashes and encodings of the address checks 9.4 kB, viem's ABI decoding 5.4 kB, the QR encoder 4.2 kB, lit 10 kB",
    cost:
      'throttled, each 10 kB gzip is about 10 ms of download; unthrottled, parse grows with the minified size. Winning the Lit ratio on bytes alone ' +
      "means removing features, or zod as the one description of the service's shapes (the team's rule)",
  },
  {
    part: "lit's first render (template preparation, DOM creation)",
    what: 'about half of the first task after the top-level code (lit-html and @lit/reactive-element in the first task above)',
    cost:
      "@lit-labs/compiler was tried (applied after the HTML minifier): the root's first update −2.1 ms and the form's −0.7 ms, but +2.1 kB gzip " +
      '(over the budget), +3 ms of top-level code (its 91 prepared templates are built while the module is evaluated) and +3.5 ms of parse: ' +
      'no gain, not used',
  },
  {
    part: "the libraries' module-level work",
    what: "@scure/base's codecs, @noble/hashes' hash instances and tables, zod's error classes: about 3 ms of the top-level code",
    cost: 'one ES module file cannot evaluate a dependency lazily: it would take patching the libraries (a build-time rewrite of their exports into lazy getters)',
  },
  {
    part: "the later parts' code (token picker, route list, memo flow and QR, tracker, recent swaps)",
    what: 'their classes, decorators and definitions: about 2 ms of the top-level code in the unminified profile bundle, half a millisecond of it the definitions',
    cost:
      "no lazy modules inside one file: each part's classes would have to be built in a function called after the first frame, and the parts' " +
      'tests would wait for their definitions; below what the bench can tell apart, not done',
  },
  {
    part: "the first frame's style and layout",
    what:
      'seven font sizes and weights in the first frame (12, 12.8, 13.6, 14, 14 bold, 17.6 and 24 px), each a synchronous font-style request to the ' +
      "browser process on Linux (0.5–2 ms each in the traces, about 8 ms in all); and Chrome's form scan at DOMContentLoaded (autofill) forces " +
      "style and layout of the closed settings' content, about 8 ms, before the first frame when DOMContentLoaded comes first",
    cost:
      'fewer font sizes is a design change; rendering the settings only once opened measured at most 4 ms (form in the DOM -> FCP, 21 loads) and ' +
      "changes what the form's `updated()` and the tests rely on: neither done",
  },
  {
    part: 'compiling on the main thread',
    what: 'V8 compiles each function on its first call, on the main thread (10–15 ms of the evaluation and first render unthrottled, by what the hint below saved there)',
    cost:
      'the `//# allFunctionsCalledOnLoad` hint (Chrome 136+) compiles the whole file in the background instead: throttled FCP −100 ms (1116 -> 1016 ms, ' +
      '9 loads), unthrottled +20 ms (272 -> 292 ms, 15 loads: on loopback the background compile of all 315 kB has no download to hide behind, ' +
      'and most of it is code the first frame never runs); it trades the unthrottled React target for the throttled ones, not shipped',
  },
];

/** The widget's FCP against a floor's, phase by phase (medians; they do not add up exactly). */
function phases(w, f) {
  const rows = [
    ["navigation -> the bundle's last byte (HTML, probe, download)", 'bundleReceivedMs'],
    ['last byte -> evaluation starts (parse, compile)', 'receivedToEvalMs'],
    ['evaluation -> first render in the DOM', 'evalToRenderedMs'],
    ['first render in the DOM -> FCP (style, layout, paint, raster)', 'renderedToFcpMs'],
  ];
  return rows
    .filter(([, k]) => typeof w[k] === 'number' && typeof f[k] === 'number')
    .map(([label, k]) => `${label} ${ms0(w[k])} against ${ms0(f[k])} (${signed(w[k] - f[k])})`);
}

/** Shares of the profiled first task (evaluation and first render) by module. */
function firstTask(r) {
  const cpu = r.profile?.evaluateAndFirstRender?.cpuFirstTask;
  if (!cpu?.sampledMs) return undefined;
  const pct = (v) => `${Math.round((100 * v) / cpu.sampledMs)}%`;
  const top = cpu.topLevel.byModule
    .slice(0, 6)
    .map((m) => `${m.module} ${pct(m.selfMs)}`)
    .join(', ');
  const all = cpu.byModule
    .slice(0, 8)
    .map((m) => `${m.module} ${pct(m.selfMs)}`)
    .join(', ');
  return (
    `The task that evaluates the widget and renders it first (the profiled pass's unminified bundle, ${Math.round(cpu.taskMs ?? cpu.sampledMs)} ms ` +
    `under the profiler: read it as shares): top-level code ${pct(cpu.topLevel.ms)} (of it, by module: ${top}); by module overall: ${all}. ` +
    "Style sheets are parsed and element properties defined inside @lit/reactive-element's calls, and time is counted where the profiler " +
    'sampled it: the shares of the libraries include work they do for the widget.'
  );
}

export function renderWhatIsLeft(r) {
  const c = r.coldLoad;
  const unmet = (r.targets ?? []).filter((t) => t.group === 'cold-load' && !t.met);
  if (!c || !unmet.length) return [];
  const out = ['### What is left', ''];
  for (const t of unmet) {
    const [, floor, mode] = /^cold-fcp-(lit|react)-(\w+)$/.exec(t.id) ?? [];
    const pages = c[mode]?.pages;
    if (!pages) continue;
    const w = pages.widget;
    const f = pages[floor];
    const limit = floor === 'lit' ? 1.2 * f.fcpMs : f.fcpMs;
    out.push(
      `- **${t.label}: ${t.display}.** ${floor === 'lit' ? '≤ 1.2×' : 'Faster'} needs an FCP ${floor === 'lit' ? 'of at most' : 'under'} ${ms0(limit)}: ` +
        `${ms0(w.fcpMs - limit)} less. Against the floor: ${phases(w, f).join('; ')}.` +
        (pages.markup
          ? ` The widget's own first frame as static HTML, with no script, has an FCP of ${ms0(pages.markup.fcpMs)}: ` +
            `${(pages.markup.fcpMs / f.fcpMs).toFixed(2)}× the floor by itself.`
          : ''),
    );
  }
  const task = firstTask(r);
  if (task) out.push('', task);
  out.push(
    '',
    'What each part would cost to win (measured during the cold-start work, 2026-11-23; see `bench/what-is-left.js`):',
    '',
  );
  for (const o of OPTIONS) out.push(`- ${o.part}: ${o.what}. ${o.cost[0].toUpperCase()}${o.cost.slice(1)}.`);
  out.push('');
  return out;
}
