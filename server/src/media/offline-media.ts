// What a phone downloads to study a course offline (shared/api/offline.ts): for each asset with
// media, the files under its signed prefix (media-signer.ts) with their real sizes in the media
// store (local folder or object storage), in each quality, and what the player plays.
//
//   video with a ladder   data saver: the lowest rung (hls/144p/index.m3u8, init.mp4, every segment
//                         the rung's playlist lists); standard: the next rung up, or the lowest again
//   video without one     its mp4, in both
//   image, audio          the file, in both
//   lesson package        every file of the unpacked package (unpacked now if it was not yet), in both
//
// Left out: articles and quizzes (their text comes with the player's content) and external https
// addresses, which another server answers, with its own caching, expiry and no range guarantee.
// Paths are the tail of the signed address exactly as the media route reads it (each segment
// URL-encoded), so `url` is always `prefix/path`.
import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { DOWNLOAD_QUALITIES, type OfflineFile, type OfflineQuality } from '@rivet/shared/api/offline';
import { contentPathOf, isSafeRelativePath, type StoredContent } from './content-store';
import { ladderDirFor } from './hls-ladder';
import { PackageError } from './lesson-package';
import { ASSET, type SecureMediaSigner, type SignableAsset } from './media-signer';

type Quality = (typeof DOWNLOAD_QUALITIES)[number];

/** One asset's part of one quality. `rung`: the HLS rung chosen (for the label), if any. */
interface AssetPart {
  files: OfflineFile[];
  playback: string | null;
  rung: string | null;
}

const LABELS: Record<Quality, string> = { 'data-saver': 'Data saver', standard: 'Standard' };

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The files a rung playlist needs besides itself: its init segment (EXT-X-MAP) and media segments, relative to it. */
export function rungFiles(playlist: string): string[] {
  const files: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) files.push(map[1]!);
    else if (line && !line.startsWith('#')) files.push(line);
  }
  // Only files inside the rung's own folder: a playlist is data, not a licence to reach elsewhere.
  return [...new Set(files)].filter(isSafeRelativePath);
}

async function listFolder(dir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(dir, under), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFolder(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

export function createOfflineMedia(signer: SecureMediaSigner) {
  /** The asset's files in each quality; null when it has nothing to download. */
  async function partsOf(asset: SignableAsset, userId: string, now: Date): Promise<Record<Quality, AssetPart> | null> {
    if (!asset.url || asset.assetType === ASSET.article || asset.assetType === ASSET.quiz) return null;
    const path = contentPathOf(asset.url);
    const stored = path && signer.store.locate(path);
    if (!path || !stored) return null;
    const prefix = signer.prefix(asset.assetId, userId, now);
    const offered = (tail: string, bytes: number): OfflineFile => {
      const encoded = encodePath(tail);
      return { assetId: asset.assetId, path: encoded, url: `${prefix}/${encoded}`, bytes };
    };
    /** `tail` (the address after the prefix, decoded) as a file to download, sized from `file` on disk; null when it is not there. */
    const fileOf = async (tail: string, file: string): Promise<OfflineFile | null> => {
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? offered(tail, info.size) : null;
    };
    /** The same for an object in the media store. */
    const objectOf = async (tail: string, object: StoredContent | null): Promise<OfflineFile | null> => {
      const info = object && (await object.storage.head(object.key));
      return info ? offered(tail, info.size) : null;
    };
    const same = (part: AssetPart) => ({ 'data-saver': part, standard: part });

    if (asset.assetType === ASSET.compressedVideo) {
      const packages = signer.packages();
      if (!packages) return null;
      let folder: string;
      try {
        folder = await packages.folderOf(path, stored);
      } catch (error) {
        // A refused or missing package is not offered for download; the lesson says so online too.
        if (error instanceof PackageError || (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const names = await listFolder(folder);
      const files = await Promise.all(names.map((name) => fileOf(name, join(folder, name))));
      return same({ files: files.filter((f) => f !== null), playback: null, rung: null });
    }

    const original = await objectOf(posix.basename(path), stored);
    const whole: AssetPart = { files: original ? [original] : [], playback: original && asset.assetType === ASSET.video ? original.path : null, rung: null };
    const rungs = await signer.renditions(asset, now);
    if (asset.assetType !== ASSET.video || !rungs?.length) return whole.files.length ? same(whole) : null;
    const inLadder = (relative: string) => (isSafeRelativePath(relative) ? signer.store.locate(`${ladderDirFor(path)}/${relative}`) : null);
    // One listing gives every segment's size (an hour of video is thousands of segments: no request each).
    const ladder = signer.store.locate(ladderDirFor(path));
    const sizes = new Map((ladder ? await ladder.storage.list(ladder.key) : []).map((o) => [o.key, o.size]));
    const sized = (tail: string, relative: string): OfflineFile | null => {
      const bytes = sizes.get(relative);
      return bytes === undefined ? null : offered(tail, bytes);
    };

    const rungPart = async (uri: string, name: string): Promise<AssetPart | null> => {
      const playlistObject = inLadder(uri);
      const bytes = playlistObject && (await playlistObject.storage.readBuffer(playlistObject.key));
      if (!bytes) return null;
      const playlist = bytes.toString('utf8');
      const folder = posix.dirname(uri);
      const files: (OfflineFile | null)[] = [offered(`hls/${uri}`, bytes.length)];
      for (const file of rungFiles(playlist)) files.push(sized(`hls/${folder}/${file}`, posix.normalize(`${folder}/${file}`)));
      // A rung with a file missing would not play offline: fall back rather than offer it.
      if (files.some((f) => f === null)) return null;
      return { files: files as OfflineFile[], playback: encodePath(`hls/${uri}`), rung: name };
    };
    const low = await rungPart(rungs[0]!.uri, rungs[0]!.name);
    const next = rungs[1] ? await rungPart(rungs[1].uri, rungs[1].name) : null;
    if (!low) return whole.files.length ? same(whole) : null;
    return { 'data-saver': low, standard: next ?? low };
  }

  return {
    /** The download qualities of these assets (in course order), lowest first. */
    async qualities(assets: readonly SignableAsset[], userId: string, now: Date): Promise<OfflineQuality[]> {
      const parts: { assetId: number; part: Record<Quality, AssetPart> }[] = [];
      for (const asset of assets) {
        const part = await partsOf(asset, userId, now);
        if (part) parts.push({ assetId: asset.assetId, part });
      }
      return DOWNLOAD_QUALITIES.map((quality) => {
        const chosen = parts.map(({ assetId, part }) => ({ assetId, ...part[quality] }));
        const files = chosen.flatMap((p) => p.files);
        const playback = Object.fromEntries(chosen.flatMap((p) => (p.playback ? [[String(p.assetId), p.playback]] : [])));
        const rungs = [...new Set(chosen.flatMap((p) => (p.rung ? [p.rung] : [])))];
        return {
          quality,
          label: rungs.length ? `${LABELS[quality]} (${rungs.join(', ')})` : LABELS[quality],
          bytes: files.reduce((sum, f) => sum + f.bytes, 0),
          files,
          playback,
        };
      });
    },
  };
}

export type OfflineMedia = ReturnType<typeof createOfflineMedia>;
