/// <reference types="vitest/config" />
// One config builds both front ends (`vite build --mode learner|admin`) and defines the vitest projects.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const apps = {
  learner: { dir: 'learner-pwa', base: '/' },
  admin: { dir: 'admin-spa', base: '/admin/' },
} as const;

/**
 * The learner app's web manifest. It starts on the dashboard: whoever installs the app is nearly
 * always a signed-in learner, and the dashboard lists their (downloaded) courses, the screen that
 * works offline; a signed-out visitor is sent to sign in and comes back there. Colours are the
 * light theme's tokens (shared/ui/tokens.css: brand and background).
 */
const learnerManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Rivet – Learn on your phone',
  short_name: 'Rivet',
  description: 'Courses from Nigerian partner institutions. Download a course, study offline, earn a shareable certificate.',
  lang: 'en-NG',
  dir: 'ltr',
  start_url: '/dashboard?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0b2e6f',
  background_color: '#ffffff',
  categories: ['education'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The learner app's service worker (service-worker/sw.ts, built to /sw.js) and web manifest.
 * The app registers the worker itself (learner-pwa/src/offline/pwa.ts) after its first render;
 * the plugin adds <link rel="manifest"> to index.html.
 */
function learnerPwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: `${root}service-worker`,
    filename: 'sw.ts',
    injectRegister: false,
    manifest: learnerManifest,
    includeManifestIcons: false,
    injectManifest: {
      // A classic (non-module) worker: module service workers are newer than some phones' browsers.
      rollupFormat: 'iife',
      // The app shell: every chunk (hls.js too, so the player works offline) and the icons. The
      // manifest is added by the plugin (listing it here would precache it twice).
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      globIgnores: ['**/.vite/**'],
    },
  });
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const app = apps[mode as keyof typeof apps] ?? apps.learner;
  return {
    root: `${root}${app.dir}`,
    base: app.base,
    publicDir: isSsrBuild ? false : `${root}public`,
    plugins: [react(), ...(mode === 'learner' && !isSsrBuild ? [learnerPwa()] : [])],
    build: isSsrBuild
      ? // The learner pages' server rendering (learner-pwa/src/ssr.tsx, docs/decisions/070), run by the server.
        { outDir: `${root}dist/learner-ssr`, emptyOutDir: true, target: 'node22', sourcemap: false }
      : {
          outDir: `${root}dist/${app.dir}`,
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: false,
          // bench/bundle-size.ts reads the manifest to measure what the first route loads.
          manifest: true,
        },
    // The server rendering bundles its libraries too: React then runs its production build whatever
    // NODE_ENV the server has. Only for that build: vitest's server-side tests load libraries as Node does.
    ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
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
            include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'service-worker/**/*.test.ts'],
            environment: 'node',
            // Migrates one template database per driver per run; test databases are copies (decision 069).
            globalSetup: [`${root}server/src/testing/test-templates.ts`],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'ui',
            root,
            include: ['shared/**/*.test.tsx', 'learner-pwa/**/*.test.{ts,tsx}', 'admin-spa/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: [`${root}tests/setup-dom.ts`],
            // A guard against hangs, not a speed check: a busy 2-core machine runs a long
            // screen story (a survey built question by question) past vitest's 5 s default.
            testTimeout: 60_000,
          },
        },
      ],
    },
  };
});
