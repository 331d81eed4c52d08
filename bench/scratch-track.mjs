import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.js';
import { longTrackRun } from './scenarios.js';
import { startBenchServer } from './server.js';
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
for (const legs of [1, 1, 9, 9, 20000, 20000]) {
  const r = await longTrackRun(browser, server, { scope: `s-${legs}-${Math.random()}`, legs });
  console.log(legs, r.bytes, 'longest', r.longestTaskMs, 'over16', r.tasksOver16, JSON.stringify(r.told));
}
await browser.close();
await server.close();
