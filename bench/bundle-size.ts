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

export function firstRouteSize(app: 'learner-pwa' | 'admin-spa', routeSrc: string) {
  const dir = join('dist', app);
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No build manifest for ${app}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const route = Object.keys(manifest).find((k) => k.endsWith(routeSrc));
  const keys = closure(manifest, route ? [entry, route] : [entry]);
  let js = 0;
  let css = 0;
  const cssFiles = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (chunk.file.endsWith('.js')) js += gzipSync(readFileSync(join(dir, chunk.file)), { level: 9 }).length;
    for (const c of chunk.css ?? []) cssFiles.add(c);
  }
  for (const file of cssFiles) css += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  return { app, route: route ?? '(entry only)', chunks: keys.size, jsGzipKB: +(js / 1024).toFixed(1), cssGzipKB: +(css / 1024).toFixed(1) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table([
    firstRouteSize('learner-pwa', 'features/landing/landing-page.tsx'),
    firstRouteSize('admin-spa', 'features/auth/login-page.tsx'),
  ]);
}
