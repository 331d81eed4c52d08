// What the bench does in the browser. Every scenario opens a fresh browser context (empty
// storage, cold HTTP cache) and reads the numbers bench/pages/probe.js collected.
import { makeHash } from '../demo/server/hashes.ts';
import { tasksAfterResource, tasksUntilRequest } from './analyze.js';

export const SOURCE = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const DESTINATION = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** A host's configuration: sell ETH for BTC, with a wallet address so routes carry transactions. */
export function widgetAttrs(apiKey, extra = {}) {
  return {
    'api-key': apiKey,
    'sell-asset': 'ETH.ETH',
    'buy-asset': 'BTC.BTC',
    'sell-amount': '1',
    'source-address': SOURCE,
    'destination-address': DESTINATION,
    affiliate: 'sw',
    'affiliate-fee': '30',
    ...extra,
  };
}

export function pageUrl(server, { bundle = '/dist/swap-widget.js', attrs, defer = false, classic = false }) {
  const q = new URLSearchParams({
    bundle,
    attrs: JSON.stringify(attrs),
    ...(defer ? { defer: '1' } : {}),
    ...(classic ? { classic: '1' } : {}),
  });
  return `${server.url}/widget.html?${q}`;
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  if (url) await page.goto(url);
  return { context, page, errors };
}

const sub = (a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : undefined);

/** First render: marks of probe.js, relative to the start of the bundle's evaluation. */
async function firstRender(page) {
  await page.evaluate(() =>
    BENCH.waitFor(() => BENCH.marks['form-painted'] !== undefined, 20000, 'the form to be painted'),
  );
  const { marks, paints, resource } = await page.evaluate(() => ({
    marks: BENCH.marks,
    paints: performance.getEntriesByType('paint').map((p) => ({ name: p.name, start: p.startTime })),
    resource: performance
      .getEntriesByType('resource')
      .filter((r) => /\/(dist|build)\/[^?]*\.js(\?|$)/.test(r.name))
      .map((r) => ({ start: r.startTime, end: r.responseEnd, bytes: r.encodedBodySize }))[0],
  }));
  const t0 = marks['eval-start'];
  const fcp = paints.find((p) => p.name === 'first-contentful-paint')?.start;
  return {
    /** Evaluation of the bundle alone (defining the elements and upgrading the element). */
    evaluateMs: sub(marks['eval-end'], t0),
    /** Bundle evaluation start -> <form> in swap-quote-form's shadow root (DOM committed). */
    renderMs: sub(marks['form-rendered'], t0),
    /** ... of which: top-level code until swap-widget is defined and upgraded (its shadow root attached). */
    topLevelMs: sub(marks['attach:swap-widget'], t0),
    /** ... swap-widget's first update and render, until it creates swap-quote-form. */
    widgetFirstUpdateMs: sub(marks['attach:swap-quote-form'], marks['attach:swap-widget']),
    /** ... swap-quote-form's first render. */
    formFirstRenderMs: sub(marks['form-rendered'], marks['attach:swap-quote-form']),
    /** ... plus the rendering work of the frame that paints it (style, layout, paint). */
    busyMs: sub(marks['form-rendered'], t0) + sub(marks['form-painted'], marks['form-raf']),
    /** Element defined and upgraded -> form in the DOM, plus the frame's rendering work (the library's top-level code left out). */
    fromDefinedBusyMs:
      sub(marks['form-rendered'], marks['attach:swap-widget']) + sub(marks['form-painted'], marks['form-raf']),
    /** The rendering work of the frame that paints the form (style, layout, paint). */
    frameMs: sub(marks['form-painted'], marks['form-raf']),
    /** Bundle evaluation start -> after the frame that shows the form (includes waiting for the frame). */
    paintedMs: sub(marks['form-painted'], t0),
    fcpFromEvalMs: sub(fcp, t0),
    /** Navigation start -> bundle evaluation start (HTML, probe, bundle fetch, compile). */
    evalStartMs: t0,
    bundleFetchMs: resource ? resource.end - resource.start : undefined,
    /** Bundle received -> its evaluation starts (module parse/compile and waiting). */
    receivedToEvalMs: resource ? t0 - resource.end : undefined,
  };
}

