/**
 * The language files (issue 17): each target locale is a file of its own, built from
 * src/locales/<locale>.ts by scripts/rollup-languages.js, that registers its messages on the
 * page's registry (src/locales/registry.ts). The test builds them in memory as the build does
 * and evaluates each in a fresh realm, as a page would, before and after a widget's code.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { before, describe, test } from 'node:test';
import { rollup } from 'rollup';
import { msg, str } from '@lit/localize';
import { languageConfigs, SHORT_ID_LENGTH, targetLocales } from '../../scripts/rollup-languages.js';
import {
  localeRegistry,
  SHORT_ID_LENGTH as WIDGET_SHORT_ID_LENGTH,
  type LocaleRegistry,
} from '../../src/locales/registry.js';

const built = new Map<string, string>();

before(async () => {
  for (const config of languageConfigs()) {
    const bundle = await rollup(config);
    const output = config.output as { file: string; format: 'iife'; plugins: never[] };
    const {
      output: [chunk],
    } = await bundle.generate(output);
    built.set(output.file, chunk.code);
  }
});

/** A fresh realm, as a page; `registry()` reads its registry. */
function page(globals: Record<string, unknown> = {}): { run: (code: string) => void; registry: () => LocaleRegistry } {
  const context = createContext(globals);
  return {
    run: (code) => void runInContext(code, context),
    registry: () => runInContext(`globalThis[Symbol.for('swap-widget.locales')]`, context) as LocaleRegistry,
  };
}

/** A generated locale's templates keyed as the registry keys them, as JSON (str results included). */
async function expected(locale: string): Promise<string> {
  const { templates } = (await import(`../../src/locales/generated/${locale}.ts`)) as {
    templates: Record<string, unknown>;
  };
  return JSON.stringify(
    Object.fromEntries(Object.entries(templates).map(([id, t]) => [id.slice(0, SHORT_ID_LENGTH), t])),
  );
}

