// Learners' profile pictures. The upload is judged by its content (never by its name or declared
// type), decoded with a pixel cap, and re-encoded to a small square WebP: that strips metadata
// (a phone photo's EXIF may hold where it was taken) and anything hidden after the image data.
// Files get unguessable names under DATA_DIR/media/profiles and are served by the public /media route.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES } from '@rivet/shared/api/profile';
import { AppError, badRequest } from '../http/errors';

export const PROFILE_PICTURE_SIZE = 400;
export const PROFILE_PICTURE_URL_PREFIX = '/media/profiles/';

/** sharp's names for the accepted types (png, jpeg, gif, webp). */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);
/** A 2 MB file can still decode to gigabytes of pixels; nobody's avatar needs more than this. */
const MAX_INPUT_PIXELS = 40_000_000;
const STORED_NAME = /^\/media\/profiles\/[0-9a-f-]{36}\.webp$/;

export interface ProfilePictureStore {
  /** Checks and re-encodes the upload and stores it; answers its public URL. Throws 400 with the spec's message. */
  save(file: Blob, field: string): Promise<string>;
  /** Removes a stored picture; URLs this store did not make (demo media, external links) are left alone. */
  remove(url: string | null | undefined): Promise<void>;
}

export function createProfilePictureStore(dataDir: string): ProfilePictureStore {
  const dir = join(dataDir, 'media', 'profiles');

  return {
    async save(file, field) {
      const refuse = (message: string) => badRequest(message, [{ field, message }]);
      if (file.size > PROFILE_PICTURE_MAX_BYTES) throw refuse(PROFILE_PICTURE_MESSAGES.size);
      if (file.size === 0) throw refuse(PROFILE_PICTURE_MESSAGES.type);
      const input = Buffer.from(await file.arrayBuffer());
      let output: Buffer;
      try {
        const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
        const { format, width, height } = await image.metadata();
        if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw refuse(PROFILE_PICTURE_MESSAGES.type);
        output = await image
          .rotate() // apply the EXIF orientation before the metadata goes
          .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw refuse(PROFILE_PICTURE_MESSAGES.type);
      }
      await mkdir(dir, { recursive: true });
      const name = `${crypto.randomUUID()}.webp`;
      await writeFile(join(dir, name), output, { mode: 0o644 });
      return `${PROFILE_PICTURE_URL_PREFIX}${name}`;
    },

    async remove(url) {
      if (!url || !STORED_NAME.test(url)) return;
      await rm(join(dir, url.slice(PROFILE_PICTURE_URL_PREFIX.length)), { force: true });
    },
  };
}
