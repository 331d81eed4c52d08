// The layout rules the codebase keeps (docs/layout.md): folders name concepts, every import
// runs downward through the layers below, no module imports itself back through others, and
// the public events leave from one place. Checked over the import graph read from the source,
// so they do not erode one feature at a time.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;
const src = join(root, 'src');

/** Every TypeScript module under src/, relative to src/ (generated translations aside). */
function modules(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? modules(join(dir, d.name)) : d.name.endsWith('.ts') ? [relative(src, join(dir, d.name))] : [],
  );
}

/**
 * The layers, lowest first: a module may import from its own layer and from the layers before
 * it, never from one after it. A layer is a folder (its modules and sub-folders not listed
 * on their own) or one file. The order is the design: shapes and domain rules at the bottom,
 * then what talks to the outside (the service, the wallets), then the configuration, the
 * public event shapes, the controllers, the components, and the element itself on top.
 */
const LAYERS = [
  'util/', // timers, storage, formatting: no knowledge of swaps
  'locales/', // the translations and their loader
  'schemas/', // the service's shapes (zod): the one description of what it answers
  'domain/chains/', // chains, assets, addresses, contracts and the wire formats
  'domain/amounts/', // decimal amounts, typed numbers, slippage, balances
  'domain/tokens/', // the token list as the picker uses it
  'domain/quotes/', // the request, the form's draft, the route list
  'domain/checks/', // decode or refuse: every check of a route before a hand-out
  'domain/tracking/', // tracking answers, stages, the persisted swaps
  'domain/flow/', // the life of one swap: the state machine, the review, the hand-outs
  'api/', // the service client and the protocols' nodes
  'wallet/', // the page's wallets, by family
  'config/', // attributes read into a checked configuration
  'events.ts', // the public events, built from the domain's types
  'views/', // what the components are given: plain shapes of the swap's screens, quotes, wallets
  'components/', // presentational elements: they render what they are given and import no controller
  'controllers/quotes/',
  'controllers/tracking/',
  'controllers/execution/',
  'controllers/', // the controllers directly in the folder: configuration, wallets, balance, clock
  'session/', // the widget's behaviour: the swap's one owner (swap-flow.ts) and the session composing the parts
  '', // the element itself: swap-widget*.ts, define*.ts, index.ts, first.ts, rest*.ts, react.ts
] as const;

/** Folders of the element's own layer: how its files load (the later file, its hash, the hand-over). */
const ROOT_FOLDERS = ['boot/'] as const;

/** The layer of a module: the longest entry of LAYERS it falls under. */
function layerOf(module: string): number {
  if (ROOT_FOLDERS.some((f) => module.startsWith(f))) return LAYERS.length - 1;
  let best = -1;
  LAYERS.forEach((l, i) => {
    const hit = l.endsWith('/') ? module.startsWith(l) : l === '' ? true : module === l;
    if (hit && (best < 0 || l.length > LAYERS[best]!.length)) best = i;
  });
  return best;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every relative import of src/, static, re-export or dynamic, resolved to a module of src/. */
function importGraph(files: readonly string[]): Edge[] {
  const known = new Set(files);
  const edges: Edge[] = [];
  for (const from of files) {
    const text = readFileSync(join(src, from), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[2] ?? m[3])!;
      const to = relative(src, resolve(dirname(join(src, from)), spec)).replace(/\.js$/, '.ts');
      if (!known.has(to)) continue; // generated locales, JSON
      edges.push({ from, to, typeOnly: Boolean(m[1]) });
    }
  }
  return edges;
}

