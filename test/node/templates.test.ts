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
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? modules(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Elements that sit inside a run of text: whitespace at their edges separates words. */
const TEXT_INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'code',
  'em',
  'i',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const BINDING = '\u0001';

/**
 * What a template reads as text: bindings as one mark, elements of a text run dropped (their
 * edges' spaces stay beside the words), other elements as a wall (spaces beside them do not
 * count), spaces collapsed.
 */
function reading(parts: readonly { text: string }[]): string {
  return parts
    .map((p) => p.text)
    .join(BINDING)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z][\w-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g, (_, tag: string) =>
      TEXT_INLINE.has(tag.toLowerCase()) ? '' : '|',
    )
    .replace(/\s+/g, ' ')
    .replace(/ ?\| ?/g, '|');
}

/** A space at an edge, beside a word, that the minified template no longer has. */
function edgeLost(before: string, after: string): boolean {
  const word = `[^\\s|${BINDING}]`;
  return (
    (new RegExp(`^ ${word}`).test(before) && !after.startsWith(' ')) ||
    (new RegExp(`${word} $`).test(before) && !after.endsWith(' '))
  );
}

/**
 * Templates whose spaces the minifier drops where they separate words, as `file:line`: a space
 * that begins or ends the template's text (`html` <span>(${chain})</span>``), or one at the
 * edge of an element of a text run that the template begins or ends with (`<span> → </span>`).
 */
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
    const lost =
      (/^[ \t]+\S/.test(first) && !/^\s/.test(a)) ||
      (/\S[ \t]+$/.test(last) && !/\s$/.test(z)) ||
      edgeLost(reading(t.parts), reading(after[i]!.parts));
    return lost ? [`${relative(root, file)}:${source.slice(0, t.parts[0]!.start).split('\n').length}`] : [];
  });
}

describe('templates once minified', () => {
  test('the checker sees a lost space (the "From address(Bitcoin)" case, an arrow between names) and a kept one', async () => {
    const glued = 'html`<label>${label}${chain ? html` <span>(${chain})</span>` : nothing}</label>`;';
    assert.deepEqual(await lostSpaces('x.ts', glued), ['x.ts:1']);
    const spaced = "html`<label>${label}${chain ? html`${' '}<span>(${chain})</span>` : nothing}</label>`;";
    assert.deepEqual(await lostSpaces('x.ts', spaced), []);
    assert.deepEqual(await lostSpaces('x.ts', 'html`${i ? html`<span aria-hidden="true"> → </span>` : nothing}`;'), [
      'x.ts:1',
    ]);
    assert.deepEqual(
      await lostSpaces('x.ts', 'html`${i ? html`<span aria-hidden="true">${\' → \'}</span>` : nothing}`;'),
      [],
    );
    // Spaces at the edges of a box (a button, a div) separate nothing.
    assert.deepEqual(await lostSpaces('x.ts', 'html`<button>\n  ${label} ▾\n</button>`;'), []);
  });

  test('keep every space that separates words from what follows or precedes them', async () => {
    const lost = (await Promise.all(modules().map((f) => lostSpaces(f, readFileSync(f, 'utf8'))))).flat();
    assert.deepEqual(lost, []);
  });
});
