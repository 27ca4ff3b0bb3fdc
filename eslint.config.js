// Lint with zero warnings. Besides the usual rules, this enforces the layers of STYLE.md:
// shared/ never imports the apps or the server; the apps never import each other or the server;
// inside an app, a feature never imports another feature or the app shell.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './tools/eslint-layers.js';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', '.data/**', 'test-results/**', 'playwright-report/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: { layers },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'layers/imports': 'error',
    },
  },
  {
    files: ['learner-pwa/**/*.{ts,tsx}', 'admin-spa/**/*.{ts,tsx}', 'shared/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/scripts/**', 'bench/**', 'tests/**', 'tools/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['server/src/openapi/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
