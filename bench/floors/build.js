// Builds the two floors of the bench's cold load into bench/results/build/:
//
//   floor-lit.js    bench/floors/lit.js: a LitElement with one button. rollup with the shipped
//                   build's plugins that apply to plain JS (node-resolve with the same export
//                   conditions, so lit's production build; lit's HTML/CSS template minifier)
//                   and its terser options, as an ES module: what the widget's own build
//                   would make of it.
//   floor-react.js  bench/floors/react.js: createRoot(#root).render(<button>). esbuild
//                   (bundle, minify, ES module, NODE_ENV=production): React's CommonJS
//                   packages need a CommonJS-aware bundler, which the widget's rollup
//                   config has no plugin for.
import { join } from 'node:path';

export const FLOORS = {
  lit: { file: 'floor-lit.js', label: 'bare Lit element (one button)' },
  react: { file: 'floor-react.js', label: 'bare React 19 root (one button)' },
};

export async function buildFloors(ROOT, BUILD) {
  const { rollup } = await import('rollup');
  const { default: nodeResolve } = await import('@rollup/plugin-node-resolve');
  const { default: terser } = await import('@rollup/plugin-terser');
  const { default: minifyHTML } = await import('@lit-labs/rollup-plugin-minify-html-literals');
  const { terserOptions } = await import(join(ROOT, 'rollup.config.js'));
  const esbuild = await import('esbuild');

  const lit = await rollup({
    input: join(ROOT, 'bench', 'floors', 'lit.js'),
    // node-resolve as rollup.config.js sets it up (no `development` condition: lit's production build).
    plugins: [nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'] }), minifyHTML()],
    treeshake: { preset: 'recommended' },
    onwarn: (w, warn) => (w.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(w)),
  });
  await lit.write({ file: join(BUILD, FLOORS.lit.file), format: 'es', plugins: [terser(terserOptions)] });
  await lit.close();

  await esbuild.build({
    entryPoints: [join(ROOT, 'bench', 'floors', 'react.js')],
    outfile: join(BUILD, FLOORS.react.file),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'error',
    absWorkingDir: ROOT,
  });
  return Object.fromEntries(Object.entries(FLOORS).map(([k, f]) => [k, join(BUILD, f.file)]));
}
