// Media the server tests upload and process: a tiny real video, a zip with any entry names (a
// hostile one included) or deflated (a zip bomb), and a one-chunk upload through the API.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Browser } from './test-app';

const COURSE = '/api/Course/Course';

/** A 2-second 256×144 clip with sound, made by ffmpeg (one rung of the ladder: fast to encode). */
export function tinyVideo(): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'rivet-video-'));
  try {
    const out = join(dir, 'clip.mp4');
    // prettier-ignore
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=s=256x144:r=15:d=2', '-f', 'lavfi', '-i', 'sine=f=440:d=2',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', out]);
    return new Uint8Array(readFileSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A zip of stored (uncompressed) entries, names as given: enough to write a hostile one. */
export function zipOf(entries: { name: string; data: string | Uint8Array }[]): Uint8Array {
  return buildZip(entries.map((e) => ({ name: e.name, data: typeof e.data === 'string' ? Buffer.from(e.data) : e.data })), false);
}

/** A zip of deflated entries (node:zlib, native: tens of megabytes of zeros make a zip bomb in moments). */
export function deflatedZipOf(entries: { name: string; data: Uint8Array }[]): Uint8Array {
  return buildZip(entries, true);
}

function buildZip(entries: { name: string; data: Uint8Array }[], deflate: boolean): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.data);
    const packed = deflate ? deflateRawSync(data, { level: 9 }) : data;
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

/** One-chunk upload (every file here is under 1 MiB). */
export async function upload(who: Browser, name: string, bytes: Uint8Array, kind: string) {
  const fileName = `${crypto.randomUUID()}/${name}`;
  const query = new URLSearchParams({ id: '0', fileName, totalChunks: '1' });
  expect((await who.call(`${COURSE}/UploadChunks?${query}`, { raw: new Uint8Array(bytes) })).status).toBe(200);
  const res = await who.call(`${COURSE}/UploadComplete?${new URLSearchParams({ fileName, kind })}`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.body.data.file as { id: number; fileLocationUrl: string; processingState: string };
}
