/**
 * The bundle's html`` templates go through lit's minifier (rollup.config.js), which drops the
 * whitespace at the start and the end of every template. A space that begins a template put
 * beside a word (`${label}${html` <span>(Bitcoin)</span>`}`) is lost there, and the bundle
 * shows "From address(Bitcoin)" where the sources read right. A space that must stay is a
 * binding (`${' '}`) or part of the words around it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { minifyHTMLLiterals } from '@lit-labs/rollup-plugin-minify-html-literals/lib/minify-html-literals.js';
import { parseLiterals } from '@lit-labs/rollup-plugin-minify-html-literals/lib/parse-literals.js';

const root = new URL('../../', import.meta.url).pathname;

function modules(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? modules(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
}

/** Templates whose edge whitespace beside text (not a line break before a tag) the minifier drops, as `file:line`. */
async function lostSpaces(file: string, source: string): Promise<string[]> {
  const out = await minifyHTMLLiterals(source, { fileName: file });
  if (!out) return [];
  const before = parseLiterals(source).filter((t) => t.tag === 'html');
  const after = parseLiterals(out.code).filter((t) => t.tag === 'html');
  assert.equal(after.length, before.length, file);
  return before.flatMap((t, i) => {
    const first = t.parts[0]!.text;
    const last = t.parts.at(-1)!.text;
    const [a, z] = [after[i]!.parts[0]!.text, after[i]!.parts.at(-1)!.text];
    const lost = (/^[ \t]+\S/.test(first) && !/^\s/.test(a)) || (/\S[ \t]+$/.test(last) && !/\s$/.test(z));
    return lost ? [`${relative(root, file)}:${source.slice(0, t.parts[0]!.start).split('\n').length}`] : [];
  });
}

describe('templates once minified', () => {
  test('the checker sees a lost space (the "From address(Bitcoin)" case) and a kept one', async () => {
    const glued = "html`<label>${label}${chain ? html` <span>(${chain})</span>` : nothing}</label>`;";
    assert.deepEqual(await lostSpaces('x.ts', glued), ['x.ts:1']);
    const spaced = "html`<label>${label}${chain ? html`${' '}<span>(${chain})</span>` : nothing}</label>`;";
    assert.deepEqual(await lostSpaces('x.ts', spaced), []);
  });

  test('keep every space that separates words from what follows or precedes them', async () => {
    const lost = (await Promise.all(modules().map((f) => lostSpaces(f, readFileSync(f, 'utf8'))))).flat();
    assert.deepEqual(lost, []);
  });
});