function quoteTimes(q) {
  return {
    /** Answer body read -> first change inside swap-route-list. */
    domMs: sub(q.domAt, q.bodyAt),
    /** ... plus the rendering work of the frame that paints it. */
    busyMs: sub(q.domAt, q.bodyAt) + sub(q.paintAt, q.rafAt),
    /** Answer body read -> after the frame that shows the routes. */
    paintedMs: sub(q.paintAt, q.bodyAt),
    /** Answer body read -> swap-quote dispatched (validation, ranking). */
    eventMs: sub(q.eventAt, q.bodyAt),
    /** Request sent -> response headers (service and network). */
    serviceMs: sub(q.headersAt, q.requestAt),
    bytes: q.bytes,
    routes: q.routes,
  };
}

/**
 * `BENCH.quoteNow(amount)`, waited for from outside: started in the page, its outcome polled.
 * (Returning its promise from `page.evaluate` was reported "Resulting promise was garbage
 * collected" after 8 to 17 quotes with the split build, though the same loop run inside the
 * page saw every promise settle.)
 */
async function quoteNow(page, amount) {
  await page.evaluate((a) => {
    BENCH.quoted = undefined;
    BENCH.quoteNow(a).then(
      (n) => (BENCH.quoted = { n }),
      (e) => (BENCH.quoted = { error: String(e) }),
    );
  }, amount);
  const outcome = await (await page.waitForFunction(() => BENCH.quoted, null, { timeout: 30000 })).jsonValue();
  if (outcome.error) throw new Error(outcome.error);
  return outcome.n;
}

async function waitQuotePainted(page, count) {
  await page.evaluate(
    (n) =>
      BENCH.waitFor(
        () => BENCH.quotes.filter((q) => q.paintAt !== undefined).length >= n,
        20000,
        `quote ${n} on screen`,
      ),
    count,
  );
}

/**
 * One load of the widget: first render, the first (debounced) quote and `quotes - 1` more
 * quotes asked for at once, then `bursts` typing bursts in the amount field, counting the
 * quote requests each settled input sent.
 */
export async function loadRun(browser, server, { scope, quotes = 5, bursts }) {
  await server.control({ scope, reset: true });
  const { context, page, errors } = await openPage(browser, pageUrl(server, { attrs: widgetAttrs(scope) }));
  try {
    const render = await firstRender(page);
    await waitQuotePainted(page, 1);
    // The host's configuration is the first settled input: one request for it, however many
    // updates the arrival of the token list, prices and providers cause.
    await page.waitForTimeout(1000);
    const settled = [
      {
        typed: '(attributes at load)',
        value: widgetAttrs(scope)['sell-amount'],
        requests: (await server.requests(scope, '/v1/quote')).total,
      },
    ];
    const amounts = ['1.5', '0.8', '2.25', '0.4', '3.1', '1.2', '0.65', '2.8'];
    for (let i = 1; i < quotes; i++) {
      await quoteNow(page, amounts[i % amounts.length]);
      await waitQuotePainted(page, i + 1);
    }
    const quoteRecords = (await page.evaluate(() => BENCH.quotes)).filter((q) => q.paintAt !== undefined);

    // Settled inputs: type a value (keystrokes 60 ms apart, well inside the 700 ms debounce),
    // wait for its quote and 1.2 s more, count the requests the service saw.
    for (const burst of bursts) {
      const before = (await server.requests(scope, '/v1/quote')).total;
      await page.evaluate(() => {
        const input = BENCH.roots['swap-quote-form'].querySelector('#amount');
        input.focus();
        input.select();
        window.__quoted = BENCH.nextEvent('swap-quote', 15000);
      });
      for (const step of burst) {
        if (step === 'Backspace') await page.keyboard.press('Backspace', { delay: 10 });
        else await page.keyboard.type(step, { delay: 60 });
        await page.waitForTimeout(60);
      }
      const value = await page.evaluate(() => BENCH.roots['swap-quote-form'].querySelector('#amount').value);
      await page.evaluate(() => window.__quoted);
      await page.waitForTimeout(1200);
      const after = (await server.requests(scope, '/v1/quote')).total;
      settled.push({ typed: burst.join(' '), value, requests: after - before });
    }
    return { render, quotes: quoteRecords.map(quoteTimes), settled, errors };
  } finally {
    await context.close();
  }
}

