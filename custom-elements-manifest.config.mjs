// Custom Elements Manifest of the public elements: `npx cem analyze` (run by `npm run build`)
// writes ./custom-elements.json from the JSDoc of src/ (see @fires, @csspart, @cssprop on
// SwapWidget). The analyzer's lit support reads the @property decorators; the plugins below
// teach it the rest of this codebase's conventions.
//
// The manifest covers the public surface: <swap-widget>, its base class, the public events
// and the entry module. The child elements it renders (swap-quote-form, swap-route-list, ...)
// are defined too, but are internal: hosts style them through the root's `part`s.
//
// Module paths are rewritten from src/*.ts to the published lib/*.js, so tools that read
// the manifest (IDE plugins, Storybook, framework wrappers) import what the package ships.

import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** Source modules of the public API. */
const PUBLIC_MODULES = [
  'src/index.ts',
  'src/define.ts',
  'src/swap-widget.ts',
  'src/swap-widget-attributes.ts',
  'src/events.ts',
  'src/components/localized-element.ts',
];

/** Shapes of event details defined in the domain, by module: written out in the manifest. */
const DOMAIN_SHAPES = {
  'src/domain/flow/handout.ts': ['HandOutSummary', 'RevokeReason'],
  'src/domain/tracking/status.ts': ['SwapStatus', 'SwapStatusDetail'],
};

/** Overrides of DOM/lifecycle methods: not part of the element's own API. */
const INHERITED_DOM_METHODS = new Set([
  'dispatchEvent',
  'connectedCallback',
  'disconnectedCallback',
  'attributeChangedCallback',
  'adoptedCallback',
]);

/**
 * Elements are registered in src/define.ts: a table `ELEMENTS = { 'swap-x': Class, ... }`
 * that the analyzer does not know, looped over with a guarded `define()`. Record its entries
 * as custom-element definitions (as the analyzer does for `customElements.define()`), each
 * pointing at the module its class is imported from; a definition whose class is not in the
 * manifest (an internal part) is dropped at the end (see publishedPathsPlugin).
 */
function elementTablePlugin() {
  const imported = new Map();
  return {
    name: 'swap-widget: element table',
    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const from = posix.join(posix.dirname(moduleDoc.path), node.moduleSpecifier.text).replace(/\.js$/, '.ts');
        for (const el of node.importClause?.namedBindings?.elements ?? [])
          imported.set(`${moduleDoc.path}|${el.name.text}`, from);
        return;
      }
      if (
        !ts.isVariableDeclaration(node) ||
        node.name.getText() !== 'ELEMENTS' ||
        !node.initializer ||
        !ts.isObjectLiteralExpression(node.initializer)
      )
        return;
      for (const prop of node.initializer.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name) || !ts.isIdentifier(prop.initializer))
          continue;
        const klass = prop.initializer.text;
        moduleDoc.exports = [
          ...(moduleDoc.exports ?? []),
          {
            kind: 'custom-element-definition',
            name: prop.name.text,
            declaration: { name: klass, module: imported.get(`${moduleDoc.path}|${klass}`) ?? moduleDoc.path },
          },
        ];
      }
    },
  };
}

/**
 * Lit properties whose type is only in the decorator (`@property({ type: Number }) x = SOME.constant`)
 * get that type, on the field and on its attribute.
 */
function litOptionTypePlugin() {
  const TYPES = { Number: 'number', Boolean: 'boolean', String: 'string' };
  return {
    name: 'swap-widget: lit option types',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const classDoc = moduleDoc.declarations?.find((d) => d.name === node.name.text);
      if (!classDoc) return;
      for (const member of node.members) {
        if (!ts.isPropertyDeclaration(member) || !member.name) continue;
        const decorator = (ts.getDecorators?.(member) ?? []).find(
          (d) => ts.isCallExpression(d.expression) && d.expression.expression.getText() === 'property',
        );
        const options = decorator?.expression.arguments.find((a) => ts.isObjectLiteralExpression(a));
        const typeOption = options?.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'type');
        const type = typeOption && TYPES[typeOption.initializer.getText()];
        if (!type) continue;
        const name = member.name.getText();
        const field = classDoc.members?.find((m) => m.name === name);
        if (field && !field.type) field.type = { text: type };
        for (const attr of classDoc.attributes ?? [])
          if (attr.fieldName === name && !attr.type) attr.type = { text: type };
      }
    },
  };
}

/**
 * Each public event class (`class SwapQuoteEvent extends SwapEvent<SwapQuoteDetail>`) gives the
 * element's `@fires {SwapQuoteEvent} swap-quote` entry a reference to the class and a `detail`
 * entry: the name of the detail interface and its shape, written out (type aliases of the same
 * module inlined), plus `cancelable`.
 */
