// Regenerates the demo catalogue's media in server/media/demo: SVG thumbnails, banners, key-point
// images and partner artwork from the course data, and — with --videos — the sample videos
// (ffmpeg) and the zipped HTML lesson package (zip). The output is committed; the server never
// runs this. Usage: node --import tsx server/scripts/generate-demo-media.ts [--videos]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_MEDIA_DIR } from '../src/http/media';
import { demoImages } from '../src/db/seed/catalogue/demo-images';
import { DEMO_PACKAGE, DEMO_VIDEOS, MEDIA_URL, type DemoVideo } from '../src/db/seed/catalogue/media';

const MAX_VIDEO_BYTES = 300 * 1024;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

function generateImages() {
  for (const { url, svg } of demoImages()) {
    const file = join(DEMO_MEDIA_DIR, url.slice(MEDIA_URL.length + 1));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${svg}\n`);
  }
}

const drawtext = (text: string, size: number, y: string, alpha = 1) =>
  `drawtext=fontfile=${FONT}:text='${text.replace(/'/g, '’').replace(/:/g, '\\:')}':fontcolor=white@${alpha}:fontsize=${size}:x=(w-tw)/2:y=${y}`;

function generateVideo(video: DemoVideo) {
  const out = join(DEMO_MEDIA_DIR, video.file);
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
    copyFileSync(join(DEMO_MEDIA_DIR, DEMO_PACKAGE.video.file), join(work, 'lesson.mp4'));
    const out = join(DEMO_MEDIA_DIR, DEMO_PACKAGE.file);
    mkdirSync(dirname(out), { recursive: true });
    rmSync(out, { force: true });
    execFileSync('zip', ['-q', '-X', '-j', out, join(work, 'index.html'), join(work, 'lesson.mp4')]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

generateImages();
if (process.argv.includes('--videos')) {
  for (const video of [...Object.values(DEMO_VIDEOS.promo), ...DEMO_VIDEOS.lessons]) generateVideo(video);
  generatePackage();
}
console.log(`Demo media written to ${DEMO_MEDIA_DIR}`);
