// What an hour of lesson video costs a learner in data, per rendition: the ladder's ceiling
// (server/src/media/hls-ladder.ts: peak video + audio kbps × 3600 s / 8) and what the demo
// lessons actually weigh on disk (a rung's playlist, init and segments over its duration; the
// mp4 over its own). The demo lessons are simple moving pictures, so they sit far below the
// ceiling; a filmed lecture sits near it. MB are 10^6 bytes, as phone data plans count them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_CONTENT_DIR } from '../server/src/media/content-store';
import { LADDER, MASTER_PLAYLIST, parseMasterPlaylist } from '../server/src/media/hls-ladder';

const HOUR = 3600;
const VIDEOS = join(BUNDLED_CONTENT_DIR, 'demo', 'videos');
const mbPerHour = (bytesPerSecond: number) => +((bytesPerSecond * HOUR) / 1e6).toFixed(1);

/** Seconds of an mp4, from its movie header (mvhd). */
function mp4Seconds(file: string): number {
  const data = readFileSync(file);
  const at = data.indexOf('mvhd');
  if (at < 0) throw new Error(`${file}: no movie header`);
  const version = data[at + 4];
  const body = at + 8;
  return version === 1
    ? Number(data.readBigUInt64BE(body + 20)) / data.readUInt32BE(body + 16)
    : data.readUInt32BE(body + 12) / data.readUInt32BE(body + 8);
}

/** Bytes and seconds of one rung: its playlist, its init segment (EXT-X-MAP) and every segment. */
function rungWeight(dir: string): { bytes: number; seconds: number } {
  const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8');
  let seconds = 0;
  const files = ['index.m3u8'];
  for (const line of playlist.split(/\r?\n/)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (extinf) seconds += Number(extinf[1]);
    else if (map) files.push(map[1]!);
    else if (line && !line.startsWith('#')) files.push(line.trim());
  }
  return { bytes: files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0), seconds };
}

export function mediaBytes() {
  const rows: { rendition: string; source: string; kbps: number; mbPerHour: number }[] = LADDER.map((rung) => {
    const kbps = rung.videoKbps + rung.audioKbps;
    return { rendition: rung.name, source: 'ladder ceiling (peak)', kbps, mbPerHour: mbPerHour((kbps * 1000) / 8) };
  });
  const measured = new Map<string, { bytes: number; seconds: number }>();
  const add = (name: string, w: { bytes: number; seconds: number }) => {
    const sum = measured.get(name) ?? { bytes: 0, seconds: 0 };
    measured.set(name, { bytes: sum.bytes + w.bytes, seconds: sum.seconds + w.seconds });
  };
  const videos = readdirSync(VIDEOS).filter((f) => f.endsWith('.mp4'));
  for (const video of videos) {
    const ladderDir = join(VIDEOS, video.replace(/\.mp4$/, '.hls'));
    for (const rung of parseMasterPlaylist(readFileSync(join(ladderDir, MASTER_PLAYLIST), 'utf8'))) add(rung.name, rungWeight(join(ladderDir, rung.name)));
    add('mp4', { bytes: statSync(join(VIDEOS, video)).size, seconds: mp4Seconds(join(VIDEOS, video)) });
  }
  for (const [name, w] of measured) {
    const bytesPerSecond = w.bytes / w.seconds;
    rows.push({ rendition: name, source: `demo lessons on disk (${videos.length}, ${Math.round(w.seconds / videos.length)} s each)`, kbps: Math.round((bytesPerSecond * 8) / 1000), mbPerHour: mbPerHour(bytesPerSecond) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('Data for one hour of lesson video, per rendition (MB = 10^6 bytes)');
  console.table(mediaBytes());
}