function eventDetailPlugin() {
  const aliases = new Map();
  const interfaces = new Map();
  const eventClasses = new Map();
  const clean = (text) =>
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .replace(/;\s*}/g, ' }')
      .trim()
      .replace(/^\|\s*/, '');
  return {
    name: 'swap-widget: event details',
    analyzePhase({ ts, node, moduleDoc }) {
      if (moduleDoc.path !== 'src/events.ts') return;
      const shape = (n) => {
        if (ts.isTypeAliasDeclaration(n)) aliases.set(n.name.text, clean(n.type.getText()));
        if (ts.isInterfaceDeclaration(n)) {
          const fields = n.members.filter(ts.isPropertySignature).map((m) => ({
            name: m.name.getText(),
            optional: !!m.questionToken,
            type: clean(m.type?.getText() ?? 'unknown'),
          }));
          interfaces.set(n.name.text, fields);
        }
      };
      shape(node);
      // Shapes of the event details that the domain defines (events.ts re-exports them) are
      // written out as if events.ts held them.
      if (ts.isImportDeclaration(node)) {
        const from = posix.join('src', node.moduleSpecifier.text.replace(/\.js$/, '.ts'));
        const names = new Set(DOMAIN_SHAPES[from] ?? []);
        if (!names.size) return;
        const file = ts.createSourceFile(from, readFileSync(from, 'utf8'), ts.ScriptTarget.Latest, true);
        for (const n of file.statements)
          if ((ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) && names.has(n.name.text)) shape(n);
      }
      if (ts.isClassDeclaration(node) && node.name) {
        const base = node.heritageClauses?.flatMap((h) => h.types)[0];
        const detail = base?.typeArguments?.[0]?.getText();
        if (!detail) return;
        const ctor = node.members.find(ts.isConstructorDeclaration);
        const superCall = ctor?.body?.statements
          .map((s) => (ts.isExpressionStatement(s) ? s.expression : undefined))
          .find((e) => e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword);
        const cancelable = superCall?.arguments[2]?.kind === ts.SyntaxKind.TrueKeyword;
        eventClasses.set(node.name.text, { detail, cancelable, module: moduleDoc.path });
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      // Interfaces and aliases of events.ts named inside a detail are written out too, a few levels deep.
      const inline = (text, depth) =>
        depth > 4
          ? text
          : text.replace(/\b[A-Z]\w*\b/g, (word) =>
              interfaces.has(word) || aliases.has(word) ? expand(word, depth + 1) : word,
            );
      const expand = (name, depth = 0) => {
        const fields = interfaces.get(name);
        if (!fields) return aliases.has(name) ? inline(aliases.get(name), depth) : name;
        return `{ ${fields.map((f) => `${f.name}${f.optional ? '?' : ''}: ${inline(f.type, depth)}`).join('; ')} }`;
      };
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          for (const event of decl.events ?? []) {
            const cls = eventClasses.get(event.type?.text);
            if (!cls) continue;
            event.type.references = [
              { name: event.type.text, module: cls.module, start: 0, end: event.type.text.length },
            ];
            event.detail = { name: cls.detail, type: { text: expand(cls.detail) } };
            event.cancelable = cls.cancelable;
          }
        }
      }
    },
  };
}

/**
 * Last: only the public API stays (no private members, no overrides of DOM methods, no
 * `customElement` flag on a base class that defines no tag), and paths name what is published.
 */
function publishedPathsPlugin() {
  // Paths come as `src/x.ts`, `/src/x.js` (resolved imports) or `./x.js` (re-exports, relative
  // to their module): all become package-relative `lib/x.js`.
  const published = (path, from) =>
    (path.startsWith('.') ? posix.join(posix.dirname(from), path) : path)
      .replace(/^\//, '')
      .replace(/^src\/(.*)\.(ts|js)$/, 'lib/$1.js');
  const rewrite = (value, from) => {
    if (Array.isArray(value)) return value.forEach((v) => rewrite(v, from));
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'module' || key === 'path') && typeof v === 'string') value[key] = published(v, from);
      else rewrite(v, from);
    }
  };
  return {
    name: 'swap-widget: public surface, published paths',
    packageLinkPhase({ customElementsManifest }) {
      const declared = new Set(
        customElementsManifest.modules.flatMap((m) => (m.declarations ?? []).map((d) => `${m.path}|${d.name}`)),
      );
      for (const mod of customElementsManifest.modules) {
        mod.exports = mod.exports?.filter(
          (e) =>
            e.kind !== 'custom-element-definition' || declared.has(`${e.declaration.module}|${e.declaration.name}`),
        );
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class') continue;
          if (decl.customElement && !decl.tagName) delete decl.customElement;
          if (decl.members) {
            decl.members = decl.members.filter(
              (m) =>
                m.privacy !== 'private' &&
                !m.name.startsWith('#') &&
                !(m.kind === 'method' && INHERITED_DOM_METHODS.has(m.name)),
            );
            // `approved(_hash?)`: the underscore only tells the linter the value is unused.
            for (const m of decl.members) for (const p of m.parameters ?? []) p.name = p.name.replace(/^_(?=\w)/, '');
          }
        }
      }
      for (const mod of customElementsManifest.modules) rewrite(mod, mod.path);
    },
  };
}

export default {
  globs: PUBLIC_MODULES,
  outdir: '.',
  litelement: true,
  // package.json's `customElements` is written by hand; the analyzer must not touch the file.
  packagejson: false,
  plugins: [elementTablePlugin(), litOptionTypePlugin(), eventDetailPlugin(), publishedPathsPlugin()],
};
