// Lint: TypeScript rules plus the layer zones of architecture.md.
// Imports run one way: contract <- domain <- {offline, api} <- data <- {components, features} <- app.
// data/ is the shared-data layer: every cache key, the shared cached reads, the log-event command.
// sw/ uses only contract and offline; server/ only contract and domain.
// Features never import each other. No import cycles anywhere. Only offline/ and data/ touch
// the Dexie tables (#offline/db): features, app and components ask offline/ functions.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const acrossLayers = { group: ['../../*'], message: 'Use the #layer/* subpath imports across layers.' };
const testSupport = { group: ['#test-support/*'], message: 'Test support (tests/support) is for tests only.' };
// The contract is zod/mini: classic zod's methods cannot be tree-shaken (~20 KB gzip more on
// every route), and on the server a classic method (`.extend()`) fails on a contract schema.
const classicZod = ['zod', 'zod/v3', 'zod/v4'].map((name) => ({
  name,
  message: "Use zod/mini (import * as z from 'zod/mini'): functions instead of methods, e.g. z.optional(x), x.check(z.minLength(1)).",
}));

// The app's boot path carries no zod: a contract module with schemas gives the app its types only;
// its plain values come from its zod-free twin (#contract/<area>-constants) and its schemas from
// an import() where an answer is checked (readJson in #api/http).
const schemaModules = readdirSync(new URL('./src/contract', import.meta.url))
  .filter((name) => name.endsWith('-constants.ts'))
  .map((name) => name.slice(0, -'-constants.ts'.length));
const lazySchemas = [
  ...schemaModules.map((area) => ({
    name: `#contract/${area}`,
    allowTypeImports: true,
    message: `Values come from #contract/${area}-constants; schemas load with import('#contract/${area}') where an answer is checked (readJson), so zod stays off the boot path.`,
  })),
  { name: 'zod/mini', allowTypeImports: true, message: 'Schemas live in src/contract and load with import() (readJson), so zod stays off the boot path.' },
];

const zones = [
  { target: './src/contract', from: ['./src/domain', './src/offline', './src/api', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/domain', from: ['./src/offline', './src/api', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/offline', from: ['./src/api', './src/data', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/api', from: ['./src/data', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/data', from: ['./src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/components', from: ['./src/features', './src/app', './server', './sw'] },
  { target: './src/features', from: ['./src/app', './server', './sw'] },
  { target: './sw', from: ['./src/domain', './src/api', './src/data', './src/features', './src/app', './src/components', './server'] },
  { target: './server', from: ['./src/offline', './src/api', './src/data', './src/features', './src/app', './src/components', './sw'] },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features do not import each other: move shared code to components/, domain/, data/ or offline/.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'coverage', 'node_modules', 'data', 'test-results', 'playwright-report', 'dev-dist', 'bench/results', 'bench/.work'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [acrossLayers] }],
    },
  },
  {
    // Each later block restates no-restricted-imports whole (flat config replaces a rule's options).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: classicZod, patterns: [acrossLayers] }] },
  },
  {
    // The product never ships test support.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: classicZod, patterns: [acrossLayers, testSupport] }] },
  },
  {
    // Outbox and meta rows have one owner: offline/ (and data/, built on it). Screens find rows
    // through offline/ functions (by their subject), never by reading Dexie tables themselves.
    // Tests may still look at the tables to check what a command left on the device.
    files: ['src/features/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: '#offline/db', message: 'Only offline/ and data/ touch the Dexie tables: ask an offline/ function (e.g. #offline/outbox, #offline/quiz-answers).' },
          ...classicZod,
        ],
        patterns: [acrossLayers, testSupport],
      }],
    },
  },
  {
    // drain-send.ts also runs in the service worker, where import() is refused; the page loads it
    // only through drain-loop's import(), after the first paint.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**', 'src/offline/drain-send.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: lazySchemas }] },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
