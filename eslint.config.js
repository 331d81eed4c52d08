// ESLint (flat config): `npm run lint` runs it over the repository, then `prettier --check .`.
// Layout is prettier's alone (.prettierrc.json): no stylistic rule is on here, so the two never
// disagree. typescript-eslint's type-checked rules run on src/ only, with the build's
// tsconfig (src/ alone): they about double the run's CPU time (10 s to 20 s on this project's
// 2-core machine); with tsconfig.json's program (tests, demo, scripts too) it was 26 s.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // What the build, lit-localize, the bench and the tests write (see .gitignore).
  globalIgnores([
    'lib/',
    'dist/',
    'demo/frameworks/dist/',
    'bench/results/',
    'src/locales/generated/',
    'src/locales/locale-codes.ts',
    '.tmp/',
    '.scratch/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An empty `catch {}` is this code's "best effort": a failure there changes nothing.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A variable read by a callback before its one assignment (a host's hook before its controller exists) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `@ts-ignore` only with its reason on the line (react.ts: an error in this package's build, none in the app's).
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }],
      // Namespaces only inside `declare` (react.ts augments React's `JSX` namespace).
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // `_`-prefixed names are the ones kept on purpose (a parameter a signature needs, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // The widget: it runs in pages.
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { project: './tsconfig.build.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      // lit calls `@event` listeners with `this` set to the element, and the handler and
      // dependency objects hold arrow functions declared with method syntax.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Without React's types (this package's build) the JSX props are an error type; the app has them.
    files: ['src/react.ts'],
    rules: { '@typescript-eslint/no-redundant-type-constituents': 'off' },
  },
  // Its elements: lit's and the custom elements' rules.
  {
    files: ['src/components/**/*.ts', 'src/swap-widget.ts', 'src/swap-widget-attributes.ts', 'src/define.ts'],
    extends: [lit.configs['flat/recommended'], wc.configs['flat/best-practice']],
    settings: { wc: { elementBaseClasses: ['LitElement', 'LocalizedElement', 'SwapWidgetAttributes'] } },
    rules: {
      // LitElement defines every lifecycle callback, so `super.connectedCallback()` needs no guard.
      'wc/guard-super-call': 'off',
    },
  },

  // Browser tests, and the wallets and EVM helpers they load in the page.
  {
    files: ['test/browser/**', 'test/wallets/**', 'test/evm/client.ts', 'test/evm/injected-wallet.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.mocha } },
    rules: {
      // chai's property assertions (`expect(el).to.exist`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  // Node tests and the test server's parts; test/support is shared by both sides.
  {
    files: ['test/node/**', 'test/evm/**', 'test/fixtures/**', 'test/types/**'],
    ignores: ['test/evm/client.ts', 'test/evm/injected-wallet.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/support/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // The playground: its page and framework examples, and the reference service behind it.
  {
    files: ['demo/*.js', 'demo/frameworks/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['demo/frameworks/**/*.jsx'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  },
  {
    files: ['demo/server/**'],
    languageOptions: { globals: globals.node },
  },

  // Tools: Node scripts, the bench and the root's config files.
  {
    files: ['scripts/**', 'bench/**', '*.js', '*.mjs'],
    ignores: ['bench/pages/**', 'bench/floors/lit.js', 'bench/floors/react.js', 'bench/baseline/**'],
    languageOptions: { globals: globals.node },
  },
  // Its page.evaluate callbacks run in the bench's page, where probe.js defines `BENCH`.
  {
    files: ['bench/scenarios.js'],
    languageOptions: { globals: { ...globals.browser, BENCH: 'readonly', BENCH_STATIC: 'readonly' } },
  },
  // The bench's page, its probe and the bundles it compares.
  {
    files: ['bench/pages/**', 'bench/floors/lit.js', 'bench/floors/react.js', 'bench/baseline/**'],
    languageOptions: { globals: globals.browser },
  },
);
