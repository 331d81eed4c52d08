/**
 * The screenshot gallery (docs/screenshots.md lists it by screen), from the built bundle in
 * headless Chromium against the embedded reference service (demo/server):
 * `npm run screenshots` builds, then runs this, which writes every image into docs/screenshots/
 * and removes the images there it no longer writes.
 *
 * `node --import tsx scripts/screenshots.ts [part...]` (after `npm run build`) writes only the
 * parts named (product, flow, review, tracker, restored, outage, languages) and removes nothing.
 * `SCREENSHOTS_OUT=dir` writes elsewhere.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startDemoServer } from '../demo/server/http.js';
import type { Gallery } from './screenshots/gallery.js';
import { product } from './screenshots/product.js';
import { flow } from './screenshots/flow.js';
import { reviews } from './screenshots/review.js';
import { trackers } from './screenshots/tracker.js';
import { restored } from './screenshots/restored.js';
import { outages } from './screenshots/outage.js';
import { languages } from './screenshots/languages.js';

const PARTS: Record<string, (g: Gallery) => Promise<void>> = {
  product,
  flow,
  review: reviews,
  tracker: trackers,
  restored,
  outage: outages,
  languages,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((p) => !(p in PARTS));
if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}; the parts: ${Object.keys(PARTS).join(', ')}`);
const parts = asked.length ? asked : Object.keys(PARTS);

const out = process.env.SCREENSHOTS_OUT ?? 'docs/screenshots';
mkdirSync(out, { recursive: true });
const server = await startDemoServer({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const g: Gallery = { out, url: server.url, browser, written: new Set() };
try {
  for (const name of parts) {
    const started = performance.now();
    await PARTS[name]!(g);
    console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await browser.close();
  await server.close();
}

if (!asked.length) {
  for (const file of readdirSync(out).filter((f) => f.endsWith('.png') && !g.written.has(f))) {
    rmSync(join(out, file));
    console.log(`removed ${join(out, file)} (nothing writes it any more)`);
  }
}
console.log(`${g.written.size} images in ${out}`);
