import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRouteHints, LEARNER_ROUTE_HINTS } from './route-hints';
import { createLcpImages } from './lcp-images';

const dir = mkdtempSync(join(tmpdir(), 'rivet-hints-'));
mkdirSync(join(dir, '.vite'), { recursive: true });
writeFileSync(
  join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-1.css'] },
    '_react.js': { file: 'assets/react-1.js' },
    '_card.js': { file: 'assets/card-1.js', imports: ['_react.js'], css: ['assets/card-1.css'] },
    'src/features/discovery/discovery-page.tsx': { file: 'assets/discovery-page-1.js', imports: ['index.html', '_react.js', '_card.js'], css: ['assets/discovery-1.css'] },
    'src/features/course-detail/course-detail-page.tsx': { file: 'assets/course-detail-page-1.js', imports: ['index.html', '_card.js'] },
    'src/features/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page-1.js', imports: ['index.html', '_card.js'], css: ['assets/dashboard-1.css'] },
  }),
);
mkdirSync(join(dir, 'assets'));
for (const [name, css] of [
  ['index-1.css', ':root{--brand:#0b2e6f}'],
  ['card-1.css', '.card{display:grid}'],
  ['discovery-1.css', '.discovery{gap:1rem}'],
  ['dashboard-1.css', '.dashboard{gap:2rem}'],
]) writeFileSync(join(dir, 'assets', name!), css!);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('per-route hints in the learner app’s HTML', () => {
  const routeHints = createRouteHints(dir, [{ match: /^\/course\/discovery\/?$/, modules: ['src/features/discovery/discovery-page.tsx'] }, ...LEARNER_ROUTE_HINTS]);
  const hints = (path: string, search: string) => routeHints.tags(path, search);

  it('names the route’s own chunk and its CSS, not what the entry already loads', () => {
    const html = hints('/course/discovery', '');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/discovery-page-1.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/discovery-1.css">');
    expect(html).not.toContain('index-1');
    expect(html).not.toContain('react-1');
  });

  it('asks for a course page’s data as the app will (same address, a fetch with no credentials beyond same-origin)', () => {
    expect(hints('/course/details/12/excel', '')).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/Course/Course/GetCourseById/12">');
    expect(hints('/course/details/abc', '')).not.toContain('as="fetch"');
  });

  it('adds nothing to an unknown address or an app that is not built', () => {
    expect(hints('/no/such/page', '')).toBe('');
    expect(createRouteHints(join(dir, 'missing')).tags('/course/details/1', '')).toBe('');
    // The client-rendered catalogue gets none (decision 066: its hints delayed its largest paint).
    expect(createRouteHints(dir).tags('/course/discovery', '')).toBe('');
  });

  it('puts every style sheet a rendered page’s first screen uses in its HTML, in cascade order, and no data (the HTML brings it)', () => {
    const learner = createRouteHints(dir);
    expect(learner.rendered('/course/discovery')).toBe(true);
    expect(learner.rendered('/dashboard')).toBe(false);
    const discovery = learner.tags('/course/discovery', '', true);
    // The app's own sheet, then the card's (a chunk the page imports), then the page's.
    expect(discovery).toContain('<style>:root{--brand:#0b2e6f}\n.card{display:grid}\n.discovery{gap:1rem}</style>');
    // Named, disabled (not downloaded), so the app's chunk loader does not fetch them again.
    expect(discovery).toContain('<link rel="stylesheet" crossorigin href="/assets/card-1.css" disabled>');
    expect(discovery).toContain('<link rel="stylesheet" crossorigin href="/assets/discovery-1.css" disabled>');
    expect(discovery).toContain('<link rel="modulepreload" crossorigin href="/assets/discovery-page-1.js">');
    const course = learner.tags('/course/details/12/excel', '', true);
    expect(course).toContain('.card{display:grid}');
    expect(course).not.toContain('.discovery');
    expect(course).not.toContain('as="fetch"');
  });
});

describe('the signed-in screens a learner lands on', () => {
  it('bring their first screen’s style sheets in the HTML, the app’s own excepted (index.html names it), though the app renders them', () => {
    const learner = createRouteHints(dir);
    expect(learner.rendered('/dashboard')).toBe(false);
    const dashboard = learner.tags('/dashboard', '');
    // The card's sheet (a chunk the page imports), then the page's; not the app's own.
    expect(dashboard).toContain('<style>.card{display:grid}\n.dashboard{gap:2rem}</style>');
    expect(dashboard).not.toContain('--brand');
    // Named, disabled, so the chunk loader does not fetch them again; no separate preloads.
    expect(dashboard).toContain('<link rel="stylesheet" crossorigin href="/assets/card-1.css" disabled>');
    expect(dashboard).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-1.css" disabled>');
    expect(dashboard).not.toContain('as="style"');
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js">');
  });
});

describe('the largest picture of a page', () => {
  const detail = async (id: number) => {
    if (id !== 7) throw new Error('not found');
    return { courseBannerUrl: '/media/demo/banners/seven.svg' } as never;
  };
  const images = createLcpImages({ detail });

  it('is a course page’s banner, and nothing for a course learners cannot see', async () => {
    await expect(images('/course/details/7/title', '')).resolves.toBe('/media/demo/banners/seven.svg');
    await expect(images('/course/details/8', '')).resolves.toBeNull();
  });

  it('is nothing for other pages, the catalogue included (its card waits for the search anyway)', async () => {
    await expect(images('/course/discovery', '')).resolves.toBeNull();
    await expect(images('/dashboard', '')).resolves.toBeNull();
  });
});
