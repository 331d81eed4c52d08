// Summaries of what the browser did during a profiled phase: a Chrome trace (where main-thread
// time goes, as the Performance panel's summary groups it) and a V8 CPU profile (which
// functions and which modules of the bundle the JavaScript time is spent in).

// ---- trace --------------------------------------------------------------------------------

const CATEGORY_RULES = [
  [
    'loading',
    /^(ParseHTML|ResourceSendRequest|ResourceReceiveResponse|ResourceReceivedData|ResourceFinish|ResourceChangePriority)$/,
  ],
  [
    'scripting',
    /^(FunctionCall|EvaluateScript|RunMicrotasks|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|XHRLoad|v8\.|V8\.|MinorGC|MajorGC|BlinkGC|CppGC|GCEvent|ThreadState|ScavengeTask|Compile|CacheScript|ParseScript|ScriptCompiled|v8|ProfileCall|TimerInstall|TimerRemove|RequestAnimationFrame|CancelAnimationFrame|EmbedderCallback|JSSample|AsyncTask|HandlePostMessage|PerformanceObserver|MutationObserver)/i,
  ],
  [
    'rendering',
    /^(UpdateLayoutTree|RecalculateStyles|Layout|UpdateLayerTree|HitTest|PrePaint|Layerize|ScrollLayer|IntersectionObserver|ResizeObserver|ParseAuthorStyleSheet|InvalidateLayout|ScheduleStyleRecalculation|LayoutShift|ComputeIntersections|StyleRecalc|Document::updateStyle|LocalFrameView::|UpdateLifecycle|Animation)/,
  ],
  [
    'painting',
    /^(Paint|PaintImage|CompositeLayers|Commit|PaintSetup|Rasterize|Decode|Draw|DecodeImage|UpdateLayer|ImageDecodeTask|GPUTask|Screenshot)/,
  ],
];

function categoryOf(name) {
  for (const [cat, re] of CATEGORY_RULES) if (re.test(name)) return cat;
  return 'other';
}

/**
 * Self time by event name and by category on the busiest renderer main thread of a trace
 * (Chrome trace JSON: {traceEvents} or an array).
 */
export function summarizeTrace(traceJson) {
  const events = Array.isArray(traceJson) ? traceJson : (traceJson.traceEvents ?? []);
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key)) continue;
    if (e.ph !== 'X' && e.ph !== 'B' && e.ph !== 'E') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  let best;
  for (const [key, list] of byThread) {
    const busy = list
      .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
      .reduce((n, e) => n + (e.dur ?? 0), 0);
    if (!best || busy > best.busy) best = { key, list, busy };
  }
  if (!best) return undefined;

  // Turn B/E pairs into complete events, then compute self times with a stack.
  const complete = [];
  const open = [];
  for (const e of best.list.sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') complete.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, args: e.args });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) complete.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, args: b.args });
    }
  }
  complete.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const addSelf = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  let busyUs = 0;
  const topLevel = [];
  for (const e of complete) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const overlap = parent ? Math.min(e.dur, parent.ts + parent.dur - e.ts) : 0;
    if (parent) {
      addSelf(parent.name, -overlap);
      parent.selfUs -= overlap;
    } else {
      busyUs += e.dur;
      topLevel.push(e);
    }
    e.selfUs = e.dur;
    addSelf(e.name, e.dur);
    stack.push(e);
  }
  const categories = { loading: 0, scripting: 0, rendering: 0, painting: 0, other: 0 };
  for (const [name, us] of self) categories[categoryOf(name)] += us;
  const ms = (us) => Math.round(us / 10) / 100;
  const top = [...self]
    .filter(([, us]) => us > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, us]) => ({ name, category: categoryOf(name), selfMs: ms(us) }));
  // The longest top-level tasks, with the self time of what ran inside them.
  const longest = topLevel
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 5)
    .map((t) => {
      const kinds = new Map();
      for (const e of complete) {
        if (e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || e.selfUs <= 0) continue;
        const k = /RunTask$|^Receive mojo|^ThreadController/.test(e.name) ? 'task overhead / unlabelled' : e.name;
        kinds.set(k, (kinds.get(k) ?? 0) + e.selfUs);
      }
      return {
        ms: ms(t.dur),
        parts: [...kinds]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([name, us]) => `${name} ${ms(us)}`)
          .join(', '),
      };
    });
  return {
    busyMs: ms(busyUs),
    categoriesMs: Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, ms(v)])),
    topSelf: top,
    longestTasks: longest,
  };
}

