// The language files of the script-tag build: dist/locales/<locale>.js for each target locale
// of lit-localize.json, built from src/locales/<locale>.ts. Each is a classic script (it also
// loads as a module) holding its messages, `str` of @lit/localize and one call that
// registers them on the page (src/locales/registry.ts): nothing of lit, no import, no export.
//
// Message ids: lit-localize keys a message by `s` and 16 hex digits of a hash of its English
// text; those ids, incompressible, were 40% of a language file's gzip. The files key each
// message by the id's first SHORT_ID_LENGTH characters (`s` and 8 hex digits), and the
// widget looks a message up by the same cut (src/locales/registry.ts). The build stops if
// two messages of the generated locales share a cut id.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { transform } from 'esbuild';

/** Characters of lit-localize's id the language files keep; SHORT_ID_LENGTH in src/locales/registry.ts. */
export const SHORT_ID_LENGTH = 9;

/** The languages besides English, as lit-localize builds them (lit-localize.json). */
export const targetLocales = JSON.parse(
  readFileSync(new URL('../lit-localize.json', import.meta.url), 'utf8'),
).targetLocales;

const GENERATED = resolve('src/locales/generated');

/**
 * TypeScript to JS with esbuild: a language is a generated table of messages and one call,
 * and the core's compile has type-checked the same files already (a type-checking compile
 * per language would double the build's time).
 */
function languageSource() {
  return {
    name: 'language-source',
    async resolveId(source, importer) {
      // `str`, without the rest of @lit/localize's entry (whose modules keep a few statements).
      if (source === '@lit/localize')
        return this.resolve('@lit/localize/internal/str-tag.js', importer, { skipSelf: true });
      if (!importer || !source.startsWith('.') || !source.endsWith('.js')) return null;
      return this.resolve(source.replace(/\.js$/, '.ts'), importer, { skipSelf: true });
    },
    async transform(code, id) {
      if (!id.endsWith('.ts')) return null;
      const out = await transform(code, { loader: 'ts', target: 'es2022', sourcefile: id });
      return { code: out.code, map: null };
    },
  };
}

/**
 * A message written with lit's `html` would bring lit into every language file (and a
 * second lit onto the page): the build refuses it.
 */
function noLit() {
  return {
    name: 'no-lit',
    resolveId(source, importer) {
      if (source === 'lit' || source.startsWith('lit/') || source.startsWith('lit-html')) {
        this.error(
          `${importer} imports ${source}: a language file must not carry lit (write its messages with str, not html)`,
        );
      }
      return null;
    },
  };
}

/** `export const templates = {...}`: the object and its keys' source ranges. */
function templatesObject(parse, code, file) {
  for (const node of parse(code).body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : undefined;
    const v =
      decl?.type === 'VariableDeclaration' ? decl.declarations.find((d) => d.id.name === 'templates') : undefined;
    if (v?.init?.type !== 'ObjectExpression') continue;
    return v.init.properties.map((p) => {
      if (
        p.type !== 'Property' ||
        p.computed ||
        typeof (p.key.type === 'Literal' ? p.key.value : p.key.name) !== 'string'
      ) {
        throw new Error(`${file}: unexpected property in templates`);
      }
      return { id: p.key.type === 'Literal' ? p.key.value : p.key.name, start: p.key.start, end: p.key.end };
    });
  }
  throw new Error(`${file}: no \`export const templates = {...}\``);
}

/** The generated locale modules' message ids cut to SHORT_ID_LENGTH (see the top of this file). */
function shortIds() {
  return {
    name: 'short-ids',
    buildStart() {
      const seen = new Map();
      for (const name of readdirSync(GENERATED).filter((f) => f.endsWith('.ts'))) {
        const file = join(GENERATED, name);
        this.addWatchFile(file);
        const code = readFileSync(file, 'utf8');
        for (const id of new Set(code.match(/'[sh][0-9a-f]{16}'(?=:)/g)?.map((q) => q.slice(1, -1)) ?? [])) {
          const cut = id.slice(0, SHORT_ID_LENGTH);
          if (seen.has(cut) && seen.get(cut) !== id)
            this.error(`messages ${seen.get(cut)} and ${id} share the short id ${cut}: raise SHORT_ID_LENGTH`);
          seen.set(cut, id);
        }
      }
    },
    transform(code, id) {
      if (!id.startsWith(GENERATED + '/')) return null;
      const keys = templatesObject((c) => this.parse(c), code, id);
      let out = code;
      for (const k of [...keys].reverse())
        out = `${out.slice(0, k.start)}${JSON.stringify(k.id.slice(0, SHORT_ID_LENGTH))}${out.slice(k.end)}`;
      return { code: out, map: null };
    },
  };
}

/** The language files need no property mangling: terser's ordinary minification. */
const terserOptions = { ecma: 2020, module: false, compress: { passes: 2 }, format: { comments: false } };

/** @returns {import('rollup').RollupOptions[]} one build per target locale */
export function languageConfigs() {
  return targetLocales.map((locale) => ({
    input: `src/locales/${locale}.ts`,
    plugins: [noLit(), languageSource(), shortIds(), nodeResolve({ browser: true })],
    treeshake: { preset: 'recommended' },
    output: { file: `dist/locales/${locale}.js`, format: 'iife', plugins: [terser(terserOptions)] },
  }));
}