/** First render only (e.g. of the baseline bundle). */
export async function renderRun(browser, server, { scope, bundle }) {
  const { context, page, errors } = await openPage(browser, pageUrl(server, { bundle, attrs: widgetAttrs(scope) }));
  try {
    return { render: await firstRender(page), errors };
  } finally {
    await context.close();
  }
}

export const SEARCH_KEYS = [
  'u',
  's',
  'd',
  'c',
  'Backspace',
  'Backspace',
  'Backspace',
  'Backspace',
  'k',
  'o',
  'b',
  'a',
  'Backspace',
  'Backspace',
  'e',
  't',
];

async function waitTokensLoaded(page, minTokens) {
  // The token list arrives, is validated and indexed; the picker is opened only after that.
  await page.evaluate(() =>
    BENCH.waitFor(
      () => performance.getEntriesByType('resource').some((r) => r.name.includes('/v1/tokens') && r.responseEnd > 0),
      30000,
      'the token list',
    ),
  );
  await page.waitForTimeout(300);
  await page.evaluate(() => BENCH.afterPaint());
  return minTokens;
}

/**
 * The token picker over the scope's list (10 000 generated tokens): the main-thread block when
 * the list arrives, opening the picker, and each keystroke of a search.
 */
export async function searchRun(browser, server, { scope, keys = SEARCH_KEYS, minTokens = 10000 }) {
  const { context, page, errors } = await openPage(browser);
  try {
    // A light trace of the load: the main thread's tasks after the token list arrived (the
    // Long Tasks API only reports tasks of 50 ms and more, and would also see the trace being
    // stopped).
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    let tasks;
    let start;
    let painted;
    try {
      await page.goto(pageUrl(server, { attrs: widgetAttrs(scope, { 'sell-amount': '' }) }));
      await firstRender(page);
      painted = await page.evaluate(() => BENCH.marks['form-painted']);
      await waitTokensLoaded(page, minTokens);
      await page.waitForTimeout(500);
    } finally {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      tasks = tasksAfterResource(trace, '/v1/tokens', 3000);
      // The widget's start, after the frame that shows the form: until it asks for the tokens.
      start = tasksUntilRequest(trace, painted, '/v1/tokens');
    }
    const tokensAnswer = await page.evaluate(() => {
      const r = performance.getEntriesByType('resource').find((x) => x.name.includes('/v1/tokens'));
      return { responseEnd: r.responseEnd, bytes: r.encodedBodySize, decoded: r.decodedBodySize };
    });
    const open = await page.evaluate(async () => {
      const button = BENCH.roots['swap-quote-form'].querySelector('.asset[data-side="sell"]');
      const t0 = performance.now();
      button.click();
      await BENCH.waitFor(
        () => BENCH.roots['swap-token-picker']?.querySelector('[part~="option"]'),
        20000,
        'the picker options',
      );
      const rendered = performance.now();
      const { raf, painted } = await BENCH.afterPaint();
      const count = Number(BENCH.roots['swap-token-picker'].querySelector('.count').textContent.replace(/\D/g, ''));
      return { renderMs: rendered - t0, busyMs: rendered - t0 + (painted - raf), paintedMs: painted - t0, count };
    });
    if (open.count < minTokens)
      throw new Error(`the picker lists ${open.count} tokens, expected at least ${minTokens}`);
    await page.waitForTimeout(200);
    await page.evaluate(() => {
      const root = BENCH.roots['swap-token-picker'];
      root.querySelector('#search').focus();
      // Forces style and layout of the picker (what a keystroke changes).
      BENCH.keyLayout = () =>
        root.querySelector('.list').getBoundingClientRect() && root.querySelector('.count').offsetHeight;
    });
    const queries = [];
    for (const k of keys) {
      const n = await page.evaluate(() => BENCH.keys.length);
      await page.keyboard.press(k);
      await page.evaluate((m) => BENCH.waitFor(() => BENCH.keys.length > m, 10000, 'the keystroke to be painted'), n);
      await page.waitForTimeout(40);
      queries.push(
        await page.evaluate(() => {
          const root = BENCH.roots['swap-token-picker'];
          return {
            query: root.querySelector('#search').value,
            matches: Number(root.querySelector('.count').textContent.replace(/\D/g, '')),
          };
        }),
      );
    }
    const { keys: keyRecords, eventTimings } = await page.evaluate(() => ({
      keys: BENCH.keys,
      eventTimings: BENCH.eventTimings,
    }));
    const keystrokes = keyRecords.map((k, i) => ({
      key: k.key,
      query: queries[i]?.query,
      matches: queries[i]?.matches,
      /** keydown -> handlers and lit's update done. */
      updateMs: sub(k.updatedAt, k.keyAt),
      /** ... plus style and layout (forced at once). */
      layoutMs: sub(k.layoutAt, k.keyAt),
      /** ... plus the rendering work of the next frame (rAF callbacks, style, layout, paint). */
      busyMs: sub(k.layoutAt, k.keyAt) + sub(k.paintAt, k.rafAt),
      /** keydown -> after the frame that shows the result (includes waiting for the frame). */
      paintedMs: sub(k.paintAt, k.keyAt),
    }));
    const slowKeyEvents = eventTimings.filter(
      (e) => ['keydown', 'input', 'keyup', 'keypress'].includes(e.name) && e.duration > 16,
    );
    return {
      /** Form painted -> the token list asked for: the configuration check and the requests sent. */
      start,
      tokens: {
        count: open.count,
        bytes: tokensAnswer.bytes,
        decodedBytes: tokensAnswer.decoded,
        /** The longest main-thread task in the 3 s after the list arrived (trace). */
        longestTaskAfterAnswerMs: tasks?.longestMs,
        /** Tasks of more than a frame in that time, and their total. */
        tasksOver16: tasks?.over16,
        tasksOver16Ms: tasks?.over16Ms,
      },
      open,
      keystrokes,
      eventTiming: {
        slowKeyEvents: slowKeyEvents.length,
        maxDuration: Math.max(0, ...slowKeyEvents.map((e) => e.duration)),
      },
      errors,
    };
  } finally {
    await context.close();
  }
}

