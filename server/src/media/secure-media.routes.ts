// GET /media/c/{token}/{assetId}/{file…}: a signed lesson file, for the learner the token names,
// while they are enrolled, or for the staff member a preview token names, while they may preview
// the course (decision 035). Refusals are plain text without file bytes. These responses carry their
// own security headers (the app's global ones skip /media/c/): lesson packages may be framed by
// the learner app (same origin, sandboxed), nothing else may be framed, and no response leaks the
// token through a Referer.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { requestLog, type AppEnv } from '../http/context';
import type { Clock } from '../http/clock';
import { TtlCache } from '../http/ttl-cache';
import { contentPathOf, isSafeSegment, type StoredContent } from './content-store';
import { objectResponse, type ServableObject } from './file-response';
import { ladderDirFor } from './hls-ladder';
import { PackageError } from './lesson-package';
import { ASSET, MEDIA_PREFIX, PREVIEW_TOKEN_LIFE_MS, TOKEN_LIFE_MS, type SecureMediaSigner } from './media-signer';
import type { SecureMediaRepository } from './secure-media.repository';

/** How long a learner's right to an asset is trusted without asking the database again. */
export const ACCESS_CACHE_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Videos, playlists, images: used by the app's own pages, never framed, never scripted (an SVG opened on its own included). */
const MEDIA_HEADERS = {
  ...COMMON_HEADERS,
  'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * A lesson package's files. The learner app frames index.html with sandbox="allow-scripts"; the
 * CSP sandbox does the same if it is opened on its own, so its scripts never run with the app's
 * origin. The sandboxed page has an opaque origin, so its own video is a cross-origin load as far
 * as CORP is concerned: the token in the address is what protects it.
 */
const PACKAGE_HEADERS = {
  ...COMMON_HEADERS,
  'content-security-policy': "sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-resource-policy': 'cross-origin',
};

const refusal = (status: 403 | 404 | 405, text: string) =>
  new Response(text, {
    status,
    headers: {
      ...MEDIA_HEADERS,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...(status === 405 ? { allow: 'GET, HEAD' } : {}),
    },
  });

const NOT_FOUND = () => refusal(404, 'Not found');
const NOT_ALLOWED = () => refusal(403, 'This link is not valid for you. Open the lesson again.');
const EXPIRED = () => refusal(403, 'This link has expired. Open the lesson again.');

/** `/media/c/{token}/{assetId}/{tail…}` split and decoded; null when malformed or unsafe. */
function parse(pathname: string): { token: string; assetId: number; tail: string[] } | null {
  const parts = pathname.slice(MEDIA_PREFIX.length + 1).split('/');
  if (parts.length < 3 || !/^[1-9]\d{0,9}$/.test(parts[1]!)) return null;
  const assetId = Number(parts[1]);
  if (!Number.isSafeInteger(assetId) || assetId > 2_147_483_647) return null;
  try {
    const tail = parts.slice(2).map((p) => decodeURIComponent(p));
    return tail.every(isSafeSegment) ? { token: parts[0]!, assetId, tail } : null;
  } catch {
    return null;
  }
}

export function registerSecureMediaRoutes(app: Hono<AppEnv>, deps: { repo: SecureMediaRepository; signer: SecureMediaSigner; clock: Clock }): void {
  const { signer, clock, repo } = deps;
  const access = new TtlCache<{ assetType: number; url: string | null }>(ACCESS_CACHE_MS, 20_000, () => clock.now().getTime());

  /**
   * The object a request's tail names inside an asset, or null. Lesson files come from the media
   * store (local folder or object storage, streamed through: decision 056); a package's files
   * from its unpacked copy on this machine.
   */
  async function objectFor(assetId: number, asset: { assetType: number; url: string | null }, tail: string[], log: Logger): Promise<{ object: ServableObject; packaged: boolean } | null> {
    const path = asset.url ? contentPathOf(asset.url) : null;
    const stored = path && signer.store.locate(path);
    if (!path || !stored) return null;
    if (asset.assetType === ASSET.compressedVideo) {
      const packages = signer.packages();
      if (!packages) return null;
      let file: string;
      try {
        file = join(await packages.folderOf(path, stored), ...tail);
      } catch (error) {
        if (error instanceof PackageError) {
          log.warn({ assetId, reason: error.message }, 'lesson package refused');
          return null;
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { object: { name: file, size: info.size, modified: info.mtime, open: async (span) => createReadStream(file, span) }, packaged: true };
    }
    let target: StoredContent | null = null;
    if (tail.length === 1 && tail[0] === posix.basename(path)) target = stored;
    else if (asset.assetType === ASSET.video && tail[0] === 'hls' && tail.length > 1) target = signer.store.locate(`${ladderDirFor(path)}/${tail.slice(1).join('/')}`);
    if (!target) return null;
    const { storage, key } = target;
    const info = await storage.head(key);
    if (!info) return null;
    return { object: { name: key, size: info.size, modified: info.modified, open: (span) => storage.read(key, span) }, packaged: false };
  }

  app.get(`${MEDIA_PREFIX}/*`, async (c) => {
    const request = parse(new URL(c.req.url).pathname);
    if (!request) return NOT_FOUND();
    const claims = signer.verify(request.token, request.assetId);
    if (!claims || !UUID.test(claims.userId)) return NOT_ALLOWED();
    const now = clock.now().getTime();
    const secondsLeft = claims.expires - Math.floor(now / 1000);
    if (secondsLeft <= 0) return EXPIRED();

    const key = `${claims.kind}\n${claims.userId}\n${request.assetId}`;
    let asset = access.get(key);
    if (!asset) {
      const row = claims.kind === 'preview' ? await repo.previewAccess(request.assetId, claims.userId) : await repo.access(request.assetId, claims.userId);
      if (!row) return NOT_FOUND();
      if (!row.enrolled) return NOT_ALLOWED();
      asset = { assetType: row.assetType, url: row.url };
      access.set(key, asset);
    }

    const target = await objectFor(request.assetId, asset, request.tail, requestLog(c));
    if (!target) return NOT_FOUND();
    const maxAge = Math.min(secondsLeft, (claims.kind === 'preview' ? PREVIEW_TOKEN_LIFE_MS : TOKEN_LIFE_MS) / 1000);
    return objectResponse(c.req.raw, target.object, {
      ...(target.packaged ? PACKAGE_HEADERS : MEDIA_HEADERS),
      'cache-control': `private, max-age=${maxAge}`,
    });
  });
  app.all(`${MEDIA_PREFIX}/*`, () => refusal(405, 'Method not allowed'));
}
