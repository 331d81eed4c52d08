/**
 * The README fits on a screen and leads to the rest (issue 34, item 2): it is at most 15 000
 * bytes, it links every page of docs/, and every relative link of the repository's Markdown
 * files (README, CHANGELOG, docs/, the READMEs beside the demos, the bench and the fixtures)
 * reaches a file that exists, and a heading of it when the link names one (`page.md#heading`,
 * or `#heading` within the page), as GitHub names headings.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders that hold no Markdown of ours: installed packages, build output, scratch space. */
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'lib',
  '.tmp',
  '.scratch',
  'bench/results',
  'demo/frameworks/dist',
]);

/** The repository's Markdown files, relative to its root. */
function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(path) || SKIP.has(entry.name) ? [] : markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}
const MARKDOWN = markdownUnder('');

/** Markdown text without its fenced code blocks (a `#` line in a code block is no heading). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(text!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Every link target of a Markdown file: `[text](target)`, and `src="…"` or `href="…"` in its HTML (not in code). */
function targetsOf(text: string): string[] {
  // Code spans show markup, they link nothing (`<script src="/dist/swap-widget.js">`).
  const t = prose(text).replace(/`[^`\n]*`/g, '');
  return [...t.matchAll(/\]\(([^)\s]+)\)/g), ...t.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
}

/** What is wrong with one link of `file`, or undefined when it reaches its file and heading. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const to = path ? resolve(ROOT, dirname(file), decodeURIComponent(path)) : join(ROOT, file);
  if (!to.startsWith(ROOT + '/')) return `${file} -> ${target}: outside the repository`;
  if (!existsSync(to)) return `${file} -> ${target}: no such file`;
  if (anchor && to.endsWith('.md') && statSync(to).isFile() && !anchorsOf(to).has(anchor))
    return `${file} -> ${target}: no heading #${anchor} in ${relative(ROOT, to)}`;
  return undefined;
}

describe('README and docs', () => {
  it('README.md is at most 15 000 bytes', () => {
    const size = statSync(join(ROOT, 'README.md')).size;
    assert.ok(size <= 15_000, `README.md is ${size} bytes`);
  });

  it('README.md links every page of docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const pages = MARKDOWN.filter((p) => /^docs\/[^/]+\.md$/.test(p));
    assert.ok(pages.length >= 10, pages.join(', '));
    const linked = new Set(targetsOf(readme).map((t) => t.split('#')[0]));
    assert.deepEqual(
      pages.filter((p) => !linked.has(p)),
      [],
    );
    assert.ok(linked.has('CHANGELOG.md'));
  });

  it('every relative link of the Markdown files reaches a file, and the heading it names', () => {
    assert.ok(MARKDOWN.includes('README.md') && MARKDOWN.includes('docs/reference.md'), MARKDOWN.join(', '));
    const broken = MARKDOWN.flatMap((file) =>
      targetsOf(readFileSync(join(ROOT, file), 'utf8')).flatMap((t) => brokenLink(file, t) ?? []),
    );
    assert.deepEqual(broken, []);
  });

  it('reads anchors as GitHub names them, and finds a broken one', () => {
    assert.equal(
      slug('Deposit channels (`POST /v1/protocol-b-deposit-channel`)'),
      'deposit-channels-post-v1protocol-b-deposit-channel',
    );
    assert.equal(slug("SwapKit's current API"), 'swapkits-current-api');
    assert.equal(slug('3. What each message carries'), '3-what-each-message-carries');
    assert.equal(slug('`<swap-widget>`'), 'swap-widget');
    assert.equal(brokenLink('README.md', 'docs/safety.md#the-review'), undefined);
    assert.match(brokenLink('README.md', 'docs/safety.md#no-such-heading') ?? '', /no heading/);
    assert.match(brokenLink('README.md', 'docs/no-such-page.md') ?? '', /no such file/);
    assert.match(brokenLink('docs/safety.md', '#not-here') ?? '', /no heading/);
    assert.match(brokenLink('docs/safety.md', '../../elsewhere.md') ?? '', /outside/);
  });
});
