// Course content (lesson videos and their HLS ladders, lesson packages, images) reaches enrolled
// learners only, through signed addresses:
//
//   /media/c/{token}/{assetId}/{file}        e.g. …/412/lesson-introduction.mp4   the stored file
//   /media/c/{token}/{assetId}/hls/…         …/412/hls/master.m3u8, hls/144p/000.m4s  its ladder
//   /media/c/{token}/{assetId}/index.html    a lesson package's page (and its other files)
//
// The token (media-token.ts) names the learner and an expiry about 12 hours ahead, signed with a
// key derived from the server secret; it is rounded up to the hour so the same learner gets the
// same address for an hour and the browser's cache can answer. Every request checks signature,
// expiry and, against the database, that the learner is still enrolled and not deleted (a
// positive answer is remembered for a minute so seeking a video stays cheap). Everything after
// the token is stable: the offline cache can key lesson files by `{assetId}/{file}`.
//
// course_assets.url holds a storage key (`content:demo/videos/x.mp4`, see content-store.ts), whose
// bytes are in the media store (storage/, decision 056). An
// external https address is handed out as it is; anything else gives no address at all.
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { Database } from '../db/client';
import type { Clock } from '../http/clock';
import type { MediaStorage } from '../storage';
import { createContentStore } from './content-store';
import type { PackageLimits } from './lesson-package';
import type { SecureMediaSigner } from './media-signer';
import { createSecureMediaRepository } from './secure-media.repository';
import { registerSecureMediaRoutes } from './secure-media.routes';

export { createMediaSigner, type MediaSigner, type SecureMediaSigner, type SignableAsset, type Rendition } from './media-signer';

export function registerSecureMedia(
  app: Hono<AppEnv>,
  deps: { db: Database; signer: SecureMediaSigner; dataDir: string; storage: MediaStorage; clock: Clock; packageLimits?: PackageLimits },
): void {
  deps.signer.store = createContentStore(deps.dataDir, { storage: deps.storage, ...(deps.packageLimits ? { packageLimits: deps.packageLimits } : {}) });
  registerSecureMediaRoutes(app, { repo: createSecureMediaRepository(deps.db), signer: deps.signer, clock: deps.clock });
}
