#!/usr/bin/env node
// The last step of `npm run localize`: `lit-localize build` writes a message without a
// translation into src/locales/generated/<locale>.ts as its English text ("using canonical
// text as fallback"). The widget falls back to English by itself, so those copies would only
// make each language file heavier (dist/locales/<locale>.js has a 12 kB gzip budget): this
// removes every entry whose <trans-unit> in src/locales/xliff/<locale>.xlf has no <target>.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseAst } from 'rollup/parseAst';

const config = JSON.parse(readFileSync('lit-localize.json', 'utf8'));

for (const locale of config.targetLocales) {
  const xliff = readFileSync(`${config.interchange.xliffDir}/${locale}.xlf`, 'utf8');
  const translated = new Set();
  for (const [, id, body] of xliff.matchAll(/<trans-unit id="([^"]+)"[^>]*>([\s\S]*?)<\/trans-unit>/g)) {
    if (/<target[\s>]/.test(body)) translated.add(id);
  }
  const file = `${config.output.outputDir}/${locale}.ts`;
  const code = readFileSync(file, 'utf8');
  let object;
  for (const node of parseAst(code).body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : undefined;
    const v =
      decl?.type === 'VariableDeclaration' ? decl.declarations.find((d) => d.id.name === 'templates') : undefined;
    if (v?.init?.type === 'ObjectExpression') object = v.init;
  }
  if (!object) throw new Error(`${file}: no \`export const templates = {...}\``);
  const keep = object.properties.filter((p) => translated.has(p.key.type === 'Literal' ? p.key.value : p.key.name));
  const entries = keep.map((p) => code.slice(p.start, p.end));
  // lit-localize's own layout, so a re-run changes only the entries that changed.
  const body = entries.length ? `\n      ${entries.join(',\n')},\n    ` : '';
  writeFileSync(file, `${code.slice(0, object.start)}{${body}}${code.slice(object.end)}`);
  console.log(`${file}: ${keep.length} translated, ${object.properties.length - keep.length} untranslated left out`);
}
