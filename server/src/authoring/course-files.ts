// Deleting a course's own files once nothing names them (decision 059). A course owns its
// thumbnail and banner (media/courses, made by course-images.ts) and the public copy of its
// promotional video (media/promo, promo-video.ts); lesson media belong to the partner's content
// library and are never deleted here. A file is deleted only after the change that dropped it has
// committed, and only when no course (a revision included) and no lesson asset names it any more:
// a revision starts with its published course's files, so the two often share them.
import type { Logger } from 'pino';
import type { CourseImageStores } from './course-images';
import type { PromoVideoStore } from './promo-video';

export interface CourseFileSweeper {
  /**
   * Deletes those of `urls` nothing references (`released`; an address the platform did not store,
   * such as demo media, is released without a file to delete) and keeps the rest; never throws: a
   * failure is logged and the file stays.
   */
  sweep(urls: readonly (string | null | undefined)[], why: string): Promise<{ released: string[]; kept: string[] }>;
}

export function createCourseFileSweeper(deps: {
  images: CourseImageStores;
  promo: PromoVideoStore;
  /** Which of these addresses a course or asset still names (db/course-revisions.ts referencedCourseFiles). */
  inUse: (urls: readonly string[]) => Promise<Set<string>>;
  log: Logger;
}): CourseFileSweeper {
  return {
    async sweep(urls, why) {
      const candidates = [...new Set(urls.filter((u): u is string => !!u))];
      const released: string[] = [];
      const kept: string[] = [];
      if (!candidates.length) return { released, kept };
      let inUse: Set<string>;
      try {
        inUse = await deps.inUse(candidates);
      } catch (error) {
        deps.log.warn({ err: error, urls: candidates, why }, 'course files not deleted: could not check what uses them');
        return { released, kept: candidates };
      }
      for (const url of candidates) {
        if (inUse.has(url)) {
          kept.push(url);
          continue;
        }
        try {
          // Each store ignores addresses it did not make (demo media, external links); the
          // thumbnail and banner stores share one folder, so one of them covers both.
          await deps.images.thumbnail.remove(url);
          await deps.promo.remove(url);
          released.push(url);
        } catch (error) {
          kept.push(url);
          deps.log.warn({ err: error, url, why }, 'course file not deleted');
        }
      }
      if (released.length) deps.log.info({ released, why }, 'deleted course files nothing uses any more');
      return { released, kept };
    },
  };
}
