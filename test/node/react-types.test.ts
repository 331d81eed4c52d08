// `swap-widget/react` (src/react.ts): a TypeScript React 19 app that imports it gets
// `<swap-widget>` typed in TSX. `tsc --noEmit` checks a small app against it: what a host
// writes passes, and each mistake is an error on its own line.
//
// React's types (`@types/react`) are not installed here, so the app compiles against a stub
// with their JSX layout as of React 19: `JSX` lives in the `React` namespace (`export =
// React`), and `react/jsx-runtime`'s `JSX` extends `React.JSX`; that is what the declaration
// augments (`declare module 'react' { namespace JSX { interface IntrinsicElements … } }`).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';

const root = resolve(new URL('../../', import.meta.url).pathname);
const scratch = join(root, '.tmp', `react-types-${process.pid}`);

const REACT = `export = React;
export as namespace React;
declare namespace React {
  type Key = string | number | bigint;
  interface Attributes { key?: Key | null | undefined }
  interface RefObject<T> { current: T }
  type Ref<T> = RefObject<T | null> | ((instance: T | null) => void) | null;
  interface RefAttributes<T> extends Attributes { ref?: Ref<T> | undefined }
  interface ClassAttributes<T> extends RefAttributes<T> {}
  interface ReactElement<P = unknown, T = unknown> { type: T; props: P; key: string | null }
  type ReactNode = ReactElement | string | number | bigint | boolean | null | undefined | Iterable<ReactNode>;
  interface CSSProperties { [property: string]: string | number | undefined }
  interface DOMAttributes<T> { children?: ReactNode | undefined; onClick?: ((event: MouseEvent) => void) | undefined }
  interface HTMLAttributes<T> extends DOMAttributes<T> { id?: string | undefined; className?: string | undefined; hidden?: boolean | undefined; style?: CSSProperties | undefined }
  type DetailedHTMLProps<E extends HTMLAttributes<T>, T> = ClassAttributes<T> & E;
  function useRef<T>(initial: T | null): RefObject<T | null>;
  namespace JSX {
    type ElementType = string | ((props: any) => ReactNode);
    interface Element extends ReactElement<any, any> {}
    interface ElementAttributesProperty { props: {} }
    interface ElementChildrenAttribute { children: {} }
    interface IntrinsicAttributes extends Attributes {}
    interface IntrinsicClassAttributes<T> extends ClassAttributes<T> {}
    interface IntrinsicElements { div: DetailedHTMLProps<HTMLAttributes<HTMLDivElement>, HTMLDivElement> }
  }
}
`;

const JSX_RUNTIME = `import * as React from './index.js';
export namespace JSX {
  type ElementType = React.JSX.ElementType;
  interface Element extends React.JSX.Element {}
  interface ElementAttributesProperty extends React.JSX.ElementAttributesProperty {}
  interface ElementChildrenAttribute extends React.JSX.ElementChildrenAttribute {}
  interface IntrinsicAttributes extends React.JSX.IntrinsicAttributes {}
  interface IntrinsicClassAttributes<T> extends React.JSX.IntrinsicClassAttributes<T> {}
  interface IntrinsicElements extends React.JSX.IntrinsicElements {}
}
export function jsx(type: React.JSX.ElementType, props: unknown, key?: React.Key): React.ReactElement;
export function jsxs(type: React.JSX.ElementType, props: unknown, key?: React.Key): React.ReactElement;
`;

