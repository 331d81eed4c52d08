/**
 * The Custom Elements Manifest against the public interface (the contract): the test runs the
 * analyzer with the project's config into a scratch directory, so it checks what `npm run
 * build` would write from the current sources, then compares every list with the contract
 * and with the sources (parts used in templates, custom properties read by the styles).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REFERENCE, renderApi, renderPage } from '../../scripts/docs-from-manifest.js';
import { attributesOf, propertiesOf, reactTypes } from '../../scripts/react-types-from-manifest.js';

interface Attribute {
  name: string;
  fieldName?: string;
  type?: { text: string };
  default?: string;
  description?: string;
}
interface Member {
  kind: string;
  name: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
  description?: string;
  parameters?: { name: string; optional?: boolean; type?: { text: string } }[];
}
interface ManifestEvent {
  name: string;
  type?: { text: string };
  detail?: { name: string; type: { text: string } };
  cancelable?: boolean;
  description?: string;
}
interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: Attribute[];
  members?: Member[];
  events?: ManifestEvent[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; default?: string; description?: string }[];
}
interface Manifest {
  schemaVersion: string;
  modules: {
    path: string;
    declarations?: Declaration[];
    exports?: { kind: string; name: string; declaration: { name: string; module?: string } }[];
  }[];
}

/** Attributes of the contract, plus `poll-interval` and `cosmos-rest` (documented beside them in docs/reference.md). */
const ATTRIBUTES = [
  'api-url',
  'api-key',
  'affiliate',
  'affiliate-fee',
  'sell-asset',
  'buy-asset',
  'sell-amount',
  'slippage',
  'source-address',
  'destination-address',
  'lock-addresses',
  'providers',
  'theme',
  'locale',
  'bridge',
  'host-signs',
  'poll-interval',
  'cosmos-rest',
  'thornode-url',
  'mayanode-url',
  'rpc-urls',
  'affiliate-addresses',
  'skip-review',
  'api-dialect',
];

/** Events of the contract with the fields of their `detail`. */
const EVENTS: Record<string, { fields: string[]; cancelable: boolean }> = {
  'swap-quote': { fields: ['quoteId', 'routes'], cancelable: false },
  'swap-route': { fields: ['quoteId', 'routeIndex', 'route'], cancelable: false },
  'swap-tx': {
    fields: [
      'quoteId',
      'routeIndex',
      'handoutId',
      'expiresAt',
      'review',
      'approveAmount?',
      'kind',
      'chain',
      'family',
      'tx',
      'to',
      'from',
      'value',
      'data',
      'chainId',
      'serialized',
      'msgs',
      'fee',
      'memo',
      'summary',
      'provider',
      'sellAmount',
      'minimumBuyAmount',
      'decimals',
      'spender?',
    ],
    cancelable: true,
  },
  'swap-memo': {
    fields: [
      'quoteId',
      'routeIndex',
      'handoutId',
      'review',
      'chain',
      'asset',
      'amount',
      'address',
      'memo',
      'expiresAt',
      'summary',
      'expectedBuyAmount',
    ],
    cancelable: true,
  },
  'swap-status': {
    fields: [
      'quoteId',
      'routeIndex',
      'handoutId?',
      'hash',
      'chainId',
      'status',
      'final',
      'buyAmount?',
      'inboundHash?',
      'outboundHash?',
      'refund?',
      'error?',
    ],
    cancelable: false,
  },
  'swap-revoke': { fields: ['quoteId', 'routeIndex', 'handoutId', 'reason'], cancelable: false },
  'swap-error': { fields: ['code', 'message', 'field?'], cancelable: false },
  'swap-input': {
    fields: ['sellAsset', 'buyAsset', 'sellAmount', 'sourceAddress', 'destinationAddress', 'slippage'],
    cancelable: false,
  },
};

const METHODS = ['approved', 'track', 'refresh', 'rejected'];
const ERROR_CODES = [
  'invalid-config',
  'network',
  'service',
  'bad-response',
  'no-routes',
  'route-rejected',
  'route-expired',
  'wallet',
  'tracking',
  'no-handler',
  'config-warning',
  'deprecated',
  'internal',
];

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const scratch = join('.tmp', `manifest-test-${process.pid}`);
let manifest: Manifest;
let widget: Declaration;