/** Routes in the long quote answer (`quoteRoutes` of the scope): the red team's 6 000, about 5 MB. */
export const LONG_QUOTE_ROUTES = 6000;

/**
 * A quote answer of `routes` routes (the reference service pads its answer with compact copies
 * of its own routes, `quoteRoutes`): the main thread's tasks from the moment the answer has
 * arrived until the frame that shows the routes, traced. Sells ETH for BTC without a source
 * address, so the routes carry no transaction (6 000 routes weigh about 5 MB, under the
 * widget's 8 MB limit of an answer).
 */
export async function longQuoteRun(browser, server, { scope, routes = LONG_QUOTE_ROUTES }) {
  await server.control({ scope, reset: true, quoteRoutes: routes });
  const { 'source-address': _source, ...attrs } = widgetAttrs(scope);
  const { context, page, errors } = await openPage(browser);
  try {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    let tasks;
    let quote;
    try {
      await page.goto(pageUrl(server, { attrs }));
      await firstRender(page);
      await page.evaluate(() =>
        BENCH.waitFor(() => BENCH.quotes.some((q) => q.paintAt !== undefined), 120000, 'the routes on screen'),
      );
      quote = await page.evaluate(() => BENCH.quotes.find((q) => q.paintAt !== undefined));
      await page.waitForTimeout(300);
    } finally {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      // From the answer's last byte to the frame that shows its routes, and a little after.
      tasks = quote ? tasksAfterResource(trace, '/v1/quote', Math.ceil(quote.paintAt - quote.bodyAt) + 200) : undefined;
    }
    const shown = await page.evaluate(() => {
      const root = BENCH.roots['swap-widget'];
      return {
        routes: root.querySelectorAll('swap-route-list [part~="route"]').length,
        unreadable: root.querySelectorAll('swap-route-list [data-unreadable]').length,
        note: root.querySelector('swap-route-list .unread')?.textContent?.trim() ?? null,
      };
    });
    return {
      routesInAnswer: routes,
      bytes: quote.bytes,
      /** Routes the widget put on screen (and unreadable ones listed), and what it said of the rest. */
      shown,
      /** Answer body read -> routes on screen (DOM), and -> after the frame that shows them. */
      readToDomMs: sub(quote.domAt, quote.bodyAt),
      readToPaintedMs: sub(quote.paintAt, quote.bodyAt),
      /** The longest main-thread task from the answer's arrival to the routes painted (trace). */
      longestTaskMs: tasks?.longestMs,
      tasksOver16: tasks?.over16,
      tasksOver16Ms: tasks?.over16Ms,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** Legs in the long track answer (`trackLegs` of the scope): the red team's 20 000, about 6 MB. */
export const LONG_TRACK_LEGS = 20000;

/**
 * A track answer whose route has `legs` legs (the reference service pads it with copies of the
 * route's own, `trackLegs`): the main thread's tasks from the moment the first answer of
 * `POST /v1/track` has arrived until the page had a turn and a frame after reading it, traced.
 * Also what the widget told of it (`swap-status`, `swap-error`).
 */
export async function longTrackRun(browser, server, { scope, legs = LONG_TRACK_LEGS }) {
  // The reference clock sped up: the first answer already says the swap is paying out or done.
  await server.control({ scope, reset: true, trackLegs: legs, timeScale: 1000 });
  const { context, page, errors } = await openPage(browser, pageUrl(server, { attrs: widgetAttrs(scope) }));
  try {
    await firstRender(page);
    await waitQuotePainted(page, 1);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    let tasks;
    let read;
    try {
      const hash = makeHash('completed', 'wrapped', { evm: true, seed: `${scope}:long-track` });
      read = await page.evaluate((h) => BENCH.trackOnce(h), hash);
    } finally {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      tasks = read ? tasksAfterResource(trace, '/v1/track', Math.ceil(read.settledAt - read.bodyAt) + 200) : undefined;
    }
    return {
      legs,
      bytes: read.bytes,
      /** The answer's body read -> the page's next turn and frame. */
      readToSettledMs: sub(read.settledAt, read.bodyAt),
      /** The longest main-thread task from the answer's arrival until then (trace). */
      longestTaskMs: tasks?.longestMs,
      tasksOver16: tasks?.over16,
      told: read.told,
      errors,
    };
  } finally {
    await context.close();
  }
}

async function heapSample(cdp, page) {
  // What the bench itself keeps (its records, the browser's resource timing buffer) is dropped
  // first, so only the widget's memory is compared.
  await page.evaluate(() => {
    performance.clearResourceTimings();
    for (const list of [BENCH.quotes, BENCH.keys, BENCH.longTasks, BENCH.eventTimings]) list.length = 0;
    return new Promise((ok) => setTimeout(ok, 100));
  });
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return {
    usedBytes: heap.usedSize,
    totalBytes: heap.totalSize,
    nodes: dom.nodes,
    listeners: dom.jsEventListeners,
    documents: dom.documents,
  };
}

/**
 * JS heap after garbage collection: after load, after 50, 100 and 150 quotes, after tracking 20
 * swaps to completion, after dismissing them, after a second batch of 20.
 */
export async function heapRun(browser, server, { scope, quotes = 50, swaps = 20 }) {
  await server.control({ scope, reset: true, timeScale: 200 });
  const { context, page, errors } = await openPage(
    browser,
    pageUrl(server, { attrs: widgetAttrs(scope, { 'poll-interval': '1000' }) }),
  );
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await firstRender(page);
    await waitQuotePainted(page, 1);
    const samples = {};
    samples.load = await heapSample(cdp, page);
    const quoteBatch = async (offset) => {
      const before = (await server.requests(scope, '/v1/quote')).total;
      for (let i = 0; i < quotes; i++) await quoteNow(page, (0.5 + (offset + i) / 100).toFixed(2));
      return (await server.requests(scope, '/v1/quote')).total - before;
    };
    const requests50 = await quoteBatch(0);
    samples.quotes50 = await heapSample(cdp, page);
    const requests100 = await quoteBatch(quotes);
    samples.quotes100 = await heapSample(cdp, page);
    const requests150 = await quoteBatch(2 * quotes);
    samples.quotes150 = await heapSample(cdp, page);
    const hashes = (batch) =>
      Array.from({ length: swaps }, (_, i) =>
        makeHash('completed', i % 2 ? 'flat' : 'wrapped', { evm: true, seed: `${scope}:${batch}:${i}` }),
      );
    const t0 = Date.now();
    await page.evaluate((h) => BENCH.trackAll(h), hashes(1));
    const trackSeconds = (Date.now() - t0) / 1000;
    samples.tracked20 = await heapSample(cdp, page);
    const left1 = await page.evaluate(() => BENCH.dismissAll());
    samples.dismissed20 = await heapSample(cdp, page);
    await page.evaluate((h) => BENCH.trackAll(h), hashes(2));
    samples.tracked40 = await heapSample(cdp, page);
    const left2 = await page.evaluate(() => BENCH.dismissAll());
    samples.dismissed40 = await heapSample(cdp, page);
    return {
      samples,
      requests: { first50: requests50, second50: requests100, third50: requests150 },
      trackSeconds,
      leftAfterDismiss: [left1, left2],
      errors,
    };
  } finally {
    await context.close();
  }
}

// ---- profiling ---------------------------------------------------------------------------

/** Runs `work` with a V8 CPU profile and a Chrome trace recording; returns both. */
async function recorded(browser, page, cdp, work) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'toplevel'],
  });
  let out;
  let trace;
  let profile;
  try {
    out = await work();
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    profile = (await cdp.send('Profiler.stop')).profile;
  }
  return { out, profile, trace };
}

