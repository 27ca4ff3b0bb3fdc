// Signs addresses of course content for one learner (see secure-media.ts for the scheme). Pure
// apart from one look, per video, for its HLS ladder in the media store (remembered). On the local
// folder that look is a synchronous read; on object storage it is a request, so callers `prepare`
// the assets they are about to sign (the looks run together) and signing itself stays synchronous.
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { contentPathOf, createContentStore, type ContentStore } from './content-store';
import { MASTER_PLAYLIST, ladderDirFor, parseMasterPlaylist, type LadderEntry } from './hls-ladder';
import { createPackageCache, type PackageCache } from './lesson-package';
import { signMediaToken, verifyMediaToken, type MediaClaims, type MediaTokenKind } from './media-token';

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
  /** Addresses for a staff member's preview of the asset's course (decision 035), valid until `previewExpiresAt(now)`. */
  forPreview(asset: SignableAsset, staffUserId: string, now: Date): { url: string | null; hlsUrl: string | null };
  previewExpiresAt(now: Date): Date;
  /** Looks up, together, whatever signing these assets needs from the media store (their HLS ladders). */
  prepare(assets: readonly SignableAsset[], now: Date): Promise<void>;
}

export const ASSET = { audio: 0, image: 1, video: 2, article: 3, quiz: 4, compressedVideo: 5 } as const;

export const MEDIA_PREFIX = '/media/c';
export const TOKEN_LIFE_MS = 12 * 3600_000;
const ROUND_TO_MS = 3600_000;
/** A preview is looked at for minutes, not studied offline for a day: its addresses live about an hour. */
export const PREVIEW_TOKEN_LIFE_MS = 3600_000;
const PREVIEW_ROUND_TO_MS = 300_000;
/** A missing ladder is looked for again after this long (a fresh upload may be transcoding). */
const LADDER_RECHECK_MS = 60_000;

/** One rung of a video's ladder (its `uri` is relative to the master playlist), for the offline download's choice of quality. */
export type Rendition = LadderEntry;

export interface SecureMediaSigner extends MediaSigner {
  /** The claims of a token issued for this asset, or null if forged; expiry is the caller's to check. */
  verify(token: string, assetId: number): (MediaClaims & { kind: MediaTokenKind }) | null;
  /** The HLS rungs of a video asset, lowest first, or null when it has no ladder. */
  renditions(asset: SignableAsset, now: Date): Promise<Rendition[] | null>;
  /** `/media/c/{token}/{assetId}`: every file of the asset is this plus `/` and its path. */
  prefix(assetId: number, userId: string, now: Date, kind?: MediaTokenKind): string;
  /** Where storage keys resolve. The app makes the signer before it registers the routes that know DATA_DIR. */
  store: ContentStore;
  /** Unpacks lesson packages into the store's cache, one unpacking per package however many ask (null without a data directory). */
  packages(): PackageCache | null;
}

export function createMediaSigner(secret: string, store: ContentStore = createContentStore(null)): SecureMediaSigner {
  const ladders = new Map<string, { entries: LadderEntry[] | null; checkedAt: number }>();
  let packageCache: { dir: string; cache: PackageCache } | null = null;

  const known = (path: string, now: number) => {
    const entry = ladders.get(path);
    return entry && (entry.entries || now - entry.checkedAt < LADDER_RECHECK_MS) ? entry : null;
  };
  const remember = (path: string, now: number, playlist: string | null) => {
    const entries = playlist === null ? null : parseMasterPlaylist(playlist);
    const found = entries?.length ? entries : null;
    ladders.set(path, { entries: found, checkedAt: now });
    return found;
  };

  /** The ladder as far as it can be known without waiting: read now on the local folder, else what `prepare` found. */
  function ladderOf(path: string, now: number): LadderEntry[] | null {
    const cached = known(path, now);
    if (cached) return cached.entries;
    const master = signer.store.locate(`${ladderDirFor(path)}/${MASTER_PLAYLIST}`);
    const file = master?.storage.localFile(master.key);
    if (!file) return null;
    return remember(path, now, existsSync(file) ? readFileSync(file, 'utf8') : null);
  }

  async function lookUpLadder(path: string, now: number): Promise<LadderEntry[] | null> {
    const cached = known(path, now);
    if (cached) return cached.entries;
    const master = signer.store.locate(`${ladderDirFor(path)}/${MASTER_PLAYLIST}`);
    if (!master) return null;
    const bytes = await master.storage.readBuffer(master.key);
    return remember(path, now, bytes && bytes.toString('utf8'));
  }

  function addresses(asset: SignableAsset, userId: string, now: Date, kind: MediaTokenKind) {
    if (!asset.url || asset.assetType === ASSET.article || asset.assetType === ASSET.quiz) return { url: null, hlsUrl: null };
    const path = contentPathOf(asset.url);
    if (!path) return { url: /^https:\/\//.test(asset.url) ? asset.url : null, hlsUrl: null };
    const prefix = signer.prefix(asset.assetId, userId, now, kind);
    if (asset.assetType === ASSET.compressedVideo) return { url: `${prefix}/index.html`, hlsUrl: null };
    const url = `${prefix}/${encodeURIComponent(posix.basename(path))}`;
    const hasLadder = asset.assetType === ASSET.video && ladderOf(path, now.getTime()) !== null;
    return { url, hlsUrl: hasLadder ? `${prefix}/hls/${MASTER_PLAYLIST}` : null };
  }

  const signer: SecureMediaSigner = {
    store,
    expiresAt: (now) => new Date(Math.ceil((now.getTime() + TOKEN_LIFE_MS) / ROUND_TO_MS) * ROUND_TO_MS),
    previewExpiresAt: (now) => new Date(Math.ceil((now.getTime() + PREVIEW_TOKEN_LIFE_MS) / PREVIEW_ROUND_TO_MS) * PREVIEW_ROUND_TO_MS),

    forAsset: (asset, userId, now) => addresses(asset, userId, now, 'learner'),
    forPreview: (asset, staffUserId, now) => addresses(asset, staffUserId, now, 'preview'),

    prefix(assetId, userId, now, kind = 'learner') {
      const until = kind === 'preview' ? signer.previewExpiresAt(now) : signer.expiresAt(now);
      const expires = Math.floor(until.getTime() / 1000);
      return `${MEDIA_PREFIX}/${signMediaToken(secret, assetId, { userId, expires, kind })}/${assetId}`;
    },

    verify: (token, assetId) => verifyMediaToken(secret, token, assetId),

    packages() {
      const dir = signer.store.packageCacheDir;
      if (!dir) return null;
      if (packageCache?.dir !== dir) packageCache = { dir, cache: createPackageCache(dir, signer.store.packageLimits) };
      return packageCache.cache;
    },

    async renditions(asset, now) {
      const path = asset.assetType === ASSET.video && asset.url ? contentPathOf(asset.url) : null;
      return path ? lookUpLadder(path, now.getTime()) : null;
    },

    async prepare(assets, now) {
      const paths = new Set(assets.flatMap((a) => (a.assetType === ASSET.video && a.url ? [contentPathOf(a.url)] : [])).filter((p) => p !== null));
      await Promise.all([...paths].map((path) => lookUpLadder(path, now.getTime())));
    },
  };
  return signer;
}
