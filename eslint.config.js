// Lint: TypeScript rules plus the layer zones of architecture.md.
// Imports run one way: contract <- domain <- {offline, api} <- features <- app.
// sw/ uses only contract and offline; server/ only contract and domain.
// Features never import each other. No import cycles anywhere.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const zones = [
  { target: './src/contract', from: ['./src/domain', './src/offline', './src/api', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/domain', from: ['./src/offline', './src/api', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/offline', from: ['./src/api', './src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/api', from: ['./src/features', './src/app', './src/components', './server', './sw'] },
  { target: './src/components', from: ['./src/features', './src/app', './server', './sw'] },
  { target: './src/features', from: ['./src/app', './server', './sw'] },
  { target: './sw', from: ['./src/domain', './src/api', './src/features', './src/app', './src/components', './server'] },
  { target: './server', from: ['./src/offline', './src/api', './src/features', './src/app', './src/components', './sw'] },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features do not import each other: move shared code to components/, domain/ or offline/.',
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*'], message: 'Use the #layer/* subpath imports across layers.' }] }],
    },
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
