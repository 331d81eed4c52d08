// Measurement hooks of the bench page, loaded as a classic blocking script before the widget.
// Everything is measured from the outside: nothing in the widget knows about it.
//
// - first render: `attachShadow` is wrapped to catch the shadow roots the widget creates; a
//   MutationObserver on `swap-quote-form`'s root notes when its <form> is rendered.
// - quotes: `fetch` is wrapped to note each `/v1/quote` request and when its answer arrived
//   (`Response.prototype.text`, which the widget's client reads bodies with, resolved); a
//   MutationObserver on `swap-widget`'s root notes the first change inside
//   `swap-route-list` after that answer.
// - keystrokes: capture listeners on window note each keydown and the `input` it caused;
//   a message posted from the input listener runs once the handlers and the microtasks they
//   queued (lit's update) are done; the page's layout is then forced, and a frame later the
//   time after that frame's rendering is taken.
// - floors (bench/floors/, the cold load): the probe's `data-content` attribute names what
//   their first render shows (a selector), `data-content-host` the element whose shadow root
//   holds it (none: the document); a MutationObserver notes when it exists ('content-*'
//   marks). The widget's page has neither: its first render is the form above.
// - can quote: once `swap-widget` is defined, its `updateComplete` (which resolves once the
//   widget has started: its later file arrived and evaluated, its configuration checked, its
//   first requests sent) marks 'can-quote'; the wrapped `fetch` marks the first request to the
//   service ('first-request', any /v1/ path) as a cross-check. A widget that cannot start
//   (`swap-error` `internal`) marks 'cannot-start' instead.
// - "after paint": a task posted (user-blocking priority) from a requestAnimationFrame
//   callback runs once that frame's style, layout and paint are done.
(() => {
  'use strict';
  const now = () => performance.now();
  const B = {
    marks: {},
    quotes: [],
    keys: [],
    longTasks: [],
    eventTimings: [],
    roots: {},
    attached: {},
    mark(name) {
      if (B.marks[name] === undefined) B.marks[name] = now();
    },
  };
  window.BENCH = B;

  /**
   * cb() in a task after the current one and its microtasks, ahead of ordinary tasks
   * (network answers, timers) where the browser has `scheduler.postTask`.
   */
  function nextTask(cb) {
    if (globalThis.scheduler?.postTask) {
      scheduler.postTask(cb, { priority: 'user-blocking' });
      return;
    }
    const ch = new MessageChannel();
    ch.port1.onmessage = cb;
    ch.port2.postMessage(0);
  }

  /** cb(rafTime, afterPaintTime): rAF, then a task after that frame's rendering. */
  function afterPaint(cb) {
    requestAnimationFrame(() => {
      const raf = now();
      nextTask(() => cb(raf, now()));
    });
  }
  B.afterPaint = () => new Promise((ok) => afterPaint((raf, painted) => ok({ raf, painted })));

  // ---- observers ------------------------------------------------------------------------
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        B.eventTimings.push({
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          interactionId: e.interactionId,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}

  // ---- a floor's first render (see the top) ------------------------------------------------
  const contentSelector = document.currentScript?.dataset.content;
  const contentHost = document.currentScript?.dataset.contentHost;

  function watchContent(root) {
    const mo = new MutationObserver(() => {
      if (!root.querySelector(contentSelector)) return;
      mo.disconnect();
      B.mark('content-rendered');
      afterPaint((raf, painted) => {
        B.marks['content-raf'] = raf;
        B.marks['content-painted'] = painted;
      });
    });
    mo.observe(root, { childList: true, subtree: true });
  }
  if (contentSelector && !contentHost) watchContent(document);

  // ---- shadow roots: first render, route rendering ----------------------------------------
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    const tag = this.localName;
    // The newest root of each tag: the widget's first frame and its later screens may each have their own form.
    B.roots[tag] = root;
    B.mark(`attach:${tag}`);
    B.attached[tag] = (B.attached[tag] ?? 0) + 1;
    if (tag === 'swap-quote-form' && B.marks['form-rendered'] === undefined) watchForm(root);
    if (contentSelector && tag === contentHost && B.marks['content-rendered'] === undefined) watchContent(root);
    if (tag === 'swap-widget' && !B.widgetRoot) watchWidget(root);
    return root;
  };

  function watchForm(root) {
    const mo = new MutationObserver(() => {
      if (!root.querySelector('form')) return;
      mo.disconnect();
      B.mark('form-rendered');
      afterPaint((raf, painted) => {
        B.marks['form-raf'] = raf;
        B.marks['form-painted'] = painted;
      });
    });
    mo.observe(root, { childList: true, subtree: true });
  }

  function insideRoutes(record) {
    const t = record.target.nodeType === 1 ? record.target : record.target.parentElement;
    return !!t?.closest?.('swap-route-list');
  }

  function watchWidget(root) {
    B.widgetRoot = root;
    new MutationObserver((records) => {
      const q = B.pendingQuote;
      if (!q || q.domAt !== undefined) return;
      if (!records.some(insideRoutes)) return;
      q.domAt = now();
      B.pendingQuote = undefined;
      afterPaint((raf, painted) => {
        q.rafAt = raf;
        q.paintAt = painted;
      });
    }).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  }

  // ---- can quote (see the top) --------------------------------------------------------------
  customElements.whenDefined('swap-widget').then(() => {
    const el = document.querySelector('swap-widget');
    if (!el) return;
    el.addEventListener('swap-error', (e) => e.detail.code === 'internal' && B.mark('cannot-start'));
    el.updateComplete.then(() => B.mark(B.marks['cannot-start'] === undefined ? 'can-quote' : 'cannot-start'));
  });

  // ---- quote requests and answers ---------------------------------------------------------
  const quoteOf = new WeakMap();
  const fetch0 = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const p = fetch0.call(this, input, init);
    if (/\/v1\//.test(url)) B.mark('first-request');
    if (!/\/v1\/quote(\?|$)/.test(url)) return p;
    const q = { requestAt: now() };
    B.quotes.push(q);
    p.then(
      (r) => {
        q.headersAt = now();
        quoteOf.set(r, q);
      },
      () => (q.failed = true),
    );
    return p;
  };
  const text0 = Response.prototype.text;
  Response.prototype.text = function () {
    const p = text0.call(this);
    const q = quoteOf.get(this);
    if (!q) return p;
    return p.then((t) => {
      q.bodyAt = now();
      q.bytes = t.length;
      B.pendingQuote = q;
      return t;
    });
  };
  document.addEventListener('swap-quote', (e) => {
    const q = B.quotes.findLast((x) => x.bodyAt !== undefined && x.eventAt === undefined);
    if (q) {
      q.eventAt = now();
      q.routes = e.detail.routes.length;
    }
  });

  // ---- keystrokes ---------------------------------------------------------------------------
  /** Set by the bench while it types: forces style and layout of what the keystroke changed. */
  B.keyLayout = undefined;
  let key;
  addEventListener(
    'keydown',
    (e) => {
      if (B.keyLayout) key = { key: e.key, keyAt: e.timeStamp, seenAt: now() };
    },
    true,
  );
  addEventListener(
    'input',
    () => {
      if (!B.keyLayout || !key) return;
      const k = key;
      key = undefined;
      k.inputAt = now();
      nextTask(() => {
        k.updatedAt = now();
        B.keyLayout();
        k.layoutAt = now();
        afterPaint((raf, painted) => {
          k.rafAt = raf;
          k.paintAt = painted;
          B.keys.push(k);
        });
      });
    },
    true,
  );

  // ---- helpers the bench calls through page.evaluate ---------------------------------------
  B.widget = () => document.querySelector('swap-widget');

  B.waitFor = (test, timeoutMs = 20000, what = 'condition') =>
    new Promise((ok, fail) => {
      const t0 = now();
      const tick = () => {
        let v;
        try {
          v = test();
        } catch {}
        if (v) return ok(v);
        if (now() - t0 > timeoutMs) return fail(new Error(`timed out waiting for ${what}`));
        setTimeout(tick, 10);
      };
      tick();
    });

  B.nextEvent = (type, timeoutMs = 20000) =>
    new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      document.addEventListener(
        type,
        (e) => {
          clearTimeout(timer);
          ok(e.detail);
        },
        { once: true },
      );
    });

  /** Sets sell-amount, asks for the quote at once (no debounce wait), resolves on swap-quote. */
  B.quoteNow = async (amount) => {
    const el = B.widget();
    const got = B.nextEvent('swap-quote');
    el.setAttribute('sell-amount', amount);
    await el.updateComplete;
    void el.refresh();
    const d = await got;
    return d.routes.length;
  };

  /** The module is loaded by the page only with ?defer=1: load it now (profiling). */
  B.load = async (src) => {
    B.marks = {};
    B.mark('eval-start');
    await import(src);
    B.mark('eval-end');
  };

  /** Picks the first route, tracks each hash, resolves when every one reported a final status. */
  B.trackAll = (hashes, timeoutMs = 60000) =>
    new Promise((ok, fail) => {
      const el = B.widget();
      const left = new Set(hashes);
      const timer = setTimeout(() => fail(new Error(`${left.size} of ${hashes.length} swaps not final`)), timeoutMs);
      const on = (e) => {
        if (e.detail.final && left.delete(e.detail.hash) && left.size === 0) {
          clearTimeout(timer);
          document.removeEventListener('swap-status', on);
          ok();
        }
      };
      document.addEventListener('swap-status', on);
      if (!B.widgetRoot.querySelector('[part~="route"][aria-pressed="true"]'))
        B.widgetRoot.querySelector('[part~="route"]').click();
      el.updateComplete.then(() => {
        for (const h of hashes) el.track(h);
      });
    });

  /**
   * Picks the first route and tracks one hash: resolves once the first `POST /v1/track` answer
   * has arrived, the widget told what it made of it, and the page had a turn and a frame after,
   * with when its body ended, its size, and what the widget told (`swap-status`, `swap-error`).
   */
  B.trackOnce = async (hash, timeoutMs = 60000) => {
    const el = B.widget();
    const told = [];
    const on = (e) => told.push({ type: e.type, status: e.detail.status, code: e.detail.code });
    el.addEventListener('swap-status', on);
    el.addEventListener('swap-error', on);
    if (!B.widgetRoot.querySelector('[part~="route"][aria-pressed="true"]'))
      B.widgetRoot.querySelector('[part~="route"]').click();
    await el.updateComplete;
    el.track(hash);
    const entry = () =>
      performance.getEntriesByType('resource').find((r) => /\/v1\/track$/.test(new URL(r.name).pathname));
    await B.waitFor(() => entry()?.responseEnd > 0, timeoutMs, 'the track answer');
    // The answer read: a status told after the first (`swap-status`), or a problem (`swap-error`).
    await B.waitFor(() => told.length >= 2 || told.some((t) => t.type === 'swap-error'), timeoutMs, 'the answer read');
    await new Promise((ok) => setTimeout(ok, 100));
    await B.afterPaint();
    el.removeEventListener('swap-status', on);
    el.removeEventListener('swap-error', on);
    const r = entry();
    return { bodyAt: r.responseEnd, settledAt: performance.now(), bytes: r.decodedBodySize, told };
  };

  /** Dismisses every finished swap (the × of the recent-swaps list). */
  B.dismissAll = async () => {
    const el = B.widget();
    for (let i = 0; i < 5; i++) {
      const buttons = [...B.widgetRoot.querySelectorAll('[part~="recent-swaps"] button.dismiss')];
      if (!buttons.length) break;
      for (const b of buttons) b.click();
      await el.updateComplete;
    }
    return B.widgetRoot.querySelectorAll('[part~="recent-swaps"] li').length;
  };
})();
