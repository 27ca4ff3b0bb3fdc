import { describe, expect, it } from 'vitest';
import type { DownloadFile } from './db';
import { planUpdate } from './download-plan';

const file = (assetId: number, path: string, done = true): DownloadFile => ({ key: `/offline-media/${assetId}/${path}`, url: `/media/c/t/${assetId}/${path}`, bytes: 100, done, assetId });

describe('planning the update of a downloaded course (decision 048)', () => {
  const previous = { files: [file(11, 'hls/144p/000.m4s'), file(11, 'hls/144p/index.m3u8'), file(12, 'picture.svg'), file(14, 'old.svg')], assetVersions: { 11: 'a1', 12: 'a1', 14: 'a1' } };

  it('keeps every file of an unchanged asset, refetches a replaced asset’s files, fetches new ones and drops removed ones', () => {
    const next = {
      files: [file(11, 'hls/144p/000.m4s'), file(11, 'hls/144p/index.m3u8'), file(12, 'picture.svg'), file(13, 'notes.svg', false)],
      assetVersions: { 11: 'a2', 12: 'a1', 13: 'a1' },
    };
    const plan = planUpdate(previous, next);
    expect(plan.files.filter((f) => !f.done).map((f) => f.key)).toEqual(['/offline-media/11/hls/144p/000.m4s', '/offline-media/11/hls/144p/index.m3u8', '/offline-media/13/notes.svg']);
    expect(plan.stale).toEqual(['/offline-media/11/hls/144p/000.m4s', '/offline-media/11/hls/144p/index.m3u8']);
    expect(plan.removed).toEqual(['/offline-media/14/old.svg']);
    // The inputs are not changed.
    expect(next.files.every((f) => f.assetId === 13 || f.done)).toBe(true);
  });

  it('fetches nothing when no asset version changed', () => {
    const plan = planUpdate(previous, { files: previous.files.map((f) => ({ ...f })), assetVersions: { ...previous.assetVersions } });
    expect(plan).toEqual({ files: previous.files, stale: [], removed: [] });
  });

  it('treats a copy made before versions existed as current for the files it holds', () => {
    const plan = planUpdate({ files: previous.files }, { files: previous.files.map((f) => ({ ...f })), assetVersions: { 11: 'a2' } });
    expect(plan.stale).toEqual([]);
    expect(plan.files.every((f) => f.done)).toBe(true);
  });
});
