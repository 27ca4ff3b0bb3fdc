/// <reference types="vitest/config" />
// One config builds both front ends (`vite build --mode learner|admin`) and defines the vitest projects.
import './tests/node20-polyfills';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const apps = {
  learner: { dir: 'learner-pwa', base: '/' },
  admin: { dir: 'admin-spa', base: '/admin/' },
} as const;

export default defineConfig(({ mode }) => {
  const app = apps[mode as keyof typeof apps] ?? apps.learner;
  return {
    root: `${root}${app.dir}`,
    base: app.base,
    publicDir: `${root}public`,
    plugins: [react()],
    build: {
      outDir: `${root}dist/${app.dir}`,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // bench/bundle-size.ts reads the manifest to measure what the first route loads.
      manifest: true,
    },
    server: {
      proxy: { '/api': 'http://127.0.0.1:8080' },
    },
    test: {
      root,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            root,
            include: ['shared/**/*.test.ts', 'server/**/*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            root,
            include: ['shared/**/*.test.tsx', 'learner-pwa/**/*.test.tsx', 'admin-spa/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: [`${root}tests/setup-dom.ts`],
          },
        },
      ],
    },
  };
});
