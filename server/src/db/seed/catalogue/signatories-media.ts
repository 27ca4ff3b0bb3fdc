// Handwriting-like signature images for the demo signatories: a smooth cubic path through points
// that rise and fall like joined-up letters, looping back on tall ones, then an underline flourish,
// all drawn from a generator seeded by the signatory's name (same name, same signature).
// The SVGs are committed under server/media/demo/signatures; regenerate them with
//   node --import tsx server/src/db/seed/catalogue/signatories-media.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MEDIA_URL } from './media';

const WIDTH = 240;
const HEIGHT = 80;
const INK = '#1a2f7a';

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

/** mulberry32: a tiny seeded generator, enough for artwork. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Point = [number, number];

/** Catmull-Rom through the points, as cubic Bézier segments. */
function smoothPath(points: Point[]): string {
  const f = (n: number) => n.toFixed(1);
  let d = `M${f(points[0]![0])} ${f(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[i + 2] ?? p2;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

export function signatureSvg(name: string): string {
  const r = random(hash(name));
  // Titles are not signed: 'Prof. Adebola Ogunlesi' signs as Adebola Ogunlesi.
  const words = name.replace(/\b(Prof|Dr|Mr|Mrs|Ms|Engr|Arc)\.?\s+/g, '').split(/\s+/);
  const surname = words[words.length - 1] ?? name;
  const points: Point[] = [];
  let x = 10 + r() * 6;
  // The initial: a tall capital, one of three shapes, looping back into the first letter.
  const initial = Math.floor(r() * 3);
  if (initial === 0) points.push([x, 60 + r() * 4], [x + 8, 10 + r() * 8], [x + 14, 30 + r() * 6], [x + 4, 44], [x + 18, 50 + r() * 4]);
  else if (initial === 1) points.push([x + 4, 24 + r() * 6], [x + 16, 10 + r() * 6], [x + 10, 40], [x + 2, 62 + r() * 4], [x + 20, 46 + r() * 4]);
  else points.push([x, 40 + r() * 6], [x + 10, 12 + r() * 6], [x + 12, 58 + r() * 4], [x + 6, 36], [x + 22, 48 + r() * 4]);
  x += 24;
  const letters = Math.min(9, Math.max(5, surname.length));
  for (let i = 0; i < letters; i++) {
    const w = 16 + r() * 10;
    const kind = r();
    if (kind < 0.2) {
      // An ascender: up high, loop back over itself, down to the line.
      points.push([x + w * 0.55, 14 + r() * 8], [x + w * 0.2, 24 + r() * 6], [x + w * 0.75, 52 + r() * 5]);
    } else if (kind < 0.32) {
      // A descender: below the line and back up.
      points.push([x + w * 0.4, 38 + r() * 6], [x + w * 0.55, 70 + r() * 6], [x + w * 0.3, 62], [x + w * 0.9, 48 + r() * 5]);
    } else {
      points.push([x + w * 0.35, 34 + r() * 10], [x + w * 0.8, 50 + r() * 6]);
    }
    x += w;
  }
  // Handwriting leans right: shift each point by its height above the line.
  const slant = 0.22 + r() * 0.12;
  const scale = Math.min(1, (WIDTH - 24) / (x + 12));
  const fitted = points.map(([px, py]): Point => [px * scale + (56 - py) * slant, py]);
  const end = fitted[fitted.length - 1]!;
  const start = fitted[0]!;
  const flourish: Point[] = [
    [end[0], end[1]],
    [end[0] + 6, end[1] + 4 + r() * 6],
    [(start[0] + end[0]) / 2 + r() * 20, 66 + r() * 6],
    [start[0] + 4 + r() * 10, 64 + r() * 8],
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<g fill="none" stroke="${INK}" stroke-linecap="round" stroke-linejoin="round">`,
    `<path d="${smoothPath(fitted)}" stroke-width="2.4"/>`,
    `<path d="${smoothPath(flourish)}" stroke-width="1.6"/>`,
    '</g>',
    '</svg>',
  ].join('\n');
}

// Run directly, it writes the files (the seed only stores their URLs).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void Promise.all([import('./signatories'), import('../../../http/media')]).then(([{ demoSignatures }, { DEMO_MEDIA_DIR }]) => {
    for (const { url, svg } of demoSignatures()) {
      const file = join(DEMO_MEDIA_DIR, url.slice(MEDIA_URL.length + 1));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${svg}\n`);
    }
  });
}