/**
 * Profiles, with the unminified profile bundle (esbuild, module comments kept): the load
 * (evaluation, first render, service lists, first quote), 10 quotes, and the picker over
 * 10 000 tokens (the list's arrival, opening, 16 keystrokes).
 */
export async function profileRun(browser, server, { scope, searchScope, bundle }) {
  const phases = {};
  {
    await server.control({ scope, reset: true });
    const { context, page } = await openPage(
      browser,
      pageUrl(server, { bundle, attrs: widgetAttrs(scope), defer: true }),
    );
    const cdp = await context.newCDPSession(page);
    try {
      phases.evaluateAndFirstRender = await recorded(browser, page, cdp, async () => {
        await page.evaluate((b) => BENCH.load(b), bundle);
        await page.evaluate(() => BENCH.waitFor(() => BENCH.marks['form-painted'] !== undefined));
      });
      phases.listsAndFirstQuote = await recorded(browser, page, cdp, async () => {
        await waitQuotePainted(page, 1);
      });
      const amounts = ['1.5', '0.8', '2.25', '0.4', '3.1', '1.2', '0.65', '2.8', '1.9', '0.3'];
      phases.quotes = await recorded(browser, page, cdp, async () => {
        for (const a of amounts) await quoteNow(page, a);
        await page.evaluate(() => BENCH.afterPaint());
      });
    } finally {
      await context.close();
    }
  }
  {
    const { context, page } = await openPage(
      browser,
      pageUrl(server, { bundle, attrs: widgetAttrs(searchScope, { 'sell-amount': '' }), defer: true }),
    );
    const cdp = await context.newCDPSession(page);
    try {
      phases.tokens = await recorded(browser, page, cdp, async () => {
        await page.evaluate((b) => BENCH.load(b), bundle);
        await waitTokensLoaded(page);
      });
      phases.pickerOpen = await recorded(browser, page, cdp, async () => {
        await page.evaluate(async () => {
          BENCH.roots['swap-quote-form'].querySelector('.asset[data-side="sell"]').click();
          await BENCH.waitFor(() => BENCH.roots['swap-token-picker']?.querySelector('[part~="option"]'));
          await BENCH.afterPaint();
        });
      });
      await page.evaluate(() => BENCH.roots['swap-token-picker'].querySelector('#search').focus());
      phases.keystrokes = await recorded(browser, page, cdp, async () => {
        for (const k of SEARCH_KEYS) {
          await page.keyboard.press(k);
          await page.evaluate(() => BENCH.afterPaint());
          await page.waitForTimeout(30);
        }
      });
    } finally {
      await context.close();
    }
  }
  return phases;
}

