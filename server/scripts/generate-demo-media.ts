// Regenerates the demo catalogue's media: the public artwork in server/media/demo (SVG
// thumbnails, banners, partner artwork) and the private lesson content in
// server/media/content/demo (key-point images) from the course data; with --videos also the sample
// videos (ffmpeg: promotional ones public, lesson ones private), each lesson video's HLS ladder
// beside it, and the zipped HTML lesson package (zip); with --hls only the ladders, from the
// committed lesson videos. The output is committed; the server never runs this.
// Usage: node --import tsx server/scripts/generate-demo-media.ts [--videos | --hls]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_MEDIA_DIR } from '../src/http/media';
import { BUNDLED_CONTENT_DIR, contentPathOf } from '../src/media/content-store';
import { MASTER_PLAYLIST, RUNG_PLAYLIST, avcCodecOf, ladderDirFor, masterPlaylist, rungEncodeArgs, rungsFor, type LadderEntry } from '../src/media/hls-ladder';
import { demoImages } from '../src/db/seed/catalogue/demo-images';
import { CONTENT_KEY, DEMO_PACKAGE, DEMO_VIDEOS, MEDIA_URL, type DemoVideo } from '../src/db/seed/catalogue/media';

const MAX_VIDEO_BYTES = 300 * 1024;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const DEMO_CONTENT_DIR = join(BUNDLED_CONTENT_DIR, contentPathOf(CONTENT_KEY)!);

/** A public /media/demo/… address or a content:demo/… key, as a file in the repository. */
function fileOf(urlOrKey: string): string {
  const content = contentPathOf(urlOrKey);
  if (content) return join(BUNDLED_CONTENT_DIR, content);
  if (urlOrKey.startsWith(`${MEDIA_URL}/`)) return join(DEMO_MEDIA_DIR, urlOrKey.slice(MEDIA_URL.length + 1));
  throw new Error(`Not a demo media address: ${urlOrKey}`);
}

function generateImages() {
  for (const { url, svg } of demoImages()) {
    const file = fileOf(url);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${svg}\n`);
  }
}

const drawtext = (text: string, size: number, y: string, alpha = 1) =>
  `drawtext=fontfile=${FONT}:text='${text.replace(/'/g, '’').replace(/:/g, '\\:')}':fontcolor=white@${alpha}:fontsize=${size}:x=(w-tw)/2:y=${y}`;

function generateVideo(video: DemoVideo, root: string) {
  const out = join(root, video.file);
  mkdirSync(dirname(out), { recursive: true });
  const [c0, c1] = video.colors;
  const filters = [
    `drawbox=x=0:y=ih-10:w=iw*t/${video.seconds}:h=10:color=0xfbbf24@0.9:t=fill`,
    drawtext('RIVET', 14, '16', 0.8),
    drawtext(video.title, 26, '(h-th)/2-18'),
    drawtext(video.subtitle, 15, '(h-th)/2+22', 0.85),
  ].join(',');
  // prettier-ignore
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `gradients=s=426x240:r=24:d=${video.seconds}:c0=0x${c0}:c1=0x${c1}:speed=0.02`,
    '-f', 'lavfi', '-i', `sine=f=${video.tone}:d=${video.seconds}:sample_rate=22050`,
    '-vf', filters,
    '-af', 'volume=0.2',
    '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p',
    '-b:v', '150k', '-maxrate', '200k', '-bufsize', '400k', '-g', '48',
    '-c:a', 'aac', '-ac', '1', '-ar', '22050', '-b:a', '32k',
    '-movflags', '+faststart', '-map_metadata', '-1', '-t', String(video.seconds), out,
  ]);
  const size = statSync(out).size;
  if (size > MAX_VIDEO_BYTES) throw new Error(`${video.file} is ${size} bytes, over ${MAX_VIDEO_BYTES}`);
}

const probe = (file: string) =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file], { encoding: 'utf8' })) as {
    streams: { width: number; height: number }[];
  };

