/**
 * Nothing published or documented points outside the repository (issue 15, item 7): the
 * README, the docs, the reference service's README and the sources (whose comments become the
 * published `lib/*.d.ts`) name no file beyond the repository, and every relative link in the
 * Markdown files resolves to a file of the repository.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...walk(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

const MARKDOWN = [
  'README.md',
  'CHANGELOG.md',
  'demo/frameworks/webview/README.md',
  'demo/server/README.md',
  'bench/README.md',
  'test/fixtures/real/README.md',
  ...walk('docs', (p) => p.endsWith('.md')),
].filter((p) => existsSync(join(ROOT, p)));
const SOURCES = [...walk('src', (p) => p.endsWith('.ts')), ...walk('demo/server', (p) => p.endsWith('.ts'))];
/** Built declaration files, when a build is there (they are published). */
const BUILT = existsSync(join(ROOT, 'lib')) ? walk('lib', (p) => p.endsWith('.d.ts')) : [];

/** What a pointer outside the repository looks like: a path up out of it, or the interface file's name. */
const OUTSIDE = /\.\.\/shared|\/shared\/spec|service-interface\.md/;

describe('nothing points outside the repository', () => {
  it('docs/service.md describes the service', () => {
    const text = readFileSync(join(ROOT, 'docs/service.md'), 'utf8');
    for (const heading of [
      '## Endpoints',
      '## Provider names',
      '## Routes',
      '## Deposit channels',
      '## Tokens',
      '## Tracking',
      '## Errors and limits',
      '## Swaps per service',
    ]) {
      assert.ok(text.includes(heading), heading);
    }
  });

  it('no README, doc, source or built declaration names a file beyond the repository', () => {
    const files = [...MARKDOWN, ...SOURCES, ...BUILT];
    assert.ok(files.length > 50, `${files.length} files`);
    const found = files.filter((f) => OUTSIDE.test(readFileSync(join(ROOT, f), 'utf8')));
    assert.deepEqual(found, []);
  });

  it('every relative link of the Markdown files, and every docs/ path a source names, is a file of the repository', () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const path = resolve(ROOT, dirname(file), target!.split('#')[0]!);
        if (!path.startsWith(ROOT + '/') || !existsSync(path)) broken.push(`${file} -> ${target}`);
      }
    }
    for (const file of SOURCES) {
      for (const [path] of readFileSync(join(ROOT, file), 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        if (!existsSync(join(ROOT, path))) broken.push(`${file} -> ${path}`);
      }
    }
    assert.deepEqual(broken, [], broken.map((b) => relative(ROOT, b)).join('\n'));
  });
});
