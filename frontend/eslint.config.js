// ESLint: catch mistakes, import cycles, and imports across the app's boundaries — components
// and lib never import a feature, lib nothing from app/ or components/, and features never import
// each other (shared code lives in components/ or lib/).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
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
    plugins: { 'import-x': importX, react },
    settings: {
      'import-x/resolver': { node: { extensions: ['.js', '.jsx', '.mjs'] } },
      react: { version: 'detect' },
    },
    rules: {
      // No module reaches, directly or through others, one that imports it back: dynamic imports count too.
      'import-x/no-cycle': 'error',
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
            {
              target: './src/lib',
              from: ['./src/app', './src/components'],
              message: 'lib/ is the floor: it imports nothing from app/ or components/.',
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
      // A name used as a JSX element counts as used (ESLint's core rule does not read JSX), so an unused import of a
      // component is caught like any other.
      'react/jsx-uses-vars': 'error',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A list's rows need keys; user text is never rendered as HTML; a link to another site cannot reach back.
      'react/jsx-key': 'error',
      'react/no-danger': 'error',
      'react/jsx-no-target-blank': 'error',
    },
  },
  {
    files: ['build.mjs', 'playwright.config.js', 'eslint.config.js', 'e2e/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // Playwright reads a fixture's first parameter to know what it needs: `({}, use)` needs nothing.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
];
