#!/usr/bin/env node
// Measures what an integrator ships with each rival swap widget, from its npm package:
// installs the package (and the peers npm resolves for it) in a throw-away project, bundles
// a one-line React entry that renders the widget with esbuild (minified, production React),
// and gzips / brotlis the output. Slow and needs the npm registry, so the result is cached
// in bench/rivals.json (committed); `npm run bench` only reads it (`npm run bench -- --rivals`
// runs this again).
//
//   node scripts/bench-rivals.js [--keep] [--only <name>]
//
// Numbers: "initial" is the entry chunk plus the chunks it imports statically (what the page
// loads before the widget can render); "total" adds every lazily imported chunk. CSS emitted by
// the bundle is counted. Left out, so the real cost is if anything higher: Node built-ins a
// package reaches for without a browser replacement (an integrator would add polyfills) and
// imports that do not resolve (optional dependencies that are not installed). A pinned
// dependency version that was unpublished is replaced by the nearest published one, and a
// dependency missing from the registry altogether by an empty stub (both listed in the JSON).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'bench', 'rivals.json');
const ESBUILD_VERSION = '0.27.7';

/** The rivals, with the component an integrator renders. */
export const RIVALS = [
  { name: '@lifi/widget', component: 'LiFiWidget', props: "{ integrator: 'bench' }" },
  { name: '@0xsquid/widget', component: 'SquidWidget', props: '{}' },
  { name: '@rango-dev/widget-embedded', component: 'Widget', props: '{}' },
  { name: '@skip-go/widget', component: 'Widget', props: '{}' },
  { name: '@swapkit/widget', component: 'SwapKitWidget', props: '{}' },
];

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const npmEnv = {
  ...process.env,
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
};

function npm(argv, cwd, timeout = 15 * 60_000) {
  return execFileSync('npm', argv, {
    cwd,
    env: npmEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout,
    maxBuffer: 64 << 20,
  });
}

function npmView(name) {
  try {
    return JSON.parse(npm(['view', name, 'version', 'peerDependencies', '--json'], tmpdir(), 60_000));
  } catch (e) {
    const text = String(e.stdout ?? '') + String(e.stderr ?? '');
    if (/E404|404 Not Found/.test(text)) return null;
    throw e;
  }
}

