import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CONTENT_DIR } from './content-store';
import { LADDER, MASTER_PLAYLIST, avcCodecOf, ladderDirFor, masterPlaylist, parseMasterPlaylist, rungEncodeArgs, rungsFor } from './hls-ladder';

describe('the HLS ladder', () => {
  it('starts with a data-saver rung of about 100 kbps at 144p and never goes above the source or 540p', () => {
    expect(LADDER[0]).toMatchObject({ name: '144p', height: 144 });
    expect(LADDER[0]!.videoKbps + LADDER[0]!.audioKbps).toBeLessThanOrEqual(100);
    expect(rungsFor(240).map((r) => r.name)).toEqual(['144p', '240p']);
    expect(rungsFor(120).map((r) => r.name)).toEqual(['144p']);
    expect(rungsFor(2160).map((r) => r.height)).toEqual([144, 240, 360, 540]);
  });

  it('forces a key frame every 2 seconds so segments really are 2 seconds long', () => {
    const args = rungEncodeArgs(LADDER[0]!, 'in.mp4');
    expect(args[args.indexOf('-force_key_frames') + 1]).toBe('expr:gte(t,n_forced*2)');
    expect(args[args.indexOf('-hls_time') + 1]).toBe('2');
  });

  it('keeps a video’s ladder beside it', () => {
    expect(ladderDirFor('demo/videos/lesson-introduction.mp4')).toBe('demo/videos/lesson-introduction.hls');
    expect(ladderDirFor('uploads/a.b/video')).toBe('uploads/a.b/video.hls');
  });

  it('writes and reads master playlists, lowest rung first', () => {
    const text = masterPlaylist([
      { name: '240p', bandwidth: 250_000, width: 426, height: 240, codecs: 'avc1.42c01e,mp4a.40.2', uri: '240p/index.m3u8' },
      { name: '144p', bandwidth: 100_000, averageBandwidth: 80_000, width: 256, height: 144, uri: '144p/index.m3u8' },
    ]);
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=100000,AVERAGE-BANDWIDTH=80000,RESOLUTION=256x144\n144p/index.m3u8');
    expect(text.indexOf('144p/')).toBeLessThan(text.indexOf('240p/'));
    expect(parseMasterPlaylist(text)).toEqual([
      { name: '144p', bandwidth: 100_000, averageBandwidth: 80_000, width: 256, height: 144, uri: '144p/index.m3u8' },
      { name: '240p', bandwidth: 250_000, width: 426, height: 240, codecs: 'avc1.42c01e,mp4a.40.2', uri: '240p/index.m3u8' },
    ]);
  });

  it('reads the H.264 codec string from an init segment', () => {
    const init = Buffer.concat([Buffer.from('....avcC'), Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff])]);
    expect(avcCodecOf(init)).toBe('avc1.42c01e');
    expect(avcCodecOf(Buffer.from('no box here'))).toBeNull();
  });

  describe.each(['lesson-introduction', 'lesson-walkthrough'])('committed for the demo video %s', (name) => {
    const dir = join(BUNDLED_CONTENT_DIR, 'demo', 'videos', `${name}.hls`);
    const rungs = parseMasterPlaylist(readFileSync(join(dir, MASTER_PLAYLIST), 'utf8'));

    it('has a data-saver and a standard rung with relative URIs', () => {
      expect(rungs.map((r) => [r.name, r.width, r.height, r.uri])).toEqual([
        ['144p', 256, 144, '144p/index.m3u8'],
        ['240p', 426, 240, '240p/index.m3u8'],
      ]);
      expect(rungs[0]!.bandwidth).toBeLessThanOrEqual(110_000);
      expect(rungs[1]!.bandwidth).toBeLessThanOrEqual(275_000);
      for (const r of rungs) expect(r.codecs).toMatch(/^avc1\.42[0-9a-f]{4},mp4a\.40\.2$/);
    });

    it('cuts 2-second segments, every one of them on disk', () => {
      for (const rung of rungs) {
        const playlist = readFileSync(join(dir, rung.uri), 'utf8');
        const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
        expect(durations.length).toBe(6);
        for (const d of durations) expect(d).toBeCloseTo(2, 1);
        expect(playlist).toContain('#EXT-X-ENDLIST');
        expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
        const files = readdirSync(join(dir, rung.name));
        for (const uri of [...playlist.matchAll(/^(\S+\.m4s)$/gm)].map((m) => m[1]!)) expect(files).toContain(uri);
      }
    });
  });
});
