// The server's rendering of public learner pages (docs/decisions/070), through the real app on a
// seeded database: the learner app's own page module (learner-pwa/src/ssr.tsx) answered in-process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../db/schema';
import { THEME_BOOT_SCRIPT } from '@rivet/shared/domain/theme';
import { signedInStaff } from '../testing/staff-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDrivers } from '../testing/test-database';

let dir: string;
let app: TestApp;

const NEEDS_JS = '<noscript>Rivet needs JavaScript to run. Please enable it in your browser settings.</noscript>';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" /><title>Rivet</title><script type="module" src="/assets/index-1.js"></script></head><body>${NEEDS_JS}<div id="root"></div></body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rivet-pages-'));
  mkdirSync(join(dir, 'learner-pwa'), { recursive: true });
  writeFileSync(join(dir, 'learner-pwa', 'index.html'), INDEX);
  // The built module is the same source bundled for Node; here vitest loads the source itself.
  mkdirSync(join(dir, 'learner-ssr'), { recursive: true });
  writeFileSync(join(dir, 'learner-ssr', 'ssr.js'), `export * from ${JSON.stringify(fileURLToPath(new URL('../../../learner-pwa/src/ssr.tsx', import.meta.url)))};\n`);
  // One database is enough: the pages read through the API, which has its own tests on both.
  app = await createTestApp(testDrivers()[0]!, { staticDir: dir, rateLimits: { searchesPerMinute: 2 } });
  // A visitor's HTML waits 1.5 s for a render at most; loading the page source into vitest takes longer the first time.
  for (let i = 0; i < 100 && !(await page('/terms')).state; i++) await new Promise((resolve) => setTimeout(resolve, 200));
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's #root markup and the answers the server put beside it (null: the plain app). */
async function page(path: string, ip = '10.0.0.1') {
  const response = await app.fetch(path, { ip });
  const html = await response.text();
  const state = /<script type="application\/json" id="rivet-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
  return { response, html, root, state: state ? (JSON.parse(state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : null };
}

describe('public learner pages come with their first screen', () => {
  it('a course page holds the course, drawn as a signed-out visitor sees it, with the answer it was drawn from', async () => {
    const course = await app.database.db.query.courses.findFirst({ where: eq(t.courses.id, 1) });
    const { response, root, state, html } = await page('/course/details/1/course');
    expect(response.status).toBe(200);
    // The banner is asked for first, before the app's code (React names it; the server moves it up).
    expect(html).toMatch(/<head><meta charset="UTF-8" \/><link rel="preload" as="image" href="\/media\/[^"]+" fetchPriority="high"\/><title>/);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect(root).toContain(course!.title.replace(/&/g, '&amp;'));
    expect(root).toContain('Register Now');
    expect(state!.queries.map((q) => q.queryKey.join('/'))).toContain('courses/detail/1');
    // No inline script but the runtime config: the CSP allows nothing else.
    const scriptSrc = /script-src [^;]*/.exec(response.headers.get('content-security-policy') ?? '')?.[0];
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect((await page('/course/details/1/course')).html.match(/<script>/g)).toHaveLength(1);
    // That one script also sets the chosen theme before the first paint (decision 091): no light flash.
    expect(html).toMatch(/<script>window\.__RIVET_CONFIG__=[^<]*setAttribute\('data-theme'/);
    // Without JavaScript the page is there to read: the note says what still needs it, not that nothing works.
    expect(html).not.toContain(NEEDS_JS);
    expect(html).toContain('<noscript>This page reads without JavaScript. To search, enrol and study, please enable JavaScript in your browser settings.</noscript>');
  });

  it('the landing page and the catalogue hold their data too', async () => {
    const landing = await page('/');
    expect(landing.root).toContain('Localized, quality and on-demand courses');
    const categories = await app.database.db.select().from(t.courseCategories).where(eq(t.courseCategories.isActive, true));
    expect(landing.root).toContain(categories[0]!.name.replace(/&/g, '&amp;'));
    const catalogue = await page('/course/discovery', '10.0.0.2');
    expect(catalogue.state!.queries.length).toBeGreaterThan(0);
    expect(catalogue.root).toContain('course-card');
  });

  it('sign up and forgot password are drawn with their forms inert until the app takes them over', async () => {
    const register = await page('/register', '10.0.0.3');
    expect(register.root).toContain('Sign Up');
    expect(register.root).toContain('Confirm Password');
    // The country list is drawn from its answer, Nigeria chosen already.
    expect(register.state!.queries.map((q) => q.queryKey.join('/'))).toContain('reference/countries');
    expect(register.root).toMatch(/<option value="NG" selected="">/);
    const forgot = await page('/forgot-password', '10.0.0.3');
    expect(forgot.root).toContain('Put in your email to reset your password');
    // A form the browser could submit on its own would put what was typed, a password too, in the address.
    for (const { root } of [register, forgot]) {
      const forms = root.match(/<form[^>]*>/g) ?? [];
      expect(forms.length).toBeGreaterThan(0);
      for (const form of forms) {
        const inert = form.includes('inert=""') || root.slice(0, root.indexOf(form)).trimEnd().endsWith('<div inert="">');
        expect(inert, form).toBe(true);
      }
    }
  });

  it('text from the database cannot close the answers’ script or add markup', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)> \u2028';
    await app.database.db.update(t.courses).set({ title: hostile }).where(eq(t.courses.id, 2));
    const { html, state } = await page('/course/details/2/hostile');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(JSON.stringify(state)).toContain('alert(1)');
    // Three scripts end: the app's module, the runtime config's and the answers'.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it('its API calls count against the visitor’s own limits: a visitor over the search limit gets the plain app, others the page', async () => {
    // The limit is 2 searches a minute; each catalogue address not rendered before is a search.
    for (const q of ['a', 'b']) expect((await page(`/course/discovery?search=${q}`, '10.0.0.9')).state).not.toBeNull();
    const over = await page('/course/discovery?search=c', '10.0.0.9');
    expect(over.state).toBeNull();
    expect(over.root).toBe('');
    expect((await page('/course/discovery?search=c', '10.0.0.10')).state).not.toBeNull();
  });

  it('a page that cannot be drawn (no such course) goes out as the plain app', async () => {
    const missing = await page('/course/details/999999/none');
    expect(missing.response.status).toBe(200);
    expect(missing.state).toBeNull();
    expect(missing.root).toBe('');
    expect(missing.html).toContain(NEEDS_JS);
  });

  it('a page is kept a while and shared, and a change of the catalogue clears it at once', async () => {
    const first = await page('/course/details/3/kept');
    const title = (first.state!.queries.find((q) => q.queryKey.join('/') === 'courses/detail/3')!.state.data as { title: string }).title;
    // Kept: a change behind the server's back is not seen.
    await app.database.db.update(t.courses).set({ title: 'Renamed Behind The Server' }).where(eq(t.courses.id, 3));
    expect((await page('/course/details/3/kept')).root).toContain(title.replace(/&/g, '&amp;'));
    // A staff change (audited) clears the kept pages, as it clears the answer caches.
    const admin = await signedInStaff(app, 'pages.rivet', 'RIVET ADMIN', null);
    expect((await admin.call('/api/Course/Course/Toggle/3', { method: 'POST' })).status).toBe(200);
    const after = await page('/course/details/3/kept');
    expect(after.state).toBeNull();
    expect(after.root).not.toContain(title.replace(/&/g, '&amp;'));
  });

  it('signed-in pages and the service worker’s app shell stay the plain app', async () => {
    expect((await page('/dashboard')).root).toBe('');
    const shell = await app.fetch('/index.html');
    expect(await shell.text()).toBe(INDEX.replace('</head>', `<script>window.__RIVET_CONFIG__=${JSON.stringify({ externalLoginUrl: null, instructorSignupUrl: null })};${THEME_BOOT_SCRIPT}</script></head>`));
  });
});
