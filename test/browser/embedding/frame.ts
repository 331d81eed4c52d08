/**
 * Pages that embed the widget, opened in a same-origin iframe so a test can read their
 * window and document: the framework examples (demo/frameworks/), the strict-CSP page.
 */
import type { SwapWidget } from '../../../src/swap-widget.js';
import { until } from '../helpers.js';

/** What an example page records: the events its framework's handlers received, its warnings. */
export interface EmbeddingWindow extends Window {
  frameworkEvents?: { type: string; quoteId?: string; routes?: number; code?: string; field?: string }[];
  frameworkWarnings?: string[];
  cspViolations?: { directive: string; blockedURI: string; sample: string }[];
}

const opened: HTMLIFrameElement[] = [];

/** Loads `url` in an iframe of the test page; resolves once its load event fired (or, with `load: false`, once it is parsed). */
export async function openFrame(
  url: string,
  { load = true }: { load?: boolean } = {},
): Promise<{ frame: HTMLIFrameElement; win: EmbeddingWindow; doc: Document }> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) {
    throw new Error(
      `${url} answered ${res.status}: build the pages first (npm run build && npm run build:frameworks; npm run test:browser does it)`,
    );
  }
  const frame = document.createElement('iframe');
  frame.style.width = '480px';
  frame.style.height = '720px';
  const loaded = new Promise<void>((resolve, reject) => {
    frame.addEventListener('load', () => resolve(), { once: true });
    frame.addEventListener('error', () => reject(new Error(`${url} did not load`)), { once: true });
  });
  frame.src = url;
  document.body.append(frame);
  opened.push(frame);
  // `load: false`: once the page's own document is parsed (a page whose later file is held has no load event yet).
  if (load) await loaded;
  else
    await until(
      () => frame.contentDocument?.URL.endsWith(url) && frame.contentDocument.readyState !== 'loading',
      `${url} was not parsed`,
    );
  return { frame, win: frame.contentWindow as EmbeddingWindow, doc: frame.contentDocument! };
}

export function closeFrames(): void {
  for (const frame of opened.splice(0)) frame.remove();
}

/** The page's <swap-widget> (an element of the frame's realm, hence no `instanceof` checks here). */
export function widgetIn(doc: Document): SwapWidget {
  const el = doc.querySelector('swap-widget');
  if (!el) throw new Error('no <swap-widget> in the frame');
  return el as SwapWidget;
}