/**
 * The browser's floor for the first render: the markup and styles the widget renders first,
 * as static HTML (declarative shadow roots, the same style sheets inline), captured from a
 * load of the real widget so it follows whatever the widget renders.
 */
export async function captureStaticForm(browser, server, { scope }) {
  const { context, page } = await openPage(browser, pageUrl(server, { attrs: widgetAttrs(scope) }));
  try {
    await firstRender(page);
    return await page.evaluate(() => {
      const w = document.querySelector('swap-widget');
      const roots = [];
      const collect = (r) => {
        for (const el of r.querySelectorAll('*')) {
          if (el.shadowRoot) {
            roots.push(el.shadowRoot);
            collect(el.shadowRoot);
          }
        }
      };
      collect(document);
      // Adopted style sheets are not serialised: write each root's sheets into a <style>.
      for (const root of roots) {
        const style = document.createElement('style');
        style.textContent = root.adoptedStyleSheets
          .map((s) => [...s.cssRules].map((r) => r.cssText).join('\n'))
          .join('\n');
        root.prepend(style);
      }
      const open = w.cloneNode(false).outerHTML.replace(/<\/swap-widget>$/, '');
      return `${open}${w.getHTML({ shadowRoots: roots })}</swap-widget>`;
    });
  } finally {
    await context.close();
  }
}

