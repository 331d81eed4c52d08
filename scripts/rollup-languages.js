// The language files of the script-tag build: dist/locales/<locale>.js for each target locale
// of lit-localize.json, built from src/locales/<locale>.ts. Each is a classic script (it also
// loads as a module) holding its messages, `str` of @lit/localize and one call that
// registers them on the page (src/locales/registry.ts): nothing of lit, no import, no export.
//
// A language file holds no message id: it is an array, the message set's fingerprint, the slot
// table, then each message at its slot (scripts/message-order.js). The build stops if a language
// holds a message the set does not have.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { transform } from 'esbuild';
import { messageOrder } from './message-order.js';

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

/** `export const templates = {...}`: the object's range and its properties (id and value's range). */
function templatesObject(parse, code, file) {
  for (const node of parse(code).body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : undefined;
    const v =
      decl?.type === 'VariableDeclaration' ? decl.declarations.find((d) => d.id.name === 'templates') : undefined;
    if (v?.init?.type !== 'ObjectExpression') continue;
    const properties = v.init.properties.map((p) => {
      if (
        p.type !== 'Property' ||
        p.computed ||
        typeof (p.key.type === 'Literal' ? p.key.value : p.key.name) !== 'string'
      ) {
        throw new Error(`${file}: unexpected property in templates`);
      }
      return { id: p.key.type === 'Literal' ? p.key.value : p.key.name, start: p.value.start, end: p.value.end };
    });
    return { start: v.init.start, end: v.init.end, properties };
  }
  throw new Error(`${file}: no \`export const templates = {...}\``);
}

/** The generated locale module's messages as an array, by slot (see the top of this file). */
function slottedMessages() {
  let order;
  return {
    name: 'slotted-messages',
    buildStart() {
      order = messageOrder();
    },
    transform(code, id) {
      if (!id.startsWith(GENERATED + '/')) return null;
      const object = templatesObject((c) => this.parse(c), code, id);
      const slots = [];
      for (const p of object.properties) {
        const n = order.slot.get(p.id);
        if (n === undefined) this.error(`${id}: message ${p.id} is not in the XLIFF files: run npm run localize`);
        slots[n] = code.slice(p.start, p.end);
      }
      // An untranslated message's slot is a hole: nothing between two commas.
      const array = [JSON.stringify(order.fingerprint), JSON.stringify(order.table)];
      for (let n = 0; n < slots.length; n++) array.push(slots[n] ?? '');
      return { code: `${code.slice(0, object.start)}[${array.join(',')}]${code.slice(object.end)}`, map: null };
    },
  };
}

/** The language files need no property mangling: terser's ordinary minification. */
const terserOptions = { ecma: 2020, module: false, compress: { passes: 2 }, format: { comments: false } };

/** @returns {import('rollup').RollupOptions[]} one build per target locale */
export function languageConfigs() {
  return targetLocales.map((locale) => ({
    input: `src/locales/${locale}.ts`,
    plugins: [noLit(), languageSource(), slottedMessages(), nodeResolve({ browser: true })],
    treeshake: { preset: 'recommended' },
    output: { file: `dist/locales/${locale}.js`, format: 'iife', plugins: [terser(terserOptions)] },
  }));
}