before(() => {
  mkdirSync(scratch, { recursive: true });
  // The analyzer joins --outdir to the working directory, hence a relative scratch path.
  execFileSync(
    process.execPath,
    [
      'node_modules/@custom-elements-manifest/analyzer/cem.js',
      'analyze',
      '--config',
      'custom-elements-manifest.config.mjs',
      '--outdir',
      scratch,
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  manifest = JSON.parse(readFileSync(join(scratch, 'custom-elements.json'), 'utf8')) as Manifest;
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'swap-widget');
  assert.ok(found, 'no declaration with tagName swap-widget');
  widget = found;
});

after(() => rmSync(scratch, { recursive: true, force: true }));

describe('custom-elements.json', () => {
  test('defines <swap-widget> from the published module, as the only public element', () => {
    assert.equal(widget.customElement, true);
    assert.equal(widget.name, 'SwapWidget');
    const definitions = manifest.modules.flatMap((m) =>
      (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition'),
    );
    assert.deepEqual(
      definitions.map((d) => [d.name, d.declaration.name, d.declaration.module]),
      [['swap-widget', 'SwapWidget', 'lib/swap-widget.js']],
    );
    const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);
    assert.deepEqual(
      elements.map((d) => d.tagName),
      ['swap-widget'],
    );
    // Paths name what the package ships.
    for (const m of manifest.modules) assert.match(m.path, /^lib\/.+\.js$/);
  });

  test('lists every attribute of the contract, each with its camelCase property, a type and a description', () => {
    assert.deepEqual(sorted(widget.attributes!.map((a) => a.name)), sorted(ATTRIBUTES));
    for (const a of widget.attributes!) {
      assert.equal(a.fieldName, camel(a.name), a.name);
      assert.ok(a.type?.text, `${a.name} has no type`);
      assert.ok(a.description && a.description.length > 10, `${a.name} has no description`);
      const field = widget.members!.find((m) => m.name === a.fieldName);
      assert.equal(field?.kind, 'field', `${a.name}: no property ${a.fieldName}`);
      assert.equal(field?.attribute, a.name);
    }
    // The host's token decimals: a property only (an object), documented like the attributes.
    const decimals = widget.members!.find((m) => m.name === 'decimals');
    assert.equal(decimals?.kind, 'field');
    assert.equal(decimals?.attribute, undefined, 'decimals has no attribute');
    assert.ok((decimals?.description ?? '').length > 10, 'decimals has no description');
    const defaults = Object.fromEntries(widget.attributes!.map((a) => [a.name, a.default]));
    assert.deepEqual(
      {
        fee: defaults['affiliate-fee'],
        slippage: defaults.slippage,
        theme: defaults.theme,
        lock: defaults['lock-addresses'],
        bridge: defaults.bridge,
        poll: defaults['poll-interval'],
      },
      { fee: '0', slippage: '1', theme: "'auto'", lock: 'false', bridge: 'false', poll: '10000' },
    );
  });

  test('lists every event with its class, its detail type written out, and whether it is cancelable', () => {
    assert.deepEqual(sorted(widget.events!.map((e) => e.name)), sorted(Object.keys(EVENTS)));
    for (const e of widget.events!) {
      const expected = EVENTS[e.name]!;
      const base = e.name.replace(/^swap-(\w)(\w*)$/, (_, a: string, b: string) => a.toUpperCase() + b);
      assert.equal(e.type?.text, `Swap${base}Event`, e.name);
      assert.equal(e.detail?.name, `Swap${base}Detail`, e.name);
      for (const field of expected.fields) {
        const pattern = new RegExp(`[{;] ${field.replace('?', '\\?')}: `);
        assert.match(e.detail!.type.text, pattern, `${e.name}: detail has no ${field}`);
      }
      assert.equal(e.cancelable, expected.cancelable, `${e.name} cancelable`);
      assert.ok(e.description, `${e.name} has no description`);
    }
    const error = widget.events!.find((e) => e.name === 'swap-error')!;
    for (const code of ERROR_CODES) assert.ok(error.detail!.type.text.includes(`'${code}'`), `swap-error code ${code}`);
  });

  test('lists the methods approved, track, refresh and rejected, and no other public method', () => {
    const methods = widget.members!.filter(
      (m) => m.kind === 'method' && (!m.privacy || m.privacy === 'public') && !m.static,
    );
    assert.deepEqual(sorted(methods.map((m) => m.name)), sorted(METHODS));
    const track = methods.find((m) => m.name === 'track')!;
    // track(hash, chainId) still works; the second argument may also name the hand-out.
    assert.deepEqual(
      track.parameters?.map((p) => [p.name, !!p.optional]),
      [
        ['hash', false],
        ['options', true],
      ],
    );
    const options = track.parameters![1]!.type?.text ?? '';
    for (const part of ['string', 'chainId?: string', 'handoutId?: string'])
      assert.ok(options.includes(part), `track's options: ${options}`);
    const approved = methods.find((m) => m.name === 'approved')!;
    assert.deepEqual(
      approved.parameters?.map((p) => [p.name, !!p.optional]),
      [['hash', true]],
    );
    // Private state never leaks into the manifest.
    assert.equal(widget.members!.filter((m) => m.privacy === 'private').length, 0);
  });

  test('lists exactly the parts the templates carry, the fixed ones included, each reachable from outside', () => {
    const files = sourceFiles('src');
    const used = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bpart="([^"$]+)"/g))
        for (const name of match[1]!.split(/\s+/)) used.add(name);
    }
    const parts = widget.cssParts!.map((p) => p.name);
    assert.deepEqual(sorted(parts), sorted(used));
    assert.ok(parts.includes('route') && parts.includes('swap-button'));
    for (const p of widget.cssParts!) assert.ok(p.description, `part ${p.name} has no description`);
    // A part inside a child's shadow root is only styleable through exportparts on the way up
    // (the root's, and those of the parts rendered into its shadow tree or into a child's).
    const exported = new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/exportparts="([^"]+)"/g)].flatMap((m) =>
          m[1]!.split(',').map((s) => s.trim().split(':')[0]!),
        ),
      ),
    );
    for (const file of files.filter((f) => f.includes('components'))) {
      const text = readFileSync(file, 'utf8');
      // A template function (widget-view.ts) renders into the root's own shadow tree; only an
      // element class with a shadow root of its own hides its parts.
      const ownShadow =
        /\bclass \w+ extends \w*Element\b/.test(text) && !/createRenderRoot\(\)\s*{\s*return this/.test(text);
      for (const match of text.matchAll(/\bpart="([^"$]+)"/g)) {
        for (const name of match[1]!.split(/\s+/))
          if (ownShadow)
            assert.ok(exported.has(name), `part ${name} of ${file} is not in an exportparts of <swap-widget>`);
      }
    }
  });

  test('lists every --swap-* custom property the styles read, with its light default', () => {
    const styles = readFileSync('src/swap-widget.styles.ts', 'utf8');
    const host = styles.slice(styles.indexOf(':host {'), styles.indexOf('}', styles.indexOf(':host {')));
    const lightDefaults = new Map<string, string>();
    for (const m of host.matchAll(/var\((--swap-[a-z0-9-]+),\s*/g)) {
      // The default runs to the parenthesis that closes var( ... ).
      let depth = 1;
      let i = m.index! + m[0].length;
      const start = i;
      for (; depth > 0; i += 1) depth += host[i] === '(' ? 1 : host[i] === ')' ? -1 : 0;
      lightDefaults.set(m[1]!, host.slice(start, i - 1).trim());
    }
    const everywhere = new Set(
      sourceFiles('src').flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/var\((--swap-[a-z0-9-]+)/g)].map((m) => m[1]!),
      ),
    );
    const documented = widget.cssProperties!;
    assert.deepEqual(sorted(documented.map((p) => p.name)), sorted(everywhere));
    for (const p of documented) {
      assert.equal(p.default, lightDefaults.get(p.name), `${p.name} light default`);
      assert.ok(p.description, `${p.name} has no description`);
    }
  });

  test('package.json points tools at the manifest and the types', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      customElements: string;
      types: string;
      exports: Record<string, string | Record<string, string>>;
    };
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.equal(pkg.types, './lib/index.d.ts');
    assert.equal(pkg.exports['./custom-elements.json'], './custom-elements.json');
    assert.deepEqual(pkg.exports['.'], { types: './lib/index.d.ts', import: './lib/index.js' });
  });

  test('docs/reference.md is what this manifest gives: run npm run build (or npm run manifest && npm run docs) after changing the JSDoc', () => {
    assert.equal(REFERENCE, 'docs/reference.md');
    const committed = readFileSync(REFERENCE, 'utf8');
    assert.equal(committed, renderPage(manifest), `${REFERENCE} differs from what the manifest gives`);
    // A description changed in the sources is a difference.
    const changed = structuredClone(manifest);
    const el = changed.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'swap-widget')!;
    el.attributes![0]!.description = 'Something else.';
    assert.notEqual(renderPage(changed), committed);
  });

  test('the reference generated from it names every attribute, event, method, part and property', () => {
    const text = renderApi(manifest as never);
    for (const name of [
      ...ATTRIBUTES,
      ...Object.keys(EVENTS),
      ...widget.cssParts!.map((p) => p.name),
      ...widget.cssProperties!.map((p) => p.name),
    ]) {
      assert.ok(text.includes(`\`${name}\``), `${name} is missing from the generated reference`);
    }
    for (const m of METHODS) assert.match(text, new RegExp(`\`${m}\\(`));
  });

  test('the JSX types of swap-widget/react (src/react.ts) are what this manifest gives: run npm run build after changing a property', async () => {
    const committed = readFileSync('src/react.ts', 'utf8');
    assert.equal(committed, await reactTypes(manifest), 'src/react.ts differs from what the manifest gives');
  });

  test('they type every public property (balances too) and every attribute named otherwise than its property', () => {
    const properties = propertiesOf(widget);
    const publicFields = widget.members!.filter(
      (m) => m.kind === 'field' && (!m.privacy || m.privacy === 'public') && !m.static,
    );
    for (const f of publicFields) assert.ok(properties.includes(f.name), `${f.name} is not typed`);
    assert.ok(properties.includes('balances') && properties.includes('decimals'));
    assert.deepEqual(
      sorted(attributesOf(widget).map((a) => a.name)),
      sorted(ATTRIBUTES.filter((a) => a.includes('-'))),
    );
    // A property the element gains is typed at the next build.
    const grown = structuredClone(widget);
    grown.members!.push({ kind: 'field', name: 'newThing' });
    assert.ok(propertiesOf(grown).includes('newThing'));
  });
});