/** One load of the static copy (see captureStaticForm): parse -> on screen, busy. */
export async function staticRun(browser, server, { path }) {
  const { context, page } = await openPage(browser, `${server.url}${path}`);
  try {
    return await page.evaluate(() =>
      BENCH_STATIC.done.then(({ parsed, raf, painted }) => ({ busyMs: parsed + (painted - raf), paintedMs: painted })),
    );
  } finally {
    await context.close();
  }
}

/** The page staticRun loads: the bench page's styles, then the captured markup. */
export function staticPage(markup) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>swap-widget bench: static copy of the first render</title>
    <script>
      window.BENCH_STATIC = { t0: performance.now() };
      BENCH_STATIC.done = new Promise((ok) => (BENCH_STATIC.ok = ok));
    </script>
    <style>
      body { margin: 0; font: 14px system-ui, sans-serif; }
      swap-widget { display: block; max-width: 480px; margin: 16px; }
    </style>
  </head>
  <body>
    ${markup}
    <script>
      (() => {
        const parsed = performance.now() - BENCH_STATIC.t0;
        requestAnimationFrame(() => {
          const raf = performance.now();
          const ch = new MessageChannel();
          ch.port1.onmessage = () => BENCH_STATIC.ok({ parsed, raf, painted: performance.now() });
          ch.port2.postMessage(0);
        });
      })();
    </script>
  </body>