/** The renderer main thread's top-level tasks overlapping [fromUs, toUs] (trace clock), summed up. */
function mainTasks(events, near, fromUs, toUs) {
  // The main thread of the event `near` (a request sent by the page), or of its process.
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const key = main.has(`${near.pid}:${near.tid}`)
    ? `${near.pid}:${near.tid}`
    : [...main].find((k) => k.startsWith(`${near.pid}:`));
  const tasks = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === key && /^(ThreadControllerImpl::)?RunTask$/.test(e.name))
    .filter((e) => e.ts + e.dur >= fromUs && e.ts <= toUs)
    .sort((a, b) => a.ts - b.ts);
  // Nested RunTask events (ThreadControllerImpl::RunTask inside RunTask): keep the outermost.
  const top = [];
  for (const t of tasks) if (!top.length || t.ts >= top.at(-1).ts + top.at(-1).dur) top.push(t);
  const ms = (us) => Math.round(us / 10) / 100;
  const long = top.filter((t) => t.dur > 16_000);
  return {
    longestMs: ms(Math.max(0, ...top.map((t) => t.dur))),
    over16: long.length,
    over16Ms: ms(long.reduce((n, t) => n + t.dur, 0)),
  };
}

const requestOf = (events, urlPart) =>
  events.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url ?? '').includes(urlPart));

/**
 * Main-thread tasks in the `windowMs` after a resource (the first request whose URL holds
 * `urlPart`) finished arriving: the longest, and those over a frame (16 ms).
 */
export function tasksAfterResource(traceJson, urlPart, windowMs) {
  const events = Array.isArray(traceJson) ? traceJson : (traceJson.traceEvents ?? []);
  const send = requestOf(events, urlPart);
  if (!send) return undefined;
  const id = send.args.data.requestId;
  const finish = events
    .filter((e) => (e.name === 'ResourceFinish' || e.name === 'ResourceReceivedData') && e.args?.data?.requestId === id)
    .sort((a, b) => b.ts - a.ts)[0];
  if (!finish) return undefined;
  return mainTasks(events, send, finish.ts, finish.ts + windowMs * 1000);
}

/**
 * Main-thread tasks from `fromMs` (a time of the page's clock, such as a probe mark) until the
 * first request whose URL holds `urlPart` is sent. Needs the `blink.user_timing` category
 * (navigationStart, to place the page's clock on the trace's).
 */
export function tasksUntilRequest(traceJson, fromMs, urlPart) {
  const events = Array.isArray(traceJson) ? traceJson : (traceJson.traceEvents ?? []);
  const send = requestOf(events, urlPart);
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ??
    events.find((e) => e.name === 'navigationStart');
  if (!send || !nav || typeof fromMs !== 'number') return undefined;
  return mainTasks(events, send, nav.ts + fromMs * 1000, send.ts);
}

/**
 * The task that evaluated the bundle, with the microtasks it queued (where lit renders): from
 * the first module evaluation of a trace to the end of the task around it, in the trace's
 * clock (microseconds; V8's CPU profiles use the same). The first render, before its frame.
 */
export function evaluationTask(traceJson) {
  const events = Array.isArray(traceJson) ? traceJson : (traceJson.traceEvents ?? []);
  const evaluation = events
    .filter((e) => e.name === 'v8.evaluateModule' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts)[0];
  if (!evaluation) return undefined;
  const task = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === evaluation.pid &&
        e.tid === evaluation.tid &&
        e.ts <= evaluation.ts &&
        e.ts + (e.dur ?? 0) >= evaluation.ts + evaluation.dur,
    )
    .sort((a, b) => b.dur - a.dur)[0];
  return { fromUs: evaluation.ts, toUs: task.ts + task.dur };
}

// ---- CPU profile ----------------------------------------------------------------------------

/**
 * Module boundaries of an unminified esbuild bundle: esbuild writes `// path` before each
 * module's code. Returns a function from a 0-based line to the module path.
 */
