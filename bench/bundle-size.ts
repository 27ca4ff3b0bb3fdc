// Prints the gzip size of the JavaScript each app downloads to render its first route: the
// entry chunk, its static imports, and the lazily loaded route module with its own imports.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function closure(manifest: Record<string, ManifestChunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key]!.imports ?? [], seen);
  }
  return seen;
}

export function firstRouteSize(app: 'learner-pwa' | 'admin-spa', routeSrcs: string[]) {
  const dir = join('dist', app);
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No build manifest for ${app}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const routes = routeSrcs.map((src) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(src));
    if (!key) throw new Error(`${src} is not a chunk of ${app}; update bench/bundle-size.ts`);
    return key;
  });
  const keys = closure(manifest, [entry, ...routes]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js += gzipSync(readFileSync(join(dir, chunk.file)), { level: 9 }).length;
    for (const c of chunk.css ?? []) cssFiles.add(c);
  }
  for (const file of cssFiles) css += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  return { app, route: routeSrcs.join(' + '), chunks: keys.size, jsGzipKB: +(js / 1024).toFixed(1), cssGzipKB: +(css / 1024).toFixed(1) };
}

/** What each app loads for its first screen: the learner home (with the sign-in panel, fetched in parallel) and the admin sign-in. */
export const FIRST_ROUTES: ['learner-pwa' | 'admin-spa', string[]][] = [
  ['learner-pwa', ['src/app/home-route.tsx', 'src/features/auth/sign-in-panel.tsx']],
  ['admin-spa', ['src/features/auth/login-page.tsx']],
];

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table([
    ...FIRST_ROUTES.map(([app, routes]) => firstRouteSize(app, routes)),
  ]);
}
