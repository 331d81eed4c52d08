// A rollup plugin for the bundles: the message ids of lit-localize's generated locale modules
// written once instead of once per locale.
//
// Each generated module is `export const templates = { 's0006143a2cd115c0': `...`, ... }`.
// The ids are 17-character hashes that gzip cannot shrink, and every bundled locale repeats
// all of them. The plugin lists the ids of all locales once, in a virtual module, and turns
// each locale's object into an array in that order (a hole where a locale lacks a
// translation), zipped back into the same object when the bundle is evaluated. The runtime
// sees exactly the object it saw before: same ids, same templates.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const IDS = '\0locale-ids';

/** `export const templates = {...}`'s properties, as [id, source of the value]. */
function templateEntries(parse, code, file) {
  const ast = parse(code);
  for (const node of ast.body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : undefined;
    const v = decl?.type === 'VariableDeclaration' ? decl.declarations.find((d) => d.id.name === 'templates') : undefined;
    if (!v) continue;
    if (v.init?.type !== 'ObjectExpression') break;
    return {
      object: v.init,
      entries: v.init.properties.map((p) => {
        if (p.type !== 'Property' || p.computed || p.key.type !== 'Literal' || typeof p.key.value !== 'string') {
          throw new Error(`${file}: unexpected property in templates`);
        }
        return [p.key.value, code.slice(p.value.start, p.value.end)];
      }),
    };
  }
  throw new Error(`${file}: no \`export const templates = {...}\``);
}

/** @param {{ dir: string }} options the folder of the generated locale modules */
export function compactLocales({ dir }) {
  const folder = resolve(dir);
  let ids = [];
  return {
    name: 'compact-locales',
    buildStart() {
      const all = new Set();
      for (const name of readdirSync(folder).filter((f) => /\.[jt]s$/.test(f))) {
        const file = join(folder, name);
        this.addWatchFile(file);
        for (const [id] of templateEntries((c) => this.parse(c), readFileSync(file, 'utf8'), file).entries) all.add(id);
      }
      ids = [...all].sort();
    },
    resolveId(source) {
      return source === IDS ? IDS : null;
    },
    load(id) {
      if (id !== IDS) return null;
      return [
        `const ids = ${JSON.stringify(ids.join(' '))}.split(' ');`,
        'export function localeTemplates(values) {',
        '  const templates = {};',
        '  values.forEach((v, i) => { templates[ids[i]] = v; });',
        '  return templates;',
        '}',
      ].join('\n');
    },
    transform(code, id) {
      if (!id.startsWith(folder + '/')) return null;
      const { object, entries } = templateEntries((c) => this.parse(c), code, id);
      const slots = new Map(entries);
      for (const key of slots.keys()) if (!ids.includes(key)) throw new Error(`${id}: id ${key} not seen at build start`);
      // forEach skips holes: a locale without a translation keeps no entry for it, as before.
      const array = `[${ids.map((key) => slots.get(key) ?? '').join(',')}]`;
      return {
        code: `import { localeTemplates as __localeTemplates } from ${JSON.stringify(IDS)};\n${code.slice(0, object.start)}__localeTemplates(${array})${code.slice(object.end)}`,
        map: null,
      };
    },
  };
}
