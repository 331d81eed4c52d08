// The profile bundle of `npm run bench`: the widget bundled by esbuild, unminified, with
// module comments, so CPU profiles name modules (see analyze.js, moduleLocator). Split as the
// script-tag build is: the entry is the first file's (src/first.ts), and what it imports
// dynamically (the later file's modules, src/rest.ts) is a chunk of its own, fetched when the
// first file asks for it; code both use is in a shared chunk (profile-*.js, beside it).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export async function buildProfileBundle(ROOT, BUILD, log = console.log) {
  // Unminified, with esbuild's `// path` module comments, so CPU profiles name modules.
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    log('  (esbuild not installed: no profile bundle)');
    return undefined;
  }
  const outfile = join(BUILD, 'profile.js');
  for (const f of readdirSync(BUILD)) if (/^profile-.*\.js$/.test(f)) rmSync(join(BUILD, f));
  await (esbuild.build ?? esbuild.default.build)({
    entryPoints: { profile: join(ROOT, 'src', 'first.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: false,
    outdir: BUILD,
    chunkNames: 'profile-[name]-[hash]',
    tsconfig: join(ROOT, 'tsconfig.build.json'),
    conditions: ['browser'],
    mainFields: ['browser', 'module', 'main'],
    logLevel: 'error',
    absWorkingDir: ROOT,
    plugins: [
      {
        // package.json's `sideEffects` names lib/ files only; keep the side-effect imports of
        // src/ (each component module defines its element) as rollup does.
        name: 'src-side-effects',
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData?.again || !args.importer.startsWith(join(ROOT, 'src'))) return undefined;
            const r = await build.resolve(args.path, {
              resolveDir: args.resolveDir,
              kind: args.kind,
              importer: args.importer,
              pluginData: { again: true },
            });
            return r.errors.length ? undefined : { path: r.path, sideEffects: true };
          });
        },
      },
    ],
  });
  return outfile;
}