/** The video's HLS ladder in `x.hls/` beside `x.mp4`, with a master playlist that states each rung's measured peak rate. */
function generateLadder(video: string) {
  const dir = ladderDirFor(video);
  rmSync(dir, { recursive: true, force: true });
  const source = probe(video).streams[0]!;
  const entries: LadderEntry[] = [];
  for (const rung of rungsFor(source.height)) {
    const rungDir = join(dir, rung.name);
    mkdirSync(rungDir, { recursive: true });
    execFileSync('ffmpeg', rungEncodeArgs(rung, video), { cwd: rungDir });
    const playlist = readFileSync(join(rungDir, RUNG_PLAYLIST), 'utf8');
    const segments = [...playlist.matchAll(/#EXTINF:([\d.]+),\s*\n(\S+)/g)].map((m) => ({ seconds: Number(m[1]), bytes: statSync(join(rungDir, m[2]!)).size }));
    const init = readFileSync(join(rungDir, 'init.mp4'));
    const { width, height } = probe(join(rungDir, RUNG_PLAYLIST)).streams[0]!;
    const totalSeconds = segments.reduce((sum, s) => sum + s.seconds, 0);
    const totalBytes = segments.reduce((sum, s) => sum + s.bytes, 0) + init.length;
    entries.push({
      name: rung.name,
      bandwidth: Math.ceil(Math.max(...segments.map((s) => (s.bytes * 8) / s.seconds))),
      averageBandwidth: Math.ceil((totalBytes * 8) / totalSeconds),
      width,
      height,
      codecs: [avcCodecOf(init), init.includes('mp4a') ? 'mp4a.40.2' : null].filter(Boolean).join(','),
      uri: `${rung.name}/${RUNG_PLAYLIST}`,
    });
  }
  writeFileSync(join(dir, MASTER_PLAYLIST), masterPlaylist(entries));
  const bytes = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
  console.log(`${dir}: ${entries.map((e) => `${e.name} ${Math.round(e.bandwidth / 1000)} kbps peak`).join(', ')}; ${Math.round(bytes / 1024)} KB`);
}

const PACKAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rivet lesson</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0f172a; color: #f8fafc; }
  main { max-width: 640px; margin: 0 auto; padding: 16px; }
  video { width: 100%; height: auto; border-radius: 8px; background: #000; }
  p { color: #cbd5e1; line-height: 1.5; }
</style>
</head>
<body>
<main>
  <h1>Lesson walkthrough</h1>
  <video src="lesson.mp4" controls playsinline preload="metadata"></video>
  <p>This packaged lesson plays offline from the downloaded file: no network needed.</p>
</main>
</body>
</html>
`;

function generatePackage() {
  const work = mkdtempSync(join(tmpdir(), 'rivet-package-'));
  try {
    writeFileSync(join(work, 'index.html'), PACKAGE_HTML);
    copyFileSync(join(DEMO_CONTENT_DIR, DEMO_PACKAGE.video.file), join(work, 'lesson.mp4'));
    const out = join(DEMO_CONTENT_DIR, DEMO_PACKAGE.file);
    mkdirSync(dirname(out), { recursive: true });
    rmSync(out, { force: true });
    execFileSync('zip', ['-q', '-X', '-j', out, join(work, 'index.html'), join(work, 'lesson.mp4')]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

generateImages();
if (process.argv.includes('--videos')) {
  for (const video of Object.values(DEMO_VIDEOS.promo)) generateVideo(video, DEMO_MEDIA_DIR);
  for (const video of DEMO_VIDEOS.lessons) generateVideo(video, DEMO_CONTENT_DIR);
  generatePackage();
}
if (process.argv.includes('--videos') || process.argv.includes('--hls')) {
  for (const video of DEMO_VIDEOS.lessons) generateLadder(join(DEMO_CONTENT_DIR, video.file));
}
console.log(`Demo media written to ${DEMO_MEDIA_DIR} and ${DEMO_CONTENT_DIR}`);
