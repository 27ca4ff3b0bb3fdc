// How the server keeps the pages it draws (docs/decisions/070), with a stand-in page module.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { createLocalCacheBus } from './cache-bus';
import { createPageRenderer, RENDER_KEEP_MS, RENDER_STALE_MS } from './ssr';

const dir = mkdtempSync(join(tmpdir(), 'rivet-ssr-'));
// Draws `drawing N of URL`; `?fail` answers a failed query. Counts its drawings on globalThis.
writeFileSync(
  join(dir, 'ssr.js'),
  `export async function renderPage(url) {
     globalThis.__drawings = (globalThis.__drawings ?? 0) + 1;
     const failed = url.includes('fail') || globalThis.__failNext ? 1 : 0;
     globalThis.__failNext = false;
     return { html: '<p>drawing ' + globalThis.__drawings + ' of ' + url + '</p>', state: { queries: [] }, failed, errors: [] };
   }`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drawings = () => (globalThis as { __drawings?: number }).__drawings ?? 0;
const visitor = { req: { header: () => undefined }, env: undefined } as unknown as Context;
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the pages the server draws', () => {
  let time = 1_000_000;
  const caches = createLocalCacheBus();
  const render = createPageRenderer({ dir, answer: () => new Response(), log: pino({ level: 'silent' }), caches, now: () => time })!;

  beforeEach(() => {
    (globalThis as { __drawings?: number }).__drawings = 0;
    caches.changed('catalogue');
  });

  it('are kept a while and shared, then sent at once while drawn again, and cleared with the catalogue', async () => {
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 1 of /a</p>');
    time += RENDER_KEEP_MS - 1;
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 1 of /a</p>');
    expect(drawings()).toBe(1);

    // Older than the window: the old page at once, a new drawing for the next visitor.
    time += 2;
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 1 of /a</p>');
    await tick();
    expect(drawings()).toBe(2);
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 2 of /a</p>');

    // Too old to send: drawn again, and waited for.
    time += RENDER_STALE_MS + 1;
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 3 of /a</p>');

    // A change of the catalogue: drawn again at once.
    caches.changed('catalogue');
    expect((await render(visitor, '/a'))?.html).toBe('<p>drawing 4 of /a</p>');
  });

  it('a kept page that cannot be drawn again (its visitor over a limit) stays until it is too old', async () => {
    expect((await render(visitor, '/b'))?.html).toBe('<p>drawing 1 of /b</p>');
    time += RENDER_KEEP_MS + 1;
    (globalThis as { __failNext?: boolean }).__failNext = true;
    expect((await render(visitor, '/b'))?.html).toBe('<p>drawing 1 of /b</p>');
    await tick();
    expect((await render(visitor, '/b'))?.html).toBe('<p>drawing 1 of /b</p>');
    await tick();
    expect((await render(visitor, '/b'))?.html).toBe('<p>drawing 3 of /b</p>');
  });

  it('a page that could not be drawn goes out as the plain app and is not kept', async () => {
    expect(await render(visitor, '/fail')).toBeNull();
    await tick();
    expect(await render(visitor, '/fail')).toBeNull();
    expect(drawings()).toBe(2);
  });
});
