// Logos and signatures for the PDF. They are media URLs (/media/demo/… ships with the repository,
// /media/… is an upload under media/ in the media store, decision 056) in any of SVG, PNG, JPEG,
// GIF or WebP. Each is converted once (sharp) into what a PDF image holds — deflated RGB samples
// and a deflated alpha mask — and kept in memory, keyed by object and modification time so a
// replaced upload is picked up. Embedding a PNG through pdf-lib instead decodes and recompresses it in JavaScript on every
// request (about 60 ms a certificate); these bytes go into the PDF as they are.
import { resolve, sep } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { DEMO_MEDIA_DIR, publicMediaKey } from '../http/media';
import { createLocalStorage, type MediaStorage } from '../storage';

export interface PdfImage {
  width: number;
  height: number;
  /** Deflated 8-bit RGB samples, row by row. */
  rgb: Uint8Array;
  /** Deflated 8-bit alpha samples; null when the image is opaque. */
  alpha: Uint8Array | null;
}

/** Where a public media URL's bytes are: the repository's demo media or the media store; null for anything else (other hosts, escapes). */
export function mediaObjectOf(url: string, storage: MediaStorage): { storage: MediaStorage; key: string } | null {
  const path = url.split(/[?#]/)[0]!;
  if (path.startsWith('/media/demo/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path.slice('/media/demo/'.length));
    } catch {
      return null;
    }
    const file = resolve(DEMO_MEDIA_DIR, decoded);
    return decoded && file.startsWith(resolve(DEMO_MEDIA_DIR) + sep) ? { storage: demoMedia, key: file.slice(resolve(DEMO_MEDIA_DIR).length + 1).split(sep).join('/') } : null;
  }
  const key = publicMediaKey(path);
  return key ? { storage, key } : null;
}

const demoMedia = createLocalStorage(DEMO_MEDIA_DIR);

/** Longest side of a converted image: about 250 dpi at the size the certificate prints it. */
const MAX_SIDE = 480;
const MAX_CACHED = 200;

export function createImageLoader(storage: MediaStorage) {
  const cache = new Map<string, Promise<PdfImage | null>>();

  async function convert(object: { storage: MediaStorage; key: string }): Promise<PdfImage | null> {
    try {
      const bytes = await object.storage.readBuffer(object.key);
      if (!bytes) return null;
      // SVGs are rasterised at a high density first, so the shrink to MAX_SIDE stays crisp.
      const { data, info } = await sharp(bytes, { density: object.key.toLowerCase().endsWith('.svg') ? 288 : 72, animated: false })
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
      const object = mediaObjectOf(url, storage);
      const info = object && (await object.storage.head(object.key).catch(() => null));
      if (!object || !info) return null;
      const key = `${object.storage === storage ? 'store' : 'demo'}:${object.key}:${info.modified.getTime()}:${info.size}`;
      let image = cache.get(key);
      if (!image) {
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
        image = convert(object);
        cache.set(key, image);
      }
      return image;
    },
  };
}

export type ImageLoader = ReturnType<typeof createImageLoader>;
