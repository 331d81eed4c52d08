/**
 * The bundles' locale compaction (scripts/rollup-compact-locales.js): bundled through it, every
 * locale module must give exactly the `templates` object lit-localize generated.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { rollup } from 'rollup';
import { compactLocales } from '../../scripts/rollup-compact-locales.js';

const scratch = mkdtempSync(join(tmpdir(), 'compact-locales-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Bundles an entry importing every module of `dir` through the plugin; returns its exports. */
async function bundled(dir: string, names: string[]): Promise<{ code: string; modules: Record<string, { templates: Record<string, unknown> }> }> {
  const entry = '\0entry';
  const bundle = await rollup({
    input: entry,
    external: ['@lit/localize'],
    plugins: [
      {
        name: 'entry',
        resolveId: (s) => (s === entry ? entry : null),
        load: (id) => (id === entry ? names.map((n, i) => `export * as m${i} from ${JSON.stringify(join(dir, n))};`).join('\n') : null),
      },
      compactLocales({ dir }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  const file = join(scratch, `out-${Math.random().toString(36).slice(2)}.mjs`);
  // The bundle imports @lit/localize: resolve it from the project, not from the scratch folder.
  writeFileSync(file, output[0].code.replace(/from ['"]@lit\/localize['"]/g, `from ${JSON.stringify(import.meta.resolve('@lit/localize'))}`));
  const mod = await import(pathToFileURL(file).href);
  return { code: output[0].code, modules: Object.fromEntries(names.map((n, i) => [n, mod[`m${i}`]])) };
}

describe('compact locales (rollup plugin)', () => {
  test('every generated locale bundles to the same templates, and its ids appear once', async () => {
    const dir = resolve('src/locales/generated');
    const names = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    assert.ok(names.length >= 3);
    const { code, modules: got } = await bundled(dir, names);
    for (const name of names) {
      const original = (await import(pathToFileURL(join(dir, name)).href)) as { templates: Record<string, unknown> };
      assert.ok(Object.keys(original.templates).length > 100, name);
      assert.deepEqual(got[name]!.templates, original.templates, name);
      for (const id of Object.keys(original.templates)) assert.equal(code.split(id).length - 1, 1, id);
    }
  });

  test('a locale lacking a translation has no entry for it', async () => {
    const dir = mkdtempSync(join(scratch, 'gen-'));
    writeFileSync(join(dir, 'aa.ts'), "import {str} from '@lit/localize';\nexport const templates = {\n'sa': `A`,\n'sb': str`B ${0}`,\n'sc': `C\nsecond line`,\n};\n");
    writeFileSync(join(dir, 'bb.ts'), "export const templates = {\n'sb': `b`,\n};\n");
    const { modules: got } = await bundled(dir, ['aa.ts', 'bb.ts']);
    assert.deepEqual(Object.keys(got['aa.ts']!.templates), ['sa', 'sb', 'sc']);
    assert.equal(got['aa.ts']!.templates.sc, 'C\nsecond line');
    assert.deepEqual((got['aa.ts']!.templates.sb as { strTag: boolean; values: unknown[] }).values, [0]);
    assert.deepEqual(got['bb.ts']!.templates, { sb: 'b' });
    assert.ok(!('sa' in got['bb.ts']!.templates));
    assert.ok(!('sc' in got['bb.ts']!.templates));
  });
});
