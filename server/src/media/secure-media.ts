// Course content media (lesson videos, packages, images) for enrolled learners only: see
// createMediaSigner and registerSecureMedia. (Being built: issue 4.)
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import type { Database } from '../db/client';
import type { Clock } from '../http/clock';

export interface SignableAsset {
  assetId: number;
  /** 0 audio, 1 image, 2 video, 3 article, 4 quiz, 5 compressed video. */
  assetType: number;
  /** The stored location (course_assets.url). */
  url: string | null;
}

export interface MediaSigner {
  /** Addresses of an asset's media for this learner, valid until `expiresAt(now)`. */
  forAsset(asset: SignableAsset, userId: string, now: Date): { url: string | null; hlsUrl: string | null };
  expiresAt(now: Date): Date;
}

export function createMediaSigner(_secret: string): MediaSigner {
  return {
    forAsset: (asset) => ({ url: asset.url, hlsUrl: null }),
    expiresAt: (now) => new Date(now.getTime() + 6 * 3600_000),
  };
}

export function registerSecureMedia(_app: Hono<AppEnv>, _deps: { db: Database; signer: MediaSigner; dataDir: string; clock: Clock }): void {}
