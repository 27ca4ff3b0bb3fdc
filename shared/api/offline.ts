// What a learner's phone needs to download an enrolled course for offline study (designed here;
// the spec has no offline call). Structure, articles and quizzes already come with the player's
// content (Course/Enrolled/Details); this lists the media files behind them, per quality, with
// their sizes, so the learner can choose before spending data.
import * as v from 'valibot';
import { SIGNED_IN, defineEndpoint } from './contract';
import { pathId, pathUserId } from './fields';

export const DOWNLOAD_QUALITIES = ['data-saver', 'standard'] as const;

export const offlineFileSchema = v.object({
  assetId: v.number(),
  /** The file's path after the asset id, e.g. `hls/144p/000.m4s`, `lesson.mp4`, `index.html`. */
  path: v.string(),
  /** Signed address to fetch it from (`/media/c/{token}/{assetId}/{path}`), valid until mediaExpiresAt. */
  url: v.string(),
  bytes: v.number(),
});
export type OfflineFile = v.InferOutput<typeof offlineFileSchema>;

export const offlineQualitySchema = v.object({
  quality: v.picklist(DOWNLOAD_QUALITIES),
  /** e.g. 'Data saver (144p)'. */
  label: v.string(),
  /** Sum of the files' bytes. */
  bytes: v.number(),
  files: v.array(offlineFileSchema),
  /** For each video asset, the path (after the asset id) to play offline: a rung playlist or the mp4. */
  playback: v.record(v.string(), v.string()),
});
export type OfflineQuality = v.InferOutput<typeof offlineQualitySchema>;

export const offlineManifestSchema = v.object({
  courseId: v.number(),
  mediaExpiresAt: v.string(),
  /**
   * Changes whenever anything of the course a phone keeps changes (structure, titles, texts,
   * quizzes, media): a downloaded copy with the same version is current (decision 048).
   */
  contentVersion: v.optional(v.string()),
  /**
   * Each asset's version (its id as key): the hash of its type and media file. A copy re-fetches
   * the files of an asset whose version changed, and only those; unchanged media is never fetched
   * again.
   */
  assetVersions: v.optional(v.record(v.string(), v.string())),
  /** Lowest first: data saver, then standard. Files common to both (pictures, packages) are in each. */
  qualities: v.array(offlineQualitySchema),
});
export type OfflineManifest = v.InferOutput<typeof offlineManifestSchema>;

export const offlineManifest = defineEndpoint({
  service: 'Course',
  method: 'GET',
  path: 'Course/Offline/Manifest/{userId}/{courseId}',
  summary: 'The media files of an enrolled course to download for offline study, per quality, with sizes',
  description:
    'Designed here. Only for the learner enrolled in the course (403 otherwise). Data saver uses the lowest HLS rung of each video, standard the next one up (the mp4 when a video has no ladder); pictures and lesson packages are in both.',
  access: SIGNED_IN,
  params: v.object({ userId: pathUserId(), courseId: pathId('courseId') }),
  data: offlineManifestSchema,
  errors: [401, 403, 404],
});
