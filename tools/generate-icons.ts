// Writes the learner app's PNG icons from public/favicon.svg (commit the output):
//   icons/icon-{192,512}.png   the favicon as drawn (rounded square), purpose 'any'
//   icons/maskable-512.png     full-bleed brand square with the mark inside the maskable safe zone
//                              (a circle of 40 % radius), so no launcher's mask cuts it
//   icons/apple-touch-icon.png 180 px, opaque (iOS rounds the corners itself and shows
//                              transparency as black)
// Run: node --import tsx tools/generate-icons.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8').trim();

/** The favicon's drawing without its rounded background, scaled about the centre onto a full square. */
function fullBleed(scale: number): Buffer {
  const background = /<rect [^>]*fill="(#[0-9a-f]{6})"[^>]*\/>/i.exec(favicon);
  if (!background) throw new Error('favicon.svg: expected a <rect> background to build the full-bleed icons from');
  const mark = favicon.replace(background[0], '').replace(/^<svg[^>]*>|<\/svg>$/g, '');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background[1]}"/>` +
      `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`,
  );
}

const render = (svg: Buffer | string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'icons', file));

// The mark reaches 27.6 units from the centre (the lime dot's far edge); the safe zone is 25.6.
await render(favicon, 192, 'icon-192.png');
await render(favicon, 512, 'icon-512.png');
await render(fullBleed(0.8), 512, 'maskable-512.png');
await render(fullBleed(0.9), 180, 'apple-touch-icon.png');
console.log('icons written to public/icons');
