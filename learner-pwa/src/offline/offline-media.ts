// What the player plays for a downloaded course. Videos: the downloaded rendition under the asset's
// signed prefix (`/media/c/{token}/{assetId}/hls/144p/index.m3u8`), which the service worker answers
// from Cache Storage whatever the token, with byte ranges for seeking. The content read offline
// carries old tokens; that does not matter, since the cache key leaves the token out.
import type { PlayerAsset } from '@rivet/shared/api/learning';
import type { CourseDownload } from './db';

/** `/media/c/{token}/{assetId}/` of a signed lesson address (absolute or not), or null. */
export function signedPrefix(url: string | null): string | null {
  if (!url) return null;
  const match = /^(.*?\/media\/c\/[^/]+\/\d+\/)/.exec(url);
  return match ? match[1]! : null;
}

/** Every file of the asset that the download lists is in the cache. */
export function assetDownloaded(download: CourseDownload | null | undefined, assetId: number): boolean {
  if (!download) return false;
  const prefix = `/offline-media/${assetId}/`;
  const files = download.files.filter((f) => f.key.startsWith(prefix));
  return files.length > 0 && files.every((f) => f.done);
}

export interface MediaSource {
  url: string | null;
  hlsUrl: string | null;
}

/**
 * The downloaded rendition of a video, or null (not downloaded, or not all of it yet: a paused
 * download plays what it has from the network instead of stalling on a missing segment).
 */
export function offlineVideoSource(asset: PlayerAsset, download: CourseDownload | null | undefined): MediaSource | null {
  const assetId = asset.courseModuleItemAssetId;
  const path = download?.playback[assetId];
  if (!path || !assetDownloaded(download, assetId)) return null;
  const prefix = signedPrefix(asset.hlsUrl) ?? signedPrefix(asset.url);
  if (!prefix) return null;
  const address = `${prefix}${path}`;
  // A rung's media playlist plays like the master one (natively or through hls.js), with one
  // rendition only: the player cannot wander off to a rung that is not on the phone.
  return /\.m3u8$/i.test(path) ? { url: asset.url, hlsUrl: address } : { url: address, hlsUrl: null };
}
