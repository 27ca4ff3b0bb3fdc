// Uploaded pictures (learners' and staff's profile pictures, partners' logos and banners). An
// upload is judged by its content (never by its name or declared type), decoded with a pixel cap,
// and re-encoded to WebP: that strips metadata (a phone photo's EXIF may hold where it was taken)
// and anything hidden after the image data. Files get unguessable names under media/<folder> in
// the media store (DATA_DIR/media/<folder> on the local folder; decision 056) and are served by
// the public /media route (http/media.ts).
import sharp from 'sharp';
import type { MediaStorage } from '../storage';
import { AppError, badRequest } from '../http/errors';

/** A 2 MB file can still decode to gigabytes of pixels; no picture here needs more than this. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ImageUploadOptions {
  /** The folder under DATA_DIR/media, which is also the URL's: /media/<folder>/<uuid>.webp. */
  folder: string;
  maxBytes: number;
  /** sharp's format names that are accepted (png, jpeg, gif, webp). */
  formats: readonly string[];
  messages: { type: string; size: string };
  /** A square crop of this side (avatars), or a box the picture is shrunk to fit inside (never enlarged). */
  resize: { square: number } | { inside: { width: number; height: number } };
}

export interface ImageStore {
  /** Checks and re-encodes the upload and stores it; answers its public URL. Throws 400 with the field's message. */
  save(file: Blob, field: string): Promise<string>;
  /** Removes a stored picture; URLs this store did not make (demo media, external links) are left alone. */
  remove(url: string | null | undefined): Promise<void>;
}

export function createImageStore(storage: MediaStorage, options: ImageUploadOptions): ImageStore {
  const folder = `media/${options.folder}`;
  const prefix = `/media/${options.folder}/`;
  const storedName = new RegExp(`^${prefix.replace(/[/.]/g, '\\$&')}[0-9a-f-]{36}\\.webp$`);
  const accepted = new Set(options.formats);

  return {
    async save(file, field) {
      const refuse = (message: string) => badRequest(message, [{ field, message }]);
      if (file.size > options.maxBytes) throw refuse(options.messages.size);
      if (file.size === 0) throw refuse(options.messages.type);
      const input = Buffer.from(await file.arrayBuffer());
      let output: Buffer;
      try {
        const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
        const { format, width, height } = await image.metadata();
        if (!format || !accepted.has(format) || !width || !height) throw refuse(options.messages.type);
        const oriented = image.rotate(); // apply the EXIF orientation before the metadata goes
        const resized =
          'square' in options.resize
            ? oriented.resize(options.resize.square, options.resize.square, { fit: 'cover', position: 'attention' })
            : oriented.resize(options.resize.inside.width, options.resize.inside.height, { fit: 'inside', withoutEnlargement: true });
        output = await resized.webp({ quality: 82 }).toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw refuse(options.messages.type);
      }
      const name = `${crypto.randomUUID()}.webp`;
      await storage.write(`${folder}/${name}`, output, 'image/webp');
      return `${prefix}${name}`;
    },

    async remove(url) {
      if (!url || !storedName.test(url)) return;
      await storage.delete(`${folder}/${url.slice(prefix.length)}`);
    },
  };
}
