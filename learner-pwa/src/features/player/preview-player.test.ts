// The admin console imports preview-player.tsx (decision 035). Everything it reaches must be the
// player itself: not the learner's outbox or offline store (Dexie), API hooks, downloads or
// service worker, which would run against the console's session or bloat its preview page.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const entry = resolve(import.meta.dirname, 'preview-player.tsx');
// `import x from '…'`, `import '…'`, `export … from '…'` and `import('…')`; type-only imports vanish from the build.
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveFile(from: string, source: string): string | null {
  const base = source.startsWith('.') ? resolve(dirname(from), source) : source.startsWith('@rivet/') ? resolve(root, source.slice('@rivet/'.length)) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')]) if (existsSync(candidate) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  return null;
}

function graph(start: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.css')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[2]) continue;
      const source = match[3] ?? match[4]!;
      const target = resolveFile(file, source);
      if (target) queue.push(target);
      else if (!source.startsWith('.') && !source.startsWith('@rivet/')) packages.add(source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return { files: [...files].map((f) => relative(root, f)), packages: [...packages] };
}

describe('the player the admin console imports', () => {
  it('reaches none of the learner app’s outbox, offline store, API hooks, downloads or service worker', () => {
    const { files, packages } = graph(entry);
    expect(files).toContain('learner-pwa/src/features/player/course-player.tsx');
    expect(files).toContain('learner-pwa/src/features/player/quiz/quiz-view.tsx');
    const learnerOnly = files.filter((f) => /^learner-pwa\/src\/(api|offline|components\/offline-download)\//.test(f) && f !== 'learner-pwa/src/offline/network.ts');
    expect(learnerOnly).toEqual([]);
    expect(files.filter((f) => /use-progress|learner-course-player|offline-package-view/.test(f))).toEqual([]);
    expect(packages.filter((p) => /dexie|workbox/.test(p))).toEqual([]);
  });
});
