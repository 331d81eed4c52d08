// ESLint (flat config): `npm run lint` runs it over the repository, then `prettier --check .`.
// Layout is prettier's alone (.prettierrc.json): no stylistic rule is on here, so the two never
// disagree. No rule uses type information: typescript-eslint's type-checked set, on src/ only,
// more than doubled the run (11 s of CPU to 26 s; over 60 s wall on this project's 2-core machine);
// tsc checks the types (`npm run typecheck`).
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

  // Tools: Node scripts that drive a browser (their page.evaluate callbacks run in the page).
  {
    files: ['scripts/**', 'bench/**', '*.js', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['bench/scenarios.js'],
    languageOptions: { globals: { ...globals.browser, BENCH: 'readonly', BENCH_STATIC: 'readonly' } },
  },
  // The bench's page, its probe (which defines `BENCH`) and the bundles it compares.
  {
    files: ['bench/pages/**', 'bench/floors/lit.js', 'bench/floors/react.js', 'bench/baseline/**'],
    languageOptions: { globals: globals.browser },
  },
);
