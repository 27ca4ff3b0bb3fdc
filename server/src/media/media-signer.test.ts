import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentStore } from './content-store';
import { masterPlaylist } from './hls-ladder';
import { createMediaSigner, MEDIA_PREFIX } from './media-signer';

const SECRET = 'secret:media';
const USER = '5b0c8f5e-2f1a-4c7e-9d3b-0f6a1e2d3c4b';
const NOW = new Date('2026-11-22T09:20:00Z');
const signer = createMediaSigner(SECRET);

const video = { assetId: 7, assetType: 2, url: 'content:demo/videos/lesson-introduction.mp4' };

/** `/media/c/{token}/{assetId}/{tail}` → its parts. */
function parts(url: string | null) {
  const match = new RegExp(`^${MEDIA_PREFIX}/([^/]+)/(\\d+)/(.+)$`).exec(url ?? '');
  if (!match) throw new Error(`not a signed URL: ${url}`);
  return { token: match[1]!, assetId: Number(match[2]), tail: match[3]! };
}

describe('the media signer', () => {
  it('gives a video its signed file and, when it has a ladder, the master playlist under the same token', () => {
    const { url, hlsUrl } = signer.forAsset(video, USER, NOW);
    expect(parts(url).tail).toBe('lesson-introduction.mp4');
    expect(parts(hlsUrl).tail).toBe('hls/master.m3u8');
    expect(parts(hlsUrl).token).toBe(parts(url).token);
    expect(signer.verify(parts(url).token, 7)).toEqual({ userId: USER, expires: signer.expiresAt(NOW).getTime() / 1000, kind: 'learner' });
  });

  it('signs a staff preview as a preview, living about an hour (rounded to five minutes), with the same file tail', () => {
    const preview = signer.forPreview(video, USER, NOW);
    expect(parts(preview.url).tail).toBe('lesson-introduction.mp4');
    expect(parts(preview.hlsUrl).token).toBe(parts(preview.url).token);
    expect(signer.previewExpiresAt(NOW).toISOString()).toBe('2026-11-22T10:20:00.000Z');
    expect(signer.previewExpiresAt(new Date('2026-11-22T09:21:00Z')).toISOString()).toBe('2026-11-22T10:25:00.000Z');
    expect(signer.verify(parts(preview.url).token, 7)).toEqual({ userId: USER, expires: signer.previewExpiresAt(NOW).getTime() / 1000, kind: 'preview' });
    expect(parts(preview.url).token).not.toBe(parts(signer.forAsset(video, USER, NOW).url).token);
  });

  it('signs for one learner and one asset', () => {
    const { token } = parts(signer.forAsset(video, USER, NOW).url);
    expect(signer.verify(token, 8)).toBeNull();
    expect(createMediaSigner('another secret').verify(token, 7)).toBeNull();
  });

  it('gives an image its signed file, a package its page, and articles and quizzes nothing', () => {
    expect(parts(signer.forAsset({ assetId: 9, assetType: 1, url: 'content:demo/images/x.svg' }, USER, NOW).url).tail).toBe('x.svg');
    expect(signer.forAsset({ assetId: 9, assetType: 1, url: 'content:demo/images/x.svg' }, USER, NOW).hlsUrl).toBeNull();
    const pkg = signer.forAsset({ assetId: 10, assetType: 5, url: 'content:demo/packages/lesson-package.zip' }, USER, NOW);
    expect([parts(pkg.url).tail, pkg.hlsUrl]).toEqual(['index.html', null]);
    for (const assetType of [3, 4]) expect(signer.forAsset({ assetId: 11, assetType, url: 'content:demo/x' }, USER, NOW)).toEqual({ url: null, hlsUrl: null });
    expect(signer.forAsset({ assetId: 11, assetType: 2, url: null }, USER, NOW)).toEqual({ url: null, hlsUrl: null });
  });

  it('offers no HLS for a video without a ladder', () => {
    const { url, hlsUrl } = signer.forAsset({ assetId: 12, assetType: 2, url: 'content:demo/videos/no-ladder.mp4' }, USER, NOW);
    expect(parts(url).tail).toBe('no-ladder.mp4');
    expect(hlsUrl).toBeNull();
  });

  it('hands out external https addresses as they are and nothing for anything else', () => {
    expect(signer.forAsset({ assetId: 13, assetType: 2, url: 'https://cdn.example.ng/v.mp4' }, USER, NOW).url).toBe('https://cdn.example.ng/v.mp4');
    for (const url of ['/media/demo/videos/lesson-introduction.mp4', 'content:../secret', 'content:', 'javascript:alert(1)']) {
      expect(signer.forAsset({ assetId: 13, assetType: 2, url }, USER, NOW).url, url).toBeNull();
    }
  });

  it('expires 12 to 13 hours ahead, on the hour, so addresses stay the same within the hour', () => {
    const expires = signer.expiresAt(NOW);
    expect(expires.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(signer.forAsset(video, USER, new Date('2026-11-22T09:59:00Z')).url).toBe(signer.forAsset(video, USER, NOW).url);
    expect(signer.forAsset(video, USER, new Date('2026-11-22T10:01:00Z')).url).not.toBe(signer.forAsset(video, USER, NOW).url);
  });

  it('lists a video’s renditions, lowest first', async () => {
    expect((await signer.renditions(video, NOW))?.map((r) => [r.name, r.height, r.uri])).toEqual([
      ['144p', 144, '144p/index.m3u8'],
      ['240p', 240, '240p/index.m3u8'],
    ]);
    expect(await signer.renditions({ ...video, assetType: 1 }, NOW)).toBeNull();
  });

  describe('with uploads in DATA_DIR/content', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rivet-signer-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('notices a ladder that appears after a minute (a fresh upload being transcoded)', () => {
      const uploads = createMediaSigner(SECRET, createContentStore(dataDir));
      const upload = { assetId: 20, assetType: 2, url: 'content:uploads/ab/video.mp4' };
      expect(uploads.forAsset(upload, USER, NOW).hlsUrl).toBeNull();
      mkdirSync(join(dataDir, 'content/uploads/ab/video.hls'), { recursive: true });
      writeFileSync(join(dataDir, 'content/uploads/ab/video.hls/master.m3u8'), masterPlaylist([{ name: '144p', bandwidth: 1, width: 256, height: 144, uri: '144p/index.m3u8' }]));
      expect(uploads.forAsset(upload, USER, new Date(NOW.getTime() + 30_000)).hlsUrl).toBeNull();
      expect(parts(uploads.forAsset(upload, USER, new Date(NOW.getTime() + 61_000)).hlsUrl).tail).toBe('hls/master.m3u8');
    });
  });
});