/** The strongly connected components of more than one module (Tarjan). */
function cycles(files: readonly string[], edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)!.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || next.get(v)!.includes(v)) found.push(scc.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

/** The public events of the contract, by class name. */
const PUBLIC_EVENTS = [
  'SwapQuoteEvent',
  'SwapRouteEvent',
  'SwapTxEvent',
  'SwapMemoEvent',
  'SwapRevokeEvent',
  'SwapStatusEvent',
  'SwapErrorEvent',
  'SwapInputEvent',
];

const files = modules().filter((f) => !f.startsWith('locales/generated/'));
const edges = importGraph(files);

describe('code layout', () => {
  it('reads the modules and their imports (the rules below are not checked over nothing)', () => {
    assert.ok(files.includes('swap-widget.ts') && files.length > 100, `found ${files.length} modules`);
    assert.ok(edges.length > 400, `found ${edges.length} imports`);
    assert.ok(edges.some((e) => e.from === 'domain/checks/route.ts' && e.to === 'domain/checks/evm.ts'));
  });

  it('places every module in a layer', () => {
    assert.deepEqual(
      files.filter((f) => layerOf(f) < 0),
      [],
    );
    // Every folder of src/ is a layer or inside one that is named on purpose, not by accident
    // of the root layer catching it.
    const folders = [...new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0] + '/'))];
    assert.deepEqual(
      folders.filter((f) => !LAYERS.some((l) => l.startsWith(f)) && !(ROOT_FOLDERS as readonly string[]).includes(f)),
      [],
    );
  });

  it('has no import that runs upward', () => {
    const upward = edges
      .filter((e) => layerOf(e.to) > layerOf(e.from))
      .map(
        (e) =>
          `${e.from} (${LAYERS[layerOf(e.from)] || 'root'}) imports ${e.to} (${LAYERS[layerOf(e.to)]})${e.typeOnly ? ', a type' : ''}`,
      );
    assert.deepEqual(upward, []);
  });

  it('the rule above refuses an upward import (the check is not empty)', () => {
    const fake: Edge = { from: 'domain/checks/route.ts', to: 'controllers/session-controller.ts', typeOnly: true };
    assert.ok(layerOf(fake.to) > layerOf(fake.from));
    assert.ok(layerOf('domain/chains/asset.ts') < layerOf('domain/checks/evm.ts'));
    assert.ok(layerOf('events.ts') < layerOf('session/swap-flow.ts'));
    assert.ok(layerOf('components/review.ts') < layerOf('controllers/quotes/quote-controller.ts'));
    assert.equal(layerOf('swap-widget.ts'), LAYERS.length - 1);
  });

  it('has no cycle of imports, types included', () => {
    assert.deepEqual(cycles(files, edges), []);
    // A cycle made on purpose is found.
    const loop: Edge[] = [
      { from: 'a.ts', to: 'b.ts', typeOnly: true },
      { from: 'b.ts', to: 'a.ts', typeOnly: false },
    ];
    assert.deepEqual(cycles(['a.ts', 'b.ts'], loop), [['a.ts', 'b.ts']]);
  });

  it('the domain takes nothing from the service client, the wallets, the page or the public events', () => {
    const outward = edges
      .filter((e) => e.from.startsWith('domain/') && !/^(domain|schemas|util)\//.test(e.to))
      .map((e) => `${e.from} imports ${e.to}`);
    assert.deepEqual(outward, []);
    const domText = files
      .filter((f) => f.startsWith('domain/'))
      .filter((f) =>
        /\b(document|window|HTMLElement|customElements)\./.test(
          readFileSync(join(src, f), 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ''),
        ),
      );
    assert.deepEqual(domText, [], 'the domain is plain TypeScript, no DOM');
  });

  it('creates the public events in the root only (swap-widget-events.ts) and dispatches them from its one emit()', () => {
    const created = new RegExp(`new (${PUBLIC_EVENTS.join('|')})\\(`);
    const maker = 'swap-widget-events.ts';
    const elsewhere = files.filter((f) => f !== maker && created.test(readFileSync(join(src, f), 'utf8')));
    assert.deepEqual(elsewhere, []);
    const makerText = readFileSync(join(src, maker), 'utf8');
    for (const name of PUBLIC_EVENTS)
      assert.match(makerText, new RegExp(`new ${name}\\(`), `${name} is made in the root`);
    const rootText = readFileSync(join(src, 'swap-widget.ts'), 'utf8');
    assert.equal(rootText.match(/\.dispatchEvent\(/g)?.length, 1, 'one dispatchEvent call in the root: emit()');
    assert.match(rootText, /publicEvent\(/, 'the root dispatches what it made');
    const dispatching = files.filter(
      (f) => f !== 'swap-widget.ts' && /\.dispatchEvent\(\s*publicEvent/.test(readFileSync(join(src, f), 'utf8')),
    );
    assert.deepEqual(dispatching, []);
  });

  it('every folder of src/ says what it holds, in a line of docs/layout.md', () => {
    const layout = readFileSync(join(root, 'docs/layout.md'), 'utf8');
    const folders = [...new Set(files.filter((f) => f.includes('/')).map((f) => dirname(f)))].filter(
      (d) => d !== 'locales/generated',
    );
    const unsaid = folders.filter((d) => !layout.includes(`src/${d}/`));
    assert.deepEqual(unsaid, [], 'docs/layout.md: one line for each folder');
  });
});
