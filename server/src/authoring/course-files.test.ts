// The sweeper's promises: nothing still named is deleted, and a failure never escapes (it is
// logged and the file stays). Real deletions after a revision's approval: revision.routes.test.ts.
import { mkdirSync, mkdtempSync, existsSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, type MediaStorage } from '../storage';
import { createCourseFileSweeper } from './course-files';
import { createCourseImageStores } from './course-images';
import { createPromoVideoStore } from './promo-video';

const root = mkdtempSync(join(tmpdir(), 'rivet-course-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const thumb = '/media/courses/11111111-1111-4111-8111-111111111111.webp';
const promo = '/media/promo/22222222-2222-4222-8222-222222222222.mp4';
const named = '/media/courses/33333333-3333-4333-8333-333333333333.webp';

function setup(storage: MediaStorage, inUse: (urls: readonly string[]) => Promise<Set<string>>) {
  for (const url of [thumb, promo, named]) {
    mkdirSync(dirname(join(root, url)), { recursive: true });
    writeFileSync(join(root, url), 'x');
  }
  const log = pino({ level: 'silent' });
  const warn = vi.spyOn(log, 'warn');
  const sweeper = createCourseFileSweeper({ images: createCourseImageStores(storage), promo: createPromoVideoStore(storage), inUse, log });
  return { sweeper, warn };
}
const there = (url: string) => existsSync(join(root, url));

describe('course file sweeper', () => {
  it('deletes what nothing names, keeps what something does, and leaves addresses it did not store alone', async () => {
    const { sweeper } = setup(createLocalStorage(root), async (urls) => new Set(urls.filter((u) => u === named)));
    const result = await sweeper.sweep([thumb, promo, named, '/media/demo/cover.webp', null, thumb], 'test');
    expect(result.kept).toEqual([named]);
    expect(result.released.sort()).toEqual(['/media/demo/cover.webp', promo, thumb].sort());
    expect([there(thumb), there(promo), there(named)]).toEqual([false, false, true]);
  });

  it('deletes nothing when it cannot tell what is in use, and logs it', async () => {
    const { sweeper, warn } = setup(createLocalStorage(root), async () => {
      throw new Error('database down');
    });
    expect(await sweeper.sweep([thumb, promo], 'test')).toEqual({ released: [], kept: [thumb, promo] });
    expect([there(thumb), there(promo)]).toEqual([true, true]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('never throws when the store fails: the file is kept and the failure logged', async () => {
    const local = createLocalStorage(root);
    const failing: MediaStorage = { ...local, delete: async () => Promise.reject(new Error('bucket unreachable')) };
    const { sweeper, warn } = setup(failing, async () => new Set());
    expect(await sweeper.sweep([thumb], 'test')).toEqual({ released: [], kept: [thumb] });
    expect(there(thumb)).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });
});
