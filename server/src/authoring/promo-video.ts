// A course's promotional video (spec 001 §2.3; decision 036). It is uploaded in chunks into the
// partner's content library like any video (checked there by its bytes), then published: the
// library file is hard-linked (copied when that is impossible) into DATA_DIR/media/promo, which
// the public /media route serves with range requests, because anonymous visitors of the course
// page watch it. The library file stays private; the public copy belongs to the course alone, so
// deleting the library file later cannot break the course page.
import { randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contentPathOf } from '../media/content-store';

const FOLDER = 'promo';
const PREFIX = `/media/${FOLDER}/`;
const STORED = /^\/media\/promo\/[0-9a-f-]{36}\.mp4$/;

export interface PromoVideoStore {
  /** Publishes the library file a storage key names; answers its public URL. */
  publish(storageKey: string): Promise<string>;
  /** Removes a published video (anything else, such as the demo's /media/demo files, is left alone). */
  remove(url: string | null | undefined): Promise<void>;
}

export function createPromoVideoStore(dataDir: string): PromoVideoStore {
  const dir = join(dataDir, 'media', FOLDER);
  return {
    async publish(storageKey) {
      const path = contentPathOf(storageKey);
      if (!path) throw new Error(`not a storage key: ${storageKey}`);
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.mp4`;
      const source = join(dataDir, 'content', path);
      const target = join(dir, name);
      // A link costs nothing for a large file on the same disk; another file system needs a copy.
      await link(source, target).catch(() => copyFile(source, target));
      return `${PREFIX}${name}`;
    },

    async remove(url) {
      if (!url || !STORED.test(url)) return;
      await rm(join(dir, url.slice(PREFIX.length)), { force: true });
    },
  };
}
