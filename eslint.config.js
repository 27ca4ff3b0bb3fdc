// Lint with zero warnings. Besides the usual rules, this enforces the layers of STYLE.md:
// shared/ never imports the apps or the server; the apps never import each other or the server;
// inside an app, a feature never imports another feature or the app shell.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const featureZones = (app) => {
  const dir = `./${app}/src/features`;
  if (!existsSync(dir)) return [];
  const features = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return [
    ...features.map((f) => ({
      target: `${dir}/${f}`,
      from: dir,
      except: [`./${f}`],
      message: 'A feature never imports another feature; move shared code to shared/ or compose in src/app.',
    })),
    { target: dir, from: `./${app}/src/app`, message: 'Features do not import the app shell.' },
  ];
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', '.data/**', 'test-results/**', 'playwright-report/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./server', './learner-pwa', './admin-spa'], message: 'shared/ is used by the apps and the server, never the reverse.' },
            { target: './learner-pwa', from: ['./admin-spa', './server'] },
            { target: './admin-spa', from: ['./learner-pwa', './server'] },
            { target: './server', from: ['./learner-pwa', './admin-spa'] },
            ...featureZones('learner-pwa'),
            ...featureZones('admin-spa'),
          ],
        },
      ],
    },
  },
  {
    files: ['learner-pwa/**/*.{ts,tsx}', 'admin-spa/**/*.{ts,tsx}', 'shared/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/scripts/**', 'bench/**', 'tests/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['server/src/openapi/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