export function moduleLocator(bundleText) {
  const starts = [];
  const lines = bundleText.split('\n');
  lines.forEach((line, i) => {
    const m = /^\/\/ (?:\S*\/)?((?:node_modules|src)\/\S+)$/.exec(line);
    if (m) starts.push([i, m[1]]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** `node_modules/lit-html/x.js` -> `lit-html`; `src/domain/tokens/tokens.ts` stays as it is. */
function packageOf(path) {
  if (!path) return '(unknown)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return m ? m[1] : path;
}

/**
 * Self time by function and by module/package of a V8 CPU profile (Profiler.stop's
 * `profile`). `locate(url, line)` names the module of a bundle position. With `window`
 * (`{ fromUs, toUs }`, in the profile's clock, which is the trace's: see `evaluationTask`),
 * only the samples inside it count.
 */
export function summarizeCpuProfile(profile, locate, { window } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const cf = n.callFrame;
    const topLevel = !cf.functionName && cf.url && cf.lineNumber === 0 && cf.columnNumber === 0;
    if (topLevel) return '(module top level)';
    const where = cf.url ? locate(cf.url, cf.lineNumber) : undefined;
    return `${cf.functionName || '(anonymous)'}${where ? ` ${where.replace(/^node_modules\//, '')}` : ''}`;
  };
  /** The callers of a node, nearest first (at most `depth`). */
  const callers = (id, depth) => {
    const out = [];
    for (let p = parent.get(id); p !== undefined && out.length < depth; p = parent.get(p)) {
      const n = nodes.get(p);
      if (n.callFrame.functionName === '(root)') break;
      out.push(label(n));
    }
    return out;
  };
  const isTopLevel = (cf) => !cf.functionName && !!cf.url && cf.lineNumber === 0 && cf.columnNumber === 0;
  // The bench's own code: probe.js's functions (not the built-ins they call for the widget, such
  // as the wrapped fetch), and Playwright's injected script (page.evaluate) with the built-ins it
  // calls directly. Widget code called from either is the widget's.
  const injected = new Map();
  const isInjected = (id) => {
    if (injected.has(id)) return injected.get(id);
    const cf = nodes.get(id).callFrame;
    // Scripts without a URL but with a position are what page.evaluate injected.
    let h = cf.functionName === 'UtilityScript' || (!cf.url && cf.lineNumber >= 0);
    if (!h && !cf.url && parent.has(id) && cf.functionName !== '(program)' && cf.functionName !== '(garbage collector)')
      h = isInjected(parent.get(id));
    injected.set(id, h);
    return h;
  };
  const isHarness = (id) => nodes.get(id).callFrame.url.includes('/pages/probe.js') || isInjected(id);
  /** Whether a node runs under the bundle's top-level code (its evaluation). */
  const underTopLevel = new Map();
  const inTopLevel = (id) => {
    if (underTopLevel.has(id)) return underTopLevel.get(id);
    const n = nodes.get(id);
    const v = isTopLevel(n.callFrame) ? true : parent.has(id) ? inTopLevel(parent.get(id)) : false;
    underTopLevel.set(id, v);
    return v;
  };
  const selfUs = new Map();
  let at = profile.startTime ?? 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const dt = deltas[i + 1] ?? 0;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + dt);
  }
  /** Adds a node's self time to `map` by package (line-level ticks split a function over modules). */
  const attribute = (n, us, module, map) => {
    const cf = n.callFrame;
    const ticks = cf.url ? (n.positionTicks ?? []) : [];
    const all = ticks.reduce((k, t) => k + t.ticks, 0);
    if (all) {
      for (const t of ticks) {
        const pkg = packageOf(locate(cf.url, t.line - 1) ?? module);
        map.set(pkg, (map.get(pkg) ?? 0) + (us * t.ticks) / all);
      }
    } else map.set(packageOf(module), (map.get(packageOf(module)) ?? 0) + us);
  };
  const pathsOf = new Map();
  const byFunction = new Map();
  const byModule = new Map();
  const topLevelByModule = new Map();
  let topLevelUs = 0;
  let harnessUs = 0;
  let total = 0;
  const special = {};
  for (const [id, us] of selfUs) {
    const n = nodes.get(id);
    const cf = n.callFrame;
    const topLevel = isTopLevel(cf);
    const name = topLevel ? '(module top level)' : cf.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    total += us;
    if (name === '(program)' || name === '(garbage collector)' || name === '(root)') {
      special[name] = (special[name] ?? 0) + us;
      continue;
    }
    if (isHarness(id)) {
      harnessUs += us;
      continue;
    }
    const module = topLevel
      ? 'bundle'
      : cf.url
        ? (locate(cf.url, cf.lineNumber) ?? cf.url.replace(/^https?:\/\/[^/]+/, ''))
        : '(native)';
    const key = `${name} ${module}:${cf.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const path = callers(id, 4).join(' < ');
    if (!pathsOf.has(key)) pathsOf.set(key, new Map());
    pathsOf.get(key).set(path, (pathsOf.get(key).get(path) ?? 0) + us);
    attribute(n, us, module, byModule);
    if (inTopLevel(id)) {
      topLevelUs += us;
      attribute(n, us, module, topLevelByModule);
    }
  }
  const ms = (us) => Math.round(us / 10) / 100;
  return {
    sampledMs: ms(total),
    programMs: ms(special['(program)'] ?? 0),
    gcMs: ms(special['(garbage collector)'] ?? 0),
    harnessMs: ms(harnessUs),
    /** JS time under the bundle's top-level code (module evaluation), by package. */
    topLevel: {
      ms: ms(topLevelUs),
      byModule: [...topLevelByModule]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([module, us]) => ({ module, selfMs: ms(us) })),
    },
    topFunctions: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([fn, us]) => ({
        fn,
        selfMs: ms(us),
        calledFrom: [...pathsOf.get(fn)].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
      })),
    byModule: [...byModule]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([module, us]) => ({ module, selfMs: ms(us) })),
  };
}
