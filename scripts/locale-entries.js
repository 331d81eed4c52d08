#!/usr/bin/env node
// The last step of `npm run localize`: each target locale of lit-localize.json gets what makes
// it a language a page can add, so that adding a language is adding its code to
// lit-localize.json, translating src/locales/xliff/<locale>.xlf and running `npm run localize`:
// - its entry module, src/locales/<locale>.ts (written when missing, never overwritten), which
//   scripts/rollup-languages.js builds into dist/locales/<locale>.js and tsc into lib/;
// - its package.json `exports` entry (`swap-widget/locales/<locale>.js`) and its `sideEffects`
//   entry (an import kept for its effect, registering the language), added when missing.
// test/node/languages.test.ts checks all three for every target locale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const config = JSON.parse(readFileSync('lit-localize.json', 'utf8'));
const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** The entry module of `locale`, as those of es, zh-Hans and ar were written. */
function entryModule(locale) {
  return `/**
 * ${names.of(locale)} for every \`<swap-widget>\` on the page: \`import 'swap-widget/locales/${locale}.js'\`, or
 * \`dist/locales/${locale}.js\` with a script tag (see registry.ts). Widgets with \`locale="${locale}"\`
 * (or a browser in that language) speak it once this is evaluated, before or after the widget.
 */
import { templates } from './generated/${locale}.js';
import { registerLocale } from './registry.js';

registerLocale('${locale}', templates);
`;
}

for (const locale of config.targetLocales) {
  const file = `src/locales/${locale}.ts`;
  if (!existsSync(file)) {
    writeFileSync(file, entryModule(locale));
    console.log(`${file}: written`);
  }
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
// New `exports` entries go after the last language's, so the map keeps its order.
const keys = Object.keys(pkg.exports);
const lastLanguage = keys.findLastIndex((k) => k.startsWith('./locales/'));
const missing = config.targetLocales.filter((l) => !(`./locales/${l}.js` in pkg.exports));
if (missing.length) {
  const at = lastLanguage < 0 ? keys.length : lastLanguage + 1;
  const added = missing.map((l) => [
    `./locales/${l}.js`,
    { types: `./lib/locales/${l}.d.ts`, default: `./lib/locales/${l}.js` },
  ]);
  const entries = Object.entries(pkg.exports);
  pkg.exports = Object.fromEntries([...entries.slice(0, at), ...added, ...entries.slice(at)]);
}
const sideEffects = config.targetLocales
  .map((l) => `./lib/locales/${l}.js`)
  .filter((f) => !pkg.sideEffects.includes(f));
pkg.sideEffects.push(...sideEffects);
if (missing.length || sideEffects.length) {
  writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`package.json: ${missing.length} exports and ${sideEffects.length} sideEffects entries added`);
}
