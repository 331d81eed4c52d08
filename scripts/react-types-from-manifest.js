#!/usr/bin/env node
// Writes src/react.ts, the JSX types of `swap-widget/react`, from custom-elements.json (the
// Custom Elements Manifest, `npm run manifest`): every public property of <swap-widget> (so a
// property added to the element is typed in TSX at the next build, `balances` included), every
// attribute whose name is not its property's (kebab-case, as strings; a boolean attribute takes
// `true`), and a listener per public event. The file is committed (tsc builds lib/react.d.ts
// from it) and written only when it changes; test/node/react-types.test.ts fails when the
// committed file is not what the manifest gives.
//
//   node scripts/react-types-from-manifest.js [--manifest custom-elements.json] [--out src/react.ts] [--stdout]
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';

const TAG = 'swap-widget';

/** The element's declaration in the manifest. */
function elementOf(manifest) {
  for (const m of manifest.modules)
    for (const d of m.declarations ?? []) if (d.customElement && d.tagName === TAG) return d;
  throw new Error(`custom-elements.json declares no <${TAG}>`);
}

/** The properties a host may set: public instance fields that can be written. */
export function propertiesOf(element) {
  return (element.members ?? [])
    .filter((m) => m.kind === 'field' && (!m.privacy || m.privacy === 'public') && !m.static && !m.readonly)
    .map((m) => m.name);
}

/** The type an attribute takes in TSX: `boolean` for a boolean attribute, a number or a string where it reads one, else a string. */
function attributeType(attribute) {
  const parts = (attribute.type?.text ?? 'string').split('|').map((p) => p.trim());
  if (parts.includes('boolean')) return 'boolean';
  return parts.includes('number') ? 'string | number' : 'string';
}

/** The attributes named otherwise than their property (`affiliate-fee`); the others are typed with the properties. */
export function attributesOf(element) {
  return (element.attributes ?? [])
    .filter((a) => a.name !== a.fieldName)
    .map((a) => ({ name: a.name, type: attributeType(a) }));
}

/** The text of src/react.ts for this manifest (before formatting). */
export function renderReactTypes(manifest) {
  const element = elementOf(manifest);
  const properties = propertiesOf(element);
  const attributes = attributesOf(element);
  return `/**
 * \`<swap-widget>\` in TypeScript React 19 apps: \`import type {} from 'swap-widget/react';\` once
 * (or \`/// <reference types="swap-widget/react" />\`) types the element in TSX, its attributes
 * (kebab-case, as strings), its properties (camelCase, as React 19 sets them on a defined
 * element) and its events (\`onswap-quote\`, as React 19 listens to a custom element's events).
 * Types only: the element itself comes from \`import 'swap-widget'\`.
 *
 * Generated from custom-elements.json by scripts/react-types-from-manifest.js (\`npm run build\`):
 * edit the element's properties in src/, not this file.
 */
import type { SwapWidgetEventMap } from './events.js';
import type { SwapWidget } from './swap-widget.js';

/** The properties a host may set, camelCase, with their own types (\`affiliateFee={30}\`). */
export type SwapWidgetProperties = Partial<Pick<SwapWidget, ${properties.map((p) => `'${p}'`).join(' | ')}>>;

/** The attributes, kebab-case, as they are written in HTML (\`affiliate-fee="30"\`); a boolean attribute takes \`true\`. */
export interface SwapWidgetAttributeProps {
${attributes.map((a) => `  '${a.name}'?: ${a.type};`).join('\n')}
}

/** A listener per public event, named as React 19 names a custom element's events: \`on\` + the event's name. */
export type SwapWidgetEventProps = {
  [K in keyof SwapWidgetEventMap as \`on\${K}\`]?: (event: SwapWidgetEventMap[K]) => void;
};

/** Everything \`<swap-widget>\` takes in TSX beside React's own props of an HTML element (\`ref\`, \`key\`, \`id\`, \`className\`...). */
export type SwapWidgetJsxProps = SwapWidgetProperties & SwapWidgetAttributeProps & SwapWidgetEventProps;

// React's JSX, augmented. The two \`@ts-ignore\` are for this package's own build, which has no
// React types (\`@types/react\`): the app that imports this has them, and there the names resolve.
// @ts-ignore -- no React types here; the app has them
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      // @ts-ignore -- no React types here; the app has them
      '${TAG}': DetailedHTMLProps<HTMLAttributes<SwapWidget>, SwapWidget> & SwapWidgetJsxProps;
    }
  }
}
`;
}

/** The file as it is committed: rendered, then formatted with the project's prettier settings. */
export async function reactTypes(manifest, out = 'src/react.ts') {
  const options = (await resolveConfig(out)) ?? {};
  return format(renderReactTypes(manifest), { ...options, filepath: out });
}

async function main(argv) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
  };
  const manifestPath = arg('--manifest', 'custom-elements.json');
  const out = arg('--out', 'src/react.ts');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    console.error(`${manifestPath} is missing or unreadable (run npm run manifest first): ${error.message}`);
    process.exit(1);
  }
  const text = await reactTypes(manifest, out);
  if (argv.includes('--stdout')) return void process.stdout.write(text);
  let before = '';
  try {
    before = readFileSync(out, 'utf8');
  } catch {
    // first run
  }
  if (text !== before) {
    writeFileSync(out, text);
    console.log(`${out}: JSX types updated from ${manifestPath}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