describe('language files', () => {
  test('one per target locale, each with its entry module, package export and side-effect entry', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      exports: Record<string, unknown>;
      sideEffects: string[];
    };
    assert.deepEqual(
      [...built.keys()],
      targetLocales.map((l) => `dist/locales/${l}.js`),
    );
    for (const locale of targetLocales) {
      assert.ok(existsSync(`src/locales/${locale}.ts`), locale);
      assert.deepEqual(pkg.exports[`./locales/${locale}.js`], {
        types: `./lib/locales/${locale}.d.ts`,
        default: `./lib/locales/${locale}.js`,
      });
      assert.ok(pkg.sideEffects.includes(`./lib/locales/${locale}.js`), `${locale}: bundlers would drop the import`);
    }
  });

  test('the build and the widget cut message ids alike, and no two messages share a cut id', () => {
    assert.equal(SHORT_ID_LENGTH, WIDGET_SHORT_ID_LENGTH);
    const dir = 'src/locales/xliff';
    for (const name of readdirSync(dir)) {
      // Every message of the sources is a trans-unit, translated or not.
      const ids = [...readFileSync(`${dir}/${name}`, 'utf8').matchAll(/<trans-unit id="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(ids.length > 100, name);
      assert.equal(new Set(ids.map((id) => id.slice(0, SHORT_ID_LENGTH))).size, ids.length, name);
    }
  });

  test('every message a user can read is translated in every shipped language, with the same placeholders, one unit after another', () => {
    // The shipped languages are lit-localize.json's; each has its xliff file, and no other file is there.
    const dir = 'src/locales/xliff';
    assert.deepEqual(
      readdirSync(dir).sort(),
      targetLocales.map((l) => `${l}.xlf`).sort(),
      'one xliff file per target locale of lit-localize.json',
    );
    const languages = targetLocales.map((locale) => {
      const xliff = readFileSync(`${dir}/${locale}.xlf`, 'utf8');
      const opened = xliff.match(/<trans-unit /g)?.length ?? 0;
      const units = [
        ...xliff.matchAll(
          /<trans-unit id="([^"]+)"[^>]*>\s*<source>([\s\S]*?)<\/source>\s*(?:<target>([\s\S]*?)<\/target>\s*)?<\/trans-unit>/g,
        ),
      ].map(([, id, source, target]) => ({ id: id!, source: source!, target }));
      // A unit that lost its closing tag would swallow the next ones: each is read whole, in turn.
      assert.equal(units.length, opened, `${locale}: every unit closes before the next opens`);
      assert.match(xliff, new RegExp(`<file target-language="${locale}" source-language="en"`), locale);
      return { locale, units };
    });
    // The source messages: every unit of every language, by id, with its English text. Each
    // language has each of them, with the same English, and no other.
    const sources = new Map<string, string>();
    for (const { locale, units } of languages) {
      for (const { id, source } of units) {
        const known = sources.get(id);
        assert.ok(known === undefined || known === source, `${locale}: ${id} has another English text than elsewhere`);
        sources.set(id, source);
      }
    }
    // Placeholders by number: lit-localize fills each by its id (`equiv-text` is only a hint, and
    // `lit-localize extract` updates it in the source only when the code's expression changes).
    const placeholders = (text: string) => [...text.matchAll(/<x id="(\d+)"[^>]*\/>/g)].map((m) => m[1]).sort();
    for (const { locale, units } of languages) {
      const ids = new Set(units.map((u) => u.id));
      // Named with the languages that have them: a message in one language only is an extra one there.
      const missing = [...sources.keys()]
        .filter((id) => !ids.has(id))
        .map((id) => `${id} (in ${languages.filter((l) => l.units.some((u) => u.id === id)).map((l) => l.locale)})`);
      assert.deepEqual(missing, [], `${locale}: messages missing here, or extra where they are`);
      assert.equal(ids.size, units.length, `${locale}: a message twice`);
      for (const { id, source, target = '' } of units) {
        assert.ok(target.trim(), `${locale}: ${id} (${source.slice(0, 60)}) has no translation`);
        assert.deepEqual(placeholders(target), placeholders(source), `${locale}: ${id} keeps its placeholders`);
        // Text and placeholders only: no other markup, no bare ampersand.
        assert.doesNotMatch(
          target.replace(/<x id="\d+"[^>]*\/>/g, ''),
          /[<>]|&(?!(amp|lt|gt|quot|apos);)/,
          `${locale}: ${id}`,
        );
      }
    }
  });

  test('a classic script with no import, export or lit, that registers before the widget is there', async () => {
    for (const locale of targetLocales) {
      const code = built.get(`dist/locales/${locale}.js`)!;
      assert.match(code, /^!function\(\)\{/, locale);
      assert.doesNotMatch(code, /\bimport\b|\bexport\b|lit-html|customElements/, locale);
      const realm = page();
      realm.run(code);
      const registry = realm.registry();
      assert.deepEqual(Object.keys(registry.locales), [locale]);
      assert.equal(JSON.stringify(registry.locales[locale]!.templates), await expected(locale));
      assert.equal(registry.listeners.length, 0);
    }
  });

  test('on a page whose widget is there already, it tells the widget; languages add up', () => {
    const told: string[] = [];
    const realm = page({ told });
    realm.run(`globalThis[Symbol.for('swap-widget.locales')] = { locales: {}, listeners: [(l) => told.push(l)] }`);
    for (const locale of targetLocales) realm.run(built.get(`dist/locales/${locale}.js`)!);
    assert.deepEqual(told, targetLocales);
    assert.deepEqual(Object.keys(realm.registry().locales).sort(), [...targetLocales].sort());
  });

  test('the npm build registers the same messages (src/locales/<locale>.ts imported as a module)', async () => {
    for (const locale of targetLocales) {
      await import(`../../src/locales/${locale}.ts`);
      assert.equal(JSON.stringify(localeRegistry().locales[locale]!.templates), await expected(locale));
    }
  });

  test('the widget answers msg() from the registered short ids, in the locale it renders in', async () => {
    const { useLocale, isLoaded } = await import('../../src/locales/localize.js');
    assert.ok(isLoaded('es'));
    useLocale('es');
    const sell = 'ETH.ETH';
    assert.equal(msg('Done'), 'Completado');
    assert.equal(msg(str`it sells ${sell}, not ${'BTC.BTC'}`), 'vende ETH.ETH, no BTC.BTC');
    useLocale('en');
    assert.equal(msg('Done'), 'Done');
  });
});