function sizes(buf) {
  return {
    bytes: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function add(a, b) {
  return { bytes: a.bytes + b.bytes, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

/** Bytes of the package's own JavaScript (no source maps, no types), unpacked. */
function packageJs(dir) {
  let bytes = 0;
  let files = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (/\.(m|c)?js$/.test(e.name)) {
        bytes += statSync(p).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

/** Sum of the sizes of every file under a directory. */
function dirBytes(d) {
  let bytes = 0;
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) bytes += dirBytes(p);
    else if (e.isFile()) bytes += statSync(p).size;
  }
  return bytes;
}

function installedVersion(dir, name) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

const parts = (v) => v.split(/[.+-]/).slice(0, 3).map(Number);
function compareVersions(a, b) {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** The published version nearest to an unpublished one: the highest below it, else the lowest above. */
function nearestVersion(name, wanted) {
  wanted = wanted.replace(/^[^0-9]*/, '');
  const versions = JSON.parse(npm(['view', name, 'versions', '--json'], tmpdir(), 60_000)).filter(
    (v) => !v.includes('-'),
  );
  const below = versions.filter((v) => compareVersions(v, wanted) < 0).sort(compareVersions);
  const above = versions.filter((v) => compareVersions(v, wanted) > 0).sort(compareVersions);
  const pick = below.at(-1) ?? above[0];
  if (!pick) throw new Error(`no published version of ${name} near ${wanted}`);
  return pick;
}

async function measure(rival, work) {
  const view = npmView(rival.name);
  if (!view) return { name: rival.name, exists: false, note: 'not on the npm registry (404)' };
  const version = Array.isArray(view) ? view.at(-1).version : view.version;
  const dir = join(work, rival.name.replace(/[@/]/g, '_'));
  mkdirSync(dir, { recursive: true });
  const result = {
    name: rival.name,
    exists: true,
    version,
  };
  const t0 = Date.now();
  // npm installs the peers (React, react-query, wagmi, ...) at versions the package accepts.
  const installArgs = [
    'install',
    `${rival.name}@${version}`,
    `esbuild@${ESBUILD_VERSION}`,
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ];
  const overrides = {};
  let legacy = false;
  for (let attempt = 0; ; attempt++) {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'rival-bench', private: true, type: 'module', overrides }),
    );
    try {
      npm(legacy ? [...installArgs, '--legacy-peer-deps'] : installArgs, dir);
      break;
    } catch (e) {
      const text = String(e.stderr ?? '');
      // A pinned dependency version that was unpublished: the nearest published one instead.
      const missing = /No matching version found for (@?[^@\s]+)@([^\s.]+\.[^\s]+?)\.?\s/.exec(text);
      if (missing && attempt < 12) {
        const [, dep, wanted] = missing;
        overrides[dep] = nearestVersion(dep, wanted);
        continue;
      }
      // A dependency that is not on the registry at all: an empty CommonJS stub in its place
      // (the measured bundle is then, if anything, smaller than the real one).
      const gone = /The requested resource '(@?[^@']+)@[^']*' could not be found/.exec(text);
      if (gone && attempt < 12 && !overrides[gone[1]]) {
        const stub = join(dir, 'stubs', gone[1].replace(/[@/]/g, '_'));
        mkdirSync(stub, { recursive: true });
        writeFileSync(
          join(stub, 'package.json'),
          JSON.stringify({ name: gone[1], version: '0.0.0-stub', main: 'index.js' }),
        );
        writeFileSync(join(stub, 'index.js'), 'module.exports = {};\n');
        overrides[gone[1]] = `file:./stubs/${gone[1].replace(/[@/]/g, '_')}`;
        continue;
      }
      if (/ERESOLVE/.test(text) && !legacy) {
        legacy = true;
        result.installNote = 'peer conflict: installed with --legacy-peer-deps';
        continue;
      }
      throw new Error(`npm install failed: ${text.slice(0, 2000)}`, { cause: e });
    }
  }
  if (Object.keys(overrides).length) result.overrides = overrides;
  if (legacy) {
    // Legacy mode skips peers: add them at a version the package accepts.
    const peers = view.peerDependencies ?? {};
    const wanted = Object.keys(peers).map((p) => `${p}@${peers[p].split('||').at(-1).trim()}`);
    if (wanted.length)
      npm(
        ['install', ...wanted, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--legacy-peer-deps'],
        dir,
      );
  }
  result.installSeconds = Math.round((Date.now() - t0) / 1000);
  result.nodeModulesBytes = dirBytes(join(dir, 'node_modules'));
  result.packageJs = packageJs(join(dir, 'node_modules', rival.name));
  result.react = installedVersion(dir, 'react');
  result.reactDom = installedVersion(dir, 'react-dom');

  const entry = join(dir, 'entry.jsx');
  writeFileSync(
    entry,
    [
      `import { createElement } from 'react';`,
      `import { createRoot } from 'react-dom/client';`,
      `import { ${rival.component} } from '${rival.name}';`,
      `createRoot(document.getElementById('app')).render(createElement(${rival.component}, ${rival.props}));`,
      '',
    ].join('\n'),
  );

  const esbuild = (await import(join(dir, 'node_modules', 'esbuild', 'lib', 'main.js'))).default;
  const externalBuiltins = new Set();
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const outdir = join(dir, 'out');
  let build;
  const options = {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2020',
    outdir,
    absWorkingDir: dir,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: {
      '.svg': 'dataurl',
      '.png': 'dataurl',
      '.jpg': 'dataurl',
      '.gif': 'dataurl',
      '.webp': 'dataurl',
      '.woff': 'file',
      '.woff2': 'file',
      '.ttf': 'file',
      '.wasm': 'file',
    },
    plugins: [
      {
        name: 'external-node-builtins',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (a) => {
            // `buffer/` (trailing slash) names the npm package, not the built-in.
            if (builtins.has(a.path)) {
              externalBuiltins.add(a.path);
              return { path: a.path, external: true };
            }
            return undefined;
          });
        },
      },
    ],
  };
  try {
    build = await esbuild.build(options);
  } catch (e) {
    // Some packages import optional peers they do not declare: leave the missing ones out.
    const missing = [
      ...new Set((e.errors ?? []).map((x) => /Could not resolve "([^"]+)"/.exec(x.text)?.[1]).filter(Boolean)),
    ];
    if (!missing.length) throw e;
    result.unresolvedLeftOut = missing;
    build = await esbuild.build({ ...options, external: missing });
  }
  if (externalBuiltins.size) result.nodeBuiltinsLeftOut = [...externalBuiltins].sort();

  // Initial = the entry chunk and what it imports statically; total = every output file.
  const outputs = build.metafile.outputs;
  const entryOut = Object.keys(outputs).find((k) => outputs[k].entryPoint?.endsWith('entry.jsx'));
  const initial = new Set();
  const stack = [entryOut];
  while (stack.length) {
    const k = stack.pop();
    if (initial.has(k)) continue;
    initial.add(k);
    for (const i of outputs[k].imports ?? [])
      if (i.kind === 'import-statement' && !i.external && outputs[i.path]) stack.push(i.path);
    if (outputs[k].cssBundle) initial.add(outputs[k].cssBundle);
  }
  let initialSize = { bytes: 0, gzip: 0, brotli: 0 };
  let totalSize = { bytes: 0, gzip: 0, brotli: 0 };
  let files = 0;
  for (const k of Object.keys(outputs)) {
    if (!/\.(js|css)$/.test(k)) continue;
    const s = sizes(readFileSync(resolve(dir, k)));
    files++;
    totalSize = add(totalSize, s);
    if (initial.has(k)) initialSize = add(initialSize, s);
  }
  result.bundle = { initial: initialSize, total: totalSize, files, tool: `esbuild ${ESBUILD_VERSION}` };
  // What React alone weighs in that bundle (the host may already ship it).
  const reactInputs = Object.entries(build.metafile.inputs).filter(([p]) =>
    /node_modules\/(react|react-dom|scheduler)\//.test(p),
  );
  result.reactBytesIn = reactInputs.reduce((n, [, v]) => n + v.bytes, 0);
  return result;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'swap-bench-rivals-'));
  console.log(`rivals: working in ${work}`);
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(OUT, 'utf8'));
  } catch {}
  const results = [];
  for (const rival of RIVALS) {
    if (only && rival.name !== only) {
      const old = previous.rivals?.find((r) => r.name === rival.name);
      if (old) results.push(old);
      continue;
    }
    process.stdout.write(`  ${rival.name} ... `);
    try {
      const r = await measure(rival, work);
      results.push(r);
      console.log(
        r.exists
          ? `${r.version}: initial ${(r.bundle.initial.gzip / 1000).toFixed(1)} kB gzip, total ${(r.bundle.total.gzip / 1000).toFixed(1)} kB gzip`
          : r.note,
      );
    } catch (e) {
      console.log(`failed: ${String(e.message ?? e).split('\n')[0]}`);
      results.push({ name: rival.name, exists: true, error: String(e.message ?? e).slice(0, 1000) });
    }
  }
  const out = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    npm: npm(['--version'], ROOT).trim(),
    method:
      'npm install <package> (peers as npm resolves them, --ignore-scripts) in an empty project; esbuild bundle of `createRoot(app).render(createElement(Widget, props))` with minify, ESM, code splitting, NODE_ENV=production; initial = entry chunk + static imports (+ its CSS), total = all chunks; gzip -9, brotli q11; Node built-ins without a browser replacement are left out.',
    rivals: results,
  };
  writeFileSync(OUT, JSON.stringify(out, null, 2) + '\n');
  console.log(`rivals: wrote ${OUT}`);
  if (!keep) rmSync(work, { recursive: true, force: true });
}

await main();
