import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentStore } from './content-store';
import { masterPlaylist } from './hls-ladder';
import { createMediaSigner } from './media-signer';
import { createOfflineMedia, rungFiles } from './offline-media';

const USER = '5d0c2f3e-8f5b-4a43-9b1e-0c6f2f1c9a10';
const NOW = new Date('2026-11-22T09:30:00Z');
const dataDir = mkdtempSync(join(tmpdir(), 'rivet-offline-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function write(path: string, bytes: number | string) {
  const file = join(dataDir, 'content', path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof bytes === 'string' ? bytes : Buffer.alloc(bytes));
}

const rungPlaylist = (segments: string[]) =>
  ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-MAP:URI="init.mp4"', ...segments.flatMap((s) => ['#EXTINF:2.0,', s]), '#EXT-X-ENDLIST', ''].join('\n');

function ladder(video: string, rungs: Record<string, string[]>) {
  const dir = video.replace(/\.mp4$/, '.hls');
  write(`${dir}/master.m3u8`, masterPlaylist(Object.keys(rungs).map((name, i) => ({ name, bandwidth: (i + 1) * 1000, width: 0, height: 0, uri: `${name}/index.m3u8` }))));
  for (const [name, segments] of Object.entries(rungs)) {
    write(`${dir}/${name}/index.m3u8`, rungPlaylist(segments));
    write(`${dir}/${name}/init.mp4`, 10);
    for (const s of segments) write(`${dir}/${name}/${s}`, 100);
  }
}

describe('the files of a course to download', () => {
  const signer = createMediaSigner('offline-secret', createContentStore(dataDir));
  const offline = createOfflineMedia(signer);

  it('reads a rung playlist’s init segment and media segments, and nothing outside its folder', () => {
    expect(rungFiles(rungPlaylist(['000.m4s', '001.m4s']))).toEqual(['init.mp4', '000.m4s', '001.m4s']);
    expect(rungFiles('#EXTM3U\n#EXTINF:2,\n../../secret.mp4\n#EXTINF:2,\n/etc/passwd\n#EXTINF:2,\nok.m4s\n')).toEqual(['ok.m4s']);
  });

  it('takes the lowest rung for data saver and the next one for standard, with sizes from disk', async () => {
    write('v/lesson one.mp4', 5000);
    ladder('v/lesson one.mp4', { '144p': ['000.m4s', '001.m4s'], '240p': ['000.m4s'], '360p': ['000.m4s'] });
    const [saver, standard] = await offline.qualities([{ assetId: 7, assetType: 2, url: 'content:v/lesson one.mp4' }], USER, NOW);
    expect(saver!.files.map((f) => [f.path, f.bytes])).toEqual([
      ['hls/144p/index.m3u8', expect.any(Number)],
      ['hls/144p/init.mp4', 10],
      ['hls/144p/000.m4s', 100],
      ['hls/144p/001.m4s', 100],
    ]);
    expect(saver!.files[0]!.url).toBe(`${signer.prefix(7, USER, NOW)}/hls/144p/index.m3u8`);
    expect(standard!.files.map((f) => f.path)).toEqual(['hls/240p/index.m3u8', 'hls/240p/init.mp4', 'hls/240p/000.m4s']);
    expect([saver!.label, standard!.label]).toEqual(['Data saver (144p)', 'Standard (240p)']);
    expect(standard!.playback).toEqual({ 7: 'hls/240p/index.m3u8' });
  });

  it('uses the one rung for both when there is no other, and the mp4 (its name encoded as in the player’s address) when the ladder is broken', async () => {
    write('w/solo.mp4', 4000);
    ladder('w/solo.mp4', { '144p': ['000.m4s'] });
    const solo = await offline.qualities([{ assetId: 8, assetType: 2, url: 'content:w/solo.mp4' }], USER, NOW);
    expect(solo.map((q) => q.playback)).toEqual([{ 8: 'hls/144p/index.m3u8' }, { 8: 'hls/144p/index.m3u8' }]);

    write('x/my lesson.mp4', 3000);
    ladder('x/my lesson.mp4', { '144p': ['000.m4s', '001.m4s'] });
    unlinkSync(join(dataDir, 'content/x/my lesson.hls/144p/001.m4s'));
    const asset = { assetId: 9, assetType: 2, url: 'content:x/my lesson.mp4' };
    const broken = await offline.qualities([asset], USER, NOW);
    for (const q of broken) {
      expect(q.files.map((f) => [f.path, f.bytes])).toEqual([['my%20lesson.mp4', 3000]]);
      expect(q.files[0]!.url).toBe(signer.forAsset(asset, USER, NOW).url);
      expect(q.playback).toEqual({ 9: 'my%20lesson.mp4' });
    }
  });

  it('lists pictures and unpacks nothing for what has no file', async () => {
    write('i/chart.png', 321);
    const qualities = await offline.qualities(
      [
        { assetId: 1, assetType: 1, url: 'content:i/chart.png' },
        { assetId: 2, assetType: 1, url: 'content:i/missing.png' },
        { assetId: 3, assetType: 2, url: 'https://cdn.example.com/v.mp4' },
        { assetId: 4, assetType: 3, url: null },
        { assetId: 5, assetType: 5, url: 'content:i/missing.zip' },
      ],
      USER,
      NOW,
    );
    for (const q of qualities) expect(q.files.map((f) => [f.assetId, f.path, f.bytes])).toEqual([[1, 'chart.png', 321]]);
  });
});
