// ESLint: catch mistakes, import cycles, and imports across the app's boundaries — components
// and lib never import a feature, and features never import each other (shared code lives in
// components/ or lib/).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  {
    files: ['**/*.{js,jsx,mjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.js', '.jsx', '.mjs'] } } },
    rules: {
      // A chunk loaded on demand (the route table's admin area) may name what names it: no module runs before
      // another is ready, so only static imports can make a cycle.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/components', './src/lib'],
              from: './src/features',
              message: 'components/ and lib/ are shared: they never import a feature.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need to components/ or lib/.',
            })),
          ],
        },
      ],
      // Names used only as JSX elements are capitalised: they count as used (ESLint's core rule does not read JSX).
      'no-unused-vars': [
        'error',
        { varsIgnorePattern: '^[A-Z]', argsIgnorePattern: '^(_|[A-Z])', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['build.mjs', 'playwright.config.js', 'eslint.config.js', 'e2e/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // Playwright reads a fixture's first parameter to know what it needs: `({}, use)` needs nothing.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
];
