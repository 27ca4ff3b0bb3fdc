// Seconds of processing per minute of video for the HLS ladder (docs/decisions/033): a 60-second
// 720p test picture with sound, made by ffmpeg, encoded into every rung and a poster by the same
// code the media job runs (encodeLadder), one ffmpeg at a time at lowered priority. Prints the
// rate and each rung's size. Runs as `npm run bench` or alone: node --import tsx bench/media-processing.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeLadder } from '../server/src/content-library/media-processing';
import { createFfmpeg } from '../server/src/media/ffmpeg';

const SECONDS = 60;

export async function mediaProcessingBench(): Promise<Record<string, string | number>[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-bench-media-'));
  try {
    const source = join(dir, 'lecture.mp4');
    // prettier-ignore
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=s=1280x720:r=30:d=${SECONDS}`, '-f', 'lavfi', '-i', `sine=f=440:d=${SECONDS}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-shortest', '-movflags', '+faststart', source]);
    const ffmpeg = createFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg');
    const probed = await ffmpeg.probe(source, { timeoutMs: 60_000 });
    const started = performance.now();
    const report = await encodeLadder(ffmpeg, source, probed.height ?? 720, probed.durationSeconds ?? SECONDS, { timeoutMs: 3600_000 });
    const seconds = (performance.now() - started) / 1000;
    const perMinute = seconds / ((probed.durationSeconds ?? SECONDS) / 60);
    return [
      ...report.rungs.map((r) => ({ rung: r.name, size: `${r.width}x${r.height}`, MB: Math.round(r.bytes / 10_000) / 100, 'peak kbps': r.peakKbps })),
      { rung: 'poster (jpg + webp)', size: '', MB: Math.round(report.posterBytes / 10_000) / 100, 'peak kbps': '' },
      { rung: 'all', size: `${SECONDS} s of 720p`, MB: '', 'peak kbps': `${Math.round(seconds)} s processing = ${Math.round(perMinute)} s per minute of video` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await mediaProcessingBench());
