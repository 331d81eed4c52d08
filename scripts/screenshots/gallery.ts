/**
 * What every part of the gallery shares (scripts/screenshots.ts runs them): one reference
 * service, one Chromium, tabs of a fixed viewport at a device scale factor of 1 with reduced
 * motion, pages that hold one `<swap-widget>`, and `shoot`, which waits for a settled frame
 * (fonts loaded, the widget's updates done, two frames drawn) and never for a fixed time.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';

export interface Gallery {
  readonly out: string;
  /** The embedded reference service (demo/server). */
  readonly url: string;
  readonly browser: Browser;
  /** The files written so far, by name. */
  readonly written: Set<string>;
}

export interface Look {
  readonly theme: 'light' | 'dark';
  /** English, or a language whose file (dist/locales/<locale>.js) the page loads first. */
  readonly locale: string;
  /** The viewport's width; 320 px pages have no margin around the widget. */
  readonly width: number;
}

/** The looks of most screens: light, dark, Arabic (right to left) and a 320 px phone. */
export const LOOKS = {
  light: { theme: 'light', locale: 'en', width: 400 },
  dark: { theme: 'dark', locale: 'en', width: 400 },
  ar: { theme: 'light', locale: 'ar', width: 400 },
  '320': { theme: 'light', locale: 'en', width: 320 },
} as const satisfies Record<string, Look>;

export const PAGE_BG = { light: '#e9ecf1', dark: '#0b0d11' } as const;

/** A scope of the reference service of its own, so no two screens share state. */
export const scopeKey = (name: string) => `screenshots-${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A tab of `width` x `height` in the look's system colour scheme, without motion. */
export function newTab(g: Gallery, width: number, height: number, scheme: 'light' | 'dark'): Promise<Page> {
  return g.browser.newPage({
    viewport: { width, height },
    deviceScaleFactor: 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
}

/** A page that holds one `<swap-widget id="w">` of the built bundle with these attributes. */
export function widgetPage(look: Look, attrs: string, opts: { bg?: string; themeAttr?: boolean } = {}): string {
  const bg = opts.bg ?? PAGE_BG[look.theme];
  const theme = opts.themeAttr === false ? '' : `theme="${look.theme}"`;
  return `<!doctype html>
<html lang="${look.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body { margin: 0; padding: ${look.width <= 320 ? 0 : 12}px; background: ${bg}; font-family: system-ui; }</style>
${look.locale === 'en' ? '' : `<script src="/dist/locales/${look.locale}.js"></script>`}
<script type="module" src="/dist/swap-widget.js"></script></head>
<body><swap-widget id="w" ${theme} locale="${look.locale}" thornode-url="/" mayanode-url="/" ${attrs}></swap-widget></body></html>`;
}

/** Opens `html` in `tab` at the reference service's origin (so `/dist/` and `/v1/` are its own). */
export async function open(g: Gallery, tab: Page, html: string): Promise<void> {
  const url = `${g.url}/__gallery.html`;
  await tab.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await tab.goto(url);
}

/** Changes a scope of the reference service (`POST /__ref/control`, demo/server/control.ts). */
export async function control(g: Gallery, tab: Page, scope: string, body: Record<string, unknown>): Promise<void> {
  const res = await tab.request.post(`${g.url}/__ref/control`, { data: { scope, ...body } });
  if (!res.ok()) throw new Error(`/__ref/control answered ${res.status()}: ${await res.text()}`);
}

/** One of the widget's parts (playwright's locators pierce open shadow roots). */
export const part = (tab: Page, name: string) => tab.locator(`#w [part~="${name}"]`).first();

/**
 * A settled frame: the fonts loaded, every Lit element on the page (and in its shadow roots)
 * done updating, its images decoded (or failed), and two frames drawn after that.
 */
export async function settle(tab: Page): Promise<void> {
  // A string, not a function: tsx names the functions it compiles with a helper the page lacks.
  await tab.evaluate(SETTLE);
}

const SETTLE = `(async () => {
  await document.fonts.ready;
  const all = (root) => [...root.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? all(e.shadowRoot) : [])]);
  for (let round = 0; round < 3; round++) {
    await Promise.all(all(document).map((e) => e.updateComplete).filter((p) => p instanceof Promise));
  }
  const images = all(document).filter((e) => e instanceof HTMLImageElement);
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
})()`;

/** Waits for a settled frame, then writes `<name>.png` of `what` (animations stopped, caret hidden). */
export async function shoot(g: Gallery, what: Locator | Page, name: string): Promise<void> {
  const tab = 'page' in what ? what.page() : what;
  await settle(tab);
  const file = join(g.out, `${name}.png`);
  await what.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  g.written.add(`${name}.png`);
  console.log(file);
}
