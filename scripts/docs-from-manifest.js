#!/usr/bin/env node
// Writes docs/reference.md, the API reference, from custom-elements.json (the Custom Elements
// Manifest, `npm run manifest`): for each public element, tables of its attributes and
// properties, events, methods, CSS parts and CSS custom properties. The whole page is
// generated (`renderPage`); it is written only when it changes, and a Node test
// (test/node/manifest.test.ts) fails when the committed page differs from what the sources give.
//
//   node scripts/docs-from-manifest.js [--manifest custom-elements.json] [--out docs/reference.md] [--stdout]
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where the reference is written. */
export const REFERENCE = 'docs/reference.md';

/** Table-cell text: one line, pipes escaped (also inside code spans, as GFM wants). */
const cell = (text) =>
  (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text) => (text ? `\`${cell(text)}\`` : '');
const typeText = (type) => type?.text?.replace(/\s*\|\s*undefined\b/g, '').trim();

function table(head, rows) {
  if (!rows.length) return '';
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** The elements the manifest defines (declarations with a tag name), in module order. */
export function elementsOf(manifest) {
  return manifest.modules.flatMap((m) =>
    (m.declarations ?? []).filter((d) => d.customElement && d.tagName).map((d) => ({ ...d, module: m.path })),
  );
}

/** Public instance members only: no private/protected/static, no `#names`. */
const isPublic = (m) => (!m.privacy || m.privacy === 'public') && !m.static && !m.name.startsWith('#');

function signature(method) {
  const params = (method.parameters ?? []).map(
    (p) => `${p.name}${p.optional ? '?' : ''}${p.type?.text ? `: ${p.type.text}` : ''}`,
  );
  return `${method.name}(${params.join(', ')})${method.return?.type?.text ? `: ${method.return.type.text}` : ''}`;
}

/** The markdown reference of one element. */
export function renderElement(el) {
  const out = [`## \`<${el.tagName}>\``, ''];
  if (el.summary || el.description) out.push(cell(el.summary || el.description), '');

  const fields = (el.members ?? []).filter((m) => m.kind === 'field' && isPublic(m) && !m.readonly);
  const attributes = (el.attributes ?? []).map((a) => {
    const field = fields.find((f) => f.name === a.fieldName);
    return [
      code(a.name),
      code(a.fieldName ?? ''),
      code(typeText(a.type ?? field?.type)),
      code(a.default ?? field?.default) || '—',
      cell(a.description ?? field?.description),
    ];
  });
  const propertyOnly = fields
    .filter((f) => !f.attribute)
    .map((f) => ['', code(f.name), code(typeText(f.type)), code(f.default) || '—', cell(f.description)]);
  const rows = [...attributes, ...propertyOnly];
  if (rows.length) {
    out.push('### Attributes and properties', '');
    out.push(
      'Every attribute has the camelCase property beside it; setting either takes effect at once.',
      '',
      table(['attribute', 'property', 'type', 'default', 'description'], rows),
      '',
    );
  }

  const events = (el.events ?? []).filter((e) => e.name);
  if (events.length) {
    out.push('### Events', '');
    out.push(
      'Each is a `CustomEvent` subclass (the class column; the package exports it) that bubbles and crosses shadow roots; `detail` is plain JSON.',
      '',
      table(
        ['event', 'class', '`detail`', 'cancelable', 'when'],
        events.map((e) => [
          code(e.name),
          code(e.type?.text),
          e.detail ? `${code(e.detail.name)}: ${code(e.detail.type?.text)}` : '',
          e.cancelable ? 'yes' : 'no',
          cell((e.description ?? '').replace(/(\s*\(cancelable\))?:\s*`\{[^`]*\}`\s*$/, '')),
        ]),
      ),
      '',
    );
  }

  const methods = (el.members ?? []).filter((m) => m.kind === 'method' && isPublic(m));
  if (methods.length) {
    out.push(
      '### Methods',
      '',
      table(
        ['method', 'does'],
        methods.map((m) => [code(signature(m)), cell(m.description)]),
      ),
      '',
    );
  }

  if (el.cssParts?.length) {
    out.push('### CSS parts', '', 'Style them with `swap-widget::part(name)`.', '');
    out.push(
      table(
        ['part', 'is'],
        el.cssParts.map((p) => [code(p.name), cell(p.description)]),
      ),
      '',
    );
  }

  if (el.cssProperties?.length) {
    out.push(
      '### CSS custom properties',
      '',
      'Set them on the element or on any ancestor; `theme="dark"` (or `auto` in a dark scheme) changes the colour defaults.',
      '',
    );
    out.push(
      table(
        ['property', 'light default', 'styles'],
        el.cssProperties.map((p) => [code(p.name), code(p.default), cell(p.description)]),
      ),
      '',
    );
  }
  return out.join('\n');
}

/** The generated tables of every element, with a note that says where they come from. */
export function renderApi(manifest) {
  const note =
    '<!-- Generated from custom-elements.json by scripts/docs-from-manifest.js (npm run build): edit the JSDoc in src/, not this. -->';
  return [note, '', ...elementsOf(manifest).map(renderElement)].join('\n').trim();
}

/** The whole of docs/reference.md. */
export function renderPage(manifest) {
  return [
    '# Reference',
    '',
    renderApi(manifest),
    '',
    'What each `swap-error` code means, and the messages only the integrator is told: [Errors](errors.md).',
    'How a host that signs answers the events: [Hosts and wallets](hosts.md).',
    '',
  ].join('\n');
}

function main(argv) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const manifestPath = arg('--manifest', 'custom-elements.json');
  const outPath = arg('--out', REFERENCE);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    console.error(`${manifestPath} is missing or unreadable (run npm run manifest first): ${error.message}`);
    process.exit(1);
  }
  const page = renderPage(manifest);
  if (argv.includes('--stdout')) {
    console.log(page);
    return;
  }
  let before;
  try {
    before = readFileSync(outPath, 'utf8');
  } catch {
    before = undefined;
  }
  if (page !== before) {
    writeFileSync(outPath, page);
    console.log(`${outPath}: API reference written from ${manifestPath}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