</html>
`;
}

// ---- cold load against the floors ----------------------------------------------------------

/**
 * Chrome DevTools' "Fast 4G" network preset (front_end/core/sdk/NetworkManager.ts,
 * `Fast4GConditions`; Puppeteer's `PredefinedNetworkConditions['Fast 4G']` is the same):
 * 9 Mbit/s down and 1.5 Mbit/s up, each × 0.9, and 60 ms RTT × 2.75, DevTools' factors for
 * request-level throttling. In CDP units: bytes per second and milliseconds.
 */
export const FAST_4G = {
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9, // 1 012 500 B/s
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9, // 168 750 B/s
  latency: 60 * 2.75, // 165 ms
};

/** CPU slowdown of the throttled loads (Lighthouse's mobile profile, DevTools' "4× slowdown"). */
export const CPU_SLOWDOWN = 4;

/**
 * The pages of the cold load, in the same page shell: the widget as a page loads it (the first
 * file `dist/swap-widget.js`, one module script, which loads the later file from its folder),
 * the same widget in one file (`dist/swap-widget.iife.js`, one classic script: what the
 * single file was before the split), the two floors, and the widget's first frame as static HTML
 * (`markup`: the form's own cost to the browser, with no script).
 */
export const COLD_PAGES = ['widget', 'single', 'lit', 'react', 'markup'];

/** The pages of the cold load that are the widget (the others are floors). */
export const WIDGET_PAGES = ['widget', 'single'];

/** The floors of the cold load. */
export const FLOOR_PAGES = ['lit', 'react', 'markup'];

function coldUrl(server, which, scope) {
  if (which === 'widget') return pageUrl(server, { attrs: widgetAttrs(scope) });
  if (which === 'single')
    return pageUrl(server, { bundle: '/dist/swap-widget.iife.js', classic: true, attrs: widgetAttrs(scope) });
  return `${server.url}/widget.html?${new URLSearchParams({ floor: which })}`;
}

/**
 * One cold load of a page (fresh context: empty cache and storage), optionally throttled (CPU
 * and network set through CDP before the navigation): navigation -> first contentful paint,
 * and the first render (the widget's form, a floor's button) in the DOM and painted.
 */
export async function coldLoadRun(browser, server, { which, scope, throttled = false }) {
  const widget = WIDGET_PAGES.includes(which);
  const { context, page, errors } = await openPage(browser);
  try {
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, connectionType: 'cellular4g', ...FAST_4G });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.goto(coldUrl(server, which, scope));
    const timeout = throttled ? 60000 : 20000;
    const r = await page.evaluate(
      async ([t, widget]) => {
        const m = BENCH.marks;
        const painted = () => m['content-painted'] ?? m['form-painted'];
        const fcp = () => performance.getEntriesByName('first-contentful-paint')[0];
        await BENCH.waitFor(
          () =>
            painted() !== undefined &&
            fcp() &&
            (!widget || m['can-quote'] !== undefined || m['cannot-start'] !== undefined),
          t,
          'the first render to be painted and the first contentful paint' + (widget ? ', and the widget to start' : ''),
        );
        const nav = performance.getEntriesByType('navigation')[0];
        const bundle = performance
          .getEntriesByType('resource')
          .find((e) => /\/(dist|build)\/[^?]*\.js(\?|$)/.test(e.name));
        const rest = performance
          .getEntriesByType('resource')
          .find((e) => /\/swap-widget\.rest\.[\w-]+\.js$/.test(e.name));
        return {
          marks: { ...m },
          fcp: fcp().startTime,
          html: {
            responseEnd: nav.responseEnd,
            transfer: nav.transferSize,
            encoded: nav.encodedBodySize,
            decoded: nav.decodedBodySize,
          },
          bundle: bundle && {
            start: bundle.startTime,
            responseEnd: bundle.responseEnd,
            encoded: bundle.encodedBodySize,
            decoded: bundle.decodedBodySize,
          },
          rest: rest && { start: rest.startTime, responseEnd: rest.responseEnd, encoded: rest.encodedBodySize },
        };
      },
      [timeout, widget],
    );
    const m = r.marks;
    if (m['cannot-start'] !== undefined) throw new Error(`${which}: the widget cannot start (${errors.join('; ')})`);
    const rendered = m['content-rendered'] ?? m['form-rendered'];
    return {
      /** Navigation start -> first contentful paint (the paint timing entry). */
      fcpMs: r.fcp,
      /** Navigation start -> the first render in the DOM: the widget's form, a floor's button. */
      renderedMs: rendered,
      /** Navigation start -> after the frame that paints it. */
      paintedMs: m['content-painted'] ?? m['form-painted'],
      /** Navigation start -> the bundle's evaluation starts (HTML, probe, bundle fetched, compiled). */
      evalStartMs: m['eval-start'],
      /** Bundle evaluation start -> the first render in the DOM (the bench's first-render measure). */
      evalToRenderedMs: sub(rendered, m['eval-start']),
      /** Navigation start -> the HTML's last byte. */
      htmlMs: r.html.responseEnd,
      /** Bundle request -> its last byte. */
      bundleFetchMs: r.bundle ? r.bundle.responseEnd - r.bundle.start : undefined,
      /** Navigation start -> the bundle's last byte. */
      bundleReceivedMs: r.bundle?.responseEnd,
      /** The bundle's last byte -> its evaluation starts (what parsing and compiling it adds after the download). */
      receivedToEvalMs: sub(m['eval-start'], r.bundle?.responseEnd),
      /** The first render in the DOM -> first contentful paint (the frame's style, layout, paint, raster). */
      renderedToFcpMs: sub(r.fcp, rendered),
      /** Bytes on the wire (gzip) and decoded, of the bundle. */
      bundleEncodedBytes: r.bundle?.encoded,
      bundleDecodedBytes: r.bundle?.decoded,
      /** Navigation start -> the widget has started: its `updateComplete` resolved (later file arrived and evaluated, configuration checked, first requests sent). */
      canQuoteMs: m['can-quote'],
      /** Navigation start -> its first request to the service (any /v1/ path). */
      firstRequestMs: m['first-request'],
      /** The split build's later file: request -> last byte, navigation -> its request, navigation -> its last byte, its bytes on the wire. */
      restFetchMs: r.rest ? r.rest.responseEnd - r.rest.start : undefined,
      restRequestedMs: r.rest?.start,
      restReceivedMs: r.rest?.responseEnd,
      restEncodedBytes: r.rest?.encoded,
      errors,
    };
  } finally {
    await context.close();
  }
}