/** What a host writes: attributes, properties, events (typed from the event's name), React's own props. */
const APP = `import 'swap-widget';
import type {} from 'swap-widget/react';
import { useRef } from 'react';
import type { SwapWidget } from 'swap-widget';

export function Swap({ onRoutes }: { onRoutes: (n: number) => void }) {
  const ref = useRef<SwapWidget>(null);
  return (
    <div>
      <swap-widget ref={ref} id="swap" className="checkout" key="w" api-url="https://api.example" affiliate="abc" affiliate-fee="30"
        sell-asset="BTC.BTC" buy-asset="ETH.ETH" sell-amount="0.1" slippage="0.5" lock-addresses host-signs skip-review poll-interval={5000}
        onswap-quote={(e) => onRoutes(e.detail.routes.length)}
        onswap-error={(e) => e.detail.code === 'config-warning' && console.warn(e.detail.field)}
        onswap-tx={(e) => { if (e.detail.family === 'evm') e.preventDefault(); }} />
      <swap-widget affiliateFee={30} sellAmount={0.1} decimals={{ 'ETH.LINK-0x514910771AF9Ca656af840dff83E8264EcF986CA': 18 }}
        rpcUrls={{ ETH: 'https://eth.example' }} affiliateAddresses={{ SOL: 'owner' }} hostSigns theme="dark" locale="es"
        balances={{ 'ETH.ETH': '1.25' }} />
    </div>
  );
}
`;

/** One mistake a line, each an error there. */
const MISTAKES = [
  `<swap-widget affiliateFee={{ bps: 30 }} />`,
  `<swap-widget decimals={{ 'ETH.LINK': '18' }} />`,
  `<swap-widget balances={{ 'ETH.ETH': 1.25 }} />`,
  `<swap-widget sell-asset={['BTC.BTC']} />`,
  `<swap-widget lock-addresses="yes" />`,
  `<swap-widget affilate="abc" />`,
  `<swap-widget onswap-quote={(e) => e.detail.nope} />`,
  `<swap-widget onswap-error={(e: MouseEvent) => e.button} />`,
  `<swap-widget ref={useRef<HTMLInputElement>(null)} />`,
];
const BAD = `import type {} from 'swap-widget/react';
import { useRef } from 'react';
export const mistakes = () => [
${MISTAKES.map((m) => `  ${m},`).join('\n')}
];
`;

after(() => rmSync(scratch, { recursive: true, force: true }));

function typecheck(): string {
  mkdirSync(join(scratch, 'react'), { recursive: true });
  writeFileSync(join(scratch, 'react', 'index.d.ts'), REACT);
  writeFileSync(join(scratch, 'react', 'jsx-runtime.d.ts'), JSX_RUNTIME);
  writeFileSync(join(scratch, 'app.tsx'), APP);
  writeFileSync(join(scratch, 'bad.tsx'), BAD);
  const tsconfig = {
    extends: join(root, 'tsconfig.json'),
    compilerOptions: {
      jsx: 'react-jsx',
      noEmit: true,
      types: [],
      paths: {
        react: ['./react/index.d.ts'],
        'react/jsx-runtime': ['./react/jsx-runtime.d.ts'],
        'swap-widget': [join(root, 'src/index.ts')],
        'swap-widget/react': [join(root, 'src/react.ts')],
      },
    },
    include: [],
    files: ['app.tsx', 'bad.tsx'],
  };
  writeFileSync(join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig));
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(scratch, 'tsconfig.json'), '--pretty', 'false'],
      { encoding: 'utf8' },
    );
    return '';
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

describe('swap-widget/react: <swap-widget> in TSX (React 19)', () => {
  const output = typecheck();
  const errors = output.split('\n').filter((l) => /error TS\d+/.test(l));

  it('an app that sets attributes, properties, events and React props type-checks', () => {
    assert.deepEqual(
      errors.filter((l) => !l.includes('bad.tsx(')),
      [],
    );
  });

  it('each mistake is an error on its own line (a wrong type, a misspelt attribute, a wrong listener or ref)', () => {
    const lines = new Set(errors.flatMap((l) => /bad\.tsx\((\d+),/.exec(l)?.[1] ?? []).map(Number));
    const expected = MISTAKES.map((_, i) => i + 4);
    assert.deepEqual(
      [...lines].sort((a, b) => a - b),
      expected,
      output,
    );
  });

  it('is published as swap-widget/react, from what tsc writes to lib/', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    assert.deepEqual(pkg.exports['./react'], { types: './lib/react.d.ts', default: './lib/react.js' });
    const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as {
      compilerOptions: { rootDir: string; outDir: string };
    };
    assert.deepEqual([build.compilerOptions.rootDir, build.compilerOptions.outDir], ['src', 'lib']);
  });
});
