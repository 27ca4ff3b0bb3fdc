// Logos and signatures for the PDF. They are media URLs (/media/demo/… ships with the repository,
// /media/… is an upload under DATA_DIR/media) in any of SVG, PNG, JPEG, GIF or WebP. Each is
// converted once (sharp) into what a PDF image holds — deflated RGB samples and a deflated alpha
// mask — and kept in memory, keyed by file and modification time so a replaced upload is picked
// up. Embedding a PNG through pdf-lib instead decodes and recompresses it in JavaScript on every
// request (about 60 ms a certificate); these bytes go into the PDF as they are.
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { DEMO_MEDIA_DIR } from '../http/media';

export interface PdfImage {
  width: number;
  height: number;
  /** Deflated 8-bit RGB samples, row by row. */
  rgb: Uint8Array;
  /** Deflated 8-bit alpha samples; null when the image is opaque. */
  alpha: Uint8Array | null;
}

/** The file behind a public media URL, or null for anything else (other hosts, escapes). */
export function mediaFileOf(url: string, dataDir: string): string | null {
  const path = url.split(/[?#]/)[0]!;
  const [root, rest] = path.startsWith('/media/demo/')
    ? [DEMO_MEDIA_DIR, path.slice('/media/demo/'.length)]
    : path.startsWith('/media/')
      ? [join(dataDir, 'media'), path.slice('/media/'.length)]
      : [null, ''];
  if (!root || !rest) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const file = resolve(root, decoded);
  return file.startsWith(resolve(root) + sep) ? file : null;
}

/** Longest side of a converted image: about 250 dpi at the size the certificate prints it. */
const MAX_SIDE = 480;
const MAX_CACHED = 200;

export function createImageLoader(dataDir: string) {
  const cache = new Map<string, Promise<PdfImage | null>>();

  async function convert(file: string): Promise<PdfImage | null> {
    try {
      // SVGs are rasterised at a high density first, so the shrink to MAX_SIDE stays crisp.
      const { data, info } = await sharp(file, { density: file.toLowerCase().endsWith('.svg') ? 288 : 72, animated: false })
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = info.width * info.height;
      const rgb = Buffer.alloc(pixels * 3);
      const alpha = Buffer.alloc(pixels);
      let opaque = true;
      for (let i = 0; i < pixels; i++) {
        rgb[i * 3] = data[i * 4]!;
        rgb[i * 3 + 1] = data[i * 4 + 1]!;
        rgb[i * 3 + 2] = data[i * 4 + 2]!;
        alpha[i] = data[i * 4 + 3]!;
        if (alpha[i] !== 255) opaque = false;
      }
      return { width: info.width, height: info.height, rgb: deflateSync(rgb, { level: 9 }), alpha: opaque ? null : deflateSync(alpha, { level: 9 }) };
    } catch {
      return null;
    }
  }

  return {
    /** The image ready for the PDF, or null when there is none or it cannot be read: the PDF is printed without it. */
    async load(url: string | null): Promise<PdfImage | null> {
      if (!url) return null;
      const file = mediaFileOf(url, dataDir);
      if (!file) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const key = `${file}:${info.mtimeMs}:${info.size}`;
      let image = cache.get(key);
      if (!image) {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        image = convert(file);
        cache.set(key, image);
      }
      return image;
    },
  };
}

export type ImageLoader = ReturnType<typeof createImageLoader>;
