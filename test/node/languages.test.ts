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
import { languageConfigs, targetLocales } from '../../scripts/rollup-languages.js';
import {
  FINGERPRINT_PLACEHOLDER,
  messageCheck,
  messageOrder,
  messageSlot as buildSlot,
} from '../../scripts/message-order.js';
import {
  localeRegistry,
  MESSAGES,
  messageSlot,
  registerLocale,
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

/** A generated locale's templates (the npm build's form), by lit-localize's id. */
async function generated(locale: string): Promise<Record<string, unknown>> {
  return ((await import(`../../src/locales/generated/${locale}.ts`)) as { templates: Record<string, unknown> })
    .templates;
}

/** A generated locale's templates as a script-tag file registers them, slotted, as JSON (holes are null). */
async function slotted(locale: string, fingerprint = messageOrder().fingerprint): Promise<unknown[]> {
  const { table, slot } = messageOrder();
  const array: unknown[] = [fingerprint, table, ...Array<null>(table[0]!).fill(null)];
  for (const [id, t] of Object.entries(await generated(locale))) array[2 + slot.get(id)!] = t;
  while (array.at(-1) === null) array.pop();
  return array;
}
const json = (v: unknown) => JSON.stringify(v);

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

  test("the build and the widget find a message's slot alike, one message a slot, the ids gone from the files", () => {
    const { ids, table, slot } = messageOrder();
    assert.ok(ids.length > 100);
    assert.ok(table[0]! >= ids.length && table[0]! <= ids.length * 1.2, 'slots for about every message');
    for (const id of ids) assert.equal(messageSlot(id, table), slot.get(id), id);
    assert.equal(new Set(ids.map((id) => buildSlot(id, table))).size, ids.length);
    for (const [file, code] of built) assert.doesNotMatch(code, /\bs[0-9a-f]{8}/, `${file} holds a message id`);
  });

  test('the core build writes its fingerprint in and marks (English) a msg() whose message is not in the set', async () => {
    const { fingerprint } = messageOrder();
    const input = '\0entry.js';
    const bundle = await rollup({
      input,
      external: ['@lit/localize'],
      plugins: [
        {
          name: 'entry',
          resolveId: (id) => (id === input ? id : null),
          load: (id) =>
            id === input
              ? `import { msg, str } from '@lit/localize';
export const known = (a, b) => [msg('Done'), msg(str\`it sells \${a}, not \${b}\`)];
export const unknown = () => msg('A message no XLIFF file has');`
              : null,
        },
        {
          name: 'registry',
          resolveId: (id) => (id === 'registry' ? id : null),
          load: (id) => (id === 'registry' ? `export const MESSAGES = '${FINGERPRINT_PLACEHOLDER}';` : null),
        },
        messageCheck(),
      ],
      onwarn: () => {},
    });
    const { output } = await bundle.generate({ format: 'es' });
    assert.match(output[0].code, /msg\('Done'\), msg\(str`it sells \$\{a\}, not \$\{b\}`\)\]/);
    assert.match(output[0].code, /msg\('A message no XLIFF file has', ?0\)/);
    const registry = await rollup({
      input: 'registry',
      plugins: [
        {
          name: 'registry',
          resolveId: (id) => (id === 'registry' ? id : null),
          load: (id) => (id === 'registry' ? `export const MESSAGES = '${FINGERPRINT_PLACEHOLDER}';` : null),
        },
        messageCheck(),
      ],
    });
    const { output: written } = await registry.generate({ format: 'es' });
    assert.match(written[0].code, new RegExp(`MESSAGES = '${fingerprint}'`));
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
      assert.equal(json(registry.locales[locale]!.templates), json(await slotted(locale)));
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
      assert.equal(json(localeRegistry().locales[locale]!.templates), json(await generated(locale)));
    }
  });

  test('the widget answers msg() by id or by slot, in the locale it renders in; a marked message in English', async () => {
    const { useLocale, isLoaded } = await import('../../src/locales/localize.js');
    const sell = 'ETH.ETH';
    const words = () => [msg('Done'), msg(str`it sells ${sell}, not ${'BTC.BTC'}`)];
    assert.ok(isLoaded('es'));
    useLocale('es');
    assert.deepEqual(words(), ['Completado', 'vende ETH.ETH, no BTC.BTC']);
    assert.equal((msg as unknown as (t: string, english: 0) => string)('Done', 0), 'Done');
    // Slotted, as a script-tag file registers it, for this build's message set (the placeholder
    // outside the script-tag build): read by slot.
    registerLocale('es', await slotted('es', MESSAGES));
    assert.ok(isLoaded('es'));
    assert.deepEqual(words(), ['Completado', 'vende ETH.ETH, no BTC.BTC']);
    // A slotted language of another message set (another build): not read at all.
    registerLocale('es', await slotted('es', 'f00dcafe'));
    assert.ok(!isLoaded('es'));
    assert.deepEqual(words(), ['Done', 'it sells ETH.ETH, not BTC.BTC']);
    useLocale('en');
    assert.equal(msg('Done'), 'Done');
  });
});
