// A course's promotional video (spec 001 §2.3; decision 036). It is uploaded in chunks into the
// partner's content library like any video (checked there by its bytes), then published: the
// library file is hard-linked (copied when that is impossible) into DATA_DIR/media/promo, which
// the public /media route serves with range requests, because anonymous visitors of the course
// page watch it. The library file stays private; the public copy belongs to the course alone, so
// deleting the library file later cannot break the course page.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentPathOf, contentStorageKey } from '../media/content-store';
import type { MediaStorage } from '../storage';

const FOLDER = 'promo';
const PREFIX = `/media/${FOLDER}/`;
const FOLDER_KEY = `media/${FOLDER}`;
const STORED = /^\/media\/promo\/[0-9a-f-]{36}\.mp4$/;

export interface PromoVideoStore {
  /** Publishes the library file a storage key names; answers its public URL. */
  publish(storageKey: string): Promise<string>;
  /** Removes a published video (anything else, such as the demo's /media/demo files, is left alone). */
  remove(url: string | null | undefined): Promise<void>;
}

export function createPromoVideoStore(storage: MediaStorage): PromoVideoStore {
  return {
    async publish(storageKey) {
      const path = contentPathOf(storageKey);
      if (!path) throw new Error(`not a storage key: ${storageKey}`);
      const name = `${randomUUID()}.mp4`;
      const target = `${FOLDER_KEY}/${name}`;
      const local = storage.localFile(contentStorageKey(path));
      if (local) await storage.writeFile(target, local, 'video/mp4');
      else {
        const work = await mkdtemp(join(tmpdir(), 'rivet-promo-'));
        try {
          if (!(await storage.download(contentStorageKey(path), join(work, name)))) throw Object.assign(new Error(`no such object: ${path}`), { code: 'ENOENT' });
          await storage.writeFile(target, join(work, name), 'video/mp4');
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      }
      return `${PREFIX}${name}`;
    },

    async remove(url) {
      if (!url || !STORED.test(url)) return;
      await storage.delete(`${FOLDER_KEY}/${url.slice(PREFIX.length)}`);
    },
  };
}
