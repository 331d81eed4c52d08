#!/usr/bin/env node
// `npm test`: lint, typecheck, the Node tests and the browser tests, one after another. Every
// step runs even when an earlier one failed (a lint error or a red Node test does not hide what
// the browser suite says); the run fails at the end, naming the steps that failed and how long
// each took. `node scripts/test-all.js test:node test:browser` runs only the steps named.
// Ctrl-C (or SIGTERM) stops the step running and skips the rest.
import { spawn } from 'node:child_process';

const STEPS = ['lint', 'typecheck', 'test:node', 'test:browser'];

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !STEPS.includes(s));
if (unknown.length) {
  console.error(`test-all: no step ${unknown.join(', ')} (steps: ${STEPS.join(', ')})`);
  process.exit(2);
}
const steps = asked.length ? STEPS.filter((s) => asked.includes(s)) : STEPS;

/** `npm run <step>` with the npm that started this script (the one on the PATH otherwise). */
function npmRun(step) {
  const npm = process.env.npm_execpath;
  return npm && /\.[cm]?js$/.test(npm)
    ? spawn(process.execPath, [npm, 'run', step], { stdio: 'inherit' })
    : spawn('npm', ['run', step], { stdio: 'inherit', shell: process.platform === 'win32' });
}

function duration(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

let child;
let stopped;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopped = signal;
    child?.kill(signal);
  });
}

const results = [];
const started = Date.now();
for (const step of steps) {
  if (stopped) {
    results.push({ step, status: 'skipped', ms: 0 });
    continue;
  }
  console.log(`\n== npm run ${step}`);
  const t0 = Date.now();
  const { code, signal } = await new Promise((done) => {
    child = npmRun(step);
    child.on('error', (error) => {
      console.error(`test-all: could not start npm run ${step}: ${error.message}`);
      done({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => done({ code, signal }));
  });
  child = undefined;
  const ok = code === 0 && !signal;
  results.push({ step, status: ok ? 'ok' : 'FAIL', ms: Date.now() - t0, why: signal ?? `exit ${code}` });
  if (signal) stopped ??= signal;
}

const failed = results.filter((r) => r.status !== 'ok');
const width = Math.max(...results.map((r) => r.step.length));
console.log(`\n== test summary (${duration(Date.now() - started)} in all)`);
for (const r of results) {
  const note = r.status === 'FAIL' ? ` (${r.why})` : '';
  const took = r.status === 'skipped' ? '' : `  ${duration(r.ms)}${note}`;
  console.log(`  ${r.status.padEnd(7)} ${r.step.padEnd(width)}${took}`);
}
if (failed.length) {
  console.log(`${failed.length} of ${results.length} steps did not pass: ${failed.map((r) => r.step).join(', ')}`);
  process.exitCode = 1;
} else console.log(`${results.length} of ${results.length} steps passed`);
