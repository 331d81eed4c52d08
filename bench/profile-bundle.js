// The profile bundle of `npm run bench`: the widget bundled by esbuild, unminified, with
// module comments, so CPU profiles name modules (see analyze.js, moduleLocator).
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
  await (esbuild.build ?? esbuild.default.build)({
    entryPoints: [join(ROOT, 'src', 'index.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: false,
    outfile,
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
