// Lesson media as the service worker answers it: from the downloads cache when the learner
// downloaded it, from the network otherwise. Apart from sw.ts so it can be tested without a worker.
import { createPartialResponse } from 'workbox-range-requests';
import { canonicalMediaKey } from '../learner-pwa/src/offline/db';

const LESSON_MEDIA_PREFIX = '/media/c/';

export function isLessonMedia(request: Request, origin: string): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.pathname.startsWith(LESSON_MEDIA_PREFIX);
}

// A file stored without a usable type would not play (a <video> refuses application/octet-stream
// in some browsers, an HLS playlist must be recognised as one), so the extension decides.
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  ts: 'video/mp2t',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  vtt: 'text/vtt; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  woff2: 'font/woff2',
  pdf: 'application/pdf',
};

export function mediaContentType(path: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) ?? null;
}

function withContentType(response: Response, key: string): Response {
  const stored = response.headers.get('content-type');
  if (stored && !/^(application|binary)\/octet-stream/i.test(stored)) return response;
  const type = mediaContentType(key);
  if (!type) return response;
  const headers = new Headers(response.headers);
  headers.set('content-type', type);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export type CacheLookup = (key: string) => Promise<Response | undefined>;

/**
 * A downloaded file answers from the cache, as a byte range when one is asked for (a video seeks
 * with Range requests); anything else is fetched exactly as requested and not kept.
 */
export async function answerLessonMedia(request: Request, lookup: CacheLookup, network: (request: Request) => Promise<Response>): Promise<Response> {
  const key = canonicalMediaKey(request.url);
  let cached: Response | undefined;
  try {
    cached = key ? await lookup(key) : undefined;
  } catch {
    // Cache Storage unavailable (private mode, storage cleared under us): the network still works.
    cached = undefined;
  }
  if (!cached || !key) return network(request);
  const response = withContentType(cached, key);
  return request.headers.has('range') ? createPartialResponse(request, response) : response;
}
